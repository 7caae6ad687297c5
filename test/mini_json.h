/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A minimal JSON reader for the test vectors: parses a whole document into a
 * tree.  Strings keep their escapes decoded except \uXXXX, which becomes '?'
 * (the vectors' data fields are hex and never use it).
 */
#ifndef EDFAST_MINI_JSON_H
#define EDFAST_MINI_JSON_H

#include <stddef.h>

enum mj_type { MJ_NULL, MJ_BOOL, MJ_NUMBER, MJ_STRING, MJ_ARRAY, MJ_OBJECT };

struct mj_value {
    enum mj_type type;
    char *text;              /* MJ_STRING: the string; MJ_NUMBER / MJ_BOOL: the literal */
    size_t count;            /* MJ_ARRAY / MJ_OBJECT: number of items */
    struct mj_value *items;  /* the items (values of an object) */
    char **keys;             /* MJ_OBJECT: the keys */
};

/* NULL on a syntax error (with a message on stderr naming the offset). */
struct mj_value *mj_parse(const char *text);
void mj_free(struct mj_value *value);

/* The member named key of an object, or NULL. */
const struct mj_value *mj_get(const struct mj_value *object, const char *key);
/* The string member named key of an object, or NULL when absent or not a string. */
const char *mj_get_string(const struct mj_value *object, const char *key);

#endif
