/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L /* mkdtemp, kill */
/*
 * edfast's file: store loader (provider/store.c) held to the default
 * provider's: the same files, read through OSSL_STORE in a library context
 * holding edfast alone and in one holding the default provider alone, give
 * the same objects in the same order.  Files: PEM with every label the loader
 * knows (text before the first block, plain, encrypted and legacy-encrypted
 * PKCS#8, certificates, a CRL), each DER structure, an empty file, garbage,
 * broken keys; with the expected type set, through an attached BIO, with a
 * wrong or no passphrase, and directories listed whole or searched by
 * subject, or failing to be read; URIs of every form the loader takes, and
 * ones it refuses.  And
 * OpenSSL's own loader in a context holding edfast too gives what it gives
 * without edfast (edfast's decoders must not eat its input).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/store.h>
#include <openssl/ui.h>
#include <openssl/x509.h>
#include "edfast_test_util.h"

#define PASS "store test pass"
#define MAX_OBJECTS 32

static OSSL_LIB_CTX *edf, *dfl; /* edfast alone; the default provider alone */
/* Both, edfast's loader preferred: other algorithms' keys decoded by the default provider. */
static OSSL_LIB_CTX *both;
static OSSL_LIB_CTX *beside; /* both, the default provider loaded first */
#define PREFER_EDFAST "?provider=edfast"
static char dir[256];

/* What a store delivered, one line per object (sorted for directory listings). */
struct listing {
    char *line[MAX_OBJECTS];
    size_t n;
    int opened;
};

static void listing_free(struct listing *l)
{
    size_t i;

    for (i = 0; i < l->n; i++)
        free(l->line[i]);
    memset(l, 0, sizeof(*l));
}

static char *hex_line(const char *kind, const unsigned char *data, size_t len)
{
    char *line = malloc(strlen(kind) + 2 * len + 2);
    size_t i, k = strlen(kind);

    if (line == NULL)
        abort();
    memcpy(line, kind, k);
    line[k++] = ' ';
    for (i = 0; i < len; i++)
        k += (size_t)sprintf(line + k, "%02x", data[i]);
    line[k] = '\0';
    return line;
}

/* A key as its type and halves, the same whichever provider holds it. */
static char *key_line(const char *kind, const EVP_PKEY *pkey)
{
    unsigned char buf[2 * ET_MAX_KEY];
    size_t pub = ET_MAX_KEY, priv = ET_MAX_KEY;
    char label[32];

    if (!EVP_PKEY_is_a(pkey, "ED25519") && !EVP_PKEY_is_a(pkey, "ED448")) {
        unsigned char *der = NULL;
        int len = i2d_PUBKEY(pkey, &der);
        char *line = hex_line(kind, der, len > 0 ? (size_t)len : 0);

        OPENSSL_free(der);
        return line;
    }
    if (!EVP_PKEY_get_raw_public_key(pkey, buf, &pub))
        pub = 0;
    if (!EVP_PKEY_get_raw_private_key(pkey, buf + pub, &priv))
        priv = 0;
    snprintf(label, sizeof(label), "%s %s", kind,
             EVP_PKEY_is_a(pkey, "ED25519") ? "ED25519" : "ED448");
    return hex_line(label, buf, pub + priv);
}

static char *info_line(const OSSL_STORE_INFO *info)
{
    unsigned char *der = NULL;
    int len;
    char *line;

    switch (OSSL_STORE_INFO_get_type(info)) {
    case OSSL_STORE_INFO_NAME:
        return hex_line(OSSL_STORE_INFO_get0_NAME(info), NULL, 0);
    case OSSL_STORE_INFO_PKEY:
        return key_line("PKEY", OSSL_STORE_INFO_get0_PKEY(info));
    case OSSL_STORE_INFO_PUBKEY:
        return key_line("PUBKEY", OSSL_STORE_INFO_get0_PUBKEY(info));
    case OSSL_STORE_INFO_CERT:
        len = i2d_X509(OSSL_STORE_INFO_get0_CERT(info), &der);
        break;
    case OSSL_STORE_INFO_CRL:
        len = i2d_X509_CRL(OSSL_STORE_INFO_get0_CRL(info), &der);
        break;
    default:
        return hex_line("unexpected object", NULL, 0);
    }
    line = hex_line(OSSL_STORE_INFO_get_type(info) == OSSL_STORE_INFO_CERT ? "CERT" : "CRL",
                    der, len > 0 ? (size_t)len : 0);
    OPENSSL_free(der);
    return line;
}

