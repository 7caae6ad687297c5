/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The native backend's path choice (backends/native/cpu.h): every request
 * against every set of CPU abilities, including those this machine lacks,
 * and the table the running process selected.
 */
#include "ed25519/accel.h"
#include "native_path.h"

enum { P = 1u << EDFAST_NATIVE_PORTABLE, A = 1u << EDFAST_NATIVE_ADX, I = 1u << EDFAST_NATIVE_IFMA };

static void expect(const char *request, unsigned available, enum edfast_native_status status,
                   enum edfast_native_path path, const char *in_message)
{
    enum edfast_native_path got = EDFAST_NATIVE_PATHS;
    char message[160];
    enum edfast_native_status st =
        edfast_native_choose(request, available, &got, message, sizeof(message));

    ET_CHECK(st == status, "request %s, available %u: status %d, want %d", request ? request : "(unset)",
             available, (int)st, (int)status);
    ET_CHECK(got == path, "request %s, available %u: path %s, want %s", request ? request : "(unset)",
             available, edfast_native_path_name(got), edfast_native_path_name(path));
    if (in_message == NULL)
        ET_CHECK(message[0] == '\0', "request %s: unexpected message %s", request, message);
    else
        ET_CHECK(strstr(message, in_message) != NULL, "request %s: message \"%s\" lacks \"%s\"",
                 request, message, in_message);
}

int main(void)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();
    static const unsigned cpus[] = { P, P | A, P | A | I };

    /* unset or empty: the best path the CPU has */
    for (int i = 0; i < 3; i++) {
        expect(NULL, cpus[i], EDFAST_NATIVE_OK, (enum edfast_native_path)i, NULL);
        expect("", cpus[i], EDFAST_NATIVE_OK, (enum edfast_native_path)i, NULL);
    }
    /* every path name against every CPU: granted exactly when the CPU has it */
    for (int i = 0; i < 3; i++)
        for (int p = 0; p < EDFAST_NATIVE_PATHS; p++) {
            const char *name = edfast_native_path_name((enum edfast_native_path)p);

            if (cpus[i] & (1u << p))
                expect(name, cpus[i], EDFAST_NATIVE_OK, (enum edfast_native_path)p, NULL);
            else
                expect(name, cpus[i], EDFAST_NATIVE_LACKING, EDFAST_NATIVE_PORTABLE, "lacks");
        }
    expect("ifma", P | A, EDFAST_NATIVE_LACKING, EDFAST_NATIVE_PORTABLE, "it runs: portable, adx");
    expect("adx", P, EDFAST_NATIVE_LACKING, EDFAST_NATIVE_PORTABLE, "BMI2, ADX and AVX2");
    /* names are exact: no case folding, no prefixes, no extension names */
    expect("ADX", P | A, EDFAST_NATIVE_UNKNOWN, EDFAST_NATIVE_PORTABLE, "not a path");
    expect("avx2", P | A, EDFAST_NATIVE_UNKNOWN, EDFAST_NATIVE_PORTABLE, "not a path");
    expect("ifma ", P | A | I, EDFAST_NATIVE_UNKNOWN, EDFAST_NATIVE_PORTABLE, "not a path");
    expect("x"
           "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
           "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
           P, EDFAST_NATIVE_UNKNOWN, EDFAST_NATIVE_PORTABLE, "not a path");

    /* this process: run without EDFAST_NATIVE_PATH, so the best path here */
    ET_CHECK(getenv("EDFAST_NATIVE_PATH") == NULL, "run this test without EDFAST_NATIVE_PATH");
    ET_CHECK(cpu->status == EDFAST_NATIVE_OK && cpu->message[0] == '\0', "status %d: %s",
             (int)cpu->status, cpu->message);
    for (int curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        ET_CHECK(cpu->curve_path[curve] == cpu->path, "curve %d served by %s", curve,
                 edfast_native_path_name(cpu->curve_path[curve]));
        ET_CHECK((cpu->path == EDFAST_NATIVE_PORTABLE) == (cpu->accel[curve] == NULL),
                 "path %s with curve %d's table %p", edfast_native_path_name(cpu->path), curve,
                 cpu->accel[curve]);
    }
    ET_CHECK(cpu->path != EDFAST_NATIVE_IFMA || n25519_accel_selected()->scalarmult_base_lanes != NULL,
             "no IFMA point code on the ifma path");
    ET_CHECK(edfast_native_cpu() == cpu, "one table per process");
    printf("this CPU: %s\n", edfast_native_path_name(cpu->path));
    return et_finish("native25519_cpu");
}
