/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Every allocation failure handled.
 *
 * OpenSSL's memory functions are replaced before anything allocates
 * (CRYPTO_set_mem_functions), so that every allocation edfast makes, and every
 * one libcrypto makes on its behalf, passes through this program.  Each public
 * operation is run once to warm libcrypto's caches, then again with its k-th
 * allocation failed, for k = 1, 2, ... up to the allocations a run without
 * a failure makes; an allocation whose call stack came before in the run (a
 * loop's) is failed at its first turn only.  Each failure of an allocation
 * made with edfast's code on the stack (edfast's own, or libcrypto's on its
 * behalf) must
 *   - end the operation with a failure, or with a right result (a cache that
 *     could not be filled is not an error), never a wrong one;
 *   - leave an error on OpenSSL's error queue, and one raised by edfast when
 *     the allocation that failed was edfast's own (the allocator is told the
 *     allocating file);
 *   - leak nothing: no block edfast's code allocated during the operation
 *     may be left once the operation's objects are freed (tracked here;
 *     libcrypto's caches and name maps keep what they made, so for its
 *     blocks LeakSanitizer, in the ASan build, judges what is unreachable);
 *   - leave nothing half-built: the same operation, run again at once without
 *     a failure, succeeds with the right result (checked after every
 *     failure, libcrypto's own too).
 * Right results are the default provider's (signatures of the pure instances,
 * encodings, public keys), or, for what OpenSSL 3.0's default provider does
 * not offer (Ed25519ctx, Ed25519ph, Ed448ph), edfast's own in a run without
 * failures (test/variants holds those to RFC 8032 and libsodium/libdecaf).
 *
 * The operations, on both curves and with every backend serving the curve:
 * provider load and teardown; key generation; import (key pair, seed alone,
 * public key); export (todata, raw keys); EVP_PKEY_dup; the pairwise check;
 * encoding as DER, PEM and text in every structure, encrypted PKCS#8 too;
 * decoding each of those; the store (a PEM file through edfast's file:
 * loader); for each instance, signing and verifying one-shot
 * (EVP_DigestSign/Verify) and with EVP_MD_CTX_copy_ex of an initialised
 * context (dupctx); on OpenSSL 3.4 or newer, the message API too.
 *
 * Prints "allocation failures injected: N, handled: N"; a failure names the
 * operation and k.  EDFAST_ALLOC_FAIL_VERBOSE=1 prints each operation's count;
 * EDFAST_ALLOC_FAIL_ONLY=text runs only the operations whose name holds text,
 * and EDFAST_ALLOC_FAIL_K=k fails only their k-th allocation (a failure's repeat).
 */
#define _GNU_SOURCE /* mkstemp, fdopen */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/store.h>
#include "alloc_hooks.h"
#include "edfast_test_util.h"

/*
 * LeakSanitizer (the ASan build, scripts/hardening.sh) checks the runs
 * without a failure.  The runs with one are out of its sight
 * (__lsan_disable): OpenSSL 3.0 leaks in some of its own failure paths
 * (OSSL_PROVIDER_try_load, the store's try_key_ref, its name maps), which it
 * would report as this program's; edfast's own blocks there are tracked
 * (alloc_hooks.c), and each must be freed.
 */
#if defined(__SANITIZE_ADDRESS__)
#define LEAK_CHECKED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LEAK_CHECKED 1
#endif
#endif
#ifdef LEAK_CHECKED
#include <sanitizer/lsan_interface.h>
#define leaks_unseen() __lsan_disable()
#define leaks_seen() __lsan_enable()
#else
#define leaks_unseen() ((void)0)
#define leaks_seen() ((void)0)
#endif

/* ---- what the operations work on ---- */

enum outcome { WRONG = -1, FAILED = 0, RIGHT = 1 };

#define MESSAGE "allocation failures, handled"
/* OpenSSL 3.2's OSSL_SIGNATURE_PARAM_INSTANCE and _CONTEXT_STRING, which edfast takes on 3.0 too. */
#define PARAM_INSTANCE "instance"
#define PARAM_CONTEXT_STRING "context-string"
#define PASS "fail-test"

struct variant {
    const char *instance; /* NULL: the pure instance, no parameter */
    const char *context;  /* NULL: none */
    int prehash;
};

static const struct variant variants[ET_CURVES][3] = {
    [ET_ED25519] = {{NULL, NULL, 0}, {"Ed25519ctx", "foo", 0}, {"Ed25519ph", NULL, 1}},
    [ET_ED448] = {{NULL, NULL, 0}, {"Ed448", "foo", 0}, {"Ed448ph", NULL, 1}},
};

/* An encoding edfast offers, and the default provider's bytes of the same key. */
struct encoding {
    const char *type, *structure;
    int selection, encrypted;
    unsigned char *expected; /* NULL for the encrypted ones (salted) */
    size_t expected_len;
};

static struct encoding encodings[] = {
    {"DER", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, 0, NULL, 0},
    {"PEM", "PrivateKeyInfo", EVP_PKEY_KEYPAIR, 0, NULL, 0},
    {"DER", "EncryptedPrivateKeyInfo", EVP_PKEY_KEYPAIR, 1, NULL, 0},
    {"PEM", "EncryptedPrivateKeyInfo", EVP_PKEY_KEYPAIR, 1, NULL, 0},
    {"DER", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY, 0, NULL, 0},
    {"PEM", "SubjectPublicKeyInfo", EVP_PKEY_PUBLIC_KEY, 0, NULL, 0},
    {"TEXT", NULL, EVP_PKEY_KEYPAIR, 0, NULL, 0},
    {"TEXT", NULL, EVP_PKEY_PUBLIC_KEY, 0, NULL, 0},
};
#define ENCODINGS (sizeof(encodings) / sizeof(encodings[0]))

struct fixture {
    struct et_env env;
    /* edfast alone, as an application that uses it for everything has it: decoding and the store */
    OSSL_LIB_CTX *alone;
    /*
     * Its file: loader, held for the whole fixture: OpenSSL 3.0 frees a store
     * loader twice when an allocation fails while it builds the loader for its
     * method store (a double free at OSSL_LIB_CTX_free), so the store is
     * tested with the loader made beforehand, as any second use has it.
     */
    OSSL_STORE_LOADER *loader;
    enum et_curve curve;
    const char *backend;
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY];
    EVP_PKEY *key;       /* edfast's key of seed */
    EVP_PKEY *reference; /* the default provider's */
    uint8_t sig[3][ET_MAX_SIG]; /* each variant's signature of MESSAGE */
    int served[3];              /* whether a backend of this build serves the variant */
    /* the default provider's encodings of the key, decoded by the decoding operations */
    unsigned char *encoded[ENCODINGS];
    size_t encoded_len[ENCODINGS];
    char pem_file[64]; /* the PEM private key, for the store */
};

