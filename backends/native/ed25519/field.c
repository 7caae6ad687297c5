/* Field operations that are not worth inlining: encoding, exponentiation chains. */
#include "field.h"

#include <openssl/crypto.h>

#include "bytes.h"

const n25519_fe n25519_fe_d = { { 0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029,
                                  0x739c663a03cbb, 0x52036cee2b6ff } };
const n25519_fe n25519_fe_d2 = { { 0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052,
                                   0x6738cc7407977, 0x2406d9dc56dff } };
const n25519_fe n25519_fe_sqrtm1 = { { 0x61b274a0ea0b0, 0x0d5a5fc8f189d, 0x7ef5e9cbd0c60,
                                       0x78595a6804c9e, 0x2b8324804fc1d } };

void n25519_fe_frombytes(n25519_fe *h, const uint8_t s[32])
{
    const uint64_t w0 = edfast_load64_le(s), w1 = edfast_load64_le(s + 8);
    const uint64_t w2 = edfast_load64_le(s + 16), w3 = edfast_load64_le(s + 24);

    h->v[0] = w0 & N25519_MASK51;
    h->v[1] = ((w0 >> 51) | (w1 << 13)) & N25519_MASK51;
    h->v[2] = ((w1 >> 38) | (w2 << 26)) & N25519_MASK51;
    h->v[3] = ((w2 >> 25) | (w3 << 39)) & N25519_MASK51;
    h->v[4] = (w3 >> 12) & N25519_MASK51; /* drops bit 255 */
}

/* Fully reduces f into [0, p) limb by limb. */
static void fe_canonical(uint64_t r[5], const n25519_fe *f)
{
    n25519_fe t;
    uint64_t q;

    n25519_fe_carry(&t, f);
    n25519_fe_carry(&t, &t);
    /* Now t < 2^255 + small; a serial carry makes every limb < 2^51 exactly. */
    for (int i = 0; i < 4; i++) {
        t.v[i + 1] += t.v[i] >> 51;
        t.v[i] &= N25519_MASK51;
    }
    t.v[0] += 19 * (t.v[4] >> 51);
    t.v[4] &= N25519_MASK51;
    for (int i = 0; i < 4; i++) {
        t.v[i + 1] += t.v[i] >> 51;
        t.v[i] &= N25519_MASK51;
    }
    /* t < 2^255 now.  q = 1 exactly when t >= p, i.e. when t + 19 reaches 2^255. */
    q = (t.v[0] + 19) >> 51;
    q = (t.v[1] + q) >> 51;
    q = (t.v[2] + q) >> 51;
    q = (t.v[3] + q) >> 51;
    q = (t.v[4] + q) >> 51;
    /* Subtracting p is adding 19 and dropping 2^255. */
    t.v[0] += 19 * q;
    for (int i = 0; i < 4; i++) {
        t.v[i + 1] += t.v[i] >> 51;
        t.v[i] &= N25519_MASK51;
    }
    t.v[4] &= N25519_MASK51;
    for (int i = 0; i < 5; i++)
        r[i] = t.v[i];
}

void n25519_fe_tobytes(uint8_t s[32], const n25519_fe *f)
{
    uint64_t r[5], w[4];

    fe_canonical(r, f);
    w[0] = r[0] | (r[1] << 51);
    w[1] = (r[1] >> 13) | (r[2] << 38);
    w[2] = (r[2] >> 26) | (r[3] << 25);
    w[3] = (r[3] >> 39) | (r[4] << 12);
    for (int i = 0; i < 4; i++)
        edfast_store64_le(s + 8 * i, w[i]);
}

uint64_t n25519_fe_iszero(const n25519_fe *f)
{
    uint64_t r[5], acc;

    fe_canonical(r, f);
    acc = r[0] | r[1] | r[2] | r[3] | r[4];
    return ct_iszero64(acc);
}

uint64_t n25519_fe_isnegative(const n25519_fe *f)
{
    uint64_t r[5];

    fe_canonical(r, f);
    return ct_mask_bit0(r[0]);
}

N25519_DEFINE_POW22523(n25519_fe_pow22523, n25519_fe, n25519_fe_sq, n25519_fe_mul)

