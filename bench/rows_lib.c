/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The lib:NAME rows: libsodium (Ed25519) and libdecaf (Ed448) called
 * directly, when this build has them.  keygen derives the public key from a
 * given seed; the libraries keep no per-key state, so verify-newkey is the
 * plain verify with the given public key.
 */
#include "impl.h"

#include <stdio.h>
#include <string.h>

#ifdef EDFAST_HAVE_SODIUM
#include <sodium.h>

static int sodium_keygen(struct impl *im, uint64_t iteration)
{
    uint8_t seed[crypto_sign_SEEDBYTES], pub[crypto_sign_PUBLICKEYBYTES];
    uint8_t sk[crypto_sign_SECRETKEYBYTES];
    int ok;

    memcpy(seed, im->seed, sizeof(seed));
    memcpy(seed, &iteration, sizeof(iteration)); /* a different key each time */
    ok = crypto_sign_seed_keypair(pub, sk, seed) == 0;
    sodium_memzero(sk, sizeof(sk));
    return ok;
}

static int sodium_sign(struct impl *im, const struct job *job, uint8_t *sig)
{
    return crypto_sign_detached(sig, NULL, job->msg, job->len, im->seed_pub) == 0;
}

static int sodium_verify_with(const struct job *job, const uint8_t *sig, const uint8_t *pub)
{
    return crypto_sign_verify_detached(sig, job->msg, job->len, pub) == 0;
}

static int sodium_verify(struct impl *im, const struct job *job, const uint8_t *sig)
{
    return sodium_verify_with(job, sig, im->pub);
}

static int sodium_verify_newkey(struct impl *im, const struct job *job, const uint8_t *pub)
{
    (void)im;
    return sodium_verify_with(job, job->sig, pub);
}

static const struct impl_ops sodium_ops = {
    sodium_keygen, sodium_sign, sodium_verify, sodium_verify_newkey, NULL,
};

static int sodium_impl_init(struct impl *im, const uint8_t *seed, char *why, size_t why_len)
{
    impl_start(im, EDFAST_ED25519, KIND_LIB, "lib:libsodium");
    memcpy(im->seed, seed, crypto_sign_SEEDBYTES);
    if (sodium_init() < 0) {
        snprintf(why, why_len, "sodium_init failed");
        return -1;
    }
    if (crypto_sign_seed_keypair(im->pub, im->seed_pub, im->seed) != 0) {
        snprintf(why, why_len, "crypto_sign_seed_keypair failed");
        return -1;
    }
    im->ops = &sodium_ops;
    return 1;
}
#endif

#ifdef EDFAST_HAVE_DECAF
/* The separate-key calls are the ones matching the other rows' work. */
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf/ed448.h>

static int decaf_keygen(struct impl *im, uint64_t iteration)
{
    uint8_t seed[DECAF_EDDSA_448_PRIVATE_BYTES], pub[DECAF_EDDSA_448_PUBLIC_BYTES];

    memcpy(seed, im->seed, sizeof(seed));
    memcpy(seed, &iteration, sizeof(iteration)); /* a different key each time */
    decaf_ed448_derive_public_key(pub, seed);
    return 1;
}

static int decaf_sign(struct impl *im, const struct job *job, uint8_t *sig)
{
    decaf_ed448_sign(sig, im->seed, im->pub, job->msg, job->len, 0, NULL, 0);
    return 1;
}

static int decaf_verify_with(const struct job *job, const uint8_t *sig, const uint8_t *pub)
{
    return decaf_ed448_verify(sig, pub, job->msg, job->len, 0, NULL, 0) == DECAF_SUCCESS;
}

static int decaf_verify(struct impl *im, const struct job *job, const uint8_t *sig)
{
    return decaf_verify_with(job, sig, im->pub);
}

static int decaf_verify_newkey(struct impl *im, const struct job *job, const uint8_t *pub)
{
    (void)im;
    return decaf_verify_with(job, job->sig, pub);
}

static const struct impl_ops decaf_ops = {
    decaf_keygen, decaf_sign, decaf_verify, decaf_verify_newkey, NULL,
};

static int decaf_impl_init(struct impl *im, const uint8_t *seed)
{
    impl_start(im, EDFAST_ED448, KIND_LIB, "lib:libdecaf");
    memcpy(im->seed, seed, DECAF_EDDSA_448_PRIVATE_BYTES);
    decaf_ed448_derive_public_key(im->pub, im->seed);
    im->ops = &decaf_ops;
    return 1;
}
#endif

int lib_impl_init(struct impl *im, enum edfast_curve curve, const uint8_t *seed, char *why,
                  size_t why_len)
{
#ifdef EDFAST_HAVE_SODIUM
    if (curve == EDFAST_ED25519)
        return sodium_impl_init(im, seed, why, why_len);
#endif
#ifdef EDFAST_HAVE_DECAF
    if (curve == EDFAST_ED448)
        return decaf_impl_init(im, seed);
#endif
    (void)im, (void)curve, (void)seed, (void)why, (void)why_len; /* none in this build */
    return 0;
}
