/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ED25519 and ED448 signatures: one-shot EVP_DigestSign / EVP_DigestVerify
 * over the key's backend.  EdDSA hashes the message itself, so no digest may
 * be named and there is no streaming update.
 *
 * Built against OpenSSL 3.4+ headers (OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT),
 * this file also has what OpenSSL 3.4's default provider offers: the
 * algorithms ED25519ph, ED25519ctx and ED448ph, whose name fixes the
 * instance, and for every name the message API (EVP_PKEY_sign_message_init,
 * EVP_PKEY_verify_message_init with one-shot EVP_PKEY_sign / EVP_PKEY_verify)
 * and EVP_PKEY_sign_init / verify_init, where the ph instances take PH(M),
 * 64 bytes, as tbs.  edfast.c offers those tables only when the running
 * libcrypto is 3.4 or newer, so on 3.0 the provider behaves as without them.
 */
#include <stdint.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include "ascii.h"
#include "errors.h"
#include "key.h"
#include "provider.h"
#include "edfast_names.h"

static OSSL_FUNC_signature_newctx_fn ed25519_newctx, ed448_newctx;
static OSSL_FUNC_signature_freectx_fn sig_freectx;
static OSSL_FUNC_signature_dupctx_fn sig_dupctx;
static OSSL_FUNC_signature_digest_sign_init_fn sig_digest_sign_init;
static OSSL_FUNC_signature_digest_sign_fn sig_digest_sign;
static OSSL_FUNC_signature_digest_verify_init_fn sig_digest_verify_init;
static OSSL_FUNC_signature_digest_verify_fn sig_digest_verify;
static OSSL_FUNC_signature_get_ctx_params_fn sig_get_ctx_params;
static OSSL_FUNC_signature_gettable_ctx_params_fn sig_gettable_ctx_params;
static OSSL_FUNC_signature_set_ctx_params_fn sig_set_ctx_params;
static OSSL_FUNC_signature_settable_ctx_params_fn sig_settable_ctx_params;

/* OpenSSL 3.2's names for the RFC 8032 instances, accepted on every version. */
#define PARAM_INSTANCE "instance"
#define PARAM_CONTEXT_STRING "context-string"

struct instance_name {
    const char *name;
    enum edfast_curve curve;
    enum edfast_framing framing;
};

static const struct instance_name instance_names[] = {
    {"Ed25519", EDFAST_ED25519, EDFAST_PURE},
    {"Ed25519ctx", EDFAST_ED25519, EDFAST_CONTEXT},
    {"Ed25519ph", EDFAST_ED25519, EDFAST_PREHASH},
    {"Ed448", EDFAST_ED448, EDFAST_PURE},
    {"Ed448ph", EDFAST_ED448, EDFAST_PREHASH},
};

