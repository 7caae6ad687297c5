/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Private keys in OpenSSL's secure heap, as the default provider keeps them,
 * when the application enabled it (CRYPTO_secure_malloc_init).
 *
 * For each curve and each backend serving it, measured with
 * CRYPTO_secure_used() against the default provider's keys in the same run:
 *   - each key imported with its private half, generated or decoded from
 *     PKCS#8 grows the secure heap by at least its seed, rounded as the heap
 *     rounds (the backend's expanded secret comes on top), and by no less
 *     than a key the default provider generates (OpenSSL 3.0.19's keeps a
 *     generated key's 32 or 57 bytes there, an imported one's not);
 *   - a public key takes nothing from it, nor does signing or verifying;
 *   - once the keys are freed, the heap's use is back where it was.
 * Exactly: an imported key pair takes its seed's block (the provider's copy)
 * and what the backend's own state takes when made from the seed directly
 * (backends/backend.h; the native, sodium and decaf states hold the expanded
 * secret or the seed there, the openssl backend's EVP_PKEY holds it where the
 * default provider puts an imported key: OpenSSL 3.0's ordinary heap).
 * The bytes per key are printed.  Exits 77 when the heap cannot be made here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/evp.h>
#include "backend.h"
#include "edfast_test_util.h"

#define KEYS 8
#define MESSAGE "kept in the secure heap"

/* The smallest power of two holding n, at least the heap's minimum block: what one block takes. */
static size_t heap_block(size_t n, size_t minimum)
{
    size_t size = minimum;

    while (size < n)
        size *= 2;
    return size;
}

static size_t used(void)
{
    return CRYPTO_secure_used();
}

/* The key decoded by edfast alone from the default provider's PKCS#8 DER of it. */
static EVP_PKEY *decoded(OSSL_LIB_CTX *alone, enum et_curve curve, EVP_PKEY *reference)
{
    OSSL_ENCODER_CTX *ectx = OSSL_ENCODER_CTX_new_for_pkey(reference, EVP_PKEY_KEYPAIR, "DER",
                                                           "PrivateKeyInfo", NULL);
    unsigned char *der = NULL;
    const unsigned char *p;
    size_t len = 0;
    EVP_PKEY *pkey = NULL;
    OSSL_DECODER_CTX *dctx = NULL;

    if (ectx != NULL && OSSL_ENCODER_to_data(ectx, &der, &len) == 1
            && (dctx = OSSL_DECODER_CTX_new_for_pkey(&pkey, "DER", "PrivateKeyInfo",
                                                     et_curve_name(curve), EVP_PKEY_KEYPAIR,
                                                     alone, NULL)) != NULL) {
        p = der;
        if (OSSL_DECODER_from_data(dctx, &p, &len) != 1) {
            EVP_PKEY_free(pkey);
            pkey = NULL;
        }
    }
    OSSL_DECODER_CTX_free(dctx);
    OSSL_ENCODER_CTX_free(ectx);
    OPENSSL_free(der);
    return pkey;
}

/* What the backend's state of a seed takes from the secure heap, made directly. */
static size_t backend_state_bytes(enum et_curve curve, const char *backend, const uint8_t *seed)
{
    const struct edfast_backend *b = edfast_backend_by_name(backend);
    const struct edfast_curve_ops *ops = b != NULL ? b->curve[curve] : NULL;
    uint8_t pub[ET_MAX_KEY];
    size_t start = 0, taken = 0;
    void *state = NULL;

    /* readied before the count: this program's own copy of the backends (not edfast.so's) */
    if (ops != NULL && edfast_ops_ready(ops)) {
        start = used();
        state = ops->key_from_seed(seed, pub);
    }
    if (state == NULL) {
        ET_CHECK(0, "%s: the %s backend's state of a seed", et_curve_name(curve), backend);
        return 0;
    }
    taken = used() - start;
    ops->key_free(state);
    ET_CHECK(used() == start, "%s %s: a freed backend state left %zd bytes", et_curve_name(curve),
             backend, (ssize_t)(used() - start));
    return taken;
}

static void free_keys(EVP_PKEY *keys[KEYS])
{
    for (int i = 0; i < KEYS; i++) {
        EVP_PKEY_free(keys[i]);
        keys[i] = NULL;
    }
}

static void check_backend(enum et_curve curve, const char *backend, size_t minimum)
{
    struct et_env env;
    OSSL_LIB_CTX *alone = NULL;
    EVP_PKEY *keys[KEYS] = {NULL}, *reference[KEYS] = {NULL};
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY], sig[ET_MAX_SIG];
    size_t len = et_key_len(curve), sig_len, start, pairs_start, grown, default_grown, seed_block,
           state_bytes;
    const char *name = et_curve_name(curve);
    int i;

    if (!et_env_open_for(&env, curve, backend))
        return;
    seed_block = heap_block(len, minimum);
    /*
     * A first key of each provider's: the random generators edfast's and the
     * default provider's keys come from keep their state in the secure heap
     * from their first use on.
     */
    EVP_PKEY_free(et_generate(&env, curve, ET_DEFAULT));
    EVP_PKEY_free(et_generate(&env, curve, ET_EDFAST));

    /* generated by the default provider: what it keeps in the heap, for comparison */
    start = used();
    for (i = 0; i < KEYS; i++)
        ET_CHECK((keys[i] = et_generate(&env, curve, ET_DEFAULT)) != NULL, "%s: default keygen", name);
    default_grown = (used() - start) / KEYS;
    free_keys(keys);
    ET_CHECK(used() == start, "%s: the default provider's freed keys left %zd bytes", name,
             (ssize_t)(used() - start));

    /* the default provider's keys of known seeds */
    for (i = 0; i < KEYS; i++) {
        memset(seed, 0x31 + i, len);
        reference[i] = et_key(&env, curve, ET_DEFAULT, seed, NULL);
    }

    /* key pairs imported */
    start = pairs_start = used();
    for (i = 0; i < KEYS; i++) {
        size_t pub_len = len;

        memset(seed, 0x31 + i, len);
        ET_CHECK(reference[i] != NULL && EVP_PKEY_get_raw_public_key(reference[i], pub, &pub_len) == 1
                     && (keys[i] = et_key(&env, curve, ET_EDFAST, seed, pub)) != NULL,
                 "%s %s: key %d", name, backend, i);
    }
    grown = (used() - start) / KEYS;
    state_bytes = backend_state_bytes(curve, backend, seed);
    printf("%s %s: %zu bytes of the secure heap a key: the seed's block %zu and the backend's state %zu"
           " (a key the default provider generates: %zu)\n", name, backend, grown, seed_block,
           state_bytes, default_grown);
    ET_CHECK(grown == seed_block + state_bytes && grown >= default_grown,
             "%s %s: an imported key pair takes %zu bytes of the secure heap, %zu expected (at least %zu)",
             name, backend, grown, seed_block + state_bytes, default_grown);
    ET_CHECK(strcmp(backend, "openssl") == 0 || state_bytes >= seed_block,
             "%s %s: the backend's state keeps its secret outside the secure heap (%zu bytes there)",
             name, backend, state_bytes);

    /* signing and verifying keep nothing there */
    start = used();
    sig_len = sizeof(sig);
    ET_CHECK(et_sign(&env, keys[0], ET_EDFAST, (const uint8_t *)MESSAGE, strlen(MESSAGE), sig, &sig_len) == 1
                 && et_verify(&env, keys[0], ET_EDFAST, (const uint8_t *)MESSAGE, strlen(MESSAGE), sig,
                              sig_len) == 1,
             "%s %s: sign and verify", name, backend);
    ET_CHECK(used() == start, "%s %s: signing left %zd bytes in the secure heap", name, backend,
             (ssize_t)(used() - start));

    /* a duplicate holds the private key too; freeing every key empties the heap again */
    start = used();
    {
        EVP_PKEY *copy = EVP_PKEY_dup(keys[0]);

        ET_CHECK(copy != NULL, "%s %s: EVP_PKEY_dup", name, backend);
        EVP_PKEY_free(copy);
    }
    ET_CHECK(used() == start, "%s %s: a freed duplicate left %zd bytes", name, backend,
             (ssize_t)(used() - start));
    free_keys(keys);
    ET_CHECK(used() == pairs_start, "%s %s: freed key pairs left %zd bytes in the secure heap", name,
             backend, (ssize_t)(used() - pairs_start));

    /* public keys take nothing from it */
    start = used();
    for (i = 0; i < KEYS; i++) {
        size_t pub_len = len;

        ET_CHECK(EVP_PKEY_get_raw_public_key(reference[i], pub, &pub_len) == 1
                     && (keys[i] = et_key(&env, curve, ET_EDFAST, NULL, pub)) != NULL,
                 "%s %s: public key %d", name, backend, i);
    }
    ET_CHECK(used() == start, "%s %s: public keys took %zu bytes of the secure heap", name, backend,
             used() - start);
    free_keys(keys);

    /* generated keys, and keys decoded from PKCS#8 by edfast alone */
    start = used();
    for (i = 0; i < KEYS; i++)
        ET_CHECK((keys[i] = et_generate(&env, curve, ET_EDFAST)) != NULL, "%s %s: keygen %d", name, backend, i);
    ET_CHECK((used() - start) / KEYS == grown, "%s %s: a generated key takes %zu bytes, an imported one %zu",
             name, backend, (used() - start) / KEYS, grown);
    free_keys(keys);
    ET_CHECK(used() == start, "%s %s: freed generated keys left %zd bytes", name, backend,
             (ssize_t)(used() - start));
    if ((alone = et_ctx_alone(backend)) != NULL) {
        start = used();
        for (i = 0; i < KEYS; i++)
            ET_CHECK((keys[i] = decoded(alone, curve, reference[i])) != NULL, "%s %s: decoding %d", name,
                     backend, i);
        ET_CHECK((used() - start) / KEYS >= seed_block, "%s %s: a decoded key takes %zu bytes", name,
                 backend, (used() - start) / KEYS);
        free_keys(keys);
        ET_CHECK(used() == start, "%s %s: freed decoded keys left %zd bytes", name, backend,
                 (ssize_t)(used() - start));
    } else {
        ET_CHECK(0, "%s %s: edfast alone in a library context", name, backend);
    }
    et_ctx_alone_free(alone);
    free_keys(reference);
    et_env_close(&env);
}

int main(void)
{
    const char *backends[ET_MAX_BACKENDS];
    const size_t minimum = 16;
    size_t n, i, start;
    enum et_curve curve;

    /* 64 KiB: what an application enabling it for a few hundred keys might choose */
    if (CRYPTO_secure_malloc_init(64 * 1024, minimum) == 0) {
        printf("SKIPPED: no secure heap here (CRYPTO_secure_malloc_init failed)\n");
        return ET_SKIP;
    }
    if (!edfast_backends_acquire()) { /* for the backends' own states, made directly */
        fprintf(stderr, "the backends' set-up failed\n");
        return 1;
    }
    start = used();
    for (curve = 0; curve < ET_CURVES; curve++) {
        n = et_backends_for(curve, backends);
        for (i = 0; i < n; i++)
            check_backend(curve, backends[i], minimum);
    }
    edfast_backends_release();
    ET_CHECK(used() == start, "the secure heap holds %zd bytes more at the end", (ssize_t)(used() - start));
    return et_finish("hardening_secure_heap");
}
