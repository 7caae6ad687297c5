/* SPDX-License-Identifier: Apache-2.0 */
/*
 * [s]B + [k]Q for verification, variable time: both scalars in wNAF pieces
 * against the static tables of B and the per-key tables of Q.
 */
#include <string.h>

#include "accel.h"
#include "lattice.h"
#include "scalar.h"
#include "tables.h"

void n25519_ge_vartable_init(n25519_ge_vartable *t, const n25519_ge_p3 *q)
{
    enum { N = N25519_VERIFY_SPLIT * N25519_ATABLE_ENTRIES };
    n25519_ge_p3 pts[N], p = *q;
    n25519_fe scratch[N];

    for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
        n25519_ge_odd_multiples(&pts[j * N25519_ATABLE_ENTRIES], &p, N25519_ATABLE_ENTRIES);
        if (j + 1 < N25519_VERIFY_SPLIT)
            n25519_ge_p3_dbl_n(&p, &p, N25519_VERIFY_PIECE);
    }
    n25519_ge_batch_to_niels(&t->odd[0][0], pts, N, scratch);
}

/* The PIECE-bit piece j of s, as a 32-byte scalar for the wNAF routine. */
static void piece(uint8_t out[32], const uint8_t s[32], int j)
{
    memset(out, 0, 32);
    memcpy(out, s + j * (N25519_VERIFY_PIECE / 8), N25519_VERIFY_PIECE / 8);
}

/* Highest nonzero index of a wNAF at or below from, or -1. */
static int naf_top(const int8_t naf[256], int from)
{
    while (from >= 0 && !naf[from])
        from--;
    return from;
}

/*
 * wNAFs (width w) of the pieces of s; returns the highest nonzero position.
 * A piece's wNAF can carry one place past the piece.
 */
static int recode_pieces(int8_t naf[N25519_VERIFY_SPLIT][256], const uint8_t s[32], int w)
{
    uint8_t buf[32];
    int top = -1;

    for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
        int t;

        piece(buf, s, j);
        n25519_sc_wnaf(naf[j], buf, w);
        t = naf_top(naf[j], N25519_VERIFY_PIECE);
        top = t > top ? t : top;
    }
    return top;
}

static void p2_identity(n25519_ge_p2 *r)
{
    n25519_fe_zero(&r->X);
    n25519_fe_one(&r->Y);
    n25519_fe_one(&r->Z);
}

/* c += digit * (odd multiple table entry), through extended coordinates. */
static void add_niels_digit(n25519_ge_completed *c, const n25519_ge_niels *tab, int8_t d)
{
    n25519_ge_p3 u;

    n25519_ge_completed_to_p3(&u, c);
    if (d > 0)
        n25519_ge_madd(c, &u, &tab[d / 2]);
    else
        n25519_ge_msub(c, &u, &tab[-d / 2]);
}

/* r = [s]B + [k]Q, Q given by its table. */
static void double_scalarmult(n25519_ge_p2 *r, const uint8_t s[32], const uint8_t k[32],
                              const n25519_ge_vartable *q)
{
    int8_t snaf[N25519_VERIFY_SPLIT][256], knaf[N25519_VERIFY_SPLIT][256];
    n25519_ge_completed c;
    const n25519_bvar_row *bvar_table = n25519_ge_bvar_table();
    const struct n25519_accel *accel = n25519_accel_selected();
    int top, ktop;

    top = recode_pieces(snaf, s, N25519_WNAF_B);
    ktop = recode_pieces(knaf, k, N25519_WNAF_A);
    top = ktop > top ? ktop : top;

    if (accel != NULL && accel->double_scalarmult != NULL) {
        accel->double_scalarmult(r, (const int8_t (*)[256])snaf, (const int8_t (*)[256])knaf, top,
                                  bvar_table, (const n25519_ge_niels (*)[N25519_ATABLE_ENTRIES])q->odd);
        return;
    }
    p2_identity(r);
    for (int i = top; i >= 0; i--) {
        n25519_ge_dbl(&c, r);
        for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
            if (snaf[j][i])
                add_niels_digit(&c, bvar_table[j], snaf[j][i]);
            if (knaf[j][i])
                add_niels_digit(&c, q->odd[j], knaf[j][i]);
        }
        n25519_ge_completed_to_p2(r, &c);
    }
}

int n25519_ge_verify(const uint8_t s[32], const uint8_t k[32], const n25519_ge_vartable *q,
                     const uint8_t r_enc[32])
{
    n25519_ge_p2 r;
    uint8_t r_check[32];

    double_scalarmult(&r, s, k, q);
    n25519_ge_p2_tobytes_vartime(r_check, &r);
    return memcmp(r_check, r_enc, 32) == 0;
}