struct sig_ctx {
    const struct edfast_provctx *provctx;
    enum edfast_curve curve;
    struct edfast_key *key;
    const struct instance_name *instance;
    uint8_t context[EDFAST_MAX_CONTEXT_BYTES];
    size_t context_len;
    /*
     * Set only by the OpenSSL 3.4+ init functions (always 0 on 3.0):
     * instance_preset refuses the "instance" parameter (the algorithm name
     * or the message API fixed it); prehash_by_caller makes sign/verify take
     * PH(M) as the message, and only with a prehash instance.
     */
    int instance_preset;
    int prehash_by_caller;
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

/* Every (re-)initialisation starts from the pure instance, as OpenSSL 3.2+ does. */
static void reset_instance(struct sig_ctx *ctx)
{
    size_t i;

    for (i = 0; i < sizeof(instance_names) / sizeof(instance_names[0]); i++)
        if (instance_names[i].curve == ctx->curve && instance_names[i].framing == EDFAST_PURE)
            ctx->instance = &instance_names[i];
    ctx->context_len = 0;
    ctx->instance_preset = 0;
    ctx->prehash_by_caller = 0;
}

static void *sig_newctx(void *provctx, enum edfast_curve curve)
{
    struct sig_ctx *ctx = OPENSSL_zalloc(sizeof(*ctx));

    if (ctx == NULL) {
        EDFAST_RAISE((const struct edfast_provctx *)provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return NULL;
    }
    ctx->provctx = provctx;
    ctx->curve = curve;
    reset_instance(ctx);
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

    if (copy == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return NULL;
    }
    if (copy->key != NULL)
        edfast_key_up_ref(copy->key);
    return copy;
}

/*
 * Takes the key and starts from the pure instance.  A NULL key keeps the one
 * set before, as EVP does when it re-initialises.
 */
static int init_key(struct sig_ctx *ctx, const char *mdname, struct edfast_key *key,
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
    if (for_signing && ctx->key->seed == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_NOT_A_PRIVATE_KEY, NULL);
        return 0;
    }
    reset_instance(ctx);
    return 1;
}

/*
 * From OpenSSL 3.2 on, the default provider's EVP_DigestSignInit /
 * EVP_DigestVerifyInit with no key (a re-initialisation) keeps the instance
 * and context string set before and only applies the new parameters.  On an
 * older libcrypto edfast keeps what it always did: back to the pure instance.
 */
#define EDFAST_REINIT_KEEPS_INSTANCE_VERSION 0x030200UL

static int sig_init(struct sig_ctx *ctx, const char *mdname, struct edfast_key *key,
                    int for_signing, const OSSL_PARAM params[])
{
    if (key == NULL && ctx->key != NULL
        && ctx->provctx->core_version >= EDFAST_REINIT_KEEPS_INSTANCE_VERSION) {
        const struct instance_name *instance = ctx->instance;
        size_t context_len = ctx->context_len;

        if (!init_key(ctx, mdname, NULL, for_signing))
            return 0;
        ctx->instance = instance;
        ctx->context_len = context_len; /* ctx->context is left as it was */
        return sig_set_ctx_params(ctx, params);
    }
    return init_key(ctx, mdname, key, for_signing) && sig_set_ctx_params(ctx, params);
}

static int sig_digest_sign_init(void *vctx, const char *mdname, void *key,
                                const OSSL_PARAM params[])
{
    return sig_init(vctx, mdname, key, 1, params);
}

static int sig_digest_verify_init(void *vctx, const char *mdname, void *key,
                                  const OSSL_PARAM params[])
{
    return sig_init(vctx, mdname, key, 0, params);
}

/*
 * PH's digest for the curve, fetched from the reference on first use: two
 * threads may both fetch it, and the first stored wins.  NULL when it cannot
 * be fetched.
 */
static EVP_MD *prehash_md(const struct edfast_provctx *provctx, enum edfast_curve curve)
{
    static const char *const names[EDFAST_CURVE_COUNT] = {
        [EDFAST_ED25519] = "SHA512", [EDFAST_ED448] = "SHAKE256"
    };
    /* The one field of the instance its operations fill in: the instance itself is not const. */
    EVP_MD *_Atomic *slot = &((struct edfast_provctx *)provctx)->prehash[curve];
    EVP_MD *md = atomic_load_explicit(slot, memory_order_acquire), *expected = NULL;
    OSSL_LIB_CTX *reference;

    if (md != NULL)
        return md;
    reference = edfast_backends_reference();
    if (reference == NULL || (md = EVP_MD_fetch(reference, names[curve], NULL)) == NULL)
        return NULL;
    if (!atomic_compare_exchange_strong_explicit(slot, &expected, md, memory_order_acq_rel,
                                                 memory_order_acquire)) {
        EVP_MD_free(md);
        md = expected;
    }
    return md;
}

/* PH(M) of the prehash instances: SHA-512, or SHAKE256 with 64 bytes out. */
static int prehash(EVP_MD *md, const unsigned char *msg, size_t msg_len,
                   uint8_t out[EDFAST_PREHASH_BYTES])
{
    EVP_MD_CTX *hash = md != NULL ? EVP_MD_CTX_new() : NULL;
    int ok = hash != NULL
        && EVP_DigestInit_ex(hash, md, NULL)
        && EVP_DigestUpdate(hash, msg, msg_len)
        && ((EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF) != 0
                ? EVP_DigestFinalXOF(hash, out, EDFAST_PREHASH_BYTES)
                : EVP_DigestFinal_ex(hash, out, NULL));

    EVP_MD_CTX_free(hash);
    return ok;
}

/*
 * The instance as backends take it, with PH(M) in place of the message for
 * the prehash instances; refuses combinations RFC 8032 does not define.
 */
static int frame(const struct sig_ctx *ctx, const unsigned char **msg, size_t *msg_len,
                 uint8_t ph[EDFAST_PREHASH_BYTES], struct edfast_instance *framed)
{
    framed->framing = ctx->instance->framing;
    framed->context = ctx->context;
    framed->context_len = ctx->context_len;
    if (ctx->curve == EDFAST_ED25519 && framed->framing == EDFAST_PURE && ctx->context_len != 0) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_INVALID_CONTEXT, "pure Ed25519 takes no context");
        return 0;
    }
    if (framed->framing == EDFAST_CONTEXT && ctx->context_len == 0) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_INVALID_CONTEXT, "Ed25519ctx needs a context");
        return 0;
    }
    /* Ed448 with a context is dom4(0, context), which not every backend frames. */
    if (ctx->curve == EDFAST_ED448 && framed->framing == EDFAST_PURE && ctx->context_len != 0)
        framed->framing = EDFAST_CONTEXT;
    if (framed->framing != EDFAST_PREHASH && ctx->prehash_by_caller) {
        /* OpenSSL 3.4's EVP_PKEY_sign_init on ED25519 / ED448 signs PH(M) only. */
        EDFAST_RAISE(ctx->provctx, EDFAST_R_UNKNOWN_INSTANCE,
                     "%s is not a prehash instance, and the message given is PH(M)",
                     ctx->instance->name);
        return 0;
    }
    if (framed->framing == EDFAST_PREHASH && ctx->prehash_by_caller) {
        if (*msg_len != EDFAST_PREHASH_BYTES) {
            EDFAST_RAISE(ctx->provctx, EDFAST_R_INVALID_PREHASH_LENGTH,
                         "%s given PH(M) of %zu bytes, %d expected", ctx->instance->name,
                         *msg_len, EDFAST_PREHASH_BYTES);
            return 0;
        }
    } else if (framed->framing == EDFAST_PREHASH) {
        if (!prehash(prehash_md(ctx->provctx, ctx->curve), *msg, *msg_len, ph)) {
            EDFAST_RAISE(ctx->provctx, EDFAST_R_BACKEND_FAILURE, "hashing the message");
            return 0;
        }
        *msg = ph;
        *msg_len = EDFAST_PREHASH_BYTES;
    }
    return 1;
}

