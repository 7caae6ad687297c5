/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An ED25519 or ED448 key as the provider holds it: the raw halves OpenSSL
 * imports and exports, and the chosen backend's state made from them once.
 * A key is filled once and its halves never change after; sharing is by
 * reference (the fallback states alone are added later, atomically).
 */
#ifndef EDFAST_KEY_H
#define EDFAST_KEY_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "provctx.h"

/*
 * The fields every operation reads and none writes.  The reference count,
 * which every operation writes (each signature context holds a reference),
 * lives behind them in key.c's block, on a cache line of its own (key.c).
 */
struct edfast_key {
    const struct edfast_provctx *provctx;
    void *state; /* the curve's ops' state (provctx->ops); NULL until filled */
    /*
     * The fallback states: for a framing the key's ops do not serve, the
     * state of the backend that does (provctx->framing_ops), made from the
     * raw halves on first use and kept until the key is freed.  Their array
     * is allocated with the first of them: most keys never need one.
     */
    struct edfast_key_fallbacks *_Atomic fallbacks;
    /*
     * The private key (the curve's key length), NULL for a public-only key;
     * in OpenSSL's secure heap when the application enabled one, as the
     * default provider keeps it; cleansed on free.
     */
    uint8_t *seed;
    uint8_t pub[EDFAST_MAX_KEY_BYTES];
    unsigned char curve; /* enum edfast_curve, a byte: it fits in pub's padding */
};

struct edfast_key *edfast_key_new(const struct edfast_provctx *provctx, enum edfast_curve curve);
struct edfast_key *edfast_key_up_ref(struct edfast_key *key);
void edfast_key_free(struct edfast_key *key);

/* The operations holding the key's own state: its curve's, chosen at load. */
static inline const struct edfast_curve_ops *edfast_key_ops(const struct edfast_key *key)
{
    return key->provctx->ops[key->curve];
}

static inline int edfast_key_is_filled(const struct edfast_key *key)
{
    return key->state != NULL;
}

/*
 * Fills an empty key.  seed may be NULL (a public-only key); pub may be NULL
 * when seed is given, and is then derived.  Both have the curve's key length.
 */
int edfast_key_fill(struct edfast_key *key, const uint8_t *seed, const uint8_t *pub);

/* Fills an empty key with a fresh random seed. */
int edfast_key_generate(struct edfast_key *key);

/*
 * The operations serving a framing for this filled key and the state to call
 * them with: the key's own, or its fallback state for the framing, made on
 * first use (thread-safe).  NULL, with the reason raised, when no backend
 * serves the framing or the fallback state cannot be made.
 */
const struct edfast_curve_ops *edfast_key_ops_for(struct edfast_key *key,
                                                  enum edfast_framing framing,
                                                  const void **state);

/* A new key with the same public half and no private half. */
struct edfast_key *edfast_key_public_copy(const struct edfast_key *key);

#endif
