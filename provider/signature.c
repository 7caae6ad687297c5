/*
 * ED25519 and ED448 signatures: one-shot EVP_DigestSign / EVP_DigestVerify
 * over the key's backend.  EdDSA hashes the message itself, so no digest may
 * be named and there is no streaming update.
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include "errors.h"
#include "key.h"
#include "provider.h"

struct sig_ctx {
    const struct edfast_provctx *provctx;
    enum edfast_curve curve;
    struct edfast_key *key;
    struct edfast_instance instance;
};

/* DER AlgorithmIdentifier: SEQUENCE { OID 1.3.101.112 / 1.3.101.113 }, no parameters. */
static const uint8_t algorithm_id[EDFAST_CURVE_COUNT][7] = {
    [EDFAST_ED25519] = {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70},
    [EDFAST_ED448] = {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x71},
};

static size_t signature_bytes(enum edfast_curve curve)
{
    return 2 * edfast_key_bytes(curve);
}

static void *sig_newctx(void *provctx, enum edfast_curve curve)
{
    struct sig_ctx *ctx = OPENSSL_zalloc(sizeof(*ctx));

    if (ctx == NULL)
        return NULL;
    ctx->provctx = provctx;
    ctx->curve = curve;
    ctx->instance.framing = EDFAST_PURE;
    return ctx;
}

static void *ed25519_newctx(void *provctx, const char *propq)
{
    (void)propq;
    return sig_newctx(provctx, EDFAST_ED25519);
}

static void *ed448_newctx(void *provctx, const char *propq)
{
    (void)propq;
    return sig_newctx(provctx, EDFAST_ED448);
}

static void sig_freectx(void *vctx)
{
    struct sig_ctx *ctx = vctx;

    if (ctx == NULL)
        return;
    edfast_key_free(ctx->key);
    OPENSSL_free(ctx);
}

static void *sig_dupctx(void *vctx)
{
    const struct sig_ctx *ctx = vctx;
    struct sig_ctx *copy = OPENSSL_memdup(ctx, sizeof(*ctx));

    if (copy != NULL && copy->key != NULL)
        edfast_key_up_ref(copy->key);
    return copy;
}

/* A NULL key keeps the one set before, as EVP does when it re-initialises. */
static int sig_init(struct sig_ctx *ctx, const char *mdname, struct edfast_key *key,
                    int for_signing)
{
    if (mdname != NULL && mdname[0] != '\0') {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_DIGEST_NOT_ALLOWED, "digest \"%s\" given", mdname);
        return 0;
    }
    if (key != NULL) {
        if (key->curve != ctx->curve) {
            EDFAST_RAISE(ctx->provctx, EDFAST_R_WRONG_KEY_TYPE, NULL);
            return 0;
        }
        if (!edfast_key_is_filled(key)) {
            EDFAST_RAISE(ctx->provctx, EDFAST_R_MISSING_KEY, "the key is empty");
            return 0;
        }
        edfast_key_free(ctx->key);
        ctx->key = edfast_key_up_ref(key);
    }
    if (ctx->key == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_MISSING_KEY, NULL);
        return 0;
    }
    if (for_signing && !ctx->key->has_private) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_NOT_A_PRIVATE_KEY, NULL);
        return 0;
    }
    return 1;
}

static int sig_digest_sign_init(void *vctx, const char *mdname, void *key,
                                const OSSL_PARAM params[])
{
    (void)params;
    return sig_init(vctx, mdname, key, 1);
}

static int sig_digest_verify_init(void *vctx, const char *mdname, void *key,
                                  const OSSL_PARAM params[])
{
    (void)params;
    return sig_init(vctx, mdname, key, 0);
}

static int sig_digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                           const unsigned char *tbs, size_t tbslen)
{
    struct sig_ctx *ctx = vctx;
    size_t needed = signature_bytes(ctx->curve);

    if (ctx->key == NULL || !ctx->key->has_private) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_NOT_A_PRIVATE_KEY, NULL);
        return 0;
    }
    if (sig == NULL) {
        *siglen = needed;
        return 1;
    }
    if (sigsize < needed) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_INVALID_SIGNATURE_LENGTH,
                     "buffer of %zu bytes, %zu needed", sigsize, needed);
        return 0;
    }
    if (!ctx->key->backend->sign(ctx->key->backend_state, &ctx->instance, tbs, tbslen, sig)) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_BACKEND_FAILURE, "%s could not sign",
                     ctx->key->backend->name);
        return 0;
    }
    *siglen = needed;
    return 1;
}

static int sig_digest_verify(void *vctx, const unsigned char *sig, size_t siglen,
                             const unsigned char *tbs, size_t tbslen)
{
    struct sig_ctx *ctx = vctx;

    if (ctx->key == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_MISSING_KEY, NULL);
        return 0;
    }
    if (siglen != signature_bytes(ctx->curve)) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_INVALID_SIGNATURE_LENGTH,
                     "%zu bytes, %zu expected", siglen, signature_bytes(ctx->curve));
        return 0;
    }
    return ctx->key->backend->verify(ctx->key->backend_state, &ctx->instance, tbs, tbslen, sig);
}

static int sig_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    const struct sig_ctx *ctx = vctx;
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);

    return p == NULL
        || OSSL_PARAM_set_octet_string(p, algorithm_id[ctx->curve],
                                       sizeof(algorithm_id[ctx->curve]));
}

static const OSSL_PARAM gettable_ctx[] = {
    OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *sig_gettable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return gettable_ctx;
}

#define SIGNATURE_FUNCTIONS(curve)                                                        \
    const OSSL_DISPATCH edfast_##curve##_signature_functions[] = {                        \
        {OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))curve##_newctx},                     \
        {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))sig_digest_sign_init},     \
        {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, (void (*)(void))sig_digest_sign},               \
        {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))sig_digest_verify_init}, \
        {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, (void (*)(void))sig_digest_verify},           \
        {OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))sig_freectx},                       \
        {OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))sig_dupctx},                         \
        {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (void (*)(void))sig_get_ctx_params},         \
        {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (void (*)(void))sig_gettable_ctx_params}, \
        {0, NULL}                                                                         \
    }

SIGNATURE_FUNCTIONS(ed25519);
SIGNATURE_FUNCTIONS(ed448);