static size_t key_len(const struct fixture *fx)
{
    return et_key_len(fx->curve);
}

static size_t sig_len(const struct fixture *fx)
{
    return et_sig_len(fx->curve);
}

static int same_public(const struct fixture *fx, const EVP_PKEY *pkey)
{
    uint8_t pub[ET_MAX_KEY];
    size_t len = sizeof(pub);

    return EVP_PKEY_get_raw_public_key(pkey, pub, &len) == 1 && len == key_len(fx)
        && memcmp(pub, fx->pub, len) == 0;
}

static int same_private(const struct fixture *fx, const EVP_PKEY *pkey)
{
    uint8_t seed[ET_MAX_KEY];
    size_t len = sizeof(seed);

    return EVP_PKEY_get_raw_private_key(pkey, seed, &len) == 1 && len == key_len(fx)
        && memcmp(seed, fx->seed, len) == 0;
}

/* The signature parameters of a variant (at most 3 entries and the end). */
static void variant_params(const struct variant *v, OSSL_PARAM params[3])
{
    size_t n = 0;

    if (v->instance != NULL)
        params[n++] = OSSL_PARAM_construct_utf8_string(PARAM_INSTANCE,
                                                       (char *)v->instance, 0);
    if (v->context != NULL)
        params[n++] = OSSL_PARAM_construct_octet_string(PARAM_CONTEXT_STRING,
                                                        (void *)v->context, strlen(v->context));
    params[n] = OSSL_PARAM_construct_end();
}

/* ---- the operations: each makes its calls, stops failing, checks, frees ---- */

typedef enum outcome operation_fn(struct fixture *fx, int arg);

static enum outcome keygen(struct fixture *fx, int arg)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(fx->env.ctx, et_curve_name(fx->curve), ET_EDFAST);
    EVP_PKEY *pkey = NULL, *derived = NULL;
    uint8_t seed[ET_MAX_KEY];
    size_t len = sizeof(seed);
    enum outcome out = FAILED;

    (void)arg;
    if (ctx != NULL && EVP_PKEY_keygen_init(ctx) == 1)
        EVP_PKEY_generate(ctx, &pkey);
    alloc_stop_failing();
    if (pkey != NULL) {
        /* the public half must be the one the default provider derives from the seed */
        uint8_t pub[ET_MAX_KEY], want[ET_MAX_KEY];
        size_t pub_len = sizeof(pub), want_len = sizeof(want);

        out = WRONG;
        if (EVP_PKEY_get_raw_private_key(pkey, seed, &len) == 1
                && (derived = et_key(&fx->env, fx->curve, ET_DEFAULT, seed, NULL)) != NULL
                && EVP_PKEY_get_raw_public_key(pkey, pub, &pub_len) == 1
                && EVP_PKEY_get_raw_public_key(derived, want, &want_len) == 1
                && pub_len == want_len && memcmp(pub, want, pub_len) == 0)
            out = RIGHT;
    }
    EVP_PKEY_free(derived);
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(ctx);
    return out;
}

