/*
 * A key's verification state, the same for both curves, built as the key is
 * used: nothing at key_new (key generation and signing never pay for it); at
 * the first verify the public key is decoded and the light path's data made,
 * the light path being a verification without per-key tables that costs
 * little more than the decoding; at the second verify, the key being reused,
 * the full per-key tables, which cost about two verifications to build and
 * make every later one fast.
 *
 * Thread-safe: the state is read with acquire and published with release
 * after the data of its step is written, under the key's mutex, and the data
 * of a published step is never written again.  A thread that finds another
 * building the full tables verifies on the light path instead of waiting.
 */
#ifndef EDFAST_NATIVE_VERIFY_STATE_H
#define EDFAST_NATIVE_VERIFY_STATE_H

#include <pthread.h>
#include <stdatomic.h>

enum edfast_vstate {
    EDFAST_VSTATE_NONE = 0,  /* not verified yet */
    EDFAST_VSTATE_LIGHT = 1, /* the public key decoded, the light path ready */
    EDFAST_VSTATE_FULL = 2,  /* the full tables ready */
    EDFAST_VSTATE_BAD = 3    /* the public key does not decode: every verify fails */
};

struct edfast_verify_state {
    atomic_int state; /* enum edfast_vstate */
    pthread_mutex_t lock;
};

/* 1 ok, 0 when the mutex cannot be made. */
static inline int edfast_vstate_init(struct edfast_verify_state *v)
{
    atomic_init(&v->state, EDFAST_VSTATE_NONE);
    return pthread_mutex_init(&v->lock, NULL) == 0;
}

static inline void edfast_vstate_destroy(struct edfast_verify_state *v)
{
    pthread_mutex_destroy(&v->lock);
}

/*
 * Advances the state by one step where one is due and returns the state to
 * verify with.  decode(key, arg) decodes the public key and makes the light
 * data, returning 1, or 0 when the key does not decode, or -1 when out of
 * memory: the state then stays NONE, returned so that this verification
 * fails, and the next tries again (arg is the caller's, for what the first
 * verification decodes along with the key: Ed25519's R).  build(key) makes
 * the full tables, returning 0 when out of memory (the key then stays on the
 * light path).
 */
static inline enum edfast_vstate edfast_vstate_advance(struct edfast_verify_state *v, void *key,
                                                       void *arg,
                                                       int (*decode)(void *key, void *arg),
                                                       int (*build)(void *key))
{
    int st = atomic_load_explicit(&v->state, memory_order_acquire);

    if (st == EDFAST_VSTATE_FULL || st == EDFAST_VSTATE_BAD)
        return (enum edfast_vstate)st;
    if (st == EDFAST_VSTATE_NONE)
        pthread_mutex_lock(&v->lock);
    else if (pthread_mutex_trylock(&v->lock) != 0)
        return EDFAST_VSTATE_LIGHT;
    st = atomic_load_explicit(&v->state, memory_order_relaxed);
    if (st == EDFAST_VSTATE_NONE) {
        const int decoded = decode(key, arg);

        st = decoded > 0 ? EDFAST_VSTATE_LIGHT : decoded == 0 ? EDFAST_VSTATE_BAD : EDFAST_VSTATE_NONE;
    }
    else if (st == EDFAST_VSTATE_LIGHT && build(key))
        st = EDFAST_VSTATE_FULL;
    atomic_store_explicit(&v->state, st, memory_order_release);
    pthread_mutex_unlock(&v->lock);
    return (enum edfast_vstate)st;
}

#endif
