/* SPDX-License-Identifier: Apache-2.0 */
/*
 * evp_sign_many: sign and verify many messages with one Ed25519 / Ed448 key
 * through OpenSSL 3's EVP API and edfast, the fast way and the usual slow
 * ways, with the rate of each.
 *
 *   evp_sign_many [-n COUNT] [-c ed25519|ed448|both] [-l MSGLEN]
 *                 [-m MODULE_DIR | -f OPENSSL_CNF]
 *
 * -m loads edfast.so from MODULE_DIR with OSSL_PROVIDER_load (without -m:
 * from OPENSSL_MODULES or OpenSSL's modules directory); -f loads a
 * configuration such as openssl.cnf.sample instead.  Either way into a
 * library context of this program's own, so nothing else in the process is
 * affected.
 *
 * What to reuse, and why:
 *  - The EVP_PKEY.  Decoding a private key computes its public half (a scalar
 *    multiplication, as dear as a signature), and edfast builds a public key's
 *    verification tables on its second use; a key decoded per message pays
 *    for both every time.  An EVP_PKEY may be shared by threads.
 *  - One EVP_MD_CTX per thread, re-initialised per message with a NULL key:
 *    EdDSA signs in one shot (EVP_DigestSign), which needs an init before each
 *    call, and an init with a NULL key keeps the key and the fetched
 *    algorithm instead of fetching it by name and setting the key up again.
 *  - OpenSSL 3.4+: the message API (EVP_PKEY_sign_message_init) takes an
 *    EVP_SIGNATURE fetched once, and one EVP_PKEY_CTX serves every message.
 *
 * Every signature is compared with that of OpenSSL's default provider (in a
 * library context of its own) and verified; a mismatch, a failed verify or a
 * bad signature that verifies makes the program exit 1.  The rates are what
 * they are on the machine at hand; nothing here checks them.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/provider.h>

#if OPENSSL_VERSION_NUMBER >= 0x30400000L
#define HAVE_MESSAGE_API 1
#else
#define HAVE_MESSAGE_API 0
#endif

/* Everything one curve's runs share.  Only `key` and `sigalg` are used by the fast ways. */
struct job {
    OSSL_LIB_CTX *libctx;
    const char *propq;
    const char *alg;      /* "ED25519" or "ED448" */
    EVP_PKEY *key;        /* the one key, made once */
    EVP_SIGNATURE *sigalg;/* fetched once (message API) */
    unsigned char seed[57], pub[57];
    size_t keylen;        /* of seed and pub */
    char *pem;            /* the private key as PKCS#8 PEM, for the naive way */
    long pemlen;
    const unsigned char *msgs; /* n messages of msglen bytes, back to back */
    size_t n, msglen, siglen;
};

static const unsigned char *msg(const struct job *j, size_t i)
{
    return j->msgs + i * j->msglen;
}

static int fail(const char *what)
{
    fprintf(stderr, "evp_sign_many: %s\n", what);
    ERR_print_errors_fp(stderr);
    return 0;
}

/* ---- signing ---------------------------------------------------------- */

/* The fast way: one EVP_MD_CTX, set up with the key once, re-initialised per message. */
static int sign_reuse_ctx(const struct job *j, unsigned char *sigs)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md != NULL
        && EVP_DigestSignInit_ex(md, NULL, NULL, j->libctx, j->propq, j->key, NULL) == 1;

    for (size_t i = 0; ok && i < j->n; i++) {
        size_t len = j->siglen;

        /* NULL key: same key, same algorithm; no fetch, no key set-up. */
        ok = (i == 0 || EVP_DigestSignInit_ex(md, NULL, NULL, NULL, NULL, NULL, NULL) == 1)
            && EVP_DigestSign(md, sigs + i * j->siglen, &len, msg(j, i), j->msglen) == 1;
    }
    EVP_MD_CTX_free(md);
    return ok;
}

/* Common: the key reused, but a new EVP_MD_CTX per message, so a fetch by name each time. */
static int sign_new_ctx(const struct job *j, unsigned char *sigs)
{
    int ok = 1;

    for (size_t i = 0; ok && i < j->n; i++) {
        EVP_MD_CTX *md = EVP_MD_CTX_new();
        size_t len = j->siglen;

        ok = md != NULL
            && EVP_DigestSignInit_ex(md, NULL, NULL, j->libctx, j->propq, j->key, NULL) == 1
            && EVP_DigestSign(md, sigs + i * j->siglen, &len, msg(j, i), j->msglen) == 1;
        EVP_MD_CTX_free(md);
    }
    return ok;
}

