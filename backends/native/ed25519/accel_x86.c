/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed25519's x86-64 paths, the tables cpu.c picks from: the four-limb field
 * with mulx/adcx/adox (point_adx.c) or the 4-way IFMA code (fixed_base_ifma.c,
 * point_ifma.c) for the scalar multiplications, and SHA-512 compiled for
 * BMI2.  Empty on other CPUs.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "field_adx.h"
#include "sha512_rounds.h"

/* BMI2's rorx rotates without touching flags or its source: faster, see
 * docs/performance.md, "Figures from code comments". */
__attribute__((target("bmi2")))
static void sha512_blocks_bmi2(uint64_t state[8], const uint8_t *blocks, size_t nblocks)
{
    n25519_sha512_compress_body(state, blocks, nblocks);
}

const struct n25519_accel n25519_accel_adx = {
    .sha512_blocks = sha512_blocks_bmi2,
    .pow22523 = n25519_adx_pow22523,
    .lighttable_init = n25519_adx_lighttable_init,
    .scalarmult_base = n25519_adx_scalarmult_base,
    .double_scalarmult = n25519_adx_double_scalarmult,
    .light_scalarmult = n25519_adx_light_scalarmult,
};

const struct n25519_accel n25519_accel_ifma = {
    .sha512_blocks = sha512_blocks_bmi2,
    .pow22523 = n25519_ifma_pow22523,
    .lighttable_init = n25519_ifma_lighttable_init,
    .scalarmult_base_lanes = n25519_ifma_scalarmult_base,
    .double_scalarmult = n25519_ifma_double_scalarmult,
    .light_scalarmult = n25519_ifma_light_scalarmult,
};

#else

/* ISO C forbids an empty translation unit. */
typedef int n25519_accel_x86_unused;

#endif
