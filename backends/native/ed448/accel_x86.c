/*
 * Ed448's x86-64 paths: the portable row scan compiled for AVX2, and the
 * tables cpu.c picks from.  Empty on other CPUs.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "base_scan.h"
#include "keccak_internal.h"

/* The scan is a pure stream of loads, ANDs and ORs: half the instructions with AVX2. */
__attribute__((target("avx2")))
static void base_scan_avx2(ge448_affine *e, const ge448_affine *row, uint64_t abs)
{
    n448_base_scan_body(e, row, abs);
}

const struct n448_accel n448_accel_adx = {
    .base_scan = base_scan_avx2,
};

const struct n448_accel n448_accel_ifma = {
    .keccak_blocks = n448_keccak_blocks_avx512,
    .base_scan = base_scan_avx2,
};

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_accel_x86_unused;

#endif