/*
 * Signs or verifies (sig_out NULL) with the operations that serve the
 * framing: the key's own, or the key's fallback state for it (key.c).
 */
static int run(const struct sig_ctx *ctx, const unsigned char *msg, size_t msg_len,
               uint8_t *sig_out, const uint8_t *sig_in)
{
    uint8_t ph[EDFAST_PREHASH_BYTES];
    struct edfast_instance framed;
    const struct edfast_curve_ops *ops;
    const void *state;
    int ok;

    if (!frame(ctx, &msg, &msg_len, ph, &framed)
            || (ops = edfast_key_ops_for(ctx->key, framed.framing, &state)) == NULL)
        return 0;
    if (sig_out == NULL) {
        ok = ops->verify(state, &framed, msg, msg_len, sig_in);
        if (ok < 0)
            EDFAST_RAISE(ctx->provctx, EDFAST_R_BACKEND_FAILURE, "%s could not verify", ops->backend);
        return ok > 0;
    }
    ok = ops->sign(state, &framed, msg, msg_len, sig_out);
    if (!ok)
        EDFAST_RAISE(ctx->provctx, EDFAST_R_BACKEND_FAILURE, "%s could not sign", ops->backend);
    return ok;
}

static int sig_digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                           const unsigned char *tbs, size_t tbslen)
{
    struct sig_ctx *ctx = vctx;
    size_t needed = signature_bytes(ctx->curve);

    if (ctx->key == NULL || ctx->key->seed == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_NOT_A_PRIVATE_KEY, NULL);
        return 0;
    }
    if (sig == NULL) {
        *siglen = needed;
        return 1;
    }
    if (sigsize < needed) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_BUFFER_TOO_SMALL,
                     "buffer of %zu bytes, %zu needed", sigsize, needed);
        return 0;
    }
    if (!run(ctx, tbs, tbslen, sig, NULL))
        return 0;
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
    return run(ctx, tbs, tbslen, NULL, sig);
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

