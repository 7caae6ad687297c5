/* SPDX-License-Identifier: Apache-2.0 */
/* The one CPU-dispatch point of the native backend (see cpu.h). */
#include "cpu.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../backend.h"

#if EDFAST_NATIVE_X86
#include <cpuid.h>
#ifdef EDFAST_HAVE_VALGRIND_H
#include <valgrind/valgrind.h>
#endif

/* Defined in ed25519/accel_x86.c and ed448/accel_x86.c. */
extern const struct n25519_accel n25519_accel_adx, n25519_accel_ifma;
extern const struct n448_accel n448_accel_adx, n448_accel_ifma;

static const struct n25519_accel *const accel25519[EDFAST_NATIVE_PATHS] = {
    NULL, &n25519_accel_adx, &n25519_accel_ifma
};
static const struct n448_accel *const accel448[EDFAST_NATIVE_PATHS] = {
    NULL, &n448_accel_adx, &n448_accel_ifma
};
#endif

static const char *const path_names[EDFAST_NATIVE_PATHS] = { "portable", "adx", "ifma" };
static const char *const path_needs[EDFAST_NATIVE_PATHS] = {
    "nothing",
    "x86-64 with BMI2, ADX and AVX2",
    "x86-64 with BMI2, ADX, AVX2, AVX-512F, AVX-512VL and AVX-512 IFMA",
};

const char *edfast_native_path_name(enum edfast_native_path path)
{
    return (unsigned)path < EDFAST_NATIVE_PATHS ? path_names[path] : "?";
}

#if EDFAST_NATIVE_X86
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
#endif

#if EDFAST_NATIVE_X86
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
#endif

/*
 * Bit p set for each path p this CPU (and its OS, for the vector state) runs.
 * CPUID is read here rather than through __builtin_cpu_supports: libgcc's
 * CPU detection it calls would be linked into the module with its code at the
 * end of the text and its data at the end of the read-only data, two more
 * 64 KiB windows the kernel maps into every process that loads edfast.
 */
static unsigned probe(void)
{
    unsigned available = 1u << EDFAST_NATIVE_PORTABLE;
#if EDFAST_NATIVE_X86
    unsigned eax, ebx, ecx, edx, leaf1_ecx;
    uint64_t xcr0 = 0;
    int adx, bmi2, avx2, avx512_ifma;

    if (!__get_cpuid(1, &eax, &ebx, &leaf1_ecx, &edx)
            || !__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
        return available;
    if (leaf1_ecx & bit_OSXSAVE)
        xcr0 = os_saved_state();
    adx = (ebx & bit_ADX) || adx_under_valgrind();
    bmi2 = (ebx & bit_BMI2) != 0;
    avx2 = (ebx & bit_AVX2) && (leaf1_ecx & bit_AVX) && (xcr0 & XCR0_AVX) == XCR0_AVX;
    avx512_ifma = (ebx & bit_AVX512F) && (ebx & bit_AVX512VL) && (ebx & bit_AVX512IFMA)
                  && (xcr0 & XCR0_AVX512) == XCR0_AVX512;
    if (adx && bmi2 && avx2) {
        available |= 1u << EDFAST_NATIVE_ADX;
#ifdef EDFAST_IFMA_EMULATED
        /* the AVX-512 code runs on emulated intrinsics (avx512.h): a test build */
        (void)avx512_ifma;
        available |= 1u << EDFAST_NATIVE_IFMA;
#else
        if (avx512_ifma)
            available |= 1u << EDFAST_NATIVE_IFMA;
#endif
    }
#endif
    return available;
}

enum edfast_native_status edfast_native_choose(const char *request, unsigned available,
                                               enum edfast_native_path *path, char *message,
                                               size_t message_len)
{
    char runs[40] = "";

    message[0] = '\0';
    if (request == NULL || request[0] == '\0') {
        *path = EDFAST_NATIVE_PORTABLE;
        for (int p = EDFAST_NATIVE_PATHS - 1; p > 0; p--)
            if (available & (1u << p)) {
                *path = (enum edfast_native_path)p;
                break;
            }
        return EDFAST_NATIVE_OK;
    }
    *path = EDFAST_NATIVE_PORTABLE;
    for (int p = 0; p < EDFAST_NATIVE_PATHS; p++) {
        if (strcmp(request, path_names[p]) != 0)
            continue;
        if (available & (1u << p)) {
            *path = (enum edfast_native_path)p;
            return EDFAST_NATIVE_OK;
        }
        for (int q = 0; q < EDFAST_NATIVE_PATHS; q++)
            if (available & (1u << q)) {
                strcat(runs, runs[0] ? ", " : "");
                strcat(runs, path_names[q]);
            }
        snprintf(message, message_len,
                 "EDFAST_NATIVE_PATH=%s: this CPU lacks it (needs %s); it runs: %s",
                 path_names[p], path_needs[p], runs);
        return EDFAST_NATIVE_LACKING;
    }
    snprintf(message, message_len,
             "EDFAST_NATIVE_PATH=%.40s: not a path (portable, adx or ifma)", request);
    return EDFAST_NATIVE_UNKNOWN;
}

static struct edfast_native_cpu selected;
static pthread_once_t selected_once = PTHREAD_ONCE_INIT;

static void select_path(void)
{
    static const char request_variable[] EDFAST_LOAD_DATA = "EDFAST_NATIVE_PATH";
    const char *request = getenv(request_variable);

    selected.available = probe();
    selected.forced = request != NULL && request[0] != '\0';
    selected.status = edfast_native_choose(request, selected.available, &selected.path,
                                           selected.message, sizeof(selected.message));
    edfast_native_serve_ed25519(selected.path);
    edfast_native_serve_ed448(selected.path);
}

void edfast_native_serve_ed25519(enum edfast_native_path path)
{
    selected.ed25519_path = path;
#if EDFAST_NATIVE_X86
    selected.ed25519 = accel25519[path];
#endif
}

void edfast_native_serve_ed448(enum edfast_native_path path)
{
    selected.ed448_path = path;
#if EDFAST_NATIVE_X86
    selected.ed448 = accel448[path];
#endif
}

const struct edfast_native_cpu *edfast_native_cpu(void)
{
    pthread_once(&selected_once, select_path);
    return &selected;
}