enum import_kind { IMPORT_PAIR, IMPORT_SEED, IMPORT_PUBLIC };

static enum outcome import(struct fixture *fx, int kind)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(fx->env.ctx, et_curve_name(fx->curve), ET_EDFAST);
    EVP_PKEY *pkey = NULL;
    OSSL_PARAM params[3];
    size_t n = 0;
    enum outcome out = FAILED;

    if (kind != IMPORT_SEED)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, fx->pub, key_len(fx));
    if (kind != IMPORT_PUBLIC)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, fx->seed, key_len(fx));
    params[n] = OSSL_PARAM_construct_end();
    if (ctx != NULL && EVP_PKEY_fromdata_init(ctx) == 1)
        EVP_PKEY_fromdata(ctx, &pkey, kind == IMPORT_PUBLIC ? EVP_PKEY_PUBLIC_KEY : EVP_PKEY_KEYPAIR,
                          params);
    alloc_stop_failing();
    if (pkey != NULL)
        out = same_public(fx, pkey) && (kind == IMPORT_PUBLIC || same_private(fx, pkey)) ? RIGHT : WRONG;
    EVP_PKEY_free(pkey);
    EVP_PKEY_CTX_free(ctx);
    return out;
}

static enum outcome export(struct fixture *fx, int arg)
{
    OSSL_PARAM *params = NULL;
    const OSSL_PARAM *p;
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY];
    size_t seed_len = sizeof(seed), pub_len = sizeof(pub);
    int ok;
    enum outcome out = FAILED;

    (void)arg;
    /*
     * OpenSSL 3.0's EVP_PKEY_todata reports success when its own copy of the
     * exported parameters could not be made (ossl_pkey_todata_cb ignores
     * OSSL_PARAM_dup's NULL): no parameters is its failure, not a wrong result.
     */
    ok = EVP_PKEY_todata(fx->key, EVP_PKEY_KEYPAIR, &params) == 1 && params != NULL
        && EVP_PKEY_get_raw_private_key(fx->key, seed, &seed_len) == 1
        && EVP_PKEY_get_raw_public_key(fx->key, pub, &pub_len) == 1;
    alloc_stop_failing();
    if (ok) {
        const void *data = NULL;
        size_t len = 0;

        out = seed_len == key_len(fx) && memcmp(seed, fx->seed, seed_len) == 0
                && pub_len == key_len(fx) && memcmp(pub, fx->pub, pub_len) == 0
                && (p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL
                && OSSL_PARAM_get_octet_string_ptr(p, &data, &len) == 1 && len == key_len(fx)
                && memcmp(data, fx->seed, len) == 0 ? RIGHT : WRONG;
    }
    OSSL_PARAM_free(params);
    return out;
}

static enum outcome duplicate(struct fixture *fx, int arg)
{
    EVP_PKEY *copy = EVP_PKEY_dup(fx->key);
    enum outcome out = FAILED;

    (void)arg;
    alloc_stop_failing();
    if (copy != NULL)
        out = same_public(fx, copy) && same_private(fx, copy) && EVP_PKEY_eq(copy, fx->key) == 1
            ? RIGHT : WRONG;
    EVP_PKEY_free(copy);
    return out;
}

static enum outcome pairwise_check(struct fixture *fx, int arg)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(fx->env.ctx, fx->key, ET_EDFAST);
    int ok = ctx != NULL && EVP_PKEY_pairwise_check(ctx) == 1;

    (void)arg;
    alloc_stop_failing();
    EVP_PKEY_CTX_free(ctx);
    return ok ? RIGHT : FAILED;
}

