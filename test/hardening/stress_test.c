/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Thread stress: for every backend serving each curve, 4 threads share one
 * library context with edfast loaded, one keypair and one public key per
 * curve, and for a bounded count sign (checking the bytes against the
 * signature made before the threads started), verify, generate keys,
 * duplicate keys and signing contexts, compare keys, and one thread also
 * loads and unloads edfast in fresh contexts of its own.  Built with
 * -fsanitize=thread by scripts/hardening.sh; a plain stress test otherwise.
 * EDFAST_STRESS_ITERATIONS sets the count per thread (default 64).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/err.h>
#include "edfast_test_util.h"

#define THREADS 4

struct shared {
    struct et_env *env;
    enum et_curve curve;
    EVP_PKEY *pair, *pub;
    uint8_t msg[64];
    uint8_t sig[ET_MAX_SIG];
    size_t sig_len;
    unsigned iterations;
    atomic_ulong failures;
    atomic_ulong operations;
};

struct worker {
    struct shared *shared;
    int index;
};

static void failed(struct shared *s, const char *what)
{
    unsigned long n = atomic_fetch_add(&s->failures, 1);

    if (n < 10) {
        fprintf(stderr, "FAIL %s %s: %s\n", et_curve_name(s->curve), s->env->backend[s->curve],
                what);
        ERR_print_errors_fp(stderr);
    }
    ERR_clear_error();
}

static void sign_check(struct shared *s, EVP_PKEY *key, int dup_ctx)
{
    EVP_MD_CTX *mctx = EVP_MD_CTX_new(), *copy = NULL;
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);
    int ok = mctx != NULL
        && EVP_DigestSignInit_ex(mctx, NULL, NULL, s->env->ctx, ET_EDFAST, key, NULL) == 1;

    if (ok && dup_ctx) {
        copy = EVP_MD_CTX_new();
        ok = copy != NULL && EVP_MD_CTX_copy_ex(copy, mctx) == 1;
    }
    ok = ok && EVP_DigestSign(copy != NULL ? copy : mctx, sig, &len, s->msg, sizeof(s->msg)) == 1;
    if (!ok || len != s->sig_len || memcmp(sig, s->sig, len) != 0)
        failed(s, "signature differs or signing failed");
    EVP_MD_CTX_free(copy);
    EVP_MD_CTX_free(mctx);
}

static void *work(void *arg)
{
    struct worker *w = arg;
    struct shared *s = w->shared;

    for (unsigned i = 0; i < s->iterations; i++) {
        switch ((i + (unsigned)w->index) % 6) {
        case 0:
            sign_check(s, s->pair, 0);
            break;
        case 1:
            if (et_verify(s->env, s->pub, ET_EDFAST, s->msg, sizeof(s->msg), s->sig, s->sig_len) != 1
                    || et_verify(s->env, s->pair, ET_EDFAST, s->msg, sizeof(s->msg), s->sig,
                                 s->sig_len) != 1)
                failed(s, "verify");
            break;
        case 2: {
            EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(s->env->ctx, et_curve_name(s->curve),
                                                         ET_EDFAST);
            EVP_PKEY *fresh = NULL;
            uint8_t sig[ET_MAX_SIG];
            size_t len = sizeof(sig);

            if (g == NULL || EVP_PKEY_keygen_init(g) != 1 || EVP_PKEY_generate(g, &fresh) != 1
                    || !et_sign(s->env, fresh, ET_EDFAST, s->msg, sizeof(s->msg), sig, &len)
                    || et_verify(s->env, fresh, ET_EDFAST, s->msg, sizeof(s->msg), sig, len) != 1)
                failed(s, "keygen, sign, verify");
            EVP_PKEY_free(fresh);
            EVP_PKEY_CTX_free(g);
            break;
        }
        case 3: {
            EVP_PKEY *copy = EVP_PKEY_dup(s->pair);

            if (copy == NULL)
                failed(s, "EVP_PKEY_dup");
            else
                sign_check(s, copy, 1);
            if (copy != NULL && EVP_PKEY_eq(copy, s->pub) != 1)
                failed(s, "EVP_PKEY_eq of a duplicate");
            EVP_PKEY_free(copy);
            break;
        }
        case 4: {
            uint8_t raw[ET_MAX_KEY];
            size_t len = sizeof(raw);
            EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(s->env->ctx, s->pair, ET_EDFAST);

            if (EVP_PKEY_get_raw_public_key(s->pair, raw, &len) != 1 || c == NULL
                    || EVP_PKEY_pairwise_check(c) != 1)
                failed(s, "raw public key or pairwise check");
            EVP_PKEY_CTX_free(c);
            break;
        }
        case 5:
            if (w->index == 0 && i % 3 == 0) {
                /* a second instance of the provider comes and goes meanwhile */
                OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
                OSSL_PROVIDER *p;

                if (ctx == NULL || !OSSL_PROVIDER_set_default_search_path(ctx, et_provider_dir())
                        || (p = OSSL_PROVIDER_load(ctx, "edfast")) == NULL)
                    failed(s, "loading edfast in a second context");
                else
                    OSSL_PROVIDER_unload(p);
                OSSL_LIB_CTX_free(ctx);
            } else {
                sign_check(s, s->pair, 1);
            }
            break;
        }
        atomic_fetch_add(&s->operations, 1);
    }
    ERR_clear_error();
    return NULL;
}

