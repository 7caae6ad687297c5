/* SPDX-License-Identifier: Apache-2.0 */
/*
 * OpenSSL's own EdDSA, reached through a library context that holds only the
 * default provider: the reference every other backend is measured against,
 * and the last resort when nothing faster serves a curve.
 */
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include "../backend_list.h"

/*
 * A key's state is the EVP_PKEY itself, made in the reference
 * (edfast_backends_reference), which lives while any key does.  Never NULL
 * there: NULL would mean the application's default context, which can route
 * back to edfast.
 */
/* The key made from the seed alone, with the public key it gives written to pub. */
static EVP_PKEY *pkey_from_seed(const char *name, size_t len, const uint8_t *seed, uint8_t *pub)
{
    OSSL_LIB_CTX *reference = edfast_backends_reference();
    EVP_PKEY *pkey = reference != NULL
                         ? EVP_PKEY_new_raw_private_key_ex(reference, name, NULL, seed, len)
                         : NULL;

    if (pkey != NULL && !EVP_PKEY_get_raw_public_key(pkey, pub, &len)) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    return pkey;
}

static int derive_public(const char *name, size_t len, const uint8_t *seed, uint8_t *pub)
{
    EVP_PKEY *pkey = pkey_from_seed(name, len, seed, pub);

    EVP_PKEY_free(pkey);
    return pkey != NULL;
}

/* Built from both halves, not from the seed alone, so a public key that does
 * not belong to the seed is hashed as given, exactly as the default provider does. */
static EVP_PKEY *pkey_from_pair(const char *name, size_t len, const uint8_t *seed,
                                const uint8_t *pub)
{
    OSSL_PARAM params[3];
    size_t n = 0;
    OSSL_LIB_CTX *reference = edfast_backends_reference();
    EVP_PKEY_CTX *ctx = reference != NULL ? EVP_PKEY_CTX_new_from_name(reference, name, NULL) : NULL;
    EVP_PKEY *pkey = NULL;

    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, len);
    if (seed != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY,
                                                        (void *)seed, len);
    params[n] = OSSL_PARAM_construct_end();
    if (ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0
            || EVP_PKEY_fromdata(ctx, &pkey,
                                 seed != NULL ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                                 params) <= 0)
        pkey = NULL;
    EVP_PKEY_CTX_free(ctx);
    return pkey;
}

static void openssl_key_free(void *state)
{
    EVP_PKEY_free(state); /* OpenSSL cleanses its copy of the secret */
}

/* The signature is EVP_PKEY_get_size(key) bytes: 64 or 114. */
static int openssl_sign(const void *state, const struct edfast_instance *instance,
                        const uint8_t *msg, size_t msg_len, uint8_t *sig)
{
    EVP_PKEY *pkey = (EVP_PKEY *)state;
    size_t sig_len = (size_t)EVP_PKEY_get_size(pkey);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok;

    (void)instance; /* pure, the one framing served */
    ok = ctx != NULL
        && EVP_DigestSignInit_ex(ctx, NULL, NULL, edfast_backends_reference(), NULL, pkey,
                                 NULL) == 1
        && EVP_DigestSign(ctx, sig, &sig_len, msg, msg_len) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

static int openssl_verify(const void *state, const struct edfast_instance *instance,
                          const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    EVP_PKEY *pkey = (EVP_PKEY *)state;
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    int ok;

    (void)instance;
    if (ctx == NULL
            || EVP_DigestVerifyInit_ex(ctx, NULL, NULL, edfast_backends_reference(), NULL, pkey,
                                       NULL) != 1)
        ok = -1;
    else
        ok = EVP_DigestVerify(ctx, sig, (size_t)EVP_PKEY_get_size(pkey), msg, msg_len) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

/* OPENSSL_CURVE_OPS(c, NAME, bytes) makes c_ops, the table for one curve. */
#define OPENSSL_CURVE_OPS(c, CURVE, NAME, bytes)                                        \
    static int c##_derive_public(const uint8_t *seed, uint8_t *pub)                     \
    {                                                                                   \
        return derive_public(NAME, bytes, seed, pub);                                   \
    }                                                                                   \
    static void *c##_from_seed(const uint8_t *seed, uint8_t *pub)                       \
    {                                                                                   \
        return pkey_from_seed(NAME, bytes, seed, pub);                                  \
    }                                                                                   \
    static void *c##_from_pair(const uint8_t *seed, const uint8_t *pub)                 \
    {                                                                                   \
        return pkey_from_pair(NAME, bytes, seed, pub);                                  \
    }                                                                                   \
    static const struct edfast_curve_ops c##_ops = {                                    \
        .backend = "openssl",                                                           \
        .curve = CURVE,                                                                 \
        .framings = EDFAST_FRAMING_BIT(EDFAST_PURE),                                    \
        .derive_public = c##_derive_public,                                             \
        .key_from_seed = c##_from_seed,                                                 \
        .key_from_pair = c##_from_pair,                                                 \
        .key_free = openssl_key_free,                                                   \
        .sign = openssl_sign,                                                           \
        .verify = openssl_verify,                                                       \
    }

OPENSSL_CURVE_OPS(ed25519, EDFAST_ED25519, "ED25519", EDFAST_ED25519_KEY_BYTES);
OPENSSL_CURVE_OPS(ed448, EDFAST_ED448, "ED448", EDFAST_ED448_KEY_BYTES);

const struct edfast_backend edfast_openssl_backend = {
    .name = "openssl",
    .curve = {[EDFAST_ED25519] = &ed25519_ops, [EDFAST_ED448] = &ed448_ops},
};
