/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ED25519 and ED448 encoders: PKCS#8 PrivateKeyInfo and EncryptedPrivateKeyInfo,
 * X.509 SubjectPublicKeyInfo, each as DER or PEM, and the `text` form of
 * `openssl pkey -text`.  Output is byte for byte the default provider's.
 *
 * Selections are handled as OpenSSL's own encoders do: each structure says
 * which key parts it can carry (private key for PKCS#8, public key for
 * SubjectPublicKeyInfo), a selection is matched from its most to its least
 * inclusive part, and 0 means "guess".  PrivateKeyInfo encrypts (becoming
 * EncryptedPrivateKeyInfo) when a cipher has been set, as OpenSSL's does.
 */
#include <string.h>
#include <openssl/asn1.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/proverr.h>
#include <openssl/x509.h>
#include "der_codec.h"
#include "errors.h"
#include "key.h"
#include "provider.h"

static OSSL_FUNC_encoder_newctx_fn enc_newctx;
static OSSL_FUNC_encoder_freectx_fn enc_freectx;
static OSSL_FUNC_encoder_settable_ctx_params_fn enc_settable_ctx_params;
static OSSL_FUNC_encoder_set_ctx_params_fn enc_set_ctx_params;
static OSSL_FUNC_encoder_free_object_fn free_key;

enum structure { PRIVATE_KEY_INFO, ENCRYPTED_PRIVATE_KEY_INFO, SUBJECT_PUBLIC_KEY_INFO, TEXT };
enum output { DER, PEM };

struct enc_ctx {
    const struct edfast_provctx *provctx;
    int cipher_intent; /* a cipher name was set: encrypt */
    EVP_CIPHER *cipher;
};

static void *enc_newctx(void *provctx)
{
    struct enc_ctx *ctx = OPENSSL_zalloc(sizeof(*ctx));

    if (ctx == NULL) {
        EDFAST_RAISE((const struct edfast_provctx *)provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return NULL;
    }
    ctx->provctx = provctx;
    return ctx;
}

static void enc_freectx(void *vctx)
{
    struct enc_ctx *ctx = vctx;

    if (ctx == NULL)
        return;
    EVP_CIPHER_free(ctx->cipher);
    OPENSSL_free(ctx);
}

static const OSSL_PARAM enc_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *enc_settable_ctx_params(void *provctx)
{
    (void)provctx;
    return enc_settable;
}

/*
 * The cipher is fetched from the context edfast encrypts in (see der_codec.h),
 * which holds the default provider only.  Properties are honoured when they
 * can be; ones written for the application's providers (such as
 * provider=edfast) cannot match there, and are then dropped.
 */
static int enc_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    struct enc_ctx *ctx = vctx;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
    const char *name = NULL, *props = NULL;
    OSSL_LIB_CTX *reference;

    if (p == NULL)
        return 1;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name))
        return 0;
    p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES);
    if (p != NULL && !OSSL_PARAM_get_utf8_string_ptr(p, &props))
        return 0;
    EVP_CIPHER_free(ctx->cipher);
    ctx->cipher = NULL;
    ctx->cipher_intent = name != NULL;
    if (name == NULL)
        return 1;
    if ((reference = edfast_backends_reference()) == NULL)
        return 0;
    ERR_set_mark();
    ctx->cipher = EVP_CIPHER_fetch(reference, name, props);
    if (ctx->cipher == NULL && props != NULL)
        ctx->cipher = EVP_CIPHER_fetch(reference, name, NULL);
    if (ctx->cipher == NULL) {
        ERR_clear_last_mark();
        ERR_raise_data(ERR_LIB_PROV, PROV_R_MISSING_CIPHER, "edfast: no cipher %s", name);
        return 0;
    }
    ERR_pop_to_mark();
    return 1;
}

/* The key parts each structure can carry; text shows any. */
static int structure_mask(enum structure structure)
{
    switch (structure) {
    case PRIVATE_KEY_INFO:
    case ENCRYPTED_PRIVATE_KEY_INFO:
        return OSSL_KEYMGMT_SELECT_PRIVATE_KEY;
    case SUBJECT_PUBLIC_KEY_INFO:
        return OSSL_KEYMGMT_SELECT_PUBLIC_KEY;
    case TEXT:
        break;
    }
    return OSSL_KEYMGMT_SELECT_ALL;
}

