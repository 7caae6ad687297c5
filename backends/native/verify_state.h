/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A key's verification state, the same for both curves, built as the key is
 * used: a key never verified and a key verified once keep nothing but this
 * word, since most public keys are used once (a certificate's, a DNSSEC
 * record's, a JWT issuer's in a short-lived process) and per-key data would
 * multiply what such a key costs.  The first verification takes the light
 * path, decoding the public key into its own stack; the second, the key
 * being reused, builds the full per-key tables, which cost about two
 * verifications and make every later one fast.
 *
 * Lock-free: one thread wins the right to build the tables (a compare and
 * swap from SEEN to BUILDING) and publishes them with release after writing
 * them; every other thread verifies on the light path meanwhile, and reads
 * the tables only after an acquire load of FULL.  The tables of a published
 * step are never written again.
 */
#ifndef EDFAST_NATIVE_VERIFY_STATE_H
#define EDFAST_NATIVE_VERIFY_STATE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum edfast_vstate {
    EDFAST_VSTATE_NEW = 0,      /* not verified yet */
    EDFAST_VSTATE_SEEN = 1,     /* verified before; the public key decodes; nothing kept */
    EDFAST_VSTATE_BUILDING = 2, /* one thread building the full tables */
    EDFAST_VSTATE_FULL = 3,     /* the full tables ready */
    EDFAST_VSTATE_BAD = 4       /* the public key does not decode: every verify fails */
};

struct edfast_verify_state {
    atomic_int state; /* enum edfast_vstate */
};

static inline void edfast_vstate_init(struct edfast_verify_state *v)
{
    atomic_init(&v->state, EDFAST_VSTATE_NEW);
}

/*
 * How this verification goes: FULL (read the tables) or BAD (fail); NEW or
 * SEEN, the light path, after which the caller reports whether the key
 * decoded (edfast_vstate_decoded); BUILDING when this caller won the right
 * to build the tables, after which it reports whether it did
 * (edfast_vstate_built) and verifies on them or, out of memory, on the light
 * path.  A thread that finds another building gets SEEN.
 */
static inline enum edfast_vstate edfast_vstate_next(struct edfast_verify_state *v)
{
    int st = atomic_load_explicit(&v->state, memory_order_acquire);
    int seen = EDFAST_VSTATE_SEEN;

    if (st == EDFAST_VSTATE_SEEN
            && atomic_compare_exchange_strong_explicit(&v->state, &seen, EDFAST_VSTATE_BUILDING,
                                                       memory_order_acq_rel,
                                                       memory_order_acquire))
        return EDFAST_VSTATE_BUILDING;
    return st == EDFAST_VSTATE_BUILDING ? EDFAST_VSTATE_SEEN : (enum edfast_vstate)st;
}

/* After a light verification of a NEW key: the key decodes (SEEN) or does not (BAD). */
static inline void edfast_vstate_decoded(struct edfast_verify_state *v, int decodes)
{
    int fresh = EDFAST_VSTATE_NEW;

    atomic_compare_exchange_strong_explicit(&v->state, &fresh,
                                            decodes ? EDFAST_VSTATE_SEEN : EDFAST_VSTATE_BAD,
                                            memory_order_relaxed, memory_order_relaxed);
}

/* After BUILDING: the tables written (FULL, published) or not, out of memory (SEEN again). */
static inline void edfast_vstate_built(struct edfast_verify_state *v, int built)
{
    atomic_store_explicit(&v->state, built ? EDFAST_VSTATE_FULL : EDFAST_VSTATE_SEEN,
                          memory_order_release);
}

struct edfast_instance;

/* What a verification is given; each curve's data of one (ctx below) starts with it. */
struct edfast_verify_args {
    void *key;
    const struct edfast_instance *instance;
    const uint8_t *msg;
    size_t msg_len;
    const uint8_t *sig;
};

/*
 * A curve's steps of a verification, for edfast_vstate_verify; ctx is the
 * curve's own data of the verification: its edfast_verify_args, and what
 * the steps pass on (the challenge).
 */
struct edfast_verify_ops {
    int (*build)(void *ctx);               /* the key's full tables: 1, or 0 out of memory */
    void (*challenge)(void *ctx);          /* what both paths need: the challenge k */
    int (*full)(void *ctx);                /* on the full tables: 1 valid, 0 not */
    int (*light)(void *ctx, int *decodes); /* the light path: 1 valid, 0 not; whether A decoded */
};

/*
 * One verification through the state: fails a BAD key, builds the tables
 * when this caller wins the right to, then checks on the full tables or on
 * the light path, after which a NEW key becomes SEEN or BAD.  The challenge
 * is computed only once the key is known not to be BAD.  Always inlined,
 * with ops a constant, so that the steps are direct calls (or inlined): no
 * call through a pointer on the way.
 */
static inline __attribute__((always_inline)) int
edfast_vstate_verify(struct edfast_verify_state *v, const struct edfast_verify_ops *ops, void *ctx)
{
    enum edfast_vstate st = edfast_vstate_next(v);
    int valid, decodes;

    if (st == EDFAST_VSTATE_BAD)
        return 0;
    if (st == EDFAST_VSTATE_BUILDING) {
        int built = ops->build(ctx);

        edfast_vstate_built(v, built);
        st = built ? EDFAST_VSTATE_FULL : EDFAST_VSTATE_SEEN;
    }
    ops->challenge(ctx);
    if (st == EDFAST_VSTATE_FULL)
        return ops->full(ctx);
    valid = ops->light(ctx, &decodes);
    if (st == EDFAST_VSTATE_NEW)
        edfast_vstate_decoded(v, decodes);
    return valid;
}

#endif
