/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the two curves' table generators (ed25519/gen_tables.c and
 * ed448/gen_tables.c) share: the CPU choice they run with (table_gen.c
 * defines edfast_native_cpu for them: the portable code throughout) and the
 * printing of a table as the C definition of its words.
 */
#ifndef EDFAST_NATIVE_TABLE_GEN_H
#define EDFAST_NATIVE_TABLE_GEN_H

#include <stddef.h>

/*
 * Prints the definition of the array `name`, the table's words as they lie
 * in memory on the machine running the generator; `words` names the length
 * the library's header declares, which the definition is checked against.
 */
void table_gen_emit(const char *name, const char *words, const void *table, size_t size);

/* The generator's exit status: 0 when everything printed reached its output. */
int table_gen_finish(void);

#endif
