/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The fixed-base sum (accel.h's base_sum) on the ifma path: the point in
 * 4-way form (point_ifma.h), each entry moved into lanes as it is looked
 * up.  Constant time: the lookups are the caller's (a scan of a whole row),
 * and the 4-way arithmetic has no data-dependent branch or index.
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include <openssl/crypto.h>

#include "accel.h"
#include "point_ifma.h"

N448_IFMA_TARGET
void n448_ifma_base_sum(n448_ge_tw *p, n448_base_lookup_fn *lookup, void *ctx, unsigned n_first, unsigned n,
                        unsigned w)
{
    const n448_fe two = { { 2 } }; /* 2 Z of an affine entry */
    n448_ge_tw_niels e;
    n448_fe4 acc = identity4();

    for (unsigned k = 0; k < n; k++) {
        if (k == n_first)
            for (unsigned i = 0; i < w; i++)
                acc = dbl4(acc);
        lookup(&e, k, ctx);
        acc = add4(acc, n448_fe4_lanes(&e.ymx, &e.ypx, &two, &e.t2d));
    }
    point4_store(p, acc);
    OPENSSL_cleanse(&e, sizeof(e));
    OPENSSL_cleanse(&acc, sizeof(acc));
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_fixed_base_ifma_unused;

#endif
