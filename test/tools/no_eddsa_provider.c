/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A test-only provider module: OpenSSL's default provider with its ED25519
 * and ED448 key management and signatures taken out, everything else
 * (digests, ciphers, KDFs, random numbers, encoders, decoders, the file
 * store, TLS groups) passed through.  The technique is OpenSSL's own
 * test/filterprov.c: the default provider is loaded in a private library
 * context and its algorithm tables are handed on, filtered.
 *
 * Loaded next to edfast (and instead of the default provider) by a config,
 * it makes any openssl command a proof: whatever EdDSA key or signature the
 * command uses can only be edfast's.
 */
#include <string.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/provider.h>

static OSSL_LIB_CTX *inner_ctx;
static OSSL_PROVIDER *inner_default;
#define MAX_OPERATION 64
static OSSL_ALGORITHM *filtered[MAX_OPERATION];

static int is_eddsa(const char *names)
{
    return strncmp(names, "ED25519", 7) == 0 || strncmp(names, "ED448", 5) == 0;
}

static const OSSL_ALGORITHM *no_eddsa_query(void *provctx, int operation, int *no_cache)
{
    const OSSL_ALGORITHM *all = OSSL_PROVIDER_query_operation(inner_default, operation, no_cache);
    size_t n = 0, kept = 0, i;

    (void)provctx;
    if (all == NULL || (operation != OSSL_OP_KEYMGMT && operation != OSSL_OP_SIGNATURE))
        return all;
    if (operation >= MAX_OPERATION)
        return NULL;
    if (filtered[operation] == NULL) {
        while (all[n].algorithm_names != NULL)
            n++;
        filtered[operation] = OPENSSL_zalloc((n + 1) * sizeof(OSSL_ALGORITHM));
        if (filtered[operation] == NULL)
            return NULL;
        for (i = 0; i < n; i++)
            if (!is_eddsa(all[i].algorithm_names))
                filtered[operation][kept++] = all[i];
    }
    *no_cache = 0;
    return filtered[operation];
}

static void no_eddsa_unquery(void *provctx, int operation, const OSSL_ALGORITHM *algs)
{
    (void)provctx;
    (void)algs;
    OSSL_PROVIDER_unquery_operation(inner_default, operation, NULL);
}

static int no_eddsa_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb,
                                 void *arg)
{
    (void)provctx;
    return OSSL_PROVIDER_get_capabilities(inner_default, capability, cb, arg);
}

/* Instances loaded into the tests' library contexts share one inner default provider. */
static int instances;

static void no_eddsa_teardown(void *provctx)
{
    int i;

    (void)provctx;
    if (--instances > 0)
        return;
    OSSL_PROVIDER_unload(inner_default);
    OSSL_LIB_CTX_free(inner_ctx);
    inner_default = NULL;
    inner_ctx = NULL;
    for (i = 0; i < MAX_OPERATION; i++) {
        OPENSSL_free(filtered[i]);
        filtered[i] = NULL;
    }
}

static const OSSL_PARAM gettable[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *no_eddsa_gettable_params(void *provctx)
{
    (void)provctx;
    return gettable;
}

static int no_eddsa_get_params(void *provctx, OSSL_PARAM params[])
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);

    (void)provctx;
    return p == NULL || OSSL_PARAM_set_utf8_ptr(p, "OpenSSL default provider without EdDSA (edfast tests)");
}

static const OSSL_DISPATCH no_eddsa_dispatch[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))no_eddsa_teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))no_eddsa_gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))no_eddsa_get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))no_eddsa_query},
    {OSSL_FUNC_PROVIDER_UNQUERY_OPERATION, (void (*)(void))no_eddsa_unquery},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))no_eddsa_capabilities},
    {0, NULL}
};

__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    (void)handle;
    (void)in;
    if (inner_ctx == NULL
            && ((inner_ctx = OSSL_LIB_CTX_new()) == NULL
                || (inner_default = OSSL_PROVIDER_load(inner_ctx, "default")) == NULL)) {
        OSSL_LIB_CTX_free(inner_ctx);
        inner_ctx = NULL;
        return 0;
    }
    instances++;
    /* The default provider's own context serves its algorithms. */
    *provctx = OSSL_PROVIDER_get0_provider_ctx(inner_default);
    *out = no_eddsa_dispatch;
    return 1;
}
