/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The helpers of every edfast C test program (the provider-level tests and the
 * native backends' tests alike): failure bookkeeping, the skip code, hex, a
 * reproducible random generator; and, for the provider-level tests, a library
 * context holding edfast (with a chosen backend) and OpenSSL's default
 * provider, the list of backends to test per curve, key and signature
 * shortcuts through EVP.
 */
#ifndef EDFAST_TEST_UTIL_H
#define EDFAST_TEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#define ET_SKIP 77
#define ET_MAX_BACKENDS 8
#define ET_MAX_KEY 57
#define ET_MAX_SIG 114

enum et_curve { ET_ED25519 = 0, ET_ED448 = 1, ET_CURVES = 2 };

/* "ED25519" / "ED448" */
const char *et_curve_name(enum et_curve curve);
size_t et_key_len(enum et_curve curve);
size_t et_sig_len(enum et_curve curve);

/* ---- failure bookkeeping ---- */
/* Atomic: the differential and thread tests check from several threads. */
extern _Atomic unsigned long et_failures;
extern _Atomic unsigned long et_checks;
void et_fail_at(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Counts a check; on failure prints where and why (and the OpenSSL error
 * queue), the first 100 failures only. */
#define ET_CHECK(cond, ...)                                      \
    do {                                                         \
        et_checks++;                                             \
        if (!(cond))                                             \
            et_fail_at(__FILE__, __LINE__, __VA_ARGS__);         \
    } while (0)
/* Prints the summary line and returns the process exit status. */
int et_finish(const char *test_name);

/* key encoded by edfast's encoders (selection, output type, structure); with
 * encrypt, under AES-128-CBC with the passphrase "pw".  NULL on failure (the
 * error queue cleared); the caller frees with OPENSSL_free. */
unsigned char *et_encode(EVP_PKEY *key, int selection, const char *type, const char *structure,
                         int encrypt, size_t *len);

/* sum of digits[i] * 2^(step * i) for i < n, digits signed (wNAF, radix
 * recodings), as a new BIGNUM */
BIGNUM *et_bn_digits(const int8_t *digits, size_t n, unsigned step);

/* ---- environment ---- */
struct et_env {
    OSSL_LIB_CTX *ctx;
    OSSL_PROVIDER *edfast;
    OSSL_PROVIDER *deflt;
    char backend[ET_CURVES][32]; /* what edfast reports serving each curve */
};

/* Directory holding edfast.so (compiled in; EDFAST_PROVIDER_DIR overrides). */
const char *et_provider_dir(void);

/*
 * A fresh library context with edfast loaded while EDFAST_BACKEND=backend
 * (NULL: unset) and the default provider.  Returns 1 or 0 (with a message).
 */
int et_env_open(struct et_env *env, const char *backend);
void et_env_close(struct et_env *env);

/*
 * A fresh library context holding edfast alone, loaded while EDFAST_BACKEND=
 * backend (NULL: unset), as an application that uses it for everything has
 * it.  NULL (with a message) when it cannot be made.  Freed with
 * et_ctx_alone_free, which unloads edfast first: OSSL_LIB_CTX_free alone
 * would leave the instance loaded (OpenSSL 3.0 keeps the reference
 * OSSL_PROVIDER_load gave), never torn down.
 */
OSSL_LIB_CTX *et_ctx_alone(const char *backend);
void et_ctx_alone_free(OSSL_LIB_CTX *ctx);

/* Opens with backend and fails (returns 0) unless that backend serves curve. */
int et_env_open_for(struct et_env *env, enum et_curve curve, const char *backend);

/*
 * The compiled backends serving curve, found by loading edfast with each
 * candidate name and keeping the names it reports back.  Prints them.
 */
size_t et_backends_for(enum et_curve curve, const char *names[ET_MAX_BACKENDS]);

/* ---- keys and signatures ---- */
#define ET_EDFAST "provider=edfast"
#define ET_DEFAULT "provider=default"

/* Key from raw halves via EVP_PKEY_fromdata; seed or pub may be NULL. */
EVP_PKEY *et_key(struct et_env *env, enum et_curve curve, const char *propq,
                 const uint8_t *seed, const uint8_t *pub);
/* Key from a seed via EVP_PKEY_new_raw_private_key_ex. */
EVP_PKEY *et_key_from_seed(struct et_env *env, enum et_curve curve, const char *propq,
                           const uint8_t *seed);
/* A fresh key pair from EVP_PKEY_generate; NULL on failure. */
EVP_PKEY *et_generate(struct et_env *env, enum et_curve curve, const char *propq);
/* Name of the provider behind a key ("edfast", "default", or "?") */
const char *et_key_provider(const EVP_PKEY *pkey);

/* One-shot EVP_DigestSign with the signature fetched by propq; 1 on success. */
int et_sign(struct et_env *env, EVP_PKEY *pkey, const char *propq, const uint8_t *msg,
            size_t msg_len, uint8_t *sig, size_t *sig_len);
/* One-shot EVP_DigestVerify: 1 valid, 0 invalid, -1 init failure. */
int et_verify(struct et_env *env, EVP_PKEY *pkey, const char *propq, const uint8_t *msg,
              size_t msg_len, const uint8_t *sig, size_t sig_len);

/* Whether the error queue holds an error whose text contains needle; clears it. */
int et_error_contains(const char *needle);

/* ---- misc ---- */
/* Decodes hex into out (capacity cap); returns the length or (size_t)-1. */
size_t et_unhex(const char *hex, uint8_t *out, size_t cap);
/* The same for the hex_len characters at hex (not NUL-terminated). */
size_t et_unhex_n(const char *hex, size_t hex_len, uint8_t *out, size_t cap);
/* Allocating variant; *len receives the length.  NULL on bad hex. */
uint8_t *et_unhex_alloc(const char *hex, size_t *len);
void et_print_hex(const char *label, const uint8_t *data, size_t len);

/* Reproducible PRNG (splitmix64). */
struct et_rng {
    uint64_t state;
};
void et_rng_seed(struct et_rng *rng, uint64_t seed);
uint64_t et_rng_next(struct et_rng *rng);
void et_rng_bytes(struct et_rng *rng, uint8_t *out, size_t len);
/* Seed from EDFAST_TEST_SEED when set, else from the clock; printed. */
uint64_t et_choose_seed(void);
/* Seed from EDFAST_TEST_SEED when set, else fallback (a test's fixed seed); printed. */
uint64_t et_seed_or(uint64_t fallback);

/*
 * A random-case count divided by EDFAST_TEST_CASE_DIVISOR (at least one
 * case; printed when divided): the runs where a case costs tens of times
 * more, under qemu or ASan, take fewer.  The arithmetic tests' full counts
 * run natively in every other build.
 */
int et_cases(int full);

/* Reads a whole file; NULL when absent. */
char *et_read_file(const char *path, size_t *len);

#endif
