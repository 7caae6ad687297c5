/* SPDX-License-Identifier: Apache-2.0 */
/*
 * edfast's `file:` store loader through OSSL_STORE, in a context holding
 * edfast alone: the input attached as a memory BIO, or written to a file
 * opened by path or by one of the file: URI forms, or the directory holding
 * that file.  Held to the default provider's file loader on the same input:
 * the EdDSA keys (public and private halves), certificates, CRLs and names
 * each yields.  Other key types are not compared: a context holding edfast
 * alone has no decoder for them.
 *
 * On PEM (text throughout, see is_pem) both loaders must yield the same
 * objects in the same order, unless both fail to load something
 * (regress-broken-pem-block: edfast resumes after the next END line,
 * OpenSSL's loader earlier, or not at all).  Input that is not PEM edfast
 * takes as one object, where OpenSSL's loader reads DER objects one after
 * another and PEM after them (regress-der-then-pem).  There edfast's objects
 * must still be the default provider's, in the same order.
 *
 * Input: flags (bits 0-2 how: attached BIO, file:<path>, <path>,
 * file://localhost<path>, file://<path>, file:<directory>, attached BIO
 * again; bits 3-5 the type expected: any, or OSSL_STORE_INFO_NAME ..
 * OSSL_STORE_INFO_CRL; bit 6 the passphrase prompt answers "fuzz", else it
 * fails), then the data.
 */
#define _GNU_SOURCE /* memmem, mkdtemp */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/err.h>
#include <openssl/store.h>
#include <openssl/ui.h>
#include <openssl/x509.h>
#include "fuzz_common.h"

#define MAX_ITEMS 16
#define MAX_LOADS 64

static char dir[64];
static char path[80];
static UI_METHOD *with_pass, *without_pass;

static int pass_fuzz(char *buf, int size, int rwflag, void *u)
{
    (void)rwflag;
    (void)u;
    if (size < 4)
        return -1;
    memcpy(buf, "fuzz", 4);
    return 4;
}

static int pass_none(char *buf, int size, int rwflag, void *u)
{
    (void)buf;
    (void)size;
    (void)rwflag;
    (void)u;
    return -1;
}

static void remove_files(void)
{
    unlink(path);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    const char *tmp = getenv("TMPDIR");

    (void)argc;
    (void)argv;
    fz_setup();
    fz_setup_alone();
    snprintf(dir, sizeof(dir), "%s/fuzz_store.XXXXXX",
             tmp != NULL && strlen(tmp) < 32 ? tmp : "/tmp");
    FZ_ASSERT(mkdtemp(dir) != NULL, "mkdtemp %s", dir);
    snprintf(path, sizeof(path), "%s/in", dir);
    atexit(remove_files);
    with_pass = UI_UTIL_wrap_read_pem_callback(pass_fuzz, 0);
    without_pass = UI_UTIL_wrap_read_pem_callback(pass_none, 0);
    FZ_ASSERT(with_pass != NULL && without_pass != NULL, "UI methods");
    return 0;
}

/* What a load gave, as bytes that can be compared across providers. */
struct item {
    int type;
    unsigned char *der; /* certificate or CRL DER, key halves, or the name */
    size_t len;
};

struct result {
    struct item items[MAX_ITEMS];
    size_t count;
    int failed_loads; /* loads that gave nothing before the end */
};

static void add(struct result *res, int type, unsigned char *der, size_t len)
{
    if (res->count == MAX_ITEMS) {
        OPENSSL_free(der);
        return;
    }
    res->items[res->count].type = type;
    res->items[res->count].der = der;
    res->items[res->count].len = len;
    res->count++;
}

static void add_key(struct result *res, int type, const EVP_PKEY *pkey)
{
    uint8_t halves[2 * ET_MAX_KEY];
    size_t pub_len, priv_len;
    unsigned char *copy;

    if (!EVP_PKEY_is_a(pkey, "ED25519") && !EVP_PKEY_is_a(pkey, "ED448"))
        return;
    FZ_ASSERT(fz_raw(pkey, halves, &pub_len, halves + ET_MAX_KEY, &priv_len), "raw export");
    /* a public key yielded as PKEY and one yielded as PUBKEY are different answers */
    memmove(halves + pub_len, halves + ET_MAX_KEY, priv_len);
    copy = OPENSSL_memdup(halves, pub_len + priv_len);
    FZ_ASSERT(copy != NULL, "no memory");
    add(res, type, copy, pub_len + priv_len);
}

