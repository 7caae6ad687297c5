/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Wycheproof and ed25519-speccheck verdicts: ours must equal OpenSSL's
 * default provider (computed here through EVP) on every case, Wycheproof's
 * labels, and speccheck's expected 1 1 1 1 0 0 0 0 0 0 0 1.
 * argv[1] is the vectors directory; without it the test reports SKIPPED (77).
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers, stat */

#include <errno.h>
#include <sys/stat.h>

#include <openssl/evp.h>

#include "ed25519/eddsa25519.h"
#include "native_path.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;

    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(buf);
        return NULL;
    }
    buf[n] = 0;
    fclose(f);
    return buf;
}

/*
 * Minimal JSON walk: calls back with every "key": value pair whose value is a
 * string or a number (as text).  Enough for the flat vector files.
 */
typedef void (*kv_fn)(void *arg, const char *key, size_t klen, const char *val, size_t vlen);

static void walk(const char *p, kv_fn fn, void *arg)
{
    while (*p) {
        const char *k, *v;
        size_t klen, vlen;

        if (*p != '"') {
            p++;
            continue;
        }
        k = ++p;
        while (*p && *p != '"')
            p += (*p == '\\' && p[1]) ? 2 : 1;
        klen = (size_t)(p - k);
        if (*p)
            p++;
        while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
            p++;
        if (*p != ':')
            continue; /* a string value or array element, not a key */
        p++;
        while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
            p++;
        if (*p == '"') {
            v = ++p;
            while (*p && *p != '"')
                p += (*p == '\\' && p[1]) ? 2 : 1;
            vlen = (size_t)(p - v);
            if (*p)
                p++;
            fn(arg, k, klen, v, vlen);
        } else if ((*p >= '0' && *p <= '9') || *p == '-') {
            v = p;
            while ((*p >= '0' && *p <= '9') || *p == '-')
                p++;
            fn(arg, k, klen, v, (size_t)(p - v));
        }
    }
}

static int key_is(const char *k, size_t klen, const char *want)
{
    return klen == strlen(want) && memcmp(k, want, klen) == 0;
}

/* OpenSSL's verdict via EVP (pure Ed25519). */
static int openssl_verify(const uint8_t pub[32], const uint8_t *msg, size_t mlen,
                          const uint8_t *sig, size_t slen)
{
    EVP_PKEY *pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = 0;

    if (pk != NULL && md != NULL && EVP_DigestVerifyInit(md, NULL, NULL, NULL, pk) == 1)
        ok = EVP_DigestVerify(md, sig, slen, msg, mlen) == 1;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(pk);
    return ok;
}

static int native_verdict(const uint8_t pub[32], const uint8_t *msg, size_t mlen,
                          const uint8_t *sig, size_t slen)
{
    static const struct edfast_instance pure = { EDFAST_PURE, NULL, 0 };
    void *k;
    int ok, again;

    if (slen != 64)
        return 0; /* the API takes exactly 64 bytes; the provider rejects other lengths */
    k = native_ed25519_key_new(NULL, pub);
    if (k == NULL)
        return -1;
    ok = native_ed25519_verify(k, &pure, msg, mlen, sig);
    /* A second call takes the cached path and must agree. */
    again = native_ed25519_verify(k, &pure, msg, mlen, sig);
    native_ed25519_key_free(k);
    return ok == again ? ok : -1;
}

/* ---- Wycheproof ---- */

struct wy {
    uint8_t pk[32];
    int have_pk;
    int in_test;
    uint8_t tpk[32];
    uint8_t msg[1024], sig[256];
    long mlen, slen;
    int valid;
    long tcid;
    int count, agree_openssl, agree_label;
};

static void wy_finish(struct wy *w)
{
    int ours, theirs;

    if (!w->in_test)
        return;
    w->in_test = 0;
    if (w->mlen < 0 || w->slen < 0) {
        ET_CHECK(0, "wycheproof tcId %ld: bad hex", w->tcid);
        return;
    }
    ours = native_verdict(w->tpk, w->msg, (size_t)w->mlen, w->sig, (size_t)w->slen);
    theirs = openssl_verify(w->tpk, w->msg, (size_t)w->mlen, w->sig, (size_t)w->slen);
    w->count++;
    ET_CHECK(ours == theirs, "wycheproof tcId %ld: native %d, OpenSSL %d", w->tcid, ours, theirs);
    ET_CHECK(ours == w->valid, "wycheproof tcId %ld: native %d, label %d", w->tcid, ours, w->valid);
    w->agree_openssl += ours == theirs;
    w->agree_label += ours == w->valid;
}

