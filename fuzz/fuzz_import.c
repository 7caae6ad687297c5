/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Raw key import through EVP_PKEY_fromdata with provider=edfast, for every
 * backend, held to the default provider: the same import verdict, the same
 * public key (derived when only the seed is given), byte-identical
 * signatures, the same verify verdicts for our own and a fuzzed signature,
 * the same pairwise-check verdict, and EVP_PKEY_eq across the providers.
 *
 * Input: flags byte (bit 0 curve; bits 1-2 which halves: 0 public, 1 private,
 * 2 both, 3 both with the public half the seed's; bit 3 lengths perturbed by
 * the next two signed bytes), seed, public key, signature, message.
 */
#include <string.h>
#include <openssl/core_names.h>
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

static EVP_PKEY *import(OSSL_LIB_CTX *ctx, enum et_curve curve, const char *propq,
                        const uint8_t *seed, size_t seed_len, const uint8_t *pub, size_t pub_len)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(ctx, et_curve_name(curve), propq);
    EVP_PKEY *pkey = NULL;
    OSSL_PARAM params[3];
    size_t n = 0;

    if (pub != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub,
                                                        pub_len);
    if (seed != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, (void *)seed,
                                                        seed_len);
    params[n] = OSSL_PARAM_construct_end();
    FZ_ASSERT(pctx != NULL, "no %s keymgmt for %s", et_curve_name(curve), propq);
    if (EVP_PKEY_fromdata_init(pctx) <= 0
            || EVP_PKEY_fromdata(pctx, &pkey, seed != NULL ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                                 params) <= 0)
        pkey = NULL;
    EVP_PKEY_CTX_free(pctx);
    return pkey;
}

