/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ED25519 and ED448 key management: making, importing, exporting, comparing
 * and checking keys.  Parameters and their semantics follow OpenSSL's default
 * provider so that keys move between the two unchanged.
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include "errors.h"
#include "key.h"
#include "provider.h"

static OSSL_FUNC_keymgmt_new_fn ed25519_new, ed448_new;
static OSSL_FUNC_keymgmt_free_fn key_free;
static OSSL_FUNC_keymgmt_has_fn key_has;
static OSSL_FUNC_keymgmt_match_fn key_match;
static OSSL_FUNC_keymgmt_import_fn key_import;
static OSSL_FUNC_keymgmt_import_types_fn key_imexport_types;
static OSSL_FUNC_keymgmt_export_types_fn key_imexport_types;
static OSSL_FUNC_keymgmt_export_fn key_export;
static OSSL_FUNC_keymgmt_get_params_fn key_get_params;
static OSSL_FUNC_keymgmt_gettable_params_fn key_gettable_params;
static OSSL_FUNC_keymgmt_validate_fn key_validate;
static OSSL_FUNC_keymgmt_dup_fn key_dup;
static OSSL_FUNC_keymgmt_load_fn key_load;
static OSSL_FUNC_keymgmt_gen_init_fn ed25519_gen_init, ed448_gen_init;
static OSSL_FUNC_keymgmt_gen_set_params_fn gen_set_params;
static OSSL_FUNC_keymgmt_gen_settable_params_fn gen_settable_params;
static OSSL_FUNC_keymgmt_gen_fn gen;
static OSSL_FUNC_keymgmt_gen_cleanup_fn gen_cleanup;

struct curve_facts {
    int bits;
    int security_bits;
    int max_signature_size;
};

static const struct curve_facts facts[EDFAST_CURVE_COUNT] = {
    [EDFAST_ED25519] = {256, 128, 64},
    [EDFAST_ED448] = {456, 224, 114},
};

struct gen_ctx {
    const struct edfast_provctx *provctx;
    enum edfast_curve curve;
    int selection;
};

static void *ed25519_new(void *provctx)
{
    return edfast_key_new(provctx, EDFAST_ED25519);
}

static void *ed448_new(void *provctx)
{
    return edfast_key_new(provctx, EDFAST_ED448);
}

static void key_free(void *key)
{
    edfast_key_free(key);
}

static int key_has(const void *keydata, int selection)
{
    const struct edfast_key *key = keydata;

    if (key == NULL)
        return 0;
    /* EdDSA keys have no domain parameters: asking for them is always satisfied. */
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && !edfast_key_is_filled(key))
        return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key->seed == NULL)
        return 0;
    return 1;
}

static int key_match(const void *keydata1, const void *keydata2, int selection)
{
    const struct edfast_key *a = keydata1, *b = keydata2;
    size_t len;

    if (a == NULL || b == NULL || a->curve != b->curve)
        return 0;
    len = edfast_key_bytes(a->curve);
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return 1;
    /* As the default provider: the public halves decide when both have one. */
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0
            && edfast_key_is_filled(a) && edfast_key_is_filled(b))
        return CRYPTO_memcmp(a->pub, b->pub, len) == 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && a->seed != NULL && b->seed != NULL)
        return CRYPTO_memcmp(a->seed, b->seed, len) == 0;
    return 0;
}

/* An octet-string parameter of exactly the curve's key length, or NULL when absent. */
static int get_key_half(const struct edfast_key *key, const OSSL_PARAM *param,
                        const uint8_t **half)
{
    *half = NULL;
    if (param == NULL)
        return 1;
    if (param->data_type != OSSL_PARAM_OCTET_STRING
            || param->data_size != edfast_key_bytes(key->curve)) {
        EDFAST_RAISE(key->provctx, EDFAST_R_INVALID_KEY_LENGTH,
                     "%s must be %zu bytes", param->key, edfast_key_bytes(key->curve));
        return 0;
    }
    *half = param->data;
    return 1;
}

static int key_import(void *keydata, int selection, const OSSL_PARAM params[])
{
    struct edfast_key *key = keydata;
    const uint8_t *seed, *pub;

    if (key == NULL || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return 0;
    if (!get_key_half(key, OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY), &pub)
            || !get_key_half(key, (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0
                                      ? OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)
                                      : NULL,
                             &seed))
        return 0;
    return edfast_key_fill(key, seed, pub);
}

static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *key_imexport_types(int selection)
{
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 ? key_types : NULL;
}

static int key_export(void *keydata, int selection, OSSL_CALLBACK *param_cb, void *cbarg)
{
    struct edfast_key *key = keydata;
    size_t len;
    OSSL_PARAM params[3];
    size_t n = 0;

    if (key == NULL || !edfast_key_is_filled(key)
            || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return 0;
    len = edfast_key_bytes(key->curve);
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, key->pub, len);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key->seed != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, key->seed, len);
    params[n] = OSSL_PARAM_construct_end();
    return param_cb(params, cbarg);
}

/*
 * One pass over the request rather than a scan per name: libcrypto asks a
 * key for its digest names on every signature's set-up, and six
 * OSSL_PARAM_locate scans cost that ~500 instructions (keygen ~600).
 */
