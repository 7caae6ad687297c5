/* Point arithmetic, encoding, and the two scalar multiplications EdDSA needs. */
#include "point.h"

#include <pthread.h>
#include <string.h>

#include <openssl/crypto.h>

#include "accel.h"
#include "base_table.h"
#include "scalar.h"

/* ---- constants ---- */

static const n25519_fe BASE_X = { { 0x62d608f25d51a, 0x412a4b4f6592a, 0x75b7171a4b31d,
                                    0x1ff60527118fe, 0x216936d3cd6e5 } };
static const n25519_fe BASE_Y = { { 0x6666666666658, 0x4cccccccccccc, 0x1999999999999,
                                    0x3333333333333, 0x6666666666666 } };

void n25519_ge_identity(n25519_ge_p3 *h)
{
    n25519_fe_zero(&h->X);
    n25519_fe_one(&h->Y);
    n25519_fe_one(&h->Z);
    n25519_fe_zero(&h->T);
}

void n25519_ge_base(n25519_ge_p3 *h)
{
    h->X = BASE_X;
    h->Y = BASE_Y;
    n25519_fe_one(&h->Z);
    n25519_fe_mul(&h->T, &BASE_X, &BASE_Y);
}

/* ---- conversions ---- */

void n25519_ge_p3_to_cached(n25519_ge_cached *c, const n25519_ge_p3 *p)
{
    n25519_fe_add(&c->YplusX, &p->Y, &p->X);
    n25519_fe_sub(&c->YminusX, &p->Y, &p->X);
    n25519_fe_add(&c->Z2, &p->Z, &p->Z);
    n25519_fe_mul(&c->T2d, &p->T, &n25519_fe_d2);
}

void n25519_ge_completed_to_p3(n25519_ge_p3 *r, const n25519_ge_completed *c)
{
    n25519_fe_mul(&r->X, &c->X, &c->T);
    n25519_fe_mul(&r->Y, &c->Y, &c->Z);
    n25519_fe_mul(&r->Z, &c->Z, &c->T);
    n25519_fe_mul(&r->T, &c->X, &c->Y);
}

void n25519_ge_completed_to_p2(n25519_ge_p2 *r, const n25519_ge_completed *c)
{
    n25519_fe_mul(&r->X, &c->X, &c->T);
    n25519_fe_mul(&r->Y, &c->Y, &c->Z);
    n25519_fe_mul(&r->Z, &c->Z, &c->T);
}

static void p3_to_p2(n25519_ge_p2 *r, const n25519_ge_p3 *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
}

/* ---- group law ----
 * A completed point holds E, H, G, F of the HWCD formulas as X, Y, Z, T, so
 * that x = E/G and y = H/F.
 */

void n25519_ge_dbl(n25519_ge_completed *r, const n25519_ge_p2 *p)
{
    n25519_fe xx, yy, zz2, s;

    n25519_fe_sq(&xx, &p->X);
    n25519_fe_sq(&yy, &p->Y);
    n25519_fe_sq(&zz2, &p->Z);
    n25519_fe_add(&zz2, &zz2, &zz2);
    n25519_fe_add(&s, &p->X, &p->Y);
    n25519_fe_sq(&s, &s);
    n25519_fe_add(&r->Y, &yy, &xx);     /* H = Y^2 + X^2 */
    n25519_fe_sub(&r->X, &s, &r->Y);    /* E = 2XY */
    n25519_fe_sub(&r->Z, &yy, &xx);     /* G = Y^2 - X^2 */
    n25519_fe_sub(&r->T, &zz2, &r->Z);  /* F = 2Z^2 - G */
}

/* The shared tail of every addition: from A, B, C, D to the completed point. */
static void add_finish(n25519_ge_completed *r, const n25519_fe *a, const n25519_fe *b,
                       const n25519_fe *c, const n25519_fe *d)
{
    n25519_fe_sub(&r->X, b, a); /* E */
    n25519_fe_add(&r->Y, b, a); /* H */
    n25519_fe_add(&r->Z, d, c); /* G */
    n25519_fe_sub(&r->T, d, c); /* F */
}

