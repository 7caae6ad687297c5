/* SPDX-License-Identifier: Apache-2.0 */
/*
 * edfast-bench: Ed25519 and Ed448 keygen/sign/verify throughput of
 *
 *   - edfast through EVP, once per compiled-in backend: each in a library
 *     context of its own into which edfast.so is loaded with EDFAST_BACKEND
 *     naming that backend (checked afterwards through the provider's
 *     ed25519-backend / ed448-backend parameters);
 *   - OpenSSL's default provider through EVP, in a library context of its own;
 *   - libsodium (Ed25519) and libdecaf (Ed448) called directly, when built;
 *   - lib25519, the fastest published Ed25519, when ../shared/anchors/lib25519/lib
 *     (or --anchor-dir) has it (the anchor: a row to beat; its signatures are
 *     hedged, so they are checked for validity, not for equality);
 *   - every compiled-in edfast backend called directly through backend.h;
 *
 * plus multi-thread scaling of every EVP operation (sign and verify on one shared key).
 *
 * This file: the options, which rows there are, and the run.  The rows are
 * in impl.h, the timing in harness.c, the tables and CSV in report.c; each
 * is handed the options it reads.
 * All implementations of one (curve, operation, message size) are measured in
 * the same process in interleaved rounds (A B C A B C ...); the figure
 * reported is the median of the rounds' ops/s.  Before anything is timed each
 * implementation must answer as the default provider does (conform.c);
 * otherwise the run aborts.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <openssl/crypto.h>

#include "anchor_lib25519.h"
#include "bench.h"
#include "conform.h"
#include "util.h"

#ifndef EDFAST_ANCHOR_DIR
#define EDFAST_ANCHOR_DIR "../shared/anchors/lib25519/lib"
#endif
#ifndef EDFAST_MODULE_DIR
#error "EDFAST_MODULE_DIR (the directory holding edfast.so) must be defined"
#endif

static struct lib25519_anchor anchor;
static int anchor_loaded; /* lib25519's rows exist */

/* ------------------------------------------------------------------------- */
/* The rows of a curve */

static struct evp_ctx default_ctx;
static struct evp_ctx edfast_ctx[MAX_BACKENDS]; /* indexed like the registry */
static size_t nbackends;
/* What edfast.so chooses per curve when loaded with the caller's environment
 * (a registry index). */
static size_t edfast_choice[EDFAST_CURVE_COUNT];

/* The rows of the curve being measured; [0] is evp:default, the reference. */
static struct impl curve_rows[MAX_IMPLS];
static size_t ncurve_rows;

static struct impl *next_impl(void)
{
    if (ncurve_rows == MAX_IMPLS)
        die("too many implementations");
    return &curve_rows[ncurve_rows++];
}

static const uint8_t *fixed_seed(enum edfast_curve curve)
{
    static uint8_t seed[EDFAST_CURVE_COUNT][EDFAST_MAX_KEY_BYTES];
    size_t i;

    for (i = 0; i < sizeof(seed[curve]); i++)
        seed[curve][i] = (uint8_t)(0x9d + 37 * i + 101 * curve);
    return seed[curve];
}

static void add_evp_impl(enum edfast_curve curve, enum kind kind, struct evp_ctx *c,
                         const char *name)
{
    struct impl *im = next_impl();
    char why[256];

    if (!evp_impl_init(im, curve, kind, c, name, fixed_seed(curve), why, sizeof(why)))
        die("%s %s: %s", curve_names[curve], im->label, why);
    im->is_default = kind == KIND_EVP && c == &default_ctx;
}