/*
 * As OpenSSL's encoders: selection bits are levels (private key, then public
 * key, then parameters); the most inclusive bit asked for decides.
 */
static int does_selection(enum structure structure, int selection)
{
    static const int levels[] = {
        OSSL_KEYMGMT_SELECT_PRIVATE_KEY,
        OSSL_KEYMGMT_SELECT_PUBLIC_KEY,
        OSSL_KEYMGMT_SELECT_ALL_PARAMETERS,
    };
    int mask = structure_mask(structure);
    size_t i;

    if (selection == 0)
        return 1;
    for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
        if ((selection & levels[i]) != 0)
            return (mask & levels[i]) != 0;
    return 0;
}

/* A key of ours from another provider's exported parameters. */
static void *import_key(const OSSL_DISPATCH *keymgmt, void *provctx, int selection,
                        const OSSL_PARAM params[])
{
    OSSL_FUNC_keymgmt_new_fn *new_fn = NULL;
    OSSL_FUNC_keymgmt_import_fn *import_fn = NULL;
    OSSL_FUNC_keymgmt_free_fn *free_fn = NULL;
    void *key;

    for (; keymgmt->function_id != 0; keymgmt++) {
        if (keymgmt->function_id == OSSL_FUNC_KEYMGMT_NEW)
            new_fn = OSSL_FUNC_keymgmt_new(keymgmt);
        else if (keymgmt->function_id == OSSL_FUNC_KEYMGMT_IMPORT)
            import_fn = OSSL_FUNC_keymgmt_import(keymgmt);
        else if (keymgmt->function_id == OSSL_FUNC_KEYMGMT_FREE)
            free_fn = OSSL_FUNC_keymgmt_free(keymgmt);
    }
    if (new_fn == NULL || import_fn == NULL || free_fn == NULL)
        return NULL;
    key = new_fn(provctx);
    if (key != NULL && !import_fn(key, selection, params)) {
        free_fn(key);
        key = NULL;
    }
    return key;
}

static void free_key(void *key)
{
    edfast_key_free(key);
}

/* The passphrase from the caller's callback, then PKCS#8 encryption (PBES2). */
static X509_SIG *encrypt_p8info(struct enc_ctx *ctx, const PKCS8_PRIV_KEY_INFO *p8info,
                                OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    char pass[PEM_BUFSIZE];
    size_t pass_len = 0;
    X509_SIG *p8;

    if (ctx->cipher == NULL) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_MISSING_CIPHER,
                       "edfast: EncryptedPrivateKeyInfo needs a cipher");
        return NULL;
    }
    if (cb == NULL || !cb(pass, sizeof(pass), &pass_len, NULL, cbarg)
            || pass_len > sizeof(pass)) {
        ERR_raise(ERR_LIB_PROV, PROV_R_UNABLE_TO_GET_PASSPHRASE);
        OPENSSL_cleanse(pass, sizeof(pass));
        return NULL;
    }
    /* -1: the standard PBES2 with PBKDF2, as OpenSSL's encoders use. */
    p8 = PKCS8_encrypt_ex(-1, ctx->cipher, pass, (int)pass_len, NULL, 0, 0,
                          (PKCS8_PRIV_KEY_INFO *)p8info, edfast_backends_reference(), NULL);
    OPENSSL_cleanse(pass, sizeof(pass));
    return p8;
}

/*
 * The DER of a PrivateKeyInfo, cleansed after writing: i2d_PKCS8_PRIV_KEY_INFO_bio
 * (ASN1_i2d_bio) frees its temporary DER, seed included, without cleansing it.
 */
static int write_p8info_der(BIO *out, const PKCS8_PRIV_KEY_INFO *p8info)
{
    unsigned char *der = NULL;
    int len = i2d_PKCS8_PRIV_KEY_INFO(p8info, &der);
    int ok = len > 0 && BIO_write(out, der, len) == len;

    if (der != NULL)
        OPENSSL_clear_free(der, len > 0 ? (size_t)len : 0);
    return ok;
}

