/*
 * libdecaf's Ed448 (Ed448 only: libdecaf 1.0.2's "Ed25519" does not produce
 * RFC 8032 signatures).  Its Ed448 signing and verification share their
 * origin with OpenSSL's curve448 code and give the same answers, except that
 * libdecaf aborts the process when asked to sign with a public key that is not
 * the seed's own: such keys are signed for by the reference instead.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
/* The separate-key API lets a public key that is not the seed's be hashed as
 * given, exactly as OpenSSL does; the keypair API would re-derive it. */
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf/ed448.h>
#include "../backend_list.h"
#include "../declassify.h"

struct decaf_key {
    uint8_t seed[DECAF_EDDSA_448_PRIVATE_BYTES];
    uint8_t pub[DECAF_EDDSA_448_PUBLIC_BYTES];
    int has_secret;
    /* The reference's state for a seed given with a foreign public key, else NULL. */
    void *foreign_pair;
};

static unsigned decaf_framings(enum edfast_curve curve)
{
    return curve == EDFAST_ED448
        ? EDFAST_FRAMING_BIT(EDFAST_PURE) | EDFAST_FRAMING_BIT(EDFAST_CONTEXT)
          | EDFAST_FRAMING_BIT(EDFAST_PREHASH)
        : 0;
}

static int decaf_derive_public(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub)
{
    if (curve != EDFAST_ED448)
        return 0;
    decaf_ed448_derive_public_key(pub, seed);
    return 1;
}

static void decaf_key_free(void *state)
{
    struct decaf_key *key = state;

    if (key == NULL)
        return;
    edfast_openssl_backend.key_free(key->foreign_pair);
    OPENSSL_cleanse(key, sizeof(*key));
    free(key);
}

static void *decaf_key_new(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub,
                           int derive_pub)
{
    struct decaf_key *key;

    if (curve != EDFAST_ED448 || (key = calloc(1, sizeof(*key))) == NULL)
        return NULL;
    key->has_secret = seed != NULL;
    if (derive_pub)
        decaf_ed448_derive_public_key(pub, seed);
    memcpy(key->pub, pub, sizeof(key->pub));
    if (seed != NULL && !derive_pub) {
        uint8_t own[DECAF_EDDSA_448_PUBLIC_BYTES];

        decaf_ed448_derive_public_key(own, seed);
        edfast_declassify(own, sizeof(own));
        if (memcmp(own, pub, sizeof(own)) != 0) {
            key->foreign_pair = edfast_openssl_backend.key_new(curve, seed, pub, 0);
            if (key->foreign_pair == NULL) {
                decaf_key_free(key);
                return NULL;
            }
        }
    }
    if (seed != NULL)
        memcpy(key->seed, seed, sizeof(key->seed));
    return key;
}


static int decaf_sign(const void *state, const struct edfast_instance *instance,
                      const uint8_t *msg, size_t msg_len, uint8_t *sig)
{
    const struct decaf_key *key = state;

    if (!key->has_secret || instance->context_len > EDFAST_MAX_CONTEXT_BYTES)
        return 0;
    if (key->foreign_pair != NULL)
        return edfast_openssl_backend.sign(key->foreign_pair, instance, msg, msg_len, sig);
    decaf_ed448_sign(sig, key->seed, key->pub, msg, msg_len,
                     instance->framing == EDFAST_PREHASH,
                     instance->context, (uint8_t)instance->context_len);
    return 1;
}

static int decaf_verify(const void *state, const struct edfast_instance *instance,
                        const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    const struct decaf_key *key = state;

    if (instance->context_len > EDFAST_MAX_CONTEXT_BYTES)
        return 0;
    return decaf_ed448_verify(sig, key->pub, msg, msg_len,
                              instance->framing == EDFAST_PREHASH,
                              instance->context, (uint8_t)instance->context_len)
        == DECAF_SUCCESS;
}

const struct edfast_backend edfast_decaf_backend = {
    .name = "decaf",
    .framings = decaf_framings,
    .derive_public = decaf_derive_public,
    .key_new = decaf_key_new,
    .key_free = decaf_key_free,
    .sign = decaf_sign,
    .verify = decaf_verify,
};
