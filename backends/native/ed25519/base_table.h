/*
 * The fixed-base table's layout and its constant-time scan, an always-inlined
 * body that point.c (portable) and accel_x86.c (AVX2) each compile.
 */
#ifndef N25519_BASE_TABLE_H
#define N25519_BASE_TABLE_H

#include <stdint.h>
#include <string.h>

#include "point.h"

/*
 * Fixed-base table: signed radix-2^W digits; table j holds k 2^(2 W j) B for
 * k = 1 .. 2^(W-1), odd-index digits go first and are shifted by W doublings.
 */
#define N25519_BASE_W 5
#define N25519_BASE_DIGITS ((254 + N25519_BASE_W - 1) / N25519_BASE_W)
#define N25519_BASE_TABLES ((N25519_BASE_DIGITS + 1) / 2)
#define N25519_BASE_ENTRIES (1 << (N25519_BASE_W - 1))

/* A niels point padded to two 64-byte vectors for the constant-time scan. */
typedef union {
    n25519_ge_niels p;
    uint64_t w[16];
} __attribute__((aligned(64))) n25519_base_entry;

/*
 * Constant-time selection.  Entries are padded to 128 bytes so a scan is two
 * 64-byte vector loads, an AND with the entry's mask and an OR each; the
 * conditional negation is done on the same vectors, and the result leaves
 * lane by lane (the adder reads 8-byte words, which a 64-byte store would
 * not forward).  The generic vectors are lowered to what the target has:
 * SSE2 (or NEON, ...) in point.c, AVX2 in accel_x86.c.
 */
typedef uint64_t v8u64 __attribute__((vector_size(64)));

#if defined(__clang__)
#define SHUFFLE2(a, b, ...) __builtin_shufflevector(a, b, __VA_ARGS__)
#else
#define SHUFFLE2(a, b, ...) __builtin_shuffle(a, b, (v8u64){ __VA_ARGS__ })
#endif

static inline __attribute__((always_inline)) void
n25519_select_niels_body(n25519_ge_niels *t, const n25519_base_entry tab[N25519_BASE_ENTRIES], uint64_t mag,
                  uint64_t neg)
{
    /* Lanes: lo = ypx[0..4] ymx[0..2], hi = ymx[3..4] xy2d[0..4] pad. */
    const v8u64 zero = { 0, 0, 0, 0, 0, 0, 0, 0 };
    /* 2p under the xy2d lanes: 2p - x of a tight x stays positive and loose. */
    const v8u64 twop = { 0, 0, 0xfffffffffffda, 0xffffffffffffe, 0xffffffffffffe,
                         0xffffffffffffe, 0xffffffffffffe, 0 };
    const v8u64 xy_lanes = { 0, 0, ~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0,
                             ~(uint64_t)0, ~(uint64_t)0, 0 };
    /* The identity (1, 1, 0) is entry 0 and stays only when mag = 0. */
    v8u64 lo = { 1, 0, 0, 0, 0, 1, 0, 0 }, hi = zero;
    v8u64 m = zero + ((((mag | (0 - mag)) >> 63) ^ 1) * ~(uint64_t)0);
    v8u64 lo_n, hi_n;

    lo &= m;
    hi &= m;
    for (uint64_t k = 1; k <= N25519_BASE_ENTRIES; k++) {
        v8u64 a, b;

        /* all ones exactly when mag == k */
        m = zero + ((uint64_t)0 - (((mag ^ k) - 1) >> 63));
        memcpy(&a, tab[k - 1].w, 64);
        memcpy(&b, tab[k - 1].w + 8, 64);
        lo |= a & m;
        hi |= b & m;
    }
    /* -(x, y) = (-x, y): y+x and y-x trade places and xy2d changes sign. */
    lo_n = SHUFFLE2(lo, hi, 5, 6, 7, 8, 9, 0, 1, 2);
    hi_n = SHUFFLE2(lo, hi, 3, 4, 10, 11, 12, 13, 14, 15);
    hi_n = (hi_n & ~xy_lanes) | ((twop - hi_n) & xy_lanes);
    m = zero + ((uint64_t)0 - neg);
    lo = (lo & ~m) | (lo_n & m);
    hi = (hi & ~m) | (hi_n & m);
    for (int i = 0; i < 5; i++)
        t->ypx.v[i] = lo[i];
    for (int i = 0; i < 3; i++)
        t->ymx.v[i] = lo[5 + i];
    for (int i = 0; i < 2; i++)
        t->ymx.v[3 + i] = hi[i];
    for (int i = 0; i < 5; i++)
        t->xy2d.v[i] = hi[2 + i];
}

#endif
