/*
 * edfast-bench: Ed25519 and Ed448 keygen/sign/verify throughput of
 *
 *   - edfast through EVP, once per compiled-in backend: each in a library
 *     context of its own into which edfast.so is loaded with EDFAST_BACKEND
 *     naming that backend (checked afterwards through the provider's
 *     ed25519-backend / ed448-backend parameters);
 *   - OpenSSL's default provider through EVP, in a library context of its own;
 *   - libsodium (Ed25519) and libdecaf (Ed448) called directly, when built;
 *   - lib25519, the fastest published Ed25519, when ../shared/anchors/lib25519
 *     is there (the anchor: a row to beat; its signatures are hedged, so they
 *     are checked for validity, not for equality);
 *   - every compiled-in edfast backend called directly through backend.h;
 *
 * plus multi-thread scaling of EVP sign/verify on one shared key.
 *
 * All implementations of one (curve, operation, message size) are measured in
 * the same process in interleaved rounds (A B C A B C ...); the figure
 * reported is the median of the rounds' ops/s.  Before anything is timed each
 * implementation must produce the default provider's signature, byte for
 * byte (the anchor: a signature the default provider accepts), and accept it;
 * otherwise the run aborts.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#ifdef EDFAST_BENCH_SODIUM
#include <sodium.h>
#endif
#ifdef EDFAST_BENCH_DECAF
/* The separate-key calls are the ones matching the other rows' work. */
#define DECAF_EDDSA_NON_KEYPAIR_API_IS_DEPRECATED 0
#include <decaf/ed448.h>
#endif

#include "anchor_lib25519.h"
#include "backend.h"

#ifndef EDFAST_ANCHOR_DIR
#define EDFAST_ANCHOR_DIR "../shared/anchors/lib25519/lib"
#endif
#ifndef EDFAST_MODULE_DIR
#error "EDFAST_MODULE_DIR (the directory holding edfast.so) must be defined"
#endif

#define MAX_IMPLS 32
#define MAX_BACKENDS 8
#define MAX_SIZES 16
#define MAX_ROUNDS 101
#define MAX_THREADS 256
#define MAX_ROWS 4096

/*
 * verify-newkey: verification with a key object made for that one signature
 * from the raw public key (and freed after), as when every signature comes with
 * its own key (certificates); verify reuses one key object, so any per-key
 * precomputation is paid once.
 */
enum op { OP_KEYGEN, OP_SIGN, OP_VERIFY, OP_VERIFY_NEWKEY, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"keygen", "sign", "verify", "verify-newkey"};
static const char *const curve_names[EDFAST_CURVE_COUNT] = {"Ed25519", "Ed448"};
static const char *const evp_names[EDFAST_CURVE_COUNT] = {"ED25519", "ED448"};
static const char *const backend_params[EDFAST_CURVE_COUNT] = {"ed25519-backend",
                                                               "ed448-backend"};

enum kind {
    KIND_EVP,       /* EVP, one EVP_MD_CTX reused for every operation */
    KIND_EVP_FRESH, /* EVP, a new EVP_MD_CTX per operation */
    KIND_LIB,       /* libsodium / libdecaf called directly */
    KIND_BACKEND,   /* an edfast backend called through backend.h */
    KIND_ANCHOR     /* lib25519 called directly */
};
static const char *const kind_names[] = {"evp", "evp-fresh", "lib", "backend", "anchor"};

enum lib { LIB_NONE, LIB_SODIUM, LIB_DECAF, LIB_LIB25519 };

static struct lib25519_anchor anchor;
static int have_anchor;
/* lib25519's signed-message buffers: signature || message. */
static uint8_t *anchor_sm, *anchor_m;

/* ------------------------------------------------------------------------- */
/* Options */

static struct {
    int quick, smoke;
    unsigned curves;      /* bit per curve */
    unsigned ops;         /* bit per op */
    size_t sizes[MAX_SIZES];
    size_t nsizes;
    int rounds;
    double round_s;
    int smoke_ops;        /* --smoke: operations per row */
    int threads_max;      /* 0: number of online CPUs */
    int no_threads;
    int no_fresh;
    int cpu_clock;        /* --clock cpu: tables by thread CPU time */
    size_t thread_msg;
    const char *csv;
    const char *module_dir;
    const char *anchor_dir;
} opt;

static void die(const char *fmt, ...)
{
    va_list ap;

    fflush(stdout);
    fprintf(stderr, "edfast-bench: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    if (ERR_peek_error() != 0)
        ERR_print_errors_fp(stderr);
    exit(1);
}

/* ------------------------------------------------------------------------- */
/* Library contexts */

struct evp_ctx {
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *provider;
    const char *provider_name; /* "default" or "edfast" */
    const char *propq;
    const struct edfast_backend *backend; /* edfast: the one asked for */
    char served[EDFAST_CURVE_COUNT][32];  /* edfast: what its params report */
};

static struct evp_ctx default_ctx;
static struct evp_ctx edfast_ctx[MAX_BACKENDS]; /* indexed like edfast_backend_at() */
static size_t nbackends;
/* What edfast.so chooses per curve when loaded with the caller's environment. */
static const struct edfast_backend *chosen[EDFAST_CURVE_COUNT];

static void load_default_ctx(struct evp_ctx *c)
{
    c->libctx = OSSL_LIB_CTX_new();
    if (c->libctx == NULL)
        die("OSSL_LIB_CTX_new failed");
    c->provider = OSSL_PROVIDER_load(c->libctx, "default");
    if (c->provider == NULL)
        die("cannot load OpenSSL's default provider");
    c->provider_name = "default";
    c->propq = "provider=default";
}

/*
 * Loads edfast.so into a fresh library context holding nothing else, with
 * EDFAST_BACKEND set to backend_name (NULL: the caller's environment as is),
 * and reads back which backend serves each curve.
 */
static void load_edfast_ctx(struct evp_ctx *c, const char *backend_name)
{
    const char *old = getenv("EDFAST_BACKEND");
    char *saved = old != NULL ? strdup(old) : NULL;
    char *names[EDFAST_CURVE_COUNT] = {NULL, NULL};
    OSSL_PARAM params[EDFAST_CURVE_COUNT + 1];
    enum edfast_curve curve;

    c->libctx = OSSL_LIB_CTX_new();
    if (c->libctx == NULL)
        die("OSSL_LIB_CTX_new failed");
    if (!OSSL_PROVIDER_set_default_search_path(c->libctx, opt.module_dir))
        die("cannot set the provider search path to %s", opt.module_dir);
    if (backend_name != NULL && setenv("EDFAST_BACKEND", backend_name, 1) != 0)
        die("setenv: %s", strerror(errno));
    c->provider = OSSL_PROVIDER_load(c->libctx, "edfast");
    if (backend_name != NULL) {
        if (saved != NULL)
            setenv("EDFAST_BACKEND", saved, 1);
        else
            unsetenv("EDFAST_BACKEND");
    }
    free(saved);
    if (c->provider == NULL)
        die("cannot load edfast from %s (EDFAST_BACKEND=%s)", opt.module_dir,
            backend_name != NULL ? backend_name : "<as in the environment>");
    c->provider_name = "edfast";
    c->propq = "provider=edfast";
    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++)
        params[curve] = OSSL_PARAM_construct_utf8_ptr(backend_params[curve], &names[curve], 0);
    params[EDFAST_CURVE_COUNT] = OSSL_PARAM_construct_end();
    if (!OSSL_PROVIDER_get_params(c->provider, params))
        die("cannot read edfast's backend parameters");
    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        if (names[curve] == NULL)
            die("edfast did not report %s", backend_params[curve]);
        snprintf(c->served[curve], sizeof(c->served[curve]), "%s", names[curve]);
    }
}

static void free_ctx(struct evp_ctx *c)
{
    if (c->provider != NULL)
        OSSL_PROVIDER_unload(c->provider);
    OSSL_LIB_CTX_free(c->libctx);
    memset(c, 0, sizeof(*c));
}

static int serves(const struct edfast_backend *b, enum edfast_curve curve)
{
    return (b->framings(curve) & EDFAST_FRAMING_BIT(EDFAST_PURE)) != 0;
}

/* ------------------------------------------------------------------------- */
/* Implementations */

