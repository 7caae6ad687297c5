/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* memmem, stat, opendir */
/*
 * A minimal `file:` store loader, so that OSSL_STORE (which every openssl
 * command uses to read keys and certificates) works when edfast is the only
 * provider: in OpenSSL 3 the file loader lives in the default and base
 * providers, not in libcrypto.
 *
 * It reads a file (or a BIO the application attached, such as stdin) and
 * hands each PEM block, or the whole input when it is not PEM, to libcrypto
 * as DER by value, with what the PEM label says about it.  libcrypto turns
 * each object into a key (through the decoders of the providers loaded,
 * edfast's included), a certificate or a CRL.  Legacy encrypted PEM
 * ("Proc-Type: 4,ENCRYPTED") is decrypted here.  ED25519 and ED448 keys are
 * decoded here, so that what is wrong with them reaches the user (libcrypto
 * hides the errors of the decoders it runs for a store).
 *
 * A directory is listed as the default provider's loader lists it: one name
 * (its URI joined with the file name) per entry, and with a subject to
 * search for (X509_LOOKUP_store does that) only the hashed names
 * <hash>.<n> / <hash>.r<n> of that subject.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include <openssl/proverr.h>
#include <openssl/store.h> /* OSSL_STORE_INFO_* */
#include "ascii.h"
#include "der_codec.h"
#include "errors.h"
#include "key.h"
#include "provider.h"

static OSSL_FUNC_store_open_fn store_open;
static OSSL_FUNC_store_attach_fn store_attach;
static OSSL_FUNC_store_settable_ctx_params_fn store_settable_ctx_params;
static OSSL_FUNC_store_set_ctx_params_fn store_set_ctx_params;
static OSSL_FUNC_store_load_fn store_load;
static OSSL_FUNC_store_eof_fn store_eof;
static OSSL_FUNC_store_close_fn store_close;
static OSSL_FUNC_store_export_object_fn store_export_object;

struct store_ctx {
    const struct edfast_provctx *provctx;
    BIO *in;             /* the file or attached BIO, until read */
    unsigned char *data; /* everything read from it */
    size_t data_len;
    BIO *pem;            /* over data, when it is PEM */
    int read_done;
    int eof;
    DIR *dir;            /* when the URI names a directory */
    char *dir_uri;
    int dir_failed;      /* readdir failed: the next load ends the listing */
    int search;          /* list only the names of subject_hash */
    unsigned long subject_hash;
    int expect;          /* OSSL_STORE_INFO_* the application wants, 0 for any */
};

static struct store_ctx *store_new(const struct edfast_provctx *provctx, BIO *in)
{
    struct store_ctx *ctx = OPENSSL_zalloc(sizeof(*ctx));

    if (ctx == NULL) {
        EDFAST_RAISE(provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        BIO_free(in);
        return NULL;
    }
    ctx->provctx = provctx;
    ctx->in = in;
    return ctx;
}

/* file:/path, file:///path and file://localhost/path name local files; a bare path too. */
static const char *uri_path(const char *uri)
{
    const char *p;

    if (edfast_ascii_ncasecmp(uri, "file:", 5) != 0)
        return uri;
    p = uri + 5;
    if (strncmp(p, "//", 2) != 0)
        return p;
    if (edfast_ascii_ncasecmp(p + 2, "localhost/", 10) == 0)
        return p + 11;
    if (p[2] == '/')
        return p + 2;
    return NULL; /* file://host/...: not a local file */
}

static void *store_open_dir(void *provctx, const char *uri, const char *path)
{
    struct store_ctx *ctx = OPENSSL_zalloc(sizeof(*ctx));

    if (ctx == NULL) {
        EDFAST_RAISE((const struct edfast_provctx *)provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return NULL;
    }
    ctx->provctx = provctx;
    ctx->read_done = 1;
    if ((ctx->dir_uri = OPENSSL_strdup(uri)) == NULL || (ctx->dir = opendir(path)) == NULL) {
        if (ctx->dir_uri == NULL)
            EDFAST_RAISE(ctx->provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        else
            ERR_raise_data(ERR_LIB_SYS, errno, "edfast file store: %s", path);
        OPENSSL_free(ctx->dir_uri);
        OPENSSL_free(ctx);
        return NULL;
    }
    return ctx;
}

static void *store_open(void *provctx, const char *uri)
{
    const char *path = uri_path(uri);
    struct stat st;
    BIO *in;

    if (path == NULL || path[0] == '\0') {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_NOT_SUPPORTED, "edfast file store: URI %s", uri);
        return NULL;
    }
    if (stat(path, &st) != 0) {
        ERR_raise_data(ERR_LIB_SYS, errno, "edfast file store: %s", path);
        return NULL;
    }
    if (S_ISDIR(st.st_mode))
        return store_open_dir(provctx, uri, path);
    if ((in = BIO_new_file(path, "rb")) == NULL)
        return NULL; /* BIO_new_file has said why */
    return store_new(provctx, in);
}

static void *store_attach(void *provctx, OSSL_CORE_BIO *cin)
{
    BIO *in = edfast_codec_bio(cin);

    return in == NULL ? NULL : store_new(provctx, in);
}

static const OSSL_PARAM store_settable[] = {
    OSSL_PARAM_int(OSSL_STORE_PARAM_EXPECT, NULL),
    OSSL_PARAM_utf8_string(OSSL_STORE_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_STORE_PARAM_INPUT_TYPE, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_STORE_PARAM_SUBJECT, NULL, 0),
    OSSL_PARAM_END
};

static const OSSL_PARAM *store_settable_ctx_params(void *provctx)
{
    (void)provctx;
    return store_settable;
}

/*
 * The expected type spares the application passphrase prompts for keys it
 * does not want (libcrypto drops other objects anyway).  A subject narrows
 * the listing of a directory, as in the default provider's loader; for a file
 * it changes nothing.
 */
static int store_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    struct store_ctx *ctx = vctx;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_STORE_PARAM_EXPECT);
    const unsigned char *der;
    size_t der_len;
    X509_NAME *name;
    OSSL_LIB_CTX *reference;
    int ok = 0;

