/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Decoders, so that ED25519 and ED448 keys load with edfast alone:
 *
 *   "DER"     input=pem                                 PEM -> DER (keys' PEM only)
 *   "DER"     input=der,structure=EncryptedPrivateKeyInfo  decrypts to PrivateKeyInfo
 *   "ED25519" input=der,structure=PrivateKeyInfo / SubjectPublicKeyInfo  -> key
 *   "ED448"   likewise
 *
 * OpenSSL chains them: a decoder named "DER" makes input for those that take
 * DER.  As OpenSSL's own, a decoder given something that is not its business
 * returns 1 having produced nothing, and 0 only for a real error (broken data
 * that is plainly ours, a wrong passphrase, no memory), with the reason on the
 * error queue.  Keys reach the key manager by reference (its key_load takes
 * the key over) or, for another provider's key manager, through export_object.
 */
#include <limits.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/proverr.h>
#include <openssl/x509.h>
#include "der_codec.h"
#include "errors.h"
#include "key.h"
#include "provider.h"

static OSSL_FUNC_decoder_newctx_fn dec_newctx;
static OSSL_FUNC_decoder_freectx_fn dec_freectx;
static OSSL_FUNC_decoder_decode_fn pem2der_decode, epki2pki_decode;
static OSSL_FUNC_decoder_export_object_fn der2key_export;

struct dec_ctx {
    const struct edfast_provctx *provctx;
    int selection; /* of the last decode, for export_object */
};

static void *dec_newctx(void *provctx)
{
    struct dec_ctx *ctx = OPENSSL_zalloc(sizeof(*ctx));

    if (ctx == NULL) {
        EDFAST_RAISE((const struct edfast_provctx *)provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return NULL;
    }
    ctx->provctx = provctx;
    return ctx;
}

static void dec_freectx(void *ctx)
{
    OPENSSL_free(ctx);
}

/* The whole input of one decoding step. */
static int read_input(OSSL_CORE_BIO *cin, unsigned char **data, size_t *len)
{
    BIO *in = edfast_codec_bio(cin);
    int ok;

    if (in == NULL)
        return 0;
    ok = edfast_codec_read_all(in, EDFAST_CODEC_MAX_INPUT, data, len);
    BIO_free(in);
    return ok;
}

static int pass_der(OSSL_CALLBACK *data_cb, void *data_cbarg, const char *data_type,
                    const char *structure, unsigned char *der, size_t der_len)
{
    OSSL_PARAM params[5], *p = params;
    int object_type = OSSL_OBJECT_PKEY;

    if (data_type != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE, (char *)data_type, 0);
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_STRUCTURE, (char *)structure, 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_DATA, der, der_len);
    *p++ = OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type);
    *p = OSSL_PARAM_construct_end();
    return data_cb(params, data_cbarg);
}

/* ---- PEM to DER ---- */

static const struct {
    const char *pem_name;
    const char *structure;
} pem_structures[] = {
    {PEM_STRING_PKCS8INF, "PrivateKeyInfo"},       /* PRIVATE KEY */
    {PEM_STRING_PKCS8, "EncryptedPrivateKeyInfo"}, /* ENCRYPTED PRIVATE KEY */
    {PEM_STRING_PUBLIC, "SubjectPublicKeyInfo"},   /* PUBLIC KEY */
};

/*
 * Copies lines from in to out up to the END line of the first block (a line
 * "-----BEGIN ...-----", then one starting "-----END "), where PEM_read_bio
 * stops too, or to the end of the input; at most EDFAST_CODEC_MAX_INPUT
 * bytes, so that endless input fails as it does in the other decoders.
 * BIO_gets splits lines longer than the buffer as PEM_read_bio's reading
 * does: only a piece that starts a line can be a boundary.
 */