/* key encoded as encodings[i] by the providers that propq picks; NULL on failure */
static unsigned char *encode_key(EVP_PKEY *key, const struct encoding *e, const char *propq,
                                 size_t *len)
{
    OSSL_ENCODER_CTX *ctx = OSSL_ENCODER_CTX_new_for_pkey(key, e->selection, e->type, e->structure,
                                                          propq);
    unsigned char *data = NULL;
    int ok = ctx != NULL && OSSL_ENCODER_CTX_get_num_encoders(ctx) > 0
        && (!e->encrypted
            || (OSSL_ENCODER_CTX_set_cipher(ctx, "AES-128-CBC", NULL) == 1
                && OSSL_ENCODER_CTX_set_passphrase(ctx, (const unsigned char *)PASS,
                                                   strlen(PASS)) == 1))
        && OSSL_ENCODER_to_data(ctx, &data, len) == 1;

    OSSL_ENCODER_CTX_free(ctx);
    if (!ok) {
        OPENSSL_free(data);
        return NULL;
    }
    return data;
}

/* The key decoded from data by the providers of libctx; NULL on failure. */
static EVP_PKEY *decode_key(struct fixture *fx, const struct encoding *e, OSSL_LIB_CTX *libctx,
                            const unsigned char *data, size_t len)
{
    EVP_PKEY *pkey = NULL;
    OSSL_DECODER_CTX *ctx = OSSL_DECODER_CTX_new_for_pkey(&pkey, e->type, e->structure,
                                                          et_curve_name(fx->curve), e->selection,
                                                          libctx, NULL);

    if (ctx == NULL
            || (e->encrypted
                && OSSL_DECODER_CTX_set_passphrase(ctx, (const unsigned char *)PASS, strlen(PASS)) != 1)
            || OSSL_DECODER_from_data(ctx, &data, &len) != 1) {
        EVP_PKEY_free(pkey);
        pkey = NULL;
    }
    OSSL_DECODER_CTX_free(ctx);
    return pkey;
}

static enum outcome encode(struct fixture *fx, int i)
{
    const struct encoding *e = &encodings[i];
    size_t len = 0;
    unsigned char *data = encode_key(fx->key, e, ET_EDFAST, &len);
    enum outcome out = FAILED;

    alloc_stop_failing();
    if (data != NULL) {
        if (e->encrypted) {
            /* salted: right when the default provider reads the key back */
            EVP_PKEY *back = decode_key(fx, e, fx->env.ctx, data, len);

            out = back != NULL && same_private(fx, back) ? RIGHT : WRONG;
            EVP_PKEY_free(back);
        } else {
            out = len == e->expected_len && memcmp(data, e->expected, len) == 0 ? RIGHT : WRONG;
        }
    }
    OPENSSL_free(data);
    return out;
}

static enum outcome decode(struct fixture *fx, int i)
{
    const struct encoding *e = &encodings[i];
    EVP_PKEY *pkey = decode_key(fx, e, fx->alone, fx->encoded[i], fx->encoded_len[i]);
    enum outcome out = FAILED;

    alloc_stop_failing();
    if (pkey != NULL)
        out = same_public(fx, pkey) && strcmp(et_key_provider(pkey), "edfast") == 0
                && ((e->selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0 || same_private(fx, pkey))
            ? RIGHT : WRONG;
    EVP_PKEY_free(pkey);
    return out;
}

static enum outcome store(struct fixture *fx, int arg)
{
    char uri[80];
    OSSL_STORE_CTX *ctx;
    OSSL_STORE_INFO *info = NULL;
    EVP_PKEY *pkey = NULL;
    enum outcome out = FAILED;

    (void)arg;
    snprintf(uri, sizeof(uri), "file:%s", fx->pem_file);
    ctx = OSSL_STORE_open_ex(uri, fx->alone, NULL, NULL, NULL, NULL, NULL, NULL);
    if (ctx != NULL && (info = OSSL_STORE_load(ctx)) != NULL)
        pkey = OSSL_STORE_INFO_get1_PKEY(info);
    alloc_stop_failing();
    if (pkey != NULL)
        out = same_private(fx, pkey) && same_public(fx, pkey) ? RIGHT : WRONG;
    EVP_PKEY_free(pkey);
    OSSL_STORE_INFO_free(info);
    OSSL_STORE_close(ctx);
    return out;
}

enum sign_way { ONE_SHOT, COPIED_CONTEXT };

/* arg: variant * 2 + way */
static enum outcome digest_sign(struct fixture *fx, int arg)
{
    const struct variant *v = &variants[fx->curve][arg / 2];
    EVP_MD_CTX *md = EVP_MD_CTX_new(), *copy = NULL, *used = md;
    OSSL_PARAM params[3];
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);
    int ok;

