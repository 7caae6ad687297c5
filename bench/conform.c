/* SPDX-License-Identifier: Apache-2.0 */
#include "conform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>

/* A verdict as a yes or no: an error is a no. */
static int accepts(int verdict)
{
    return verdict == 1;
}

static int first_difference(const uint8_t *a, const uint8_t *b, size_t n)
{
    size_t i;

    for (i = 0; i < n && a[i] == b[i]; i++)
        ;
    return (int)i;
}

static int own_signatures(struct impl *im, struct impl *ref, const struct job *job, char *why,
                          size_t why_len)
{
    size_t siglen = 2 * edfast_key_bytes(im->curve);
    uint8_t sig[EDFAST_MAX_SIG_BYTES];
    int rep;

    for (rep = 0; rep < 2; rep++) {
        memset(sig, 0, sizeof(sig));
        if (!im->ops->sign(im, job, sig)) {
            snprintf(why, why_len, "signing failed");
            return 0;
        }
        if (im->hedged) {
            struct job own = {job->msg, job->len, sig};

            if (!accepts(ref->ops->verify(ref, &own, sig))) {
                snprintf(why, why_len, "the default provider rejects its signature");
                return 0;
            }
            if (!accepts(im->ops->verify(im, &own, sig))) {
                snprintf(why, why_len, "rejects its own signature");
                return 0;
            }
        } else if (memcmp(sig, job->sig, siglen) != 0) {
            int at = first_difference(sig, job->sig, siglen);

            snprintf(why, why_len, "the signature differs from the default provider's at "
                     "byte %d (%02x, not %02x)", at, sig[at], job->sig[at]);
            return 0;
        }
    }
    return 1;
}

/* Whether im and ref both accept, or both refuse, sig as a signature of job->msg. */
static int same_verdict(struct impl *im, struct impl *ref, const struct job *job,
                        const uint8_t *sig, const char *what, char *why, size_t why_len)
{
    int mine = im->ops->verify(im, job, sig), theirs = ref->ops->verify(ref, job, sig);

    if (accepts(mine) != accepts(theirs)) {
        snprintf(why, why_len, "%s: verify returns %d, the default provider %d", what, mine,
                 theirs);
        return 0;
    }
    return 1;
}

/* The same for job->sig under pub, with a key object made for the one call. */
static int same_newkey_verdict(struct impl *im, struct impl *ref, const struct job *job,
                               const uint8_t *pub, const char *what, char *why,
                               size_t why_len)
{
    int mine = im->ops->verify_newkey(im, job, pub);
    int theirs = ref->ops->verify_newkey(ref, job, pub);

    if (accepts(mine) != accepts(theirs)) {
        snprintf(why, why_len, "%s: verify with a new key object returns %d, the default "
                 "provider %d", what, mine, theirs);
        return 0;
    }
    return 1;
}

int conform_check(struct impl *im, struct impl *ref, const struct job *job,
                  const uint8_t *other_pub, char *why, size_t why_len)
{
    size_t keylen = edfast_key_bytes(im->curve), siglen = 2 * keylen, i;
    /* A bit of R, the lowest of S, and the top bit of the last byte (S's
     * top, or the byte Ed448 keeps zero). */
    const size_t flip_byte[] = {0, keylen, siglen - 1};
    const uint8_t flip_bit[] = {0x01, 0x01, 0x80};
    uint8_t bad[EDFAST_MAX_SIG_BYTES];
    int ok = 0;

    if (memcmp(im->pub, ref->pub, keylen) != 0) {
        int at = first_difference(im->pub, ref->pub, keylen);

        snprintf(why, why_len, "its public key differs from the default provider's at byte "
                 "%d (%02x, not %02x)", at, im->pub[at], ref->pub[at]);
        goto done;
    }
    if (!own_signatures(im, ref, job, why, why_len))
        goto done;
    if (!accepts(im->ops->verify(im, job, job->sig))) {
        snprintf(why, why_len, "rejects the default provider's signature");
        goto done;
    }
    for (i = 0; i < sizeof(flip_byte) / sizeof(flip_byte[0]); i++) {
        char what[64];

        memcpy(bad, job->sig, siglen);
        bad[flip_byte[i]] ^= flip_bit[i];
        snprintf(what, sizeof(what), "signature with byte %zu changed", flip_byte[i]);
        if (!same_verdict(im, ref, job, bad, what, why, why_len))
            goto done;
    }
    if (job->len > 0) {
        uint8_t *other_msg = malloc(job->len);
        struct job other = {other_msg, job->len, job->sig};
        int same;

        if (other_msg == NULL) {
            snprintf(why, why_len, "out of memory");
            goto done;
        }
        memcpy(other_msg, job->msg, job->len);
        other_msg[job->len / 2] ^= 0x01;
        same = same_verdict(im, ref, &other, job->sig, "another message", why, why_len);
        free(other_msg);
        if (!same)
            goto done;
    }
    if (!accepts(im->ops->verify_newkey(im, job, im->pub))) {
        snprintf(why, why_len, "verify with a new key object of its own key fails");
        goto done;
    }
    ok = same_newkey_verdict(im, ref, job, other_pub, "another key", why, why_len);
done:
    ERR_clear_error();
    return ok;
}
