/*
 * Double-scalar multiplication for verification; see scalarmul.h for the
 * method (the fixed base is in fixed_base.c).  The process-wide tables of B
 * (96 KiB) are computed on first use (pthread_once) from the base point (a
 * few milliseconds, once), and no generated source to keep in sync.
 */
#include "scalarmul.h"

#include <pthread.h>
#include <stdlib.h>

/* wNAF width for the tables of 2^(56 c) B in verification. */
#define VB_WNAF 8
#define VB_ENTRIES (1u << (VB_WNAF - 2))

static ge448_affine vb[GE448_VAR_SPLIT][VB_ENTRIES];
static pthread_once_t verify_once = PTHREAD_ONCE_INIT;

/* Largest batch: the per-key tables (all chunks at once). */
#define BATCH_MAX (GE448_VAR_SPLIT * GE448_VAR_ENTRIES)
_Static_assert(VB_ENTRIES <= BATCH_MAX, "batch_to_affine buffer");

/* Affine forms of n <= BATCH_MAX points, with one inversion for all. */
static void batch_to_affine(ge448_affine *out, const ge448 *in, size_t n)
{
    fe448 z[BATCH_MAX], zi[BATCH_MAX], t;

    for (size_t i = 0; i < n; i++)
        z[i] = in[i].Z;
    fe448_batch_inv(zi, z, n);
    for (size_t i = 0; i < n; i++) {
        fe448_mul(&out[i].x, &in[i].X, &zi[i]);
        fe448_mul(&out[i].y, &in[i].Y, &zi[i]);
        fe448_strong_reduce(&out[i].x);
        fe448_strong_reduce(&out[i].y);
        fe448_mul(&t, &out[i].x, &out[i].y);
        fe448_mul_small(&out[i].dt, &t, 39081);
        fe448_neg(&out[i].dt, &out[i].dt);
        fe448_strong_reduce(&out[i].dt);
    }
}

/* pts[m] = (2m + 1) p for m < n: the odd multiples a wNAF digit can name. */
static void odd_multiples(ge448 *pts, const ge448 *p, size_t n)
{
    ge448 p2;
    ge448_cached c2;

    pts[0] = *p;
    ge448_dbl(&p2, p, 1);
    ge448_to_cached(&c2, &p2);
    for (size_t i = 1; i < n; i++)
        ge448_add_cached(&pts[i], &pts[i - 1], &c2);
}

static void dbl_n(ge448 *p, unsigned n)
{
    while (n--)
        ge448_dbl(p, p, n == 0);
}

static void build_verify_tables(void)
{
    ge448 b;

    ge448_base(&b);
    for (unsigned c = 0; c < GE448_VAR_SPLIT; c++) {
        ge448 pts[VB_ENTRIES];

        odd_multiples(pts, &b, VB_ENTRIES);
        batch_to_affine(vb[c], pts, VB_ENTRIES);
        dbl_n(&b, GE448_VAR_CHUNK);
    }
}

int ge448_vartable_init(ge448_vartable *t, const ge448 *a)
{
    enum { N = GE448_VAR_SPLIT * GE448_VAR_ENTRIES };
    ge448 *pts = malloc(N * sizeof(*pts)), p = *a;

    if (pts == NULL)
        return 0;
    for (unsigned c = 0; c < GE448_VAR_SPLIT; c++) {
        if (c > 0)
            dbl_n(&p, GE448_VAR_CHUNK);
        odd_multiples(pts + c * GE448_VAR_ENTRIES, &p, GE448_VAR_ENTRIES);
    }
    /* one inversion for all of them */
    batch_to_affine(&t->t[0][0], pts, N);
    free(pts);
    return 1;
}

/*
 * One digit string of a joint multi-scalar loop and the odd multiples it
 * indexes: affine (8M additions) or projective (9M, for tables made per call
 * where normalising would cost an inversion).
 */
struct naf_term {
    int8_t *naf;
    unsigned top;
    const ge448_affine *aff;
    const ge448_cached *proj;
    int neg; /* subtract instead of add */
};

/* p += the entry for digit d of term t (odd d, |d| < table size * 2). */
static void add_digit(ge448 *p, const struct naf_term *t, int d, int need_t)
{
    int neg = t->neg ^ (d < 0);
    unsigned idx = (unsigned)(d < 0 ? -d : d) / 2;

    if (t->aff) {
        ge448_affine e = t->aff[idx];

        if (neg) {
            fe448_neg(&e.x, &e.x);
            fe448_neg(&e.dt, &e.dt);
        }
        ge448_add_affine(p, p, &e, need_t);
    } else {
        ge448_cached e = t->proj[idx];

        if (neg) {
            fe448_neg(&e.X, &e.X);
            fe448_neg(&e.dT, &e.dT);
        }
        ge448_add_cached(p, p, &e);
    }
}

/*
 * Straus-style joint loop: one doubling per digit position, then the
 * additions of every term with a digit there.  T is computed only when an
 * addition follows: what the callers do with the result (doublings,
 * comparisons) never reads it.
 */