static int set_instance(struct sig_ctx *ctx, const OSSL_PARAM *p)
{
    char bounded[16];
    char *copy = bounded;
    const char *name = NULL;
    size_t i;

    /*
     * A UTF8_STRING is its data_size bytes, which need not be followed by a
     * NUL: copy them out (bounded) rather than read up to a NUL.  Every
     * instance name is shorter than the buffer.
     */
    if (p->data_type == OSSL_PARAM_UTF8_STRING) {
        if (p->data_size >= sizeof(bounded)) {
            EDFAST_RAISE(ctx->provctx, EDFAST_R_UNKNOWN_INSTANCE, "a name of %zu bytes",
                         p->data_size);
            return 0;
        }
        if (OSSL_PARAM_get_utf8_string(p, &copy, sizeof(bounded)))
            name = bounded;
    } else if (!OSSL_PARAM_get_utf8_ptr(p, &name)) {
        name = NULL;
    }
    if (name == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_UNKNOWN_INSTANCE, "not a string");
        return 0;
    }
    for (i = 0; i < sizeof(instance_names) / sizeof(instance_names[0]); i++) {
        if (edfast_ascii_ncasecmp(name, instance_names[i].name, SIZE_MAX) != 0)
            continue;
        if (instance_names[i].curve != ctx->curve) {
            EDFAST_RAISE(ctx->provctx, EDFAST_R_UNKNOWN_INSTANCE, "%s is of the other curve",
                         instance_names[i].name);
            return 0;
        }
        ctx->instance = &instance_names[i];
        return 1;
    }
    EDFAST_RAISE(ctx->provctx, EDFAST_R_UNKNOWN_INSTANCE, "\"%s\"", name);
    return 0;
}

static int set_context(struct sig_ctx *ctx, const OSSL_PARAM *p)
{
    void *context = ctx->context;

    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size > sizeof(ctx->context)) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_INVALID_CONTEXT,
                     "an octet string of at most %d bytes", EDFAST_MAX_CONTEXT_BYTES);
        return 0;
    }
    return OSSL_PARAM_get_octet_string(p, &context, sizeof(ctx->context), &ctx->context_len);
}

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    struct sig_ctx *ctx = vctx;
    const OSSL_PARAM *p;

    if (params == NULL)
        return 1;
    p = OSSL_PARAM_locate_const(params, PARAM_INSTANCE);
    if (p != NULL && ctx->instance_preset) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_INSTANCE_FIXED,
                     "the instance is %s, fixed by the algorithm", ctx->instance->name);
        return 0;
    }
    if (p != NULL && !set_instance(ctx, p))
        return 0;
    p = OSSL_PARAM_locate_const(params, PARAM_CONTEXT_STRING);
    return p == NULL || set_context(ctx, p);
}

