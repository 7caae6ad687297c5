/*
 * The fixed-base table's layout and the constant-time scan of one row, an
 * always-inlined body for scalarmul.c.
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
 * through branches or addresses.  The entry is handled as twelve 2-word
 * vectors so the accumulator stays in vector registers.
 */
#define N448_AFFINE_WORDS (3 * FE448_LIMBS)
_Static_assert(sizeof(ge448_affine) == N448_AFFINE_WORDS * sizeof(uint64_t)
                   && N448_AFFINE_WORDS % 2 == 0,
               "the scan reads an entry as 24 contiguous words");

static inline __attribute__((always_inline)) void
n448_base_scan_body(ge448_affine *e, const ge448_affine row[N448_BASE_ENTRIES], uint64_t abs)
{
    /* GCC/clang vector extension: 2 words per vector (one SSE2/NEON register),
     * 12 per entry; the fully unrolled loop keeps all 12 in registers, where
     * 4-word vectors spilled on SSE2 (one register pair each). */
    typedef uint64_t v2 __attribute__((vector_size(16)));
    enum { VECS = N448_AFFINE_WORDS / 2 };
    v2 acc[VECS];

    for (int v = 0; v < VECS; v++)
        acc[v] = (v2){ 0, 0 };
    for (unsigned m = 0; m < N448_BASE_ENTRIES; m++) {
        uint64_t hit = ct_iszero64(abs ^ (m + 1)); /* opaque mask, see ../ct.h */
        v2 mask = { hit, hit };
        const unsigned char *src = (const unsigned char *)&row[m];

        for (int v = 0; v < VECS; v++) {
            v2 t;

            memcpy(&t, src + sizeof(v2) * v, sizeof(t));
            acc[v] |= t & mask;
        }
    }
    memcpy(e, acc, sizeof(acc));
}

#endif
