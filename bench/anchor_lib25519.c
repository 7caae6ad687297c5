/* SPDX-License-Identifier: Apache-2.0 */
#include "anchor_lib25519.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>

#include "impl.h"

/* lib25519.so.1 needs librandombytes-kernel.so.1: opened first, RTLD_GLOBAL,
 * it is found by its soname, so that no LD_LIBRARY_PATH is needed.  (The
 * anchor's other names, lib25519.so and librandombytes.so.1, are links stored
 * as text files, not libraries.) */
static const char *const prerequisites[] = {"librandombytes-kernel.so.1"};

static void *open_in(const char *dir, const char *name, char *why, size_t why_len)
{
    char path[4096];
    void *handle;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if ((handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL)) == NULL)
        snprintf(why, why_len, "%s", dlerror());
    return handle;
}

static int resolve(void *handle, const char *name, void **out, char *why, size_t why_len)
{
    if ((*out = dlsym(handle, name)) == NULL) {
        snprintf(why, why_len, "lib25519 has no %s", name);
        return 0;
    }
    return 1;
}

int lib25519_anchor_load(struct lib25519_anchor *anchor, const char *dir, char *why,
                         size_t why_len)
{
    void *handle = NULL;
    size_t i;

    for (i = 0; i < sizeof(prerequisites) / sizeof(prerequisites[0]); i++)
        if (open_in(dir, prerequisites[i], why, why_len) == NULL)
            return 0;
    if ((handle = open_in(dir, "lib25519.so.1", why, why_len)) == NULL)
        return 0;
    /* The header's names are macros for these symbols. */
    return resolve(handle, "lib25519_sign_ed25519_keypair", (void **)&anchor->keypair, why,
                   why_len)
        && resolve(handle, "lib25519_sign_ed25519", (void **)&anchor->sign, why, why_len)
        && resolve(handle, "lib25519_sign_ed25519_open", (void **)&anchor->open, why, why_len)
        && resolve(handle, "lib25519_nG_merged25519_implementation",
                   (void **)&anchor->fixed_base_implementation, why, why_len)
        && resolve(handle, "lib25519_mGnP_ed25519_implementation",
                   (void **)&anchor->double_scalar_implementation, why, why_len)
        && resolve(handle, "lib25519_hashblocks_sha512_implementation",
                   (void **)&anchor->sha512_implementation, why, why_len);
}

/* The anchor:lib25519 row. */

static int anchor_keygen(struct impl *im, uint64_t iteration)
{
    const struct lib25519_anchor *anchor = im->library;
    uint8_t pub[32], sk[64];

    (void)iteration; /* no seed-to-key call: it draws the seed itself */
    anchor->keypair(pub, sk);
    OPENSSL_cleanse(sk, sizeof(sk));
    return 1;
}

static int anchor_sign(struct impl *im, const struct job *job, uint8_t *sig)
{
    const struct lib25519_anchor *anchor = im->library;
    long long smlen;

    anchor->sign(im->sm, &smlen, job->msg, (long long)job->len, im->seed_pub);
    memcpy(sig, im->sm, 64);
    return smlen == 64 + (long long)job->len;
}

/* lib25519 verifies a signed message: the signature, then the message. */
static int anchor_verify_with(struct impl *im, const struct job *job, const uint8_t *sig,
                              const uint8_t *pub)
{
    const struct lib25519_anchor *anchor = im->library;
    long long mlen;

    memcpy(im->sm, sig, 64);
    memcpy(im->sm + 64, job->msg, job->len);
    return anchor->open(im->m, &mlen, im->sm, 64 + (long long)job->len, pub) == 0;
}

static int anchor_verify(struct impl *im, const struct job *job, const uint8_t *sig)
{
    return anchor_verify_with(im, job, sig, im->pub);
}

static int anchor_verify_newkey(struct impl *im, const struct job *job, const uint8_t *pub)
{
    return anchor_verify_with(im, job, job->sig, pub);
}

static void anchor_free(struct impl *im)
{
    free(im->sm);
    free(im->m);
}

static const struct impl_ops anchor_ops = {
    anchor_keygen, anchor_sign, anchor_verify, anchor_verify_newkey, anchor_free,
};

int anchor_impl_init(struct impl *im, const struct lib25519_anchor *anchor,
                     const uint8_t *seed, const uint8_t *pub, size_t max_msg, char *why,
                     size_t why_len)
{
    impl_start(im, EDFAST_ED25519, KIND_ANCHOR, "anchor:lib25519");
    im->ops = &anchor_ops;
    im->library = anchor;
    im->hedged = 1;
    memcpy(im->seed, seed, 32);
    memcpy(im->pub, pub, 32);
    memcpy(im->seed_pub, seed, 32);
    memcpy(im->seed_pub + 32, pub, 32);
    if ((im->sm = malloc(64 + max_msg)) == NULL || (im->m = malloc(64 + max_msg)) == NULL) {
        snprintf(why, why_len, "out of memory");
        return 0;
    }
    return 1;
}