static int key_get_param(const struct edfast_key *key, OSSL_PARAM *p)
{
    const struct curve_facts *f = &facts[key->curve];
    size_t len = edfast_key_bytes(key->curve);

    if (strcmp(p->key, OSSL_PKEY_PARAM_MANDATORY_DIGEST) == 0)
        return OSSL_PARAM_set_utf8_string(p, "");
    if (strcmp(p->key, OSSL_PKEY_PARAM_BITS) == 0)
        return OSSL_PARAM_set_int(p, f->bits);
    if (strcmp(p->key, OSSL_PKEY_PARAM_SECURITY_BITS) == 0)
        return OSSL_PARAM_set_int(p, f->security_bits);
    if (strcmp(p->key, OSSL_PKEY_PARAM_MAX_SIZE) == 0)
        return OSSL_PARAM_set_int(p, f->max_signature_size);
    if (strcmp(p->key, OSSL_PKEY_PARAM_PUB_KEY) == 0)
        return !edfast_key_is_filled(key) || OSSL_PARAM_set_octet_string(p, key->pub, len);
    if (strcmp(p->key, OSSL_PKEY_PARAM_PRIV_KEY) == 0)
        return key->seed == NULL || OSSL_PARAM_set_octet_string(p, key->seed, len);
    return 1;
}

static int key_get_params(void *keydata, OSSL_PARAM params[])
{
    const struct edfast_key *key = keydata;
    OSSL_PARAM *p;

    if (key == NULL)
        return 0;
    for (p = params; p != NULL && p->key != NULL; p++)
        if (!key_get_param(key, p))
            return 0;
    return 1;
}

static const OSSL_PARAM gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *key_gettable_params(void *provctx)
{
    (void)provctx;
    return gettable;
}

static int key_validate(const void *keydata, int selection, int checktype)
{
    const struct edfast_key *key = keydata;
    uint8_t derived[EDFAST_MAX_KEY_BYTES];
    int ok;

    (void)checktype;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return 1;
    if (!key_has(key, selection))
        return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != OSSL_KEYMGMT_SELECT_KEYPAIR)
        return 1;
    if (!edfast_key_ops(key)->derive_public(key->seed, derived)) {
        EDFAST_RAISE(key->provctx, EDFAST_R_BACKEND_FAILURE, "deriving the public key");
        return 0;
    }
    /* A pair is valid only when the public half is the one the seed gives. */
    ok = CRYPTO_memcmp(derived, key->pub, edfast_key_bytes(key->curve)) == 0;
    OPENSSL_cleanse(derived, sizeof(derived));
    return ok;
}

static void *key_dup(const void *keydata, int selection)
{
    const struct edfast_key *key = keydata;

    if (key == NULL)
        return NULL;
    /* Keys never change once filled, so a copy with all the key has may be the key itself. */
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 || key->seed == NULL)
        return edfast_key_up_ref((struct edfast_key *)key);
    return edfast_key_public_copy(key);
}

static void *key_load(const void *reference, size_t reference_size)
{
    struct edfast_key *key;

    /* Our own decoders pass a pointer to the key they made; we take it over. */
    if (reference == NULL || reference_size != sizeof(key))
        return NULL;
    key = *(struct edfast_key *const *)reference;
    *(struct edfast_key **)reference = NULL;
    return key;
}

static void *gen_init(void *provctx, int selection, const OSSL_PARAM params[],
                      enum edfast_curve curve)
{
    struct gen_ctx *gctx = OPENSSL_zalloc(sizeof(*gctx));

    (void)params; /* properties are the only setting, and edfast needs none */
    if (gctx == NULL) {
        EDFAST_RAISE((const struct edfast_provctx *)provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return NULL;
    }
    gctx->provctx = provctx;
    gctx->curve = curve;
    gctx->selection = selection;
    return gctx;
}

static void *ed25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    return gen_init(provctx, selection, params, EDFAST_ED25519);
}

static void *ed448_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    return gen_init(provctx, selection, params, EDFAST_ED448);
}

static int gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    (void)genctx;
    (void)params;
    return 1;
}

static const OSSL_PARAM gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *gen_settable_params(void *genctx, void *provctx)
{
    (void)genctx;
    (void)provctx;
    return gen_settable;
}

static void *gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    struct gen_ctx *gctx = genctx;
    struct edfast_key *key = edfast_key_new(gctx->provctx, gctx->curve);

    (void)cb;
    (void)cbarg;
    if (key == NULL || (gctx->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return key;
    if (!edfast_key_generate(key)) {
        edfast_key_free(key);
        return NULL;
    }
    return key;
}

static void gen_cleanup(void *genctx)
{
    OPENSSL_free(genctx);
}

#define KEYMGMT_FUNCTIONS(curve)                                                                   \
    const OSSL_DISPATCH edfast_##curve##_keymgmt_functions[] = {                                   \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_NEW, curve##_new),                                       \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_FREE, key_free),                                         \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_HAS, key_has),                                           \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_MATCH, key_match),                                       \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_IMPORT, key_import),                                     \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, key_imexport_types),                       \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_EXPORT, key_export),                                     \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, key_imexport_types),                       \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_GET_PARAMS, key_get_params),                             \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, key_gettable_params),                   \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_VALIDATE, key_validate),                                 \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_DUP, key_dup),                                           \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_LOAD, key_load),                                         \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_GEN_INIT, curve##_gen_init),                             \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, gen_set_params),                         \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, gen_settable_params),               \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_GEN, gen),                                               \
        EDFAST_DISPATCH(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, gen_cleanup),                               \
        EDFAST_DISPATCH_END                                                                        \
    }

KEYMGMT_FUNCTIONS(ed25519);
KEYMGMT_FUNCTIONS(ed448);