static void wy_kv(void *arg, const char *k, size_t kl, const char *v, size_t vl)
{
    struct wy *w = arg;

    if (key_is(k, kl, "pk")) {
        w->have_pk = et_unhex_n(v, vl, w->pk, 32) == 32;
    } else if (key_is(k, kl, "tcId")) {
        wy_finish(w);
        w->in_test = 1;
        w->tcid = strtol(v, NULL, 10);
        memcpy(w->tpk, w->pk, 32);
        w->mlen = w->slen = 0;
        w->valid = 0;
        ET_CHECK(w->have_pk, "tcId %ld without a 32-byte key", w->tcid);
    } else if (w->in_test && key_is(k, kl, "msg")) {
        w->mlen = et_unhex_n(v, vl, w->msg, sizeof(w->msg));
    } else if (w->in_test && key_is(k, kl, "sig")) {
        w->slen = et_unhex_n(v, vl, w->sig, sizeof(w->sig));
    } else if (w->in_test && key_is(k, kl, "result")) {
        w->valid = vl == 5 && memcmp(v, "valid", 5) == 0;
    }
}

/* ---- speccheck ---- */

struct sc {
    uint8_t msg[256], pub[32], sig[64];
    long mlen;
    int have;
    int idx;
    char verdicts[64];
};

static void sc_kv(void *arg, const char *k, size_t kl, const char *v, size_t vl)
{
    struct sc *s = arg;

    if (key_is(k, kl, "message")) {
        s->mlen = et_unhex_n(v, vl, s->msg, sizeof(s->msg));
        s->have |= 1;
    } else if (key_is(k, kl, "pub_key")) {
        s->have |= (et_unhex_n(v, vl, s->pub, 32) == 32) << 1;
    } else if (key_is(k, kl, "signature")) {
        s->have |= (et_unhex_n(v, vl, s->sig, 64) == 64) << 2;
    }
    if (s->have == 7) {
        int ours = native_verdict(s->pub, s->msg, (size_t)s->mlen, s->sig, 64);
        int theirs = openssl_verify(s->pub, s->msg, (size_t)s->mlen, s->sig, 64);

        ET_CHECK(ours == theirs, "speccheck case %d: native %d, OpenSSL %d", s->idx, ours, theirs);
        if (s->idx < 31) {
            s->verdicts[2 * s->idx] = (char)('0' + (ours == 1));
            s->verdicts[2 * s->idx + 1] = ' ';
        }
        s->idx++;
        s->have = 0;
    }
}

int main(int argc, char **argv)
{
    char path[4096];
    struct stat st;
    char *text;

    native_path_or_skip();

    if (argc < 2 || stat(argv[1], &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("SKIPPED: vectors directory %s not found\n", argc < 2 ? "(none given)" : argv[1]);
        return 77;
    }

    snprintf(path, sizeof(path), "%s/wycheproof/ed25519_test.json", argv[1]);
    text = slurp(path);
    ET_CHECK(text != NULL, "cannot read %s", path);
    if (text) {
        static struct wy w;

        walk(text, wy_kv, &w);
        wy_finish(&w);
        printf("wycheproof: %d cases, %d agree with OpenSSL, %d with labels\n", w.count,
               w.agree_openssl, w.agree_label);
        ET_CHECK(w.count >= 100, "only %d Wycheproof cases parsed", w.count);
        free(text);
    }

    snprintf(path, sizeof(path), "%s/speccheck/cases.json", argv[1]);
    text = slurp(path);
    ET_CHECK(text != NULL, "cannot read %s", path);
    if (text) {
        static struct sc s;

        walk(text, sc_kv, &s);
        if (s.idx > 0)
            s.verdicts[2 * s.idx - 1] = 0;
        printf("speccheck: %s\n", s.verdicts);
        ET_CHECK(s.idx == 12 && strcmp(s.verdicts, "1 1 1 1 0 0 0 0 0 0 0 1") == 0,
                 "speccheck verdicts %s", s.verdicts);
        free(text);
    }
    return et_finish("native25519_vectors");
}
