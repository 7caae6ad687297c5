/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What an x86-64 CPU and its OS run: the probes of paths.def's x86 entries.
 * Empty on other CPUs.
 */
#include "cpu_probe.h"

#if EDFAST_NATIVE_X86

#include <cpuid.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#ifdef EDFAST_HAVE_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

/*
 * valgrind's virtual CPU runs adcx and adox but clears ADX from CPUID (3.19 to
 * 3.27 at least), which would keep the constant-time tests off the adx path.
 * Under valgrind only, the host's flags in /proc/cpuinfo answer instead.
 */
static int adx_under_valgrind(void)
{
#ifdef EDFAST_HAVE_VALGRIND_H
    char line[8192];
    int found = 0;
    FILE *f;

    if (!RUNNING_ON_VALGRIND || (f = fopen("/proc/cpuinfo", "r")) == NULL)
        return 0;
    while (!found && fgets(line, sizeof(line), f) != NULL)
        if (strncmp(line, "flags", 5) == 0)
            found = strstr(line, " adx ") != NULL || strstr(line, " adx\n") != NULL;
    fclose(f);
    return found;
#else
    return 0;
#endif
}

/* XCR0: the register state the OS saves and restores, which the vector paths need. */
static uint64_t os_saved_state(void)
{
    uint32_t lo, hi;

    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return (uint64_t)hi << 32 | lo;
}

/* XCR0's SSE and AVX state; for AVX-512 the opmask and both halves of the ZMM state too. */
#define XCR0_AVX 0x06u
#define XCR0_AVX512 0xe6u

/*
 * CPUID leaves 1 (ecx) and 7 (ebx), and XCR0, or 0 when CPUID lacks them.
 * Read here rather than through __builtin_cpu_supports: libgcc's CPU
 * detection it calls would be linked into the module with its code at the
 * end of the text and its data at the end of the read-only data, two more
 * 64 KiB windows the kernel maps into every process that loads edfast.
 */
static int cpu_features(unsigned *leaf1_ecx, unsigned *leaf7_ebx, uint64_t *xcr0)
{
    unsigned eax, ebx, ecx, edx;

    if (!__get_cpuid(1, &eax, &ebx, leaf1_ecx, &edx)
            || !__get_cpuid_count(7, 0, &eax, leaf7_ebx, &ecx, &edx))
        return 0;
    *xcr0 = (*leaf1_ecx & bit_OSXSAVE) ? os_saved_state() : 0;
    return 1;
}

int edfast_x86_bmi2_adx_avx2(void)
{
    unsigned leaf1_ecx, leaf7_ebx;
    uint64_t xcr0;

    if (!cpu_features(&leaf1_ecx, &leaf7_ebx, &xcr0))
        return 0;
    return ((leaf7_ebx & bit_ADX) || adx_under_valgrind()) && (leaf7_ebx & bit_BMI2)
           && (leaf7_ebx & bit_AVX2) && (leaf1_ecx & bit_AVX) && (xcr0 & XCR0_AVX) == XCR0_AVX;
}

int edfast_x86_avx512_ifma(void)
{
    unsigned leaf1_ecx, leaf7_ebx;
    uint64_t xcr0;

    if (!edfast_x86_bmi2_adx_avx2() || !cpu_features(&leaf1_ecx, &leaf7_ebx, &xcr0))
        return 0;
#ifdef EDFAST_IFMA_EMULATED
    /* the AVX-512 code runs on emulated intrinsics (avx512.h): a test build */
    return 1;
#else
    return (leaf7_ebx & bit_AVX512F) && (leaf7_ebx & bit_AVX512VL) && (leaf7_ebx & bit_AVX512IFMA)
           && (xcr0 & XCR0_AVX512) == XCR0_AVX512;
#endif
}

#else

/* ISO C forbids an empty translation unit. */
typedef int edfast_cpu_x86_unused;

#endif
