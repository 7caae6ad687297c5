/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The fixed-base table's layout and the constant-time scan of one row, as a
 * statement each path compiles for its own vectors (fixed_base.c,
 * accel_x86.c, base_table_avx512.c).
 */
#ifndef N448_BASE_TABLE_H
#define N448_BASE_TABLE_H

#include <stdint.h>
#include <string.h>

#include "field.h"
#include "twisted.h"

/*
 * Fixed-base window: W = 6 gives 75 additions and 6 doublings per [s]B
 * (W = 5: 90 additions and a 40% smaller table, but slower signing:
 * docs/performance.md, "Figures from code comments").
 */
#define N448_BASE_W 6
#define N448_BASE_DIGITS ((447 + N448_BASE_W - 1) / N448_BASE_W)
#define N448_BASE_ROWS ((N448_BASE_DIGITS + 1) / 2)
#define N448_BASE_ENTRIES (1u << (N448_BASE_W - 1))

/*
 * Every entry of the row is read and OR-ed in under an all-ones or all-zero
 * mask (entry abs - 1, or nothing for abs = 0), so the index does not leak
 * through branches or addresses.
 */
#define N448_AFFINE_WORDS (3 * N448_FE_LIMBS)
_Static_assert(sizeof(n448_ge_tw_niels) == N448_AFFINE_WORDS * sizeof(uint64_t)
                   && N448_AFFINE_WORDS % 8 == 0,
               "the scan reads an entry as 24 contiguous words, in vectors of up to 8");

/*
 * The scan as a statement, in vectors of the GCC/clang vector-extension type
 * vec (2, 4 or 8 words), for the widest registers of the path, so that the
 * accumulators of one entry stay in registers (twelve SSE2/NEON registers,
 * six AVX2, three AVX-512; generic vectors wider than the target's spill,
 * which made key generation slower on SSE2: docs/performance.md, "Figures
 * from code comments").
 */
#define N448_BASE_SCAN(vec, e, row, abs)                                                \
    do {                                                                                \
        enum { WORDS_ = sizeof(vec) / sizeof(uint64_t), VECS_ = N448_AFFINE_WORDS / WORDS_ }; \
        vec acc_[VECS_];                                                                \
                                                                                        \
        for (int v_ = 0; v_ < VECS_; v_++)                                              \
            acc_[v_] = (vec){ 0 };                                                      \
        for (unsigned m_ = 0; m_ < N448_BASE_ENTRIES; m_++) {                           \
            /* opaque mask, see ../ct.h; broadcast by adding it to a zero vector */   \
            vec mask_ = (vec){ 0 } + ct_iszero64((abs) ^ (m_ + 1));                     \
            const unsigned char *src_ = (const unsigned char *)&(row)[m_];              \
                                                                                        \
            for (int v_ = 0; v_ < VECS_; v_++) {                                        \
                vec t_;                                                                 \
                                                                                        \
                memcpy(&t_, src_ + sizeof(vec) * v_, sizeof(t_));                       \
                acc_[v_] |= t_ & mask_;                                                 \
            }                                                                           \
        }                                                                               \
        for (int v_ = 0; v_ < VECS_; v_++)                                              \
            memcpy((unsigned char *)(e) + sizeof(vec) * v_, &acc_[v_], sizeof(vec));    \
    } while (0)

/* The portable scan: two words per vector, one SSE2/NEON register. */
static inline __attribute__((always_inline)) void
n448_base_scan_portable(n448_ge_tw_niels *e, const n448_ge_tw_niels *row, uint64_t abs)
{
    typedef uint64_t v2 __attribute__((vector_size(16)));

    N448_BASE_SCAN(v2, e, row, abs);
}

#endif