static int compare_lines(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int pem_pass(char *buf, int size, int rwflag, void *u)
{
    int len = (int)strlen(u);

    (void)rwflag;
    if (len > size)
        return -1;
    memcpy(buf, u, (size_t)len);
    return len;
}

struct load {
    const char *uri;   /* or NULL: attach */
    BIO *bio;          /* attached (read again from the start for each provider) */
    int expect;        /* OSSL_STORE_INFO_*, or 0 */
    X509_NAME *search; /* subject to search for, or NULL */
    const char *pass;  /* NULL: no passphrase at all */
    int mixed;         /* edfast's loader in the context with both providers */
    /* or: the default provider's loader in this context, edfast's decoders beside it */
    OSSL_LIB_CTX *openssl_in;
};

/* Every object the store gives in libctx. */
static void load_all(OSSL_LIB_CTX *libctx, const struct load *how, struct listing *out)
{
    const char *propq = how->openssl_in != NULL ? "provider=default"
                        : libctx == both        ? PREFER_EDFAST
                                                : NULL;
    const char *what = how->uri != NULL ? how->uri : "an attached BIO";
    UI_METHOD *ui = UI_UTIL_wrap_read_pem_callback(pem_pass, 0);
    OSSL_STORE_CTX *store;
    OSSL_STORE_SEARCH *search = NULL;
    int rounds;

    memset(out, 0, sizeof(*out));
    if (how->uri != NULL) {
        store = OSSL_STORE_open_ex(how->uri, libctx, propq, how->pass != NULL ? ui : NULL,
                                   (void *)how->pass, NULL, NULL, NULL);
    } else {
        (void)BIO_reset(how->bio);
        store = OSSL_STORE_attach(how->bio, "file", libctx, propq, how->pass != NULL ? ui : NULL,
                                  (void *)how->pass, NULL, NULL, NULL);
    }
    out->opened = store != NULL;
    if (store != NULL && how->expect != 0)
        ET_CHECK(OSSL_STORE_expect(store, how->expect), "%s: expect", what);
    if (store != NULL && how->search != NULL) {
        search = OSSL_STORE_SEARCH_by_name(how->search);
        ET_CHECK(search != NULL && OSSL_STORE_find(store, search), "%s: search", what);
    }
    /* A broken object is an error, and the store goes on to the next one. */
    for (rounds = 0; store != NULL && !OSSL_STORE_eof(store) && rounds < 4 * MAX_OBJECTS;
         rounds++) {
        OSSL_STORE_INFO *info = OSSL_STORE_load(store);

        if (info == NULL)
            continue;
        if (out->n < MAX_OBJECTS)
            out->line[out->n++] = info_line(info);
        OSSL_STORE_INFO_free(info);
    }
    /*
     * The default provider's loader, given 5 MiB of zeros, is not at its end
     * after 128 loads: only edfast's is held to ending.
     */
    ET_CHECK(libctx == dfl || how->openssl_in != NULL || store == NULL || OSSL_STORE_eof(store),
             "%s: edfast's store never ends", what);
    OSSL_STORE_SEARCH_free(search);
    OSSL_STORE_close(store);
    UI_destroy_method(ui);
    ERR_clear_error();
}

/* The same objects from edfast alone as from the default provider; returns edfast's count. */
static size_t same_as_default(const char *what, const struct load *how, int sorted)
{
    struct listing e, d;
    size_t i, n;

    load_all(how->openssl_in != NULL ? how->openssl_in : how->mixed ? both : edf, how, &e);
    load_all(dfl, how, &d);
    if (sorted) {
        qsort(e.line, e.n, sizeof(e.line[0]), compare_lines);
        qsort(d.line, d.n, sizeof(d.line[0]), compare_lines);
    }
    ET_CHECK(e.opened == d.opened, "%s: opened by edfast %d, by default %d", what, e.opened,
             d.opened);
    ET_CHECK(e.n == d.n, "%s: %zu objects from edfast, %zu from default", what, e.n, d.n);
    for (i = 0; i < e.n && i < d.n; i++)
        ET_CHECK(strcmp(e.line[i], d.line[i]) == 0, "%s: object %zu: edfast %.60s, default %.60s",
                 what, i, e.line[i], d.line[i]);
    n = e.n;
    listing_free(&e);
    listing_free(&d);
    return n;
}

/* ---- the files ---- */

static const char *const seeds[] = {
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    "6c82a562cb808d10d632be89c8513ebf6c929f34ddfa8c9f63c9960ef6e348a3"
    "528c8a3fcc2f044e39a3fc5b94492f8f032e7549a20098f95b",
};

static EVP_PKEY *make_key(int which)
{
    uint8_t seed[ET_MAX_KEY];
    size_t len = et_unhex(seeds[which], seed, sizeof(seed));

    return EVP_PKEY_new_raw_private_key_ex(dfl, which == 0 ? "ED25519" : "ED448", NULL, seed,
                                           len);
}

static X509_NAME *subject_name(void)
{
    X509_NAME *name = X509_NAME_new();

    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)"edfast store",
                               -1, -1, 0);
    return name;
}

