/* SPDX-License-Identifier: Apache-2.0 */
/* The table generators' shared part (table_gen.h). */
#include "table_gen.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cpu.h"

/*
 * The portable code throughout.  The curves' field and point code ask cpu.c
 * for the path of their square roots, which building the tables never takes;
 * cpu.c would bring in every path's code, some of it reading the tables the
 * generators print.
 */
const struct edfast_native_cpu *edfast_native_cpu(void)
{
    static const struct edfast_native_cpu portable = { .path = EDFAST_NATIVE_PORTABLE };

    return &portable;
}

/*
 * The kernel maps a library's pages in 64 KiB windows around each page first
 * read: the first table of each curve starts a window of its own, so that
 * loading edfast, which reads the strings and constants before it, maps none
 * of the tables into every process (scripts/load-cost.py).  The padding is
 * in the file, never in memory.
 */
#define FIRST_TABLE_ALIGNMENT 65536

void table_gen_emit(const char *name, const char *words, const void *table, size_t size)
{
    static int emitted;
    const unsigned char *bytes = table;
    size_t n = size / sizeof(uint64_t);

    printf("\nconst uint64_t %s[%zu] __attribute__((aligned(%d))) = {", name, n,
           emitted++ == 0 ? FIRST_TABLE_ALIGNMENT : 64);
    for (size_t i = 0; i < n; i++) {
        uint64_t w;

        memcpy(&w, bytes + i * sizeof(w), sizeof(w));
        printf("%s0x%016" PRIx64 "u,", i % 4 == 0 ? "\n    " : " ", w);
    }
    printf("\n};\n_Static_assert(sizeof(%s) == %s * sizeof(uint64_t),\n"
           "               \"the generator's layout is the library's\");\n",
           name, words);
}

int table_gen_finish(void)
{
    return fflush(stdout) != 0 || ferror(stdout) ? 1 : 0;
}
