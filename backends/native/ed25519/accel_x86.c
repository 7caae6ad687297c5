/*
 * Ed25519's x86-64 paths: the portable bodies compiled for BMI2 and AVX2,
 * and the tables cpu.c picks from.  Empty on other CPUs.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "point_ifma.h"
#include "sha512_rounds.h"

/* BMI2's rorx rotates without touching flags or its source: about 1.3x faster. */
__attribute__((target("bmi2")))
static void sha512_blocks_bmi2(uint64_t state[8], const uint8_t *blocks, size_t nblocks)
{
    n25519_sha512_compress_body(state, blocks, nblocks);
}

/* Two 32-byte halves per 64-byte vector: half the instructions of SSE2. */
__attribute__((target("avx2")))
static void select_niels_avx2(n25519_ge_niels *t, const n25519_base_entry *row, uint64_t mag,
                              uint64_t neg)
{
    n25519_select_niels_body(t, row, mag, neg);
}

const struct n25519_accel n25519_accel_adx = {
    .sha512_blocks = sha512_blocks_bmi2,
    .select_niels = select_niels_avx2,
};

const struct n25519_accel n25519_accel_ifma = {
    .sha512_blocks = sha512_blocks_bmi2,
    .select_niels = select_niels_avx2,
    .scalarmult_base = n25519_ifma_scalarmult_base,
    .double_scalarmult = n25519_ifma_double_scalarmult,
    .double_scalarmult_light = n25519_ifma_double_scalarmult_light,
};

#else

/* ISO C forbids an empty translation unit. */
typedef int n25519_accel_x86_unused;

#endif