struct impl {
    char label[64];
    enum kind kind;
    enum edfast_curve curve;
    int is_default;                 /* evp:default, the ratio reference */
    /* EVP */
    struct evp_ctx *ctx;
    EVP_PKEY *pkey;
    EVP_MD_CTX *mdctx;
    /* direct */
    enum lib lib;
    const struct edfast_backend *backend;
    void *state;
    uint8_t seed[EDFAST_MAX_KEY_BYTES];
    uint8_t pub[EDFAST_MAX_KEY_BYTES];
    uint8_t seed_pub[64];           /* libsodium's and lib25519's secret key: seed || pub */
};

/* One message and the (reference) signature of it. */
struct job {
    const uint8_t *msg;
    size_t len;
    const uint8_t *sig;
};

static const struct edfast_instance pure = {EDFAST_PURE, NULL, 0};

static EVP_PKEY *evp_key_from_seed(const struct evp_ctx *c, enum edfast_curve curve,
                                   const uint8_t *seed)
{
    EVP_PKEY *pkey = EVP_PKEY_new_raw_private_key_ex(c->libctx, evp_names[curve], c->propq,
                                                     seed, edfast_key_bytes(curve));

    if (pkey == NULL)
        die("%s: cannot make a %s key in the %s context", curve_names[curve],
            evp_names[curve], c->provider_name);
    return pkey;
}

static void evp_keygen(struct impl *im)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(im->ctx->libctx, evp_names[im->curve],
                                                    im->ctx->propq);
    EVP_PKEY *pkey = NULL;

    if (pctx == NULL || EVP_PKEY_keygen_init(pctx) <= 0 || EVP_PKEY_keygen(pctx, &pkey) <= 0)
        die("%s %s: EVP keygen failed", curve_names[im->curve], im->label);
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(pctx);
}

static size_t evp_sign(struct impl *im, EVP_MD_CTX *mdctx, const struct job *job, uint8_t *sig)
{
    size_t siglen = EDFAST_MAX_SIG_BYTES;

    if (EVP_DigestSignInit_ex(mdctx, NULL, NULL, im->ctx->libctx, im->ctx->propq, im->pkey,
                              NULL) != 1
            || EVP_DigestSign(mdctx, sig, &siglen, job->msg, job->len) != 1)
        die("%s %s: EVP sign failed", curve_names[im->curve], im->label);
    return siglen;
}

static int evp_verify(struct impl *im, EVP_MD_CTX *mdctx, const struct job *job,
                      const uint8_t *sig)
{
    if (EVP_DigestVerifyInit_ex(mdctx, NULL, NULL, im->ctx->libctx, im->ctx->propq, im->pkey,
                                NULL) != 1)
        die("%s %s: EVP_DigestVerifyInit_ex failed", curve_names[im->curve], im->label);
    return EVP_DigestVerify(mdctx, sig, 2 * edfast_key_bytes(im->curve), job->msg, job->len);
}

/*
 * Verification with a key object made from the raw public key pub for this one
 * call.  A used EVP_MD_CTX is reset first: OpenSSL 3.0 keeps a used context's
 * EVP_PKEY_CTX, and with it the old key, whatever key the new init names.
 */
static int evp_verify_newkey(struct impl *im, EVP_MD_CTX *mdctx, const struct job *job,
                             const uint8_t *pub)
{
    EVP_PKEY *pkey = EVP_PKEY_new_raw_public_key_ex(im->ctx->libctx, evp_names[im->curve],
                                                    im->ctx->propq, pub,
                                                    edfast_key_bytes(im->curve));
    int ok;

    if (EVP_MD_CTX_get_pkey_ctx(mdctx) != NULL)
        EVP_MD_CTX_reset(mdctx);
    if (pkey == NULL
            || EVP_DigestVerifyInit_ex(mdctx, NULL, NULL, im->ctx->libctx, im->ctx->propq, pkey,
                                       NULL) != 1)
        die("%s %s: public key import or EVP_DigestVerifyInit_ex failed",
            curve_names[im->curve], im->label);
    ok = EVP_DigestVerify(mdctx, job->sig, 2 * edfast_key_bytes(im->curve), job->msg,
                          job->len);
    EVP_PKEY_free(pkey);
    return ok;
}

/* lib25519 verifies a signed message: the signature, then the message. */
static int anchor_verify(const struct job *job, const uint8_t *sig, const uint8_t *pub)
{
    long long mlen;

    memcpy(anchor_sm, sig, 64);
    memcpy(anchor_sm + 64, job->msg, job->len);
    return anchor.open(anchor_m, &mlen, anchor_sm, 64 + (long long)job->len, pub) == 0;
}

static int direct_verify_newkey(struct impl *im, const struct job *job, const uint8_t *given)
{
    uint8_t pub[EDFAST_MAX_KEY_BYTES];
    void *state;
    int ok;

    switch (im->lib) { /* the libraries keep no per-key state: the same calls */
#ifdef EDFAST_BENCH_SODIUM
    case LIB_SODIUM:
        return crypto_sign_verify_detached(job->sig, job->msg, job->len, given) == 0;
#endif
#ifdef EDFAST_BENCH_DECAF
    case LIB_DECAF:
        return decaf_ed448_verify(job->sig, given, job->msg, job->len, 0, NULL, 0)
            == DECAF_SUCCESS;
#endif
    case LIB_LIB25519:
        return anchor_verify(job, job->sig, given);
    default:
        break;
    }
    memcpy(pub, given, sizeof(pub));
    if ((state = im->backend->key_new(im->curve, NULL, pub, 0)) == NULL)
        die("%s %s: public key_new failed", curve_names[im->curve], im->label);
    ok = im->backend->verify(state, &pure, job->msg, job->len, job->sig);
    im->backend->key_free(state);
    return ok;
}

static void direct_keygen(struct impl *im, uint64_t iteration)
{
    uint8_t seed[EDFAST_MAX_KEY_BYTES], pub[EDFAST_MAX_KEY_BYTES];
    size_t keylen = edfast_key_bytes(im->curve);

    memcpy(seed, im->seed, keylen);
    memcpy(seed, &iteration, sizeof(iteration)); /* a different key each time */
    switch (im->lib) {
#ifdef EDFAST_BENCH_SODIUM
    case LIB_SODIUM: {
        uint8_t sk[crypto_sign_SECRETKEYBYTES];

        if (crypto_sign_seed_keypair(pub, sk, seed) != 0)
            die("crypto_sign_seed_keypair failed");
        sodium_memzero(sk, sizeof(sk));
        return;
    }
#endif
#ifdef EDFAST_BENCH_DECAF
    case LIB_DECAF:
        decaf_ed448_derive_public_key(pub, seed);
        return;
#endif
    case LIB_LIB25519: { /* no seed-to-key call: it draws the seed itself */
        uint8_t sk[64];

        anchor.keypair(pub, sk);
        OPENSSL_cleanse(sk, sizeof(sk));
        return;
    }
    default: {
        void *state;

        if ((state = im->backend->key_new(im->curve, seed, pub, 1)) == NULL)
            die("%s %s: key_new failed", curve_names[im->curve], im->label);
        im->backend->key_free(state);
        return;
    }
    }
}

static void direct_sign(struct impl *im, const struct job *job, uint8_t *sig)
{
    switch (im->lib) {
#ifdef EDFAST_BENCH_SODIUM
    case LIB_SODIUM:
        if (crypto_sign_detached(sig, NULL, job->msg, job->len, im->seed_pub) != 0)
            die("crypto_sign_detached failed");
        return;
#endif
#ifdef EDFAST_BENCH_DECAF
    case LIB_DECAF:
        decaf_ed448_sign(sig, im->seed, im->pub, job->msg, job->len, 0, NULL, 0);
        return;
#endif
    case LIB_LIB25519: {
        long long smlen;

        anchor.sign(anchor_sm, &smlen, job->msg, (long long)job->len, im->seed_pub);
        memcpy(sig, anchor_sm, 64);
        return;
    }
    default:
        if (!im->backend->sign(im->state, &pure, job->msg, job->len, sig))
            die("%s %s: sign failed", curve_names[im->curve], im->label);
        return;
    }
}