void n25519_ge_add(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_cached *q)
{
    n25519_fe a, b, c, d;

    n25519_fe_sub(&a, &p->Y, &p->X);
    n25519_fe_mul(&a, &a, &q->YminusX);
    n25519_fe_add(&b, &p->Y, &p->X);
    n25519_fe_mul(&b, &b, &q->YplusX);
    n25519_fe_mul(&c, &p->T, &q->T2d);
    n25519_fe_mul(&d, &p->Z, &q->Z2);
    add_finish(r, &a, &b, &c, &d);
}

/* Adding -q: swap the roles of Y+X and Y-X and negate C (done by swapping F and G). */
void n25519_ge_sub(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_cached *q)
{
    n25519_fe a, b, c, d;

    n25519_fe_sub(&a, &p->Y, &p->X);
    n25519_fe_mul(&a, &a, &q->YplusX);
    n25519_fe_add(&b, &p->Y, &p->X);
    n25519_fe_mul(&b, &b, &q->YminusX);
    n25519_fe_mul(&c, &p->T, &q->T2d);
    n25519_fe_mul(&d, &p->Z, &q->Z2);
    n25519_fe_sub(&r->X, &b, &a);
    n25519_fe_add(&r->Y, &b, &a);
    n25519_fe_sub(&r->Z, &d, &c);
    n25519_fe_add(&r->T, &d, &c);
}

void n25519_ge_madd(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_niels *q)
{
    n25519_fe a, b, c, d;

    n25519_fe_sub(&a, &p->Y, &p->X);
    n25519_fe_mul(&a, &a, &q->ymx);
    n25519_fe_add(&b, &p->Y, &p->X);
    n25519_fe_mul(&b, &b, &q->ypx);
    n25519_fe_mul(&c, &p->T, &q->xy2d);
    n25519_fe_add(&d, &p->Z, &p->Z);
    add_finish(r, &a, &b, &c, &d);
}

void n25519_ge_msub(n25519_ge_completed *r, const n25519_ge_p3 *p, const n25519_ge_niels *q)
{
    n25519_fe a, b, c, d;

    n25519_fe_sub(&a, &p->Y, &p->X);
    n25519_fe_mul(&a, &a, &q->ypx);
    n25519_fe_add(&b, &p->Y, &p->X);
    n25519_fe_mul(&b, &b, &q->ymx);
    n25519_fe_mul(&c, &p->T, &q->xy2d);
    n25519_fe_add(&d, &p->Z, &p->Z);
    n25519_fe_sub(&r->X, &b, &a);
    n25519_fe_add(&r->Y, &b, &a);
    n25519_fe_sub(&r->Z, &d, &c);
    n25519_fe_add(&r->T, &d, &c);
}

void n25519_ge_p3_add(n25519_ge_p3 *r, const n25519_ge_p3 *p, const n25519_ge_p3 *q)
{
    n25519_ge_cached c;
    n25519_ge_completed t;

    n25519_ge_p3_to_cached(&c, q);
    n25519_ge_add(&t, p, &c);
    n25519_ge_completed_to_p3(r, &t);
}

void n25519_ge_p3_dbl(n25519_ge_p3 *r, const n25519_ge_p3 *p)
{
    n25519_ge_p2 q;
    n25519_ge_completed t;

    p3_to_p2(&q, p);
    n25519_ge_dbl(&t, &q);
    n25519_ge_completed_to_p3(r, &t);
}

void n25519_ge_neg(n25519_ge_p3 *r, const n25519_ge_p3 *p)
{
    n25519_fe_neg(&r->X, &p->X);
    n25519_fe_carry(&r->Y, &p->Y);
    n25519_fe_carry(&r->Z, &p->Z);
    n25519_fe_neg(&r->T, &p->T);
}

/* ---- encoding ---- */

static void encode_xyz(uint8_t s[32], const n25519_fe *X, const n25519_fe *Y, const n25519_fe *Z,
                       int public_point)
{
    n25519_fe zinv, x, y;

    if (public_point)
        n25519_fe_invert_vartime(&zinv, Z);
    else
        n25519_fe_invert(&zinv, Z);
    n25519_fe_mul(&x, X, &zinv);
    n25519_fe_mul(&y, Y, &zinv);
    n25519_fe_tobytes(s, &y);
    s[31] ^= (uint8_t)(n25519_fe_isnegative(&x) << 7);
}

void n25519_ge_tobytes(uint8_t s[32], const n25519_ge_p3 *p)
{
    encode_xyz(s, &p->X, &p->Y, &p->Z, 0);
}

