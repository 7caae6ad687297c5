/* SPDX-License-Identifier: Apache-2.0 */
#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/random.h>
#include <openssl/crypto.h>
#include "errors.h"
#include "key.h"

/* x86-64's and most aarch64 cores' cache line. */
#define CACHE_LINE 64

/*
 * Where the reference count goes so that no cache line holds both it and a
 * field of the key, wherever the allocator puts the block: the allocator
 * aligns to max_align_t only, so the key's last byte may sit anywhere in its
 * line but at a multiple of that alignment from its start, and the count
 * goes to the next line in the worst case.  Threads sharing a key then do
 * not take from each other the line its fields are read from.  Padding, not
 * alignment: an aligned block would cost up to a line more, and most keys
 * are used once (docs/performance.md, "Memory per key object").
 */
#define MALLOC_ALIGN _Alignof(max_align_t)
#define COUNT_OFFSET \
    (MALLOC_ALIGN * ((sizeof(struct edfast_key) - 1) / MALLOC_ALIGN) + CACHE_LINE)

struct key_block {
    struct edfast_key key; /* first: a key is its block */
    char line_gap[COUNT_OFFSET - sizeof(struct edfast_key)];
    atomic_int references;
};

struct edfast_key_fallbacks {
    void *_Atomic state[EDFAST_FRAMING_COUNT];
};

static struct key_block *block_of(struct edfast_key *key)
{
    return (struct key_block *)key;
}

/*
 * Readies ops's backend for the key's curve before it makes a key (backend.h:
 * the native backend's self-test runs there, once).
 */
static int ops_ready(const struct edfast_key *key, const struct edfast_curve_ops *ops)
{
    if (edfast_ops_ready(ops))
        return 1;
    EDFAST_RAISE(key->provctx, EDFAST_R_BACKEND_FAILURE, "the %s backend is not ready", ops->backend);
    return 0;
}

struct edfast_key *edfast_key_new(const struct edfast_provctx *provctx, enum edfast_curve curve)
{
    struct key_block *block = OPENSSL_zalloc(sizeof(*block));

