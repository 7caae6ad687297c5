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

/* x86-64's and most aarch64 cores' cache line. */
#define EDFAST_CACHE_LINE 64

struct edfast_key {
    /*
     * Written by every operation (each signature context holds a reference):
     * alone on its cache line, so that threads sharing the key do not take
     * from each other the line the fields below are read from, nor that of
     * whatever the allocator put before the key.  Padding, not alignment: an
     * allocator aligns to max_align_t, so the line of a field that far in
     * starts inside the key, and none after the padding can share it; an
     * aligned key would cost up to 63 bytes more.
     */
    char line_before[EDFAST_CACHE_LINE - _Alignof(max_align_t)];
    atomic_int references;
    char line_after[EDFAST_CACHE_LINE - sizeof(atomic_int)];
    enum edfast_curve curve;
    const struct edfast_provctx *provctx;
    const struct edfast_curve_ops *ops; /* the curve's backend, chosen at load */
    void *state;                        /* ops' state; NULL until filled */
    /*
     * The fallback states: for a framing ops do not serve, the state of the
     * backend that does (provctx->framing_ops), made from the raw halves on
     * first use and kept until the key is freed.
     */
    void *_Atomic fallback[EDFAST_FRAMING_COUNT];
    /*
     * The private key (the curve's key length), NULL for a public-only key;
     * in OpenSSL's secure heap when the application enabled one, as the
     * default provider keeps it; cleansed on free.
     */
    uint8_t *seed;
    uint8_t pub[EDFAST_MAX_KEY_BYTES];
};

struct edfast_key *edfast_key_new(const struct edfast_provctx *provctx, enum edfast_curve curve);
struct edfast_key *edfast_key_up_ref(struct edfast_key *key);
void edfast_key_free(struct edfast_key *key);

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
