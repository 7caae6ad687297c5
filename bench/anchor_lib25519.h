/* SPDX-License-Identifier: Apache-2.0 */
/*
 * lib25519, the fastest published Ed25519 (../shared/anchors/lib25519), as a
 * benchmark row to beat.  It is opened with dlopen so that the benchmark
 * builds and runs without it; it is never a backend: its signatures are
 * hedged (randomised), valid Ed25519 signatures but not RFC 8032's
 * deterministic ones.  Its row (anchor_impl_init) is declared in impl.h.
 */
#ifndef EDFAST_BENCH_ANCHOR_LIB25519_H
#define EDFAST_BENCH_ANCHOR_LIB25519_H

#include <stddef.h>
#include <stdint.h>

struct lib25519_anchor {
    /* sk = seed || pk, 64 bytes. */
    void (*keypair)(unsigned char *pk, unsigned char *sk);
    /* sm = signature || message, 64 + mlen bytes. */
    void (*sign)(unsigned char *sm, long long *smlen, const unsigned char *m, long long mlen,
                 const unsigned char *sk);
    /* 0 when sm holds a valid signature of its message; m gets smlen bytes. */
    int (*open)(unsigned char *m, long long *mlen, const unsigned char *sm, long long smlen,
                const unsigned char *pk);
    /* The implementations lib25519 chose for this CPU (e.g. "amd64-mxaa"):
     * fixed-base, double-scalar multiplication and SHA-512. */
    const char *(*fixed_base_implementation)(void);
    const char *(*double_scalar_implementation)(void);
    const char *(*sha512_implementation)(void);
};

/* Opens lib25519 from the directory holding lib25519.so.1 and its
 * librandombytes.  Returns 1, or 0 (with the reason in why) when it cannot. */
int lib25519_anchor_load(struct lib25519_anchor *anchor, const char *dir, char *why,
                         size_t why_len);

#endif
