/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/provider.h>
#include <openssl/x509.h>
#include "fuzz_common.h"

struct fz_state fz;
static int ready;

void fz_fail(const char *file, int line, const char *fmt, ...)
{
    va_list args;

    fprintf(stderr, "FUZZ FINDING at %s:%d: ", file, line);
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    ERR_print_errors_fp(stderr);
    abort();
}

void fz_hex(const char *label, const uint8_t *data, size_t len)
{
    fprintf(stderr, "%s: ", label);
    for (size_t i = 0; i < len; i++)
        fprintf(stderr, "%02x", data[i]);
    fputc('\n', stderr);
}

void fz_setup(void)
{
    static const char *const names[FZ_MAX_ENVS] = {"native", "sodium", "decaf", "openssl"};

    if (ready)
        return;
    ready = 1;
    for (size_t i = 0; i < FZ_MAX_ENVS; i++) {
        struct et_env *env = &fz.envs[fz.env_count];

        if (!et_env_open(env, names[i])) {
            fprintf(stderr, "fuzz: cannot load edfast with EDFAST_BACKEND=%s\n", names[i]);
            exit(1);
        }
        fz.env_count++;
        for (int c = 0; c < ET_CURVES; c++) {
            int seen = 0;

            for (size_t j = 0; j < fz.count[c]; j++)
                if (strcmp(fz.by_curve[c][j].name, env->backend[c]) == 0)
                    seen = 1;
            if (!seen) {
                fz.by_curve[c][fz.count[c]].name = env->backend[c];
                fz.by_curve[c][fz.count[c]].env = env;
                fz.count[c]++;
            }
        }
    }
    fz.ref = &fz.envs[0];
    for (int c = 0; c < ET_CURVES; c++) {
        fprintf(stderr, "fuzz: %s backends:", et_curve_name(c));
        for (size_t j = 0; j < fz.count[c]; j++)
            fprintf(stderr, " %s", fz.by_curve[c][j].name);
        fputc('\n', stderr);
    }
    ERR_clear_error();
}

uint8_t fz_byte(struct fz_input *in)
{
    uint8_t b = 0;

    if (in->len > 0) {
        b = in->data[0];
        in->data++;
        in->len--;
    }
    return b;
}

size_t fz_bytes(struct fz_input *in, uint8_t *out, size_t n)
{
    if (n > in->len)
        n = in->len;
    memcpy(out, in->data, n);
    in->data += n;
    in->len -= n;
    return n;
}

void fz_fill(struct fz_input *in, uint8_t *out, size_t n)
{
    size_t got = fz_bytes(in, out, n);

    memset(out + got, 0, n - got);
}

int fz_raw(const EVP_PKEY *pkey, uint8_t *pub, size_t *pub_len, uint8_t *priv, size_t *priv_len)
{
    size_t cap = ET_MAX_KEY;

    *pub_len = cap;
    if (EVP_PKEY_get_raw_public_key(pkey, pub, pub_len) != 1)
        return 0;
    if (priv != NULL) {
        *priv_len = cap;
        ERR_set_mark();
        if (EVP_PKEY_get_raw_private_key(pkey, priv, priv_len) != 1)
            *priv_len = 0;
        ERR_pop_to_mark();
    }
    return 1;
}

/*
 * Library contexts holding edfast alone, one per backend: with the default
 * provider beside it, OpenSSL 3.0 may run the default provider's decoders
 * even under propq provider=edfast, so edfast's own would go untested.
 */
struct et_env fz_alone[FZ_MAX_ENVS];
size_t fz_alone_count;

void fz_setup_alone(void)
{
    static const char *const names[] = {"native", "sodium", "decaf", "openssl"};

    if (fz_alone_count != 0)
        return;
    for (size_t i = 0; i < FZ_MAX_ENVS; i++) {
        struct et_env *env = &fz_alone[fz_alone_count];

        env->ctx = OSSL_LIB_CTX_new();
        FZ_ASSERT(env->ctx != NULL
                      && OSSL_PROVIDER_set_default_search_path(env->ctx, et_provider_dir()),
                  "library context");
        setenv("EDFAST_BACKEND", names[i], 1);
        env->edfast = OSSL_PROVIDER_load(env->ctx, "edfast");
        unsetenv("EDFAST_BACKEND");
        FZ_ASSERT(env->edfast != NULL, "cannot load edfast alone");
        fz_alone_count++;
    }
}

static int too_costly_der(const unsigned char *der, long len)
{
    const unsigned char *p = der;
    X509_SIG *p8 = d2i_X509_SIG(NULL, &p, len);
    const X509_ALGOR *alg = NULL;
    const ASN1_OBJECT *oid = NULL;
    const void *pval = NULL;
    int ptype = 0, costly = 0, nid;

    if (p8 == NULL)
        return 0;
    X509_SIG_get0(p8, &alg, NULL);
    X509_ALGOR_get0(&oid, &ptype, &pval, alg);
    nid = OBJ_obj2nid(oid);
    if (nid == NID_pbes2) {
        PBE2PARAM *pbe2 = ptype == V_ASN1_SEQUENCE
            ? ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBE2PARAM), alg->parameter)
            : NULL;

        costly = 1;
        if (pbe2 != NULL && OBJ_obj2nid(pbe2->keyfunc->algorithm) == NID_id_pbkdf2) {
            PBKDF2PARAM *kdf = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBKDF2PARAM),
                                                         pbe2->keyfunc->parameter);

            if (kdf != NULL && kdf->iter != NULL)
                costly = ASN1_INTEGER_get(kdf->iter) > 2048 || ASN1_INTEGER_get(kdf->iter) < 0;
            PBKDF2PARAM_free(kdf);
        }
        PBE2PARAM_free(pbe2);
    } else if (ptype == V_ASN1_SEQUENCE) {
        PBEPARAM *pbe = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBEPARAM),
                                                  alg->parameter);

        costly = pbe == NULL || pbe->iter == NULL || ASN1_INTEGER_get(pbe->iter) > 2048
            || ASN1_INTEGER_get(pbe->iter) < 0;
        PBEPARAM_free(pbe);
    }
    X509_SIG_free(p8);
    return costly;
}

int fz_too_costly(const uint8_t *data, size_t size)
{
    BIO *bio = BIO_new_mem_buf(data, (int)size);
    char *name = NULL, *header = NULL;
    unsigned char *der = NULL;
    long der_len = 0;
    int costly = too_costly_der(data, (long)size);

    ERR_set_mark();
    /* every PEM block, as a decoder may read any of them */
    while (!costly && bio != NULL && PEM_read_bio(bio, &name, &header, &der, &der_len) > 0) {
        costly = too_costly_der(der, der_len);
        OPENSSL_free(name);
        OPENSSL_free(header);
        OPENSSL_free(der);
        name = header = NULL;
        der = NULL;
    }
    ERR_pop_to_mark();
    BIO_free(bio);
    return costly;
}
