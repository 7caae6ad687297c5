/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Shared by the edfast fuzz targets: one library context per backend, each
 * holding edfast (loaded with EDFAST_BACKEND=<name>) and the default provider,
 * made once before fuzzing starts; contexts holding edfast alone, for the
 * targets whose operations OpenSSL 3.0 might otherwise give to the default
 * provider despite provider=edfast; an input reader; and a failure macro that
 * aborts (libFuzzer reports an abort as a crash and saves the input).
 */
#ifndef EDFAST_FUZZ_COMMON_H
#define EDFAST_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>
#include "edfast_test_util.h"

#define FZ_MAX_ENVS 4

struct fz_backend_env {
    const char *name;      /* backend serving the curve in this context */
    struct et_env *env;
};

struct fz_state {
    struct et_env envs[FZ_MAX_ENVS];
    size_t env_count;
    /* per curve: the contexts whose edfast serves it with distinct backends */
    struct fz_backend_env by_curve[ET_CURVES][FZ_MAX_ENVS];
    size_t count[ET_CURVES];
    struct et_env *ref; /* context whose default provider is the reference */
};

extern struct fz_state fz;

/* Loads the contexts once; exits on failure.  Safe to call repeatedly. */
void fz_setup(void);

/* One context per backend holding edfast and no other provider. */
extern struct et_env fz_alone[FZ_MAX_ENVS];
extern size_t fz_alone_count;
/* Loads those once; safe to call repeatedly. */
void fz_setup_alone(void);

/*
 * Whether data (DER, or PEM blocks anywhere in it) holds an encrypted key whose
 * key derivation cost the input sets (PBKDF2 or PBES1 iterations above 2048,
 * scrypt): such inputs can run for minutes and say nothing about edfast.
 */
int fz_too_costly(const uint8_t *data, size_t size);

/* Consumes input bytes. */
struct fz_input {
    const uint8_t *data;
    size_t len;
};
uint8_t fz_byte(struct fz_input *in);
/* Up to n bytes (fewer when the input runs out); returns the count copied. */
size_t fz_bytes(struct fz_input *in, uint8_t *out, size_t n);
/* Exactly n bytes, zero-padded when the input runs out. */
void fz_fill(struct fz_input *in, uint8_t *out, size_t n);

void fz_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));
#define FZ_ASSERT(cond, ...)                                  \
    do {                                                      \
        if (!(cond))                                          \
            fz_fail(__FILE__, __LINE__, __VA_ARGS__);         \
    } while (0)

/* Raw public (and private, when present) halves of a key; 1 on success. */
int fz_raw(const EVP_PKEY *pkey, uint8_t *pub, size_t *pub_len, uint8_t *priv, size_t *priv_len);

void fz_hex(const char *label, const uint8_t *data, size_t len);

#endif
