/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Private key material is cleansed on every path that frees it.
 *
 * This program defines malloc(), calloc(), realloc() and free() itself
 * (forwarding to glibc's __libc_malloc etc.), so every block allocated or
 * freed in the process, by edfast.so (whose allocations go through OpenSSL's),
 * libcrypto (OPENSSL_malloc and OPENSSL_free end there), libsodium or
 * libdecaf, passes through it first.  While a scenario runs, each allocation
 * is recorded with its size and allocating call stack, and each freed block
 * (its whole malloc_usable_size) is searched for the scenario's secrets: the
 * seed and its expansions (SHA-512 or SHAKE256 halves, the clamped scalar),
 * in 16-byte pieces.  A hit is a finding, printed with the freeing and the
 * allocating call stacks.  Blocks are zeroed after the search so that stale
 * bytes cannot show up in a later block's slack.
 *
 * The test fails on every finding but one kind, told by what was freed and
 * who owns it: the EVP_ENCODE_CTX of libcrypto's PEM_write_bio, which it
 * frees with a plain OPENSSL_free while the context still holds the last raw
 * bytes it encoded (OpenSSL's own PEM encoders leave the same; not edfast's
 * to fix).  Such a block was asked for with EVP_ENCODE_CTX's size, and both
 * its allocating and its freeing stack show PEM_write_bio right past
 * libcrypto's allocation plumbing.  That plumbing (the frames between
 * malloc() or free() and the caller of EVP_ENCODE_CTX_new or _free, which
 * tail calls and inlining may hide) is learned at start-up from a context
 * the test allocates and frees itself, so the verdict depends on no frame
 * layout of this program, edfast.so or libcrypto.
 *
 * Scenarios, for every backend and both curves: import a seed (with and
 * without its public half), sign, verify, duplicate keys and signing
 * contexts, free; an import refused after the seed was given; generate a key
 * and free it; encode the key as PKCS#8 DER, PEM and encrypted PEM; decode
 * PKCS#8 and encrypted PKCS#8 back.
 *
 * Limits: a secret held in another form (limbs of a field element, a scalar
 * reduced mod L) is not recognised; realloc's implicit free of a moved block
 * is not searched; blocks from memalign and its kin are not recorded (a
 * finding in one is never tolerated).  Needs glibc and a build without
 * sanitizers (skips otherwise).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <execinfo.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include "backend.h"
#include "edfast_test_util.h"

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif

#ifndef SANITIZED
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

#define MAX_SECRETS 8
#define FREE_FRAMES 32
#define ALLOC_FRAMES 12 /* our hook's frames, libcrypto's plumbing, the allocating function, more */
#define PATH_FRAMES 8
#define LIVE_BITS 15 /* a scenario has a few thousand blocks live at most */
#define LIVE_SLOTS ((size_t)1 << LIVE_BITS)

static struct {
    uint8_t bytes[128];
    size_t len;
    const char *what;
} secrets[MAX_SECRETS];
static size_t secret_count;
static int watching;
static __thread int inside;
static unsigned long findings, tolerated_findings, blocks_searched;
static const char *scenario = "";

/*
 * A block allocated while watching, in an open-addressing table keyed by its
 * address.  Entries of an earlier scenario (another generation) count as
 * empty: one whose block was freed unwatched would otherwise lend its record
 * to a block allocated unwatched at the same address.
 */
static struct allocation {
    const void *block;
    unsigned generation;
    int n;
    size_t size;
    void *frames[ALLOC_FRAMES];
} live[LIVE_SLOTS];
static unsigned generation;
static size_t live_count;
static int live_overflow;

/* The libcrypto functions between our hook and the caller of EVP_ENCODE_CTX_new or _free. */
struct plumbing {
    const void *fn[PATH_FRAMES];
    int n;
};
static struct {
    const void *libcrypto;     /* its load address */
    const void *pem_write_bio; /* the owner */
    size_t size;
    struct plumbing new_path, free_path;
} encode_ctx;
static const void *probe; /* start-up: the block whose freeing stack to keep */
static void *probe_frames[FREE_FRAMES];
static int probe_n;

static int holds(const uint8_t *block, size_t size, const uint8_t *piece, size_t len)
{
    if (size < len)
        return 0;
    for (size_t i = 0; i + len <= size; i++)
        if (block[i] == piece[0] && memcmp(block + i, piece, len) == 0)
            return 1;
    return 0;
}

static size_t home(const void *block)
{
    return (size_t)(((uint64_t)((uintptr_t)block >> 4) * 0x9E3779B97F4A7C15u) >> (64 - LIVE_BITS));
}

static int occupied(size_t i)
{
    return live[i].generation == generation && live[i].block != NULL;
}

/* The slot holding block, or the free slot where it would go. */
static size_t slot_of(const void *block)
{
    size_t i = home(block);

    while (occupied(i) && live[i].block != block)
        i = (i + 1) & (LIVE_SLOTS - 1);
    return i;
}

static const struct allocation *lookup(const void *block)
{
    size_t i = slot_of(block);

    return occupied(i) ? &live[i] : NULL;
}

static void remember(const void *block, size_t size)
{
    size_t i = slot_of(block);

    if (!occupied(i)) {
        /* a full table would never end a probe; a block left out is merely never tolerated */
        if (live_count >= LIVE_SLOTS / 4 * 3) {
            live_overflow = 1;
            return;
        }
        live_count++;
    }
    live[i].block = block;
    live[i].generation = generation;
    live[i].size = size;
    live[i].n = backtrace(live[i].frames, ALLOC_FRAMES);
}

/* Backward-shift deletion: a probe must never stop at the hole left behind. */
static void forget(const void *block)
{
    size_t i = slot_of(block), j = i;

    if (!occupied(i))
        return;
    live_count--;
    for (;;) {
        j = (j + 1) & (LIVE_SLOTS - 1);
        if (!occupied(j))
            break;
        /* j's entry may fill the hole unless its home lies (cyclically) in (i, j] */
        if (((j - home(live[j].block)) & (LIVE_SLOTS - 1)) >= ((j - i) & (LIVE_SLOTS - 1))) {
            live[i] = live[j];
            i = j;
        }
    }
    live[i].block = NULL;
}

static const void *module_of(const void *addr)
{
    Dl_info info;

    return dladdr(addr, &info) != 0 ? info.dli_fbase : NULL;
}

/* The function holding a return address; the address itself where no symbol covers it. */
static const void *function_of(const void *addr)
{
    Dl_info info;

    return dladdr(addr, &info) != 0 && info.dli_saddr != NULL ? info.dli_saddr : addr;
}

/*
 * The first frame not in this program, i.e. past our hook: frames[0] called
 * backtrace(), and its callers up to the hook's caller are ours however the
 * compiler inlined or tail-called them.
 */
static int past_own_frames(void *const *frames, int n)
{
    const void *self = n > 0 ? module_of(frames[0]) : NULL;
    int i = 0;

    while (i < n && module_of(frames[i]) == self)
        i++;
    return i;
}

/* From a stack we made ourselves: the libcrypto frames between our hook and our own call. */
static int learn(void *const *frames, int n, struct plumbing *path)
{
    int i = past_own_frames(frames, n);

    path->n = 0;
    for (; i < n && module_of(frames[i]) == encode_ctx.libcrypto; i++) {
        if (path->n == PATH_FRAMES)
            return 0;
        path->fn[path->n++] = function_of(frames[i]);
    }
    return i < n;
}

static int on_path(const void *fn, const struct plumbing *path)
{
    for (int i = 0; i < path->n; i++)
        if (path->fn[i] == fn)
            return 1;
    return 0;
}

/* Past our hook and libcrypto's plumbing, the caller is PEM_write_bio. */
static int called_by_pem_write_bio(void *const *frames, int n, const struct plumbing *path)
{
    int i = past_own_frames(frames, n);

    while (i < n && on_path(function_of(frames[i]), path))
        i++;
    return i < n && function_of(frames[i]) == encode_ctx.pem_write_bio;
}

/* What was freed (an EVP_ENCODE_CTX) and who owns it (PEM_write_bio, from allocation to free). */
static int pem_encode_context(const struct allocation *a, void *const *freeing, int n)
{
    return a != NULL && a->size == encode_ctx.size
        && called_by_pem_write_bio(a->frames, a->n, &encode_ctx.new_path)
        && called_by_pem_write_bio(freeing, n, &encode_ctx.free_path);
}

/* All but frames[0], the reporting function: which others are our hooks depends on inlining. */
static void print_stack(void *const *frames, int n)
{
    for (int i = 1; i < n; i++) {
        Dl_info info;

        if (dladdr(frames[i], &info) != 0 && info.dli_fname != NULL)
            fprintf(stderr, "    %s(%s+0x%lx) [offset 0x%lx]\n", info.dli_fname,
                    info.dli_sname != NULL ? info.dli_sname : "?",
                    (unsigned long)((char *)frames[i]
                                    - (char *)(info.dli_saddr != NULL ? info.dli_saddr
                                                                      : info.dli_fbase)),
                    (unsigned long)((char *)frames[i] - (char *)info.dli_fbase));
    }
}

static void report(size_t secret, const void *block, size_t size)
{
    void *frames[FREE_FRAMES];
    int n = backtrace(frames, FREE_FRAMES);
    const struct allocation *a = lookup(block);
    int tolerated = pem_encode_context(a, frames, n);

    findings++;
    tolerated_findings += (unsigned long)tolerated;
    fprintf(stderr, "FINDING [%s]: a freed block of %zu bytes holds %s (%s); freed from:\n",
            scenario, size, secrets[secret].what,
            tolerated ? "libcrypto's PEM_write_bio encoding context: tolerated" : "not tolerated");
    print_stack(frames, n);
    if (a == NULL) {
        fprintf(stderr, "  allocated before the scenario began, or by memalign\n");
        return;
    }
    fprintf(stderr, "  allocated (%zu bytes asked for) from:\n", a->size);
    print_stack(a->frames, a->n);
}

static void inspect(void *p)
{
    size_t size = malloc_usable_size(p);
    const uint8_t *block = p;

    blocks_searched++;
    if (p == probe)
        probe_n = backtrace(probe_frames, FREE_FRAMES);
    for (size_t s = 0; s < secret_count; s++) {
        int hit = 0;

        for (size_t off = 0; off + 16 <= secrets[s].len && !hit; off += 8)
            hit = holds(block, size, secrets[s].bytes + off, 16);
        if (hit) {
            report(s, p, size);
            break;
        }
    }
    forget(p);
    memset(p, 0, size);
}

void free(void *p)
{
    if (p == NULL)
        return;
    if (watching && !inside) {
        inside = 1;
        inspect(p);
        inside = 0;
    }
    __libc_free(p);
}

static void *allocated(void *p, size_t size)
{
    if (p != NULL && watching && !inside) {
        inside = 1;
        remember(p, size);
        inside = 0;
    }
    return p;
}

void *malloc(size_t size)
{
    return allocated(__libc_malloc(size), size);
}

void *calloc(size_t count, size_t size)
{
    return allocated(__libc_calloc(count, size), count * size);
}

void *realloc(void *old, size_t size)
{
    void *p = __libc_realloc(old, size);

    /* old is gone when realloc succeeded, or freed it (size 0) */
    if (old != NULL && (p != NULL || size == 0) && watching && !inside) {
        inside = 1;
        forget(old);
        inside = 0;
    }
    return allocated(p, size);
}

static void start_watching(void)
{
    generation++;
    live_count = 0;
    watching = 1;
}

/*
 * How libcrypto allocates and frees an EVP_ENCODE_CTX, seen from malloc() and
 * free(): its size and the libcrypto functions in between, from a context
 * allocated and freed here.  That context is ours, not PEM_write_bio's, so it
 * must not pass for PEM's: proof that the owner test tells owners apart.
 */
static int learn_encode_ctx(void)
{
    struct allocation mine = {0};
    const struct allocation *a;
    EVP_ENCODE_CTX *ctx;
    int ok;

    encode_ctx.pem_write_bio = dlsym(RTLD_NEXT, "PEM_write_bio");
    encode_ctx.libcrypto = module_of(encode_ctx.pem_write_bio);
    secret_count = 0;
    start_watching();
    ctx = EVP_ENCODE_CTX_new();
    /* a copy: the table moves its entries as blocks come and go */
    if ((a = lookup(ctx)) != NULL)
        mine = *a;
    probe = ctx;
    EVP_ENCODE_CTX_free(ctx);
    probe = NULL;
    watching = 0;
    encode_ctx.size = mine.size;
    ok = encode_ctx.pem_write_bio != NULL && mine.block != NULL && probe_n > 0
        && learn(mine.frames, mine.n, &encode_ctx.new_path)
        && learn(probe_frames, probe_n, &encode_ctx.free_path)
        && !pem_encode_context(&mine, probe_frames, probe_n);
    printf("EVP_ENCODE_CTX: %zu bytes, allocated through %d and freed through %d libcrypto "
           "frame(s)\n", encode_ctx.size, encode_ctx.new_path.n, encode_ctx.free_path.n);
    return ok;
}

static void add_secret(const char *what, const uint8_t *bytes, size_t len)
{
    memcpy(secrets[secret_count].bytes, bytes, len);
    secrets[secret_count].len = len;
    secrets[secret_count].what = what;
    secret_count++;
}

/* The seed and what RFC 8032 expands it to. */
static void watch(enum et_curve c, const uint8_t *seed)
{
    uint8_t h[114];
    EVP_MD_CTX *m;
    size_t k = et_key_len(c);

    watching = 0;
    secret_count = 0;
    m = EVP_MD_CTX_new();
    if (c == ET_ED25519) {
        unsigned int n;

        EVP_DigestInit_ex(m, EVP_sha512(), NULL);
        EVP_DigestUpdate(m, seed, k);
        EVP_DigestFinal_ex(m, h, &n);
    } else {
        EVP_DigestInit_ex(m, EVP_shake256(), NULL);
        EVP_DigestUpdate(m, seed, k);
        EVP_DigestFinalXOF(m, h, 114);
    }
    EVP_MD_CTX_free(m);
    add_secret("the seed", seed, k);
    add_secret("the secret scalar half of H(seed)", h, k);
    add_secret("the nonce-prefix half of H(seed)", h + k, k);
    if (c == ET_ED25519) {
        h[0] &= 248;
        h[31] = (uint8_t)((h[31] & 127) | 64);
    } else {
        h[0] &= 252;
        h[55] |= 128;
        h[56] = 0;
    }
    add_secret("the clamped scalar", h, k);
    OPENSSL_cleanse(h, sizeof(h));
    ERR_clear_error();
    start_watching();
}

static void unwatch(void)
{
    watching = 0;
    secret_count = 0;
}

static struct et_env env;
static OSSL_LIB_CTX *alone; /* edfast only: its own decoders */

/*
 * Signs with an RFC 8032 instance: where no backend of this build frames it
 * (backend.h's declarations), the refusal is what must happen, and its path
 * must cleanse too.
 */
static void sign_instance(EVP_MD_CTX *m, EVP_PKEY *key, enum et_curve c,
                          enum edfast_framing framing, const OSSL_PARAM *p, const char *what)
{
    static const uint8_t msg[] = "cleanse";
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);
    int ok = EVP_DigestSignInit_ex(m, NULL, NULL, env.ctx, ET_EDFAST, key, p) == 1
        && EVP_DigestSign(m, sig, &len, msg, sizeof(msg)) == 1;

    if (edfast_backend_choose(c == ET_ED25519 ? EDFAST_ED25519 : EDFAST_ED448, framing, NULL)
            != NULL)
        ET_CHECK(ok, "%s", what);
    else
        ET_CHECK(!ok && et_error_contains("no backend serves this algorithm"),
                 "%s: framed by no backend of this build, but not refused so", what);
    ERR_clear_error();
}