static void record(struct result *res, OSSL_STORE_INFO *info)
{
    int type = OSSL_STORE_INFO_get_type(info);
    unsigned char *der = NULL;
    int len = -1;

    switch (type) {
    case OSSL_STORE_INFO_PKEY:
        add_key(res, type, OSSL_STORE_INFO_get0_PKEY(info));
        return;
    case OSSL_STORE_INFO_PUBKEY:
        add_key(res, type, OSSL_STORE_INFO_get0_PUBKEY(info));
        return;
    case OSSL_STORE_INFO_CERT:
        len = i2d_X509(OSSL_STORE_INFO_get0_CERT(info), &der);
        break;
    case OSSL_STORE_INFO_CRL:
        len = i2d_X509_CRL(OSSL_STORE_INFO_get0_CRL(info), &der);
        break;
    case OSSL_STORE_INFO_NAME: {
        const char *name = OSSL_STORE_INFO_get0_NAME(info);

        len = (int)strlen(name);
        der = OPENSSL_memdup(name, (size_t)len);
        break;
    }
    default:
        return;
    }
    FZ_ASSERT(len >= 0 && der != NULL, "re-encoding a loaded object");
    add(res, type, der, (size_t)len);
}

static void load_all(OSSL_STORE_CTX *sctx, int expect, struct result *res)
{
    memset(res, 0, sizeof(*res));
    if (sctx == NULL)
        return;
    if (expect != 0 && !OSSL_STORE_expect(sctx, expect)) {
        OSSL_STORE_close(sctx);
        return;
    }
    for (int i = 0; i < MAX_LOADS && !OSSL_STORE_eof(sctx); i++) {
        OSSL_STORE_INFO *info = OSSL_STORE_load(sctx);

        if (info != NULL)
            record(res, info);
        else if (!OSSL_STORE_eof(sctx))
            res->failed_loads++;
        OSSL_STORE_INFO_free(info);
    }
    OSSL_STORE_close(sctx);
    ERR_clear_error();
}

static void release(struct result *res)
{
    for (size_t i = 0; i < res->count; i++)
        OPENSSL_free(res->items[i].der);
}

static void load(OSSL_LIB_CTX *ctx, const char *propq, int how, int expect, const UI_METHOD *ui,
                 const uint8_t *data, size_t size, struct result *res)
{
    char uri[128];
    BIO *bio;

    switch (how) {
    case 1:
    case 2:
    case 3:
    case 4:
        snprintf(uri, sizeof(uri), "%s%s",
                 how == 1 ? "file:" : how == 2 ? "" : how == 3 ? "file://localhost" : "file://",
                 path);
        load_all(OSSL_STORE_open_ex(uri, ctx, propq, ui, NULL, NULL, NULL, NULL), expect, res);
        return;
    case 5:
        snprintf(uri, sizeof(uri), "file:%s", dir);
        load_all(OSSL_STORE_open_ex(uri, ctx, propq, ui, NULL, NULL, NULL, NULL), expect, res);
        return;
    default:
        bio = BIO_new_mem_buf(data, (int)size);
        FZ_ASSERT(bio != NULL, "no memory");
        load_all(OSSL_STORE_attach(bio, "file", ctx, propq, ui, NULL, NULL, NULL, NULL), expect,
                 res);
        BIO_free(bio);
    }
}

static void write_file(const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");

    FZ_ASSERT(f != NULL && fwrite(data, 1, size, f) == size && fclose(f) == 0, "writing %s",
              path);
}

static int same_item(const struct item *a, const struct item *b)
{
    return a->type == b->type && a->len == b->len && memcmp(a->der, b->der, a->len) == 0;
}