static void build_impls(const struct options *opt, enum edfast_curve curve, size_t max_msg)
{
    size_t b;
    struct impl *im;
    char name[64], why[256];

    ncurve_rows = 0;
    add_evp_impl(curve, KIND_EVP, &default_ctx, "default");
    for (b = 0; b < nbackends; b++) {
        if (!bench_backend_serves(b, curve))
            continue;
        if (strcmp(edfast_ctx[b].served[curve], bench_backend_name(b)) != 0)
            die("%s: edfast loaded with EDFAST_BACKEND=%s reports %s=%s", curve_names[curve],
                bench_backend_name(b), evp_backend_params[curve], edfast_ctx[b].served[curve]);
        snprintf(name, sizeof(name), "edfast/%s", bench_backend_name(b));
        add_evp_impl(curve, KIND_EVP, &edfast_ctx[b], name);
    }
    if (!opt->no_fresh) {
        add_evp_impl(curve, KIND_EVP_FRESH, &default_ctx, "default");
        snprintf(name, sizeof(name), "edfast/%s", bench_backend_name(edfast_choice[curve]));
        add_evp_impl(curve, KIND_EVP_FRESH, &edfast_ctx[edfast_choice[curve]], name);
    }
    im = next_impl();
    switch (lib_impl_init(im, curve, fixed_seed(curve), why, sizeof(why))) {
    case 1:
        break;
    case 0:
        ncurve_rows--;
        break;
    default:
        die("%s %s: %s", curve_names[curve], im->label, why);
    }
    if (curve == EDFAST_ED25519 && anchor_loaded) {
        /* lib25519 derives no key from a seed: the default provider's public
         * key of the fixed seed completes its secret key. */
        im = next_impl();
        if (!anchor_impl_init(im, &anchor, fixed_seed(curve), curve_rows[0].pub, max_msg, why,
                              sizeof(why)))
            die("%s %s: %s", curve_names[curve], im->label, why);
    }
    for (b = 0; b < nbackends; b++) {
        if (!bench_backend_serves(b, curve))
            continue;
        im = next_impl();
        if (!backend_impl_init(im, b, curve, fixed_seed(curve), why, sizeof(why)))
            die("%s %s: %s", curve_names[curve], im->label, why);
    }
}

/* The evp-fresh rows: the default provider's, then edfast's (build_impls' order). */
static struct impl **fresh_rows(void)
{
    static struct impl *fresh[2];
    size_t i, n = 0;

    for (i = 0; i < ncurve_rows && n < 2; i++)
        if (curve_rows[i].kind == KIND_EVP_FRESH)
            fresh[n++] = &curve_rows[i];
    if (n < 2)
        die("the evp-fresh rows are missing");
    return fresh;
}

static void free_impls(void)
{
    size_t i;

    for (i = 0; i < ncurve_rows; i++)
        impl_free(&curve_rows[i]);
    ncurve_rows = 0;
}

/*
 * Before anything is timed: every row answers as the default provider
 * (curve_rows[0]) does on every message; the other key for verify-newkey is the
 * public key of a second seed.
 */
static void check_impls(enum edfast_curve curve, const struct job *jobs, size_t njobs)
{
    uint8_t seed[EDFAST_MAX_KEY_BYTES];
    struct impl other;
    char why[256];
    size_t i, j;

    memcpy(seed, fixed_seed(curve), sizeof(seed));
    seed[0] ^= 0x55;
    if (!evp_impl_init(&other, curve, KIND_EVP, &default_ctx, "default", seed, why,
                       sizeof(why)))
        die("%s: a second key: %s", curve_names[curve], why);
    for (i = 0; i < ncurve_rows; i++)
        for (j = 0; j < njobs; j++)
            if (!conform_check(&curve_rows[i], &curve_rows[0], &jobs[j], other.pub, why,
                               sizeof(why)))
                die("%s %s, %zu-byte message: %s", curve_names[curve], curve_rows[i].label,
                    jobs[j].len, why);
    impl_free(&other);
}

/* ------------------------------------------------------------------------- */
/* Options */

static void usage(FILE *f)
{
    fprintf(f,
        "usage: edfast-bench [options]\n"
        "  --quick          64- and 1024-byte messages, 5 rounds of 20 ms (under 30 s)\n"
        "  --smoke          a few operations per row, 1 round (for CTest): checks only\n"
        "  --csv FILE       write every row to FILE\n"
        "  --curve C        ed25519 or ed448 (repeatable; default both)\n"
        "  --op O           keygen, sign, verify or verify-newkey (repeatable; default all)\n"
        "  --sizes LIST     message sizes, comma-separated (default 32,64,512,1024,16384)\n"
        "  --rounds N       interleaved rounds per row (default 9, quick 5)\n"
        "  --round-ms MS    length of one round (default 50)\n"
        "  --threads N      thread test up to N threads (default: online CPUs)\n"
        "  --no-threads     skip the thread test\n"
        "  --no-fresh       skip the fresh-EVP_MD_CTX-per-operation rows\n"
        "  --contention     also: where a contended operation's time goes (2 threads,\n"
        "                   sharing nothing, the library context, it and the key)\n"
        "  --count N        run N operations of each --op on edfast's evp-fresh row and\n"
        "                   time nothing (scripts/evp-split.sh counts instructions)\n"
        "  --clock C        wall (default: CLOCK_MONOTONIC) or cpu (the thread's CPU time,\n"
        "                   for a busy machine): what the tables' ops/s and ratios use;\n"
        "                   the CSV always has both; the thread test's ops/s and\n"
        "                   scaling are by wall clock, its extra by CPU time\n"
        "  --module-dir DIR load edfast.so from DIR (default " EDFAST_MODULE_DIR ")\n"
        "  --anchor-dir DIR load lib25519 from DIR (default " EDFAST_ANCHOR_DIR ");\n"
        "                   its rows are left out when it cannot be loaded\n");
}

