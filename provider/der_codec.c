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
 * Per provider instance: a library context knowing the core's BIO upcalls and
 * nothing else, made by the instance's first codec operation (a process that
 * never decodes or encodes with edfast never makes it).  BIOs made over it
 * call back through it, so each instance wraps its own core BIOs with its own
 * context.
 */
struct codec_instance {
    const OSSL_CORE_HANDLE *handle;
    const OSSL_DISPATCH *core; /* the core's functions, libcrypto's for its lifetime */
    OSSL_LIB_CTX *bio_libctx;  /* NULL until first needed */
    struct codec_instance *next;
};

static pthread_mutex_t codec_lock = PTHREAD_MUTEX_INITIALIZER;
static struct codec_instance *instances;

int edfast_codec_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in)
{
    struct codec_instance *instance = OPENSSL_zalloc(sizeof(*instance));

    if (instance == NULL) {
        edfast_raise_at(handle, OPENSSL_FILE, OPENSSL_LINE, __func__, EDFAST_R_OUT_OF_MEMORY, NULL);
        return 0;
    }
    instance->handle = handle;
    instance->core = in;
    pthread_mutex_lock(&codec_lock);
    instance->next = instances;
    instances = instance;
    pthread_mutex_unlock(&codec_lock);
    return 1;
}

void edfast_codec_teardown(const OSSL_CORE_HANDLE *handle)
{
    struct codec_instance **link, *gone = NULL;

    pthread_mutex_lock(&codec_lock);
    for (link = &instances; *link != NULL; link = &(*link)->next) {
        if ((*link)->handle == handle) {
            gone = *link;
            *link = gone->next;
            break;
        }
    }
    pthread_mutex_unlock(&codec_lock);
    if (gone != NULL) {
        OSSL_LIB_CTX_free(gone->bio_libctx);
        OPENSSL_free(gone);
    }
}

BIO *edfast_codec_bio(const struct edfast_provctx *provctx, OSSL_CORE_BIO *cbio)
{
    struct codec_instance *instance;
    OSSL_LIB_CTX *libctx = NULL;
    BIO *bio = NULL;

    pthread_mutex_lock(&codec_lock);
    for (instance = instances; instance != NULL; instance = instance->next)
        if (instance->handle == provctx->handle) {
            if (instance->bio_libctx == NULL)
                instance->bio_libctx = OSSL_LIB_CTX_new_from_dispatch(instance->handle,
                                                                      instance->core);
            libctx = instance->bio_libctx;
        }
    pthread_mutex_unlock(&codec_lock);
    /* The instance lives until teardown, which no operation of it outlasts. */
    if (libctx != NULL && cbio != NULL)
        bio = BIO_new_from_core_bio(libctx, cbio);
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