static const OSSL_PARAM settable_ctx[] = {
    OSSL_PARAM_utf8_string(PARAM_INSTANCE, NULL, 0),
    OSSL_PARAM_octet_string(PARAM_CONTEXT_STRING, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *sig_settable_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return settable_ctx;
}

#if defined(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT)
/*
 * OpenSSL 3.4+: the message API and the algorithm names that fix the
 * instance, as the 3.4 default provider has them (providers/implementations/
 * signature/eddsa_sig.c).  All of it ends in run(), through the same
 * struct sig_ctx: an init function only sets the instance and two flags.
 *
 *   name        message init (sign/verify)  sign_init / verify_init
 *   ED25519     Ed25519, fixed              Ed25519, "instance" must be set to
 *                                           Ed25519ph; tbs is PH(M)
 *   ED25519ph   Ed25519ph, fixed            Ed25519ph, fixed; tbs is PH(M)
 *   ED25519ctx  Ed25519ctx, fixed           as the message init
 *   ED448       Ed448, fixed                Ed448, "instance" must be set to
 *                                           Ed448ph; tbs is PH(M)
 *   ED448ph     Ed448ph, fixed              Ed448ph, fixed; tbs is PH(M)
 *
 * A fixed instance refuses the "instance" parameter; "context-string" is
 * taken by all.  There is no message update/final: EdDSA is one-shot.
 */
static const struct instance_name *find_instance(enum edfast_curve curve,
                                                 enum edfast_framing framing)
{
    size_t i;

    for (i = 0; i < sizeof(instance_names) / sizeof(instance_names[0]); i++)
        if (instance_names[i].curve == curve && instance_names[i].framing == framing)
            return &instance_names[i];
    return NULL;
}

static int variant_init(void *vctx, void *key, int for_signing, enum edfast_framing framing,
                        int preset, int prehash_by_caller, const OSSL_PARAM params[])
{
    struct sig_ctx *ctx = vctx;

    if (key == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_MISSING_KEY, NULL);
        return 0;
    }
    if (!init_key(ctx, NULL, key, for_signing))
        return 0;
    ctx->instance = find_instance(ctx->curve, framing);
    ctx->instance_preset = preset;
    ctx->prehash_by_caller = prehash_by_caller;
    return sig_set_ctx_params(ctx, params);
}

/*
 * VARIANT_INIT(fn, framing, preset, prehash_by_caller) makes fn_sign_init and
 * fn_verify_init, of OSSL_FUNC_signature_sign_init_fn's type (which is also
 * that of the message inits).
 */
#define VARIANT_INIT(fn, framing, preset, by_caller)                                               \
    static OSSL_FUNC_signature_sign_message_init_fn fn##_sign_init;                                \
    static OSSL_FUNC_signature_verify_message_init_fn fn##_verify_init;                            \
    static int fn##_sign_init(void *vctx, void *key, const OSSL_PARAM params[])                    \
    {                                                                                              \
        return variant_init(vctx, key, 1, framing, preset, by_caller, params);                     \
    }                                                                                              \
    static int fn##_verify_init(void *vctx, void *key, const OSSL_PARAM params[])                  \
    {                                                                                              \
        return variant_init(vctx, key, 0, framing, preset, by_caller, params);                     \
    }

/* Message API: the message itself, with the instance the name says. */
VARIANT_INIT(pure_message, EDFAST_PURE, 1, 0)
VARIANT_INIT(ph_message, EDFAST_PREHASH, 1, 0)
VARIANT_INIT(ctx_message, EDFAST_CONTEXT, 1, 0)
/* EVP_PKEY_sign_init / verify_init: PH(M) given, so a prehash instance. */
VARIANT_INIT(pure_prehashed, EDFAST_PURE, 0, 1)
VARIANT_INIT(ph_prehashed, EDFAST_PREHASH, 1, 1)

static OSSL_FUNC_signature_query_key_types_fn ed25519_query_key_types, ed448_query_key_types;
static OSSL_FUNC_signature_settable_ctx_params_fn sig_settable_variant_ctx_params;
/* The 3.4 one-shot sign / verify have the digest ones' arguments. */
static OSSL_FUNC_signature_sign_fn sig_digest_sign;
static OSSL_FUNC_signature_verify_fn sig_digest_verify;