unsigned n25519_fe_sqrt_ratio(n25519_fe *x, const n25519_fe *u, const n25519_fe *v, int n,
                              n25519_fe_pow_fn *pow22523)
{
    /* zeroed: the compiler cannot see that only the first n are read */
    n25519_fe v3[N25519_POW_WAYS], t[N25519_POW_WAYS] = { 0 }, check, neg_u;
    uint64_t plain, flipped;
    unsigned found = 0;

    /* x = u v^3 (u v^7)^((p-5)/8): one exponentiation instead of an inversion and a root. */
    for (int j = 0; j < n; j++) {
        n25519_fe_sq(&v3[j], &v[j]);
        n25519_fe_mul(&v3[j], &v3[j], &v[j]);
        n25519_fe_sq(&t[j], &v3[j]);
        n25519_fe_mul(&t[j], &t[j], &v[j]);
        n25519_fe_mul(&t[j], &t[j], &u[j]);
    }
    pow22523(t, t, n);
    for (int j = 0; j < n; j++) {
        n25519_fe_mul(&t[j], &t[j], &v3[j]);
        n25519_fe_mul(&x[j], &t[j], &u[j]);

        /* v x^2 is u (done), -u (multiply by sqrt(-1)), or neither (no root). */
        n25519_fe_sq(&check, &x[j]);
        n25519_fe_mul(&check, &check, &v[j]);
        n25519_fe_sub(&t[j], &check, &u[j]);
        plain = n25519_fe_iszero(&t[j]);
        n25519_fe_neg(&neg_u, &u[j]);
        n25519_fe_sub(&t[j], &check, &neg_u);
        flipped = n25519_fe_iszero(&t[j]);
        n25519_fe_mul(&t[j], &x[j], &n25519_fe_sqrtm1);
        n25519_fe_cmov(&x[j], &t[j], flipped);
        found |= (unsigned)((plain | flipped) & 1) << j;
    }
    return found;
}

/*
 * Constant-time inversion by Bernstein-Yang "safegcd" divsteps, about three
 * times faster than the 265-multiplication Fermat chain it replaces.  Numbers
 * are held as five signed 62-bit limbs (low limbs in [0, 2^62), top limb
 * signed).  Batches of divsteps are run on the low 64 bits of f and g and
 * yield a 2x2 transition matrix scaled by 2^62, applied to (f, g) exactly and
 * to (d, e) modulo p.  Invariants: f = d x, g = e x (mod p); f ends at +-1.
 * The "half-delta" variant (zeta = -(delta + 1/2)) needs at most 590
 * divsteps for 256-bit inputs: 10 batches of 60, each made of two halves of
 * 30 whose matrices (scaled by 2^30) are multiplied and scaled by 4.
 */
typedef struct {
    int64_t v[5];
} s62;

typedef struct {
    int64_t u, v, q, r;
} trans2x2;

typedef __int128 i128;

#define M62 ((uint64_t)-1 >> 2)
#define SAFEGCD_BATCHES 10
#define SAFEGCD_HALF_STEPS 30

static const s62 P62 = { { 0x3fffffffffffffed, 0x3fffffffffffffff, 0x3fffffffffffffff,
                           0x3fffffffffffffff, 0x7f } };
static const uint64_t P_INV62 = 0x39435e50d79435e5; /* p^-1 mod 2^62 */

/*
 * 30 divsteps on the low bits of f (odd) and g, left in *f and *g with their
 * low 34 bits right (enough for the next 30); every decision is a mask.  A
 * matrix row is one word, (u, v) as u + 2^32 v: it adds, negates and doubles
 * as one number, and stays exact while |u| + |v| <= 2^30, which 30 divsteps
 * from the identity keep.  That is ten instructions a divstep fewer than a
 * word per entry.
 */
static int64_t divsteps_30(int64_t zeta, uint64_t *fp, uint64_t *gp, trans2x2 *t)
{
    uint64_t f = *fp, g = *gp, uv = 1, qr = (uint64_t)1 << 32;

#pragma GCC unroll 30
    for (int i = 0; i < SAFEGCD_HALF_STEPS; i++) {
        /* c1: zeta < 0 (delta > 0); c2: g odd */
        uint64_t c1 = (uint64_t)(zeta >> 63), c2 = (uint64_t)0 - (g & 1);
        /* g += (zeta < 0 ? -f : f) when g is odd, the matrix rows alike */
        uint64_t x = (f ^ c1) - c1, y = (uv ^ c1) - c1;

        g += x & c2;
        qr += y & c2;
        /* swap case: f takes the old g, zeta = -zeta - 2; otherwise zeta - 1 */
        c1 &= c2;
        zeta = (zeta ^ (int64_t)c1) - 1;
        f += g & c1;
        uv += qr & c1;
        g >>= 1;
        uv <<= 1;
    }
    *fp = f;
    *gp = g;
    /* The low half sign-extended, then the high half exactly. */
    t->u = (int32_t)(uint32_t)uv;
    t->v = (int64_t)(uv - (uint64_t)t->u) >> 32;
    t->q = (int32_t)(uint32_t)qr;
    t->r = (int64_t)(qr - (uint64_t)t->q) >> 32;
    return zeta;
}