static X509 *make_cert(EVP_PKEY *key)
{
    X509 *cert = X509_new_ex(dfl, NULL);
    X509_NAME *name = subject_name();
    int ok = cert != NULL && name != NULL && X509_set_version(cert, X509_VERSION_3)
        && ASN1_INTEGER_set(X509_get_serialNumber(cert), 33)
        && X509_set_subject_name(cert, name) && X509_set_issuer_name(cert, name)
        && X509_gmtime_adj(X509_getm_notBefore(cert), 0)
        && X509_gmtime_adj(X509_getm_notAfter(cert), 86400) && X509_set_pubkey(cert, key)
        && X509_sign(cert, key, NULL) > 0;

    X509_NAME_free(name);
    if (!ok) {
        X509_free(cert);
        return NULL;
    }
    return cert;
}

static X509_CRL *make_crl(EVP_PKEY *key)
{
    X509_CRL *crl = X509_CRL_new_ex(dfl, NULL);
    X509_NAME *name = subject_name();
    ASN1_TIME *now = ASN1_TIME_adj(NULL, 0, 0, 0);
    int ok = crl != NULL && name != NULL && now != NULL && X509_CRL_set_version(crl, 1)
        && X509_CRL_set_issuer_name(crl, name) && X509_CRL_set1_lastUpdate(crl, now)
        && X509_CRL_sign(crl, key, NULL) > 0;

    X509_NAME_free(name);
    ASN1_TIME_free(now);
    if (!ok) {
        X509_CRL_free(crl);
        return NULL;
    }
    return crl;
}

static char *path_of(const char *file)
{
    static char path[320];

    snprintf(path, sizeof(path), "%s/%s", dir, file);
    return path;
}

/* Writes the BIO's contents to dir/file. */
static void save(const char *file, BIO *bio)
{
    char *data;
    long len = BIO_get_mem_data(bio, &data);
    FILE *f = fopen(path_of(file), "wb");

    ET_CHECK(f != NULL && fwrite(data, 1, (size_t)len, f) == (size_t)len && fclose(f) == 0,
             "writing %s", file);
}

/* PKCS#8 PEM with RFC 1421 encryption headers (Proc-Type, DEK-Info). */
static int write_legacy_encrypted(BIO *out, EVP_PKEY *key)
{
    PKCS8_PRIV_KEY_INFO *p8 = EVP_PKEY2PKCS8(key);
    int ok = p8 != NULL
        && PEM_ASN1_write_bio((i2d_of_void *)i2d_PKCS8_PRIV_KEY_INFO, PEM_STRING_PKCS8INF, out,
                              p8, EVP_aes_128_cbc(), NULL, 0, pem_pass, PASS);

    PKCS8_PRIV_KEY_INFO_free(p8);
    return ok;
}

/* A PKCS#8 PEM of an ED25519 key whose privateKey holds 31 bytes, not 32. */
static void write_short_key(BIO *out)
{
    static const unsigned char der[] = {
        0x30, 0x2d, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70,
        0x04, 0x21, 0x04, 0x1f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
        17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31};

    PEM_write_bio(out, PEM_STRING_PKCS8INF, "", der, sizeof(der));
}