static void joint(ge448 *p, const struct naf_term *terms, unsigned n)
{
    unsigned top = 0;

    for (unsigned t = 0; t < n; t++)
        top = terms[t].top > top ? terms[t].top : top;
    ge448_identity(p);
    for (unsigned i = top; i-- > 0;) {
        int pending = 0;

        for (unsigned t = 0; t < n; t++)
            pending += terms[t].top > i && terms[t].naf[i] != 0;
        ge448_dbl(p, p, pending > 0);
        for (unsigned t = 0; t < n; t++)
            if (terms[t].top > i && terms[t].naf[i])
                add_digit(p, &terms[t], terms[t].naf[i], --pending > 0);
    }
}

/* Terms for the chunks of s against the tables of 2^(56 c) B. */
static void base_terms(struct naf_term *terms, int8_t (*naf)[SC448_NAF_LEN], const sc448 *s)
{
    for (unsigned c = 0; c < GE448_VAR_SPLIT; c++) {
        terms[c] = (struct naf_term){ naf[c], 0, vb[c], NULL, 0 };
        terms[c].top = sc448_wnaf_chunk(naf[c], s, GE448_VAR_CHUNK * c, GE448_VAR_CHUNK, VB_WNAF);
    }
}

int ge448_check_combination(const sc448 *s, const sc448 *h,
                            const ge448_vartable *a, const uint8_t r[GE448_BYTES])
{
    enum { TERMS = 2 * GE448_VAR_SPLIT };
    int8_t naf[TERMS][SC448_NAF_LEN];
    struct naf_term terms[TERMS];
    ge448 p;

    pthread_once(&verify_once, build_verify_tables);
    base_terms(terms, naf, s);
    for (unsigned c = 0; c < GE448_VAR_SPLIT; c++) {
        struct naf_term *t = &terms[GE448_VAR_SPLIT + c];

        *t = (struct naf_term){ naf[GE448_VAR_SPLIT + c], 0, a->t[c], NULL, 1 };
        t->top = sc448_wnaf_chunk(t->naf, h, GE448_VAR_CHUNK * c, GE448_VAR_CHUNK, GE448_VAR_WNAF);
    }
    joint(&p, terms, TERMS);
    return ge448_equals_encoding_mod_torsion(&p, r);
}

/* Width of the wNAFs of the half-size scalars when A's and R's multiples are made per call. */
#define LIGHT_WNAF 5
#define LIGHT_ENTRIES (1u << (LIGHT_WNAF - 2))

/* Odd multiples of p in projective cached form (no inversion). */
static void cached_multiples(ge448_cached *out, const ge448 *p)
{
    ge448 pts[LIGHT_ENTRIES];

    odd_multiples(pts, p, LIGHT_ENTRIES);
    for (unsigned m = 0; m < LIGHT_ENTRIES; m++)
        ge448_to_cached(&out[m], &pts[m]);
}

/*
 * With d h = c (mod l) and c, |d| < 2^224 (sc448_halfsize):
 *   [4]([d s]B - [c]A - [d]R) = [d] [4]([s]B - [h]A - R),
 * because [4]A lies in the subgroup of order l, where [c] and [d h] agree.
 * The right side is in that subgroup too and 0 < |d| < l, so the left side
 * is the identity exactly when the original equation holds: the same verdict
 * from about 225 doublings instead of 446.
 */
int ge448_check_combination_light(const sc448 *s, const sc448 *h, const ge448 *a, const ge448 *r)
{
    int8_t naf[GE448_VAR_SPLIT][SC448_NAF_LEN], nc[SC448_NAF_FULL], nd[SC448_NAF_FULL];
    struct naf_term terms[GE448_VAR_SPLIT + 2];
    ge448_cached ma[LIGHT_ENTRIES], mr[LIGHT_ENTRIES];
    sc448 c, d, ds, zero = { { 0 } };
    int d_neg;
    ge448 p;

    pthread_once(&verify_once, build_verify_tables);
    sc448_halfsize(h, &c, &d, &d_neg);
    sc448_muladd(&ds, &d, s, &zero);
    if (d_neg)
        sc448_neg(&ds, &ds);
    cached_multiples(ma, a);
    cached_multiples(mr, r);

    base_terms(terms, naf, &ds);
    terms[GE448_VAR_SPLIT] = (struct naf_term){ nc, 0, NULL, ma, 1 };
    terms[GE448_VAR_SPLIT].top = sc448_wnaf(nc, &c, LIGHT_WNAF);
    /* -[d]R: subtract [|d|]R, or add it when d is negative */
    terms[GE448_VAR_SPLIT + 1] = (struct naf_term){ nd, 0, NULL, mr, !d_neg };
    terms[GE448_VAR_SPLIT + 1].top = sc448_wnaf(nd, &d, LIGHT_WNAF);
    joint(&p, terms, GE448_VAR_SPLIT + 2);
    ge448_dbl(&p, &p, 0);
    ge448_dbl(&p, &p, 0);
    return (int)(ge448_is_identity(&p) & 1);
}
