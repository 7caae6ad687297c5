/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The square-root exponentiation of the ifma path: the elements in the lanes
 * of one n25519_fe4, so that two cost one chain.  A chain of squarings is one long
 * dependency; the four-limb field's pair overlaps two of them but is then
 * limited by multiplier throughput, which the lanes are not.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "fe4_ifma.h"

N25519_IFMA_INLINE void n25519_fe4_sq_into(n25519_fe4 *h, const n25519_fe4 *f)
{
    *h = n25519_fe4_sq(*f);
}

N25519_IFMA_INLINE void n25519_fe4_mul_into(n25519_fe4 *h, const n25519_fe4 *f, const n25519_fe4 *g)
{
    *h = n25519_fe4_mul(*f, *g);
}

/* Called with n = 1: the lanes are the ways. */
static N25519_IFMA_TARGET N25519_DEFINE_POW22523(pow22523_lanes, n25519_fe4, n25519_fe4_sq_into, n25519_fe4_mul_into)

N25519_IFMA_TARGET void n25519_ifma_pow22523(n25519_fe *h, const n25519_fe *f, int n)
{
    uint64_t out[5][4];
    n25519_fe4 x;

    /* n <= N25519_POW_WAYS = 2: lanes 2 and 3 (and 1 when n = 1) repeat element 0;
     * n25519_fe4 wants tight limbs, field.h allows a little more. */
    for (int i = 0; i < 5; i++)
        x.l[i] = _mm256_set_epi64x((int64_t)f[0].v[i], (int64_t)f[0].v[i],
                                   (int64_t)f[n > 1 ? 1 : 0].v[i], (int64_t)f[0].v[i]);
    x = n25519_fe4_carry(x);
    pow22523_lanes(&x, &x, 1);
    n25519_fe4_store(out, x);
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < n; j++)
            h[j].v[i] = out[i][j];
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n25519_field_ifma_unused;

#endif