    if (block == NULL) {
        EDFAST_RAISE(provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return NULL;
    }
    atomic_init(&block->references, 1);
    block->key.curve = (unsigned char)curve;
    block->key.provctx = provctx;
    return &block->key;
}

struct edfast_key *edfast_key_up_ref(struct edfast_key *key)
{
    atomic_fetch_add_explicit(&block_of(key)->references, 1, memory_order_relaxed);
    return key;
}

void edfast_key_free(struct edfast_key *key)
{
    struct edfast_key_fallbacks *fallbacks;
    enum edfast_framing framing;

    if (key == NULL
            || atomic_fetch_sub_explicit(&block_of(key)->references, 1, memory_order_acq_rel) != 1)
        return;
    fallbacks = atomic_load_explicit(&key->fallbacks, memory_order_acquire);
    if (fallbacks != NULL) {
        for (framing = 0; framing < EDFAST_FRAMING_COUNT; framing++) {
            void *fallback = atomic_load_explicit(&fallbacks->state[framing],
                                                  memory_order_acquire);

            if (fallback != NULL)
                key->provctx->framing_ops[key->curve][framing]->key_free(fallback);
        }
        OPENSSL_free(fallbacks);
    }
    if (key->state != NULL)
        edfast_key_ops(key)->key_free(key->state);
    OPENSSL_secure_clear_free(key->seed, edfast_key_bytes(key->curve));
    OPENSSL_free(block_of(key));
}

int edfast_key_fill(struct edfast_key *key, const uint8_t *seed, const uint8_t *pub)
{
    size_t len = edfast_key_bytes(key->curve);

    if (edfast_key_is_filled(key)) {
        EDFAST_RAISE(key->provctx, EDFAST_R_KEY_ALREADY_SET, NULL);
        return 0;
    }
    if (seed == NULL && pub == NULL) {
        EDFAST_RAISE(key->provctx, EDFAST_R_MISSING_PUBLIC_KEY, NULL);
        return 0;
    }
    if (seed != NULL) {
        if ((key->seed = OPENSSL_secure_malloc(len)) == NULL) {
            EDFAST_RAISE(key->provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
            return 0;
        }
        memcpy(key->seed, seed, len);
    }
    if (pub != NULL)
        memcpy(key->pub, pub, len);
    if (!ops_ready(key, edfast_key_ops(key))) {
        key->state = NULL;
    } else {
        key->state = pub == NULL ? edfast_key_ops(key)->key_from_seed(key->seed, key->pub)
                                 : edfast_key_ops(key)->key_from_pair(key->seed, key->pub);
        if (key->state == NULL)
            EDFAST_RAISE(key->provctx, EDFAST_R_BACKEND_FAILURE, "preparing the key");
    }
    if (key->state == NULL) {
        OPENSSL_secure_clear_free(key->seed, len);
        key->seed = NULL;
        return 0;
    }
    return 1;
}

/*
 * A fresh seed straight from the kernel, which seeds OpenSSL's DRBGs too: no
 * DRBG to set up in a process that makes one key, and per key faster than
 * OpenSSL 3.0's (docs/performance.md).  Fork-safe: nothing is buffered.
 * Requests this small are never cut short once the kernel's generator is
 * ready; a signal before that is retried.
 */
static int fresh_seed(uint8_t *seed, size_t len)
{
    size_t got = 0;

    while (got < len) {
        ssize_t n = getrandom(seed + got, len - got, 0);

        if (n < 0 && errno != EINTR)
            return 0;
        if (n > 0)
            got += (size_t)n;
    }
    return 1;
}

int edfast_key_generate(struct edfast_key *key)
{
    uint8_t seed[EDFAST_MAX_KEY_BYTES];
    size_t len = edfast_key_bytes(key->curve);
    int ok;

    if (!fresh_seed(seed, len)) {
        EDFAST_RAISE(key->provctx, EDFAST_R_RANDOM_FAILURE, "getrandom: %s", strerror(errno));
        return 0;
    }
    ok = edfast_key_fill(key, seed, NULL);
    OPENSSL_cleanse(seed, sizeof(seed));
    return ok;
}

/* The key's fallback states, their array made on first use (thread-safe). */
static struct edfast_key_fallbacks *key_fallbacks(struct edfast_key *key)
{
    struct edfast_key_fallbacks *made, *expected = NULL,
                                       *fallbacks = atomic_load_explicit(&key->fallbacks,
                                                                         memory_order_acquire);

    if (fallbacks != NULL)
        return fallbacks;
    if ((made = OPENSSL_zalloc(sizeof(*made))) == NULL) {
        EDFAST_RAISE(key->provctx, EDFAST_R_OUT_OF_MEMORY, NULL);
        return NULL;
    }
    if (!atomic_compare_exchange_strong_explicit(&key->fallbacks, &expected, made,
                                                 memory_order_acq_rel, memory_order_acquire)) {
        OPENSSL_free(made);
        made = expected;
    }
    return made;
}

const struct edfast_curve_ops *edfast_key_ops_for(struct edfast_key *key,
                                                  enum edfast_framing framing,
                                                  const void **state)
{
    const struct edfast_curve_ops *ops = key->provctx->framing_ops[key->curve][framing];
    struct edfast_key_fallbacks *fallbacks;
    void *made, *expected = NULL;

    static const char *const framing_names[EDFAST_FRAMING_COUNT] = {
        [EDFAST_PURE] = "the pure instance",
        [EDFAST_CONTEXT] = "an instance with a context",
        [EDFAST_PREHASH] = "a prehash instance",
    };

    if (ops == NULL) {
        EDFAST_RAISE(key->provctx, EDFAST_R_NO_BACKEND, "for %s", framing_names[framing]);
        return NULL;
    }
    if (ops == edfast_key_ops(key)) {
        *state = key->state;
        return ops;
    }
    fallbacks = key_fallbacks(key);
    if (fallbacks == NULL)
        return NULL;
    *state = atomic_load_explicit(&fallbacks->state[framing], memory_order_acquire);
    if (*state != NULL)
        return ops;
    if (!ops_ready(key, ops))
        return NULL;
    made = ops->key_from_pair(key->seed, key->pub);
    if (made == NULL) {
        EDFAST_RAISE(key->provctx, EDFAST_R_BACKEND_FAILURE, "%s could not take the key",
                     ops->backend);
        return NULL;
    }
    /* Two threads may both make one: the first stored wins, the other is freed. */
    if (!atomic_compare_exchange_strong_explicit(&fallbacks->state[framing], &expected, made,
                                                 memory_order_acq_rel, memory_order_acquire)) {
        ops->key_free(made);
        made = expected;
    }
    *state = made;
    return ops;
}

struct edfast_key *edfast_key_public_copy(const struct edfast_key *key)
{
    struct edfast_key *copy = edfast_key_new(key->provctx, key->curve);

    if (copy != NULL && edfast_key_is_filled(key) && !edfast_key_fill(copy, NULL, key->pub)) {
        edfast_key_free(copy);
        return NULL;
    }
    return copy;
}