static void use_key(EVP_PKEY *key, enum et_curve c)
{
    static const uint8_t msg[] = "cleanse";
    uint8_t sig[ET_MAX_SIG];
    size_t len = sizeof(sig);
    EVP_MD_CTX *m = EVP_MD_CTX_new(), *copy = EVP_MD_CTX_new();
    EVP_PKEY *dup = EVP_PKEY_dup(key);

    ET_CHECK(et_sign(&env, key, ET_EDFAST, msg, sizeof(msg), sig, &len), "sign");
    ET_CHECK(et_verify(&env, key, ET_EDFAST, msg, sizeof(msg), sig, len) == 1, "verify");
    ET_CHECK(m != NULL && copy != NULL
                 && EVP_DigestSignInit_ex(m, NULL, NULL, env.ctx, ET_EDFAST, dup, NULL) == 1
                 && EVP_MD_CTX_copy_ex(copy, m) == 1
                 && EVP_DigestSign(copy, sig, &len, msg, sizeof(msg)) == 1,
             "sign with a duplicated key and context");
    if (c == ET_ED25519) {
        OSSL_PARAM p[3];

        p[0] = OSSL_PARAM_construct_utf8_string("instance", "Ed25519ph", 0);
        p[1] = OSSL_PARAM_construct_end();
        sign_instance(m, key, c, EDFAST_PREHASH, p, "Ed25519ph (another backend may frame it)");
        p[0] = OSSL_PARAM_construct_utf8_string("instance", "Ed25519ctx", 0);
        p[1] = OSSL_PARAM_construct_octet_string("context-string", "ctx", 3);
        p[2] = OSSL_PARAM_construct_end();
        sign_instance(m, key, c, EDFAST_CONTEXT, p, "Ed25519ctx");
    } else {
        OSSL_PARAM p[2];

        p[0] = OSSL_PARAM_construct_utf8_string("instance", "Ed448ph", 0);
        p[1] = OSSL_PARAM_construct_end();
        sign_instance(m, key, c, EDFAST_PREHASH, p, "Ed448ph");
    }
    EVP_MD_CTX_free(copy);
    EVP_MD_CTX_free(m);
    EVP_PKEY_free(dup);
}

