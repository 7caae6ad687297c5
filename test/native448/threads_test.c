/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Concurrent use of one key: the public point is decoded and the per-key
 * tables built lazily by whichever verification comes first, under the key's
 * lock.  Several threads verify (valid and corrupted signatures) and sign
 * with the same key at once; every verdict and signature must be the
 * expected one.  Most useful under the sanitizer builds.
 */
#include <pthread.h>

#include "ed448/eddsa448.h"
#include "native_path.h"

#define THREADS 4
#define ROUNDS 40

static void *key;
static int can_sign; /* the key has a seed */
static uint8_t msg[64], sig[114], bad[114];
static const struct edfast_instance PURE = { EDFAST_PURE, NULL, 0 };
static int errors[THREADS];

static void *run(void *arg)
{
    int id = (int)(intptr_t)arg;

    for (int i = 0; i < ROUNDS; i++) {
        uint8_t s[114];

        if (native_ed448_verify(key, &PURE, msg, sizeof(msg), sig) != 1)
            errors[id]++;
        if (native_ed448_verify(key, &PURE, msg, sizeof(msg), bad) != 0)
            errors[id]++;
        if ((i + id) % 8 == 0) {
            int r = native_ed448_sign(key, &PURE, msg, sizeof(msg), s);

            if (can_sign ? (r != 1 || memcmp(s, sig, 114) != 0) : r != 0)
                errors[id]++;
        }
    }
    return NULL;
}

int main(void)
{
    struct et_rng rng = { et_seed_or(0x7448) };
    uint8_t seed[57], pub[57];
    pthread_t th[THREADS];

    native_path_or_skip();

    for (int round = 0; round < 5; round++) {
        et_rng_bytes(&rng, seed, 57);
        et_rng_bytes(&rng, msg, sizeof(msg));
        native_ed448_derive_public(seed, pub);
        {
            void *signer = native_ed448_key_new(seed, pub);

            ET_CHECK(native_ed448_sign(signer, &PURE, msg, sizeof(msg), sig) == 1, "sign");
            native_ed448_key_free(signer);
        }
        memcpy(bad, sig, 114);
        bad[70] ^= 4;
        can_sign = round % 2;
        key = native_ed448_key_new(can_sign ? seed : NULL, pub); /* fresh: nothing decoded yet */
        for (int t = 0; t < THREADS; t++)
            ET_CHECK(pthread_create(&th[t], NULL, run, (void *)(intptr_t)t) == 0, "thread");
        for (int t = 0; t < THREADS; t++)
            pthread_join(th[t], NULL);
        native_ed448_key_free(key);
    }
    for (int t = 0; t < THREADS; t++)
        ET_CHECK(errors[t] == 0, "thread %d: %d wrong results", t, errors[t]);
    return et_finish("native448_threads");
}
