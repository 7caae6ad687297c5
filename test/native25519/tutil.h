/* Small helpers shared by the native Ed25519 tests: checks, hex, a seeded PRNG. */
#ifndef N25519_TUTIL_H
#define N25519_TUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "native_path.h"

static _Atomic int t_failures; /* atomic: the differential test runs two threads */

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            if (t_failures++ < 20) {                                       \
                fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__,     \
                        __LINE__, #cond);                                  \
                fprintf(stderr, __VA_ARGS__);                              \
                fputc('\n', stderr);                                       \
            }                                                              \
        }                                                                  \
    } while (0)

static inline int t_finish(const char *name)
{
    if (t_failures) {
        fprintf(stderr, "%s: %d failure(s)\n", name, (int)t_failures);
        return 1;
    }
    printf("%s: ok\n", name);
    return 0;
}

/* xoshiro-style PRNG: reproducible runs, seed printed by the tests. */
static _Thread_local uint64_t t_rng_state[2] = { 0x9e3779b97f4a7c15u, 0xd1b54a32d192ed03u };

static inline uint64_t t_rand64(void)
{
    uint64_t s0 = t_rng_state[0], s1 = t_rng_state[1], r = s0 + s1;

    s1 ^= s0;
    t_rng_state[0] = ((s0 << 55) | (s0 >> 9)) ^ s1 ^ (s1 << 14);
    t_rng_state[1] = (s1 << 36) | (s1 >> 28);
    return r;
}

static inline void t_seed(uint64_t seed)
{
    t_rng_state[0] = seed ^ 0x9e3779b97f4a7c15u;
    t_rng_state[1] = (seed * 0xbf58476d1ce4e5b9u) | 1;
    for (int i = 0; i < 16; i++)
        t_rand64();
}

static inline void t_randbytes(uint8_t *p, size_t n)
{
    while (n) {
        uint64_t r = t_rand64();
        size_t k = n < 8 ? n : 8;

        memcpy(p, &r, k);
        p += k;
        n -= k;
    }
}

static inline int t_hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Decodes hex into out (at most cap bytes); returns the length or -1. */
static inline long t_unhex(uint8_t *out, size_t cap, const char *hex, size_t hexlen)
{
    if (hexlen % 2 || hexlen / 2 > cap)
        return -1;
    for (size_t i = 0; i < hexlen / 2; i++) {
        int hi = t_hexval(hex[2 * i]), lo = t_hexval(hex[2 * i + 1]);

        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(hexlen / 2);
}

static inline long t_unhexs(uint8_t *out, size_t cap, const char *hex)
{
    return t_unhex(out, cap, hex, strlen(hex));
}

static inline void t_hexdump(FILE *f, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%02x", p[i]);
}

#endif
