/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed448's x86-64 paths, the tables cpu.c picks from: the fixed-base row scan
 * in the widest vectors each path has (AVX2 on adx, AVX-512 on ifma), and on
 * ifma the AVX-512VL Keccak and, in 4-way IFMA arithmetic, the fixed-base
 * sum (fixed_base_ifma.c), verification's joint loop (point_ifma.c) and the
 * square roots of a first verification's two points (field_ifma.c).  Empty on
 * other CPUs.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "base_table.h"
#include "shake256_rounds.h"

/* Six 32-byte vectors an entry: 75 scans of 32 entries 6.5 us against 8.6 us
 * (Emerald Rapids, commit f8f39a4). */
__attribute__((target("avx2")))
static void base_scan_avx2(n448_ge_tw_niels *e, const n448_ge_tw_niels *row, uint64_t abs)
{
    typedef uint64_t v4 __attribute__((vector_size(32)));

    N448_BASE_SCAN(v4, e, row, abs);
}

const struct n448_accel n448_accel_adx = {
    .base_scan = base_scan_avx2,
};

const struct n448_accel n448_accel_ifma = {
    .keccak_blocks = n448_avx512_keccak_blocks,
    .base_scan = n448_avx512_base_scan,
    .joint = n448_ifma_joint,
    .base_sum = n448_ifma_base_sum,
    .isr_pair = n448_ifma_isr_pair,
};

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_accel_x86_unused;

#endif
