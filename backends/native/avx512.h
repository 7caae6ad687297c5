/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The x86 intrinsics of the ifma path's sources (*_ifma.c, *_avx512.c) and
 * the attribute that enables AVX-512 for a function.  Test builds define
 * EDFAST_IFMA_EMULATED to compile the same sources a second time against
 * test/ifma_emulation/ifma_intrinsics.h, a portable per-lane emulation, so
 * that the ifma path's tests and constant-time checks run on any CPU and
 * under valgrind.  edfast.so always has the real instructions.  Constant
 * time is checked on the real instructions by MemorySanitizer, on a CPU with
 * AVX-512 IFMA (native*_ct_ifma, scripts/hardening.sh msan), and on the
 * emulated ones by valgrind (native*_ct_ifma_emulated); ifma_intrinsics
 * checks that both compute the same.
 */
#ifndef EDFAST_NATIVE_AVX512_H
#define EDFAST_NATIVE_AVX512_H

#ifdef EDFAST_IFMA_EMULATED
#include "ifma_intrinsics.h"
#define EDFAST_AVX512_TARGET(features)
#else
#include <immintrin.h>
#define EDFAST_AVX512_TARGET(features) __attribute__((target(features)))
#endif

#endif