/* Naive: the key made from its raw bytes per message (its public half recomputed each time). */
static int sign_raw_key_each(const struct job *j, unsigned char *sigs)
{
    int ok = 1;

    for (size_t i = 0; ok && i < j->n; i++) {
        EVP_PKEY *key = EVP_PKEY_new_raw_private_key_ex(j->libctx, j->alg, j->propq, j->seed, j->keylen);
        EVP_MD_CTX *md = EVP_MD_CTX_new();
        size_t len = j->siglen;

        ok = key != NULL && md != NULL
            && EVP_DigestSignInit_ex(md, NULL, NULL, j->libctx, j->propq, key, NULL) == 1
            && EVP_DigestSign(md, sigs + i * j->siglen, &len, msg(j, i), j->msglen) == 1;
        EVP_MD_CTX_free(md);
        EVP_PKEY_free(key);
    }
    return ok;
}

/* Naive: the PEM file's text decoded per message, as a handler that loads its key would. */
static int sign_pem_each(const struct job *j, unsigned char *sigs)
{
    int ok = 1;

    for (size_t i = 0; ok && i < j->n; i++) {
        BIO *bio = BIO_new_mem_buf(j->pem, (int)j->pemlen);
        EVP_PKEY *key = bio == NULL ? NULL
            : PEM_read_bio_PrivateKey_ex(bio, NULL, NULL, NULL, j->libctx, j->propq);
        EVP_MD_CTX *md = EVP_MD_CTX_new();
        size_t len = j->siglen;

        ok = key != NULL && md != NULL
            && EVP_DigestSignInit_ex(md, NULL, NULL, j->libctx, j->propq, key, NULL) == 1
            && EVP_DigestSign(md, sigs + i * j->siglen, &len, msg(j, i), j->msglen) == 1;
        EVP_MD_CTX_free(md);
        EVP_PKEY_free(key);
        BIO_free(bio);
    }
    return ok;
}

#if HAVE_MESSAGE_API
/* OpenSSL 3.4+: one EVP_PKEY_CTX, the algorithm fetched once, a message init per message. */
static int sign_message_api(const struct job *j, unsigned char *sigs)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(j->libctx, j->key, j->propq);
    int ok = pctx != NULL;

    for (size_t i = 0; ok && i < j->n; i++) {
        size_t len = j->siglen;

        ok = EVP_PKEY_sign_message_init(pctx, j->sigalg, NULL) == 1
            && EVP_PKEY_sign(pctx, sigs + i * j->siglen, &len, msg(j, i), j->msglen) == 1;
    }
    EVP_PKEY_CTX_free(pctx);
    return ok;
}
#endif

/* ---- verifying ---------------------------------------------------------
 * A verify function writes each verdict (1 good, 0 bad) to ok_out[i]; it
 * returns 0 only when the EVP machinery itself failed (not for a "bad").
 */

static int verify_reuse_ctx(const struct job *j, const unsigned char *sigs, unsigned char *ok_out)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md != NULL
        && EVP_DigestVerifyInit_ex(md, NULL, NULL, j->libctx, j->propq, j->key, NULL) == 1;

    for (size_t i = 0; ok && i < j->n; i++) {
        ok = i == 0 || EVP_DigestVerifyInit_ex(md, NULL, NULL, NULL, NULL, NULL, NULL) == 1;
        ok_out[i] = ok && EVP_DigestVerify(md, sigs + i * j->siglen, j->siglen, msg(j, i), j->msglen) == 1;
    }
    EVP_MD_CTX_free(md);
    ERR_clear_error(); /* a bad signature leaves an error behind */
    return ok;
}

static int verify_new_ctx(const struct job *j, const unsigned char *sigs, unsigned char *ok_out)
{
    int ok = 1;

    for (size_t i = 0; ok && i < j->n; i++) {
        EVP_MD_CTX *md = EVP_MD_CTX_new();

        ok = md != NULL
            && EVP_DigestVerifyInit_ex(md, NULL, NULL, j->libctx, j->propq, j->key, NULL) == 1;
        ok_out[i] = ok && EVP_DigestVerify(md, sigs + i * j->siglen, j->siglen, msg(j, i), j->msglen) == 1;
        EVP_MD_CTX_free(md);
    }
    ERR_clear_error();
    return ok;
}

