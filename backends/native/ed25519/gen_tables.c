/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Builds Ed25519's tables of B (tables.h, point_adx.h) and prints them as a
 * C source file, tables_data.c, which the library is built with: a table
 * that depends on the curve alone is then constant data, shared by every
 * process through the page cache, and no process spends time building it.
 * The build runs this program on the machine the library is for (a cross
 * build through its emulator, CMakeLists.txt), and it dumps each table word
 * by word as it lies in memory there.
 */
#include <stdio.h>
#include <string.h>

#include "bytes.h"
#include "cpu.h"
#include "table_gen.h"
#include "tables.h"
#if EDFAST_NATIVE_X86
#include "point_adx.h"
#endif

/* Static, so zero where nothing is written: the padding of the 128-byte entries. */
static n25519_base_row base_table[N25519_BASE_TABLES];
static n25519_bvar_row bvar_table[N25519_VERIFY_SPLIT];

/* A table row: k p for k = 1 .. 2^(W-1) as niels points; then p = 2^doublings p. */
static void base_row(n25519_ge_niels row[N25519_BASE_ENTRIES], n25519_ge_p3 *p, int doublings)
{
    n25519_ge_p3 pts[N25519_BASE_ENTRIES];
    n25519_fe scratch[N25519_BASE_ENTRIES];

    pts[0] = *p;
    for (int k = 1; k < N25519_BASE_ENTRIES; k++)
        n25519_ge_p3_add(&pts[k], &pts[k - 1], p);
    n25519_ge_batch_to_niels(row, pts, N25519_BASE_ENTRIES, scratch);
    n25519_ge_p3_dbl_n(p, p, doublings);
}

static void base_init(void)
{
    n25519_ge_niels row[N25519_BASE_ENTRIES];
    n25519_ge_p3 p;

    n25519_ge_base(&p);
    for (int j = 0; j < N25519_BASE_TABLES; j++) {
        base_row(row, &p, 2 * N25519_BASE_W);
        for (int k = 0; k < N25519_BASE_ENTRIES; k++)
            base_table[j][k].p = row[k];
    }
}

static void bvar_init(void)
{
    /* Row by row, so the scratch stays small: one inversion per row is cheap once. */
    n25519_ge_p3 pts[N25519_BTABLE_ENTRIES];
    n25519_fe scratch[N25519_BTABLE_ENTRIES];
    n25519_ge_p3 p;

    n25519_ge_base(&p);
    for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
        n25519_ge_odd_multiples(pts, &p, N25519_BTABLE_ENTRIES);
        n25519_ge_batch_to_niels(bvar_table[j], pts, N25519_BTABLE_ENTRIES, scratch);
        n25519_ge_p3_dbl_n(&p, &p, N25519_VERIFY_PIECE);
    }
}

#if EDFAST_NATIVE_X86
static n25519_base_lanes_group base_lanes_table[N25519_BASE_GROUPS];
static n25519_base64_row base64[N25519_BASE_TABLES];
static n25519_bvar64_row bvar64[N25519_VERIFY_SPLIT];

/* f's encoding as four words, into lane `lane` of w. */
static void put_lanes(uint64_t w[4][4], int lane, const n25519_fe *f)
{
    uint8_t s[32];

    n25519_fe_tobytes(s, f);
    for (int i = 0; i < 4; i++)
        w[i][lane] = edfast_load64_le(s + 8 * i);
}

static void base_lanes_init(void)
{
    n25519_ge_niels row[N25519_BASE_ENTRIES];
    n25519_ge_p3 p;

    n25519_ge_base(&p);
    for (int r = 0; r < N25519_BASE_DIGITS; r++) {
        base_row(row, &p, N25519_BASE_W);
        for (int k = 0; k < N25519_BASE_ENTRIES; k++) {
            n25519_base_lanes_entry *e = &base_lanes_table[r / 4][k];

            put_lanes(e->w[0], r % 4, &row[k].ypx);
            put_lanes(e->w[1], r % 4, &row[k].ymx);
            put_lanes(e->w[2], r % 4, &row[k].xy2d);
        }
    }
}

/* The adx path's tables: base_table's and bvar_table's entries in its field. */
static void base64_init(void)
{
    for (int j = 0; j < N25519_BASE_TABLES; j++)
        for (int k = 0; k < N25519_BASE_ENTRIES; k++)
            n25519_ge64_niels_from_niels(&base64[j][k], &base_table[j][k].p);
}

static void bvar64_init(void)
{
    for (int j = 0; j < N25519_VERIFY_SPLIT; j++)
        for (int k = 0; k < N25519_BTABLE_ENTRIES; k++)
            n25519_ge64_niels_from_niels(&bvar64[j][k], &bvar_table[j][k]);
}
#endif

int main(void)
{
    base_init();
    bvar_init();
    printf("/* Ed25519's tables of B, printed by gen_tables.c when the library is built. */\n"
           "#include \"ed25519/tables.h\"\n");
#if EDFAST_NATIVE_X86
    printf("#include \"ed25519/point_adx.h\"\n");
#endif
    table_gen_emit("n25519_base_table_words", "N25519_BASE_TABLE_WORDS", base_table,
                   sizeof(base_table));
    table_gen_emit("n25519_bvar_table_words", "N25519_BVAR_TABLE_WORDS", bvar_table,
                   sizeof(bvar_table));
#if EDFAST_NATIVE_X86
    base_lanes_init();
    base64_init();
    bvar64_init();
    table_gen_emit("n25519_base_lanes_table_words", "N25519_BASE_LANES_TABLE_WORDS",
                   base_lanes_table, sizeof(base_lanes_table));
    table_gen_emit("n25519_base64_table_words", "N25519_BASE64_TABLE_WORDS", base64,
                   sizeof(base64));
    table_gen_emit("n25519_bvar64_table_words", "N25519_BVAR64_TABLE_WORDS", bvar64,
                   sizeof(bvar64));
#endif
    return table_gen_finish();
}
