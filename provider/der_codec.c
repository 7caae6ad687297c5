/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared by the encoders, decoders and file store: core BIOs and the RFC 8410
 * envelopes of EdDSA keys.  All DER is made and parsed by OpenSSL's public
 * ASN.1 functions; this file only checks what they give back.
 */
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <openssl/asn1.h>
#include <openssl/asn1t.h>
#include <openssl/buffer.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/proverr.h>
#include "der_codec.h"
#include "edfast_names.h"
#include "errors.h"
#include "provider.h"

/*
 * The core's BIO functions (libcrypto's: the same for every instance, taken
 * from the dispatch table each instance is given) and a BIO method over them:
 * an edfast BIO holds an OSSL_CORE_BIO and forwards every call to the core.
 * OpenSSL's own BIO_new_from_core_bio would need a library context made for
 * the purpose, which costs a one-shot process more than a millisecond on
 * OpenSSL 3.0 (scripts/load-cost.py, genpkey).  The method is made on first
 * use and freed with the last instance, so that none outlives the module.
 */
static struct {
    OSSL_FUNC_BIO_read_ex_fn *read_ex;
    OSSL_FUNC_BIO_write_ex_fn *write_ex;
    OSSL_FUNC_BIO_gets_fn *gets;
    OSSL_FUNC_BIO_puts_fn *puts;
    OSSL_FUNC_BIO_ctrl_fn *ctrl;
    OSSL_FUNC_BIO_up_ref_fn *up_ref;
    OSSL_FUNC_BIO_free_fn *free;
} core_bio;

static pthread_mutex_t codec_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long codec_instances;
static BIO_METHOD *core_bio_method;

void edfast_codec_init(const OSSL_DISPATCH *in)
{
    pthread_mutex_lock(&codec_lock);
    /*
     * Taken by the first instance only: every instance is given libcrypto's
     * same functions, and operations read them without the lock, so a later
     * instance must not write them again while others run.
     */
    for (; codec_instances == 0 && in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_BIO_READ_EX:
            core_bio.read_ex = OSSL_FUNC_BIO_read_ex(in);
            break;
        case OSSL_FUNC_BIO_WRITE_EX:
            core_bio.write_ex = OSSL_FUNC_BIO_write_ex(in);
            break;
        case OSSL_FUNC_BIO_GETS:
            core_bio.gets = OSSL_FUNC_BIO_gets(in);
            break;
        case OSSL_FUNC_BIO_PUTS:
            core_bio.puts = OSSL_FUNC_BIO_puts(in);
            break;
        case OSSL_FUNC_BIO_CTRL:
            core_bio.ctrl = OSSL_FUNC_BIO_ctrl(in);
            break;
        case OSSL_FUNC_BIO_UP_REF:
            core_bio.up_ref = OSSL_FUNC_BIO_up_ref(in);
            break;
        case OSSL_FUNC_BIO_FREE:
            core_bio.free = OSSL_FUNC_BIO_free(in);
            break;
        }
    }
    codec_instances++;
    pthread_mutex_unlock(&codec_lock);
}

void edfast_codec_teardown(void)
{
    pthread_mutex_lock(&codec_lock);
    if (codec_instances > 0 && --codec_instances == 0) {
        BIO_meth_free(core_bio_method);
        core_bio_method = NULL;
    }
    pthread_mutex_unlock(&codec_lock);
}

static int core_bio_read_ex(BIO *bio, char *data, size_t len, size_t *read)
{
    return core_bio.read_ex(BIO_get_data(bio), data, len, read);
}

static int core_bio_write_ex(BIO *bio, const char *data, size_t len, size_t *written)
{
    return core_bio.write_ex(BIO_get_data(bio), data, len, written);
}

static int core_bio_gets(BIO *bio, char *buf, int size)
{
    return core_bio.gets(BIO_get_data(bio), buf, size);
}

static int core_bio_puts(BIO *bio, const char *str)
{
    return core_bio.puts(BIO_get_data(bio), str);
}