    if (p != NULL && !OSSL_PARAM_get_int(p, &ctx->expect))
        return 0;
    p = OSSL_PARAM_locate_const(params, OSSL_STORE_PARAM_SUBJECT);
    if (p == NULL || ctx->dir == NULL)
        return 1;
    if (!OSSL_PARAM_get_octet_string_ptr(p, (const void **)&der, &der_len) || der_len > LONG_MAX
            || (name = d2i_X509_NAME(NULL, &der, (long)der_len)) == NULL) {
        ERR_raise_data(ERR_LIB_PROV, PROV_R_INVALID_DATA, "edfast file store: subject");
        return 0;
    }
    /* The hash is SHA-1 based: computed where edfast always has SHA-1. */
    reference = edfast_backends_reference();
    if (reference != NULL)
        ctx->subject_hash = X509_NAME_hash_ex(name, reference, NULL, &ok);
    X509_NAME_free(name);
    ctx->search = ok;
    return ok;
}

static int read_everything(struct store_ctx *ctx)
{
    int ok = edfast_codec_read_all(ctx->in, EDFAST_STORE_MAX_INPUT, &ctx->data, &ctx->data_len);

    BIO_free(ctx->in);
    ctx->in = NULL;
    ctx->read_done = 1;
    if (!ok)
        return 0;
    if (ctx->data_len > INT_MAX) {
        ERR_raise(ERR_LIB_PROV, PROV_R_LENGTH_TOO_LARGE);
        return 0;
    }
    /* PEM when a PEM boundary appears anywhere (text may precede it, as openssl writes). */
    if (ctx->data_len > 0 && memmem(ctx->data, ctx->data_len, "-----BEGIN ", 11) != NULL
            && (ctx->pem = BIO_new_mem_buf(ctx->data, (int)ctx->data_len)) == NULL)
        return 0;
    return 1;
}

struct label {
    const char *pem_name;
    int object_type;
    const char *data_type; /* for certificates: the PEM name, as libcrypto wants */
    const char *structure;
};

static const struct label labels[] = {
    {PEM_STRING_PKCS8INF, OSSL_OBJECT_PKEY, NULL, "PrivateKeyInfo"},
    {PEM_STRING_PKCS8, OSSL_OBJECT_PKEY, NULL, "EncryptedPrivateKeyInfo"},
    {PEM_STRING_PUBLIC, OSSL_OBJECT_PKEY, NULL, "SubjectPublicKeyInfo"},
    {PEM_STRING_X509, OSSL_OBJECT_CERT, PEM_STRING_X509, NULL},
    {PEM_STRING_X509_OLD, OSSL_OBJECT_CERT, PEM_STRING_X509, NULL},
    {PEM_STRING_X509_TRUSTED, OSSL_OBJECT_CERT, PEM_STRING_X509_TRUSTED, NULL},
    {PEM_STRING_X509_CRL, OSSL_OBJECT_CRL, NULL, NULL},
};

