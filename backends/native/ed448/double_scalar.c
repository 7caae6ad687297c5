/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Double-scalar multiplication for verification, on the twisted curve of
 * twisted.h (7M additions from affine entries, 8M from projective ones); see
 * scalarmult.h for the method (the fixed base is in fixed_base.c).  The
 * process-wide tables of phi(B) (96 KiB, tables.h) are constant data,
 * generated when the library is built.
 *
 * Why the verdicts do not change: phi is a homomorphism whose kernel is the
 * whole rational 4-torsion of edwards448, and it maps every rational point,
 * whatever its torsion, into the subgroup of odd order l of the twisted
 * curve, where the formulas have no exceptions (twisted.h).
 */
#include "scalarmult.h"

#include "accel.h"
#include "lattice.h"
#include "tables.h"
#include "twisted.h"

#include <openssl/crypto.h>

_Static_assert(N448_GE_VAR_SPLIT * N448_GE_VAR_ENTRIES <= N448_GE_TW_BATCH_MAX,
               "a key's tables are converted in one batch");

int n448_ge_vartable_init(n448_ge_vartable *t, const n448_ge *a)
{
    enum { N = N448_GE_VAR_SPLIT * N448_GE_VAR_ENTRIES };
    n448_ge_tw *pts = OPENSSL_malloc(N * sizeof(*pts)), p;

    if (pts == NULL)
        return 0;
    n448_ge_tw_from_edwards(&p, a);
    for (unsigned c = 0; c < N448_GE_VAR_SPLIT; c++) {
        if (c > 0)
            n448_ge_tw_dbl_n(&p, N448_GE_VAR_CHUNK);
        n448_ge_tw_odd_multiples(pts + c * N448_GE_VAR_ENTRIES, &p, N448_GE_VAR_ENTRIES);
    }
    /* one inversion for all of them */
    n448_ge_tw_batch_to_niels(&t->t[0][0], pts, N);
    OPENSSL_free(pts);
    return 1;
}

/* p += the entry for digit d of term t (odd d, |d| < table size * 2). */
static void add_digit(n448_ge_tw *p, const struct n448_naf_term *t, int d, int need_t)
{
    int neg = t->neg ^ (d < 0);
    unsigned idx = (unsigned)(d < 0 ? -d : d) / 2;

    if (t->aff) {
        n448_ge_tw_niels e;

        if (neg)
            n448_ge_tw_niels_neg(&e, &t->aff[idx]);
        n448_ge_tw_add_niels(p, p, neg ? &e : &t->aff[idx], need_t);
    } else {
        n448_ge_tw_cached e;

        if (neg)
            n448_ge_tw_cached_neg(&e, &t->proj[idx]);
        n448_ge_tw_add_cached(p, p, neg ? &e : &t->proj[idx]);
    }
}

/*
 * Straus-style joint loop: one doubling per digit position, then the
 * additions of every term with a digit there.  T is computed only when an
 * addition follows: what the callers do with the result (the isogeny,
 * comparisons) never reads it.
 */
static void joint_portable(n448_ge_tw *p, const struct n448_naf_term *terms, unsigned n)
{
    unsigned top = 0;

    for (unsigned t = 0; t < n; t++)
        top = terms[t].top > top ? terms[t].top : top;
    n448_ge_tw_identity(p);
    for (unsigned i = top; i-- > 0;) {
        int pending = 0;

        for (unsigned t = 0; t < n; t++)
            pending += terms[t].top > i && terms[t].naf[i] != 0;
        n448_ge_tw_dbl(p, p, pending > 0);
        for (unsigned t = 0; t < n; t++)
            if (terms[t].top > i && terms[t].naf[i])
                add_digit(p, &terms[t], terms[t].naf[i], --pending > 0);
    }
}

/* The joint loop of the running path: its own (accel.h) or the portable one. */
static void joint(n448_ge_tw *p, const struct n448_naf_term *terms, unsigned n)
{
    const struct n448_accel *accel = n448_accel_selected();

    if (accel != NULL && accel->joint != NULL)
        accel->joint(p, terms, n);
    else
        joint_portable(p, terms, n);
}

/* Terms for the chunks of s against the tables of 2^(56 c) phi(B). */
static void base_terms(struct n448_naf_term *terms, int8_t (*naf)[N448_SC_NAF_LEN], const n448_sc *s)
{
    for (unsigned c = 0; c < N448_GE_VAR_SPLIT; c++) {
        terms[c] = (struct n448_naf_term){ naf[c], 0, n448_ge_bvar_table()[c], NULL, 0 };
        terms[c].top = n448_sc_wnaf_chunk(naf[c], s, N448_GE_VAR_CHUNK * c, N448_GE_VAR_CHUNK,
                                          N448_GE_BVAR_WNAF);
    }
}

