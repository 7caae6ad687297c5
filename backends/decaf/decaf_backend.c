/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libdecaf's Ed448 (Ed448 only: libdecaf 1.0.2's "Ed25519" does not produce
 * RFC 8032 signatures).  Its Ed448 signing and verification share their
 * origin with OpenSSL's curve448 code and give the same answers, except that
 * libdecaf aborts the process when asked to sign with a public key that is not
 * the seed's own: such keys are signed for by the reference instead.
 */
#include <string.h>
#include <openssl/crypto.h>
/* The separate-key API lets a public key that is not the seed's be hashed as
 * given, exactly as OpenSSL does; the keypair API would re-derive it. */
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf/ed448.h>
#include <openssl/err.h>
#include "../backend_list.h"
#include "../declassify.h"
#include "../key_memory.h"
#include "../library.h"

/* libdecaf's functions, bound when the backend first readies Ed448 (library.h). */
static struct {
    __typeof__(decaf_ed448_derive_public_key) *derive_public_key;
    __typeof__(decaf_ed448_sign) *sign;
    __typeof__(decaf_ed448_verify) *verify;
} decaf;

static const struct edfast_library_symbol decaf_symbols[] = {
    {"decaf_ed448_derive_public_key", (void **)&decaf.derive_public_key},
    {"decaf_ed448_sign", (void **)&decaf.sign},
    {"decaf_ed448_verify", (void **)&decaf.verify},
};

static struct edfast_library libdecaf = {
    .backend = "decaf",
    .soname = EDFAST_DECAF_SONAME,
    .symbols = decaf_symbols,
    .symbol_count = sizeof(decaf_symbols) / sizeof(decaf_symbols[0]),
    EDFAST_LIBRARY_STATE,
};

static int decaf_prepare(void)
{
    return edfast_library_open(&libdecaf);
}

struct decaf_key {
    uint8_t seed[DECAF_EDDSA_448_PRIVATE_BYTES];
    uint8_t pub[DECAF_EDDSA_448_PUBLIC_BYTES];
    int has_secret;
    /* The reference's state for a seed given with a foreign public key, else NULL. */
    void *foreign_pair;
};

/* The reference, for a seed given with a public key not its own. */
#define REFERENCE (edfast_openssl_backend.curve[EDFAST_ED448])

static int decaf_derive_public(const uint8_t *seed, uint8_t *pub)
{
    decaf.derive_public_key(pub, seed);
    return 1;
}

static void decaf_key_free(void *state)
{
    struct decaf_key *key = state;

    if (key == NULL)
        return;
    REFERENCE->key_free(key->foreign_pair);
    edfast_state_clear_free(key, sizeof(*key));
}

static void *decaf_key_from_seed(const uint8_t *seed, uint8_t *pub)
{
    struct decaf_key *key = edfast_state_zalloc(sizeof(*key), 1);

    if (key == NULL)
        return NULL;
    key->has_secret = 1;
    decaf.derive_public_key(key->pub, seed);
    memcpy(pub, key->pub, sizeof(key->pub));
    memcpy(key->seed, seed, sizeof(key->seed));
    return key;
}

static void *decaf_key_from_pair(const uint8_t *seed, const uint8_t *pub)
{
    struct decaf_key *key = edfast_state_zalloc(sizeof(*key), seed != NULL);
    uint8_t own[DECAF_EDDSA_448_PUBLIC_BYTES];

    if (key == NULL)
        return NULL;
    memcpy(key->pub, pub, sizeof(key->pub));
    if (seed == NULL)
        return key;
    key->has_secret = 1;
    memcpy(key->seed, seed, sizeof(key->seed));
    decaf.derive_public_key(own, seed);
    edfast_declassify(own, sizeof(own));
    if (memcmp(own, pub, sizeof(own)) != 0) {
        key->foreign_pair = REFERENCE->key_from_pair(seed, pub);
        if (key->foreign_pair == NULL) {
            decaf_key_free(key);
            return NULL;
        }
    }
    return key;
}

static int decaf_sign(const void *state, const struct edfast_instance *instance,
                      const uint8_t *msg, size_t msg_len, uint8_t *sig)
{
    const struct decaf_key *key = state;

    if (!key->has_secret)
        return 0;
    /* The reference frames only pure Ed448: other instances of such a pair are refused. */
    if (key->foreign_pair != NULL)
        return edfast_ops_serve(REFERENCE, instance->framing)
            && REFERENCE->sign(key->foreign_pair, instance, msg, msg_len, sig);
    decaf.sign(sig, key->seed, key->pub, msg, msg_len,
                     instance->framing == EDFAST_PREHASH,
                     instance->context, (uint8_t)instance->context_len);
    return 1;
}

static int decaf_verify(const void *state, const struct edfast_instance *instance,
                        const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    const struct decaf_key *key = state;

    return decaf.verify(sig, key->pub, msg, msg_len,
                              instance->framing == EDFAST_PREHASH,
                              instance->context, (uint8_t)instance->context_len)
        == DECAF_SUCCESS;
}

static const struct edfast_curve_ops ed448_ops = {
    .backend = "decaf",
    .curve = EDFAST_ED448,
    .framings = EDFAST_FRAMING_BIT(EDFAST_PURE) | EDFAST_FRAMING_BIT(EDFAST_CONTEXT)
                | EDFAST_FRAMING_BIT(EDFAST_PREHASH),
    .derive_public = decaf_derive_public,
    .key_from_seed = decaf_key_from_seed,
    .key_from_pair = decaf_key_from_pair,
    .key_free = decaf_key_free,
    .prepare = decaf_prepare,
    .sign = decaf_sign,
    .verify = decaf_verify,
};

const struct edfast_backend edfast_decaf_backend = {
    .name = "decaf",
    .curve = {[EDFAST_ED448] = &ed448_ops},
};
