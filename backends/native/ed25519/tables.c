/* The process-wide tables of B, and what per-key tables are built with. */
#include "tables.h"

#include <pthread.h>

#include "bytes.h"

void n25519_ge_batch_to_niels(n25519_ge_niels *out, const n25519_ge_p3 *in, size_t n,
                              n25519_fe *scratch)
{
    n25519_fe acc, inv, zinv, x, y, t;

    /* scratch[i] = Z_0 ... Z_{i-1} */
    n25519_fe_one(&acc);
    for (size_t i = 0; i < n; i++) {
        scratch[i] = acc;
        n25519_fe_mul(&acc, &acc, &in[i].Z);
    }
    n25519_fe_invert_vartime(&inv, &acc);
    for (size_t i = n; i-- > 0;) {
        n25519_fe_mul(&zinv, &inv, &scratch[i]);
        n25519_fe_mul(&inv, &inv, &in[i].Z);
        n25519_fe_mul(&x, &in[i].X, &zinv);
        n25519_fe_mul(&y, &in[i].Y, &zinv);
        n25519_fe_add(&t, &y, &x);
        n25519_fe_carry(&out[i].ypx, &t);
        n25519_fe_sub(&out[i].ymx, &y, &x);
        n25519_fe_mul(&t, &x, &y);
        n25519_fe_mul(&out[i].xy2d, &t, &n25519_fe_d2);
    }
}

void n25519_ge_odd_multiples(n25519_ge_p3 *odd, const n25519_ge_p3 *q, size_t n)
{
    n25519_ge_p3 q2;
    n25519_ge_cached c2;
    n25519_ge_completed t;

    n25519_ge_p3_dbl(&q2, q);
    n25519_ge_p3_to_cached(&c2, &q2);
    odd[0] = *q;
    for (size_t i = 1; i < n; i++) {
        n25519_ge_add(&t, &odd[i - 1], &c2);
        n25519_ge_completed_to_p3(&odd[i], &t);
    }
}

void n25519_ge_p3_dbl_n(n25519_ge_p3 *r, const n25519_ge_p3 *p, int n)
{
    *r = *p;
    while (n-- > 0)
        n25519_ge_p3_dbl(r, r);
}

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

static n25519_base_entry base_table[N25519_BASE_TABLES][N25519_BASE_ENTRIES];
static pthread_once_t base_once = PTHREAD_ONCE_INIT;

/* Built only by the paths that read it: the ifma path has its lane table instead. */
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

static n25519_ge_niels bvar_table[N25519_VERIFY_SPLIT][N25519_BTABLE_ENTRIES];
static pthread_once_t bvar_once = PTHREAD_ONCE_INIT;

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

static n25519_base_lanes_group base_lanes_table[N25519_BASE_GROUPS];
static pthread_once_t base_lanes_once = PTHREAD_ONCE_INIT;

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

const n25519_base_lanes_group *n25519_ge_base_lanes_table(void)
{
    pthread_once(&base_lanes_once, base_lanes_init);
    return base_lanes_table;
}

const n25519_base_row *n25519_ge_base_table(void)
{
    pthread_once(&base_once, base_init);
    return base_table;
}

const n25519_bvar_row *n25519_ge_bvar_table(void)
{
    pthread_once(&bvar_once, bvar_init);
    return bvar_table;
}