/* Naive: the public key made from its bytes per message; its tables never get built. */
static int verify_raw_key_each(const struct job *j, const unsigned char *sigs, unsigned char *ok_out)
{
    int ok = 1;

    for (size_t i = 0; ok && i < j->n; i++) {
        EVP_PKEY *key = EVP_PKEY_new_raw_public_key_ex(j->libctx, j->alg, j->propq, j->pub, j->keylen);
        EVP_MD_CTX *md = EVP_MD_CTX_new();

        ok = key != NULL && md != NULL
            && EVP_DigestVerifyInit_ex(md, NULL, NULL, j->libctx, j->propq, key, NULL) == 1;
        ok_out[i] = ok && EVP_DigestVerify(md, sigs + i * j->siglen, j->siglen, msg(j, i), j->msglen) == 1;
        EVP_MD_CTX_free(md);
        EVP_PKEY_free(key);
    }
    ERR_clear_error();
    return ok;
}

#if HAVE_MESSAGE_API
static int verify_message_api(const struct job *j, const unsigned char *sigs, unsigned char *ok_out)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_pkey(j->libctx, j->key, j->propq);
    int ok = pctx != NULL;

    for (size_t i = 0; ok && i < j->n; i++) {
        ok = EVP_PKEY_verify_message_init(pctx, j->sigalg, NULL) == 1;
        ok_out[i] = ok && EVP_PKEY_verify(pctx, sigs + i * j->siglen, j->siglen, msg(j, i), j->msglen) == 1;
    }
    EVP_PKEY_CTX_free(pctx);
    ERR_clear_error();
    return ok;
}
#endif

/* ---- running and checking ---------------------------------------------- */

/*
 * The calling thread's CPU time: the rates then hold on a busy machine too
 * (a wall clock would count time spent waiting for a core).
 */
static double now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

struct sign_way {
    const char *name;
    int (*run)(const struct job *, unsigned char *);
};
struct verify_way {
    const char *name;
    int (*run)(const struct job *, const unsigned char *, unsigned char *);
};

static const struct sign_way sign_ways[] = {
    {"fast: one EVP_PKEY, one EVP_MD_CTX re-initialised", sign_reuse_ctx},
#if HAVE_MESSAGE_API
    {"fast (3.4+): EVP_PKEY_sign_message_init, one EVP_PKEY_CTX", sign_message_api},
#endif
    {"one EVP_PKEY, new EVP_MD_CTX per message", sign_new_ctx},
    {"naive: EVP_PKEY_new_raw_private_key per message", sign_raw_key_each},
    {"naive: PEM key decoded per message", sign_pem_each},
};
static const struct verify_way verify_ways[] = {
    {"fast: one EVP_PKEY, one EVP_MD_CTX re-initialised", verify_reuse_ctx},
#if HAVE_MESSAGE_API
    {"fast (3.4+): EVP_PKEY_verify_message_init, one EVP_PKEY_CTX", verify_message_api},
#endif
    {"one EVP_PKEY, new EVP_MD_CTX per message", verify_new_ctx},
    {"naive: EVP_PKEY_new_raw_public_key per message", verify_raw_key_each},
};

static int message_api_runs(const char *name)
{
    /* Built against 3.4+ headers, this may still run on an older libcrypto. */
    return strstr(name, "(3.4+)") == NULL || OpenSSL_version_num() >= 0x30400000L;
}

static void report(const char *alg, const char *op, const char *way, size_t n, double secs, double base)
{
    double rate = (double)n / secs;

    printf("%-8s %-6s %-62s %10.0f /s", alg, op, way, rate);
    if (base > 0)
        printf("  %5.2fx", rate / base);
    printf("\n");
}

/* The default provider's signatures of the same messages with the same key: the expected answers. */
static int reference_sigs(const struct job *j, unsigned char *sigs, double *rate)
{
    OSSL_LIB_CTX *ref = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *deflt = ref == NULL ? NULL : OSSL_PROVIDER_load(ref, "default");
    struct job rj = *j;
    double t;
    int ok;

    rj.libctx = ref;
    rj.propq = "provider=default";
    rj.key = deflt == NULL ? NULL
        : EVP_PKEY_new_raw_private_key_ex(ref, j->alg, rj.propq, j->seed, j->keylen);
    t = now();
    ok = rj.key != NULL && sign_reuse_ctx(&rj, sigs);
    *rate = (double)j->n / (now() - t);
    EVP_PKEY_free(rj.key);
    OSSL_PROVIDER_unload(deflt);
    OSSL_LIB_CTX_free(ref);
    return ok ? 1 : fail("the default provider could not sign");
}