enum { PKI_LABEL, EPKI_LABEL, SPKI_LABEL }; /* the first entries of labels[] */

/* By value: libcrypto recognises it with the providers loaded. */
static int hand_over(const struct label *label, const unsigned char *der, size_t der_len,
                     OSSL_CALLBACK *object_cb, void *object_cbarg)
{
    OSSL_PARAM params[5], *p = params;
    int object_type = label != NULL ? label->object_type : OSSL_OBJECT_UNKNOWN;

    *p++ = OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type);
    if (label != NULL && label->data_type != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE,
                                                (char *)label->data_type, 0);
    if (label != NULL && label->structure != NULL)
        *p++ = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_STRUCTURE,
                                                (char *)label->structure, 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_DATA, (void *)der, der_len);
    *p = OSSL_PARAM_construct_end();
    return object_cb(params, object_cbarg);
}

/*
 * An EncryptedPrivateKeyInfo is decrypted here, so that a wrong passphrase is
 * reported as such (libcrypto hides what goes wrong in decoders it runs for
 * a store).  1 with the PrivateKeyInfo's DER, 0 when der is no
 * EncryptedPrivateKeyInfo, -1 on error.
 */
static int decrypt_epki(const unsigned char *der, size_t der_len,
                        OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg,
                        unsigned char **plain, int *plain_len)
{
    PKCS8_PRIV_KEY_INFO *p8info = NULL;
    int found = edfast_codec_decrypt_epki(der, der_len, pw_cb, pw_cbarg, &p8info);

    if (found <= 0)
        return found;
    *plain = NULL;
    *plain_len = i2d_PKCS8_PRIV_KEY_INFO(p8info, plain);
    PKCS8_PRIV_KEY_INFO_free(p8info);
    if (*plain_len <= 0) {
        ERR_raise(ERR_LIB_PROV, ERR_R_ASN1_LIB);
        return -1;
    }
    return 1;
}

/* 1 with an edfast key when der is a PrivateKeyInfo or SubjectPublicKeyInfo of ours. */
static int our_key(const struct edfast_provctx *provctx, const unsigned char *der, size_t der_len,
                   int private, struct edfast_key **key)
{
    const unsigned char *p = der;
    PKCS8_PRIV_KEY_INFO *p8info = NULL;
    enum edfast_curve curve;
    int found = 0;

    if (private) {
        ERR_set_mark();
        p8info = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)der_len);
        ERR_pop_to_mark();
        if (p8info == NULL)
            return 0;
    }
    for (curve = 0; curve < EDFAST_CURVE_COUNT && found == 0; curve++)
        found = private ? edfast_key_from_p8info(provctx, curve, p8info, key)
                        : edfast_key_from_spki_der(provctx, curve, der, der_len, key);
    PKCS8_PRIV_KEY_INFO_free(p8info);
    return found;
}

/* What loading one object did when it did not succeed or fail: nothing, on purpose. */
#define SKIPPED (-1)

/*
 * One object.  ED25519 and ED448 keys in PKCS#8 (plain or encrypted) and
 * SubjectPublicKeyInfo are decoded here and passed by reference; everything
 * else goes to libcrypto by value.  Returns 1, 0 (error) or SKIPPED.
 */
static int load_object(struct store_ctx *ctx, const struct label *label, const unsigned char *der,
                       size_t der_len, OSSL_CALLBACK *object_cb, void *object_cbarg,
                       OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    unsigned char *plain = NULL;
    int plain_len = 0, found = 0, ok;
    struct edfast_key *key = NULL;
    int keys_wanted = ctx->expect == 0 || ctx->expect == OSSL_STORE_INFO_PKEY
        || ctx->expect == OSSL_STORE_INFO_PUBKEY;
    int private_wanted = keys_wanted && ctx->expect != OSSL_STORE_INFO_PUBKEY;

    /* Keys nobody wants are skipped before any passphrase is asked for. */
    if (label != NULL && label->object_type == OSSL_OBJECT_PKEY && !keys_wanted)
        return SKIPPED;
    if (label == &labels[EPKI_LABEL] && !private_wanted)
        return SKIPPED;
    if (private_wanted && (label == NULL || label == &labels[EPKI_LABEL])) {
        found = decrypt_epki(der, der_len, pw_cb, pw_cbarg, &plain, &plain_len);
        if (found < 0)
            return 0;
        if (found > 0) {
            der = plain;
            der_len = (size_t)plain_len;
            label = &labels[PKI_LABEL];
        }
    }
    found = 0;
    if (keys_wanted && (label == NULL || label == &labels[PKI_LABEL]))
        found = our_key(ctx->provctx, der, der_len, 1, &key);
    if (keys_wanted && found == 0 && (label == NULL || label == &labels[SPKI_LABEL]))
        found = our_key(ctx->provctx, der, der_len, 0, &key);
    if (found < 0)
        ok = 0; /* ours but broken: the reason is on the error queue */
    else if (found > 0)
        ok = edfast_pass_key_reference(&key, object_cb, object_cbarg);
    else
        ok = hand_over(label, der, der_len, object_cb, object_cbarg);
    edfast_key_free(key);
    if (plain != NULL)
        OPENSSL_clear_free(plain, (size_t)plain_len);
    return ok;
}