/*
 * 60 divsteps as two halves: the matrix of both, the second half's times the
 * first's (entries below 2^60), times 4 to come out scaled by 2^62.
 */
static int64_t divsteps_60(int64_t zeta, uint64_t f, uint64_t g, trans2x2 *t)
{
    trans2x2 a, b;

    zeta = divsteps_30(zeta, &f, &g, &a);
    zeta = divsteps_30(zeta, &f, &g, &b);
    t->u = 4 * (b.u * a.u + b.v * a.q);
    t->v = 4 * (b.u * a.v + b.v * a.r);
    t->q = 4 * (b.q * a.u + b.r * a.q);
    t->r = 4 * (b.q * a.v + b.r * a.r);
    return zeta;
}

/*
 * The variable-time counterpart for public inputs: runs of zero bits of g are
 * skipped at once, and the caller stops as soon as g = 0.  eta = -delta of
 * the original divstep.  Returns the new eta.
 */
static int64_t divsteps_62_var(int64_t eta, uint64_t f, uint64_t g, trans2x2 *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1;
    int i = 62;

    for (;;) {
        /* Halvings of an even g; bounded by the steps left in this batch. */
        int zeros = __builtin_ctzll(g | (~(uint64_t)0 << i));

        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros;
        i -= zeros;
        if (i == 0)
            break;
        /* g is odd: swap when delta > 0, then cancel the low bit of g with f. */
        if (eta < 0) {
            uint64_t tmp;

            eta = -eta;
            tmp = f;
            f = g;
            g = 0 - tmp;
            tmp = u;
            u = q;
            q = 0 - tmp;
            tmp = v;
            v = r;
            r = 0 - tmp;
        }
        g += f;
        q += u;
        r += v;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return eta;
}

/* (f, g) = M (f, g) / 2^62, exactly: the low 62 bits cancel by construction. */
static void update_fg(s62 *f, s62 *g, const trans2x2 *t)
{
    i128 cf = (i128)t->u * f->v[0] + (i128)t->v * g->v[0];
    i128 cg = (i128)t->q * f->v[0] + (i128)t->r * g->v[0];

    cf >>= 62;
    cg >>= 62;
    for (int i = 1; i < 5; i++) {
        cf += (i128)t->u * f->v[i] + (i128)t->v * g->v[i];
        cg += (i128)t->q * f->v[i] + (i128)t->r * g->v[i];
        f->v[i - 1] = (int64_t)((uint64_t)cf & M62);
        g->v[i - 1] = (int64_t)((uint64_t)cg & M62);
        cf >>= 62;
        cg >>= 62;
    }
    f->v[4] = (int64_t)cf;
    g->v[4] = (int64_t)cg;
}

/*
 * (d, e) = M (d, e) / 2^62 mod p, adding the multiple of p that clears the
 * low 62 bits.  d, e stay in (-2p, p): the correction starts from the terms
 * that a negative d or e would push out of range (|u| + |v| <= 2^62 keeps it
 * in 64 bits).
 */
static void update_de(s62 *d, s62 *e, const trans2x2 *t)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    const int64_t sd = d->v[4] >> 63, se = e->v[4] >> 63;
    int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    i128 cd = (i128)u * d->v[0] + (i128)v * e->v[0];
    i128 ce = (i128)q * d->v[0] + (i128)r * e->v[0];

    md -= (int64_t)((P_INV62 * (uint64_t)cd + (uint64_t)md) & M62);
    me -= (int64_t)((P_INV62 * (uint64_t)ce + (uint64_t)me) & M62);
    cd += (i128)P62.v[0] * md;
    ce += (i128)P62.v[0] * me;
    cd >>= 62;
    ce >>= 62;
    for (int i = 1; i < 5; i++) {
        cd += (i128)u * d->v[i] + (i128)v * e->v[i] + (i128)P62.v[i] * md;
        ce += (i128)q * d->v[i] + (i128)r * e->v[i] + (i128)P62.v[i] * me;
        d->v[i - 1] = (int64_t)((uint64_t)cd & M62);
        e->v[i - 1] = (int64_t)((uint64_t)ce & M62);
        cd >>= 62;
        ce >>= 62;
    }
    d->v[4] = (int64_t)cd;
    e->v[4] = (int64_t)ce;
}

/* Propagates carries so limbs 0..3 are in [0, 2^62) again. */
static void s62_carry(s62 *a)
{
    for (int i = 0; i < 4; i++) {
        a->v[i + 1] += a->v[i] >> 62;
        a->v[i] = (int64_t)((uint64_t)a->v[i] & M62);
    }
}

