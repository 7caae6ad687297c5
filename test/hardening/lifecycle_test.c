/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Load, use, unload: for every backend, edfast is loaded into a fresh
 * OSSL_LIB_CTX (with EDFAST_BACKEND naming it), makes keys of both curves,
 * signs, verifies, encodes and decodes nothing else, and is unloaded before
 * the context is freed.  Run under valgrind with definite and indirect leaks
 * as errors: the provider must leave nothing behind, however many times it
 * comes and goes.  edfast is loaded alone (no default provider) so that any
 * leak is its own.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/err.h>
#include <openssl/provider.h>
#include "edfast_test_util.h"

static void cycle(const char *backend)
{
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov;
    struct et_env env;

    ET_CHECK(ctx != NULL && OSSL_PROVIDER_set_default_search_path(ctx, et_provider_dir()),
             "context");
    setenv("EDFAST_BACKEND", backend, 1);
    prov = OSSL_PROVIDER_load(ctx, "edfast");
    unsetenv("EDFAST_BACKEND");
    ET_CHECK(prov != NULL, "load edfast with %s", backend);
    if (prov == NULL) {
        OSSL_LIB_CTX_free(ctx);
        return;
    }
    memset(&env, 0, sizeof(env));
    env.ctx = ctx;
    for (int curve = 0; curve < ET_CURVES; curve++) {
        EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(ctx, et_curve_name(curve), ET_EDFAST);
        EVP_PKEY *key = NULL, *copy = NULL;
        static const uint8_t msg[] = "lifecycle";
        uint8_t sig[ET_MAX_SIG], raw[ET_MAX_KEY];
        size_t len = sizeof(sig), raw_len = sizeof(raw);

        ET_CHECK(g != NULL && EVP_PKEY_keygen_init(g) == 1 && EVP_PKEY_generate(g, &key) == 1,
                 "%s %s keygen", backend, et_curve_name(curve));
        ET_CHECK(key != NULL && et_sign(&env, key, ET_EDFAST, msg, sizeof(msg), sig, &len),
                 "%s sign", backend);
        ET_CHECK(et_verify(&env, key, ET_EDFAST, msg, sizeof(msg), sig, len) == 1, "verify");
        ET_CHECK(key != NULL && EVP_PKEY_get_raw_public_key(key, raw, &raw_len) == 1, "raw");
        copy = et_key(&env, curve, ET_EDFAST, NULL, raw);
        ET_CHECK(copy != NULL && et_verify(&env, copy, ET_EDFAST, msg, sizeof(msg), sig, len) == 1,
                 "verify with the public key");
        /* an error path too: a short signature */
        ET_CHECK(et_verify(&env, copy, ET_EDFAST, msg, sizeof(msg), sig, len - 1) != 1,
                 "short signature refused");
        ERR_clear_error();
        EVP_PKEY_free(copy);
        EVP_PKEY_free(key);
        EVP_PKEY_CTX_free(g);
    }
    ET_CHECK(OSSL_PROVIDER_unload(prov) == 1, "unload");
    OSSL_LIB_CTX_free(ctx);
}

int main(void)
{
    static const char *const backends[] = {"native", "sodium", "decaf", "openssl"};

    for (int round = 0; round < 2; round++)
        for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
            cycle(backends[i]);
    return et_finish("hardening_lifecycle");
}
