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

N448_IFMA_INLINE void sqrn4(fe4_448 *r, const fe4_448 *a, unsigned n)
{
    fe4_448 t = *a;

    for (unsigned i = 0; i < n; i++)
        t = fe4_448_sqr(t);
    *r = t;
}

N448_IFMA_INLINE void mul4(fe4_448 *r, const fe4_448 *a, const fe4_448 *b)
{
    *r = fe4_448_mul(*a, *b);
}

N448_IFMA_TARGET static N448_DEFINE_ISR_CHAIN(isr_chain4, fe4_448, sqrn4, mul4)

N448_IFMA_TARGET
void n448_isr_pair_ifma(fe448 r[2], const fe448 a[2])
{
    fe4_448 v = fe4_448_lanes(&a[0], &a[1], &a[0], &a[1]);
    fe448 out[4];

    isr_chain4(&v, &v);
    fe4_448_to_fe448(out, v);
    r[0] = out[0];
    r[1] = out[1];
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_field_ifma_unused;

#endif
