/* SPDX-License-Identifier: Apache-2.0 */
#define _GNU_SOURCE /* mallinfo2 */
/*
 * What a key object costs the heap, edfast's against the default provider's:
 * N keys of each kind (public and private, both curves) made through EVP in
 * one library context holding both providers, the heap in use measured with
 * glibc's mallinfo2 (allocator overhead included) after making them, after
 * one operation each (a verification for public keys, a signature for
 * private ones) and after four more, then per key.  Prints the table
 * (docs/performance.md keeps one) and holds edfast's own backend, native,
 * the default, to its rule: a public key verified once costs at most 1.5x
 * the default provider's (a key's verification tables come with its second
 * verification).  Where another backend holds a curve's keys (a build
 * without the native backend, i386, or BACKENDS below) the row is printed
 * and not held: their states are what libsodium and libdecaf need, or the
 * default provider's own key made in edfast's reference context.
 *
 *   key_memory_test [N [BACKENDS]]   N keys per row (default 2000); edfast
 *                                    loaded with EDFAST_BACKEND=BACKENDS
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "edfast_test_util.h"

/* A sanitizer's allocator serves malloc itself: glibc's mallinfo2 sees none of it. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED_ALLOCATOR 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) \
    || __has_feature(thread_sanitizer)
#define SANITIZED_ALLOCATOR 1
#endif
#endif

#define DEFAULT_KEYS 2000
#define WARM_UP 16
#define LATER_USES 4
#define MAX_ONCE_RATIO 1.5

static const uint8_t message[] = "edfast key memory";

static size_t heap_in_use(void)
{
    return mallinfo2().uordblks;
}

/* The keys' raw halves and one signature per key, made before anything is measured. */
struct material {
    size_t n;
    uint8_t (*seed)[ET_MAX_KEY], (*pub)[ET_MAX_KEY], (*sig)[ET_MAX_SIG];
};

static int make_material(struct et_env *env, enum et_curve curve, struct material *m, size_t n)
{
    struct et_rng rng;

    et_rng_seed(&rng, 0x6b65796d + (uint64_t)curve);
    m->n = n;
    m->seed = calloc(n, sizeof(*m->seed));
    m->pub = calloc(n, sizeof(*m->pub));
    m->sig = calloc(n, sizeof(*m->sig));
    if (m->seed == NULL || m->pub == NULL || m->sig == NULL)
        return 0;
    for (size_t i = 0; i < n; i++) {
        size_t pub_len = et_key_len(curve), sig_len = et_sig_len(curve);
        EVP_PKEY *key;
        int ok;

        et_rng_bytes(&rng, m->seed[i], et_key_len(curve));
        key = et_key_from_seed(env, curve, ET_DEFAULT, m->seed[i]);
        ok = key != NULL && EVP_PKEY_get_raw_public_key(key, m->pub[i], &pub_len) == 1
             && et_sign(env, key, ET_DEFAULT, message, sizeof(message), m->sig[i], &sig_len);
        EVP_PKEY_free(key);
        if (!ok)
            return 0;
    }
    return 1;
}

static void free_material(struct material *m)
{
    free(m->seed);
    free(m->pub);
    free(m->sig);
}

/* One operation with key i: a verification of its signature, or a signature. */
static int use(struct et_env *env, enum et_curve curve, const char *propq, int private,
               const struct material *m, size_t i, EVP_PKEY *key)
{
    uint8_t sig[ET_MAX_SIG];
    size_t sig_len = sizeof(sig);

    if (private)
        return et_sign(env, key, propq, message, sizeof(message), sig, &sig_len);
    return et_verify(env, key, propq, message, sizeof(message), m->sig[i], et_sig_len(curve)) == 1;
}

static EVP_PKEY *make_key(struct et_env *env, enum et_curve curve, const char *propq, int private,
                          const struct material *m, size_t i)
{
    return private ? et_key_from_seed(env, curve, propq, m->seed[i])
                   : et_key(env, curve, propq, NULL, m->pub[i]);
}

/* Bytes a key: made, after one operation, after 1 + LATER_USES. */
struct cost {
    double made, once, many;
};