static int read_pem_block(const struct dec_ctx *ctx, BIO *in, BIO *out)
{
    char line[256];
    size_t total = 0, len;
    int n, line_start = 1, starts_line, begun = 0, ok = 1;

    while ((n = BIO_gets(in, line, sizeof(line))) > 0) {
        total += (size_t)n;
        if (total > EDFAST_CODEC_MAX_INPUT) {
            ERR_raise_data(ERR_LIB_PROV, PROV_R_LENGTH_TOO_LARGE,
                           "edfast reads at most %d bytes of input", EDFAST_CODEC_MAX_INPUT);
            ok = 0;
            break;
        }
        if (BIO_write(out, line, n) != n) {
            EDFAST_RAISE(ctx->provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
            ok = 0;
            break;
        }
        starts_line = line_start;
        line_start = line[n - 1] == '\n';
        if (!starts_line)
            continue;
        if (begun && strncmp(line, "-----END ", 9) == 0)
            break;
        len = (size_t)n;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            len--;
        if (!begun && len > 16 && strncmp(line, "-----BEGIN ", 11) == 0
                && memcmp(line + len - 5, "-----", 5) == 0)
            begun = 1;
    }
    /* the last line read may be a piece of a private key's base64 */
    OPENSSL_cleanse(line, sizeof(line));
    return ok;
}

/*
 * One PEM block of a key in the structures edfast decodes.  Other PEM (RSA
 * PRIVATE KEY, CERTIFICATE, ...) and PEM with headers (legacy encryption) are
 * not edfast's business: left to other providers' decoders.
 *
 * Only the first block is read (read_pem_block), never the whole input:
 * OpenSSL's file store runs this decoder on the BIO of a whole PEM bundle, and
 * where that BIO cannot seek (one the application attached) libcrypto reads
 * it through a buffering BIO that it drops after each object.  Reading to the
 * end there threw away the bundle's later blocks, so OpenSSL's `file:` loader
 * in a context holding edfast too lost every object after the first block no
 * decoder took (on OpenSSL 4.0, whose loader asks for SubjectPublicKeyInfo
 * when the type expected is PUBKEY, a certificate first was enough;
 * fuzz_store's regress-pubkey-bundle*).
 */
static int pem2der_decode(void *vctx, OSSL_CORE_BIO *cin, int selection, OSSL_CALLBACK *data_cb,
                          void *data_cbarg, OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    const struct dec_ctx *ctx = vctx;
    unsigned char *der = NULL;
    long der_len = 0;
    char *name = NULL, *header = NULL;
    BIO *in, *block = NULL;
    size_t i;
    int ok = 1, pem_ok;

    (void)selection;
    (void)pw_cb;
    (void)pw_cbarg;
    if ((in = edfast_codec_bio(cin)) == NULL)
        return 0;
    /* a secure-heap buffer: the block may be a private key */
    if ((block = BIO_new(BIO_s_secmem())) == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        ok = 0;
        goto end;
    }
    if (!read_pem_block(ctx, in, block)) {
        ok = 0;
        goto end;
    }
    ERR_set_mark();
    /* EAY_COMPATIBLE, as OpenSSL's PEM_read_bio: control bytes in the base64 are refused */
    pem_ok = PEM_read_bio_ex(block, &name, &header, &der, &der_len,
                             PEM_FLAG_SECURE | PEM_FLAG_EAY_COMPATIBLE) > 0;
    ERR_pop_to_mark();
    if (!pem_ok || der_len <= 0 || header[0] != '\0')
        goto end;
    for (i = 0; i < sizeof(pem_structures) / sizeof(pem_structures[0]); i++)
        if (strcmp(name, pem_structures[i].pem_name) == 0)
            ok = pass_der(data_cb, data_cbarg, NULL, pem_structures[i].structure, der,
                          (size_t)der_len);

end:
    BIO_free(in);
    BIO_free(block);
    /* PEM_FLAG_SECURE: all three come from the secure heap. */
    OPENSSL_secure_free(name);
    OPENSSL_secure_free(header);
    if (der != NULL)
        OPENSSL_secure_clear_free(der, (size_t)der_len);
    return ok;
}

/* ---- EncryptedPrivateKeyInfo to PrivateKeyInfo ---- */

static int epki2pki_decode(void *vctx, OSSL_CORE_BIO *cin, int selection, OSSL_CALLBACK *data_cb,
                           void *data_cbarg, OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    unsigned char *input = NULL, *der = NULL;
    size_t input_len = 0;
    int der_len = 0;
    PKCS8_PRIV_KEY_INFO *p8info = NULL;
    const ASN1_OBJECT *oid = NULL;
    char keytype[80];
    int found, ok;

    (void)vctx;
    (void)selection;
    if (!read_input(cin, &input, &input_len))
        return 0;
    found = edfast_codec_decrypt_epki(input, input_len, pw_cb, pw_cbarg, &p8info);
    ok = found == 0; /* not an EncryptedPrivateKeyInfo: someone else's to decode */
    if (found <= 0)
        goto end;
    if (!PKCS8_pkey_get0(&oid, NULL, NULL, NULL, p8info) || oid == NULL
            || OBJ_obj2txt(keytype, sizeof(keytype), oid, 0) <= 0
            || (der_len = i2d_PKCS8_PRIV_KEY_INFO(p8info, &der)) <= 0) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_ENCODING,
                       "edfast: decrypted EncryptedPrivateKeyInfo is no PrivateKeyInfo");
        goto end;
    }
    ok = pass_der(data_cb, data_cbarg, keytype, "PrivateKeyInfo", der, (size_t)der_len);

