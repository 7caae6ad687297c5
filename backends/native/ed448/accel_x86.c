/*
 * Ed448's x86-64 path, the table cpu.c picks for ifma: the AVX-512VL Keccak.
 * (The adx path has nothing of its own: the portable row scan, in 16-byte
 * vectors, measured as fast as an AVX2 copy of it.)  Empty on other CPUs.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "keccak_internal.h"

const struct n448_accel n448_accel_ifma = {
    .keccak_blocks = n448_keccak_blocks_avx512,
};

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_accel_x86_unused;

#endif
