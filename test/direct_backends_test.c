/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The implementations edfast-bench times directly, made as the benchmark
 * makes them (bench/impl.h), against OpenSSL's default provider in the same
 * run: every compiled-in backend through backends/backend.h, libsodium
 * (Ed25519) and libdecaf (Ed448) when this build has them, and lib25519 when
 * ../shared/anchors/lib25519 is there.  For KEYS random keys per curve and
 * messages of many lengths, each must agree
 * with the default provider's row of the same seed (bench/conform.c, the check
 * the benchmark also runs before timing): the same public key, the same
 * signature byte for byte (lib25519's are hedged: one the default provider
 * accepts), and the same verdicts on its signature, on corrupted ones, on
 * another message, and with a key object of another key.
 *
 * Usage: direct_backends_test [LABEL...]: only the rows named (e.g.
 * backend:native, which CTest runs once per native path, EDFAST_NATIVE_PATH).
 * The seed is printed; EDFAST_TEST_SEED=<n> repeats a run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "anchor_lib25519.h"
#include "conform.h"
#include "edfast_test_util.h"
#include "impl.h"
#ifdef EDFAST_HAVE_NATIVE
#include "native_path.h"
#endif

#define KEYS 8
#define MAX_ROWS 16

/* Up to 16 KiB, with the lengths on both sides of where the message crosses
 * a hash block: SHA-512's 128 bytes after the 32-byte prefix or R || A
 * (Ed25519), SHAKE256's 136 after dom4 and the 57-byte prefix or R || A (Ed448). */
static const size_t lengths[] = {0,  1,  2,  11, 12,  13,  31,  32,  33,  63,   64,   65,
                                 68, 69, 70, 95, 96,  97,  127, 128, 129, 135,  136,  137,
                                 255, 256, 257, 1000, 4096, 16384};
#define MAX_LENGTH 16384

static int argc_labels;
static char **labels;

/* Whether the command line asks for this row (all rows when it names none). */
static int wanted(const char *label, int *named)
{
    int i;

    if (argc_labels == 0)
        return 1;
    for (i = 0; i < argc_labels; i++)
        if (strcmp(labels[i], label) == 0) {
            named[i] = 1;
            return 1;
        }
    return 0;
}

/* Keeps a made row when wanted, frees it otherwise; a failure to make it is a failure. */
static size_t keep(struct impl *rows, size_t n, int made, const char *why, int *named)
{
    ET_CHECK(made, "%s: %s", rows[n].label, why);
    if (made && wanted(rows[n].label, named))
        return n + 1;
    impl_free(&rows[n]);
    return n;
}

/* The direct rows of curve for seed, as edfast-bench makes them. */
static size_t make_rows(struct impl *rows, enum edfast_curve curve, const uint8_t *seed,
                        const uint8_t *pub, const struct lib25519_anchor *anchor, int *named)
{
    char why[256] = "";
    size_t n = 0, b;
    int made;

    for (b = 0; b < bench_backend_count(); b++)
        if (bench_backend_serves(b, curve))
            n = keep(rows, n, backend_impl_init(&rows[n], b, curve, seed, why, sizeof(why)),
                     why, named);
    if ((made = lib_impl_init(&rows[n], curve, seed, why, sizeof(why))) != 0)
        n = keep(rows, n, made > 0, why, named);
    if (curve == EDFAST_ED25519 && anchor != NULL)
        n = keep(rows, n, anchor_impl_init(&rows[n], anchor, seed, pub, MAX_LENGTH, why,
                                           sizeof(why)), why, named);
    return n;
}

static void check_curve(enum edfast_curve curve, struct evp_ctx *deflt,
                        const struct lib25519_anchor *anchor, struct et_rng *rng, int *named)
{
    static uint8_t msg[MAX_LENGTH];
    size_t keylen = edfast_key_bytes(curve), nrows = 0, i, l;
    struct impl rows[MAX_ROWS], ref, other;
    uint8_t seed[EDFAST_MAX_KEY_BYTES], other_seed[EDFAST_MAX_KEY_BYTES];
    uint8_t sig[EDFAST_MAX_SIG_BYTES];
    char why[256];
    int k;

    if (bench_backend_count() + 2 > MAX_ROWS) {
        ET_CHECK(0, "more backends than this test has room for");
        return;
    }
    for (k = 0; k < KEYS; k++) {
        memset(&ref, 0, sizeof(ref));
        memset(&other, 0, sizeof(other));
        et_rng_bytes(rng, seed, keylen);
        et_rng_bytes(rng, other_seed, keylen);
        if (!evp_impl_init(&ref, curve, KIND_EVP, deflt, "default", seed, why, sizeof(why))
                || !evp_impl_init(&other, curve, KIND_EVP, deflt, "default", other_seed, why,
                                  sizeof(why))) {
            ET_CHECK(0, "%s: the default provider's key: %s", curve_names[curve], why);
            impl_free(&ref);
            impl_free(&other);
            return;
        }
        nrows = make_rows(rows, curve, seed, ref.pub, anchor, named);
        for (l = 0; l < sizeof(lengths) / sizeof(lengths[0]); l++) {
            const struct job job = {msg, lengths[l], sig};

            et_rng_bytes(rng, msg, lengths[l]);
            ET_CHECK(ref.ops->sign(&ref, &job, sig), "%s: the default provider cannot sign",
                     curve_names[curve]);
            for (i = 0; i < nrows; i++)
                ET_CHECK(conform_check(&rows[i], &ref, &job, other.pub, why, sizeof(why)),
                         "%s %s, key %d, %zu-byte message: %s", curve_names[curve],
                         rows[i].label, k, lengths[l], why);
        }
        if (k == 0) {
            printf("%s:", curve_names[curve]);
            for (i = 0; i < nrows; i++)
                printf(" %s", rows[i].label);
            printf(" (%d keys, %zu message lengths)\n", KEYS,
                   sizeof(lengths) / sizeof(lengths[0]));
        }
        for (i = 0; i < nrows; i++)
            impl_free(&rows[i]);
        impl_free(&ref);
        impl_free(&other);
    }
}

int main(int argc, char **argv)
{
    struct lib25519_anchor anchor;
    struct evp_ctx deflt;
    struct et_rng rng;
    int named[16] = {0}, have_anchor, i;
    enum edfast_curve curve;
    char why[512];

#ifdef EDFAST_HAVE_NATIVE
    native_path_or_skip();
#endif
    argc_labels = argc - 1;
    labels = argv + 1;
    if (argc_labels > (int)(sizeof(named) / sizeof(named[0]))) {
        fprintf(stderr, "direct_backends_test: at most %zu labels\n",
                sizeof(named) / sizeof(named[0]));
        return 2;
    }
    et_rng_seed(&rng, et_choose_seed());
    if (!bench_backends_acquire() || !evp_ctx_load_default(&deflt, why, sizeof(why))) {
        et_fail_at(__FILE__, __LINE__, "set-up failed");
        return et_finish("direct_backends");
    }
    have_anchor = lib25519_anchor_load(&anchor, EDFAST_ANCHOR_DIR, why, sizeof(why));
    printf("lib25519: %s\n", have_anchor ? "checked" : why);
    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++)
        check_curve(curve, &deflt, have_anchor ? &anchor : NULL, &rng, named);
    /* A row asked for by name must exist, so that no run passes by checking nothing. */
    for (i = 0; i < argc_labels; i++)
        ET_CHECK(named[i], "no row %s in this build", labels[i]);
    evp_ctx_free(&deflt);
    bench_backends_release();
    return et_finish("direct_backends");
}
