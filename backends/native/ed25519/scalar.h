/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Scalars modulo the group order L = 2^252 + 27742317777372353535851937790883648493.
 * Scalars travel as 32-byte little-endian strings, as in RFC 8032.
 */
#ifndef N25519_SCALAR_H
#define N25519_SCALAR_H

#include <stdint.h>

/* out = in mod L for a 64-byte little-endian number (a SHA-512 digest); constant time. */
void n25519_sc_reduce64(uint8_t out[32], const uint8_t in[64]);

/* out = in mod L for any 32-byte number; constant time. */
void n25519_sc_reduce32(uint8_t out[32], const uint8_t in[32]);

/* s = (a * b + c) mod L for any 256-bit a, b, c; constant time. */
void n25519_sc_muladd(uint8_t s[32], const uint8_t a[32], const uint8_t b[32],
                      const uint8_t c[32]);

/* 1 when s < L (the S half of a signature must be), else 0; variable time (s is public). */
int n25519_sc_is_canonical(const uint8_t s[32]);

/*
 * Signed radix-2^w digits e[0..n-1] with s = sum e[i] 2^(w i) and
 * -2^(w-1) <= e[i] < 2^(w-1) (the top digit may equal 2^(w-1)).
 * Requires s < 2^(w n - 1); constant time.
 */
void n25519_sc_signed_radix(int8_t *e, const uint8_t s[32], int w, int n);

/*
 * Width-w NAF of s < 2^255: naf[i] is 0 or odd with |naf[i]| < 2^(w-1), and
 * any w consecutive digits hold at most one nonzero.  2 <= w <= 8.  Variable
 * time: only for public scalars.
 */
void n25519_sc_wnaf(int8_t naf[256], const uint8_t s[32], int w);

#endif