static void run(enum et_curve curve, const char *backend, unsigned iterations)
{
    struct et_env env;
    struct shared s;
    struct worker workers[THREADS];
    pthread_t threads[THREADS];
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY];
    size_t pub_len = sizeof(pub);

    if (!et_env_open_for(&env, curve, backend)) {
        ET_CHECK(0, "cannot open %s with %s", et_curve_name(curve), backend);
        return;
    }
    memset(&s, 0, sizeof(s));
    s.env = &env;
    s.curve = curve;
    s.iterations = iterations;
    for (size_t i = 0; i < sizeof(seed); i++)
        seed[i] = (uint8_t)(i * 7 + 1);
    for (size_t i = 0; i < sizeof(s.msg); i++)
        s.msg[i] = (uint8_t)i;
    s.pair = et_key_from_seed(&env, curve, ET_EDFAST, seed);
    ET_CHECK(s.pair != NULL && EVP_PKEY_get_raw_public_key(s.pair, pub, &pub_len) == 1,
             "key from seed");
    s.pub = et_key(&env, curve, ET_EDFAST, NULL, pub);
    s.sig_len = sizeof(s.sig);
    ET_CHECK(s.pub != NULL && et_sign(&env, s.pair, ET_EDFAST, s.msg, sizeof(s.msg), s.sig,
                                      &s.sig_len),
             "first signature");
    if (s.pub != NULL && s.pair != NULL) {
        for (int t = 0; t < THREADS; t++) {
            workers[t].shared = &s;
            workers[t].index = t;
            ET_CHECK(pthread_create(&threads[t], NULL, work, &workers[t]) == 0, "pthread_create");
        }
        for (int t = 0; t < THREADS; t++)
            pthread_join(threads[t], NULL);
    }
    printf("%s %s: %lu operations, %lu failures\n", et_curve_name(curve), backend,
           (unsigned long)atomic_load(&s.operations), (unsigned long)atomic_load(&s.failures));
    ET_CHECK(atomic_load(&s.failures) == 0, "%s %s: failures under threads", et_curve_name(curve),
             backend);
    ET_CHECK(atomic_load(&s.operations) == THREADS * (unsigned long)iterations, "all ran");
    EVP_PKEY_free(s.pair);
    EVP_PKEY_free(s.pub);
    et_env_close(&env);
}

int main(void)
{
    const char *env = getenv("EDFAST_STRESS_ITERATIONS");
    unsigned iterations = env != NULL ? (unsigned)strtoul(env, NULL, 10) : 64;

    for (int curve = 0; curve < ET_CURVES; curve++) {
        const char *names[ET_MAX_BACKENDS];
        size_t n = et_backends_for(curve, names);

        ET_CHECK(n > 0, "no backend for %s", et_curve_name(curve));
        for (size_t i = 0; i < n; i++)
            run(curve, names[i], iterations);
    }
    return et_finish("hardening_stress");
}
