/*
 * Constant-time fixed-base multiplication [s]B (keygen, signing), on the
 * twisted curve of twisted.h: [s]B = psi([s/4] phi(B)), where each addition
 * costs 7 multiplications instead of 8.  The process-wide table (228 KiB) is
 * computed on first use (pthread_once) from the base point (about 1-2 ms,
 * once).  The method is in scalarmult.h.
 */
#include "scalarmult.h"

#include "accel.h"
#include "base_scan.h"
#include "twisted.h"

#include <pthread.h>
#include <openssl/crypto.h>

static n448_ge_tw_niels base_table[N448_BASE_ROWS][N448_BASE_ENTRIES];
_Static_assert(N448_BASE_ENTRIES <= N448_GE_TW_BATCH_MAX, "a row is converted in one batch");
static pthread_once_t base_once = PTHREAD_ONCE_INIT;

/* Row j: (m + 1) 2^(2 W j) phi(B) for m < N448_BASE_ENTRIES, affine. */
static void build_base_table(void)
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

    scan(e, base_table[row], abs);
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
    const struct n448_accel *accel = edfast_native_cpu()->ed448;
    int8_t d[N448_BASE_DIGITS];
    struct base_digits digits = { d, accel != NULL && accel->base_scan != NULL ? accel->base_scan
                                                                               : base_scan_portable };
    n448_ge_tw acc;
    n448_sc q;

    pthread_once(&base_once, build_base_table);
    n448_sc_div4(&q, s);
    n448_sc_recode_signed(d, &q, N448_BASE_W);
    if (accel != NULL && accel->base_sum != NULL)
        accel->base_sum(&acc, lookup_digit, &digits, ODD_DIGITS, N448_BASE_DIGITS, N448_BASE_W);
    else
        base_sum_portable(&acc, lookup_digit, &digits, ODD_DIGITS, N448_BASE_DIGITS, N448_BASE_W);
    n448_ge_tw_to_edwards(r, &acc);
    OPENSSL_cleanse(d, sizeof(d)); /* the secret's digits */
    OPENSSL_cleanse(&q, sizeof(q));
    OPENSSL_cleanse(&acc, sizeof(acc));
}