void n25519_ge_p2_tobytes_vartime(uint8_t s[32], const n25519_ge_p2 *p)
{
    encode_xyz(s, &p->X, &p->Y, &p->Z, 1);
}

int n25519_ge_frombytes(n25519_ge_p3 *h, const uint8_t s[32])
{
    n25519_fe u, v, yy, minus_x;

    n25519_fe_frombytes(&h->Y, s);
    n25519_fe_one(&h->Z);
    n25519_fe_sq(&yy, &h->Y);
    n25519_fe_sub(&u, &yy, &h->Z);                /* y^2 - 1 */
    n25519_fe_mul(&v, &yy, &n25519_fe_d);
    n25519_fe_add(&v, &v, &h->Z);                 /* d y^2 + 1, never 0 */
    if (!n25519_fe_sqrt_ratio(&h->X, &u, &v))
        return 0;
    /* With x = 0 the negation is a no-op, so a set sign bit is accepted, as in OpenSSL. */
    n25519_fe_neg(&minus_x, &h->X);
    n25519_fe_cmov(&h->X, &minus_x, n25519_fe_isnegative(&h->X) ^ (uint64_t)(s[31] >> 7));
    n25519_fe_mul(&h->T, &h->X, &h->Y);
    return 1;
}

int n25519_ge_equal(const n25519_ge_p3 *p, const n25519_ge_p3 *q)
{
    n25519_fe a, b, t;

    n25519_fe_mul(&a, &p->X, &q->Z);
    n25519_fe_mul(&b, &q->X, &p->Z);
    n25519_fe_sub(&t, &a, &b);
    if (!n25519_fe_iszero(&t))
        return 0;
    n25519_fe_mul(&a, &p->Y, &q->Z);
    n25519_fe_mul(&b, &q->Y, &p->Z);
    n25519_fe_sub(&t, &a, &b);
    return (int)n25519_fe_iszero(&t);
}

/* ---- tables ---- */

/*
 * Converts n points to affine niels form with one inversion (Montgomery's
 * trick).  Every Z is nonzero for points of this curve.  Variable time is
 * fine: only public points (B, public keys) pass through here.
 */
static void batch_to_niels(n25519_ge_niels *out, const n25519_ge_p3 *in, size_t n,
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

/* odd[i] = (2i + 1) q for i < n. */
static void odd_multiples(n25519_ge_p3 *odd, const n25519_ge_p3 *q, size_t n)
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

static void p3_dbl_n(n25519_ge_p3 *r, const n25519_ge_p3 *p, int n)
{
    *r = *p;
    while (n-- > 0)
        n25519_ge_p3_dbl(r, r);
}

static n25519_base_entry base_table[N25519_BASE_TABLES][N25519_BASE_ENTRIES];
static n25519_ge_niels bvar_table[N25519_VERIFY_SPLIT][N25519_BTABLE_ENTRIES];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

static void tables_init(void);

static void tables_init(void)
{
    /* Row by row, so the scratch stays small: one inversion per row is cheap once. */
    n25519_ge_p3 pts[N25519_BASE_ENTRIES > N25519_BTABLE_ENTRIES ? N25519_BASE_ENTRIES : N25519_BTABLE_ENTRIES];
    n25519_fe scratch[sizeof(pts) / sizeof(pts[0])];
    n25519_ge_p3 p;

    n25519_ge_base(&p);
    for (int j = 0; j < N25519_BASE_TABLES; j++) {
        pts[0] = p;
        for (int k = 1; k < N25519_BASE_ENTRIES; k++)
            n25519_ge_p3_add(&pts[k], &pts[k - 1], &p);
        n25519_ge_niels row[N25519_BASE_ENTRIES];

        batch_to_niels(row, pts, N25519_BASE_ENTRIES, scratch);
        for (int k = 0; k < N25519_BASE_ENTRIES; k++)
            base_table[j][k].p = row[k];
        p3_dbl_n(&p, &p, 2 * N25519_BASE_W);
    }

    n25519_ge_base(&p);
    for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
        odd_multiples(pts, &p, N25519_BTABLE_ENTRIES);
        batch_to_niels(bvar_table[j], pts, N25519_BTABLE_ENTRIES, scratch);
        p3_dbl_n(&p, &p, N25519_VERIFY_PIECE);
    }
}

size_t n25519_ge_base_table_bytes(void)
{
    return sizeof(base_table);
}

