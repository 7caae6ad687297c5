/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Builds Ed448's tables of phi(B) (tables.h) and prints them as a C source
 * file, tables_data.c, which the library is built with: a table that
 * depends on the curve alone is then constant data, shared by every process
 * through the page cache, and no process spends time building it.  The build runs this program on the machine
 * the library is for (a cross build through its emulator, CMakeLists.txt),
 * and it dumps each table word by word as it lies in memory there.
 */
#include <stdio.h>
#include <string.h>

#include "cpu.h"
#include "table_gen.h"
#include "point.h"
#include "tables.h"

_Static_assert(N448_BASE_ENTRIES <= N448_GE_TW_BATCH_MAX, "a row is converted in one batch");
_Static_assert(N448_GE_BVAR_ENTRIES <= N448_GE_TW_BATCH_MAX, "a row is converted in one batch");

static n448_base_row base_table[N448_BASE_ROWS];
static n448_bvar_row bvar_table[N448_GE_VAR_SPLIT];

/* Row j: (m + 1) 2^(2 W j) phi(B) for m < N448_BASE_ENTRIES, affine. */
static void base_init(void)
{
    n448_ge b;
    n448_ge_tw row_base, pts[N448_BASE_ENTRIES];
    n448_ge_tw_cached c;

    n448_ge_base(&b);
    n448_ge_tw_from_edwards(&row_base, &b);
    for (unsigned j = 0; j < N448_BASE_ROWS; j++) {
        n448_ge_tw_to_cached(&c, &row_base);
        pts[0] = row_base;
        for (unsigned m = 1; m < N448_BASE_ENTRIES; m++)
            n448_ge_tw_add_cached(&pts[m], &pts[m - 1], &c);
        n448_ge_tw_batch_to_niels(base_table[j], pts, N448_BASE_ENTRIES);
        n448_ge_tw_dbl_n(&row_base, 2 * N448_BASE_W);
    }
}

/* Odd multiples of 2^(56 c) phi(B) for each chunk c. */
static void bvar_init(void)
{
    n448_ge b;
    n448_ge_tw tb;

    n448_ge_base(&b);
    n448_ge_tw_from_edwards(&tb, &b);
    for (unsigned c = 0; c < N448_GE_VAR_SPLIT; c++) {
        n448_ge_tw pts[N448_GE_BVAR_ENTRIES];

        n448_ge_tw_odd_multiples(pts, &tb, N448_GE_BVAR_ENTRIES);
        n448_ge_tw_batch_to_niels(bvar_table[c], pts, N448_GE_BVAR_ENTRIES);
        n448_ge_tw_dbl_n(&tb, N448_GE_VAR_CHUNK);
    }
}

int main(void)
{
    base_init();
    bvar_init();
    printf("/* Ed448's tables of phi(B), printed by gen_tables.c when the library is built. */\n"
           "#include \"ed448/tables.h\"\n");
    table_gen_emit("n448_base_table_words", "N448_BASE_TABLE_WORDS", base_table,
                   sizeof(base_table));
    table_gen_emit("n448_bvar_table_words", "N448_BVAR_TABLE_WORDS", bvar_table,
                   sizeof(bvar_table));
    return table_gen_finish();
}
