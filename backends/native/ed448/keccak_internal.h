/* What shake256.c shares with its AVX-512 permutation (shake256_avx512.c). */
#ifndef N448_KECCAK_INTERNAL_H
#define N448_KECCAK_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* The 24 round constants of Keccak-f[1600] (iota). */
extern const uint64_t n448_keccak_round_constants[24];

/* Absorbs nblocks 136-byte blocks into s, permuting after each (AVX-512VL). */
void n448_keccak_blocks_avx512(uint64_t s[25], const uint8_t *in, size_t nblocks);

#endif
