/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The fixed-base row scan (base_table.h) in AVX-512 registers, for the ifma
 * path: an entry is three 64-byte vectors, and the masked OR of each is one
 * vpternlogq, against twelve 16-byte loads, ANDs and ORs in the portable
 * scan.  75 scans of 32 entries per [s]B: 3.6 us against 8.6 us
 * (Emerald Rapids, commit f8f39a4).  The emulated build compiles the same C
 * without AVX-512: its constant time is checked by valgrind (native448_ct_ifma_emulated), this
 * build's by MemorySanitizer on AVX-512 hardware (native448_ct_ifma).
 */
#include "cpu.h"

#if EDFAST_NATIVE_X86

#include "accel.h"
#include "avx512.h"
#include "base_table.h"

EDFAST_AVX512_TARGET("avx512f")
void n448_avx512_base_scan(n448_ge_tw_niels *e, const n448_ge_tw_niels *row,
                           uint64_t abs)
{
    typedef uint64_t v8 __attribute__((vector_size(64)));

    N448_BASE_SCAN(v8, e, row, abs);
}

#else

/* ISO C forbids an empty translation unit. */
typedef int n448_base_scan_avx512_unused;

#endif
