/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The provider entry point: what edfast offers, which backend serves each
 * curve, and the parameters `openssl list -providers -verbose` shows.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include "errors.h"
#include "provctx.h"
#include "provider.h"
#include "der_codec.h"
#include "edfast_names.h"

static OSSL_FUNC_provider_teardown_fn edfast_teardown;
static OSSL_FUNC_provider_gettable_params_fn edfast_gettable_params;
static OSSL_FUNC_provider_get_params_fn edfast_get_params;
static OSSL_FUNC_provider_query_operation_fn edfast_query;
static OSSL_FUNC_provider_get_reason_strings_fn edfast_get_reason_strings;

#ifndef EDFAST_VERSION
#define EDFAST_VERSION "0.0.0"
#endif

static const OSSL_ALGORITHM keymgmt_algorithms[] = {
    {EDFAST_ALG_ED25519, EDFAST_PROPERTIES, edfast_ed25519_keymgmt_functions,
     "edfast ED25519 keys"},
    {EDFAST_ALG_ED448, EDFAST_PROPERTIES, edfast_ed448_keymgmt_functions,
     "edfast ED448 keys"},
    {NULL, NULL, NULL, NULL}
};

static const OSSL_ALGORITHM signature_algorithms[] = {
    {EDFAST_ALG_ED25519, EDFAST_PROPERTIES, edfast_ed25519_signature_functions,
     "edfast ED25519 signatures"},
    {EDFAST_ALG_ED448, EDFAST_PROPERTIES, edfast_ed448_signature_functions,
     "edfast ED448 signatures"},
    {NULL, NULL, NULL, NULL}
};

#if defined(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT)
/*
 * What OpenSSL 3.4's default provider offers: ED25519 and ED448 with the
 * message API too, and the names that fix the instance.  Offered only when
 * the running libcrypto is 3.4 or newer (edfast_query), so that one build
 * made with 3.4+ headers behaves on 3.0 exactly as a 3.0 build does.
 */
#define EDFAST_MESSAGE_API_VERSION 0x030400UL

static const OSSL_ALGORITHM message_signature_algorithms[] = {
    {EDFAST_ALG_ED25519, EDFAST_PROPERTIES, edfast_ed25519_message_signature_functions,
     "edfast ED25519 signatures"},
    {EDFAST_ALG_ED25519PH, EDFAST_PROPERTIES, edfast_ed25519ph_signature_functions,
     "edfast ED25519ph signatures"},
    {EDFAST_ALG_ED25519CTX, EDFAST_PROPERTIES, edfast_ed25519ctx_signature_functions,
     "edfast ED25519ctx signatures"},
    {EDFAST_ALG_ED448, EDFAST_PROPERTIES, edfast_ed448_message_signature_functions,
     "edfast ED448 signatures"},
    {EDFAST_ALG_ED448PH, EDFAST_PROPERTIES, edfast_ed448ph_signature_functions,
     "edfast ED448ph signatures"},
    {NULL, NULL, NULL, NULL}
};
#endif

/*
 * Key encoders, with OpenSSL's output and structure properties.  The order
 * matters, and is the default provider's: when no structure is asked for,
 * OpenSSL tries the last listed first, so PrivateKeyInfo comes before
 * EncryptedPrivateKeyInfo (which refuses without a cipher).
 */
