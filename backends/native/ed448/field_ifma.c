/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The inverse square roots of two elements side by side (accel.h's
 * isr_pair) on the ifma path: field.h's chain run once over fe4_ifma.h's
 * lanes, the two elements in lanes 0 and 1 (and again in 2 and 3, which
 * costs nothing more).  A chain of squarings is one long dependency, and
 * a 4-way square takes about the time of one of field.h's: the pair costs
 * what one root does.  Data-independent time, like the chain.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "fe4_ifma.h"

N448_IFMA_INLINE void sq_n4(n448_fe4 *r, const n448_fe4 *a, unsigned n)
{
    n448_fe4 t = *a;

    for (unsigned i = 0; i < n; i++)
        t = n448_fe4_sq(t);
    *r = t;
}

N448_IFMA_INLINE void mul4(n448_fe4 *r, const n448_fe4 *a, const n448_fe4 *b)
{
    *r = n448_fe4_mul(*a, *b);
}

N448_IFMA_TARGET static N448_DEFINE_ISR_CHAIN(isr_chain4, n448_fe4, sq_n4, mul4)

N448_IFMA_TARGET
void n448_ifma_isr_pair(n448_fe r[2], const n448_fe a[2])
{
    n448_fe4 v = n448_fe4_lanes(&a[0], &a[1], &a[0], &a[1]);
    n448_fe out[4];

    isr_chain4(&v, &v);
    n448_fe4_to_fe(out, v);
    r[0] = out[0];
    r[1] = out[1];
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_field_ifma_unused;

#endif
