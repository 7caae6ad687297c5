/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Constant-time fixed-base multiplication [s]B (keygen, signing), on the
 * twisted curve of twisted.h: [s]B = psi([s/4] phi(B)), where each addition
 * costs 7 multiplications instead of 8.  The process-wide table (228 KiB,
 * tables.h) is constant data, generated when the library is built.  The
 * method is in scalarmult.h.
 */
#include "scalarmult.h"

#include "accel.h"
#include "base_table.h"
#include "tables.h"
#include "twisted.h"

#include <openssl/crypto.h>

/* The row scan of the running path: its own (accel.h) or the portable one. */
typedef void base_scan_fn(n448_ge_tw_niels *e, const n448_ge_tw_niels *row, uint64_t abs);

static void base_scan_portable(n448_ge_tw_niels *e, const n448_ge_tw_niels *row, uint64_t abs)
{
    n448_base_scan_portable(e, row, abs);
}

/* The fixed-base sum (accel.h's base_sum) in field.h's arithmetic. */
static void base_sum_portable(n448_ge_tw *p, n448_base_lookup_fn *lookup, void *ctx, unsigned n_first,
                              unsigned n, unsigned w)
{
    n448_ge_tw_niels e;

    n448_ge_tw_identity(p);
    for (unsigned k = 0; k < n; k++) {
        if (k == n_first)
            n448_ge_tw_dbl_n(p, w);
        lookup(&e, k, ctx);
        /* T is needed by every addition, but not by the doublings */
        n448_ge_tw_add_niels(p, p, &e, k + 1 != n_first && k + 1 < n);
    }
    OPENSSL_cleanse(&e, sizeof(e));
}

/* The digits of a scalar and the scan that looks their entries up. */
struct base_digits {
    const int8_t *d;
    base_scan_fn *scan;
};

/*
 * Entry |d| of a row (the identity (1, 1, 0) for d = 0), negated for d < 0:
 * the scan, then branch-free fix-ups.
 */
static void lookup_base(n448_ge_tw_niels *e, base_scan_fn *scan, unsigned row, int8_t d)
{
    uint64_t neg = ct_mask_bit0((uint8_t)d >> 7);
    uint64_t abs = (uint64_t)(((int64_t)d ^ (int64_t)neg) - (int64_t)neg);
    uint64_t identity = ct_iszero64(abs) & 1;

    scan(e, n448_ge_base_table()[row], abs);
    e->ypx.l[0] |= identity;
    e->ymx.l[0] |= identity;
    n448_ge_tw_niels_cneg(e, neg);
}

/* Sum entry k: the odd digits first (row i / 2 for digit i), then the even ones. */
enum { ODD_DIGITS = N448_BASE_DIGITS / 2 };

static void lookup_digit(n448_ge_tw_niels *e, unsigned k, void *ctx)
{
    const struct base_digits *b = ctx;
    unsigned i = k < ODD_DIGITS ? 2 * k + 1 : 2 * (k - ODD_DIGITS);

    lookup_base(e, b->scan, i / 2, b->d[i]);
}

void n448_ge_scalarmult_base(n448_ge *r, const n448_sc *s)
{
    const struct n448_accel *accel = n448_accel_selected();
    int8_t d[N448_BASE_DIGITS];
    struct base_digits digits = { d, accel != NULL && accel->base_scan != NULL ? accel->base_scan
                                                                               : base_scan_portable };
    n448_ge_tw acc;
    n448_sc q;

    n448_sc_div4(&q, s);
    n448_sc_signed_radix(d, &q, N448_BASE_W);
    if (accel != NULL && accel->base_sum != NULL)
        accel->base_sum(&acc, lookup_digit, &digits, ODD_DIGITS, N448_BASE_DIGITS, N448_BASE_W);
    else
        base_sum_portable(&acc, lookup_digit, &digits, ODD_DIGITS, N448_BASE_DIGITS, N448_BASE_W);
    n448_ge_tw_to_edwards(r, &acc);
    OPENSSL_cleanse(d, sizeof(d)); /* the secret's digits */
    OPENSSL_cleanse(&q, sizeof(q));
    OPENSSL_cleanse(&acc, sizeof(acc));
}