static long core_bio_ctrl(BIO *bio, int cmd, long larg, void *parg)
{
    return core_bio.ctrl(BIO_get_data(bio), cmd, larg, parg);
}

/* The edfast BIO holds a reference on the core's BIO, dropped with it. */
static int core_bio_destroy(BIO *bio)
{
    OSSL_CORE_BIO *cbio = BIO_get_data(bio);

    if (cbio != NULL)
        core_bio.free(cbio);
    BIO_set_data(bio, NULL);
    BIO_set_init(bio, 0);
    return 1;
}

/* Under codec_lock: the method, made once the core's functions are all known. */
static const BIO_METHOD *bio_method_locked(void)
{
    BIO_METHOD *method;

    if (core_bio_method != NULL)
        return core_bio_method;
    if (core_bio.read_ex == NULL || core_bio.write_ex == NULL || core_bio.gets == NULL
            || core_bio.puts == NULL || core_bio.ctrl == NULL || core_bio.up_ref == NULL
            || core_bio.free == NULL)
        return NULL;
    method = BIO_meth_new(BIO_get_new_index() | BIO_TYPE_SOURCE_SINK, "edfast core BIO");
    if (method == NULL || !BIO_meth_set_read_ex(method, core_bio_read_ex)
            || !BIO_meth_set_write_ex(method, core_bio_write_ex)
            || !BIO_meth_set_gets(method, core_bio_gets) || !BIO_meth_set_puts(method, core_bio_puts)
            || !BIO_meth_set_ctrl(method, core_bio_ctrl)
            || !BIO_meth_set_destroy(method, core_bio_destroy)) {
        BIO_meth_free(method);
        return NULL;
    }
    core_bio_method = method;
    return method;
}

BIO *edfast_codec_bio(OSSL_CORE_BIO *cbio)
{
    const BIO_METHOD *method;
    BIO *bio = NULL;

    /* The method lives until the last instance's teardown, which no operation outlasts. */
    pthread_mutex_lock(&codec_lock);
    method = bio_method_locked();
    pthread_mutex_unlock(&codec_lock);
    if (method != NULL && cbio != NULL && (bio = BIO_new(method)) != NULL) {
        if (core_bio.up_ref(cbio)) {
            BIO_set_data(bio, cbio);
            BIO_set_init(bio, 1);
        } else {
            BIO_free(bio);
            bio = NULL;
        }
    }
    if (bio == NULL)
        ERR_raise_data(ERR_LIB_PROV, ERR_R_BIO_LIB, "edfast: cannot use the core's BIO");
    return bio;
}

int edfast_codec_read_all(BIO *in, size_t max, unsigned char **data, size_t *len)
{
    BUF_MEM *buf = BUF_MEM_new();
    size_t used = 0;
    int n;

    *data = NULL;
    *len = 0;
    if (buf == NULL)
        return 0;
    for (;;) {
        if (buf->length - used < 4096) {
            if (buf->length >= max) {
                ERR_raise_data(ERR_LIB_PROV, PROV_R_LENGTH_TOO_LARGE,
                               "edfast reads at most %zu bytes of input", max);
                goto fail;
            }
            if (BUF_MEM_grow_clean(buf, buf->length + 16384) == 0)
                goto fail;
        }
        n = BIO_read(in, buf->data + used, (int)(buf->length - used));
        if (n <= 0)
            break;
        used += (size_t)n;
    }
    /* The buffer may hold secrets (a PKCS#8 key): hand it over, never copy it. */
    *data = (unsigned char *)buf->data;
    *len = used;
    buf->data = NULL;
    BUF_MEM_free(buf);
    return 1;

fail:
    if (buf->data != NULL)
        OPENSSL_cleanse(buf->data, buf->max);
    BUF_MEM_free(buf);
    return 0;
}

int edfast_curve_nid(enum edfast_curve curve)
{
    return curve == EDFAST_ED25519 ? NID_ED25519 : NID_ED448;
}