struct pw {
    OSSL_PASSPHRASE_CALLBACK *cb;
    void *cbarg;
};

/* PEM_do_header asks for the passphrase the old way. */
static int pem_password(char *buf, int size, int rwflag, void *u)
{
    struct pw *pw = u;
    size_t len = 0;

    (void)rwflag;
    if (pw->cb == NULL || size <= 0 || !pw->cb(buf, (size_t)size, &len, NULL, pw->cbarg)
            || len > (size_t)size)
        return -1;
    return (int)len;
}

static int load_pem_block(struct store_ctx *ctx, OSSL_CALLBACK *object_cb, void *object_cbarg,
                          OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    char *name = NULL, *header = NULL;
    unsigned char *der = NULL;
    long der_len = 0, plain_len;
    const struct label *label = NULL;
    struct pw pw = {pw_cb, pw_cbarg};
    EVP_CIPHER_INFO cipher;
    size_t i;
    int ok = 0;

    ERR_set_mark();
    /* EAY_COMPATIBLE, as OpenSSL's PEM_read_bio: control bytes in the base64 are refused. */
    if (PEM_read_bio_ex(ctx->pem, &name, &header, &der, &der_len,
                        PEM_FLAG_SECURE | PEM_FLAG_EAY_COMPATIBLE) <= 0) {
        /* No more PEM blocks is the end of the file, not an error. */
        unsigned long err = ERR_peek_last_error();

        if (ERR_GET_LIB(err) == ERR_LIB_PEM && ERR_GET_REASON(err) == PEM_R_NO_START_LINE) {
            ERR_pop_to_mark();
            ctx->eof = 1;
            return SKIPPED;
        }
        ERR_clear_last_mark();
        /* PEM_read_bio_ex says nothing when an allocation fails */
        if (err == 0)
            ERR_raise_data(ERR_LIB_PROV, ERR_R_PEM_LIB, "edfast file store: reading a PEM block");
        return 0;
    }
    ERR_pop_to_mark();
    for (i = 0; i < sizeof(labels) / sizeof(labels[0]); i++)
        if (strcmp(name, labels[i].pem_name) == 0)
            label = &labels[i];
    plain_len = der_len;
    if (header[0] != '\0'
            && (!PEM_get_EVP_CIPHER_INFO(header, &cipher)
                || !PEM_do_header(&cipher, der, &plain_len, pem_password, &pw)))
        goto end;
    ok = load_object(ctx, label, der, (size_t)plain_len, object_cb, object_cbarg, pw_cb, pw_cbarg);

end:
    OPENSSL_secure_free(name);
    OPENSSL_secure_free(header);
    OPENSSL_secure_clear_free(der, (size_t)der_len);
    return ok;
}

/* <hash>.<digits> or <hash>.r<digits>: the names c_rehash gives certificates and CRLs. */
static int hashed_name_of(const char *file, unsigned long hash)
{
    char prefix[32];
    size_t len = (size_t)snprintf(prefix, sizeof(prefix), "%08lx.", hash);
    const char *p = file + len;

    if (strncmp(file, prefix, len) != 0)
        return 0;
    if (*p == 'r')
        p++;
    if (*p == '\0')
        return 0;
    for (; *p != '\0'; p++)
        if (!isdigit((unsigned char)*p))
            return 0;
    return 1;
}