static void make_files(EVP_PKEY *k25519, EVP_PKEY *k448, EVP_PKEY *ec, X509 *cert,
                       X509_CRL *crl)
{
    BIO *b = BIO_new(BIO_s_mem());
    const EVP_CIPHER *aes = EVP_aes_128_cbc();
    unsigned char *der;
    long len;

    /* Every label edfast's loader knows, after text as `openssl x509 -text` writes it. */
    BIO_puts(b, "Some text before the first block\n");
    ET_CHECK(PEM_write_bio_PrivateKey(b, k25519, NULL, NULL, 0, NULL, NULL)
                 && PEM_write_bio_PUBKEY(b, k448) && PEM_write_bio_X509(b, cert)
                 && PEM_write_bio_X509_AUX(b, cert) && PEM_write_bio_X509_CRL(b, crl)
                 && PEM_write_bio_PKCS8PrivateKey(b, k448, aes, NULL, 0, pem_pass, PASS)
                 && write_legacy_encrypted(b, k25519),
             "writing mixed.pem");
    save("mixed.pem", b);
    (void)BIO_reset(b);

    /* The old certificate label, and a block of a kind nobody loads. */
    der = NULL;
    len = i2d_X509(cert, &der);
    ET_CHECK(len > 0 && PEM_write_bio(b, PEM_STRING_X509_OLD, "", der, len) > 0, "old label");
    OPENSSL_free(der);
    PEM_write_bio(b, "EDFAST NOTHING", "", (const unsigned char *)"nothing", 7);
    PEM_write_bio_PUBKEY(b, k25519);
    save("labels.pem", b);
    (void)BIO_reset(b);

    /* A public key, then a certificate. */
    ET_CHECK(PEM_write_bio_PUBKEY(b, k25519) && PEM_write_bio_X509(b, cert), "pubcert.pem");
    save("pubcert.pem", b);
    (void)BIO_reset(b);

    ET_CHECK(i2d_PKCS8PrivateKey_bio(b, k25519, NULL, NULL, 0, NULL, NULL), "pki.der");
    save("pki.der", b);
    (void)BIO_reset(b);
    ET_CHECK(i2d_PKCS8PrivateKey_bio(b, k448, aes, NULL, 0, pem_pass, PASS), "epki.der");
    save("epki.der", b);
    (void)BIO_reset(b);
    ET_CHECK(i2d_PUBKEY_bio(b, k448), "spki.der");
    save("spki.der", b);
    (void)BIO_reset(b);
    ET_CHECK(i2d_X509_bio(b, cert), "cert.der");
    save("cert.der", b);
    (void)BIO_reset(b);
    /* DER objects one after another, as OpenSSL's loader reads them from one BIO. */
    ET_CHECK(i2d_PUBKEY_bio(b, k25519) && i2d_X509_bio(b, cert)
                 && i2d_PKCS8PrivateKey_bio(b, k448, NULL, NULL, 0, NULL, NULL)
                 && i2d_PUBKEY_bio(b, k448), "ders");
    save("ders", b);
    (void)BIO_reset(b);
    save("empty", b);
    BIO_write(b, "\x30\x03\x02\x01\x07garbage", 12);
    save("garbage.der", b);
    (void)BIO_reset(b);

    /* Broken: a key of the wrong length, then base64 with a control byte. */
    write_short_key(b);
    PEM_write_bio_PUBKEY(b, k448);
    save("short.pem", b);
    (void)BIO_reset(b);
    BIO_puts(b, "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2Vw\x01AyEA\n-----END PUBLIC KEY-----\n");
    save("badbase64.pem", b);
    (void)BIO_reset(b);

    /* Another algorithm's keys, in the structures edfast decodes for its own. */
    ET_CHECK(ec != NULL && PEM_write_bio_PrivateKey(b, ec, NULL, NULL, 0, NULL, NULL)
                 && PEM_write_bio_PUBKEY(b, ec) && PEM_write_bio_PrivateKey(b, k25519, NULL, NULL,
                                                                           0, NULL, NULL),
             "writing ec.pem");
    save("ec.pem", b);
    BIO_free(b);

    /* DER over what edfast's key decoding reads (4 MiB): handed over unread. */
    {
        FILE *f = fopen(path_of("big.der"), "wb");

        ET_CHECK(f != NULL && fseek(f, 5L * 1024 * 1024, SEEK_SET) == 0 && fputc(0, f) == 0
                     && fclose(f) == 0,
                 "writing big.der");
    }
}