static int run_curve(OSSL_LIB_CTX *libctx, const char *propq, const char *alg, size_t n, size_t msglen)
{
    struct job j = {.libctx = libctx, .propq = propq, .alg = alg, .n = n, .msglen = msglen};
    unsigned char *msgs = NULL, *ref = NULL, *sigs = NULL, *verdicts = NULL;
    BIO *pem = NULL;
    char *pemdata;
    double ref_rate = 0, base = 0;
    int ok = 0;

    j.siglen = strcmp(alg, "ED25519") == 0 ? 64 : 114;
    j.keylen = strcmp(alg, "ED25519") == 0 ? 32 : 57;
    msgs = malloc(n * msglen + 1);
    ref = malloc(n * j.siglen);
    sigs = malloc(n * j.siglen);
    verdicts = malloc(n);
    if (msgs == NULL || ref == NULL || sigs == NULL || verdicts == NULL) {
        fail("out of memory");
        goto end;
    }
    /* Distinct messages, so that nothing can be served from a cache. */
    for (size_t i = 0, x = 0x9e3779b97f4a7c15u; i < n * msglen; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        msgs[i] = (unsigned char)(x >> 24);
    }
    j.msgs = msgs;

    /* The one key; what a program would load from its key file once. */
    j.key = EVP_PKEY_Q_keygen(libctx, propq, alg);
    j.sigalg = EVP_SIGNATURE_fetch(libctx, alg, propq);
    pem = BIO_new(BIO_s_mem());
    if (j.key == NULL || j.sigalg == NULL || pem == NULL
        || !EVP_PKEY_get_raw_private_key(j.key, j.seed, &j.keylen)
        || !EVP_PKEY_get_raw_public_key(j.key, j.pub, &j.keylen)
        || !PEM_write_bio_PrivateKey(pem, j.key, NULL, NULL, 0, NULL, NULL)) {
        fail("could not make the key");
        goto end;
    }
    j.pemlen = BIO_get_mem_data(pem, &pemdata);
    j.pem = pemdata;
    if (strcmp(OSSL_PROVIDER_get0_name(EVP_SIGNATURE_get0_provider(j.sigalg)), "edfast") != 0) {
        fprintf(stderr, "evp_sign_many: %s is served by %s, not edfast\n", alg,
                OSSL_PROVIDER_get0_name(EVP_SIGNATURE_get0_provider(j.sigalg)));
        goto end;
    }
    if (!reference_sigs(&j, ref, &ref_rate))
        goto end;
    report(alg, "sign", "OpenSSL's default provider, the fast way (reference)", n, (double)n / ref_rate, 0);

    for (size_t w = 0; w < sizeof(sign_ways) / sizeof(sign_ways[0]); w++) {
        double t;

        if (!message_api_runs(sign_ways[w].name))
            continue;
        memset(sigs, 0, n * j.siglen);
        t = now();
        if (!sign_ways[w].run(&j, sigs)) {
            fail(sign_ways[w].name);
            goto end;
        }
        t = now() - t;
        for (size_t i = 0; i < n; i++) {
            if (memcmp(sigs + i * j.siglen, ref + i * j.siglen, j.siglen) != 0) {
                fprintf(stderr, "evp_sign_many: %s, %s: signature %zu differs from the default provider's\n",
                        alg, sign_ways[w].name, i);
                goto end;
            }
        }
        if (base == 0)
            base = (double)n / t;
        report(alg, "sign", sign_ways[w].name, n, t, base);
    }

    base = 0;
    for (size_t w = 0; w < sizeof(verify_ways) / sizeof(verify_ways[0]); w++) {
        double t;

        if (!message_api_runs(verify_ways[w].name))
            continue;
        /* Each way must also say no: the first signature with one bit flipped. */
        memcpy(sigs, ref, n * j.siglen);
        sigs[0] ^= 0x01;
        memset(verdicts, 0xff, n);
        t = now();
        if (!verify_ways[w].run(&j, sigs, verdicts)) {
            fail(verify_ways[w].name);
            goto end;
        }
        t = now() - t;
        for (size_t i = 0; i < n; i++) {
            if (verdicts[i] != (i != 0)) {
                fprintf(stderr, "evp_sign_many: %s, %s: signature %zu %s\n", alg, verify_ways[w].name, i,
                        i == 0 ? "(altered) verified" : "did not verify");
                goto end;
            }
        }
        if (base == 0)
            base = (double)n / t;
        report(alg, "verify", verify_ways[w].name, n, t, base);
    }
    ok = 1;
end:
    BIO_free(pem);
    EVP_SIGNATURE_free(j.sigalg);
    EVP_PKEY_free(j.key);
    free(msgs);
    free(ref);
    free(sigs);
    free(verdicts);
    return ok;
}

