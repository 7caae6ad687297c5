/*
 * Fixed-base and double-scalar multiplication; see scalarmul.h for the
 * methods.  The process-wide tables of B are computed on first use
 * (pthread_once) from the base point: ~1 ms once, and no generated source to
 * keep in sync.
 */
#include "scalarmul.h"

#include <pthread.h>
#include <string.h>

/* Fixed-base window: W = 5 gives 90 additions and 5 doublings per [s]B. */
#define BASE_W 5
#define BASE_DIGITS ((447 + BASE_W - 1) / BASE_W)
#define BASE_ROWS ((BASE_DIGITS + 1) / 2)
#define BASE_ENTRIES (1u << (BASE_W - 1))

/* wNAF width for B and 2^224 B in verification. */
#define VB_WNAF 8
#define VB_ENTRIES (1u << (VB_WNAF - 2))

#define SPLIT_BITS 224

static ge448_affine base_table[BASE_ROWS][BASE_ENTRIES];
static ge448_affine vb_lo[VB_ENTRIES], vb_hi[VB_ENTRIES];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

size_t ge448_base_table_bytes(void)
{
    return sizeof(base_table);
}

size_t ge448_verify_table_bytes(void)
{
    return sizeof(vb_lo) + sizeof(vb_hi);
}

/*
 * Affine forms of n points with one inversion (Montgomery's trick):
 * prefix products of the Z's, one inverse, then peel off backwards.
 */
static void batch_to_affine(ge448_affine *out, const ge448 *in, size_t n)
{
    fe448 acc[64], inv, zi, t;

    /* callers batch at most 64 points */
    acc[0] = in[0].Z;
    for (size_t i = 1; i < n; i++)
        fe448_mul(&acc[i], &acc[i - 1], &in[i].Z);
    fe448_inv(&inv, &acc[n - 1]);
    for (size_t i = n; i-- > 0;) {
        if (i > 0) {
            fe448_mul(&zi, &inv, &acc[i - 1]);
            fe448_mul(&inv, &inv, &in[i].Z);
        } else {
            zi = inv;
        }
        fe448_mul(&out[i].x, &in[i].X, &zi);
        fe448_mul(&out[i].y, &in[i].Y, &zi);
        fe448_strong_reduce(&out[i].x);
        fe448_strong_reduce(&out[i].y);
        fe448_mul(&t, &out[i].x, &out[i].y);
        fe448_mul_small(&out[i].dt, &t, 39081);
        fe448_neg(&out[i].dt, &out[i].dt);
        fe448_strong_reduce(&out[i].dt);
    }
}

/* out[m] = (2m + 1) p for m < n: the odd multiples a wNAF digit can name. */
static void odd_multiples(ge448_affine *out, const ge448 *p, size_t n)
{
    ge448 pts[64], p2;
    ge448_cached c2;

    pts[0] = *p;
    ge448_dbl(&p2, p, 1);
    ge448_to_cached(&c2, &p2);
    for (size_t i = 1; i < n; i++)
        ge448_add_cached(&pts[i], &pts[i - 1], &c2);
    batch_to_affine(out, pts, n);
}

static void dbl_n(ge448 *p, unsigned n)
{
    while (n--)
        ge448_dbl(p, p, n == 0);
}

static void build_tables(void)
{
    ge448 row_base, pts[BASE_ENTRIES], b;
    ge448_cached c;

    ge448_base(&row_base);
    for (unsigned j = 0; j < BASE_ROWS; j++) {
        ge448_to_cached(&c, &row_base);
        pts[0] = row_base;
        for (unsigned m = 1; m < BASE_ENTRIES; m++)
            ge448_add_cached(&pts[m], &pts[m - 1], &c);
        batch_to_affine(base_table[j], pts, BASE_ENTRIES);
        dbl_n(&row_base, 2 * BASE_W);
    }

    ge448_base(&b);
    odd_multiples(vb_lo, &b, VB_ENTRIES);
    dbl_n(&b, SPLIT_BITS);
    odd_multiples(vb_hi, &b, VB_ENTRIES);
}

/*
 * Entry |d| of a row (identity for d = 0), negated for d < 0.  The whole row
 * is read and combined with masks, so neither the index nor the sign leaks.
 */
static void lookup_base(ge448_affine *e, unsigned row, int8_t d)
{
    uint64_t neg = 0 - (uint64_t)((uint8_t)d >> 7);
    uint64_t abs = (uint64_t)(((int64_t)d ^ (int64_t)neg) - (int64_t)neg);

    fe448_zero(&e->x);
    fe448_one(&e->y);
    fe448_zero(&e->dt);
    for (unsigned m = 0; m < BASE_ENTRIES; m++) {
        uint64_t hit = ct_is_zero64(abs ^ (m + 1));
        const ge448_affine *t = &base_table[row][m];

        fe448_cmov(&e->x, &t->x, hit);
        fe448_cmov(&e->y, &t->y, hit);
        fe448_cmov(&e->dt, &t->dt, hit);
    }
    ge448_affine_cneg(e, neg);
}