static int load_dir_entry(struct store_ctx *ctx, OSSL_CALLBACK *object_cb, void *object_cbarg)
{
    const struct dirent *entry;
    OSSL_PARAM params[3];
    int object_type = OSSL_OBJECT_NAME, ok;
    size_t len;
    char *name;

    for (;;) {
        errno = 0;
        if ((entry = readdir(ctx->dir)) == NULL) {
            if (errno == 0) {
                ctx->eof = 1;
                return 1;
            }
            /*
             * Not at the end yet: libcrypto flags the store's error
             * (OSSL_STORE_error) only for a failed load short of the end.
             * The next load ends the listing, so no caller loops on it.
             */
            ctx->dir_failed = 1;
            ERR_raise_data(ERR_LIB_SYS, errno, "edfast file store: reading %s", ctx->dir_uri);
            EDFAST_RAISE(ctx->provctx, EDFAST_R_DIRECTORY_READ_FAILURE, "%s", ctx->dir_uri);
            return 0;
        }
        if (entry->d_name[0] == '.')
            continue;
        if (ctx->search && !hashed_name_of(entry->d_name, ctx->subject_hash))
            continue;
        break;
    }
    len = strlen(ctx->dir_uri);
    if ((name = OPENSSL_malloc(len + strlen(entry->d_name) + 2)) == NULL) {
        EDFAST_RAISE(ctx->provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return 0;
    }
    sprintf(name, "%s%s%s", ctx->dir_uri, len > 0 && ctx->dir_uri[len - 1] == '/' ? "" : "/",
            entry->d_name);
    params[0] = OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type);
    params[1] = OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA, name, 0);
    params[2] = OSSL_PARAM_construct_end();
    ok = object_cb(params, object_cbarg);
    OPENSSL_free(name);
    return ok;
}

static int store_load(void *vctx, OSSL_CALLBACK *object_cb, void *object_cbarg,
                      OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    struct store_ctx *ctx = vctx;

    if (ctx->eof)
        return 0;
    if (ctx->dir_failed) {
        ctx->eof = 1;
        return 0;
    }
    if (ctx->dir != NULL)
        return load_dir_entry(ctx, object_cb, object_cbarg);
    if (!ctx->read_done && !read_everything(ctx)) {
        ctx->eof = 1;
        return 0;
    }
    if (ctx->pem != NULL) {
        /*
         * OpenSSL 3.0 takes a load that delivers nothing, before the end, for
         * a broken loader: go on to the next block until one is delivered.
         */
        int ret;

        do
            ret = load_pem_block(ctx, object_cb, object_cbarg, pw_cb, pw_cbarg);
        while (ret == SKIPPED && !ctx->eof);
        return ret != 0;
    }
    /* DER (or anything else): one object, for libcrypto to recognise. */
    ctx->eof = 1;
    if (ctx->data_len == 0)
        return 1;
    return load_object(ctx, NULL, ctx->data, ctx->data_len, object_cb, object_cbarg, pw_cb,
                       pw_cbarg) != 0;
}

static int store_eof(void *vctx)
{
    return ((struct store_ctx *)vctx)->eof;
}

static int store_close(void *vctx)
{
    struct store_ctx *ctx = vctx;

    if (ctx == NULL)
        return 1;
    BIO_free(ctx->in);
    BIO_free(ctx->pem);
    OPENSSL_clear_free(ctx->data, ctx->data_len);
    if (ctx->dir != NULL)
        closedir(ctx->dir);
    OPENSSL_free(ctx->dir_uri);
    OPENSSL_free(ctx);
    return 1;
}

static int store_export_object(void *ctx, const void *reference, size_t reference_size,
                               OSSL_CALLBACK *export_cb, void *export_cbarg)
{
    (void)ctx;
    return edfast_export_key_reference(reference, reference_size, OSSL_KEYMGMT_SELECT_ALL,
                                       export_cb, export_cbarg);
}

const OSSL_DISPATCH edfast_file_store_functions[] = {
    EDFAST_DISPATCH(OSSL_FUNC_STORE_EXPORT_OBJECT, store_export_object),
    EDFAST_DISPATCH(OSSL_FUNC_STORE_OPEN, store_open),
    EDFAST_DISPATCH(OSSL_FUNC_STORE_ATTACH, store_attach),
    EDFAST_DISPATCH(OSSL_FUNC_STORE_SETTABLE_CTX_PARAMS, store_settable_ctx_params),
    EDFAST_DISPATCH(OSSL_FUNC_STORE_SET_CTX_PARAMS, store_set_ctx_params),
    EDFAST_DISPATCH(OSSL_FUNC_STORE_LOAD, store_load),
    EDFAST_DISPATCH(OSSL_FUNC_STORE_EOF, store_eof),
    EDFAST_DISPATCH(OSSL_FUNC_STORE_CLOSE, store_close),
    EDFAST_DISPATCH_END
};
