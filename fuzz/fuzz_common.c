#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/err.h>
#include "fuzz_common.h"

struct fz_state fz;
static int ready;

void fz_fail(const char *file, int line, const char *fmt, ...)
{
    va_list args;

    fprintf(stderr, "FUZZ FINDING at %s:%d: ", file, line);
    va_start(args, fmt);
    vfprintf(stderr, fmt, args);
    va_end(args);
    fputc('\n', stderr);
    ERR_print_errors_fp(stderr);
    abort();
}

void fz_hex(const char *label, const uint8_t *data, size_t len)
{
    fprintf(stderr, "%s: ", label);
    for (size_t i = 0; i < len; i++)
        fprintf(stderr, "%02x", data[i]);
    fputc('\n', stderr);
}

void fz_setup(void)
{
    static const char *const names[FZ_MAX_ENVS] = {"native", "sodium", "decaf", "openssl"};

    if (ready)
        return;
    ready = 1;
    for (size_t i = 0; i < FZ_MAX_ENVS; i++) {
        struct et_env *env = &fz.envs[fz.env_count];

        if (!et_env_open(env, names[i])) {
            fprintf(stderr, "fuzz: cannot load edfast with EDFAST_BACKEND=%s\n", names[i]);
            exit(1);
        }
        fz.env_count++;
        for (int c = 0; c < ET_CURVES; c++) {
            int seen = 0;

            for (size_t j = 0; j < fz.count[c]; j++)
                if (strcmp(fz.by_curve[c][j].name, env->backend[c]) == 0)
                    seen = 1;
            if (!seen) {
                fz.by_curve[c][fz.count[c]].name = env->backend[c];
                fz.by_curve[c][fz.count[c]].env = env;
                fz.count[c]++;
            }
        }
    }
    fz.ref = &fz.envs[0];
    for (int c = 0; c < ET_CURVES; c++) {
        fprintf(stderr, "fuzz: %s backends:", et_curve_name(c));
        for (size_t j = 0; j < fz.count[c]; j++)
            fprintf(stderr, " %s", fz.by_curve[c][j].name);
        fputc('\n', stderr);
    }
    ERR_clear_error();
}

uint8_t fz_byte(struct fz_input *in)
{
    uint8_t b = 0;

    if (in->len > 0) {
        b = in->data[0];
        in->data++;
        in->len--;
    }
    return b;
}

size_t fz_bytes(struct fz_input *in, uint8_t *out, size_t n)
{
    if (n > in->len)
        n = in->len;
    memcpy(out, in->data, n);
    in->data += n;
    in->len -= n;
    return n;
}

void fz_fill(struct fz_input *in, uint8_t *out, size_t n)
{
    size_t got = fz_bytes(in, out, n);

    memset(out + got, 0, n - got);
}

int fz_raw(const EVP_PKEY *pkey, uint8_t *pub, size_t *pub_len, uint8_t *priv, size_t *priv_len)
{
    size_t cap = ET_MAX_KEY;

    *pub_len = cap;
    if (EVP_PKEY_get_raw_public_key(pkey, pub, pub_len) != 1)
        return 0;
    if (priv != NULL) {
        *priv_len = cap;
        ERR_set_mark();
        if (EVP_PKEY_get_raw_private_key(pkey, priv, priv_len) != 1)
            *priv_len = 0;
        ERR_pop_to_mark();
    }
    return 1;
}
