/* SPDX-License-Identifier: Apache-2.0 */
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

/*
 * The same multiples for four-lane code, one row per digit so that no
 * doublings are needed: row i holds k 2^(W i) B for k = 1 .. 2^(W-1).  Rows
 * 4g .. 4g+3 form group g, interleaved so that lane j of a vector is row
 * 4g + j: each coordinate (y+x, y-x, 2dxy) is stored as its encoding's four
 * little-endian 64-bit words, 384 bytes an entry for four rows (three
 * quarters of the space of radix-2^51 limbs, and as much less to scan).
 * Rows from N25519_BASE_DIGITS up are never selected (their digit is 0).
 */
#define N25519_BASE_GROUPS ((N25519_BASE_DIGITS + 3) / 4)

typedef struct {
    uint64_t w[3][4][4]; /* [coordinate][word][row in the group] */
} __attribute__((aligned(64))) n25519_base_lanes_entry;

typedef n25519_base_lanes_entry n25519_base_lanes_group[N25519_BASE_ENTRIES];

/* A niels point padded to two 64-byte vectors for the constant-time scan. */
typedef union {
    n25519_ge_niels p;
    uint64_t w[16];
} __attribute__((aligned(64))) n25519_base_entry;

/* |digit| and its sign, without branches: a digit of the scalar is secret. */
static inline void n25519_digit_split(uint64_t *mag, uint64_t *neg, int8_t digit)
{
    const uint32_t ud = (uint32_t)(int32_t)digit;

    *neg = ud >> 31;
    *mag = (uint64_t)((ud ^ (0u - (uint32_t)*neg)) + (uint32_t)*neg) & 0xff;
}

/*
 * Constant-time selection: t = sign(digit) row[|digit| - 1], the identity
 * (1, 1, 0) for digit 0, reading every entry.  Each entry is eight 16-byte
 * vectors (SSE2, NEON, ...) ANDed with the entry's mask and ORed into eight
 * accumulators, which all stay in registers; the sign is applied to the
 * result word by word.  (Wider generic vectors spill on SSE2, at twice the
 * cost.)  The accelerated paths have scans of their own.
 */
typedef uint64_t n25519_v2u64 __attribute__((vector_size(16)));

static inline __attribute__((always_inline)) void
n25519_select_niels_body(n25519_ge_niels *t, const n25519_base_entry tab[N25519_BASE_ENTRIES],
                         uint64_t mag, uint64_t neg)
{
    /* 2p limb by limb: 2p - x of a tight x stays positive and loose. */
    static const uint64_t twop[5] = { 0xfffffffffffda, 0xffffffffffffe, 0xffffffffffffe,
                                      0xffffffffffffe, 0xffffffffffffe };
    const n25519_v2u64 zero = { 0, 0 };
    n25519_v2u64 acc[8], m = zero + ((((mag | (0 - mag)) >> 63) ^ 1) * ~(uint64_t)0);
    uint64_t w[16];
    const uint64_t nm = (uint64_t)0 - neg;

    /* Words: ypx[0..4] ymx[0..4] xy2d[0..4] pad; entry 0, the identity, when mag = 0. */
    for (int j = 0; j < 8; j++)
        acc[j] = zero;
    acc[0][0] = m[0] & 1;
    acc[2][1] = m[0] & 1;
    for (uint64_t k = 1; k <= N25519_BASE_ENTRIES; k++) {
        /* all ones exactly when mag == k */
        m = zero + ((uint64_t)0 - (((mag ^ k) - 1) >> 63));
        for (int j = 0; j < 8; j++) {
            n25519_v2u64 v;

            memcpy(&v, tab[k - 1].w + 2 * j, 16);
            acc[j] |= v & m;
        }
    }
    memcpy(w, acc, sizeof(w));
    /* -(x, y) = (-x, y): y+x and y-x trade places and xy2d changes sign. */
    for (int i = 0; i < 5; i++) {
        t->ypx.v[i] = (w[i] & ~nm) | (w[5 + i] & nm);
        t->ymx.v[i] = (w[5 + i] & ~nm) | (w[i] & nm);
        t->xy2d.v[i] = (w[10 + i] & ~nm) | ((twop[i] - w[10 + i]) & nm);
    }
}

#endif