    variant_params(v, params);
    ok = md != NULL
        && EVP_DigestSignInit_ex(md, NULL, NULL, fx->env.ctx, ET_EDFAST, fx->key, params) == 1;
    if (ok && arg % 2 == COPIED_CONTEXT)
        ok = (copy = EVP_MD_CTX_new()) != NULL && EVP_MD_CTX_copy_ex(copy, md) == 1 && (used = copy);
    ok = ok && EVP_DigestSign(used, sig, &len, (const uint8_t *)MESSAGE, strlen(MESSAGE)) == 1;
    alloc_stop_failing();
    EVP_MD_CTX_free(copy);
    EVP_MD_CTX_free(md);
    if (!ok)
        return FAILED;
    return len == sig_len(fx) && memcmp(sig, fx->sig[arg / 2], len) == 0 ? RIGHT : WRONG;
}

static enum outcome digest_verify(struct fixture *fx, int arg)
{
    const struct variant *v = &variants[fx->curve][arg / 2];
    EVP_MD_CTX *md = EVP_MD_CTX_new(), *copy = NULL, *used = md;
    OSSL_PARAM params[3];
    int ok, verdict = 0;

    variant_params(v, params);
    ok = md != NULL
        && EVP_DigestVerifyInit_ex(md, NULL, NULL, fx->env.ctx, ET_EDFAST, fx->key, params) == 1;
    if (ok && arg % 2 == COPIED_CONTEXT)
        ok = (copy = EVP_MD_CTX_new()) != NULL && EVP_MD_CTX_copy_ex(copy, md) == 1 && (used = copy);
    if (ok)
        verdict = EVP_DigestVerify(used, fx->sig[arg / 2], sig_len(fx), (const uint8_t *)MESSAGE,
                                   strlen(MESSAGE));
    alloc_stop_failing();
    EVP_MD_CTX_free(copy);
    EVP_MD_CTX_free(md);
    if (!ok)
        return FAILED;
    /* a good signature refused with nothing on the error queue is a wrong verdict */
    return verdict == 1 ? RIGHT : ERR_peek_error() != 0 ? FAILED : WRONG;
}

#if OPENSSL_VERSION_NUMBER >= 0x30400000L
/* EVP_PKEY_sign_message_init / EVP_PKEY_verify_message_init on the algorithm the variant names. */
static enum outcome message_api(struct fixture *fx, int arg)
{
    const struct variant *v = &variants[fx->curve][arg / 2];
    const char *name = v->instance != NULL && v->context == NULL ? v->instance : et_curve_name(fx->curve);
    EVP_SIGNATURE *alg = EVP_SIGNATURE_fetch(fx->env.ctx, name, ET_EDFAST);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(fx->env.ctx, fx->key, ET_EDFAST);
    OSSL_PARAM params[3];
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);
    int verdict = -1, signing = arg % 2 == 0;

    /* the algorithm's name fixes the instance: 3.4 refuses an "instance" parameter with it */
    params[0] = OSSL_PARAM_construct_end();
    if (alg != NULL && ctx != NULL) {
        if (signing)
            verdict = EVP_PKEY_sign_message_init(ctx, alg, params) == 1
                && EVP_PKEY_sign(ctx, sig, &len, (const uint8_t *)MESSAGE, strlen(MESSAGE)) == 1;
        else if (EVP_PKEY_verify_message_init(ctx, alg, params) == 1)
            verdict = EVP_PKEY_verify(ctx, fx->sig[arg / 2], sig_len(fx), (const uint8_t *)MESSAGE,
                                      strlen(MESSAGE));
    }
    alloc_stop_failing();
    EVP_PKEY_CTX_free(ctx);
    EVP_SIGNATURE_free(alg);
    if (signing)
        return verdict != 1 ? FAILED
             : len == sig_len(fx) && memcmp(sig, fx->sig[arg / 2], len) == 0 ? RIGHT : WRONG;
    if (verdict == 1)
        return RIGHT;
    return ERR_peek_error() != 0 ? FAILED : WRONG;
}
#endif

/* ---- running an operation with each of its allocations failed in turn ---- */

/*
 * injected: failures of allocations made with edfast's code on the stack (its
 * own, and libcrypto's on its behalf), judged by every rule; handled: those
 * that passed.  libcrypto_own: failures of allocations libcrypto makes for
 * itself around edfast (EVP_MD_CTX_new, fetching, loading a provider, and
 * the default provider's own work under the openssl backend), judged only
 * by the call after them: OpenSSL 3.0 raises no error for many, and leaks a
 * few blocks in some (its own to fix).  allocations_seen: what the
 * operations' runs without a failure made in all.
 */
static unsigned long injected, handled, libcrypto_own, allocations_seen;
/*
 * Set for the store, where libcrypto mishandles failures of its own
 * allocations: OpenSSL 3.0 frees a store loader twice (at OSSL_LIB_CTX_free)
 * after one in its loader look-up, and its object callback leaks the key it
 * took over from the loader when making the EVP_PKEY fails (try_key_ref
 * drops the keydata evp_keymgmt_util_make_pkey did not take).  There only
 * allocations edfast's own code asks for are failed; the others are let
 * through (alloc_passed_over).
 */
