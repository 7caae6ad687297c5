/* SPDX-License-Identifier: Apache-2.0 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mini_json.h"

struct parser {
    const char *start;
    const char *p;
    int depth;
};

static int parse_value(struct parser *ps, struct mj_value *out);

static void skip_space(struct parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r')
        ps->p++;
}

static int error(struct parser *ps, const char *what)
{
    fprintf(stderr, "json: %s at offset %ld\n", what, (long)(ps->p - ps->start));
    return 0;
}

static int parse_string(struct parser *ps, char **out)
{
    const char *q;
    char *s;
    size_t n = 0;

    if (*ps->p != '"')
        return error(ps, "string expected");
    ps->p++;
    /* The decoded string is never longer than its source. */
    for (q = ps->p; *q != '"'; q++) {
        if (*q == '\0')
            return error(ps, "unterminated string");
        if (*q == '\\' && q[1] != '\0')
            q++;
    }
    s = malloc((size_t)(q - ps->p) + 1);
    if (s == NULL)
        return error(ps, "out of memory");
    while (*ps->p != '"') {
        char c = *ps->p++;

        if (c == '\\') {
            c = *ps->p++;
            switch (c) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u':
                if (strlen(ps->p) < 4) {
                    free(s);
                    return error(ps, "bad \\u escape");
                }
                ps->p += 4;
                c = '?';
                break;
            case '"': case '\\': case '/': break;
            default:
                free(s);
                return error(ps, "bad escape");
            }
        }
        s[n++] = c;
    }
    s[n] = '\0';
    ps->p++;
    *out = s;
    return 1;
}

static int append(struct mj_value *v, size_t *cap)
{
    if (v->count == *cap) {
        size_t ncap = *cap == 0 ? 8 : 2 * *cap;
        struct mj_value *items = realloc(v->items, ncap * sizeof(*items));

        if (items == NULL)
            return 0;
        v->items = items;
        if (v->type == MJ_OBJECT) {
            char **keys = realloc(v->keys, ncap * sizeof(*keys));

            if (keys == NULL)
                return 0;
            v->keys = keys;
        }
        *cap = ncap;
    }
    memset(&v->items[v->count], 0, sizeof(v->items[0]));
    if (v->type == MJ_OBJECT)
        v->keys[v->count] = NULL;
    v->count++;
    return 1;
}

static int parse_container(struct parser *ps, struct mj_value *out, char close)
{
    size_t cap = 0;

    out->type = close == '}' ? MJ_OBJECT : MJ_ARRAY;
    if (++ps->depth > 64)
        return error(ps, "nesting too deep");
    ps->p++;
    skip_space(ps);
    if (*ps->p == close) {
        ps->p++;
        ps->depth--;
        return 1;
    }
    for (;;) {
        if (!append(out, &cap))
            return error(ps, "out of memory");
        skip_space(ps);
        if (out->type == MJ_OBJECT) {
            if (!parse_string(ps, &out->keys[out->count - 1]))
                return 0;
            skip_space(ps);
            if (*ps->p != ':')
                return error(ps, "':' expected");
            ps->p++;
        }
        if (!parse_value(ps, &out->items[out->count - 1]))
            return 0;
        skip_space(ps);
        if (*ps->p == ',') {
            ps->p++;
            continue;
        }
        if (*ps->p == close) {
            ps->p++;
            ps->depth--;
            return 1;
        }
        return error(ps, "',' or end of container expected");
    }
}

static int parse_literal(struct parser *ps, struct mj_value *out)
{
    const char *q = ps->p;

    while (*q == '-' || *q == '+' || *q == '.' || (*q >= '0' && *q <= '9')
           || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z'))
        q++;
    if (q == ps->p)
        return error(ps, "value expected");
    out->text = malloc((size_t)(q - ps->p) + 1);
    if (out->text == NULL)
        return error(ps, "out of memory");
    memcpy(out->text, ps->p, (size_t)(q - ps->p));
    out->text[q - ps->p] = '\0';
    ps->p = q;
    if (strcmp(out->text, "null") == 0)
        out->type = MJ_NULL;
    else if (strcmp(out->text, "true") == 0 || strcmp(out->text, "false") == 0)
        out->type = MJ_BOOL;
    else if ((out->text[0] >= '0' && out->text[0] <= '9') || out->text[0] == '-')
        out->type = MJ_NUMBER;
    else
        return error(ps, "unknown literal");
    return 1;
}

static int parse_value(struct parser *ps, struct mj_value *out)
{
    skip_space(ps);
    switch (*ps->p) {
    case '{':
        return parse_container(ps, out, '}');
    case '[':
        return parse_container(ps, out, ']');
    case '"':
        out->type = MJ_STRING;
        return parse_string(ps, &out->text);
    default:
        return parse_literal(ps, out);
    }
}

static void free_contents(struct mj_value *v)
{
    size_t i;

    for (i = 0; i < v->count; i++) {
        free_contents(&v->items[i]);
        if (v->keys != NULL)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
}

struct mj_value *mj_parse(const char *text)
{
    struct parser ps = {text, text, 0};
    struct mj_value *root = calloc(1, sizeof(*root));

    if (root == NULL)
        return NULL;
    if (!parse_value(&ps, root)) {
        mj_free(root);
        return NULL;
    }
    skip_space(&ps);
    if (*ps.p != '\0') {
        error(&ps, "trailing characters");
        mj_free(root);
        return NULL;
    }
    return root;
}

void mj_free(struct mj_value *value)
{
    if (value == NULL)
        return;
    free_contents(value);
    free(value);
}

const struct mj_value *mj_get(const struct mj_value *object, const char *key)
{
    size_t i;

    if (object == NULL || object->type != MJ_OBJECT)
        return NULL;
    for (i = 0; i < object->count; i++)
        if (object->keys[i] != NULL && strcmp(object->keys[i], key) == 0)
            return &object->items[i];
    return NULL;
}

const char *mj_get_string(const struct mj_value *object, const char *key)
{
    const struct mj_value *v = mj_get(object, key);

    return v != NULL && v->type == MJ_STRING ? v->text : NULL;
}