/* A directory of names: two with the subject's hash (c_rehash's forms) and others. */
static void make_listing_dir(X509_NAME *subject)
{
    unsigned long hash = X509_NAME_hash_ex(subject, dfl, NULL, NULL);
    const char *suffixes[] = {".0", ".r1", ".x", ".", ".12a"};
    char file[64];
    size_t i;
    FILE *f;

    ET_CHECK(mkdir(path_of("certs"), 0700) == 0, "mkdir certs");
    for (i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
        snprintf(file, sizeof(file), "certs/%08lx%s", hash, suffixes[i]);
        ET_CHECK((f = fopen(path_of(file), "w")) != NULL && fclose(f) == 0, "%s", file);
    }
    snprintf(file, sizeof(file), "certs/%08lx.0", hash ^ 1);
    ET_CHECK((f = fopen(path_of(file), "w")) != NULL && fclose(f) == 0, "%s", file);
}

static void remove_tree(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *entry;
    char sub[512];

    while (d != NULL && (entry = readdir(d)) != NULL) {
        if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0)
            continue;
        snprintf(sub, sizeof(sub), "%s/%s", path, entry->d_name);
        if (unlink(sub) != 0)
            remove_tree(sub);
    }
    if (d != NULL)
        closedir(d);
    rmdir(path);
}

/* ---- the cases ---- */

static void test_files(void)
{
    struct load how = {0};
    char uri[384];
    size_t n;
    static const struct {
        const char *file;
        size_t objects; /* known answer: what the file holds */
    } files[] = {
        {"mixed.pem", 7}, {"labels.pem", 2}, {"pki.der", 1}, {"epki.der", 1},
        {"spki.der", 1},  {"cert.der", 1},   {"empty", 0},   {"garbage.der", 0},
        {"short.pem", 1}, {"badbase64.pem", 0}, {"big.der", 0},
    };
    size_t i;

    how.pass = PASS;
    for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        how.uri = path_of(files[i].file);
        n = same_as_default(files[i].file, &how, 0);
        ET_CHECK(n == files[i].objects, "%s: %zu objects, %zu expected", files[i].file, n,
                 files[i].objects);
    }

    /* Each expected type: only those objects, and no passphrase asked for keys not wanted. */
    how.uri = path_of("mixed.pem");
    how.expect = OSSL_STORE_INFO_CERT;
    ET_CHECK(same_as_default("mixed.pem, certificates", &how, 0) == 2, "certificates");
    how.expect = OSSL_STORE_INFO_CRL;
    ET_CHECK(same_as_default("mixed.pem, CRLs", &how, 0) == 1, "CRLs");
    how.expect = OSSL_STORE_INFO_PKEY;
    ET_CHECK(same_as_default("mixed.pem, private keys", &how, 0) == 3, "private keys");
    how.expect = OSSL_STORE_INFO_PUBKEY;
    same_as_default("mixed.pem, public keys", &how, 0);
    how.pass = NULL;
    same_as_default("mixed.pem, public keys, no passphrase", &how, 0);
    how.uri = path_of("epki.der");
    same_as_default("epki.der, public keys, no passphrase", &how, 0);
    how.expect = OSSL_STORE_INFO_CERT;
    same_as_default("epki.der, certificates, no passphrase", &how, 0);

    /* Without the passphrase, or the wrong one, the encrypted keys are not given. */
    how.expect = 0;
    how.uri = path_of("mixed.pem");
    ET_CHECK(same_as_default("mixed.pem, no passphrase", &how, 0) == 5, "no passphrase");
    how.pass = "wrong";
    ET_CHECK(same_as_default("mixed.pem, wrong passphrase", &how, 0) == 5, "wrong passphrase");
    how.uri = path_of("epki.der");
    ET_CHECK(same_as_default("epki.der, wrong passphrase", &how, 0) == 0, "wrong passphrase");

    /* Every form of URI that names a local file. */
    how.pass = PASS;
    snprintf(uri, sizeof(uri), "file:%s", path_of("spki.der"));
    how.uri = uri;
    ET_CHECK(same_as_default(uri, &how, 0) == 1, "%s", uri);
    snprintf(uri, sizeof(uri), "file://%s", path_of("spki.der"));
    ET_CHECK(same_as_default(uri, &how, 0) == 1, "%s", uri);
    snprintf(uri, sizeof(uri), "FILE://localhost%s", path_of("spki.der"));
    ET_CHECK(same_as_default(uri, &how, 0) == 1, "%s", uri);
    /* ... and ones that do not. */
    snprintf(uri, sizeof(uri), "file://elsewhere%s", path_of("spki.der"));
    same_as_default(uri, &how, 0);
    snprintf(uri, sizeof(uri), "file:%s", path_of("absent"));
    same_as_default(uri, &how, 0);
    how.uri = path_of("absent");
    same_as_default("a file that is not there", &how, 0);
}