void ge448_scalarmul_base(ge448 *r, const sc448 *s)
{
    int8_t d[BASE_DIGITS];
    ge448_affine e;

    pthread_once(&tables_once, build_tables);
    sc448_recode_signed(d, s, BASE_W);

    ge448_identity(r);
    for (unsigned i = 1; i < BASE_DIGITS; i += 2) {
        lookup_base(&e, i / 2, d[i]);
        ge448_add_affine(r, r, &e, 1);
    }
    dbl_n(r, BASE_W);
    for (unsigned i = 0; i < BASE_DIGITS; i += 2) {
        lookup_base(&e, i / 2, d[i]);
        ge448_add_affine(r, r, &e, 1);
    }
    memset(d, 0, sizeof(d));
    memset(&e, 0, sizeof(e));
}

void ge448_vartable_init(ge448_vartable *t, const ge448 *a)
{
    ge448 hi = *a;

    odd_multiples(t->lo, a, GE448_VAR_ENTRIES);
    dbl_n(&hi, SPLIT_BITS);
    odd_multiples(t->hi, &hi, GE448_VAR_ENTRIES);
}

/* The low and high halves of a scalar at bit SPLIT_BITS (= 3.5 limbs). */
static void split(sc448 *lo, sc448 *hi, const sc448 *a)
{
    memset(lo, 0, sizeof(*lo));
    memset(hi, 0, sizeof(*hi));
    for (unsigned i = 0; i < 3; i++)
        lo->l[i] = a->l[i];
    lo->l[3] = a->l[3] & 0xffffffffu;
    for (unsigned i = 0; i + 3 < SC448_LIMBS; i++) {
        hi->l[i] = a->l[i + 3] >> 32;
        if (i + 4 < SC448_LIMBS)
            hi->l[i] |= a->l[i + 4] << 32;
    }
}

/* p += (digit > 0 ? table[digit/2] : -table[-digit/2]), or p -= when neg. */
static void add_digit(ge448 *p, const ge448_affine *table, int digit, int neg, int need_t)
{
    ge448_affine e;

    if (digit < 0) {
        digit = -digit;
        neg = !neg;
    }
    e = table[digit / 2];
    if (neg) {
        fe448_neg(&e.x, &e.x);
        fe448_neg(&e.dt, &e.dt);
    }
    ge448_add_affine(p, p, &e, need_t);
}

int ge448_check_combination(const sc448 *s, const sc448 *h,
                            const ge448_vartable *a, const ge448 *r)
{
    int8_t ns[2][SC448_NAF_LEN], nh[2][SC448_NAF_LEN];
    sc448 lo, hi;
    unsigned top = 0, t;
    ge448 p, nr;
    ge448_cached c;

    pthread_once(&tables_once, build_tables);
    split(&lo, &hi, s);
    t = sc448_wnaf(ns[0], &lo, VB_WNAF);
    top = t > top ? t : top;
    t = sc448_wnaf(ns[1], &hi, VB_WNAF);
    top = t > top ? t : top;
    split(&lo, &hi, h);
    t = sc448_wnaf(nh[0], &lo, GE448_VAR_WNAF);
    top = t > top ? t : top;
    t = sc448_wnaf(nh[1], &hi, GE448_VAR_WNAF);
    top = t > top ? t : top;

    ge448_identity(&p);
    for (unsigned i = top; i-- > 0;) {
        int pending = (ns[0][i] != 0) + (ns[1][i] != 0) + (nh[0][i] != 0) + (nh[1][i] != 0);

        ge448_dbl(&p, &p, pending > 0 || i == 0);
        if (ns[0][i])
            add_digit(&p, vb_lo, ns[0][i], 0, --pending > 0 || i == 0);
        if (ns[1][i])
            add_digit(&p, vb_hi, ns[1][i], 0, --pending > 0 || i == 0);
        if (nh[0][i])
            add_digit(&p, a->lo, nh[0][i], 1, --pending > 0 || i == 0);
        if (nh[1][i])
            add_digit(&p, a->hi, nh[1][i], 1, --pending > 0 || i == 0);
    }
    /* p - R, then two doublings: identity exactly when p - R is 4-torsion. */
    ge448_neg(&nr, r);
    ge448_to_cached(&c, &nr);
    ge448_add_cached(&p, &p, &c);
    ge448_dbl(&p, &p, 0);
    ge448_dbl(&p, &p, 0);
    return (int)(fe448_is_zero(&p.X) & fe448_eq(&p.Y, &p.Z) & 1);
}