end:
    if (der != NULL)
        OPENSSL_clear_free(der, (size_t)der_len);
    PKCS8_PRIV_KEY_INFO_free(p8info);
    OPENSSL_clear_free(input, input_len);
    return ok;
}

/* ---- DER to key ---- */

enum structure { PRIVATE_KEY_INFO, SUBJECT_PUBLIC_KEY_INFO };

static int structure_mask(enum structure structure)
{
    return structure == PRIVATE_KEY_INFO ? OSSL_KEYMGMT_SELECT_PRIVATE_KEY
                                         : OSSL_KEYMGMT_SELECT_PUBLIC_KEY;
}

/* As OpenSSL's decoders: the most inclusive key part asked for decides; 0 is "guess". */
static int does_selection(enum structure structure, int selection)
{
    static const int levels[] = {
        OSSL_KEYMGMT_SELECT_PRIVATE_KEY,
        OSSL_KEYMGMT_SELECT_PUBLIC_KEY,
        OSSL_KEYMGMT_SELECT_ALL_PARAMETERS,
    };
    size_t i;

    if (selection == 0)
        return 1;
    for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
        if ((selection & levels[i]) != 0)
            return (structure_mask(structure) & levels[i]) != 0;
    return 0;
}

static int der2key_decode(struct dec_ctx *ctx, OSSL_CORE_BIO *cin, int selection,
                          OSSL_CALLBACK *data_cb, void *data_cbarg, enum edfast_curve curve,
                          enum structure structure)
{
    unsigned char *der = NULL;
    const unsigned char *p;
    size_t der_len = 0;
    PKCS8_PRIV_KEY_INFO *p8info = NULL;
    struct edfast_key *key = NULL;
    int found = 0, ok = 1;

    ctx->selection = selection;
    if (selection != 0 && (selection & structure_mask(structure)) == 0) {
        ERR_raise(ERR_LIB_PROV, ERR_R_PASSED_INVALID_ARGUMENT);
        return 0;
    }
    if (!read_input(cin, &der, &der_len))
        return 0;
    if (der_len == 0 || der_len > LONG_MAX)
        goto end;
    if (structure == PRIVATE_KEY_INFO) {
        p = der;
        ERR_set_mark();
        p8info = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)der_len);
        ERR_pop_to_mark();
        if (p8info != NULL)
            found = edfast_key_from_p8info(ctx->provctx, curve, p8info, &key);
    } else {
        found = edfast_key_from_spki_der(ctx->provctx, curve, der, der_len, &key);
    }
    if (found < 0)
        ok = 0; /* ours, but broken: the reason is on the error queue */
    else if (found > 0)
        ok = edfast_pass_key_reference(&key, data_cb, data_cbarg);