/* a += p when a < 0; constant time. */
static void s62_add_p_if_negative(s62 *a)
{
    const int64_t neg = (int64_t)ct_barrier((uint64_t)(a->v[4] >> 63));

    for (int i = 0; i < 5; i++)
        a->v[i] += P62.v[i] & neg;
    s62_carry(a);
}

/* x as signed-62 limbs of its canonical value. */
static void fe_to_s62(s62 *g, const n25519_fe *x)
{
    uint8_t b[32];
    uint64_t w[4];

    n25519_fe_tobytes(b, x);
    for (int i = 0; i < 4; i++)
        w[i] = edfast_load64_le(b + 8 * i);
    g->v[0] = (int64_t)(w[0] & M62);
    g->v[1] = (int64_t)(((w[0] >> 62) | (w[1] << 2)) & M62);
    g->v[2] = (int64_t)(((w[1] >> 60) | (w[2] << 4)) & M62);
    g->v[3] = (int64_t)(((w[2] >> 58) | (w[3] << 6)) & M62);
    g->v[4] = (int64_t)(w[3] >> 56);
    OPENSSL_cleanse(b, sizeof(b));
    OPENSSL_cleanse(w, sizeof(w));
}

/* The inverse from the final state: sign(f) d reduced into [0, p); constant time. */
static void s62_finish(n25519_fe *h, s62 *d, const s62 *f)
{
    uint8_t b[32];
    uint64_t w[4];
    int64_t fneg;

    s62_add_p_if_negative(d);
    s62_add_p_if_negative(d);
    fneg = (int64_t)ct_barrier((uint64_t)(f->v[4] >> 63));
    for (int i = 0; i < 5; i++)
        d->v[i] = (d->v[i] ^ fneg) - fneg;
    s62_carry(d);
    s62_add_p_if_negative(d);

    w[0] = (uint64_t)d->v[0] | ((uint64_t)d->v[1] << 62);
    w[1] = ((uint64_t)d->v[1] >> 2) | ((uint64_t)d->v[2] << 60);
    w[2] = ((uint64_t)d->v[2] >> 4) | ((uint64_t)d->v[3] << 58);
    w[3] = ((uint64_t)d->v[3] >> 6) | ((uint64_t)d->v[4] << 56);
    for (int i = 0; i < 4; i++)
        edfast_store64_le(b + 8 * i, w[i]);
    n25519_fe_frombytes(h, b);
    OPENSSL_cleanse(b, sizeof(b));
    OPENSSL_cleanse(w, sizeof(w));
}

void n25519_fe_invert(n25519_fe *h, const n25519_fe *x)
{
    s62 f = P62, g, d = { { 0, 0, 0, 0, 0 } }, e = { { 1, 0, 0, 0, 0 } };
    trans2x2 t;
    int64_t zeta = -1;

    fe_to_s62(&g, x);
    for (int i = 0; i < SAFEGCD_BATCHES; i++) {
        zeta = divsteps_60(zeta, (uint64_t)f.v[0] | ((uint64_t)f.v[1] << 62),
                           (uint64_t)g.v[0] | ((uint64_t)g.v[1] << 62), &t);
        update_de(&d, &e, &t);
        update_fg(&f, &g, &t);
    }
    /* f = +-1 now (or p when x = 0, with d = 0). */
    s62_finish(h, &d, &f);
    /* The input may be a secret-derived coordinate (signing): wipe the copies. */
    OPENSSL_cleanse(&f, sizeof(f));
    OPENSSL_cleanse(&g, sizeof(g));
    OPENSSL_cleanse(&d, sizeof(d));
    OPENSSL_cleanse(&e, sizeof(e));
}

void n25519_fe_invert_vartime(n25519_fe *h, const n25519_fe *x)
{
    s62 f = P62, g, d = { { 0, 0, 0, 0, 0 } }, e = { { 1, 0, 0, 0, 0 } };
    trans2x2 t;
    int64_t eta = -1;

    fe_to_s62(&g, x);
    /* Far more batches than any input needs (about 12); g = 0 ends it early. */
    for (int i = 0; i < 40; i++) {
        if ((g.v[0] | g.v[1] | g.v[2] | g.v[3] | g.v[4]) == 0)
            break;
        eta = divsteps_62_var(eta, (uint64_t)f.v[0] | ((uint64_t)f.v[1] << 62),
                              (uint64_t)g.v[0] | ((uint64_t)g.v[1] << 62), &t);
        update_de(&d, &e, &t);
        update_fg(&f, &g, &t);
    }
    s62_finish(h, &d, &f);
}