size_t n25519_ge_verify_table_bytes(void)
{
    return sizeof(bvar_table);
}

/* ---- constant-time fixed-base multiplication ---- */

/* The portable scan, or the path's copy of it. */
#define SELECT_NIELS(accel, ...)                          \
    ((accel) != NULL ? (accel)->select_niels(__VA_ARGS__) \
                     : n25519_select_niels_body(__VA_ARGS__))

/* |digit| and its sign, without branches. */
static void digit_split(uint64_t *mag, uint64_t *neg, int8_t digit)
{
    const uint32_t ud = (uint32_t)(int32_t)digit;

    *neg = ud >> 31;
    *mag = (uint64_t)((ud ^ (0u - (uint32_t)*neg)) + (uint32_t)*neg) & 0xff;
}

void n25519_ge_scalarmult_base(n25519_ge_p3 *h, const uint8_t a[32])
{
    int8_t e[N25519_BASE_DIGITS];
    n25519_ge_niels t;
    n25519_ge_completed r;
    n25519_ge_p2 s;
    uint64_t mag, neg;
    const struct n25519_accel *accel = edfast_native_cpu()->ed25519;

    pthread_once(&tables_once, tables_init);
    n25519_sc_signed_radix(e, a, N25519_BASE_W, N25519_BASE_DIGITS);
    if (accel != NULL && accel->scalarmult_base4 != NULL) {
        accel->scalarmult_base4(h, e, N25519_BASE_DIGITS, (const uint64_t (*)[16][16])base_table);
        OPENSSL_cleanse(e, sizeof(e));
        return;
    }

    n25519_ge_identity(h);
    for (int i = 1; i < N25519_BASE_DIGITS; i += 2) {
        digit_split(&mag, &neg, e[i]);
        SELECT_NIELS(accel, &t, base_table[i / 2], mag, neg);
        n25519_ge_madd(&r, h, &t);
        n25519_ge_completed_to_p3(h, &r);
    }
    p3_to_p2(&s, h);
    for (int i = 0; i < N25519_BASE_W - 1; i++) {
        n25519_ge_dbl(&r, &s);
        n25519_ge_completed_to_p2(&s, &r);
    }
    n25519_ge_dbl(&r, &s);
    n25519_ge_completed_to_p3(h, &r);
    for (int i = 0; i < N25519_BASE_DIGITS; i += 2) {
        digit_split(&mag, &neg, e[i]);
        SELECT_NIELS(accel, &t, base_table[i / 2], mag, neg);
        n25519_ge_madd(&r, h, &t);
        n25519_ge_completed_to_p3(h, &r);
    }
    OPENSSL_cleanse(e, sizeof(e));
    OPENSSL_cleanse(&t, sizeof(t));
    OPENSSL_cleanse(&r, sizeof(r));
    OPENSSL_cleanse(&s, sizeof(s));
}

/* ---- variable-time double-scalar multiplication ---- */

void n25519_ge_vartable_init(n25519_ge_vartable *t, const n25519_ge_p3 *q)
{
    enum { N = N25519_VERIFY_SPLIT * N25519_ATABLE_ENTRIES };
    n25519_ge_p3 pts[N], p = *q;
    n25519_fe scratch[N];

    for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
        odd_multiples(&pts[j * N25519_ATABLE_ENTRIES], &p, N25519_ATABLE_ENTRIES);
        if (j + 1 < N25519_VERIFY_SPLIT)
            p3_dbl_n(&p, &p, N25519_VERIFY_PIECE);
    }
    batch_to_niels(&t->odd[0][0], pts, N, scratch);
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
 * wNAFs of the pieces of s (for the static tables of B); returns the highest
 * nonzero position.  A piece's wNAF can carry one place past the piece.
 */
static int recode_s_pieces(int8_t snaf[N25519_VERIFY_SPLIT][256], const uint8_t s[32])
{
    uint8_t buf[32];
    int top = -1;

    for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
        int t;

        piece(buf, s, j);
        n25519_sc_wnaf(snaf[j], buf, N25519_WNAF_B);
        t = naf_top(snaf[j], N25519_VERIFY_PIECE);
        top = t > top ? t : top;
    }
    return top;
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