static int measure(struct et_env *env, enum et_curve curve, const char *propq, int private,
                   const struct material *m, size_t n, struct cost *cost)
{
    EVP_PKEY **keys = calloc(n, sizeof(*keys));
    size_t start, i;
    int ok = keys != NULL;

    /* What a first use of each kind costs once (method caches, tables) is not a key's. */
    for (i = 0; ok && i < WARM_UP; i++) {
        EVP_PKEY *key = make_key(env, curve, propq, private, m, i);

        ok = key != NULL && use(env, curve, propq, private, m, i, key)
             && use(env, curve, propq, private, m, i, key);
        EVP_PKEY_free(key);
    }
    start = heap_in_use();
    for (i = 0; ok && i < n; i++)
        ok = (keys[i] = make_key(env, curve, propq, private, m, i)) != NULL;
    cost->made = ((double)heap_in_use() - (double)start) / (double)n;
    for (i = 0; ok && i < n; i++)
        ok = use(env, curve, propq, private, m, i, keys[i]);
    cost->once = ((double)heap_in_use() - (double)start) / (double)n;
    for (int round = 0; ok && round < LATER_USES; round++)
        for (i = 0; ok && i < n; i++)
            ok = use(env, curve, propq, private, m, i, keys[i]);
    cost->many = ((double)heap_in_use() - (double)start) / (double)n;
    for (i = 0; keys != NULL && i < n; i++)
        EVP_PKEY_free(keys[i]);
    free(keys);
    return ok;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : DEFAULT_KEYS;
    struct et_env env;

#ifdef SANITIZED_ALLOCATOR
    printf("SKIPPED: a sanitizer's allocator serves malloc, which mallinfo2 does not see\n");
    return ET_SKIP;
#endif
    if (n < WARM_UP || !et_env_open(&env, argc > 2 ? argv[2] : NULL)) {
        fprintf(stderr, "usage: %s [N >= %d [BACKENDS]]; or edfast did not load\n", argv[0],
                WARM_UP);
        return 1;
    }
    printf("heap bytes a key object (mallinfo2, %zu keys a row; edfast: %s / %s)\n", n,
           env.backend[ET_ED25519], env.backend[ET_ED448]);
    printf("%-7s %-7s %-8s %9s %9s %9s\n", "curve", "key", "provider", "made", "used once",
           "used 5x");
    for (int curve = 0; curve < ET_CURVES; curve++) {
        struct material m;

        if (!make_material(&env, (enum et_curve)curve, &m, n)) {
            ET_CHECK(0, "%s: keys and signatures", et_curve_name((enum et_curve)curve));
            free_material(&m);
            continue;
        }
        for (int private = 0; private < 2; private++) {
            struct cost ours, theirs;
            const char *name = et_curve_name((enum et_curve)curve);
            const char *kind = private ? "private" : "public";

            ET_CHECK(measure(&env, (enum et_curve)curve, ET_DEFAULT, private, &m, n, &theirs)
                         && measure(&env, (enum et_curve)curve, ET_EDFAST, private, &m, n, &ours),
                     "%s %s keys: an operation failed", name, kind);
            printf("%-7s %-7s %-8s %9.0f %9.0f %9.0f\n", name, kind, "default", theirs.made,
                   theirs.once, theirs.many);
            printf("%-7s %-7s %-8s %9.0f %9.0f %9.0f  (%.2fx the default once used)\n", name,
                   kind, "edfast", ours.made, ours.once, ours.many, ours.once / theirs.once);
            if (!private && strcmp(env.backend[curve], "native") != 0)
                printf("(%s: the %s backend holds the keys; the rule is native's)\n", name,
                       env.backend[curve]);
            ET_CHECK(private || strcmp(env.backend[curve], "native") != 0
                         || ours.once <= MAX_ONCE_RATIO * theirs.once,
                     "%s public key verified once: %.0f bytes, over %.1fx the default "
                     "provider's %.0f", name, ours.once, MAX_ONCE_RATIO, theirs.once);
        }
        free_material(&m);
    }
    et_env_close(&env);
    return et_finish("key_memory");
}
