/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Several threads verify with the same fresh key objects at once, so the
 * lazily built verification state (light table, then split tables) is
 * raced: every verdict must still be right.  Also signs concurrently.
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers, stat */

#include <pthread.h>

#include "ed25519/eddsa25519.h"
#include "native_path.h"

static struct et_rng rng;

#define KEYS 64
#define THREADS 4

static const struct edfast_instance PURE = { EDFAST_PURE, NULL, 0 };
static void *keys[KEYS], *pubkeys[KEYS];
static uint8_t sigs[KEYS][64], msgs[KEYS][40];
static pthread_barrier_t start;

static void *worker(void *arg)
{
    const int id = (int)(intptr_t)arg;

    pthread_barrier_wait(&start);
    for (int round = 0; round < 3; round++)
        for (int i = 0; i < KEYS; i++) {
            int j = (i + id * 7) % KEYS;
            uint8_t bad[64], sig[64];

            ET_CHECK(native_ed25519_verify(pubkeys[j], &PURE, msgs[j], sizeof(msgs[j]), sigs[j]) == 1,
                     "thread %d key %d: valid signature rejected", id, j);
            memcpy(bad, sigs[j], 64);
            bad[(id + round) % 64] ^= 4;
            ET_CHECK(native_ed25519_verify(pubkeys[j], &PURE, msgs[j], sizeof(msgs[j]), bad) == 0,
                     "thread %d key %d: bad signature accepted", id, j);
            ET_CHECK(native_ed25519_sign(keys[j], &PURE, msgs[j], sizeof(msgs[j]), sig) == 1
                     && memcmp(sig, sigs[j], 64) == 0, "thread %d key %d: signature differs", id, j);
        }
    return NULL;
}

int main(void)
{
    pthread_t th[THREADS];

    native_path_or_skip();

    et_rng_seed(&rng, 7);
    for (int i = 0; i < KEYS; i++) {
        uint8_t seed[32], pub[32];

        et_rng_bytes(&rng, seed, 32);
        et_rng_bytes(&rng, msgs[i], sizeof(msgs[i]));
        native_ed25519_derive_public(seed, pub);
        keys[i] = native_ed25519_key_new(seed, pub);
        pubkeys[i] = native_ed25519_key_new(NULL, pub);
        ET_CHECK(native_ed25519_sign(keys[i], &PURE, msgs[i], sizeof(msgs[i]), sigs[i]) == 1, "sign");
    }
    pthread_barrier_init(&start, NULL, THREADS);
    for (int t = 0; t < THREADS; t++)
        pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t);
    for (int t = 0; t < THREADS; t++)
        pthread_join(th[t], NULL);
    pthread_barrier_destroy(&start);
    for (int i = 0; i < KEYS; i++) {
        native_ed25519_key_free(keys[i]);
        native_ed25519_key_free(pubkeys[i]);
    }
    return et_finish("native25519_threads");
}