static void test_attach(void)
{
    FILE *f = fopen(path_of("mixed.pem"), "rb");
    char data[16384];
    size_t len = f != NULL ? fread(data, 1, sizeof(data), f) : 0;
    struct load how = {0};

    if (f != NULL)
        fclose(f);
    how.bio = BIO_new_mem_buf(data, (int)len);
    how.pass = PASS;
    ET_CHECK(same_as_default("mixed.pem attached", &how, 0) == 7, "attached");
    BIO_free(how.bio);
}

static void test_directory(void)
{
    X509_NAME *subject = subject_name();
    struct load how = {0};
    char uri[384];

    make_listing_dir(subject);
    how.uri = path_of("certs");
    ET_CHECK(same_as_default("a directory", &how, 1) == 6, "directory listing");
    snprintf(uri, sizeof(uri), "file:%s/", path_of("certs"));
    how.uri = uri;
    ET_CHECK(same_as_default(uri, &how, 1) == 6, "directory listing, trailing slash");
    how.search = subject;
    ET_CHECK(same_as_default("a directory searched by subject", &how, 1) == 2, "search");
    X509_NAME_free(subject);
}

/*
 * /proc/PID/net of a child opened while the child lives, then the child
 * reaped: the kernel fails reading that directory (EINVAL), a real readdir
 * failure, not its end.  Returns the child's directory open in libctx's
 * store, or NULL.
 */
static OSSL_STORE_CTX *open_dir_of_reaped_child(OSSL_LIB_CTX *libctx, char *uri, size_t cap)
{
    OSSL_STORE_CTX *store;
    pid_t child = fork();

    if (child < 0)
        return NULL;
    if (child == 0) {
        pause();
        _exit(0);
    }
    snprintf(uri, cap, "/proc/%d/net", (int)child);
    store = OSSL_STORE_open_ex(uri, libctx, NULL, NULL, NULL, NULL, NULL, NULL);
    kill(child, SIGKILL);
    waitpid(child, NULL, 0);
    return store;
}

/* Whether the queue holds edfast's reason for an unreadable directory, naming it; clears it. */
static int directory_reason_names(const char *uri)
{
    const char *data = NULL;
    int flags = 0, found = 0;
    unsigned long e;

    while ((e = ERR_get_error_all(NULL, NULL, NULL, &data, &flags)) != 0) {
        const char *reason = ERR_reason_error_string(e);

        if (reason != NULL && strcmp(reason, "cannot read directory") == 0 &&
            (flags & ERR_TXT_STRING) != 0 && data != NULL && strstr(data, uri) != NULL)
            found = 1;
    }
    return found;
}

/*
 * A directory that fails to be read ends its listing with an error the caller
 * sees (OSSL_STORE_error), with edfast's reason naming the directory; never
 * as an empty listing, which it was: edfast called itself at its end after
 * the failure, and libcrypto flags an error only short of the end.  The
 * default provider's loader cannot be held to the same case: it reads the
 * first entry when it opens the directory, while the child lives, and libc's
 * buffer then holds the whole listing.  (On a readdir failure it raises the
 * system error and is not at its end either.)
 */