static void print_backends(OSSL_PROVIDER *prov)
{
    char *b25519 = NULL, *b448 = NULL, *p25519 = NULL, *p448 = NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr("ed25519-backend", &b25519, 0),
        OSSL_PARAM_utf8_ptr("ed448-backend", &b448, 0),
        /* Only in builds with the native backend: which code path (portable, adx, ifma). */
        OSSL_PARAM_utf8_ptr("ed25519-native-path", &p25519, 0),
        OSSL_PARAM_utf8_ptr("ed448-native-path", &p448, 0),
        OSSL_PARAM_END,
    };

    if (!OSSL_PROVIDER_get_params(prov, params) || b25519 == NULL || b448 == NULL)
        return;
    printf("edfast backends: ED25519=%s%s%s, ED448=%s%s%s\n", b25519, p25519 != NULL ? " " : "",
           p25519 != NULL ? p25519 : "", b448, p448 != NULL ? " " : "", p448 != NULL ? p448 : "");
}

int main(int argc, char **argv)
{
    const char *curves = "both", *module_dir = NULL, *config = NULL;
    size_t n = 10000, msglen = 64;
    OSSL_LIB_CTX *libctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *edfast = NULL, *deflt = NULL;
    int opt, ok = 0;

    while ((opt = getopt(argc, argv, "n:c:l:m:f:")) != -1) {
        switch (opt) {
        case 'n': n = strtoul(optarg, NULL, 10); break;
        case 'c': curves = optarg; break;
        case 'l': msglen = strtoul(optarg, NULL, 10); break;
        case 'm': module_dir = optarg; break;
        case 'f': config = optarg; break;
        default:
            fprintf(stderr, "usage: %s [-n COUNT] [-c ed25519|ed448|both] [-l MSGLEN] "
                            "[-m MODULE_DIR | -f OPENSSL_CNF]\n", argv[0]);
            return 2;
        }
    }
    if (n == 0 || libctx == NULL
        || (strcmp(curves, "ed25519") != 0 && strcmp(curves, "ed448") != 0 && strcmp(curves, "both") != 0)) {
        fprintf(stderr, "evp_sign_many: bad arguments\n");
        return 2;
    }

    if (config != NULL) {
        /* The configuration loads edfast and default and prefers edfast (?provider=edfast). */
        if (!OSSL_LIB_CTX_load_config(libctx, config) || !OSSL_PROVIDER_available(libctx, "edfast")) {
            fail("the configuration does not load edfast");
            goto end;
        }
        edfast = OSSL_PROVIDER_load(libctx, "edfast"); /* one more reference, for its parameters */
    } else {
        if (module_dir != NULL && !OSSL_PROVIDER_set_default_search_path(libctx, module_dir)) {
            fail("bad module directory");
            goto end;
        }
        /* default too: edfast does EdDSA keys and signatures, not the PEM's base64 or PKCS#8 ciphers. */
        edfast = OSSL_PROVIDER_load(libctx, "edfast");
        deflt = OSSL_PROVIDER_load(libctx, "default");
        if (edfast == NULL || deflt == NULL) {
            fail("could not load edfast and default");
            goto end;
        }
    }
    printf("%s; %zu messages of %zu bytes; rates per second of this thread's CPU time\n",
           OpenSSL_version(OPENSSL_VERSION), n, msglen);
    print_backends(edfast);

    /* "?provider=edfast": edfast where it serves, the default provider for the rest. */
    ok = (strcmp(curves, "ed448") == 0 || run_curve(libctx, "?provider=edfast", "ED25519", n, msglen))
        && (strcmp(curves, "ed25519") == 0 || run_curve(libctx, "?provider=edfast", "ED448", n, msglen));
    if (ok)
        printf("all signatures equal the default provider's and verify; altered ones do not\n");
end:
    OSSL_PROVIDER_unload(edfast);
    OSSL_PROVIDER_unload(deflt);
    OSSL_LIB_CTX_free(libctx);
    return ok ? 0 : 1;
}