const char *edfast_curve_name(enum edfast_curve curve)
{
    return curve == EDFAST_ED25519 ? EDFAST_KEY_ED25519 : EDFAST_KEY_ED448;
}

PKCS8_PRIV_KEY_INFO *edfast_key_to_p8info(const struct edfast_key *key)
{
    size_t len = edfast_key_bytes(key->curve);
    ASN1_OCTET_STRING *seed = NULL;
    PKCS8_PRIV_KEY_INFO *p8info = NULL;
    unsigned char *der = NULL;
    int der_len = 0;

    if (key->seed == NULL) {
        EDFAST_RAISE(key->provctx, EDFAST_R_NOT_A_PRIVATE_KEY, NULL);
        return NULL;
    }
    if ((seed = ASN1_OCTET_STRING_new()) == NULL
            || !ASN1_OCTET_STRING_set(seed, key->seed, (int)len)
            || (der_len = i2d_ASN1_OCTET_STRING(seed, &der)) <= 0
            || (p8info = PKCS8_PRIV_KEY_INFO_new()) == NULL)
        goto fail;
    /* On success p8info owns der (and cleanses it when freed). */
    if (!PKCS8_pkey_set0(p8info, OBJ_nid2obj(edfast_curve_nid(key->curve)), 0, V_ASN1_UNDEF,
                         NULL, der, der_len))
        goto fail;
    ASN1_STRING_clear_free(seed);
    return p8info;

fail:
    ERR_raise_data(ERR_LIB_PROV, ERR_R_ASN1_LIB, "edfast: making a PrivateKeyInfo");
    ASN1_STRING_clear_free(seed);
    if (der != NULL)
        OPENSSL_clear_free(der, (size_t)der_len);
    PKCS8_PRIV_KEY_INFO_free(p8info);
    return NULL;
}

X509_PUBKEY *edfast_key_to_pubkey(const struct edfast_key *key)
{
    size_t len = edfast_key_bytes(key->curve);
    X509_PUBKEY *pubkey = NULL;
    unsigned char *copy = NULL;

    if (!edfast_key_is_filled(key)) {
        EDFAST_RAISE(key->provctx, EDFAST_R_MISSING_KEY, NULL);
        return NULL;
    }
    if ((pubkey = X509_PUBKEY_new()) == NULL
            || (copy = OPENSSL_memdup(key->pub, len)) == NULL
            || !X509_PUBKEY_set0_param(pubkey, OBJ_nid2obj(edfast_curve_nid(key->curve)),
                                       V_ASN1_UNDEF, NULL, copy, (int)len)) {
        ERR_raise_data(ERR_LIB_PROV, ERR_R_X509_LIB, "edfast: making a SubjectPublicKeyInfo");
        OPENSSL_free(copy);
        X509_PUBKEY_free(pubkey);
        return NULL;
    }
    return pubkey;
}

/* RFC 8410: the AlgorithmIdentifier of an EdDSA key has no parameters at all. */
static int parameters_absent(const X509_ALGOR *alg)
{
    int ptype = V_ASN1_UNDEF;

    if (alg != NULL)
        X509_ALGOR_get0(NULL, &ptype, NULL, alg);
    return ptype == V_ASN1_UNDEF;
}

static struct edfast_key *make_key(const struct edfast_provctx *provctx, enum edfast_curve curve,
                                   const uint8_t *seed, const uint8_t *pub)
{
    struct edfast_key *key = edfast_key_new(provctx, curve);

    if (key != NULL && !edfast_key_fill(key, seed, pub)) {
        edfast_key_free(key);
        key = NULL;
    }
    return key;
}