static void test_directory_read_failure(void)
{
    OSSL_STORE_CTX *store;
    char uri[64];
    DIR *d;
    pid_t child = fork();

    /* The premise, with readdir itself: this kernel fails the read. */
    if (child == 0) {
        pause();
        _exit(0);
    }
    snprintf(uri, sizeof(uri), "/proc/%d/net", (int)child);
    d = child > 0 ? opendir(uri) : NULL;
    if (child > 0) {
        kill(child, SIGKILL);
        waitpid(child, NULL, 0);
    }
    errno = 0;
    if (d == NULL || readdir(d) != NULL || errno == 0) {
        printf("SKIP directory read failure: %s does not fail to be read here\n", uri);
        if (d != NULL)
            closedir(d);
        return;
    }
    closedir(d);
    store = open_dir_of_reaped_child(edf, uri, sizeof(uri));
    ET_CHECK(store != NULL, "%s not opened", uri);
    if (store == NULL) {
        ERR_clear_error();
        return;
    }
    ERR_clear_error();
    ET_CHECK(OSSL_STORE_load(store) == NULL, "an object from an unreadable directory");
    ET_CHECK(OSSL_STORE_error(store), "unreadable directory %s without an error", uri);
    ET_CHECK(directory_reason_names(uri), "no 'cannot read directory' naming %s", uri);
    ET_CHECK(OSSL_STORE_load(store) == NULL && OSSL_STORE_eof(store),
             "the failed listing does not end at the next load");
    OSSL_STORE_close(store);
    ERR_clear_error();
}

/*
 * OpenSSL's own `file:` loader with edfast loaded beside the default provider
 * gives what it gives without edfast.  Its decoder chain runs edfast's PEM
 * decoder on the BIO of the whole bundle, which libcrypto reads (attached, it
 * cannot seek) through a buffer that it drops after each object: that decoder
 * must read one PEM block, never to the end.  It did, and lost the bundle's
 * blocks after the first that no decoder took: on OpenSSL 3.0 a certificate
 * after a public key, with certificates expected and edfast loaded after the
 * default provider; on 4.0, whose loader asks the decoders for
 * SubjectPublicKeyInfo when PUBKEY is expected (and EncryptedPrivateKeyInfo
 * for PKEY), whatever came after a certificate, in either order
 * (fuzz_store's regress-pubkey-bundle* inputs).
 */
static void test_openssl_loader_beside_edfast(OSSL_LIB_CTX *libctx, const char *order)
{
    static const int expected[] = {0, OSSL_STORE_INFO_PKEY, OSSL_STORE_INFO_PUBKEY,
                                   OSSL_STORE_INFO_CERT, OSSL_STORE_INFO_CRL};
    static const char *const files[] = {"mixed.pem", "pubcert.pem", "ders"};
    struct load how = {0};
    char data[16384], what[128];
    size_t i, j, len;
    FILE *f;

    how.pass = PASS;
    how.openssl_in = libctx;
    for (j = 0; j < sizeof(files) / sizeof(files[0]); j++) {
        f = fopen(path_of(files[j]), "rb");
        len = f != NULL ? fread(data, 1, sizeof(data), f) : 0;
        if (f != NULL)
            fclose(f);
        how.bio = BIO_new_mem_buf(data, (int)len);
        for (i = 0; i < sizeof(expected) / sizeof(expected[0]); i++) {
            how.expect = expected[i];
            snprintf(what, sizeof(what), "%s attached, OpenSSL's loader, %s, expecting %d",
                     files[j], order, expected[i]);
            same_as_default(what, &how, 0);
        }
        BIO_free(how.bio);
    }
}

/*
 * Other algorithms' keys go to libcrypto by value, with what the PEM label
 * says, for the default provider's decoders; ours are edfast's.
 */
static void test_foreign(void)
{
    OSSL_STORE_LOADER *loader = OSSL_STORE_LOADER_fetch(both, "file", PREFER_EDFAST);
    struct load how = {0};

    ET_CHECK(loader != NULL
                 && strcmp(OSSL_PROVIDER_get0_name(OSSL_STORE_LOADER_get0_provider(loader)),
                           "edfast") == 0,
             "edfast's loader is not the one preferred");
    OSSL_STORE_LOADER_free(loader);
    how.uri = path_of("ec.pem");
    how.mixed = 1;
    ET_CHECK(same_as_default("ec.pem", &how, 0) == 3, "ec.pem");
}

/* Which searches a loader takes, as OSSL_STORE_supports_search sees them (bit per type). */
static int searches(OSSL_LIB_CTX *libctx)
{
    OSSL_STORE_CTX *store = OSSL_STORE_open_ex(path_of("certs"), libctx, NULL, NULL, NULL, NULL,
                                               NULL, NULL);
    int type, bits = 0;

    for (type = OSSL_STORE_SEARCH_BY_NAME; store != NULL && type <= OSSL_STORE_SEARCH_BY_ALIAS;
         type++)
        if (OSSL_STORE_supports_search(store, type))
            bits |= 1 << type;
    OSSL_STORE_close(store);
    return bits;
}

