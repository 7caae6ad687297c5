/*
 * The fixed-base table's layout and the constant-time scan of one row, an
 * always-inlined body that scalarmul.c (portable) and accel_x86.c (AVX2)
 * each compile.
 */
#ifndef EDFAST_NATIVE_ED448_BASE_SCAN_H
#define EDFAST_NATIVE_ED448_BASE_SCAN_H

#include <stdint.h>
#include <string.h>

#include "field.h"
#include "point.h"

/*
 * Fixed-base window: W = 6 gives 75 additions and 6 doublings per [s]B
 * (W = 5: 90 additions and a 40% smaller table, but 4% slower signing).
 */
#define N448_BASE_W 6
#define N448_BASE_DIGITS ((447 + N448_BASE_W - 1) / N448_BASE_W)
#define N448_BASE_ROWS ((N448_BASE_DIGITS + 1) / 2)
#define N448_BASE_ENTRIES (1u << (N448_BASE_W - 1))

/*
 * Every entry of the row is read and OR-ed in under an all-ones or all-zero
 * mask (entry abs - 1, or nothing for abs = 0), so the index does not leak
 * through branches or addresses.  The entry is handled as six 4-word vectors
 * so the accumulator stays in vector registers; with AVX2 each is one register.
 */
#define N448_AFFINE_WORDS (3 * FE448_LIMBS)
_Static_assert(sizeof(ge448_affine) == N448_AFFINE_WORDS * sizeof(uint64_t)
                   && N448_AFFINE_WORDS % 4 == 0,
               "the scan reads an entry as 24 contiguous words");

static inline __attribute__((always_inline)) void
n448_base_scan_body(ge448_affine *e, const ge448_affine row[N448_BASE_ENTRIES], uint64_t abs)
{
    /* GCC/clang vector extension: 4 words per vector, 6 vectors per entry */
    typedef uint64_t v4 __attribute__((vector_size(32)));
    enum { VECS = N448_AFFINE_WORDS / 4 };
    _Static_assert(VECS == 6, "six accumulators below");
    /* six named accumulators: an array would be kept in memory by gcc */
    v4 a0 = { 0 }, a1 = { 0 }, a2 = { 0 }, a3 = { 0 }, a4 = { 0 }, a5 = { 0 }, t;

    for (unsigned m = 0; m < N448_BASE_ENTRIES; m++) {
        uint64_t hit = ct_is_zero64(abs ^ (m + 1)); /* opaque mask, see ct_barrier */
        v4 mask = { hit, hit, hit, hit };
        const unsigned char *src = (const unsigned char *)&row[m];

#define SCAN_VEC(acc, v) memcpy(&t, src + sizeof(v4) * (v), sizeof(t)), acc |= t & mask
        SCAN_VEC(a0, 0);
        SCAN_VEC(a1, 1);
        SCAN_VEC(a2, 2);
        SCAN_VEC(a3, 3);
        SCAN_VEC(a4, 4);
        SCAN_VEC(a5, 5);
#undef SCAN_VEC
    }
    {
        unsigned char *dst = (unsigned char *)e;

        memcpy(dst, &a0, sizeof(v4));
        memcpy(dst + 32, &a1, sizeof(v4));
        memcpy(dst + 64, &a2, sizeof(v4));
        memcpy(dst + 96, &a3, sizeof(v4));
        memcpy(dst + 128, &a4, sizeof(v4));
        memcpy(dst + 160, &a5, sizeof(v4));
    }
}

#endif
