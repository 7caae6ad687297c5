/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The probes of paths.def: 1 when this CPU (and its OS) runs the path.  Each
 * is defined by the cpu_<architecture>.c of its entry's architecture, built
 * everywhere and empty but on that architecture; EDFAST_NATIVE_PROBE_<arch>
 * gives the probe where its architecture is built, NULL elsewhere.
 */
#ifndef EDFAST_NATIVE_CPU_PROBE_H
#define EDFAST_NATIVE_CPU_PROBE_H

#include "cpu.h"

#define EDFAST_NATIVE_PROBE_any(probe) probe
#if EDFAST_NATIVE_X86
#define EDFAST_NATIVE_PROBE_x86(probe) probe
#else
#define EDFAST_NATIVE_PROBE_x86(probe) NULL
#endif

#define EDFAST_NATIVE_PATH_ENTRY(ENUM, name, architecture, needs, probe) int probe(void);
#include "paths.def"
#undef EDFAST_NATIVE_PATH_ENTRY

#endif