static void parse_sizes(struct options *opt, const char *list)
{
    char *copy = strdup(list), *tok, *save = NULL;

    opt->nsizes = 0;
    for (tok = strtok_r(copy, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
        char *end;
        unsigned long v = strtoul(tok, &end, 10);

        if (*end != '\0' || v == 0 || v > (1ul << 24) || opt->nsizes == MAX_SIZES)
            die("bad --sizes list: %s", list);
        opt->sizes[opt->nsizes++] = v;
    }
    free(copy);
    if (opt->nsizes == 0)
        die("bad --sizes list: %s", list);
}

static void parse_args(struct options *opt, int argc, char **argv)
{
    int i, rounds = 0, round_ms = 0;
    const char *sizes = NULL;

    opt->module_dir = EDFAST_MODULE_DIR;
    opt->anchor_dir = EDFAST_ANCHOR_DIR;
    opt->thread_msg = 64;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;

        if (strcmp(a, "--quick") == 0) {
            opt->quick = 1;
        } else if (strcmp(a, "--smoke") == 0) {
            opt->smoke = 1;
        } else if (strcmp(a, "--no-threads") == 0) {
            opt->no_threads = 1;
        } else if (strcmp(a, "--no-fresh") == 0) {
            opt->no_fresh = 1;
        } else if (strcmp(a, "--contention") == 0) {
            opt->contention = 1;
        } else if (strcmp(a, "--count") == 0) {
            char *end;

            opt->count = strtoul(v, &end, 10), i++;
            if (*end != '\0' || opt->count == 0)
                die("--count must be a positive number");
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (v == NULL) {
            usage(stderr);
            die("unknown option or missing value: %s", a);
        } else if (strcmp(a, "--clock") == 0) {
            if (strcmp(v, "cpu") == 0)
                opt->cpu_clock = 1;
            else if (strcmp(v, "wall") == 0)
                opt->cpu_clock = 0;
            else
                die("--clock is wall or cpu");
            i++;
        } else if (strcmp(a, "--csv") == 0) {
            opt->csv = v, i++;
        } else if (strcmp(a, "--module-dir") == 0) {
            opt->module_dir = v, i++;
        } else if (strcmp(a, "--anchor-dir") == 0) {
            opt->anchor_dir = v, i++;
        } else if (strcmp(a, "--sizes") == 0) {
            sizes = v, i++;
        } else if (strcmp(a, "--rounds") == 0) {
            rounds = atoi(v), i++;
            if (rounds < 1 || rounds > MAX_ROUNDS)
                die("--rounds must be 1..%d", MAX_ROUNDS);
        } else if (strcmp(a, "--round-ms") == 0) {
            round_ms = atoi(v), i++;
            if (round_ms < 1)
                die("--round-ms must be positive");
        } else if (strcmp(a, "--threads") == 0) {
            opt->threads_max = atoi(v), i++;
            if (opt->threads_max < 1 || opt->threads_max > MAX_THREADS)
                die("--threads must be 1..%d", MAX_THREADS);
        } else if (strcmp(a, "--curve") == 0) {
            if (strcasecmp(v, "ed25519") == 0)
                opt->curves |= 1u << EDFAST_ED25519;
            else if (strcasecmp(v, "ed448") == 0)
                opt->curves |= 1u << EDFAST_ED448;
            else
                die("unknown curve %s", v);
            i++;
        } else if (strcmp(a, "--op") == 0) {
            enum op op;

            for (op = 0; op < OP_COUNT && strcmp(v, op_names[op]) != 0; op++)
                ;
            if (op == OP_COUNT)
                die("unknown operation %s", v);
            opt->ops |= 1u << op;
            i++;
        } else {
            usage(stderr);
            die("unknown option %s", a);
        }
    }
    if (opt->curves == 0)
        opt->curves = (1u << EDFAST_CURVE_COUNT) - 1;
    if (opt->ops == 0)
        opt->ops = (1u << OP_COUNT) - 1;
    if (sizes != NULL)
        parse_sizes(opt, sizes);
    else if (opt->quick && !opt->smoke)
        parse_sizes(opt, "64,1024");
    else
        parse_sizes(opt, "32,64,512,1024,16384");
    if ((opt->contention || opt->count > 0) && opt->no_fresh)
        die("--contention and --count use the evp-fresh rows: not with --no-fresh");
    if (opt->smoke) {
        opt->rounds = rounds > 0 ? rounds : 1;
        opt->smoke_ops = 3;
        opt->round_s = 0;
    } else {
        opt->rounds = rounds > 0 ? rounds : opt->quick ? 5 : 9;
        opt->round_s = (round_ms > 0 ? round_ms : opt->quick ? 20 : 50) / 1000.0;
    }
}

int main(int argc, char **argv)
{
    struct options opt = {0};
    uint8_t *msgbuf;
    size_t maxlen = 0, i, b;
    enum edfast_curve curve;
    int max_threads, missing;
    double started, load_start;
    char why[512];

    setvbuf(stdout, NULL, _IOLBF, 0);
    parse_args(&opt, argc, argv);
    started = now();
    load_start = load_average();
    max_threads = opt.threads_max > 0 ? opt.threads_max : (int)sysconf(_SC_NPROCESSORS_ONLN);
    if (max_threads < 1)
        max_threads = 1;
    if (max_threads > MAX_THREADS)
        max_threads = MAX_THREADS;
    for (i = 0; i < opt.nsizes; i++)
        if (opt.sizes[i] > maxlen)
            maxlen = opt.sizes[i];
    if (opt.thread_msg > maxlen)
        maxlen = opt.thread_msg;
    if ((msgbuf = malloc(maxlen)) == NULL)
        die("out of memory");
    for (i = 0; i < maxlen; i++)
        msgbuf[i] = (uint8_t)(i * 131 + 7);
    anchor_loaded = lib25519_anchor_load(&anchor, opt.anchor_dir, why, sizeof(why));
    if (anchor_loaded)
        printf("anchor: lib25519 from %s (fixed base: %s, double scalar: %s, "
               "SHA-512: %s)\n", opt.anchor_dir, anchor.fixed_base_implementation(),
               anchor.double_scalar_implementation(), anchor.sha512_implementation());
    else
        printf("anchor: no lib25519 rows (%s)\n", why);

    if (!bench_backends_acquire())
        die("edfast_backends_acquire failed");
    nbackends = bench_backend_count();
    if (nbackends > MAX_BACKENDS)
        die("more than %d backends", MAX_BACKENDS);

    if (!evp_ctx_load_default(&default_ctx, why, sizeof(why)))
        die("%s", why);
    {
        /* Which backend edfast picks with the caller's environment. */
        struct evp_ctx probe;

        if (!evp_ctx_load_edfast(&probe, opt.module_dir, NULL, why, sizeof(why)))
            die("%s", why);
        for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++)
            if ((edfast_choice[curve] = bench_backend_index(probe.served[curve])) == nbackends)
                die("edfast chose %s for %s, which this benchmark does not know",
                    probe.served[curve], curve_names[curve]);
        evp_ctx_free(&probe);
    }
    for (b = 0; b < nbackends; b++)
        if (!evp_ctx_load_edfast(&edfast_ctx[b], opt.module_dir, bench_backend_name(b), why,
                                 sizeof(why)))
            die("%s", why);

    printf("edfast-bench: OpenSSL %s, edfast from %s\n",
           OpenSSL_version(OPENSSL_VERSION_STRING), opt.module_dir);
    printf("backends compiled in (preference order):");
    for (b = 0; b < nbackends; b++)
        printf(" %s", bench_backend_name(b));
    printf("; edfast's choice: Ed25519=%s Ed448=%s%s\n",
           bench_backend_name(edfast_choice[EDFAST_ED25519]),
           bench_backend_name(edfast_choice[EDFAST_ED448]),
           getenv("EDFAST_BACKEND") != NULL ? " (EDFAST_BACKEND is set)" : "");
    if (opt.smoke)
        printf("mode: smoke (%d ops per row, %d round): correctness and completeness only, "
               "the figures mean nothing\n", opt.smoke_ops, opt.rounds);
    else
        printf("mode: %s, %d interleaved rounds of >= %.0f ms per row, median; "
               "%d CPUs online, thread test up to %d\n", opt.quick ? "quick" : "full",
               opt.rounds, opt.round_s * 1000, (int)sysconf(_SC_NPROCESSORS_ONLN),
               max_threads);
    printf("keygen: EVP rows include drawing the random seed (and make their own "
           "EVP_PKEY_CTX, so there are no evp-fresh keygen rows); direct rows derive the "
           "public key (and make/free the backend's key state) from a given seed\n");

    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        struct job jobs[MAX_SIZES + 1];
        uint8_t sigs[MAX_SIZES + 1][EDFAST_MAX_SIG_BYTES];
        size_t njobs = 0, s;
        struct job thread_job;
        enum op op;

        if (!(opt.curves & (1u << curve)))
            continue;
        build_impls(&opt, curve, maxlen);
        /* Reference signatures from the default provider (curve_rows[0]). */
        for (s = 0; s < opt.nsizes + 1; s++) {
            jobs[s].msg = msgbuf;
            jobs[s].len = s < opt.nsizes ? opt.sizes[s] : opt.thread_msg;
            jobs[s].sig = sigs[s];
            if (!curve_rows[0].ops->sign(&curve_rows[0], &jobs[s], sigs[s]))
                die("%s %s: sign failed", curve_names[curve], curve_rows[0].label);
            njobs++;
        }
        thread_job = jobs[opt.nsizes];
        check_impls(curve, jobs, njobs);
        printf("\n%s: %zu implementations agree with the default provider on %zu messages\n",
               curve_names[curve], ncurve_rows, njobs);
        if (opt.count > 0) {
            /* For an instruction counter: the difference of two counts is what
             * that many operations cost, set-up and checks cancelled. */
            struct impl *edfast_fresh = fresh_rows()[1];

            for (op = 0; op < OP_COUNT; op++)
                if (opt.ops & (1u << op))
                    run_ops(edfast_fresh, op, &thread_job, opt.count);
            printf("%s: %lu operations of each asked for on %s\n", curve_names[curve],
                   opt.count, edfast_fresh->label);
            free_impls();
            continue;
        }

        for (op = 0; op < OP_COUNT; op++) {
            size_t first = row_count();

            if (!(opt.ops & (1u << op)))
                continue;
            if (op == OP_KEYGEN)
                measure_group(&opt, curve_rows, ncurve_rows, curve, op, &jobs[0]);
            else
                for (s = 0; s < opt.nsizes; s++)
                    measure_group(&opt, curve_rows, ncurve_rows, curve, op, &jobs[s]);
            print_table(&opt, curve, op, first);
        }
        if (!opt.no_threads) {
            char name[64];

            snprintf(name, sizeof(name), "edfast/%s", bench_backend_name(edfast_choice[curve]));
            measure_threads(&opt, curve_rows, ncurve_rows, name, curve, &thread_job,
                            max_threads);
        }
        if (opt.contention)
            measure_contention(&opt, fresh_rows(), bench_backend_name(edfast_choice[curve]),
                               &thread_job);
        free_impls();
    }

    missing = opt.count > 0 ? 0 : check_rows(&opt, edfast_choice, max_threads, anchor_loaded);
    if (opt.csv != NULL)
        write_csv(opt.csv);
    printf("\n%zu rows in %.1f s%s%s\n", row_count(), now() - started,
           opt.csv != NULL ? ", written to " : "", opt.csv != NULL ? opt.csv : "");
    /* Context for the figures: how busy the machine was around us. */
    printf("load average (1 min) at start %.2f, at end %.2f; this process used %.1f s "
           "of CPU in %.1f s\n", load_start, load_average(), cpu_seconds(), now() - started);

    for (b = 0; b < nbackends; b++)
        evp_ctx_free(&edfast_ctx[b]);
    evp_ctx_free(&default_ctx);
    bench_backends_release();
    free(msgbuf);
    if (missing > 0) {
        fprintf(stderr, "edfast-bench: %d rows missing\n", missing);
        return 1;
    }
    return 0;
}