static int pairwise(OSSL_LIB_CTX *ctx, EVP_PKEY *pkey, const char *propq)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(ctx, pkey, propq);
    int rv;

    FZ_ASSERT(pctx != NULL, "no check context");
    rv = EVP_PKEY_pairwise_check(pctx) == 1;
    EVP_PKEY_CTX_free(pctx);
    ERR_clear_error();
    return rv;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_input in = {data, size};
    uint8_t flags = fz_byte(&in);
    enum et_curve curve = (enum et_curve)(flags & 1);
    int halves = (flags >> 1) & 3;
    size_t klen = et_key_len(curve), slen = et_sig_len(curve);
    size_t seed_len = klen, pub_len = klen;
    uint8_t seed[ET_MAX_KEY + 8], pub[ET_MAX_KEY + 8], fsig[ET_MAX_SIG];
    uint8_t ref_sig[ET_MAX_SIG], sig[ET_MAX_SIG];
    uint8_t ref_pub[ET_MAX_KEY], got_pub[ET_MAX_KEY], ref_priv[ET_MAX_KEY], got_priv[ET_MAX_KEY];
    size_t ref_pub_len, got_pub_len, ref_priv_len, got_priv_len, ref_sig_len = 0, sig_len;
    const uint8_t *use_seed, *use_pub;
    EVP_PKEY *ref;
    int ref_signed = 0, ref_fverdict = 0, ref_pairwise = 0;

    fz_setup();
    if (flags & 8) {
        seed_len = (size_t)((int)klen + (int8_t)fz_byte(&in) % 8);
        pub_len = (size_t)((int)klen + (int8_t)fz_byte(&in) % 8);
    }
    fz_fill(&in, seed, seed_len);
    fz_fill(&in, pub, pub_len);
    fz_fill(&in, fsig, slen);
    use_seed = halves != 0 ? seed : NULL;
    use_pub = halves != 1 ? pub : NULL;
    if (halves == 3 && seed_len == klen && pub_len == klen) {
        /* a consistent pair: the public half as the default provider derives it */
        EVP_PKEY *pair = import(fz.ref->ctx, curve, ET_DEFAULT, seed, seed_len, NULL, 0);

        if (pair != NULL && fz_raw(pair, ref_pub, &ref_pub_len, NULL, NULL))
            memcpy(pub, ref_pub, klen);
        EVP_PKEY_free(pair);
    }

    ref = import(fz.ref->ctx, curve, ET_DEFAULT, use_seed, seed_len, use_pub, pub_len);
    ERR_clear_error();
    if (ref != NULL) {
        FZ_ASSERT(fz_raw(ref, ref_pub, &ref_pub_len, ref_priv, &ref_priv_len), "default export");
        if (use_seed != NULL) {
            ref_sig_len = sizeof(ref_sig);
            ref_signed = et_sign(fz.ref, ref, ET_DEFAULT, in.data, in.len, ref_sig, &ref_sig_len);
        }
        ref_fverdict = et_verify(fz.ref, ref, ET_DEFAULT, in.data, in.len, fsig, slen);
        ref_pairwise = use_seed != NULL && pairwise(fz.ref->ctx, ref, ET_DEFAULT);
        ERR_clear_error();
    }

    for (size_t b = 0; b < fz.count[curve]; b++) {
        struct et_env *env = fz.by_curve[curve][b].env;
        const char *name = fz.by_curve[curve][b].name;
        EVP_PKEY *got = import(env->ctx, curve, ET_EDFAST, use_seed, seed_len, use_pub, pub_len);

        ERR_clear_error();
        FZ_ASSERT((got != NULL) == (ref != NULL),
                  "%s %s: import verdict %d, default provider %d (halves %d, lengths %zu/%zu)",
                  et_curve_name(curve), name, got != NULL, ref != NULL, halves, seed_len, pub_len);
        if (got == NULL)
            continue;
        FZ_ASSERT(strcmp(et_key_provider(got), "edfast") == 0, "key not edfast's");
        FZ_ASSERT(fz_raw(got, got_pub, &got_pub_len, got_priv, &got_priv_len), "edfast export");
        FZ_ASSERT(got_pub_len == ref_pub_len && memcmp(got_pub, ref_pub, ref_pub_len) == 0,
                  "%s %s: public key differs from the default provider's", et_curve_name(curve),
                  name);
        FZ_ASSERT(got_priv_len == ref_priv_len && memcmp(got_priv, ref_priv, ref_priv_len) == 0,
                  "%s %s: private key export differs", et_curve_name(curve), name);
        FZ_ASSERT(EVP_PKEY_eq(got, ref) == 1, "%s %s: EVP_PKEY_eq with the default's key",
                  et_curve_name(curve), name);
        ERR_clear_error();
        if (use_seed != NULL) {
            int ok;

            sig_len = sizeof(sig);
            ok = et_sign(env, got, ET_EDFAST, in.data, in.len, sig, &sig_len);
            FZ_ASSERT(ok == ref_signed, "%s %s: sign verdict %d, default %d",
                      et_curve_name(curve), name, ok, ref_signed);
            if (ok) {
                if (sig_len != ref_sig_len || memcmp(sig, ref_sig, sig_len) != 0) {
                    fz_hex("edfast ", sig, sig_len);
                    fz_hex("default", ref_sig, ref_sig_len);
                    FZ_ASSERT(0, "%s %s: signature differs from the default provider's",
                              et_curve_name(curve), name);
                }
                FZ_ASSERT(et_verify(env, got, ET_EDFAST, in.data, in.len, sig, sig_len)
                              == et_verify(fz.ref, ref, ET_DEFAULT, in.data, in.len, sig, sig_len),
                          "%s %s: verdict on its own signature differs", et_curve_name(curve),
                          name);
            }
            FZ_ASSERT(pairwise(env->ctx, got, ET_EDFAST) == ref_pairwise,
                      "%s %s: pairwise check %d, default %d", et_curve_name(curve), name,
                      !ref_pairwise, ref_pairwise);
        }
        FZ_ASSERT(et_verify(env, got, ET_EDFAST, in.data, in.len, fsig, slen) == ref_fverdict,
                  "%s %s: verdict on the fuzzed signature differs (default %d)",
                  et_curve_name(curve), name, ref_fverdict);
        ERR_clear_error();
        EVP_PKEY_free(got);
    }
    EVP_PKEY_free(ref);
    ERR_clear_error();
    return 0;
}