/* What goes wrong reaches the user with edfast's reason. */
static void test_errors(void)
{
    OSSL_STORE_CTX *store;
    OSSL_STORE_INFO *info;
    int e = searches(edf), d = searches(dfl);

    ET_CHECK(e == d && (e & (1 << OSSL_STORE_SEARCH_BY_NAME)) != 0,
             "searches taken: edfast %#x, default %#x", (unsigned)e, (unsigned)d);

    ERR_clear_error();
    store = OSSL_STORE_open_ex(path_of("short.pem"), edf, NULL, NULL, NULL, NULL, NULL, NULL);
    info = store != NULL ? OSSL_STORE_load(store) : NULL;
    ET_CHECK(store != NULL && info == NULL && et_error_contains("invalid key length"),
             "short.pem: the key of the wrong length is not refused as such");
    OSSL_STORE_INFO_free(info);
    OSSL_STORE_close(store);

    /* Endless input: the loader stops at its limit, 256 MiB. */
    store = OSSL_STORE_open_ex("/dev/zero", edf, NULL, NULL, NULL, NULL, NULL, NULL);
    info = store != NULL ? OSSL_STORE_load(store) : NULL;
    ET_CHECK(store != NULL && info == NULL && OSSL_STORE_eof(store)
                 && et_error_contains("length too large"),
             "endless input is not refused as too large");
    OSSL_STORE_INFO_free(info);
    OSSL_STORE_close(store);
}

/* The providers loaded, unloaded at the end (freeing a context leaves them loaded). */
static OSSL_PROVIDER *loaded[6];
static size_t loaded_count;

static void load(OSSL_LIB_CTX *libctx, const char *provider)
{
    OSSL_PROVIDER *prov = OSSL_PROVIDER_load(libctx, provider);

    if (prov == NULL || loaded_count == sizeof(loaded) / sizeof(loaded[0])) {
        fprintf(stderr, "cannot load %s\n", provider);
        ERR_print_errors_fp(stderr);
        exit(1);
    }
    loaded[loaded_count++] = prov;
}

static OSSL_LIB_CTX *context_with(const char *provider)
{
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();

    if (libctx == NULL || !OSSL_PROVIDER_set_default_search_path(libctx, et_provider_dir())) {
        fprintf(stderr, "cannot make a library context\n");
        exit(1);
    }
    load(libctx, provider);
    return libctx;
}

int main(void)
{
    EVP_PKEY *k25519, *k448, *ec;
    X509 *cert;
    X509_CRL *crl;

    edf = context_with("edfast");
    dfl = context_with("default");
    both = context_with("edfast");
    load(both, "default");
    beside = context_with("default");
    load(beside, "edfast");
    snprintf(dir, sizeof(dir), "%s/edfast-store-XXXXXX",
             getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp");
    if (mkdtemp(dir) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    k25519 = make_key(0);
    k448 = make_key(1);
    ec = EVP_PKEY_Q_keygen(dfl, NULL, "EC", "P-256");
    cert = make_cert(k25519);
    crl = make_crl(k448);
    ET_CHECK(k25519 != NULL && k448 != NULL && cert != NULL && crl != NULL, "fixtures");
    if (cert != NULL && crl != NULL) {
        make_files(k25519, k448, ec, cert, crl);
        test_files();
        test_attach();
        test_directory();
        test_directory_read_failure();
        test_foreign();
        test_openssl_loader_beside_edfast(both, "edfast loaded first");
        test_openssl_loader_beside_edfast(beside, "edfast loaded after the default provider");
        test_errors();
    }
    remove_tree(dir);
    X509_CRL_free(crl);
    X509_free(cert);
    EVP_PKEY_free(k25519);
    EVP_PKEY_free(k448);
    EVP_PKEY_free(ec);
    while (loaded_count > 0)
        OSSL_PROVIDER_unload(loaded[--loaded_count]);
    OSSL_LIB_CTX_free(both);
    OSSL_LIB_CTX_free(beside);
    OSSL_LIB_CTX_free(edf);
    OSSL_LIB_CTX_free(dfl);
    return et_finish("store");
}