static void decode(const unsigned char *data, size_t len, const char *type)
{
    EVP_PKEY *pkey = NULL;
    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&pkey, type, NULL, NULL, 0, alone,
                                                        ET_EDFAST);

    OSSL_DECODER_CTX_set_passphrase(d, (const unsigned char *)"pw", 2);
    ET_CHECK(d != NULL && OSSL_DECODER_from_data(d, &data, &len) == 1 && pkey != NULL,
             "decode %s", type);
    EVP_PKEY_free(pkey);
    OSSL_DECODER_CTX_free(d);
}

static void scenarios(const char *backend, enum et_curve c, struct et_rng *rng)
{
    uint8_t seed[ET_MAX_KEY], pub[ET_MAX_KEY], bad[ET_MAX_KEY + 1];
    size_t k = et_key_len(c), len = sizeof(pub);
    char name[96];
    EVP_PKEY *key;

    printf("%s %s\n", backend, et_curve_name(c));
    fflush(stdout);

    et_rng_bytes(rng, seed, k);
    snprintf(name, sizeof(name), "%s %s: import the seed, use, free", backend, et_curve_name(c));
    scenario = name;
    watch(c, seed);
    key = et_key(&env, c, ET_EDFAST, seed, NULL);
    ET_CHECK(key != NULL && EVP_PKEY_get_raw_public_key(key, pub, &len) == 1, "import");
    use_key(key, c);
    EVP_PKEY_free(key);
    unwatch();

    et_rng_bytes(rng, seed, k);
    snprintf(name, sizeof(name), "%s %s: import seed and public key, use, free", backend,
             et_curve_name(c));
    watch(c, seed);
    key = et_key(&env, c, ET_EDFAST, seed, NULL);
    len = sizeof(pub);
    ET_CHECK(key != NULL && EVP_PKEY_get_raw_public_key(key, pub, &len) == 1, "public half");
    EVP_PKEY_free(key);
    key = et_key(&env, c, ET_EDFAST, seed, pub);
    ET_CHECK(key != NULL, "import both halves");
    use_key(key, c);
    EVP_PKEY_free(key);
    unwatch();

    et_rng_bytes(rng, seed, k);
    snprintf(name, sizeof(name), "%s %s: import refused (public half too long)", backend,
             et_curve_name(c));
    watch(c, seed);
    {
        EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(env.ctx, et_curve_name(c), ET_EDFAST);
        OSSL_PARAM p[3];
        EVP_PKEY *none = NULL;

        memset(bad, 1, sizeof(bad));
        p[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, seed, k);
        p[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, bad, k + 1);
        p[2] = OSSL_PARAM_construct_end();
        ET_CHECK(pctx != NULL && EVP_PKEY_fromdata_init(pctx) == 1
                     && EVP_PKEY_fromdata(pctx, &none, EVP_PKEY_KEYPAIR, p) != 1,
                 "refused");
        EVP_PKEY_free(none);
        EVP_PKEY_CTX_free(pctx);
        ERR_clear_error();
    }
    unwatch();

    snprintf(name, sizeof(name), "%s %s: generate, use, free", backend, et_curve_name(c));
    {
        key = et_generate(&env, c, ET_EDFAST);
        ET_CHECK(key != NULL, "keygen");
        len = sizeof(seed);
        ET_CHECK(key != NULL && EVP_PKEY_get_raw_private_key(key, seed, &len) == 1, "seed");
        watch(c, seed);
        use_key(key, c);
        EVP_PKEY_free(key);
        unwatch();
    }

    et_rng_bytes(rng, seed, k);
    snprintf(name, sizeof(name), "%s %s: encode and decode PKCS#8", backend, et_curve_name(c));
    key = et_key(&env, c, ET_EDFAST, seed, NULL);
    watch(c, seed);
    {
        size_t der_len, pem_len, epem_len;
        unsigned char *der = et_encode(key, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", 0,
                                       &der_len);
        unsigned char *pem = et_encode(key, EVP_PKEY_KEYPAIR, "PEM", "PrivateKeyInfo", 0,
                                       &pem_len);
        unsigned char *epem = et_encode(key, EVP_PKEY_KEYPAIR, "PEM", "EncryptedPrivateKeyInfo",
                                        1, &epem_len);

        ET_CHECK(der != NULL && pem != NULL && epem != NULL, "encode");
        if (der != NULL)
            decode(der, der_len, "DER");
        if (pem != NULL)
            decode(pem, pem_len, "PEM");
        if (epem != NULL)
            decode(epem, epem_len, "PEM");
        /* our own copies hold the seed: cleanse them, as an application should */
        OPENSSL_clear_free(der, der_len);
        OPENSSL_clear_free(pem, pem_len);
        OPENSSL_clear_free(epem, epem_len);
    }
    EVP_PKEY_free(key);
    unwatch();
    ERR_clear_error();
}