void n25519_ge_lighttable_init(n25519_ge_lighttable *t, const n25519_ge_p3 *q)
{
    const struct n25519_accel *accel = n25519_accel_selected();
    n25519_ge_p3 pts[N25519_LIGHT_ENTRIES];

    if (accel != NULL && accel->lighttable_init != NULL) {
        accel->lighttable_init(t, q);
        return;
    }
    n25519_ge_odd_multiples(pts, q, N25519_LIGHT_ENTRIES);
    for (int i = 0; i < N25519_LIGHT_ENTRIES; i++)
        n25519_ge_p3_to_cached(&t->odd[i], &pts[i]);
}

/* c += digit * (odd multiple in cached form). */
static void add_cached_digit(n25519_ge_completed *c, const n25519_ge_cached *tab, int8_t d)
{
    n25519_ge_p3 u;

    n25519_ge_completed_to_p3(&u, c);
    if (d > 0)
        n25519_ge_add(c, &u, &tab[d / 2]);
    else
        n25519_ge_sub(c, &u, &tab[-d / 2]);
}

/* The portable loop of accel.h's light_scalarmult. */
static void light_scalarmult(n25519_ge_p2 *r, const int8_t (*snaf)[256],
                             const int8_t (*lnaf)[256], const n25519_ge_lighttable *const *ltab,
                             int top)
{
    const n25519_bvar_row *bvar_table = n25519_ge_bvar_table();
    n25519_ge_completed c;

    p2_identity(r);
    for (int i = top; i >= 0; i--) {
        n25519_ge_dbl(&c, r);
        for (int j = 0; j < N25519_LIGHT_POINTS; j++)
            if (lnaf[j][i])
                add_cached_digit(&c, ltab[j]->odd, lnaf[j][i]);
        /* The pieces of s only reach PIECE + 1 digits: the last stretch of the loop. */
        if (i <= N25519_VERIFY_PIECE)
            for (int j = 0; j < N25519_VERIFY_SPLIT; j++)
                if (snaf[j][i])
                    add_niels_digit(&c, bvar_table[j], snaf[j][i]);
        n25519_ge_completed_to_p2(r, &c);
    }
}

/* The light-table wNAF of a multiplier given as sign and magnitude; returns its top position. */
static int signed_wnaf(int8_t naf[256], const uint8_t magnitude[32], int negative)
{
    n25519_sc_wnaf(naf, magnitude, N25519_LIGHT_W);
    if (negative)
        for (int i = 0; i < 256; i++)
            naf[i] = (int8_t)-naf[i];
    return naf_top(naf, 255);
}

int n25519_ge_verify_light(const uint8_t s[32], const uint8_t k[32],
                           const n25519_ge_lighttable *neg_a, const uint8_t r_enc[32],
                           const n25519_ge_p3 *R)
{
    static const uint8_t zero[32];
    const struct n25519_accel *accel = n25519_accel_selected();
    int8_t snaf[N25519_VERIFY_SPLIT][256], lnaf[N25519_LIGHT_POINTS][256];
    uint8_t c0[32], c1[32], s1[32];
    n25519_ge_lighttable neg_r;
    n25519_ge_p3 decoded, minus_r;
    n25519_ge_p2 r;
    int c0_negative, top, t;

    /* R encoded otherwise than n25519_ge_tobytes would cannot match. */
    if (R == NULL) {
        if (!n25519_ge_frombytes_canonical(&decoded, r_enc))
            return 0;
        R = &decoded;
    }
    n25519_ge_neg(&minus_r, R);
    n25519_ge_lighttable_init(&neg_r, &minus_r);

    /* [c1 S mod L]B + [c0](-A) + [c1](-R) = [c1]([S]B - [k]A - R) (lattice.h). */
    c0_negative = n25519_lattice_split(c0, c1, k);
    n25519_sc_muladd(s1, c1, s, zero);
    top = recode_pieces(snaf, s1, N25519_WNAF_B);
    t = signed_wnaf(lnaf[0], c0, c0_negative);
    top = t > top ? t : top;
    t = signed_wnaf(lnaf[1], c1, 0);
    top = t > top ? t : top;

    const n25519_ge_lighttable *const ltab[N25519_LIGHT_POINTS] = { neg_a, &neg_r };
    if (accel != NULL && accel->light_scalarmult != NULL)
        accel->light_scalarmult(&r, (const int8_t (*)[256])snaf, (const int8_t (*)[256])lnaf,
                                ltab, top, n25519_ge_bvar_table());
    else
        light_scalarmult(&r, (const int8_t (*)[256])snaf, (const int8_t (*)[256])lnaf, ltab, top);
    return n25519_ge_p2_is_identity(&r);
}