int edfast_key_from_p8info(const struct edfast_provctx *provctx, enum edfast_curve curve,
                           const PKCS8_PRIV_KEY_INFO *p8info, struct edfast_key **key)
{
    const ASN1_OBJECT *oid = NULL;
    const unsigned char *inner = NULL, *p;
    int inner_len = 0;
    const X509_ALGOR *alg = NULL;
    ASN1_OCTET_STRING *seed = NULL;
    size_t len = edfast_key_bytes(curve);
    int ret = -1;

    if (!PKCS8_pkey_get0(&oid, &inner, &inner_len, &alg, p8info) || oid == NULL)
        return 0;
    if (OBJ_obj2nid(oid) != edfast_curve_nid(curve))
        return 0;
    if (!parameters_absent(alg)) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_ENCODING,
                       "%s PrivateKeyInfo: the algorithm takes no parameters",
                       edfast_curve_name(curve));
        return -1;
    }
    p = inner;
    if (inner == NULL || inner_len <= 0
            || (seed = d2i_ASN1_OCTET_STRING(NULL, &p, inner_len)) == NULL
            || p != inner + inner_len) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_ENCODING,
                       "%s PrivateKeyInfo: privateKey is not an OCTET STRING",
                       edfast_curve_name(curve));
        goto end;
    }
    if ((size_t)ASN1_STRING_length(seed) != len) {
        EDFAST_RAISE(provctx, EDFAST_R_INVALID_KEY_LENGTH, "%s private key must be %zu bytes",
                     edfast_curve_name(curve), len);
        goto end;
    }
    *key = make_key(provctx, curve, ASN1_STRING_get0_data(seed), NULL);
    ret = *key != NULL ? 1 : -1;

end:
    ASN1_STRING_clear_free(seed);
    return ret;
}

/*
 * SubjectPublicKeyInfo as plain ASN.1, for reading.  d2i_X509_PUBKEY cannot be
 * used inside a decoder: OpenSSL 3 turns the key it holds into an EVP_PKEY
 * with the decoders, which would call this decoder again, without end.
 */
typedef struct {
    X509_ALGOR *algorithm;
    ASN1_BIT_STRING *public_key;
} EDFAST_SPKI;

ASN1_SEQUENCE(EDFAST_SPKI) = {
    ASN1_SIMPLE(EDFAST_SPKI, algorithm, X509_ALGOR),
    ASN1_SIMPLE(EDFAST_SPKI, public_key, ASN1_BIT_STRING)
} ASN1_SEQUENCE_END(EDFAST_SPKI)

DECLARE_ASN1_FUNCTIONS(EDFAST_SPKI)
IMPLEMENT_ASN1_FUNCTIONS(EDFAST_SPKI)

/*
 * Up to 3.x the count of unused bits lives in the ASN1_STRING's flags; 4.0
 * made ASN1_STRING opaque and added ASN1_BIT_STRING_get_length for it.
 */
static int bit_string_has_unused_bits(const ASN1_BIT_STRING *bits)
{
#if OPENSSL_VERSION_MAJOR >= 4
    size_t length;
    int unused = 0;

    return ASN1_BIT_STRING_get_length(bits, &length, &unused) != 1 || unused != 0;
#else
    return (bits->flags & ASN1_STRING_FLAG_BITS_LEFT) != 0 && (bits->flags & 0x07) != 0;
#endif
}

