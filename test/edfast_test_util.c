/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/core_names.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include "edfast_names.h"
#include "edfast_test_util.h"

#ifndef EDFAST_PROVIDER_DIR
#error "EDFAST_PROVIDER_DIR must name the directory holding edfast.so"
#endif

_Atomic unsigned long et_failures;
_Atomic unsigned long et_checks;

const char *et_curve_name(enum et_curve curve)
{
    return curve == ET_ED25519 ? "ED25519" : "ED448";
}

size_t et_key_len(enum et_curve curve)
{
    return curve == ET_ED25519 ? 32 : 57;
}

size_t et_sig_len(enum et_curve curve)
{
    return 2 * et_key_len(curve);
}

static int print_error(const char *str, size_t len, void *arg)
{
    (void)arg;
    fprintf(stderr, "    openssl: %.*s", (int)len, str);
    return 1;
}

void et_fail_at(const char *file, int line, const char *fmt, ...)
{
    va_list args;
    const char *base = strrchr(file, '/');

    /* A systematic fault in a long randomized run fails every case: the first
     * hundred say enough, the count says the rest. */
    if (et_failures++ >= 100) {
        ERR_clear_error();
        return;
    }
    fprintf(stderr, "FAIL %s:%d: ", base != NULL ? base + 1 : file, line);
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    ERR_print_errors_cb(print_error, NULL);
    ERR_clear_error();
}

int et_finish(const char *test_name)
{
    printf("%s: %lu checks, %lu failures\n", test_name, et_checks, et_failures);
    fflush(stdout);
    if (et_checks == 0) {
        fprintf(stderr, "%s: no check ran\n", test_name);
        return 1;
    }
    return et_failures == 0 ? 0 : 1;
}

unsigned char *et_encode(EVP_PKEY *key, int selection, const char *type, const char *structure,
                         int encrypt, size_t *len)
{
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(key, selection, type, structure,
                                                        ET_EDFAST);
    unsigned char *out = NULL;

    *len = 0;
    if (e != NULL && encrypt) {
        OSSL_ENCODER_CTX_set_cipher(e, "AES-128-CBC", NULL);
        OSSL_ENCODER_CTX_set_passphrase(e, (const unsigned char *)"pw", 2);
    }
    if (e == NULL || OSSL_ENCODER_to_data(e, &out, len) != 1) {
        out = NULL;
        ERR_clear_error();
    }
    OSSL_ENCODER_CTX_free(e);
    return out;
}

BIGNUM *et_bn_digits(const int8_t *digits, size_t n, unsigned step)
{
    BIGNUM *r = BN_new(), *t = BN_new();

    BN_zero(r);
    for (size_t i = n; i-- > 0;) {
        BN_lshift(r, r, (int)step);
        BN_set_word(t, (BN_ULONG)(digits[i] < 0 ? -digits[i] : digits[i]));
        if (digits[i] < 0)
            BN_sub(r, r, t);
        else
            BN_add(r, r, t);
    }
    BN_free(t);
    return r;
}

const char *et_provider_dir(void)
{
    const char *dir = getenv("EDFAST_PROVIDER_DIR");

    return dir != NULL && dir[0] != '\0' ? dir : EDFAST_PROVIDER_DIR;
}

static int query_backends(struct et_env *env)
{
    char *names[ET_CURVES] = {NULL, NULL};
    OSSL_PARAM params[3];

    params[0] = OSSL_PARAM_construct_utf8_ptr(EDFAST_PARAM_ED25519_BACKEND, &names[ET_ED25519], 0);
    params[1] = OSSL_PARAM_construct_utf8_ptr(EDFAST_PARAM_ED448_BACKEND, &names[ET_ED448], 0);
    params[2] = OSSL_PARAM_construct_end();
    if (!OSSL_PROVIDER_get_params(env->edfast, params) || names[0] == NULL || names[1] == NULL) {
        fprintf(stderr, "edfast does not report its backends\n");
        return 0;
    }
    snprintf(env->backend[ET_ED25519], sizeof(env->backend[0]), "%s", names[ET_ED25519]);
    snprintf(env->backend[ET_ED448], sizeof(env->backend[0]), "%s", names[ET_ED448]);
    return 1;
}

/* edfast loaded into ctx while EDFAST_BACKEND=backend (NULL: unset), which it reads then. */
static OSSL_PROVIDER *load_edfast(OSSL_LIB_CTX *ctx, const char *backend)
{
    const char *old = getenv("EDFAST_BACKEND");
    char *saved = old != NULL ? strdup(old) : NULL;
    OSSL_PROVIDER *prov;

    if (backend != NULL)
        setenv("EDFAST_BACKEND", backend, 1);
    else
        unsetenv("EDFAST_BACKEND");
    prov = OSSL_PROVIDER_load(ctx, EDFAST_PROVIDER_NAME);
    if (saved != NULL)
        setenv("EDFAST_BACKEND", saved, 1);
    else
        unsetenv("EDFAST_BACKEND");
    free(saved);
    return prov;
}