static int write_private(struct enc_ctx *ctx, BIO *out, const struct edfast_key *key,
                         enum structure structure, enum output output,
                         OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    PKCS8_PRIV_KEY_INFO *p8info = edfast_key_to_p8info(key);
    X509_SIG *p8 = NULL;
    int ok = 0;

    if (p8info == NULL)
        return 0;
    /*
     * EncryptedPrivateKeyInfo without a cipher refuses quietly, as OpenSSL's
     * does: with no structure asked for, OpenSSL tries the next encoder.
     */
    if (structure == ENCRYPTED_PRIVATE_KEY_INFO && !ctx->cipher_intent) {
        PKCS8_PRIV_KEY_INFO_free(p8info);
        return 0;
    }
    if (ctx->cipher_intent) {
        if ((p8 = encrypt_p8info(ctx, p8info, cb, cbarg)) != NULL)
            ok = output == PEM ? PEM_write_bio_PKCS8(out, p8) : i2d_PKCS8_bio(out, p8);
    } else {
        ok = output == PEM ? PEM_write_bio_PKCS8_PRIV_KEY_INFO(out, p8info)
                           : write_p8info_der(out, p8info);
    }
    X509_SIG_free(p8);
    PKCS8_PRIV_KEY_INFO_free(p8info); /* cleanses the key */
    return ok > 0;
}

static int write_public(BIO *out, const struct edfast_key *key, enum output output)
{
    X509_PUBKEY *pubkey = edfast_key_to_pubkey(key);
    int ok;

    if (pubkey == NULL)
        return 0;
    ok = output == PEM ? PEM_write_bio_X509_PUBKEY(out, pubkey) : i2d_X509_PUBKEY_bio(out, pubkey);
    X509_PUBKEY_free(pubkey);
    return ok > 0;
}

/*
 * As the default provider prints ECX keys, indented by 4: ASN1_buf_print
 * keeps its line length (15 bytes up to 3.6, 16 from 4.0).
 */
static int print_labeled(BIO *out, const char *label, const uint8_t *buf, size_t len)
{
    return BIO_printf(out, "%s\n", label) > 0 && ASN1_buf_print(out, buf, len, 4) == 1;
}

/*
 * As OpenSSL 3.0's default provider: a heading naming the key kind when a key
 * part is selected, the private key when selected, and the public key always.
 */
static int write_text(struct enc_ctx *ctx, BIO *out, const struct edfast_key *key, int selection)
{
    size_t len = edfast_key_bytes(key->curve);
    const char *kind = NULL;

    if (!edfast_key_is_filled(key)) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_MISSING_KEY, NULL);
        return 0;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
        if (key->seed == NULL) {
            EDFAST_RAISE(ctx->provctx, EDFAST_R_NOT_A_PRIVATE_KEY, NULL);
            return 0;
        }
        kind = "Private-Key";
    } else if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
        kind = "Public-Key";
    }
    if (kind != NULL && BIO_printf(out, "%s %s:\n", edfast_curve_name(key->curve), kind) <= 0)
        return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0
            && !print_labeled(out, "priv:", key->seed, len))
        return 0;
    return print_labeled(out, "pub:", key->pub, len);
}

static int encode(void *vctx, OSSL_CORE_BIO *cout, const void *obj_raw,
                  const OSSL_PARAM obj_abstract[], int selection, OSSL_PASSPHRASE_CALLBACK *cb,
                  void *cbarg, enum edfast_curve curve, enum structure structure,
                  enum output output)
{
    struct enc_ctx *ctx = vctx;
    const struct edfast_key *key = obj_raw;
    BIO *out;
    int ok = 0;