static const char **ed25519_query_key_types(void)
{
    static const char *types[] = {EDFAST_KEY_ED25519, NULL};
    return types;
}

static const char **ed448_query_key_types(void)
{
    static const char *types[] = {EDFAST_KEY_ED448, NULL};
    return types;
}

/* The names that fix the instance take only a context string, as in 3.4. */
static const OSSL_PARAM settable_variant_ctx[] = {
    OSSL_PARAM_octet_string(PARAM_CONTEXT_STRING, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *sig_settable_variant_ctx_params(void *vctx, void *provctx)
{
    (void)vctx;
    (void)provctx;
    return settable_variant_ctx;
}
#endif

#define SIGNATURE_FUNCTIONS(curve)                                                                 \
    const OSSL_DISPATCH edfast_##curve##_signature_functions[] = {                                 \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_NEWCTX, curve##_newctx),                               \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, sig_digest_sign_init),               \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DIGEST_SIGN, sig_digest_sign),                         \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, sig_digest_verify_init),           \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, sig_digest_verify),                     \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_FREECTX, sig_freectx),                                 \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DUPCTX, sig_dupctx),                                   \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, sig_get_ctx_params),                   \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, sig_gettable_ctx_params),         \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, sig_set_ctx_params),                   \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_ctx_params),         \
        EDFAST_DISPATCH_END                                                                        \
    }

SIGNATURE_FUNCTIONS(ed25519);
SIGNATURE_FUNCTIONS(ed448);

#if defined(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT)
/* What every 3.4+ table has; sig_digest_sign / sig_digest_verify are one-shot already. */
#define MESSAGE_FUNCTIONS(curve, init)                                                             \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_NEWCTX, curve##_newctx),                                   \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT, init##_sign_init),                      \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SIGN, sig_digest_sign),                                    \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_INIT, init##_verify_init),                  \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_VERIFY, sig_digest_verify),                                \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_FREECTX, sig_freectx),                                     \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DUPCTX, sig_dupctx),                                       \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_QUERY_KEY_TYPES, curve##_query_key_types),                 \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, sig_get_ctx_params),                       \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, sig_gettable_ctx_params),             \
    EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, sig_set_ctx_params)

/* ED25519 / ED448: everything of 3.0, plus the message API and sign_init for PH(M). */
#define PURE_MESSAGE_FUNCTIONS(curve)                                                              \
    const OSSL_DISPATCH edfast_##curve##_message_signature_functions[] = {                         \
        MESSAGE_FUNCTIONS(curve, pure_message),                                                    \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SIGN_INIT, pure_prehashed_sign_init),                  \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_VERIFY_INIT, pure_prehashed_verify_init),              \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, sig_digest_sign_init),               \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DIGEST_SIGN, sig_digest_sign),                         \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, sig_digest_verify_init),           \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, sig_digest_verify),                     \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_ctx_params),         \
        EDFAST_DISPATCH_END                                                                        \
    }

/* ED25519ph, ED25519ctx, ED448ph: no EVP_DigestSign, as in 3.4. */
#define VARIANT_FUNCTIONS(name, curve, init, plain_init)                                           \
    const OSSL_DISPATCH edfast_##name##_signature_functions[] = {                                  \
        MESSAGE_FUNCTIONS(curve, init),                                                            \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SIGN_INIT, plain_init##_sign_init),                    \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_VERIFY_INIT, plain_init##_verify_init),                \
        EDFAST_DISPATCH(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_variant_ctx_params), \
        EDFAST_DISPATCH_END                                                                        \
    }

PURE_MESSAGE_FUNCTIONS(ed25519);
PURE_MESSAGE_FUNCTIONS(ed448);
VARIANT_FUNCTIONS(ed25519ph, ed25519, ph_message, ph_prehashed);
VARIANT_FUNCTIONS(ed25519ctx, ed25519, ctx_message, ctx_message);
VARIANT_FUNCTIONS(ed448ph, ed448, ph_message, ph_prehashed);
#endif
