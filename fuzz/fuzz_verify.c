/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Verify with an arbitrary public key, signature, message, instance and
 * context, through EVP_DigestVerify with provider=edfast in one library
 * context per backend.  Every backend must give the same verdict; where the
 * default provider can judge (pure Ed25519/Ed448 without a context on
 * OpenSSL 3.0; every instance from 3.2 on) its verdict too.
 *
 * Input: flags (bit 0 curve; bits 1-2 instance: 0 pure, 1 Ed25519ctx / Ed448
 * with context, 2 ph, 3 pure with the context given anyway; bit 3 signature
 * length perturbed; bit 4 sign first: the key bytes are a seed, the reference
 * signs, and one byte of the signature is xored with the next input byte),
 * context length, [xor position, xor value], key, signature, context, message.
 */
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fz_setup();
    return 0;
}

static const char *const instance_names[ET_CURVES][4] = {
    {"Ed25519", "Ed25519ctx", "Ed25519ph", "Ed25519"},
    {"Ed448", "Ed448", "Ed448ph", "Ed448"},
};

/* 1 valid, 0 invalid or refused, -1 init refused */
static int verify(struct et_env *env, EVP_PKEY *pkey, const char *propq, const char *instance,
                  const uint8_t *context, size_t context_len, int with_context,
                  const uint8_t *msg, size_t msg_len, const uint8_t *sig, size_t sig_len)
{
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();
    OSSL_PARAM params[3], *p = params;
    int rv = -1;

    if (instance != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string("instance", (char *)instance, 0);
    if (with_context)
        *p++ = OSSL_PARAM_construct_octet_string("context-string", (void *)context, context_len);
    *p = OSSL_PARAM_construct_end();
    FZ_ASSERT(mctx != NULL, "no memory");
    if (EVP_DigestVerifyInit_ex(mctx, NULL, NULL, env->ctx, propq, pkey, params) == 1)
        rv = EVP_DigestVerify(mctx, sig, sig_len, msg, msg_len) == 1;
    EVP_MD_CTX_free(mctx);
    ERR_clear_error();
    return rv;
}

static int sign(struct et_env *env, EVP_PKEY *pkey, const char *instance, const uint8_t *context,
                size_t context_len, int with_context, const uint8_t *msg, size_t msg_len,
                uint8_t *sig, size_t *sig_len)
{
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();
    OSSL_PARAM params[3], *p = params;
    int ok;

    *p++ = OSSL_PARAM_construct_utf8_string("instance", (char *)instance, 0);
    if (with_context)
        *p++ = OSSL_PARAM_construct_octet_string("context-string", (void *)context, context_len);
    *p = OSSL_PARAM_construct_end();
    ok = mctx != NULL
        && EVP_DigestSignInit_ex(mctx, NULL, NULL, env->ctx, ET_EDFAST, pkey, params) == 1
        && EVP_DigestSign(mctx, sig, sig_len, msg, msg_len) == 1;
    EVP_MD_CTX_free(mctx);
    ERR_clear_error();
    return ok;
}

/* The edfast context whose backend is the reference (openssl) for a curve. */
static struct et_env *reference_backend(enum et_curve curve)
{
    for (size_t b = 0; b < fz.count[curve]; b++)
        if (strcmp(fz.by_curve[curve][b].name, "openssl") == 0)
            return fz.by_curve[curve][b].env;
    return fz.by_curve[curve][0].env;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_input in = {data, size};
    uint8_t flags = fz_byte(&in);
    enum et_curve curve = (enum et_curve)(flags & 1);
    int kind = (flags >> 1) & 3;
    size_t klen = et_key_len(curve), slen = et_sig_len(curve), sig_len = slen;
    size_t context_len = fz_byte(&in);
    uint8_t key[ET_MAX_KEY], sig[ET_MAX_SIG + 4], context[256], pub[ET_MAX_KEY];
    size_t pub_len = klen;
    const char *instance = instance_names[curve][kind];
    int with_context = kind != 0 || curve == ET_ED448;
    uint8_t xor_pos = 0, xor_val = 0;
    EVP_PKEY *ref_key = NULL;
    int judged = -2;

    fz_setup();
    if (flags & 16) {
        xor_pos = fz_byte(&in);
        xor_val = fz_byte(&in);
    }
    if (flags & 8)
        sig_len = fz_byte(&in) % (slen + 4);
    fz_fill(&in, key, klen);
    memset(sig, 0, sizeof(sig));
    fz_bytes(&in, sig, sig_len);
    context_len = fz_bytes(&in, context, context_len);

    if (flags & 16) {
        /* a real signature by the reference backend, then perhaps one byte changed */
        struct et_env *renv = reference_backend(curve);
        EVP_PKEY *signer = et_key_from_seed(renv, curve, ET_EDFAST, key);
        size_t len = sizeof(sig);

        FZ_ASSERT(signer != NULL, "reference key");
        FZ_ASSERT(fz_raw(signer, pub, &pub_len, NULL, NULL), "reference export");
        memcpy(key, pub, klen);
        if (!sign(renv, signer, instance, context, context_len, with_context, in.data, in.len, sig,
                  &len))
            memset(sig, 0, sizeof(sig)); /* a refused combination: nothing to verify */
        sig[xor_pos % slen] ^= xor_val;
        EVP_PKEY_free(signer);
    }

    /* The default provider judges what it knows. */
    if ((kind == 0 && curve == ET_ED25519) || (curve == ET_ED448 && kind != 2 && context_len == 0)
            || OpenSSL_version_num() >= 0x30200000L) {
        ref_key = et_key(fz.ref, curve, ET_DEFAULT, NULL, key);
        if (ref_key != NULL)
            judged = verify(fz.ref, ref_key, ET_DEFAULT,
                            OpenSSL_version_num() >= 0x30200000L ? instance : NULL, context,
                            context_len,
                            OpenSSL_version_num() >= 0x30200000L && with_context, in.data,
                            in.len, sig, sig_len);
        ERR_clear_error();
    }

    int first = -2;
    const char *first_name = NULL;

    for (size_t b = 0; b < fz.count[curve]; b++) {
        struct et_env *env = fz.by_curve[curve][b].env;
        const char *name = fz.by_curve[curve][b].name;
        EVP_PKEY *pkey = et_key(env, curve, ET_EDFAST, NULL, key);
        int verdict;

        FZ_ASSERT(pkey != NULL, "%s: public key import refused", name);
        verdict = verify(env, pkey, ET_EDFAST, instance, context, context_len, with_context,
                         in.data, in.len, sig, sig_len);
        if (verdict < 0)
            verdict = 0; /* a refused instance/context combination is a "no" */
        if (first == -2) {
            first = verdict;
            first_name = name;
        } else if (verdict != first) {
            fz_hex("pub", key, klen);
            fz_hex("sig", sig, sig_len);
            fz_hex("context", context, context_len);
            FZ_ASSERT(0, "%s %s: %s says %d, %s says %d", et_curve_name(curve), instance, name,
                      verdict, first_name, first);
        }
        if (judged != -2) {
            int ref = judged < 0 ? 0 : judged;

            if (verdict != ref) {
                fz_hex("pub", key, klen);
                fz_hex("sig", sig, sig_len);
                FZ_ASSERT(0, "%s %s: %s says %d, default provider %d", et_curve_name(curve),
                          instance, name, verdict, ref);
            }
        }
        EVP_PKEY_free(pkey);
    }
    EVP_PKEY_free(ref_key);
    ERR_clear_error();
    return 0;
}