end:
    edfast_key_free(key);
    PKCS8_PRIV_KEY_INFO_free(p8info);
    OPENSSL_clear_free(der, der_len);
    return ok;
}

static int der2key_export(void *vctx, const void *reference, size_t reference_size,
                          OSSL_CALLBACK *export_cb, void *export_cbarg)
{
    const struct dec_ctx *ctx = vctx;

    return edfast_export_key_reference(reference, reference_size,
                                       ctx->selection != 0 ? ctx->selection
                                                           : OSSL_KEYMGMT_SELECT_ALL,
                                       export_cb, export_cbarg);
}

#define DER2KEY(curve, CURVE, name, structure)                                                     \
    static OSSL_FUNC_decoder_does_selection_fn curve##_##name##_does_selection;                    \
    static OSSL_FUNC_decoder_decode_fn curve##_##name##_decode;                                    \
    static int curve##_##name##_does_selection(void *ctx, int selection)                           \
    {                                                                                              \
        (void)ctx;                                                                                 \
        return does_selection(structure, selection);                                               \
    }                                                                                              \
    static int curve##_##name##_decode(void *ctx, OSSL_CORE_BIO *cin, int selection,               \
                                       OSSL_CALLBACK *data_cb, void *data_cbarg,                   \
                                       OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)            \
    {                                                                                              \
        (void)pw_cb;                                                                               \
        (void)pw_cbarg;                                                                            \
        return der2key_decode(ctx, cin, selection, data_cb, data_cbarg, CURVE, structure);         \
    }                                                                                              \
    const OSSL_DISPATCH edfast_##curve##_##name##_decoder_functions[] = {                          \
        EDFAST_DISPATCH(OSSL_FUNC_DECODER_NEWCTX, dec_newctx),                                     \
        EDFAST_DISPATCH(OSSL_FUNC_DECODER_FREECTX, dec_freectx),                                   \
        EDFAST_DISPATCH(OSSL_FUNC_DECODER_DOES_SELECTION, curve##_##name##_does_selection),        \
        EDFAST_DISPATCH(OSSL_FUNC_DECODER_DECODE, curve##_##name##_decode),                        \
        EDFAST_DISPATCH(OSSL_FUNC_DECODER_EXPORT_OBJECT, der2key_export),                          \
        EDFAST_DISPATCH_END                                                                        \
    }

DER2KEY(ed25519, EDFAST_ED25519, pki, PRIVATE_KEY_INFO);
DER2KEY(ed25519, EDFAST_ED25519, spki, SUBJECT_PUBLIC_KEY_INFO);
DER2KEY(ed448, EDFAST_ED448, pki, PRIVATE_KEY_INFO);
DER2KEY(ed448, EDFAST_ED448, spki, SUBJECT_PUBLIC_KEY_INFO);

const OSSL_DISPATCH edfast_pem_to_der_decoder_functions[] = {
    EDFAST_DISPATCH(OSSL_FUNC_DECODER_NEWCTX, dec_newctx),
    EDFAST_DISPATCH(OSSL_FUNC_DECODER_FREECTX, dec_freectx),
    EDFAST_DISPATCH(OSSL_FUNC_DECODER_DECODE, pem2der_decode),
    EDFAST_DISPATCH_END
};

const OSSL_DISPATCH edfast_epki_to_pki_decoder_functions[] = {
    EDFAST_DISPATCH(OSSL_FUNC_DECODER_NEWCTX, dec_newctx),
    EDFAST_DISPATCH(OSSL_FUNC_DECODER_FREECTX, dec_freectx),
    EDFAST_DISPATCH(OSSL_FUNC_DECODER_DECODE, epki2pki_decode),
    EDFAST_DISPATCH_END
};