static int edfast_allocations_only;
static const char *only; /* EDFAST_ALLOC_FAIL_ONLY: run the operations whose name holds it */
static long only_k;       /* EDFAST_ALLOC_FAIL_K: fail only that allocation (0: each in turn) */

/* Whether the error queue holds an error, and one raised by edfast; empties it. */
static void drain_errors(int *any, int *edfast)
{
    static const char root[] = EDFAST_SOURCE_DIR "/";
    const char *file;
    int line;

    *any = *edfast = 0;
    while (ERR_get_error_all(&file, &line, NULL, NULL, NULL) != 0) {
        *any = 1;
        if (file != NULL && strncmp(file, root, sizeof(root) - 1) == 0)
            *edfast = 1;
    }
}

static void run_failing(struct fixture *fx, const char *name, operation_fn *op, int arg)
{
    char what[160];
    char left_at[48];
    long i, k, n, allocations, left;
    enum outcome out;
    int any, edfast;
    const struct alloc_failure *failed = alloc_failed();

    snprintf(what, sizeof(what), "%s %s (%s)", et_curve_name(fx->curve), name, fx->backend);
    if (only != NULL && strstr(what, only) == NULL)
        return;
    ERR_clear_error();
    out = op(fx, arg); /* warms libcrypto's caches; and the operation must work */
    ERR_clear_error();
    if (out == RIGHT) {
        alloc_record_start();
        out = op(fx, arg);
        n = alloc_record_stop();
        ERR_clear_error();
    }
    if (out != RIGHT) {
        ET_CHECK(0, "%s: without a failure: %s", what, out == WRONG ? "wrong result" : "failed");
        ERR_clear_error();
        return;
    }
    allocations_seen += (unsigned long)n;
    for (i = 0; i < n; i++) {
        k = i + 1;
        if (only_k > 0 ? k != only_k : alloc_repeated(i))
            continue;
        leaks_unseen();
        alloc_start_failing(k, edfast_allocations_only);
        out = op(fx, arg);
        allocations = alloc_made();
        alloc_stop_failing();
        leaks_seen();
        if (allocations < k || alloc_passed_over()) { /* nothing failed */
            alloc_blocks_left(left_at, sizeof(left_at), 1);
            ET_CHECK(out == RIGHT, "%s: with allocation %ld not failed: %s", what, k,
                     out == WRONG ? "wrong result" : "failed");
            ERR_clear_error();
            continue;
        }
        drain_errors(&any, &edfast);
        left = alloc_blocks_left(left_at, sizeof(left_at), 1);
        {
            /*
             * The openssl backend is OpenSSL's own code: how it answers when
             * one of libcrypto's allocations fails under it is the default
             * provider's doing (OpenSSL 3.0's Ed25519 and Ed448 verification
             * calls a failed EVP_MD_CTX_new an invalid signature, silently).
             */
            const int judged = failed->under_edfast
                && (strcmp(fx->backend, "openssl") != 0 || alloc_edfast_file(failed->file));
            const int right_verdict = !judged || out != WRONG;
            const int reported = !judged || out == RIGHT || (any && (edfast || !alloc_edfast_file(failed->file)));
            const int no_leak = !judged || left == 0;
            enum outcome again;

            ET_CHECK(right_verdict, "%s: allocation %ld (%s:%d) failed: wrong result", what, k,
                     failed->file, failed->line);
            ET_CHECK(reported, "%s: allocation %ld (%s:%d) failed: %s", what, k, failed->file,
                     failed->line, any ? "no error from edfast" : "no error on the queue");
            ET_CHECK(no_leak, "%s: allocation %ld (%s:%d) failed: %ld blocks left behind, the first from %s",
                     what, k, failed->file, failed->line, left, left_at);
            leaks_unseen(); /* it may free what the failed run left in libcrypto's caches */
            again = op(fx, arg);
            leaks_seen();
            ERR_clear_error();
            ET_CHECK(again == RIGHT, "%s: allocation %ld (%s:%d) failed: the same call after it %s",
                     what, k, failed->file, failed->line, again == WRONG ? "was wrong" : "failed");
            if (!judged)
                libcrypto_own++;
            else if (injected++, right_verdict && reported && no_leak && again == RIGHT)
                handled++;
        }
    }
    if (getenv("EDFAST_ALLOC_FAIL_VERBOSE") != NULL)
        printf("  %s: %ld allocations\n", what, n);
}

