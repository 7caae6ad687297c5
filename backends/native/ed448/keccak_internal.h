/* SPDX-License-Identifier: Apache-2.0 */
/* What shake256.c shares with its AVX-512 permutation (shake256_avx512.c). */
#ifndef N448_KECCAK_INTERNAL_H
#define N448_KECCAK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* The 24 round constants of Keccak-f[1600] (iota); a copy per file keeps
 * shake256_avx512.c free of links to the portable code. */
static const uint64_t n448_keccak_round_constants[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

/* Absorbs nblocks 136-byte blocks into s, permuting after each (AVX-512VL). */
void n448_avx512_keccak_blocks(uint64_t s[25], const uint8_t *in, size_t nblocks);

#endif
