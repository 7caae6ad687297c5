/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the benchmark program's own parts share: the options, which
 * edfast-bench.c parses and hands to the others as a parameter; the results
 * and their tables (report.c); the timing (harness.c), which adds results;
 * and where contended time goes (contention.c), which times with the
 * harness.  The helpers they all use are in util.h, the rows they time in
 * impl.h.
 */
#ifndef EDFAST_BENCH_H
#define EDFAST_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "impl.h"

#define MAX_IMPLS 32
#define MAX_BACKENDS 8
#define MAX_SIZES 16
#define MAX_ROUNDS 101
#define MAX_THREADS 256
#define MAX_ROWS 4096

/*
 * verify-newkey: verification with a key object made for that one signature
 * from the raw public key (and freed after), as when every signature comes with
 * its own key (certificates); verify reuses one key object, so any per-key
 * precomputation is paid once.
 */
enum op { OP_KEYGEN, OP_SIGN, OP_VERIFY, OP_VERIFY_NEWKEY, OP_COUNT };
extern const char *const op_names[OP_COUNT]; /* report.c */

/* The command line, parsed once by edfast-bench.c: every part is handed it
 * read-only, so that what a part depends on stands in its signature. */
struct options {
    int quick, smoke;
    unsigned curves;      /* bit per curve */
    unsigned ops;         /* bit per op */
    size_t sizes[MAX_SIZES];
    size_t nsizes;
    int rounds;
    double round_s;
    int smoke_ops;        /* --smoke: operations per row */
    int threads_max;      /* 0: number of online CPUs */
    int no_threads;
    int no_fresh;
    int contention;       /* --contention: where contended time goes */
    unsigned long count;  /* --count: this many operations, nothing timed */
    int cpu_clock;        /* --clock cpu: tables by thread CPU time */
    size_t thread_msg;
    const char *csv;
    const char *module_dir;
    const char *anchor_dir;
};

/* ---- Results (report.c) ---- */

/* The rounds of one row, by one clock. */
struct stats {
    double median, min, max;
    double mad;         /* median absolute deviation of the rounds */
    double vs_default;  /* median per-round ratio; NAN when there is no reference */
    double vs_lib;      /* against libsodium/libdecaf direct; NAN without the library */
    double vs_anchor;   /* against lib25519; NAN without it */
};

struct row {
    enum edfast_curve curve;
    enum op op;
    char label[64];
    enum kind kind;
    size_t msg_len;     /* 0 for keygen */
    int threads;        /* 0: the single-thread table */
    int rounds;
    struct stats wall;  /* ops per second of wall-clock time (CLOCK_MONOTONIC) */
    struct stats cpu;   /* ops per second of the thread's CPU time; single-thread rows only */
    int has_cpu;
    double scaling;     /* threads: against 1 thread of the same implementation */
    /* Thread rows: the CPU time of one operation (median over rounds, in
     * microseconds), and how much more than with one thread (paired by
     * round; NAN for 1 thread). */
    double cpu_us_per_op, contended_extra_us;
};

/* A new row, its ratios and scaling NAN; dies when there are too many. */
struct row *add_row(void);
/* How many rows there are: the index the next one will have. */
size_t row_count(void);
/* The table of the single-thread rows from first_row on. */
void print_table(const struct options *opt, enum edfast_curve curve, enum op op,
                 size_t first_row);
/* The table of the thread rows from first_row on. */
void print_thread_table(enum edfast_curve curve, enum op op, size_t msg_len,
                        size_t first_row);
/*
 * Which thread rows there are: for kind evp, sign and verify, each thread
 * reusing its EVP_MD_CTX; for evp-fresh, every operation with its own
 * context, as a server's workers do.  The harness measures these, and
 * check_rows expects them.
 */
int thread_op_measured(enum kind kind, enum op op);
/*
 * Completeness: every row this build should have measured (from the
 * registry, the build's libraries, lib25519 when have_anchor, and chosen,
 * edfast's backend per curve, for the thread rows) is there with a positive
 * rate.  Returns the number missing, each reported on stderr.
 */
int check_rows(const struct options *opt, const size_t chosen[EDFAST_CURVE_COUNT],
               int max_threads, int have_anchor);
void write_csv(const char *path);

/* ---- Timing (harness.c) ---- */

/* Exactly n operations of im, dying on any failure. */
void run_ops(struct impl *im, enum op op, const struct job *job, uint64_t n);
/*
 * One (curve, operation, message size) group: every row of impls measured
 * in interleaved rounds, their rows added with their ratios.
 */
void measure_group(const struct options *opt, struct impl *impls, size_t nimpls,
                   enum edfast_curve curve, enum op op, const struct job *job);
/*
 * Multi-thread scaling, 1 to max_threads threads, of the default provider's
 * row against edfast's (edfast_name: "edfast/BACKEND"), for each kind and
 * operation thread_op_measured names (evp-fresh keygen with its own
 * EVP_PKEY_CTX, verify-newkey with its own key object).  Sign and verify
 * share the row's EVP_PKEY.  Prints the tables.
 */
void measure_threads(const struct options *opt, struct impl *impls, size_t nimpls,
                     const char *edfast_name, enum edfast_curve curve, const struct job *job,
                     int max_threads);
/*
 * n threads (at most MAX_THREADS), thread i running ims[i]'s operations for a
 * round: the total ops/s by wall clock, and in *cpu_us the CPU time of one
 * operation in its thread, in microseconds, averaged over the threads.
 */
double run_threads(const struct options *opt, struct impl *const *ims, int n, enum op op,
                   const struct job *job, double *cpu_us);
/* The median of v's n values; the median over rounds of a[r] - b[r]. */
double median_of(const double *v, int n);
double median_difference(const double *a, const double *b, int rounds);

/* ---- Where contended time goes (contention.c) ---- */

/*
 * fresh: the evp-fresh rows of the default provider and of edfast (its
 * backend edfast_backend); sign and verify of job, as opt->ops asks.
 */
void measure_contention(const struct options *opt, struct impl *fresh[2],
                        const char *edfast_backend, const struct job *job);

#endif