static int direct_verify(struct impl *im, const struct job *job, const uint8_t *sig)
{
    switch (im->lib) {
#ifdef EDFAST_BENCH_SODIUM
    case LIB_SODIUM:
        return crypto_sign_verify_detached(sig, job->msg, job->len, im->pub) == 0;
#endif
#ifdef EDFAST_BENCH_DECAF
    case LIB_DECAF:
        return decaf_ed448_verify(sig, im->pub, job->msg, job->len, 0, NULL, 0)
            == DECAF_SUCCESS;
#endif
    case LIB_LIB25519:
        return anchor_verify(job, sig, im->pub);
    default:
        return im->backend->verify(im->state, &pure, job->msg, job->len, sig);
    }
}

/* One operation; dies on any failure, a rejected good signature included. */
static void run_op(struct impl *im, enum op op, const struct job *job, uint64_t iteration)
{
    uint8_t sig[EDFAST_MAX_SIG_BYTES];
    EVP_MD_CTX *fresh;

    switch (im->kind) {
    case KIND_EVP:
    case KIND_EVP_FRESH:
        if (op == OP_KEYGEN) {
            evp_keygen(im);
            return;
        }
        fresh = im->kind == KIND_EVP ? im->mdctx : EVP_MD_CTX_new();
        if (fresh == NULL)
            die("EVP_MD_CTX_new failed");
        if (op == OP_SIGN)
            evp_sign(im, fresh, job, sig);
        else if ((op == OP_VERIFY ? evp_verify(im, fresh, job, job->sig)
                                  : evp_verify_newkey(im, fresh, job, im->pub)) != 1)
            die("%s %s: a good signature did not verify", curve_names[im->curve], im->label);
        if (im->kind == KIND_EVP_FRESH)
            EVP_MD_CTX_free(fresh);
        return;
    case KIND_LIB:
    case KIND_BACKEND:
    case KIND_ANCHOR:
        if (op == OP_KEYGEN)
            direct_keygen(im, iteration);
        else if (op == OP_SIGN)
            direct_sign(im, job, sig);
        else if ((op == OP_VERIFY ? direct_verify(im, job, job->sig)
                                  : direct_verify_newkey(im, job, im->pub)) != 1)
            die("%s %s: a good signature did not verify", curve_names[im->curve], im->label);
        return;
    }
}

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t iteration_counter;

/* CPU time of the calling thread: what the operations cost, whatever else runs. */
static double thread_cpu_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Runs n operations; returns the wall-clock time, and the thread's CPU time in *cpu. */
static double time_ops(struct impl *im, enum op op, const struct job *job, uint64_t n,
                       double *cpu)
{
    double cpu_start = thread_cpu_now(), start = now(), elapsed;
    uint64_t i;

    for (i = 0; i < n; i++)
        run_op(im, op, job, iteration_counter++);
    elapsed = now() - start;
    if (cpu != NULL)
        *cpu = thread_cpu_now() - cpu_start;
    return elapsed;
}

/* ------------------------------------------------------------------------- */
/* Building the implementations of a curve and checking them */

static struct impl impls[MAX_IMPLS];
static size_t nimpls;

static struct impl *add_impl(enum edfast_curve curve, enum kind kind, const char *fmt, ...)
{
    struct impl *im;
    va_list ap;

    if (nimpls == MAX_IMPLS)
        die("too many implementations");
    im = &impls[nimpls++];
    memset(im, 0, sizeof(*im));
    im->curve = curve;
    im->kind = kind;
    va_start(ap, fmt);
    vsnprintf(im->label, sizeof(im->label), fmt, ap);
    va_end(ap);
    return im;
}

static const uint8_t *fixed_seed(enum edfast_curve curve)
{
    static uint8_t seed[EDFAST_CURVE_COUNT][EDFAST_MAX_KEY_BYTES];
    size_t i;

    for (i = 0; i < sizeof(seed[curve]); i++)
        seed[curve][i] = (uint8_t)(0x9d + 37 * i + 101 * curve);
    return seed[curve];
}

static void add_evp_impl(enum edfast_curve curve, enum kind kind, struct evp_ctx *c,
                         const char *name)
{
    struct impl *im = add_impl(curve, kind, "%s:%s", kind_names[kind], name);
    size_t len = edfast_key_bytes(curve);

    im->ctx = c;
    im->is_default = kind == KIND_EVP && c == &default_ctx;
    im->pkey = evp_key_from_seed(c, curve, fixed_seed(curve));
    if (!EVP_PKEY_get_raw_public_key(im->pkey, im->pub, &len))
        die("%s %s: cannot read the public key", curve_names[curve], im->label);
    if (kind == KIND_EVP && (im->mdctx = EVP_MD_CTX_new()) == NULL)
        die("EVP_MD_CTX_new failed");
}

static void build_impls(enum edfast_curve curve)
{
    size_t keylen = edfast_key_bytes(curve), b;
    struct impl *im;

    nimpls = 0;
    add_evp_impl(curve, KIND_EVP, &default_ctx, "default");
    for (b = 0; b < nbackends; b++) {
        const struct edfast_backend *backend = edfast_backend_at(b);
        char name[64];

        if (!serves(backend, curve))
            continue;
        if (strcmp(edfast_ctx[b].served[curve], backend->name) != 0)
            die("%s: edfast loaded with EDFAST_BACKEND=%s reports %s=%s", curve_names[curve],
                backend->name, backend_params[curve], edfast_ctx[b].served[curve]);
        snprintf(name, sizeof(name), "edfast/%s", backend->name);
        add_evp_impl(curve, KIND_EVP, &edfast_ctx[b], name);
    }
    if (!opt.no_fresh) {
        add_evp_impl(curve, KIND_EVP_FRESH, &default_ctx, "default");
        for (b = 0; b < nbackends; b++)
            if (edfast_backend_at(b) == chosen[curve]) {
                char name[64];

                snprintf(name, sizeof(name), "edfast/%s", chosen[curve]->name);
                add_evp_impl(curve, KIND_EVP_FRESH, &edfast_ctx[b], name);
            }
    }
#ifdef EDFAST_BENCH_SODIUM
    if (curve == EDFAST_ED25519) {
        im = add_impl(curve, KIND_LIB, "lib:libsodium");
        im->lib = LIB_SODIUM;
        memcpy(im->seed, fixed_seed(curve), keylen);
        if (crypto_sign_seed_keypair(im->pub, im->seed_pub, im->seed) != 0)
            die("crypto_sign_seed_keypair failed");
    }
#endif
#ifdef EDFAST_BENCH_DECAF
    if (curve == EDFAST_ED448) {
        im = add_impl(curve, KIND_LIB, "lib:libdecaf");
        im->lib = LIB_DECAF;
        memcpy(im->seed, fixed_seed(curve), keylen);
        decaf_ed448_derive_public_key(im->pub, im->seed);
    }
#endif
    if (curve == EDFAST_ED25519 && have_anchor) {
        /* lib25519 derives no key from a seed: the default provider's public
         * key of the fixed seed completes its secret key. */
        im = add_impl(curve, KIND_ANCHOR, "anchor:lib25519");
        im->lib = LIB_LIB25519;
        memcpy(im->seed, fixed_seed(curve), keylen);
        memcpy(im->pub, impls[0].pub, keylen);
        memcpy(im->seed_pub, im->seed, keylen);
        memcpy(im->seed_pub + keylen, im->pub, keylen);
    }
    for (b = 0; b < nbackends; b++) {
        const struct edfast_backend *backend = edfast_backend_at(b);

        if (!serves(backend, curve))
            continue;
        im = add_impl(curve, KIND_BACKEND, "backend:%s", backend->name);
        im->backend = backend;
        memcpy(im->seed, fixed_seed(curve), keylen);
        if ((im->state = backend->key_new(curve, im->seed, im->pub, 1)) == NULL)
            die("%s backend %s: key_new failed", curve_names[curve], backend->name);
    }
}

static void free_impls(void)
{
    size_t i;

    for (i = 0; i < nimpls; i++) {
        EVP_PKEY_free(impls[i].pkey);
        EVP_MD_CTX_free(impls[i].mdctx);
        if (impls[i].backend != NULL)
            impls[i].backend->key_free(impls[i].state);
    }
    nimpls = 0;
}

