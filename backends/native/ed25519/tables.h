/*
 * The process-wide tables of B (built once, on first use) and the helpers
 * every table is built with.  Variable time: public points only.
 */
#ifndef N25519_TABLES_H
#define N25519_TABLES_H

#include <stddef.h>

#include "base_table.h"
#include "point.h"

typedef n25519_base_entry n25519_base_row[N25519_BASE_ENTRIES];
typedef n25519_ge_niels n25519_bvar_row[N25519_BTABLE_ENTRIES];

/* Fixed base: row j holds k 2^(2 W j) B for k = 1 .. 16 (base_table.h). */
const n25519_base_row *n25519_ge_base_table(void);
/* The same multiples, a row per digit, four rows interleaved (base_table.h). */
const n25519_base_lanes_group *n25519_ge_base_lanes_table(void);
/* Verification: row j holds the odd multiples 1 .. 127 of 2^(PIECE j) B. */
const n25519_bvar_row *n25519_ge_bvar_table(void);

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