#define EDFAST_KEY_ENCODERS(names, curve)                                                       \
    {names, EDFAST_PROPERTIES ",output=der,structure=EncryptedPrivateKeyInfo",                  \
     edfast_##curve##_epki_der_encoder_functions, NULL},                                        \
    {names, EDFAST_PROPERTIES ",output=pem,structure=EncryptedPrivateKeyInfo",                  \
     edfast_##curve##_epki_pem_encoder_functions, NULL},                                        \
    {names, EDFAST_PROPERTIES ",output=der,structure=PrivateKeyInfo",                           \
     edfast_##curve##_pki_der_encoder_functions, NULL},                                         \
    {names, EDFAST_PROPERTIES ",output=pem,structure=PrivateKeyInfo",                           \
     edfast_##curve##_pki_pem_encoder_functions, NULL},                                         \
    {names, EDFAST_PROPERTIES ",output=der,structure=SubjectPublicKeyInfo",                     \
     edfast_##curve##_spki_der_encoder_functions, NULL},                                        \
    {names, EDFAST_PROPERTIES ",output=pem,structure=SubjectPublicKeyInfo",                     \
     edfast_##curve##_spki_pem_encoder_functions, NULL},                                        \
    {names, EDFAST_PROPERTIES ",output=text", edfast_##curve##_text_encoder_functions, NULL}

static const OSSL_ALGORITHM encoder_algorithms[] = {
    EDFAST_KEY_ENCODERS(EDFAST_ALG_ED25519, ed25519),
    EDFAST_KEY_ENCODERS(EDFAST_ALG_ED448, ed448),
    {NULL, NULL, NULL, NULL}
};

/* "DER" decoders turn other input into DER for the key decoders, as OpenSSL's do. */
static const OSSL_ALGORITHM decoder_algorithms[] = {
    {EDFAST_ALG_ED25519, EDFAST_PROPERTIES ",input=der,structure=PrivateKeyInfo",
     edfast_ed25519_pki_decoder_functions, NULL},
    {EDFAST_ALG_ED25519, EDFAST_PROPERTIES ",input=der,structure=SubjectPublicKeyInfo",
     edfast_ed25519_spki_decoder_functions, NULL},
    {EDFAST_ALG_ED448, EDFAST_PROPERTIES ",input=der,structure=PrivateKeyInfo",
     edfast_ed448_pki_decoder_functions, NULL},
    {EDFAST_ALG_ED448, EDFAST_PROPERTIES ",input=der,structure=SubjectPublicKeyInfo",
     edfast_ed448_spki_decoder_functions, NULL},
    {"DER", EDFAST_PROPERTIES ",input=der,structure=EncryptedPrivateKeyInfo",
     edfast_epki_to_pki_decoder_functions, NULL},
    {"DER", EDFAST_PROPERTIES ",input=pem", edfast_pem_to_der_decoder_functions, NULL},
    {NULL, NULL, NULL, NULL}
};

/* OpenSSL 3 has its file: loader in the default and base providers only. */
static const OSSL_ALGORITHM store_algorithms[] = {
    {"file", EDFAST_PROPERTIES, edfast_file_store_functions, "edfast file: loader"},
    {NULL, NULL, NULL, NULL}
};

static const OSSL_ALGORITHM *edfast_query(void *vprovctx, int operation_id, int *no_cache)
{
    const struct edfast_provctx *provctx = vprovctx;

    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_KEYMGMT:
        return keymgmt_algorithms;
    case OSSL_OP_SIGNATURE:
#if defined(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT)
        if (provctx->core_version >= EDFAST_MESSAGE_API_VERSION)
            return message_signature_algorithms;
#endif
        return signature_algorithms;
    case OSSL_OP_ENCODER:
        return encoder_algorithms;
    case OSSL_OP_DECODER:
        return decoder_algorithms;
    case OSSL_OP_STORE:
        return store_algorithms;
    }
    return NULL;
}

static const OSSL_PARAM gettable_params[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
    OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
    OSSL_PARAM_utf8_ptr(EDFAST_PARAM_ED25519_BACKEND, NULL, 0),
    OSSL_PARAM_utf8_ptr(EDFAST_PARAM_ED448_BACKEND, NULL, 0),
    OSSL_PARAM_utf8_ptr(EDFAST_PARAM_ED25519_NATIVE_PATH, NULL, 0),
    OSSL_PARAM_utf8_ptr(EDFAST_PARAM_ED448_NATIVE_PATH, NULL, 0),
    OSSL_PARAM_utf8_ptr(EDFAST_PARAM_NATIVE_SELFTEST, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *edfast_gettable_params(void *provctx)
{
    (void)provctx;
    return gettable_params;
}

static int set_utf8(OSSL_PARAM params[], const char *name, const char *value)
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, name);

    return p == NULL || OSSL_PARAM_set_utf8_ptr(p, value);
}

/*
 * The native backend's path per curve and what its self-tests found so far
 * (a curve's runs before its first native key: "not run" until then, and
 * for good where another backend serves the curve).  Left unset in a build
 * without it.
 */
static int set_native_params(OSSL_PARAM params[])
{
    const struct edfast_backend *native = edfast_backend_by_name("native");

    if (native == NULL || native->path == NULL || native->self_test == NULL)
        return 1;
    return set_utf8(params, EDFAST_PARAM_ED25519_NATIVE_PATH, native->path(EDFAST_ED25519))
        && set_utf8(params, EDFAST_PARAM_ED448_NATIVE_PATH, native->path(EDFAST_ED448))
        && set_utf8(params, EDFAST_PARAM_NATIVE_SELFTEST, native->self_test());
}

/*
 * The build information line, written at its first request rather than at
 * load: formatting it reads constants that loading would otherwise map
 * (EDFAST_LOAD_DATA).
 */
static const char *buildinfo(struct edfast_provctx *provctx)
{
    static pthread_mutex_t buildinfo_lock = PTHREAD_MUTEX_INITIALIZER;

    pthread_mutex_lock(&buildinfo_lock);
    if (provctx->buildinfo[0] == '\0')
        snprintf(provctx->buildinfo, sizeof(provctx->buildinfo),
                 "edfast %s; backends: ED25519=%s ED448=%s", EDFAST_VERSION,
                 provctx->backend[EDFAST_ED25519]->name, provctx->backend[EDFAST_ED448]->name);
    pthread_mutex_unlock(&buildinfo_lock);
    return provctx->buildinfo;
}

static int edfast_get_params(void *vprovctx, OSSL_PARAM params[])
{
    struct edfast_provctx *provctx = vprovctx;
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);

    return (p == NULL || OSSL_PARAM_set_int(p, 1))
        && set_utf8(params, OSSL_PROV_PARAM_NAME, EDFAST_PROVIDER_NAME)
        && set_utf8(params, OSSL_PROV_PARAM_VERSION, EDFAST_VERSION)
        && set_utf8(params, OSSL_PROV_PARAM_BUILDINFO, buildinfo(provctx))
        && set_utf8(params, EDFAST_PARAM_ED25519_BACKEND,
                    provctx->backend[EDFAST_ED25519]->name)
        && set_utf8(params, EDFAST_PARAM_ED448_BACKEND, provctx->backend[EDFAST_ED448]->name)
        && set_native_params(params);
}

static const OSSL_ITEM *edfast_get_reason_strings(void *provctx)
{
    (void)provctx;
    return edfast_reason_strings();
}

static void edfast_teardown(void *vprovctx)
{
    struct edfast_provctx *provctx = vprovctx;
    enum edfast_curve curve;

    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++)
        EVP_MD_free(atomic_load_explicit(&provctx->prehash[curve], memory_order_relaxed));
    edfast_codec_teardown();
    OPENSSL_free(provctx);
    edfast_backends_release();
}

/* The core's parameter key as a string (core_get_params), or NULL when it has none. */
static const char *core_param(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                              const char *key)
{
    OSSL_FUNC_core_get_params_fn *core_get_params = NULL;
    const char *value = NULL;
    OSSL_PARAM request[2];

    for (; in->function_id != 0; in++)
        if (in->function_id == OSSL_FUNC_CORE_GET_PARAMS)
            core_get_params = OSSL_FUNC_core_get_params(in);
    if (core_get_params == NULL)
        return NULL;
    request[0] = OSSL_PARAM_construct_utf8_ptr(key, (char **)&value, 0);
    request[1] = OSSL_PARAM_construct_end();
    return core_get_params(handle, request) ? value : NULL;
}

/* The "backend" line of the provider's section in openssl.cnf, if any. */
static const char *configured_preference(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in)
{
    static const char backend_key[] EDFAST_LOAD_DATA = "backend";

    return core_param(handle, in, backend_key);
}

/*
 * The running libcrypto's version, 0xMMNNPP, from the core's "openssl-version"
 * ("3.4.2", maybe with a suffix); 0 when the core does not tell.
 */
static unsigned long core_version(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in)
{
    static const char version_key[] EDFAST_LOAD_DATA = OSSL_PROV_PARAM_CORE_VERSION;
    static const char version_format[] EDFAST_LOAD_DATA = "%u.%u.%u";
    const char *version = core_param(handle, in, version_key);
    unsigned int major = 0, minor = 0, patch = 0;

    if (version == NULL
        || sscanf(version, version_format, &major, &minor, &patch) < 2 || major > 255
        || minor > 255 || patch > 255)
        return 0;
    return ((unsigned long)major << 16) | ((unsigned long)minor << 8) | patch;
}

/* The environment overrides the configuration, so one run can try another backend. */
static void choose_backends(struct edfast_provctx *provctx, const char *configured)
{
    static const char preference_variable[] EDFAST_LOAD_DATA = "EDFAST_BACKEND";
    const char *preference = getenv(preference_variable);
    enum edfast_curve curve;
    enum edfast_framing framing;

    if (preference == NULL || preference[0] == '\0')
        preference = configured;
    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        provctx->backend[curve] = edfast_backend_choose(curve, EDFAST_PURE, preference);
        provctx->ops[curve] = provctx->backend[curve]->curve[curve];
        for (framing = 0; framing < EDFAST_FRAMING_COUNT; framing++) {
            const struct edfast_backend *other;

            if (edfast_ops_serve(provctx->ops[curve], framing)) {
                provctx->framing_ops[curve][framing] = provctx->ops[curve];
                continue;
            }
            other = edfast_backend_choose(curve, framing, preference);
            provctx->framing_ops[curve][framing] = other != NULL ? other->curve[curve] : NULL;
        }
    }
}

static const OSSL_DISPATCH provider_functions[] = {
    EDFAST_DISPATCH(OSSL_FUNC_PROVIDER_TEARDOWN, edfast_teardown),
    EDFAST_DISPATCH(OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, edfast_gettable_params),
    EDFAST_DISPATCH(OSSL_FUNC_PROVIDER_GET_PARAMS, edfast_get_params),
    EDFAST_DISPATCH(OSSL_FUNC_PROVIDER_QUERY_OPERATION, edfast_query),
    EDFAST_DISPATCH(OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, edfast_get_reason_strings),
    EDFAST_DISPATCH_END
};

/*
 * The module's DT_FINI (-Wl,-fini in CMakeLists.txt), which the dynamic
 * loader calls when the module is unloaded or the process exits.  The C
 * runtime's _fini does nothing on the targets edfast builds for (destructors
 * run from .fini_array), but it is linked at the end of the code, where
 * calling it maps one more 64 KiB window of code into every process that
 * loaded edfast (scripts/load-cost.py); this one lies with the load-time code.
 */
__attribute__((used)) void edfast_fini(void)
{
}

__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx_out)
{
    struct edfast_provctx *provctx;

    edfast_errors_init(in);
    if (!edfast_backends_acquire())
        return 0;
    provctx = OPENSSL_zalloc(sizeof(*provctx));
    if (provctx == NULL) {
        edfast_raise_at(handle, OPENSSL_FILE, OPENSSL_LINE, __func__, EDFAST_R_OUT_OF_MEMORY, NULL);
        edfast_backends_release();
        return 0;
    }
    provctx->handle = handle;
    provctx->core_version = core_version(handle, in);
    choose_backends(provctx, configured_preference(handle, in));
    edfast_codec_init(in);
    *out = provider_functions;
    *provctx_out = provctx;
    return 1;
}