/* Provider load and teardown, in a library context of its own; no other holds edfast. */
static enum outcome load_unload(struct fixture *fx, int arg)
{
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *prov;
    EVP_SIGNATURE *alg = NULL;
    enum outcome out = FAILED;

    (void)fx;
    (void)arg;
    if (ctx == NULL || !OSSL_PROVIDER_set_default_search_path(ctx, et_provider_dir())) {
        OSSL_LIB_CTX_free(ctx);
        return FAILED;
    }
    if ((prov = OSSL_PROVIDER_load(ctx, "edfast")) != NULL) {
        alg = EVP_SIGNATURE_fetch(ctx, "ED25519", ET_EDFAST);
        if (alg != NULL)
            out = RIGHT;
        EVP_SIGNATURE_free(alg);
        OSSL_PROVIDER_unload(prov);
    }
    alloc_stop_failing();
    OSSL_LIB_CTX_free(ctx);
    return out;
}

/* ---- the fixture: keys, signatures and encodings taken without failures ---- */

static int fixture_open(struct fixture *fx, enum et_curve curve, const char *backend)
{
    static const char *const names[2][3] = {{"pure", "ctx", "ph"}, {"pure", "context", "ph"}};
    const unsigned long failures_before = et_failures;
    size_t i, v;
    FILE *f;
    int fd;

    memset(fx, 0, sizeof(*fx));
    fx->curve = curve;
    fx->backend = backend;
    if (!et_env_open_for(&fx->env, curve, backend) || (fx->alone = et_ctx_alone(backend)) == NULL
            || (fx->loader = OSSL_STORE_LOADER_fetch(fx->alone, "file", NULL)) == NULL)
        return 0;
    for (i = 0; i < key_len(fx); i++)
        fx->seed[i] = (uint8_t)(i * 7 + 1 + curve);
    fx->reference = et_key(&fx->env, curve, ET_DEFAULT, fx->seed, NULL);
    i = key_len(fx);
    if (fx->reference == NULL || EVP_PKEY_get_raw_public_key(fx->reference, fx->pub, &i) != 1
            || (fx->key = et_key(&fx->env, curve, ET_EDFAST, fx->seed, fx->pub)) == NULL) {
        ET_CHECK(0, "%s (%s): the fixture's keys", et_curve_name(curve), backend);
        return 0;
    }
    for (v = 0; v < 3; v++) {
        /* the pure instance's signature is the default provider's; the others edfast's (header) */
        EVP_PKEY *signer = v == 0 ? fx->reference : fx->key;
        const char *propq = v == 0 ? ET_DEFAULT : ET_EDFAST;
        EVP_MD_CTX *md = EVP_MD_CTX_new();
        OSSL_PARAM params[3];
        size_t len = sizeof(fx->sig[v]);

        variant_params(&variants[curve][v], params);
        fx->served[v] = md != NULL
            && EVP_DigestSignInit_ex(md, NULL, NULL, fx->env.ctx, propq, signer,
                                     v == 0 ? NULL : params) == 1
            && EVP_DigestSign(md, fx->sig[v], &len, (const uint8_t *)MESSAGE, strlen(MESSAGE)) == 1;
        EVP_MD_CTX_free(md);
        /* an instance no backend of this build frames (Ed25519ctx/ph without native) is left out */
        if (!fx->served[v] && v > 0 && et_error_contains("no backend serves"))
            printf("%s (%s): the %s instance: no backend of this build serves it\n",
                   et_curve_name(curve), backend, names[curve][v]);
        else
            ET_CHECK(fx->served[v], "%s (%s): the %s signature", et_curve_name(curve), backend,
                     names[curve][v]);
        ERR_clear_error();
    }
    for (i = 0; i < ENCODINGS; i++) {
        struct encoding *e = &encodings[i];

        fx->encoded[i] = encode_key(fx->reference, e, ET_DEFAULT, &fx->encoded_len[i]);
        ET_CHECK(fx->encoded[i] != NULL, "the default provider's %s %s", e->type,
                 e->structure ? e->structure : "");
        if (!e->encrypted) {
            OPENSSL_free(e->expected);
            e->expected = OPENSSL_memdup(fx->encoded[i], fx->encoded_len[i]);
            e->expected_len = fx->encoded_len[i];
        }
    }
    snprintf(fx->pem_file, sizeof(fx->pem_file), "/tmp/edfast-alloc-fail-XXXXXX");
    fd = mkstemp(fx->pem_file);
    f = fd >= 0 ? fdopen(fd, "w") : NULL;
    ET_CHECK(f != NULL && fwrite(fx->encoded[1], 1, fx->encoded_len[1], f) == fx->encoded_len[1],
             "writing %s", fx->pem_file);
    if (f != NULL)
        fclose(f);
    return et_failures == failures_before;
}