OSSL_LIB_CTX *et_ctx_alone(const char *backend)
{
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();

    if (ctx == NULL || !OSSL_PROVIDER_set_default_search_path(ctx, et_provider_dir())
            || load_edfast(ctx, backend) == NULL) {
        fprintf(stderr, "cannot load edfast alone from %s\n", et_provider_dir());
        ERR_print_errors_fp(stderr);
        OSSL_LIB_CTX_free(ctx);
        return NULL;
    }
    return ctx; /* edfast stays loaded until et_ctx_alone_free */
}

static int remember_provider(OSSL_PROVIDER *provider, void *found)
{
    *(OSSL_PROVIDER **)found = provider;
    return 1;
}

void et_ctx_alone_free(OSSL_LIB_CTX *ctx)
{
    OSSL_PROVIDER *edfast = NULL;

    if (ctx == NULL)
        return;
    OSSL_PROVIDER_do_all(ctx, remember_provider, &edfast);
    if (edfast != NULL)
        OSSL_PROVIDER_unload(edfast);
    OSSL_LIB_CTX_free(ctx);
}

int et_env_open(struct et_env *env, const char *backend)
{
    memset(env, 0, sizeof(*env));
    env->ctx = OSSL_LIB_CTX_new();
    if (env->ctx == NULL
            || !OSSL_PROVIDER_set_default_search_path(env->ctx, et_provider_dir())) {
        fprintf(stderr, "cannot make a library context\n");
        et_env_close(env);
        return 0;
    }
    env->edfast = load_edfast(env->ctx, backend);
    if (env->edfast == NULL) {
        fprintf(stderr, "cannot load edfast from %s\n", et_provider_dir());
        ERR_print_errors_fp(stderr);
        et_env_close(env);
        return 0;
    }
    env->deflt = OSSL_PROVIDER_load(env->ctx, "default");
    if (env->deflt == NULL) {
        fprintf(stderr, "cannot load the default provider\n");
        ERR_print_errors_fp(stderr);
        et_env_close(env);
        return 0;
    }
    if (!query_backends(env)) {
        et_env_close(env);
        return 0;
    }
    return 1;
}

void et_env_close(struct et_env *env)
{
    if (env->edfast != NULL)
        OSSL_PROVIDER_unload(env->edfast);
    if (env->deflt != NULL)
        OSSL_PROVIDER_unload(env->deflt);
    OSSL_LIB_CTX_free(env->ctx);
    memset(env, 0, sizeof(*env));
}

int et_env_open_for(struct et_env *env, enum et_curve curve, const char *backend)
{
    if (!et_env_open(env, backend))
        return 0;
    if (strcmp(env->backend[curve], backend) != 0) {
        fprintf(stderr, "EDFAST_BACKEND=%s: edfast serves %s with %s instead\n", backend,
                et_curve_name(curve), env->backend[curve]);
        et_env_close(env);
        return 0;
    }
    return 1;
}

size_t et_backends_for(enum et_curve curve, const char *names[ET_MAX_BACKENDS])
{
    static const char *const candidates[] = {"native", "sodium", "decaf", "openssl"};
    size_t i, n = 0;

    for (i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++) {
        struct et_env env;

        if (!et_env_open(&env, candidates[i]))
            continue;
        if (strcmp(env.backend[curve], candidates[i]) == 0 && n < ET_MAX_BACKENDS)
            names[n++] = candidates[i];
        et_env_close(&env);
    }
    printf("%s backends tested:", et_curve_name(curve));
    for (i = 0; i < n; i++)
        printf(" %s", names[i]);
    printf("%s\n", n == 0 ? " (none!)" : "");
    fflush(stdout);
    return n;
}

EVP_PKEY *et_key(struct et_env *env, enum et_curve curve, const char *propq,
                 const uint8_t *seed, const uint8_t *pub)
{
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(curve), propq);
    EVP_PKEY *pkey = NULL;
    OSSL_PARAM params[3];
    size_t n = 0;

    if (pub != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub,
                                                        et_key_len(curve));
    if (seed != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, (void *)seed,
                                                        et_key_len(curve));
    params[n] = OSSL_PARAM_construct_end();
    if (pctx == NULL || EVP_PKEY_fromdata_init(pctx) <= 0
            || EVP_PKEY_fromdata(pctx, &pkey,
                                 seed != NULL ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                                 params) <= 0)
        pkey = NULL;
    EVP_PKEY_CTX_free(pctx);
    return pkey;
}

EVP_PKEY *et_key_from_seed(struct et_env *env, enum et_curve curve, const char *propq,
                           const uint8_t *seed)
{
    return EVP_PKEY_new_raw_private_key_ex(env->ctx, et_curve_name(curve), propq, seed,
                                           et_key_len(curve));
}

EVP_PKEY *et_generate(struct et_env *env, enum et_curve curve, const char *propq)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(env->ctx, et_curve_name(curve), propq);
    EVP_PKEY *pkey = NULL;

    if (ctx == NULL || EVP_PKEY_keygen_init(ctx) != 1 || EVP_PKEY_generate(ctx, &pkey) != 1)
        pkey = NULL;
    EVP_PKEY_CTX_free(ctx);
    return pkey;
}

