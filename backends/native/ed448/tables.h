/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The process-wide tables of phi(B) (twisted.h) and the helper verification's
 * tables are built with.  The tables of phi(B) depend on the curve alone:
 * gen_tables.c builds them when the library is built and prints them as
 * constant data (tables_data.c), so no process computes them and every
 * process shares them through the page cache.  Variable time: public points
 * only.
 */
#ifndef N448_TABLES_H
#define N448_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "base_table.h"
#include "scalarmult.h"
#include "twisted.h"

/* wNAF width of verification's tables of 2^(56 c) phi(B): odd multiples 1 .. 127. */
#define N448_GE_BVAR_WNAF 8
#define N448_GE_BVAR_ENTRIES (1u << (N448_GE_BVAR_WNAF - 2))

typedef n448_ge_tw_niels n448_base_row[N448_BASE_ENTRIES];
typedef n448_ge_tw_niels n448_bvar_row[N448_GE_BVAR_ENTRIES];

/*
 * The tables as the generator dumped them, word by word in the target's
 * representation, and read through their type, which holds 64-bit words
 * only.
 */
#define N448_BASE_TABLE_WORDS (sizeof(n448_base_row[N448_BASE_ROWS]) / sizeof(uint64_t))
#define N448_BVAR_TABLE_WORDS (sizeof(n448_bvar_row[N448_GE_VAR_SPLIT]) / sizeof(uint64_t))
extern const uint64_t n448_base_table_words[N448_BASE_TABLE_WORDS];
extern const uint64_t n448_bvar_table_words[N448_BVAR_TABLE_WORDS];

/* Fixed base: row j holds (m + 1) 2^(2 W j) phi(B) for m < N448_BASE_ENTRIES (scalarmult.h). */
static inline const n448_base_row *n448_ge_base_table(void)
{
    return (const n448_base_row *)n448_base_table_words;
}

/* Verification: row c holds the odd multiples of 2^(56 c) phi(B). */
static inline const n448_bvar_row *n448_ge_bvar_table(void)
{
    return (const n448_bvar_row *)n448_bvar_table_words;
}

/* pts[m] = (2m + 1) p for m < n: the odd multiples a wNAF digit can name. */
void n448_ge_tw_odd_multiples(n448_ge_tw *pts, const n448_ge_tw *p, size_t n);

#endif