static void fixture_close(struct fixture *fx)
{
    size_t i;

    for (i = 0; i < ENCODINGS; i++)
        OPENSSL_free(fx->encoded[i]);
    if (fx->pem_file[0] != '\0')
        unlink(fx->pem_file);
    EVP_PKEY_free(fx->key);
    EVP_PKEY_free(fx->reference);
    OSSL_STORE_LOADER_free(fx->loader);
    et_ctx_alone_free(fx->alone);
    et_env_close(&fx->env);
}

static void run_all(struct fixture *fx)
{
    static const char *const way[2] = {"one-shot", "copied context"};
    char name[96];
    size_t i;
    int v, w;

    run_failing(fx, "key generation", keygen, 0);
    run_failing(fx, "import of a key pair", import, IMPORT_PAIR);
    run_failing(fx, "import of a seed", import, IMPORT_SEED);
    run_failing(fx, "import of a public key", import, IMPORT_PUBLIC);
    run_failing(fx, "export", export, 0);
    run_failing(fx, "EVP_PKEY_dup", duplicate, 0);
    run_failing(fx, "pairwise check", pairwise_check, 0);
    for (i = 0; i < ENCODINGS; i++) {
        snprintf(name, sizeof(name), "%s %s %s", encodings[i].type,
                 encodings[i].structure ? encodings[i].structure : "",
                 encodings[i].selection == EVP_PKEY_PUBLIC_KEY ? "public" : "private");
        run_failing(fx, name, encode, (int)i);
        if (encodings[i].structure != NULL) {
            char decoding[110];

            snprintf(decoding, sizeof(decoding), "decoding %s", name);
            run_failing(fx, decoding, decode, (int)i);
        }
    }
    edfast_allocations_only = 1;
    run_failing(fx, "store", store, 0);
    edfast_allocations_only = 0;
    for (v = 0; v < 3; v++) {
        const struct variant *var = &variants[fx->curve][v];
        const char *instance = var->instance != NULL ? var->instance : "pure";
        const char *context = var->context != NULL ? " with a context" : "";

        if (!fx->served[v])
            continue;
        for (w = 0; w < 2; w++) {
            snprintf(name, sizeof(name), "sign %s%s, %s", instance, context, way[w]);
            run_failing(fx, name, digest_sign, v * 2 + w);
            snprintf(name, sizeof(name), "verify %s%s, %s", instance, context, way[w]);
            run_failing(fx, name, digest_verify, v * 2 + w);
        }
#if OPENSSL_VERSION_NUMBER >= 0x30400000L
        if (OpenSSL_version_num() >= 0x30400000L && var->context == NULL) {
            snprintf(name, sizeof(name), "message API sign %s", instance);
            run_failing(fx, name, message_api, v * 2);
            snprintf(name, sizeof(name), "message API verify %s", instance);
            run_failing(fx, name, message_api, v * 2 + 1);
        }
#endif
    }
}

int main(void)
{
    const char *backends[ET_MAX_BACKENDS];
    struct fixture fx;
    enum et_curve curve;
    size_t i, n;

    /* before anything allocates: OpenSSL takes new functions only then */
    if (!alloc_hooks_install()) {
        fprintf(stderr, "CRYPTO_set_mem_functions refused: something allocated first\n");
        return 1;
    }
    only = getenv("EDFAST_ALLOC_FAIL_ONLY");
    only_k = getenv("EDFAST_ALLOC_FAIL_K") != NULL ? atol(getenv("EDFAST_ALLOC_FAIL_K")) : 0;
    memset(&fx, 0, sizeof(fx));
    fx.backend = "every backend";
    run_failing(&fx, "provider load and teardown", load_unload, 0);
    for (curve = 0; curve < ET_CURVES; curve++) {
        n = et_backends_for(curve, backends);
        for (i = 0; i < n; i++) {
            if (fixture_open(&fx, curve, backends[i]))
                run_all(&fx);
            fixture_close(&fx);
        }
    }
    for (i = 0; i < ENCODINGS; i++)
        OPENSSL_free(encodings[i].expected);
    printf("libcrypto's own allocations failed around edfast: %lu (the call after each checked)\n",
           libcrypto_own);
    printf("allocations made by the operations: %lu; failed (each call stack once a run): %lu\n",
           allocations_seen, injected + libcrypto_own);
    printf("allocation failures injected: %lu, handled: %lu\n", injected, handled);
    ET_CHECK(injected > 0 && handled == injected, "every injected failure handled");
    return et_finish("hardening_alloc_fail");
}