/*
 * With s' = s/4 and h' = h/4 (mod l), psi([s']phi(B) - [h']phi(A))
 * = [4 s']B - [4 h']A, which is [s]B - [h]A plus a 4-torsion point
 * (n448_sc_div4): the comparison up to 4-torsion gives the same verdict.
 */
int n448_ge_verify(const n448_sc *s, const n448_sc *h,
                              const n448_ge_vartable *a, const uint8_t r[N448_GE_BYTES])
{
    enum { TERMS = 2 * N448_GE_VAR_SPLIT };
    int8_t naf[TERMS][N448_SC_NAF_LEN];
    struct n448_naf_term terms[TERMS];
    n448_sc s4, h4;
    n448_ge_tw q;
    n448_ge p;

    n448_sc_div4(&s4, s);
    n448_sc_div4(&h4, h);
    base_terms(terms, naf, &s4);
    for (unsigned c = 0; c < N448_GE_VAR_SPLIT; c++) {
        struct n448_naf_term *t = &terms[N448_GE_VAR_SPLIT + c];

        *t = (struct n448_naf_term){ naf[N448_GE_VAR_SPLIT + c], 0, a->t[c], NULL, 1 };
        t->top = n448_sc_wnaf_chunk(naf[N448_GE_VAR_SPLIT + c], &h4, N448_GE_VAR_CHUNK * c, N448_GE_VAR_CHUNK,
                                    N448_GE_VAR_WNAF);
    }
    joint(&q, terms, TERMS);
    n448_ge_tw_to_edwards(&p, &q);
    return n448_ge_equals_encoding_mod_torsion(&p, r);
}

/* Width of the wNAFs of the half-size scalars when A's and R's multiples are made per call. */
#define LIGHT_WNAF 5
#define LIGHT_ENTRIES (1u << (LIGHT_WNAF - 2))
_Static_assert(N448_GE_BVAR_WNAF <= 8 && N448_GE_VAR_WNAF <= 8 && LIGHT_WNAF <= 8,
               "wNAF digits, below 2^(w-1) in size, are int8_t");

/* Odd multiples of phi(p) in projective cached form (no inversion). */
static void cached_multiples(n448_ge_tw_cached *out, const n448_ge *p)
{
    n448_ge_tw pts[LIGHT_ENTRIES], tp;

    n448_ge_tw_from_edwards(&tp, p);
    n448_ge_tw_odd_multiples(pts, &tp, LIGHT_ENTRIES);
    for (unsigned m = 0; m < LIGHT_ENTRIES; m++)
        n448_ge_tw_to_cached(&out[m], &pts[m]);
}

/*
 * With d h = c (mod l) and c, |d| < 2^224 (n448_lattice_split):
 *   [4]([d s]B - [c]A - [d]R) = [d] [4]([s]B - [h]A - R),
 * because [4]A lies in the subgroup of order l, where [c] and [d h] agree.
 * The right side is in that subgroup too and 0 < |d| < l, so the left side
 * is the identity exactly when the original equation holds: the same verdict
 * from about 225 doublings instead of 446.  It is evaluated as
 * [d s]phi(B) - [c]phi(A) - [d]phi(R) = phi([d s]B - [c]A - [d]R), which is
 * the identity exactly when [4] is, the kernel of phi being the 4-torsion.
 */
int n448_ge_verify_light(const n448_sc *s, const n448_sc *h, const n448_ge *a, const n448_ge *r)
{
    int8_t naf[N448_GE_VAR_SPLIT][N448_SC_NAF_LEN], nc[N448_SC_NAF_FULL], nd[N448_SC_NAF_FULL];
    struct n448_naf_term terms[N448_GE_VAR_SPLIT + 2];
    n448_ge_tw_cached ma[LIGHT_ENTRIES], mr[LIGHT_ENTRIES];
    n448_sc c, d, ds, zero = { { 0 } };
    int d_neg;
    n448_ge_tw p;

    n448_lattice_split(h, &c, &d, &d_neg);
    n448_sc_muladd(&ds, &d, s, &zero);
    if (d_neg)
        n448_sc_neg(&ds, &ds);
    cached_multiples(ma, a);
    cached_multiples(mr, r);

    base_terms(terms, naf, &ds);
    terms[N448_GE_VAR_SPLIT] = (struct n448_naf_term){ nc, 0, NULL, ma, 1 };
    terms[N448_GE_VAR_SPLIT].top = n448_sc_wnaf(nc, &c, LIGHT_WNAF);
    /* -[d]R: subtract [|d|]R, or add it when d is negative */
    terms[N448_GE_VAR_SPLIT + 1] = (struct n448_naf_term){ nd, 0, NULL, mr, !d_neg };
    terms[N448_GE_VAR_SPLIT + 1].top = n448_sc_wnaf(nd, &d, LIGHT_WNAF);
    joint(&p, terms, N448_GE_VAR_SPLIT + 2);
    return (int)(n448_ge_tw_is_identity(&p) & 1);
}