const char *et_key_provider(const EVP_PKEY *pkey)
{
    const OSSL_PROVIDER *prov = pkey != NULL ? EVP_PKEY_get0_provider(pkey) : NULL;

    return prov != NULL ? OSSL_PROVIDER_get0_name(prov) : "?";
}

int et_sign(struct et_env *env, EVP_PKEY *pkey, const char *propq, const uint8_t *msg,
            size_t msg_len, uint8_t *sig, size_t *sig_len)
{
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();
    int ok = mctx != NULL
        && EVP_DigestSignInit_ex(mctx, NULL, NULL, env->ctx, propq, pkey, NULL) == 1
        && EVP_DigestSign(mctx, sig, sig_len, msg, msg_len) == 1;

    EVP_MD_CTX_free(mctx);
    return ok;
}

int et_verify(struct et_env *env, EVP_PKEY *pkey, const char *propq, const uint8_t *msg,
              size_t msg_len, const uint8_t *sig, size_t sig_len)
{
    EVP_MD_CTX *mctx = EVP_MD_CTX_new();
    int rv = -1;

    if (mctx != NULL && EVP_DigestVerifyInit_ex(mctx, NULL, NULL, env->ctx, propq, pkey,
                                                NULL) == 1)
        rv = EVP_DigestVerify(mctx, sig, sig_len, msg, msg_len) == 1 ? 1 : 0;
    EVP_MD_CTX_free(mctx);
    return rv;
}

int et_error_contains(const char *needle)
{
    unsigned long e;
    const char *data = NULL;
    int flags = 0, found = 0;

    while ((e = ERR_get_error_all(NULL, NULL, NULL, &data, &flags)) != 0) {
        char text[512];
        const char *reason = ERR_reason_error_string(e);

        ERR_error_string_n(e, text, sizeof(text));
        if (strstr(text, needle) != NULL || (reason != NULL && strstr(reason, needle) != NULL))
            found = 1;
    }
    return found;
}

static int nibble(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

size_t et_unhex(const char *hex, uint8_t *out, size_t cap)
{
    return et_unhex_n(hex, strlen(hex), out, cap);
}

size_t et_unhex_n(const char *hex, size_t len, uint8_t *out, size_t cap)
{
    size_t i;

    if (len % 2 != 0 || len / 2 > cap)
        return (size_t)-1;
    for (i = 0; i < len / 2; i++) {
        int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return (size_t)-1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return len / 2;
}

uint8_t *et_unhex_alloc(const char *hex, size_t *len)
{
    size_t cap = strlen(hex) / 2 + 1;
    uint8_t *out = malloc(cap);

    if (out == NULL)
        return NULL;
    *len = et_unhex(hex, out, cap);
    if (*len == (size_t)-1) {
        free(out);
        return NULL;
    }
    return out;
}

void et_print_hex(const char *label, const uint8_t *data, size_t len)
{
    size_t i;

    fprintf(stderr, "    %s: ", label);
    for (i = 0; i < len; i++)
        fprintf(stderr, "%02x", data[i]);
    fputc('\n', stderr);
}

void et_rng_seed(struct et_rng *rng, uint64_t seed)
{
    rng->state = seed;
}

uint64_t et_rng_next(struct et_rng *rng)
{
    uint64_t z = (rng->state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void et_rng_bytes(struct et_rng *rng, uint8_t *out, size_t len)
{
    size_t i;
    uint64_t word = 0;

    for (i = 0; i < len; i++) {
        if (i % 8 == 0)
            word = et_rng_next(rng);
        out[i] = (uint8_t)(word >> (8 * (i % 8)));
    }
}

uint64_t et_choose_seed(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return et_seed_or((uint64_t)ts.tv_sec * 1000000007ULL ^ (uint64_t)ts.tv_nsec);
}

uint64_t et_seed_or(uint64_t fallback)
{
    const char *env = getenv("EDFAST_TEST_SEED");
    uint64_t seed = env != NULL && env[0] != '\0' ? strtoull(env, NULL, 0) : fallback;

    printf("seed: %llu (set EDFAST_TEST_SEED=%llu to repeat this run)\n",
           (unsigned long long)seed, (unsigned long long)seed);
    fflush(stdout);
    return seed;
}

int et_cases(int full)
{
    const char *env = getenv("EDFAST_TEST_CASE_DIVISOR");
    long divisor = env != NULL ? strtol(env, NULL, 10) : 1;
    int cases;

    if (divisor <= 1)
        return full;
    cases = full / divisor > 0 ? (int)(full / divisor) : 1;
    printf("%d of %d random cases (EDFAST_TEST_CASE_DIVISOR=%ld)\n", cases, full, divisor);
    fflush(stdout);
    return cases;
}

char *et_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *data = NULL;
    long size;

    if (f == NULL)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0
            && (data = malloc((size_t)size + 1)) != NULL) {
        if (fread(data, 1, (size_t)size, f) != (size_t)size) {
            free(data);
            data = NULL;
        } else {
            data[size] = '\0';
            if (len != NULL)
                *len = (size_t)size;
        }
    }
    fclose(f);
    return data;
}