static void hex(FILE *f, const uint8_t *p, size_t n)
{
    while (n-- > 0)
        fprintf(f, "%02x", *p++);
}

static const char *provider_of_mdctx(EVP_MD_CTX *mdctx)
{
    EVP_PKEY_CTX *pctx = EVP_MD_CTX_get_pkey_ctx(mdctx);
    const OSSL_PROVIDER *prov = pctx != NULL ? EVP_PKEY_CTX_get0_provider(pctx) : NULL;

    return prov != NULL ? OSSL_PROVIDER_get0_name(prov) : "(none)";
}

/*
 * The correctness guard: every implementation's public key for the fixed seed,
 * and its signature of each message, must equal the default provider's; it must
 * accept that signature and reject a corrupted one; and a key from EVP keygen
 * must have the public key that the default provider derives from its seed.
 */
static void check_impls(enum edfast_curve curve, struct job *jobs, size_t njobs)
{
    size_t keylen = edfast_key_bytes(curve), siglen = 2 * keylen, i, j;
    uint8_t ref_pub[EDFAST_MAX_KEY_BYTES], pub[EDFAST_MAX_KEY_BYTES];
    uint8_t other_pub[EDFAST_MAX_KEY_BYTES];
    size_t len = keylen;

    if (!EVP_PKEY_get_raw_public_key(impls[0].pkey, ref_pub, &len) || len != keylen)
        die("%s: cannot read the default provider's public key", curve_names[curve]);
    {
        /* The public key of a second seed, for the verify-newkey check. */
        uint8_t seed[EDFAST_MAX_KEY_BYTES];
        EVP_PKEY *other;

        memcpy(seed, fixed_seed(curve), keylen);
        seed[0] ^= 0x55;
        other = evp_key_from_seed(&default_ctx, curve, seed);
        len = keylen;
        if (!EVP_PKEY_get_raw_public_key(other, other_pub, &len) || len != keylen)
            die("%s: cannot read a public key", curve_names[curve]);
        EVP_PKEY_free(other);
    }
    for (i = 0; i < nimpls; i++) {
        struct impl *im = &impls[i];

        /* The public key. */
        len = keylen;
        if (im->pkey != NULL) {
            const OSSL_PROVIDER *prov = EVP_PKEY_get0_provider(im->pkey);

            if (prov == NULL || strcmp(OSSL_PROVIDER_get0_name(prov), im->ctx->provider_name))
                die("%s %s: the key is held by provider %s, not %s", curve_names[curve],
                    im->label, prov != NULL ? OSSL_PROVIDER_get0_name(prov) : "(none)",
                    im->ctx->provider_name);
            if (!EVP_PKEY_get_raw_public_key(im->pkey, pub, &len) || len != keylen)
                die("%s %s: cannot read the public key", curve_names[curve], im->label);
        } else {
            memcpy(pub, im->pub, keylen);
        }
        if (memcmp(pub, ref_pub, keylen) != 0)
            die("%s %s: public key of the fixed seed differs from the default provider's",
                curve_names[curve], im->label);

        /* Signatures, twice each so that a reused EVP_MD_CTX is exercised. */
        for (j = 0; j < njobs; j++) {
            uint8_t sig[EDFAST_MAX_SIG_BYTES], bad[EDFAST_MAX_SIG_BYTES];
            int rep, ok_good, ok_bad;

            for (rep = 0; rep < 2; rep++) {
                memset(sig, 0, sizeof(sig));
                if (im->kind == KIND_EVP || im->kind == KIND_EVP_FRESH) {
                    EVP_MD_CTX *mdctx = im->mdctx != NULL ? im->mdctx : EVP_MD_CTX_new();

                    if (mdctx == NULL)
                        die("EVP_MD_CTX_new failed");
                    if (evp_sign(im, mdctx, &jobs[j], sig) != siglen)
                        die("%s %s: wrong signature length", curve_names[curve], im->label);
                    if (strcmp(provider_of_mdctx(mdctx), im->ctx->provider_name) != 0)
                        die("%s %s: signed by provider %s, not %s", curve_names[curve],
                            im->label, provider_of_mdctx(mdctx), im->ctx->provider_name);
                    memcpy(bad, jobs[j].sig, siglen);
                    bad[j % siglen] ^= 0x01;
                    ok_good = evp_verify(im, mdctx, &jobs[j], jobs[j].sig);
                    ok_bad = evp_verify(im, mdctx, &jobs[j], bad);
                    if (mdctx != im->mdctx)
                        EVP_MD_CTX_free(mdctx);
                } else {
                    direct_sign(im, &jobs[j], sig);
                    memcpy(bad, jobs[j].sig, siglen);
                    bad[j % siglen] ^= 0x01;
                    ok_good = direct_verify(im, &jobs[j], jobs[j].sig);
                    ok_bad = direct_verify(im, &jobs[j], bad);
                }
                if (im->kind == KIND_ANCHOR) {
                    /* Hedged: a different valid signature every time. */
                    struct job own = jobs[j];

                    own.sig = sig;
                    if (evp_verify(&impls[0], impls[0].mdctx, &own, sig) != 1)
                        die("%s %s: the default provider rejects its signature of a %zu-byte "
                            "message", curve_names[curve], im->label, jobs[j].len);
                } else if (memcmp(sig, jobs[j].sig, siglen) != 0) {
                    fprintf(stderr, "edfast-bench: %s %s: the signature of a %zu-byte message "
                                    "differs from the default provider's\n  got      ",
                            curve_names[curve], im->label, jobs[j].len);
                    hex(stderr, sig, siglen);
                    fprintf(stderr, "\n  expected ");
                    hex(stderr, jobs[j].sig, siglen);
                    fprintf(stderr, "\n");
                    exit(1);
                }
                if (ok_good != 1)
                    die("%s %s: rejects the default provider's signature of a %zu-byte "
                        "message (verify returned %d)", curve_names[curve], im->label,
                        jobs[j].len, ok_good);
                if (ok_bad > 0)
                    die("%s %s: accepts a corrupted signature of a %zu-byte message",
                        curve_names[curve], im->label, jobs[j].len);
                ERR_clear_error();
            }
            /* A new key object per verification: the right key passes, and
             * another key (here the public key of a second seed) must fail,
             * also right after the right one on the same EVP_MD_CTX. */
            run_op(im, OP_VERIFY_NEWKEY, &jobs[j], 0);
            if (im->mdctx != NULL)
                EVP_MD_CTX_reset(im->mdctx);
            {
                int wrong;

                if (im->kind == KIND_EVP || im->kind == KIND_EVP_FRESH) {
                    EVP_MD_CTX *mdctx = im->mdctx != NULL ? im->mdctx : EVP_MD_CTX_new();

                    if (mdctx == NULL)
                        die("EVP_MD_CTX_new failed");
                    if (evp_verify_newkey(im, mdctx, &jobs[j], im->pub) != 1)
                        die("%s %s: verify with a new key object failed", curve_names[curve],
                            im->label);
                    wrong = evp_verify_newkey(im, mdctx, &jobs[j], other_pub);
                    /* Back to a clean context: a reused one would keep the
                     * public-only key for the next sign. */
                    EVP_MD_CTX_reset(mdctx);
                    if (mdctx != im->mdctx)
                        EVP_MD_CTX_free(mdctx);
                } else {
                    wrong = direct_verify_newkey(im, &jobs[j], other_pub);
                }
                if (wrong > 0)
                    die("%s %s: a new key object of another key accepts the signature",
                        curve_names[curve], im->label);
                ERR_clear_error();
            }
        }

        /* Keygen through EVP: the public key must belong to the secret. */
        if (im->kind == KIND_EVP && im->ctx != &default_ctx) {
            EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(im->ctx->libctx, evp_names[curve],
                                                            im->ctx->propq);
            EVP_PKEY *gen = NULL, *again;
            uint8_t seed[EDFAST_MAX_KEY_BYTES], want[EDFAST_MAX_KEY_BYTES];
            size_t slen = keylen, wlen = keylen;

            len = keylen;
            if (pctx == NULL || EVP_PKEY_keygen_init(pctx) <= 0
                    || EVP_PKEY_keygen(pctx, &gen) <= 0
                    || !EVP_PKEY_get_raw_private_key(gen, seed, &slen) || slen != keylen
                    || !EVP_PKEY_get_raw_public_key(gen, pub, &len) || len != keylen)
                die("%s %s: EVP keygen or key export failed", curve_names[curve], im->label);
            again = evp_key_from_seed(&default_ctx, curve, seed);
            if (!EVP_PKEY_get_raw_public_key(again, want, &wlen)
                    || memcmp(pub, want, keylen) != 0)
                die("%s %s: a generated key's public key does not belong to its secret",
                    curve_names[curve], im->label);
            OPENSSL_cleanse(seed, sizeof(seed));
            EVP_PKEY_free(again);
            EVP_PKEY_free(gen);
            EVP_PKEY_CTX_free(pctx);
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Results */

/* The rounds of one row, by one clock. */
struct stats {
    double median, min, max;
    double mad;         /* median absolute deviation of the rounds */
    double vs_default;  /* median per-round ratio; NAN when there is no reference */
    double vs_lib;      /* against libsodium/libdecaf direct; NAN without the library */
    double vs_anchor;   /* against lib25519; NAN without it */
};

struct row {
    enum edfast_curve curve;
    enum op op;
    char label[64];
    enum kind kind;
    size_t msg_len;     /* 0 for keygen */
    int threads;        /* 0: the single-thread table */
    int rounds;
    struct stats wall;  /* ops per second of wall-clock time (CLOCK_MONOTONIC) */
    struct stats cpu;   /* ops per second of the thread's CPU time; single-thread rows only */
    int has_cpu;
    double scaling;     /* threads: against 1 thread of the same implementation */
};

static struct row rows[MAX_ROWS];
static size_t nrows;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median_sorted(double *s, int n)
{
    qsort(s, (size_t)n, sizeof(*s), cmp_double);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* Median of the rounds' rates, their extremes, and their median absolute deviation. */
static void summarise(struct stats *st, const double *v, int n)
{
    double s[MAX_ROUNDS];
    int i;

    memcpy(s, v, (size_t)n * sizeof(*s));
    st->median = median_sorted(s, n);
    st->min = s[0];
    st->max = s[n - 1];
    for (i = 0; i < n; i++)
        s[i] = fabs(v[i] - st->median);
    st->mad = median_sorted(s, n);
}

/* The median over rounds of a[r] / b[r]; NAN when b has a zero. */
static double paired_ratio(const double *a, const double *b, int n)
{
    double q[MAX_ROUNDS];
    int r;

    for (r = 0; r < n; r++) {
        if (!(b[r] > 0))
            return NAN;
        q[r] = a[r] / b[r];
    }
    return median_sorted(q, n);
}

static double mad_percent(const struct stats *st)
{
    return st->median > 0 ? 100 * st->mad / st->median : 0.0;
}

static struct row *add_row(void)
{
    if (nrows == MAX_ROWS)
        die("too many rows");
    memset(&rows[nrows], 0, sizeof(rows[nrows]));
    rows[nrows].wall.vs_default = rows[nrows].cpu.vs_default = NAN;
    rows[nrows].wall.vs_lib = rows[nrows].cpu.vs_lib = NAN;
    rows[nrows].wall.vs_anchor = rows[nrows].cpu.vs_anchor = NAN;
    rows[nrows].scaling = NAN;
    return &rows[nrows++];
}

static void print_ratio(double r)
{
    if (isnan(r))
        printf(" %10s", "");
    else
        printf(" %9.2fx", r);
}

static void print_table(enum edfast_curve curve, enum op op, size_t first_row)
{
    const char *lib = curve == EDFAST_ED25519 ? "libsodium" : "libdecaf";
    size_t i;

    printf("\n%s %s  (%s: median of %d interleaved rounds; mad: median absolute deviation "
           "of the rounds; ratios: median of the per-round ratios, by %s; %s)\n",
           curve_names[curve], op_names[op], opt.cpu_clock ? "ops/cpu-s" : "ops/s",
           rows[first_row].rounds, opt.cpu_clock ? "CPU time" : "wall clock",
           opt.cpu_clock ? "ops/s: per second of wall-clock time"
                         : "ops/cpu-s: per second of this thread's CPU time");
    printf("  %-26s %6s %12s %7s %11s %10s %10s %12s\n", "implementation", "bytes",
           opt.cpu_clock ? "ops/cpu-s" : "ops/s", "mad", "vs default", lib,
           curve == EDFAST_ED25519 && have_anchor ? "lib25519" : "",
           opt.cpu_clock ? "ops/s" : "ops/cpu-s");
    for (i = first_row; i < nrows; i++) {
        const struct row *r = &rows[i];
        const struct stats *main_clock = opt.cpu_clock ? &r->cpu : &r->wall;
        const struct stats *other_clock = opt.cpu_clock ? &r->wall : &r->cpu;

        if (r->msg_len == 0)
            printf("  %-26s %6s", r->label, "-");
        else
            printf("  %-26s %6zu", r->label, r->msg_len);
        printf(" %12.1f %6.1f%%", main_clock->median, mad_percent(main_clock));
        print_ratio(main_clock->vs_default);
        print_ratio(main_clock->vs_lib);
        print_ratio(main_clock->vs_anchor);
        printf(" %12.1f\n", other_clock->median);
    }
    fflush(stdout);
}

/* ------------------------------------------------------------------------- */
/* Single-thread measurement: one (curve, op, size) group, interleaved */

static void measure_group(enum edfast_curve curve, enum op op, const struct job *job)
{
    static double rate[MAX_IMPLS][MAX_ROUNDS], cpu_rate[MAX_IMPLS][MAX_ROUNDS];
    uint64_t n[MAX_IMPLS];
    size_t i, included[MAX_IMPLS], ninc = 0, first = nrows, def = SIZE_MAX, lib = SIZE_MAX,
           anchor_row = SIZE_MAX;
    int r;

    for (i = 0; i < nimpls; i++) {
        /* A fresh context changes nothing for keygen, which makes its own. */
        if (op == OP_KEYGEN && impls[i].kind == KIND_EVP_FRESH)
            continue;
        included[ninc++] = i;
    }

    /* Calibration (and warm-up): the op count that fills one round. */
    for (i = 0; i < ninc; i++) {
        struct impl *im = &impls[included[i]];

        if (opt.smoke) {
            n[i] = (uint64_t)opt.smoke_ops;
            continue;
        }
        for (n[i] = 1;; n[i] *= 2) {
            double t = time_ops(im, op, job, n[i], NULL);

            if (t >= opt.round_s / 5) {
                double per_op = t / (double)n[i];

                n[i] = (uint64_t)ceil(opt.round_s / per_op);
                break;
            }
        }
    }

    /* Rounds: A B C ... A B C ..., starting one further along each round. */
    for (r = 0; r < opt.rounds; r++) {
        for (i = 0; i < ninc; i++) {
            size_t k = (i + (size_t)r) % ninc;
            double cpu, t = time_ops(&impls[included[k]], op, job, n[k], &cpu);

            rate[k][r] = t > 0 ? (double)n[k] / t : 0;
            cpu_rate[k][r] = cpu > 0 ? (double)n[k] / cpu : 0;
        }
    }

    for (i = 0; i < ninc; i++) {
        struct impl *im = &impls[included[i]];
        struct row *row = add_row();

        row->curve = curve;
        row->op = op;
        snprintf(row->label, sizeof(row->label), "%s", im->label);
        row->kind = im->kind;
        row->msg_len = op == OP_KEYGEN ? 0 : job->len;
        row->rounds = opt.rounds;
        summarise(&row->wall, rate[i], opt.rounds);
        summarise(&row->cpu, cpu_rate[i], opt.rounds);
        row->has_cpu = 1;
        if (im->is_default)
            def = i;
        if (im->kind == KIND_LIB)
            lib = i;
        if (im->kind == KIND_ANCHOR)
            anchor_row = i;
    }
    /* Ratios pair each round with the reference's run in the same round, so
     * that load which comes and goes over seconds largely cancels out. */
    for (i = 0; i < ninc; i++) {
        struct row *row = &rows[first + i];

        if (def != SIZE_MAX) {
            row->wall.vs_default = paired_ratio(rate[i], rate[def], opt.rounds);
            row->cpu.vs_default = paired_ratio(cpu_rate[i], cpu_rate[def], opt.rounds);
        }
        /* Every row, so that EVP rows show what the EVP path costs too. */
        if (lib != SIZE_MAX) {
            row->wall.vs_lib = paired_ratio(rate[i], rate[lib], opt.rounds);
            row->cpu.vs_lib = paired_ratio(cpu_rate[i], cpu_rate[lib], opt.rounds);
        }
        if (anchor_row != SIZE_MAX) {
            row->wall.vs_anchor = paired_ratio(rate[i], rate[anchor_row], opt.rounds);
            row->cpu.vs_anchor = paired_ratio(cpu_rate[i], cpu_rate[anchor_row], opt.rounds);
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Multi-thread scaling: EVP sign/verify, one shared EVP_PKEY */

struct thread_arg {
    struct impl *im;
    enum op op;
    const struct job *job;
    pthread_barrier_t *barrier;
    uint64_t ops;
    double elapsed;
};

static void *thread_main(void *varg)
{
    struct thread_arg *a = varg;
    EVP_MD_CTX *mdctx = EVP_MD_CTX_new();
    uint8_t sig[EDFAST_MAX_SIG_BYTES];
    double start, t = 0;
    uint64_t ops = 0;

    if (mdctx == NULL)
        die("EVP_MD_CTX_new failed");
    pthread_barrier_wait(a->barrier);
    start = now();
    do {
        int k;

        for (k = 0; k < 8; k++) {
            if (a->op == OP_SIGN)
                evp_sign(a->im, mdctx, a->job, sig);
            else if (evp_verify(a->im, mdctx, a->job, a->job->sig) != 1)
                die("%s %s: a good signature did not verify (threads)",
                    curve_names[a->im->curve], a->im->label);
            ops++;
            if (opt.smoke && ops >= (uint64_t)opt.smoke_ops)
                break;
        }
        t = now() - start;
    } while (opt.smoke ? ops < (uint64_t)opt.smoke_ops : t < opt.round_s);
    a->ops = ops;
    a->elapsed = t;
    EVP_MD_CTX_free(mdctx);
    return NULL;
}

static double run_threads(struct impl *im, enum op op, const struct job *job, int nthreads)
{
    pthread_t tid[MAX_THREADS];
    struct thread_arg arg[MAX_THREADS];
    pthread_barrier_t barrier;
    double total = 0;
    int i;

    pthread_barrier_init(&barrier, NULL, (unsigned)nthreads);
    for (i = 0; i < nthreads; i++) {
        arg[i] = (struct thread_arg){im, op, job, &barrier, 0, 0};
        if (pthread_create(&tid[i], NULL, thread_main, &arg[i]) != 0)
            die("pthread_create failed");
    }
    for (i = 0; i < nthreads; i++) {
        pthread_join(tid[i], NULL);
        if (arg[i].elapsed > 0)
            total += (double)arg[i].ops / arg[i].elapsed;
    }
    pthread_barrier_destroy(&barrier);
    return total;
}

/* Scaling: medians, as rounds with t threads and with 1 are not adjacent. */
static double one_thread_scaling(const struct row *one, const struct row *row)
{
    return one->wall.median > 0 ? row->wall.median / one->wall.median : NAN;
}

static void measure_threads(enum edfast_curve curve, const struct job *job, int max_threads)
{
    static double rate[2][OP_COUNT][MAX_THREADS][MAX_ROUNDS];
    struct impl *pair[2] = {NULL, NULL};
    size_t i, first_row;
    int r, t, p;
    enum op op;

    for (i = 0; i < nimpls; i++) {
        if (impls[i].kind != KIND_EVP)
            continue;
        if (impls[i].is_default)
            pair[0] = &impls[i];
        else if (impls[i].ctx->backend == chosen[curve])
            pair[1] = &impls[i];
    }
    if (pair[0] == NULL || pair[1] == NULL)
        die("%s: no EVP implementation for the thread test", curve_names[curve]);

    for (op = OP_SIGN; op <= OP_VERIFY; op++) {
        if (!(opt.ops & (1u << op)))
            continue;
        /* Warm-up of each pair at the largest thread count. */
        if (!opt.smoke)
            for (p = 0; p < 2; p++)
                run_threads(pair[p], op, job, max_threads);
        for (r = 0; r < opt.rounds; r++)
            for (t = 1; t <= max_threads; t++)
                for (p = 0; p < 2; p++) {
                    int pp = (p + r) % 2;

                    rate[pp][op][t - 1][r] = run_threads(pair[pp], op, job, t);
                }
        first_row = nrows;
        for (t = 1; t <= max_threads; t++)
            for (p = 0; p < 2; p++) {
                struct row *row = add_row();

                row->curve = curve;
                row->op = op;
                snprintf(row->label, sizeof(row->label), "%s", pair[p]->label);
                row->kind = KIND_EVP;
                row->msg_len = job->len;
                row->threads = t;
                row->rounds = opt.rounds;
                summarise(&row->wall, rate[p][op][t - 1], opt.rounds);
            }
        /* Scaling against one thread of the same implementation; ratio against
         * the default provider at the same thread count, paired by round. */
        for (t = 1; t <= max_threads; t++)
            for (p = 0; p < 2; p++) {
                struct row *row = &rows[first_row + 2 * (size_t)(t - 1) + (size_t)p];

                row->scaling = one_thread_scaling(&rows[first_row + (size_t)p], row);
                row->wall.vs_default = paired_ratio(rate[p][op][t - 1], rate[0][op][t - 1],
                                                    opt.rounds);
            }
        printf("\n%s %s, %zu-byte messages, threads sharing one EVP_PKEY (total ops/s: "
               "median of %d rounds)\n", curve_names[curve], op_names[op], job->len,
               opt.rounds);
        printf("  %-26s %7s %12s %7s %9s %11s\n", "implementation", "threads", "ops/s",
               "mad", "scaling", "vs default");
        for (i = first_row; i < nrows; i++) {
            const struct row *row = &rows[i];

            printf("  %-26s %7d %12.1f %6.1f%% %8.2fx %10.2fx\n", row->label, row->threads,
                   row->wall.median, mad_percent(&row->wall), row->scaling,
                   row->wall.vs_default);
        }
        fflush(stdout);
    }
}

/* ------------------------------------------------------------------------- */
/* Completeness: every row that should exist does, with a positive rate. */

static int find_row(enum edfast_curve curve, enum op op, const char *label, size_t msg_len,
                    int threads)
{
    size_t i;

    for (i = 0; i < nrows; i++)
        if (rows[i].curve == curve && rows[i].op == op && rows[i].msg_len == msg_len
                && rows[i].threads == threads && strcmp(rows[i].label, label) == 0)
            return rows[i].wall.median > 0 && isfinite(rows[i].wall.median);
    return 0;
}

static int check_rows(int max_threads)
{
    enum edfast_curve curve;
    int missing = 0;

    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        const char *expected[MAX_IMPLS];
        char names[MAX_IMPLS][64];
        size_t nexp = 0, b, e, s;
        enum op op;

        if (!(opt.curves & (1u << curve)))
            continue;
        /* What this build should measure, from the registry and the build flags. */
        snprintf(names[nexp], sizeof(names[nexp]), "evp:default");
        expected[nexp] = names[nexp];
        nexp++;
        for (b = 0; b < edfast_backend_count(); b++) {
            const struct edfast_backend *backend = edfast_backend_at(b);

            if (!serves(backend, curve))
                continue;
            snprintf(names[nexp], sizeof(names[nexp]), "evp:edfast/%s", backend->name);
            expected[nexp] = names[nexp];
            nexp++;
            snprintf(names[nexp], sizeof(names[nexp]), "backend:%s", backend->name);
            expected[nexp] = names[nexp];
            nexp++;
        }
#ifdef EDFAST_BENCH_SODIUM
        if (curve == EDFAST_ED25519)
            expected[nexp++] = "lib:libsodium";
#endif
#ifdef EDFAST_BENCH_DECAF
        if (curve == EDFAST_ED448)
            expected[nexp++] = "lib:libdecaf";
#endif
        if (curve == EDFAST_ED25519 && have_anchor)
            expected[nexp++] = "anchor:lib25519";
        for (op = 0; op < OP_COUNT; op++) {
            if (!(opt.ops & (1u << op)))
                continue;
            for (e = 0; e < nexp; e++) {
                for (s = 0; s < (op == OP_KEYGEN ? 1 : opt.nsizes); s++) {
                    size_t len = op == OP_KEYGEN ? 0 : opt.sizes[s];

                    if (!find_row(curve, op, expected[e], len, 0)) {
                        fprintf(stderr, "edfast-bench: missing row: %s %s %s %zu bytes\n",
                                curve_names[curve], op_names[op], expected[e], len);
                        missing++;
                    }
                }
            }
            if ((op == OP_SIGN || op == OP_VERIFY) && !opt.no_threads && chosen[curve] != NULL) {
                char label[64];
                int t;

                snprintf(label, sizeof(label), "evp:edfast/%s", chosen[curve]->name);
                for (t = 1; t <= max_threads; t++) {
                    if (!find_row(curve, op, "evp:default", opt.thread_msg, t)
                            || !find_row(curve, op, label, opt.thread_msg, t)) {
                        fprintf(stderr, "edfast-bench: missing row: %s %s, %d threads\n",
                                curve_names[curve], op_names[op], t);
                        missing++;
                    }
                }
            }
        }
    }
    return missing;
}

/* ------------------------------------------------------------------------- */

static void csv_number(FILE *f, const char *format, double v, int last)
{
    if (!isnan(v))
        fprintf(f, format, v);
    fputc(last ? '\n' : ',', f);
}

/* Fixed columns whatever --clock says: wall-clock figures first, then CPU-time ones. */
static void write_csv(const char *path)
{
    FILE *f = fopen(path, "w");
    size_t i;

    if (f == NULL)
        die("cannot write %s: %s", path, strerror(errno));
    fprintf(f, "table,curve,op,impl,kind,msg_bytes,threads,rounds,ops_per_s,min_ops_per_s,"
               "max_ops_per_s,mad_ops_per_s,ratio_vs_default,ratio_vs_lib,thread_scaling,"
               "ops_per_cpu_s,mad_ops_per_cpu_s,cpu_ratio_vs_default,cpu_ratio_vs_lib,"
               "ratio_vs_lib25519,cpu_ratio_vs_lib25519\n");
    for (i = 0; i < nrows; i++) {
        const struct row *r = &rows[i];

        fprintf(f, "%s,%s,%s,%s,%s,%zu,%d,%d,", r->threads == 0 ? "ops" : "threads",
                curve_names[r->curve], op_names[r->op], r->label, kind_names[r->kind],
                r->msg_len, r->threads == 0 ? 1 : r->threads, r->rounds);
        csv_number(f, "%.1f", r->wall.median, 0);
        csv_number(f, "%.1f", r->wall.min, 0);
        csv_number(f, "%.1f", r->wall.max, 0);
        csv_number(f, "%.1f", r->wall.mad, 0);
        csv_number(f, "%.4f", r->wall.vs_default, 0);
        csv_number(f, "%.4f", r->wall.vs_lib, 0);
        csv_number(f, "%.4f", r->scaling, 0);
        csv_number(f, "%.1f", r->has_cpu ? r->cpu.median : NAN, 0);
        csv_number(f, "%.1f", r->has_cpu ? r->cpu.mad : NAN, 0);
        csv_number(f, "%.4f", r->has_cpu ? r->cpu.vs_default : NAN, 0);
        csv_number(f, "%.4f", r->has_cpu ? r->cpu.vs_lib : NAN, 0);
        csv_number(f, "%.4f", r->wall.vs_anchor, 0);
        csv_number(f, "%.4f", r->has_cpu ? r->cpu.vs_anchor : NAN, 1);
    }
    if (fclose(f) != 0)
        die("cannot write %s", path);
}

/* The 1-minute load average, or -1 where /proc/loadavg is not readable. */
static double load_average(void)
{
    FILE *f = fopen("/proc/loadavg", "r");
    double load = -1;

    if (f != NULL) {
        if (fscanf(f, "%lf", &load) != 1)
            load = -1;
        fclose(f);
    }
    return load;
}

static double cpu_seconds(void)
{
    struct rusage ru;

    if (getrusage(RUSAGE_SELF, &ru) != 0)
        return 0;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6
        + (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

static void usage(FILE *f)
{
    fprintf(f,
        "usage: edfast-bench [options]\n"
        "  --quick          64- and 1024-byte messages, 5 rounds of 20 ms (under 30 s)\n"
        "  --smoke          a few operations per row, 1 round (for CTest): checks only\n"
        "  --csv FILE       write every row to FILE\n"
        "  --curve C        ed25519 or ed448 (repeatable; default both)\n"
        "  --op O           keygen, sign, verify or verify-newkey (repeatable; default all)\n"
        "  --sizes LIST     message sizes, comma-separated (default 32,64,512,1024,16384)\n"
        "  --rounds N       interleaved rounds per row (default 9, quick 5)\n"
        "  --round-ms MS    length of one round (default 50)\n"
        "  --threads N      thread test up to N threads (default: online CPUs)\n"
        "  --no-threads     skip the thread test\n"
        "  --no-fresh       skip the fresh-EVP_MD_CTX-per-operation rows\n"
        "  --clock C        wall (default: CLOCK_MONOTONIC) or cpu (the thread's CPU time,\n"
        "                   for a busy machine): what the tables' ops/s and ratios use;\n"
        "                   the CSV always has both, the thread test is always wall\n"
        "  --module-dir DIR load edfast.so from DIR (default " EDFAST_MODULE_DIR ")\n"
        "  --anchor-dir DIR load lib25519 from DIR (default " EDFAST_ANCHOR_DIR ");\n"
        "                   its rows are left out when it cannot be loaded\n");
}

static void parse_sizes(const char *list)
{
    char *copy = strdup(list), *tok, *save = NULL;

    opt.nsizes = 0;
    for (tok = strtok_r(copy, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        char *end;
        unsigned long v = strtoul(tok, &end, 10);

        if (*end != '\0' || v == 0 || v > (1ul << 24) || opt.nsizes == MAX_SIZES)
            die("bad --sizes list: %s", list);
        opt.sizes[opt.nsizes++] = v;
    }
    free(copy);
    if (opt.nsizes == 0)
        die("bad --sizes list: %s", list);
}

static void parse_args(int argc, char **argv)
{
    int i, rounds = 0, round_ms = 0;
    const char *sizes = NULL;

    opt.module_dir = EDFAST_MODULE_DIR;
    opt.anchor_dir = EDFAST_ANCHOR_DIR;
    opt.thread_msg = 64;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;

        if (strcmp(a, "--quick") == 0) {
            opt.quick = 1;
        } else if (strcmp(a, "--smoke") == 0) {
            opt.smoke = 1;
        } else if (strcmp(a, "--no-threads") == 0) {
            opt.no_threads = 1;
        } else if (strcmp(a, "--no-fresh") == 0) {
            opt.no_fresh = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (v == NULL) {
            usage(stderr);
            die("unknown option or missing value: %s", a);
        } else if (strcmp(a, "--clock") == 0) {
            if (strcmp(v, "cpu") == 0)
                opt.cpu_clock = 1;
            else if (strcmp(v, "wall") == 0)
                opt.cpu_clock = 0;
            else
                die("--clock is wall or cpu");
            i++;
        } else if (strcmp(a, "--csv") == 0) {
            opt.csv = v, i++;
        } else if (strcmp(a, "--module-dir") == 0) {
            opt.module_dir = v, i++;
        } else if (strcmp(a, "--anchor-dir") == 0) {
            opt.anchor_dir = v, i++;
        } else if (strcmp(a, "--sizes") == 0) {
            sizes = v, i++;
        } else if (strcmp(a, "--rounds") == 0) {
            rounds = atoi(v), i++;
            if (rounds < 1 || rounds > MAX_ROUNDS)
                die("--rounds must be 1..%d", MAX_ROUNDS);
        } else if (strcmp(a, "--round-ms") == 0) {
            round_ms = atoi(v), i++;
            if (round_ms < 1)
                die("--round-ms must be positive");
        } else if (strcmp(a, "--threads") == 0) {
            opt.threads_max = atoi(v), i++;
            if (opt.threads_max < 1 || opt.threads_max > MAX_THREADS)
                die("--threads must be 1..%d", MAX_THREADS);
        } else if (strcmp(a, "--curve") == 0) {
            if (strcasecmp(v, "ed25519") == 0)
                opt.curves |= 1u << EDFAST_ED25519;
            else if (strcasecmp(v, "ed448") == 0)
                opt.curves |= 1u << EDFAST_ED448;
            else
                die("unknown curve %s", v);
            i++;
        } else if (strcmp(a, "--op") == 0) {
            enum op op;

            for (op = 0; op < OP_COUNT && strcmp(v, op_names[op]) != 0; op++)
                ;
            if (op == OP_COUNT)
                die("unknown operation %s", v);
            opt.ops |= 1u << op;
            i++;
        } else {
            usage(stderr);
            die("unknown option %s", a);
        }
    }
    if (opt.curves == 0)
        opt.curves = (1u << EDFAST_CURVE_COUNT) - 1;
    if (opt.ops == 0)
        opt.ops = (1u << OP_COUNT) - 1;
    if (sizes != NULL)
        parse_sizes(sizes);
    else if (opt.quick && !opt.smoke)
        parse_sizes("64,1024");
    else
        parse_sizes("32,64,512,1024,16384");
    if (opt.smoke) {
        opt.rounds = rounds > 0 ? rounds : 1;
        opt.smoke_ops = 3;
        opt.round_s = 0;
    } else {
        opt.rounds = rounds > 0 ? rounds : opt.quick ? 5 : 9;
        opt.round_s = (round_ms > 0 ? round_ms : opt.quick ? 20 : 50) / 1000.0;
    }
}

int main(int argc, char **argv)
{
    uint8_t *msgbuf;
    size_t maxlen = 0, i, b;
    enum edfast_curve curve;
    int max_threads, missing;
    double started, load_start;

    setvbuf(stdout, NULL, _IOLBF, 0);
    parse_args(argc, argv);
    started = now();
    load_start = load_average();
    max_threads = opt.threads_max > 0 ? opt.threads_max : (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (max_threads < 1)
        max_threads = 1;
    if (max_threads > MAX_THREADS)
        max_threads = MAX_THREADS;
    for (i = 0; i < opt.nsizes; i++)
        if (opt.sizes[i] > maxlen)
            maxlen = opt.sizes[i];
    if (opt.thread_msg > maxlen)
        maxlen = opt.thread_msg;
    if ((msgbuf = malloc(maxlen)) == NULL)
        die("out of memory");
    for (i = 0; i < maxlen; i++)
        msgbuf[i] = (uint8_t)(i * 131 + 7);
    {
        char why[512];

        have_anchor = lib25519_anchor_load(&anchor, opt.anchor_dir, why, sizeof(why));
        if (have_anchor) {
            if ((anchor_sm = malloc(64 + maxlen)) == NULL
                    || (anchor_m = malloc(64 + maxlen)) == NULL)
                die("out of memory");
            printf("anchor: lib25519 from %s (fixed base: %s, double scalar: %s, "
                   "SHA-512: %s)\n", opt.anchor_dir, anchor.fixed_base_implementation(),
                   anchor.double_scalar_implementation(), anchor.sha512_implementation());
        } else {
            printf("anchor: no lib25519 rows (%s)\n", why);
        }
    }

#ifdef EDFAST_BENCH_SODIUM
    if (sodium_init() < 0)
        die("sodium_init failed");
#endif
    if (!edfast_backends_acquire())
        die("edfast_backends_acquire failed");
    nbackends = edfast_backend_count();
    if (nbackends > MAX_BACKENDS)
        die("more than %d backends", MAX_BACKENDS);

    load_default_ctx(&default_ctx);
    {
        /* Which backend edfast picks with the caller's environment. */
        struct evp_ctx probe;

        memset(&probe, 0, sizeof(probe));
        load_edfast_ctx(&probe, NULL);
        for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++)
            if ((chosen[curve] = edfast_backend_by_name(probe.served[curve])) == NULL)
                die("edfast chose %s for %s, which this benchmark does not know",
                    probe.served[curve], curve_names[curve]);
        free_ctx(&probe);
    }
    for (b = 0; b < nbackends; b++) {
        load_edfast_ctx(&edfast_ctx[b], edfast_backend_at(b)->name);
        edfast_ctx[b].backend = edfast_backend_at(b);
    }

    printf("edfast-bench: OpenSSL %s, edfast from %s\n",
           OpenSSL_version(OPENSSL_VERSION_STRING), opt.module_dir);
    printf("backends compiled in (preference order):");
    for (b = 0; b < nbackends; b++)
        printf(" %s", edfast_backend_at(b)->name);
    printf("; edfast's choice: Ed25519=%s Ed448=%s%s\n", chosen[EDFAST_ED25519]->name,
           chosen[EDFAST_ED448]->name,
           getenv("EDFAST_BACKEND") != NULL ? " (EDFAST_BACKEND is set)" : "");
    if (opt.smoke)
        printf("mode: smoke (%d ops per row, %d round): correctness and completeness only, "
               "the figures mean nothing\n", opt.smoke_ops, opt.rounds);
    else
        printf("mode: %s, %d interleaved rounds of >= %.0f ms per row, median; "
               "%d CPUs online, thread test up to %d\n", opt.quick ? "quick" : "full",
               opt.rounds, opt.round_s * 1000, (int)sysconf(_SC_NPROCESSORS_ONLN),
               max_threads);
    printf("keygen: EVP rows include drawing the random seed (and make their own "
           "EVP_PKEY_CTX, so there are no evp-fresh keygen rows); direct rows derive the "
           "public key (and make/free the backend's key state) from a given seed\n");

    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        struct job jobs[MAX_SIZES + 1];
        uint8_t sigs[MAX_SIZES + 1][EDFAST_MAX_SIG_BYTES];
        size_t njobs = 0, s;
        struct job thread_job;
        enum op op;

        if (!(opt.curves & (1u << curve)))
            continue;
        build_impls(curve);
        /* Reference signatures from the default provider (impls[0]). */
        for (s = 0; s < opt.nsizes + 1; s++) {
            jobs[s].msg = msgbuf;
            jobs[s].len = s < opt.nsizes ? opt.sizes[s] : opt.thread_msg;
            jobs[s].sig = sigs[s];
            evp_sign(&impls[0], impls[0].mdctx, &jobs[s], sigs[s]);
            njobs++;
        }
        thread_job = jobs[opt.nsizes];
        check_impls(curve, jobs, njobs);
        printf("\n%s: %zu implementations agree with the default provider on %zu messages\n",
               curve_names[curve], nimpls, njobs);

        for (op = 0; op < OP_COUNT; op++) {
            size_t first = nrows;

            if (!(opt.ops & (1u << op)))
                continue;
            if (op == OP_KEYGEN)
                measure_group(curve, op, &jobs[0]);
            else
                for (s = 0; s < opt.nsizes; s++)
                    measure_group(curve, op, &jobs[s]);
            print_table(curve, op, first);
        }
        if (!opt.no_threads && (opt.ops & ((1u << OP_SIGN) | (1u << OP_VERIFY))))
            measure_threads(curve, &thread_job, max_threads);
        free_impls();
    }

    missing = check_rows(max_threads);
    if (opt.csv != NULL)
        write_csv(opt.csv);
    printf("\n%zu rows in %.1f s%s%s\n", nrows, now() - started,
           opt.csv != NULL ? ", written to " : "", opt.csv != NULL ? opt.csv : "");
    /* Context for the figures: how busy the machine was around us. */
    printf("load average (1 min) at start %.2f, at end %.2f; this process used %.1f s "
           "of CPU in %.1f s\n", load_start, load_average(), cpu_seconds(), now() - started);

    for (b = 0; b < nbackends; b++)
        free_ctx(&edfast_ctx[b]);
    free_ctx(&default_ctx);
    edfast_backends_release();
    free(msgbuf);
    free(anchor_sm);
    free(anchor_m);
    if (missing > 0) {
        fprintf(stderr, "edfast-bench: %d rows missing\n", missing);
        return 1;
    }
    return 0;
}
