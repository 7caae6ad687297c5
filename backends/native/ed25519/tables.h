/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The process-wide tables of B and the helpers every table is built with.
 * The tables of B depend on the curve alone: gen_tables.c builds them when
 * the library is built and prints them as constant data (tables_data.c), so
 * no process computes them and every process shares them through the page
 * cache.  Variable time: public points only.
 */
#ifndef N25519_TABLES_H
#define N25519_TABLES_H

#include <stddef.h>
#include <stdint.h>

#include "base_table.h"
#include "cpu.h"
#include "point.h"

typedef n25519_base_entry n25519_base_row[N25519_BASE_ENTRIES];
typedef n25519_ge_niels n25519_bvar_row[N25519_BTABLE_ENTRIES];

/*
 * The tables as the generator dumped them, word by word in the target's
 * representation, and read through their types, which hold 64-bit words
 * only.  The lane table only where a path reads it (the ifma path, x86-64):
 * elsewhere no path asks for it.
 */
#define N25519_BASE_TABLE_WORDS (sizeof(n25519_base_row[N25519_BASE_TABLES]) / sizeof(uint64_t))
#define N25519_BVAR_TABLE_WORDS (sizeof(n25519_bvar_row[N25519_VERIFY_SPLIT]) / sizeof(uint64_t))
extern const uint64_t n25519_base_table_words[N25519_BASE_TABLE_WORDS];
extern const uint64_t n25519_bvar_table_words[N25519_BVAR_TABLE_WORDS];
#if EDFAST_NATIVE_X86
#define N25519_BASE_LANES_TABLE_WORDS \
    (sizeof(n25519_base_lanes_group[N25519_BASE_GROUPS]) / sizeof(uint64_t))
extern const uint64_t n25519_base_lanes_table_words[N25519_BASE_LANES_TABLE_WORDS];
#endif

/* Fixed base: row j holds k 2^(2 W j) B for k = 1 .. 16 (base_table.h). */
static inline const n25519_base_row *n25519_ge_base_table(void)
{
    return (const n25519_base_row *)n25519_base_table_words;
}

/* The same multiples, a row per digit, four rows interleaved (base_table.h). */
static inline const n25519_base_lanes_group *n25519_ge_base_lanes_table(void)
{
#if EDFAST_NATIVE_X86
    return (const n25519_base_lanes_group *)n25519_base_lanes_table_words;
#else
    return NULL;
#endif
}

/* Verification: row j holds the odd multiples 1 .. 127 of 2^(PIECE j) B. */
static inline const n25519_bvar_row *n25519_ge_bvar_table(void)
{
    return (const n25519_bvar_row *)n25519_bvar_table_words;
}

/*
 * Converts n points to affine niels form with one inversion (Montgomery's
 * trick), scratch holding n elements.  Every Z is nonzero for points of
 * this curve.
 */
void n25519_ge_batch_to_niels(n25519_ge_niels *out, const n25519_ge_p3 *in, size_t n,
                              n25519_fe *scratch);
/* odd[i] = (2i + 1) q for i < n. */
void n25519_ge_odd_multiples(n25519_ge_p3 *odd, const n25519_ge_p3 *q, size_t n);
/* r = 2^n p. */
void n25519_ge_p3_dbl_n(n25519_ge_p3 *r, const n25519_ge_p3 *p, int n);

#endif
