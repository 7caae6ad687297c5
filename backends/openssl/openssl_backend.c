/*
 * OpenSSL's own EdDSA, reached through a library context that holds only the
 * default provider: the reference every other backend is measured against,
 * and the last resort when nothing faster serves a curve.
 */
#include <stdlib.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include "../backend_list.h"

struct openssl_key {
    enum edfast_curve curve;
    EVP_PKEY *pkey;
};

static OSSL_LIB_CTX *reference;

static const char *algorithm_name(enum edfast_curve curve)
{
    return curve == EDFAST_ED25519 ? "ED25519" : "ED448";
}

static unsigned openssl_framings(enum edfast_curve curve)
{
    (void)curve;
    return EDFAST_FRAMING_BIT(EDFAST_PURE);
}

static int openssl_init(OSSL_LIB_CTX *reference_ctx)
{
    reference = reference_ctx;
    return 1;
}

static void openssl_cleanup(void)
{
    reference = NULL;
}

/* The key made from the seed alone, with the public key it gives written to pub. */
static EVP_PKEY *pkey_from_seed(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub)
{
    size_t len = edfast_key_bytes(curve);
    EVP_PKEY *pkey = EVP_PKEY_new_raw_private_key_ex(reference, algorithm_name(curve),
                                                     NULL, seed, len);

    if (pkey != NULL && !EVP_PKEY_get_raw_public_key(pkey, pub, &len)) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    return pkey;
}

static int openssl_derive_public(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub)
{
    EVP_PKEY *pkey = pkey_from_seed(curve, seed, pub);

    EVP_PKEY_free(pkey);
    return pkey != NULL;
}

/* Built from both halves, not from the seed alone, so a public key that does
 * not belong to the seed is hashed as given, exactly as the default provider does. */
static EVP_PKEY *pkey_from(enum edfast_curve curve, const uint8_t *seed, const uint8_t *pub)
{
    size_t len = edfast_key_bytes(curve);
    OSSL_PARAM params[3];
    size_t n = 0;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(reference, algorithm_name(curve), NULL);
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

static void *openssl_key_new(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub,
                             int derive_pub)
{
    struct openssl_key *key = malloc(sizeof(*key));

    if (key == NULL)
        return NULL;
    key->curve = curve;
    key->pkey = derive_pub ? pkey_from_seed(curve, seed, pub) : pkey_from(curve, seed, pub);
    if (key->pkey == NULL) {
        free(key);
        return NULL;
    }
    return key;
}

static void openssl_key_free(void *state)
{
    struct openssl_key *key = state;

    if (key == NULL)
        return;
    EVP_PKEY_free(key->pkey); /* OpenSSL cleanses its copy of the secret */
    free(key);
}

static int openssl_sign(const void *state, const struct edfast_instance *instance,
                        const uint8_t *msg, size_t msg_len, uint8_t *sig)
{
    const struct openssl_key *key = state;
    size_t sig_len = 2 * edfast_key_bytes(key->curve);
    EVP_MD_CTX *ctx;
    int ok;

    if (instance->framing != EDFAST_PURE)
        return 0;
    ctx = EVP_MD_CTX_new();
    ok = ctx != NULL
        && EVP_DigestSignInit_ex(ctx, NULL, NULL, reference, NULL, key->pkey, NULL) == 1
        && EVP_DigestSign(ctx, sig, &sig_len, msg, msg_len) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

static int openssl_verify(const void *state, const struct edfast_instance *instance,
                          const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    const struct openssl_key *key = state;
    EVP_MD_CTX *ctx;
    int ok;

    if (instance->framing != EDFAST_PURE)
        return 0;
    ctx = EVP_MD_CTX_new();
    ok = ctx != NULL
        && EVP_DigestVerifyInit_ex(ctx, NULL, NULL, reference, NULL, key->pkey, NULL) == 1
        && EVP_DigestVerify(ctx, sig, 2 * edfast_key_bytes(key->curve), msg, msg_len) == 1;
    EVP_MD_CTX_free(ctx);
    return ok;
}

const struct edfast_backend edfast_openssl_backend = {
    .name = "openssl",
    .framings = openssl_framings,
    .init = openssl_init,
    .cleanup = openssl_cleanup,
    .derive_public = openssl_derive_public,
    .key_new = openssl_key_new,
    .key_free = openssl_key_free,
    .sign = openssl_sign,
    .verify = openssl_verify,
};
