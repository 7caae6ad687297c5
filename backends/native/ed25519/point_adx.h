/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The adx path's affine (niels) points over the four-limb field of
 * field_adx.h, and its tables of B in that form: point.c's tables
 * (tables.h) converted entry by entry, by gen_tables.c when the library is
 * built, so that point_adx.c only reads them.  x86-64 only, like
 * field_adx.h.
 */
#ifndef N25519_POINT_ADX_H
#define N25519_POINT_ADX_H

#include "field_adx.h"

#ifdef N25519_HAVE_FIELD_ADX

#include <stdint.h>

#include "base_table.h"
#include "point.h"

typedef struct {
    n25519_fe64 ypx, ymx, xy2d;
} n25519_ge64_niels;

static inline void n25519_ge64_niels_from_niels(n25519_ge64_niels *r, const n25519_ge_niels *p)
{
    n25519_fe64_from_fe(&r->ypx, &p->ypx);
    n25519_fe64_from_fe(&r->ymx, &p->ymx);
    n25519_fe64_from_fe(&r->xy2d, &p->xy2d);
}

typedef n25519_ge64_niels n25519_base64_row[N25519_BASE_ENTRIES];
typedef n25519_ge64_niels n25519_bvar64_row[N25519_BTABLE_ENTRIES];

/*
 * tables.h's fixed-base rows and verification's odd multiples in this form,
 * dumped word by word by the generator (tables_data.c).
 */
#define N25519_BASE64_TABLE_WORDS (sizeof(n25519_base64_row[N25519_BASE_TABLES]) / sizeof(uint64_t))
#define N25519_BVAR64_TABLE_WORDS (sizeof(n25519_bvar64_row[N25519_VERIFY_SPLIT]) / sizeof(uint64_t))
extern const uint64_t n25519_base64_table_words[N25519_BASE64_TABLE_WORDS];
extern const uint64_t n25519_bvar64_table_words[N25519_BVAR64_TABLE_WORDS];

static inline const n25519_base64_row *n25519_ge64_base_table(void)
{
    return (const n25519_base64_row *)n25519_base64_table_words;
}

static inline const n25519_bvar64_row *n25519_ge64_bvar_table(void)
{
    return (const n25519_bvar64_row *)n25519_bvar64_table_words;
}

#endif /* N25519_HAVE_FIELD_ADX */
#endif
