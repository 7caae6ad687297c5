/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A key's verification state when memory runs out (../../backends/native/
 * verify_state.h): the first verification allocates nothing (a key used
 * once keeps nothing) and the second the split tables.  When that
 * allocation fails the verification still answers, on the light path, and
 * the key stays without tables, so that the next one tries again.  Verdicts
 * stay right either way.  The native code allocates through OpenSSL's
 * allocator, whose memory functions this test replaces
 * (CRYPTO_set_mem_functions), so that chosen calls fail.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>

#include "ed25519/eddsa25519.h"
#include "native_path.h"

static int fail_next; /* the native code's next allocation returns NULL */
static int calls;     /* the native code's allocations since the last reset */

/*
 * Only the native code's own allocations are counted and failed: from
 * OpenSSL 3.2 on, a failed allocation raises an error, whose queue and text
 * libcrypto allocates in turn.
 */
static void *counting_malloc(size_t n, const char *file, int line)
{
    (void)line;
    if (file == NULL || strstr(file, "backends/native/") == NULL)
        return malloc(n);
    calls++;
    if (fail_next) {
        fail_next = 0;
        return NULL;
    }
    return malloc(n);
}

static void *plain_realloc(void *p, size_t n, const char *file, int line)
{
    (void)file;
    (void)line;
    return realloc(p, n);
}

static void plain_free(void *p, const char *file, int line)
{
    (void)file;
    (void)line;
    free(p);
}

static const struct edfast_instance PURE = { EDFAST_PURE, NULL, 0 };

/* One verification with `fail` set for its allocation; the verdict, and how many allocations it made. */
static int verify(void *key, const uint8_t *msg, size_t len, const uint8_t sig[64], int fail,
                  int *mallocs)
{
    int v;

    calls = 0;
    fail_next = fail;
    v = native_ed25519_verify(key, &PURE, msg, len, sig);
    *mallocs = calls;
    fail_next = 0;
    return v;
}

static void check_key(void *key, const uint8_t *msg, size_t len, const uint8_t sig[64], const char *what)
{
    uint8_t bad[64];
    int n;

    memcpy(bad, sig, 64);
    bad[5] ^= 1;
    ET_CHECK(verify(key, msg, len, sig, 1, &n) == 1 && n == 0,
             "%s: the first verification allocates nothing (%d allocations) and accepts", what, n);
    ET_CHECK(verify(key, msg, len, sig, 1, &n) == 1 && n == 1,
             "%s: the second, out of memory for the tables, accepts on the light path (%d "
             "allocations)", what, n);
    ET_CHECK(verify(key, msg, len, bad, 0, &n) == 0 && n == 1,
             "%s: the tables are built by the next, which rejects a bad signature", what);
    ET_CHECK(verify(key, msg, len, sig, 0, &n) == 1 && n == 0,
             "%s: the tables are kept (%d allocations)", what, n);
    ET_CHECK(verify(key, msg, len, bad, 0, &n) == 0 && n == 0, "%s: bad signature, tables", what);
}

int main(void)
{
    struct et_rng rng = { et_seed_or(0x00d0) };
    uint8_t seed[32], pub[32], msg[48], sig[64];
    void *signer, *verifier;

    /* before anything allocates: OpenSSL refuses new functions after that */
    if (!CRYPTO_set_mem_functions(counting_malloc, plain_realloc, plain_free)) {
        fprintf(stderr, "CRYPTO_set_mem_functions refused\n");
        return 1;
    }
    native_path_or_skip();
    et_rng_bytes(&rng, seed, sizeof(seed));
    et_rng_bytes(&rng, msg, sizeof(msg));
    signer = native_ed25519_key_from_seed(seed, pub);
    verifier = native_ed25519_key_new(NULL, pub);
    ET_CHECK(signer != NULL && verifier != NULL, "keys");
    ET_CHECK(native_ed25519_sign(signer, &PURE, msg, sizeof(msg), sig) == 1, "sign");
    check_key(verifier, msg, sizeof(msg), sig, "public key");
    check_key(signer, msg, sizeof(msg), sig, "key pair");
    native_ed25519_key_free(signer);
    native_ed25519_key_free(verifier);
    return et_finish("native25519_verify_oom");
}