static void check_same(int how, int expect, const struct item *got, const struct item *want,
                       size_t i)
{
    if (same_item(got, want))
        return;
    fz_hex("edfast", got->der, got->len);
    fz_hex("default", want->der, want->len);
    FZ_ASSERT(0, "how %d expect %d: object %zu differs (type %d, %d)", how, expect, i, got->type,
              want->type);
}

/*
 * Text holding a PEM boundary.  edfast takes any input holding a boundary for
 * PEM, DER whose bytes happen to hold one too (regress-der-with-pem-marker),
 * where OpenSSL's loader also tries it as DER.  And wherever OpenSSL's PEM
 * reading fails it reads on as DER, one TLV after another, so that it can
 * land on a DER object among binary bytes after a broken boundary, where
 * edfast sees no PEM block and loads nothing (regress-der-in-broken-pem).
 * Text holds no such object (the DER of every key, certificate and CRL holds
 * control bytes: the tags INTEGER, BIT STRING, OCTET STRING, NULL, OID): only
 * an input that is text throughout is PEM to both.
 */
static int is_pem(const uint8_t *data, size_t size)
{
    if (memmem(data, size, "-----BEGIN ", 11) == NULL)
        return 0;
    for (const uint8_t *p = data; p < data + size; p++)
        if ((*p < 0x20 || *p > 0x7e) && *p != '\t' && *p != '\n' && *p != '\r')
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct fz_input in = {data, size};
    uint8_t flags = fz_byte(&in);
    int how = flags & 7, expect = (flags >> 3) & 7;
    const UI_METHOD *ui = (flags & 64) ? with_pass : without_pass;
    struct result got, want;
    struct et_env *env;
    int pem;

    fz_setup();
    fz_setup_alone();
    if (in.len > 8192 || fz_too_costly(in.data, in.len))
        return 0;
    if (expect == 7)
        expect = 0;
    if (how >= 1 && how <= 5)
        write_file(in.data, in.len);
    /* each input through one backend's instance, in turn */
    env = &fz_alone[in.len % fz_alone_count];
    load(env->ctx, ET_EDFAST, how, expect, ui, in.data, in.len, &got);
    load(fz.ref->ctx, ET_DEFAULT, how, expect, ui, in.data, in.len, &want);
    pem = is_pem(in.data, in.len);
    if (getenv("FZ_VERBOSE") != NULL) {
        fprintf(stderr, "how %d expect %d: edfast %zu objects, default %zu\n", how, expect,
                got.count, want.count);
        for (size_t i = 0; i < got.count || i < want.count; i++)
            fprintf(stderr, "  %zu: edfast type %d (%zu bytes), default type %d (%zu bytes)\n", i,
                    i < got.count ? got.items[i].type : 0, i < got.count ? got.items[i].len : 0,
                    i < want.count ? want.items[i].type : 0, i < want.count ? want.items[i].len : 0);
    }
    if (pem && (got.failed_loads == 0 || want.failed_loads == 0)) {
        FZ_ASSERT(got.count == want.count,
                  "how %d expect %d: edfast yields %zu objects (%d failed loads), the default "
                  "provider %zu (%d)", how, expect, got.count, got.failed_loads, want.count,
                  want.failed_loads);
        for (size_t i = 0; i < got.count; i++)
            check_same(how, expect, &got.items[i], &want.items[i], i);
    } else {
        /*
         * Where both stumble on broken PEM, each may resume at a different
         * block, or OpenSSL's give up (regress-pem-default-gives-up); and DER
         * is one object to edfast, a sequence to OpenSSL.
         */
        size_t j = 0;

        for (size_t i = 0; i < got.count; i++, j++) {
            while (j < want.count && !same_item(&got.items[i], &want.items[j]))
                j++;
            if (j == want.count && want.failed_loads > 0)
                break;
            FZ_ASSERT(j < want.count, "how %d expect %d: edfast's object %zu (type %d) is not "
                      "the default provider's", how, expect, i, got.items[i].type);
        }
    }
    release(&got);
    release(&want);
    ERR_clear_error();
    return 0;
}
