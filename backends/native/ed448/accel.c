/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Ed448's accelerated code by path, the table cpu.c serves the curve from
 * (../curves.def): the one place this curve names its paths outside their
 * own files.  A path left out runs the portable code.
 */
#include "accel.h"

const void *const n448_accels[EDFAST_NATIVE_PATHS] = {
    [EDFAST_NATIVE_PORTABLE] = NULL,
#if EDFAST_NATIVE_X86
    [EDFAST_NATIVE_ADX] = &n448_accel_adx,
    [EDFAST_NATIVE_IFMA] = &n448_accel_ifma,
#endif
};