void n25519_ge_double_scalarmult_vartime(n25519_ge_p2 *r, const uint8_t s[32],
                                         const uint8_t k[32], const n25519_ge_vartable *q)
{
    int8_t snaf[N25519_VERIFY_SPLIT][256], knaf[N25519_VERIFY_SPLIT][256];
    uint8_t buf[32];
    n25519_ge_completed c;
    const struct n25519_accel *accel;
    int top;

    pthread_once(&tables_once, tables_init);
    top = recode_s_pieces(snaf, s);
    for (int j = 0; j < N25519_VERIFY_SPLIT; j++) {
        int t;

        piece(buf, k, j);
        n25519_sc_wnaf(knaf[j], buf, N25519_WNAF_A);
        t = naf_top(knaf[j], N25519_VERIFY_PIECE);
        top = t > top ? t : top;
    }

    accel = edfast_native_cpu()->ed25519;
    if (accel != NULL && accel->double_scalarmult4 != NULL) {
        accel->double_scalarmult4(r, (const int8_t (*)[256])snaf, (const int8_t (*)[256])knaf,
                                      top, (const n25519_ge_niels (*)[N25519_BTABLE_ENTRIES])bvar_table,
                                      (const n25519_ge_niels (*)[N25519_ATABLE_ENTRIES])q->odd);
        return;
    }
    n25519_fe_zero(&r->X);
    n25519_fe_one(&r->Y);
    n25519_fe_one(&r->Z);
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

void n25519_ge_lighttable_init(n25519_ge_lighttable *t, const n25519_ge_p3 *q)
{
    n25519_ge_p3 pts[N25519_LIGHT_ENTRIES];

    odd_multiples(pts, q, N25519_LIGHT_ENTRIES);
    for (int i = 0; i < N25519_LIGHT_ENTRIES; i++) {
        n25519_ge_p3_to_cached(&t->odd[i], &pts[i]);
        /* tight limbs: the IFMA code reads only 52 bits of each */
        n25519_fe_carry(&t->odd[i].YplusX, &t->odd[i].YplusX);
        n25519_fe_carry(&t->odd[i].Z2, &t->odd[i].Z2);
    }
}

void n25519_ge_double_scalarmult_light(n25519_ge_p2 *r, const uint8_t s[32],
                                       const uint8_t k[32], const n25519_ge_lighttable *q)
{
    int8_t snaf[N25519_VERIFY_SPLIT][256], knaf[256];
    n25519_ge_completed c;
    n25519_ge_p3 u;
    const struct n25519_accel *accel;
    int top, ktop;

    pthread_once(&tables_once, tables_init);
    top = recode_s_pieces(snaf, s);
    n25519_sc_wnaf(knaf, k, N25519_LIGHT_W);
    ktop = naf_top(knaf, 255);
    top = ktop > top ? ktop : top;
    accel = edfast_native_cpu()->ed25519;
    if (accel != NULL && accel->double_scalarmult_light4 != NULL) {
        accel->double_scalarmult_light4(r, (const int8_t (*)[256])snaf, knaf, top,
                                            (const n25519_ge_niels (*)[N25519_BTABLE_ENTRIES])bvar_table,
                                            q->odd);
        return;
    }

    n25519_fe_zero(&r->X);
    n25519_fe_one(&r->Y);
    n25519_fe_one(&r->Z);
    for (int i = top; i >= 0; i--) {
        n25519_ge_dbl(&c, r);
        if (knaf[i]) {
            n25519_ge_completed_to_p3(&u, &c);
            if (knaf[i] > 0)
                n25519_ge_add(&c, &u, &q->odd[knaf[i] / 2]);
            else
                n25519_ge_sub(&c, &u, &q->odd[-knaf[i] / 2]);
        }
        /* The pieces of s only reach PIECE + 1 digits: the last stretch of the loop. */
        if (i <= N25519_VERIFY_PIECE)
            for (int j = 0; j < N25519_VERIFY_SPLIT; j++)
                if (snaf[j][i])
                    add_niels_digit(&c, bvar_table[j], snaf[j][i]);
        n25519_ge_completed_to_p2(r, &c);
    }
}

void n25519_ge_scalarmult_slow(n25519_ge_p3 *r, const uint8_t a[32], const n25519_ge_p3 *p)
{
    n25519_ge_identity(r);
    for (int i = 255; i >= 0; i--) {
        n25519_ge_p3_dbl(r, r);
        if ((a[i >> 3] >> (i & 7)) & 1)
            n25519_ge_p3_add(r, r, p);
    }
}