int main(void)
{
    struct et_rng rng;

    ET_CHECK(learn_encode_ctx(), "learned how libcrypto allocates and frees an EVP_ENCODE_CTX");
    et_rng_seed(&rng, 88);
    ET_CHECK((alone = et_ctx_alone(NULL)) != NULL, "edfast alone");
    for (int c = 0; c < ET_CURVES; c++) {
        const char *names[ET_MAX_BACKENDS];
        size_t n = et_backends_for(c, names);

        for (size_t i = 0; i < n; i++) {
            ET_CHECK(et_env_open_for(&env, c, names[i]), "open %s", names[i]);
            scenarios(names[i], c, &rng);
            et_env_close(&env);
        }
    }
    et_ctx_alone_free(alone);
    printf("searched %lu freed blocks: %lu findings: %lu in libcrypto's PEM_write_bio encoding "
           "context (tolerated), %lu others\n",
           blocks_searched, findings, tolerated_findings, findings - tolerated_findings);
    ET_CHECK(blocks_searched > 1000, "the free() hook saw the frees");
    ET_CHECK(!live_overflow, "every block allocated while watching was recorded");
    /*
     * PEM_write_bio (libcrypto) frees its EVP_ENCODE_CTX, which holds the last
     * raw input bytes it encoded, with a plain OPENSSL_free: every PEM encoder
     * of a private key leaves up to 48 bytes of the DER in freed memory,
     * OpenSSL's own included.  Reported, not edfast's to fix: tolerated, told
     * by what the block is and who owns it (pem_encode_context).
     */
    ET_CHECK(findings == tolerated_findings, "secret bytes left in freed memory");
    return et_finish("hardening_cleanse");
}
#else
int main(void)
{
    printf("SKIPPED: the allocator hooks cannot run in a sanitizer build\n");
    return ET_SKIP;
}
#endif