    /* As OpenSSL's: keys come as objects (imported first when foreign), never abstract. */
    if (obj_abstract != NULL || key == NULL) {
        ERR_raise(ERR_LIB_PROV, ERR_R_PASSED_INVALID_ARGUMENT);
        return 0;
    }
    if (key->curve != curve) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_WRONG_KEY_TYPE, "a %s encoder got a %s key",
                     edfast_curve_name(curve), edfast_curve_name(key->curve));
        return 0;
    }
    if (structure != TEXT && (selection & structure_mask(structure)) == 0) {
        ERR_raise_data(ERR_LIB_PROV, ERR_R_PASSED_INVALID_ARGUMENT,
                       "edfast: the selection asks for nothing this structure holds");
        return 0;
    }
    if ((out = edfast_codec_bio(cout)) == NULL)
        return 0;
    switch (structure) {
    case PRIVATE_KEY_INFO:
    case ENCRYPTED_PRIVATE_KEY_INFO:
        ok = write_private(ctx, out, key, structure, output, cb, cbarg);
        break;
    case SUBJECT_PUBLIC_KEY_INFO:
        ok = write_public(out, key, output);
        break;
    case TEXT:
        ok = write_text(ctx, out, key, selection);
        break;
    }
    BIO_free(out);
    return ok;
}

#define ENCODER(curve, CURVE, name, structure, output)                                             \
    static OSSL_FUNC_encoder_does_selection_fn curve##_##name##_does_selection;                    \
    static OSSL_FUNC_encoder_import_object_fn curve##_##name##_import;                             \
    static OSSL_FUNC_encoder_encode_fn curve##_##name##_encode;                                    \
    static int curve##_##name##_does_selection(void *ctx, int selection)                           \
    {                                                                                              \
        (void)ctx;                                                                                 \
        return does_selection(structure, selection);                                               \
    }                                                                                              \
    static void *curve##_##name##_import(void *vctx, int selection, const OSSL_PARAM params[])     \
    {                                                                                              \
        return import_key(edfast_##curve##_keymgmt_functions,                                      \
                          (void *)((struct enc_ctx *)vctx)->provctx, selection, params);           \
    }                                                                                              \
    static int curve##_##name##_encode(void *ctx, OSSL_CORE_BIO *cout, const void *obj_raw,        \
                                       const OSSL_PARAM obj_abstract[], int selection,             \
                                       OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)                  \
    {                                                                                              \
        return encode(ctx, cout, obj_raw, obj_abstract, selection, cb, cbarg, CURVE,               \
                      structure, output);                                                          \
    }                                                                                              \
    const OSSL_DISPATCH edfast_##curve##_##name##_encoder_functions[] = {                          \
        EDFAST_DISPATCH(OSSL_FUNC_ENCODER_NEWCTX, enc_newctx),                                     \
        EDFAST_DISPATCH(OSSL_FUNC_ENCODER_FREECTX, enc_freectx),                                   \
        EDFAST_DISPATCH(OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, enc_settable_ctx_params),           \
        EDFAST_DISPATCH(OSSL_FUNC_ENCODER_SET_CTX_PARAMS, enc_set_ctx_params),                     \
        EDFAST_DISPATCH(OSSL_FUNC_ENCODER_DOES_SELECTION, curve##_##name##_does_selection),        \
        EDFAST_DISPATCH(OSSL_FUNC_ENCODER_IMPORT_OBJECT, curve##_##name##_import),                 \
        EDFAST_DISPATCH(OSSL_FUNC_ENCODER_FREE_OBJECT, free_key),                                  \
        EDFAST_DISPATCH(OSSL_FUNC_ENCODER_ENCODE, curve##_##name##_encode),                        \
        EDFAST_DISPATCH_END                                                                        \
    }

#define CURVE_ENCODERS(curve, CURVE)                                                               \
    ENCODER(curve, CURVE, pki_der, PRIVATE_KEY_INFO, DER);                                         \
    ENCODER(curve, CURVE, pki_pem, PRIVATE_KEY_INFO, PEM);                                         \
    ENCODER(curve, CURVE, epki_der, ENCRYPTED_PRIVATE_KEY_INFO, DER);                              \
    ENCODER(curve, CURVE, epki_pem, ENCRYPTED_PRIVATE_KEY_INFO, PEM);                              \
    ENCODER(curve, CURVE, spki_der, SUBJECT_PUBLIC_KEY_INFO, DER);                                 \
    ENCODER(curve, CURVE, spki_pem, SUBJECT_PUBLIC_KEY_INFO, PEM);                                 \
    ENCODER(curve, CURVE, text, TEXT, DER)

CURVE_ENCODERS(ed25519, EDFAST_ED25519);
CURVE_ENCODERS(ed448, EDFAST_ED448);