int edfast_key_from_spki_der(const struct edfast_provctx *provctx, enum edfast_curve curve,
                             const unsigned char *der, size_t der_len, struct edfast_key **key)
{
    const unsigned char *p = der;
    EDFAST_SPKI *spki = NULL;
    const ASN1_OBJECT *oid = NULL;
    size_t len = edfast_key_bytes(curve);
    int ret = 0;

    if (der_len > EDFAST_CODEC_MAX_INPUT)
        return 0;
    ERR_set_mark();
    spki = d2i_EDFAST_SPKI(NULL, &p, (long)der_len);
    ERR_pop_to_mark();
    if (spki == NULL)
        return 0; /* not a SubjectPublicKeyInfo */
    X509_ALGOR_get0(&oid, NULL, NULL, spki->algorithm);
    if (oid == NULL || OBJ_obj2nid(oid) != edfast_curve_nid(curve))
        goto end; /* another algorithm's */
    ret = -1;
    if (!parameters_absent(spki->algorithm)) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_ENCODING,
                       "%s SubjectPublicKeyInfo: the algorithm takes no parameters",
                       edfast_curve_name(curve));
        goto end;
    }
    /* A key is whole octets: a BIT STRING with unused bits is not one. */
    if (bit_string_has_unused_bits(spki->public_key)) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_BAD_ENCODING,
                       "%s SubjectPublicKeyInfo: the key has unused bits",
                       edfast_curve_name(curve));
        goto end;
    }
    if ((size_t)ASN1_STRING_length(spki->public_key) != len) {
        EDFAST_RAISE(provctx, EDFAST_R_INVALID_KEY_LENGTH, "%s public key must be %zu bytes",
                     edfast_curve_name(curve), len);
        goto end;
    }
    *key = make_key(provctx, curve, NULL, ASN1_STRING_get0_data(spki->public_key));
    ret = *key != NULL ? 1 : -1;

end:
    EDFAST_SPKI_free(spki);
    return ret;
}

int edfast_pass_key_reference(struct edfast_key **key, OSSL_CALLBACK *cb, void *cbarg)
{
    OSSL_PARAM params[4];
    int object_type = OSSL_OBJECT_PKEY;

    params[0] = OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type);
    params[1] = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE,
                                                 (char *)edfast_curve_name((*key)->curve), 0);
    params[2] = OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, key, sizeof(*key));
    params[3] = OSSL_PARAM_construct_end();
    return cb(params, cbarg);
}

int edfast_export_key_reference(const void *reference, size_t reference_size, int selection,
                                OSSL_CALLBACK *export_cb, void *export_cbarg)
{
    const struct edfast_key *key;
    const OSSL_DISPATCH *fn;

    if (reference == NULL || reference_size != sizeof(key))
        return 0;
    key = *(const struct edfast_key *const *)reference;
    if (key == NULL)
        return 0;
    fn = key->curve == EDFAST_ED25519 ? edfast_ed25519_keymgmt_functions
                                      : edfast_ed448_keymgmt_functions;
    for (; fn->function_id != 0; fn++)
        if (fn->function_id == OSSL_FUNC_KEYMGMT_EXPORT)
            return OSSL_FUNC_keymgmt_export(fn)((void *)key, selection, export_cb, export_cbarg);
    return 0;
}

int edfast_codec_decrypt_epki(const unsigned char *der, size_t der_len,
                              OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg,
                              PKCS8_PRIV_KEY_INFO **p8info)
{
    const unsigned char *p = der;
    X509_SIG *p8 = NULL;
    char pass[PEM_BUFSIZE];
    size_t pass_len = 0;
    OSSL_LIB_CTX *reference;
    int ret = -1;

    ERR_set_mark();
    if (der_len > 0 && der_len <= LONG_MAX)
        p8 = d2i_X509_SIG(NULL, &p, (long)der_len);
    ERR_pop_to_mark();
    if (p8 == NULL)
        return 0;
    if (pw_cb == NULL || !pw_cb(pass, sizeof(pass), &pass_len, NULL, pw_cbarg)
            || pass_len > sizeof(pass)) {
        ERR_raise(ERR_LIB_PROV, PROV_R_UNABLE_TO_GET_PASSPHRASE);
        goto end;
    }
    reference = edfast_backends_reference();
    *p8info = reference != NULL ? PKCS8_decrypt_ex(p8, pass, (int)pass_len, reference, NULL) : NULL;
    if (*p8info == NULL) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_FAILED_TO_DECRYPT,
                       "edfast: EncryptedPrivateKeyInfo (wrong passphrase?)");
        goto end;
    }
    ret = 1;

end:
    OPENSSL_cleanse(pass, sizeof(pass));
    X509_SIG_free(p8);
    return ret;
}
