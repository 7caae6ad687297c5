/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The timing harness: the calibrated interleaved rounds of one (curve,
 * operation, message size) group, their medians and paired ratios, and the
 * multi-thread test.  It adds its results to report.c's rows.
 */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */

#include "bench.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static uint64_t iteration_counter;

/* One operation; dies on any failure, a rejected good signature included. */
static void run_op(struct impl *im, enum op op, const struct job *job, uint64_t iteration)
{
    uint8_t sig[EDFAST_MAX_SIG_BYTES];

    switch (op) {
    case OP_KEYGEN:
        if (!im->ops->keygen(im, iteration))
            die("%s %s: keygen failed", curve_names[im->curve], im->label);
        return;
    case OP_SIGN:
        if (!im->ops->sign(im, job, sig))
            die("%s %s: sign failed", curve_names[im->curve], im->label);
        return;
    case OP_VERIFY:
    case OP_VERIFY_NEWKEY:
        if ((op == OP_VERIFY ? im->ops->verify(im, job, job->sig)
                             : im->ops->verify_newkey(im, job, im->pub)) != 1)
            die("%s %s: a good signature did not verify", curve_names[im->curve], im->label);
        return;
    case OP_COUNT:
        break;
    }
}

void run_ops(struct impl *im, enum op op, const struct job *job, uint64_t n)
{
    uint64_t i;

    for (i = 0; i < n; i++)
        run_op(im, op, job, iteration_counter++);
}

/* Runs n operations; returns the wall-clock time, and the thread's CPU time in *cpu. */
static double time_ops(struct impl *im, enum op op, const struct job *job, uint64_t n,
                       double *cpu)
{
    double cpu_start = thread_cpu_now(), start = now(), elapsed;

    run_ops(im, op, job, n);
    elapsed = now() - start;
    if (cpu != NULL)
        *cpu = thread_cpu_now() - cpu_start;
    return elapsed;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double median_sorted(double *s, int n)
{
    qsort(s, (size_t)n, sizeof(*s), cmp_double);
    return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/* The median of v, left as it was. */
double median_of(const double *v, int n)
{
    double s[MAX_ROUNDS];

    memcpy(s, v, (size_t)n * sizeof(*s));
    return median_sorted(s, n);
}

/* Median of the rounds' rates, their extremes, and their median absolute deviation. */
static void summarise(struct stats *st, const double *v, int n)
{
    double s[MAX_ROUNDS];
    int i;

    memcpy(s, v, (size_t)n * sizeof(*s));
    st->median = median_sorted(s, n);
    st->min = s[0];
    st->max = s[n - 1];
    for (i = 0; i < n; i++)
        s[i] = fabs(v[i] - st->median);
    st->mad = median_sorted(s, n);
}

/* The median over rounds of a[r] / b[r]; NAN when b has a zero. */
static double paired_ratio(const double *a, const double *b, int n)
{
    double q[MAX_ROUNDS];
    int r;

    for (r = 0; r < n; r++) {
        if (!(b[r] > 0))
            return NAN;
        q[r] = a[r] / b[r];
    }
    return median_sorted(q, n);
}

/* ------------------------------------------------------------------------- */
/* Single-thread measurement: one (curve, op, size) group, interleaved */

void measure_group(const struct options *opt, struct impl *impls, size_t nimpls,
                   enum edfast_curve curve, enum op op, const struct job *job)
{
    static double rate[MAX_IMPLS][MAX_ROUNDS], cpu_rate[MAX_IMPLS][MAX_ROUNDS];
    uint64_t n[MAX_IMPLS];
    struct row *added[MAX_IMPLS];
    size_t i, included[MAX_IMPLS], ninc = 0, def = SIZE_MAX, lib = SIZE_MAX,
           anchor_row = SIZE_MAX;
    int r;

    for (i = 0; i < nimpls; i++) {
        /* A fresh context changes nothing for keygen, which makes its own. */
        if (op == OP_KEYGEN && impls[i].kind == KIND_EVP_FRESH)
            continue;
        included[ninc++] = i;
    }

    /* Calibration (and warm-up): the op count that fills one round. */
    for (i = 0; i < ninc; i++) {
        struct impl *im = &impls[included[i]];

        if (opt->smoke) {
            n[i] = (uint64_t)opt->smoke_ops;
            continue;
        }
        for (n[i] = 1;; n[i] *= 2) {
            double t = time_ops(im, op, job, n[i], NULL);

            if (t >= opt->round_s / 5) {
                double per_op = t / (double)n[i];

                n[i] = (uint64_t)ceil(opt->round_s / per_op);
                break;
            }
        }
    }

    /* Rounds: A B C ... A B C ..., starting one further along each round. */
    for (r = 0; r < opt->rounds; r++) {
        for (i = 0; i < ninc; i++) {
            size_t k = (i + (size_t)r) % ninc;
            double cpu, t = time_ops(&impls[included[k]], op, job, n[k], &cpu);

            rate[k][r] = t > 0 ? (double)n[k] / t : 0;
            cpu_rate[k][r] = cpu > 0 ? (double)n[k] / cpu : 0;
        }
    }

    for (i = 0; i < ninc; i++) {
        struct impl *im = &impls[included[i]];
        struct row *row = added[i] = add_row();

        row->curve = curve;
        row->op = op;
        snprintf(row->label, sizeof(row->label), "%s", im->label);
        row->kind = im->kind;
        row->msg_len = op == OP_KEYGEN ? 0 : job->len;
        row->rounds = opt->rounds;
        summarise(&row->wall, rate[i], opt->rounds);
        summarise(&row->cpu, cpu_rate[i], opt->rounds);
        row->has_cpu = 1;
        if (im->is_default)
            def = i;
        if (im->kind == KIND_LIB)
            lib = i;
        if (im->kind == KIND_ANCHOR)
            anchor_row = i;
    }
    /* Ratios pair each round with the reference's run in the same round, so
     * that load which comes and goes over seconds largely cancels out. */
    for (i = 0; i < ninc; i++) {
        struct row *row = added[i];

        if (def != SIZE_MAX) {
            row->wall.vs_default = paired_ratio(rate[i], rate[def], opt->rounds);
            row->cpu.vs_default = paired_ratio(cpu_rate[i], cpu_rate[def], opt->rounds);
        }
        /* Every row, so that EVP rows show what the EVP path costs too. */
        if (lib != SIZE_MAX) {
            row->wall.vs_lib = paired_ratio(rate[i], rate[lib], opt->rounds);
            row->cpu.vs_lib = paired_ratio(cpu_rate[i], cpu_rate[lib], opt->rounds);
        }
        if (anchor_row != SIZE_MAX) {
            row->wall.vs_anchor = paired_ratio(rate[i], rate[anchor_row], opt->rounds);
            row->cpu.vs_anchor = paired_ratio(cpu_rate[i], cpu_rate[anchor_row], opt->rounds);
        }
    }
}

/* ------------------------------------------------------------------------- */
/* Multi-thread scaling: EVP operations, one shared EVP_PKEY */

struct thread_arg {
    const struct options *opt;
    struct impl *im;
    enum op op;
    const struct job *job;
    pthread_barrier_t *barrier;
    uint64_t ops;
    double elapsed;
    double cpu; /* the thread's CPU time over the same span */
};

/*
 * An evp: row's thread makes one EVP_MD_CTX and reuses it, as a worker
 * holding its context does; an evp-fresh: row's operations make their own,
 * as a server's workers making one per request do.
 */
static void *thread_main(void *varg)
{
    struct thread_arg *a = varg;
    EVP_MD_CTX *mdctx = a->im->kind == KIND_EVP ? EVP_MD_CTX_new() : NULL;
    uint8_t sig[EDFAST_MAX_SIG_BYTES];
    double start, cpu_start, t = 0;
    uint64_t ops = 0;

    if (a->im->kind == KIND_EVP && mdctx == NULL)
        die("EVP_MD_CTX_new failed");
    pthread_barrier_wait(a->barrier);
    cpu_start = thread_cpu_now();
    start = now();
    do {
        int k;

        for (k = 0; k < 8; k++) {
            if (mdctx == NULL)
                run_op(a->im, a->op, a->job, ops);
            else if (a->op == OP_SIGN) {
                if (!evp_sign_on(a->im, mdctx, a->job, sig))
                    die("%s %s: EVP sign failed (threads)", curve_names[a->im->curve],
                        a->im->label);
            } else if (evp_verify_on(a->im, mdctx, a->job, a->job->sig) != 1) {
                die("%s %s: a good signature did not verify (threads)",
                    curve_names[a->im->curve], a->im->label);
            }
            ops++;
            if (a->opt->smoke && ops >= (uint64_t)a->opt->smoke_ops)
                break;
        }
        t = now() - start;
    } while (a->opt->smoke ? ops < (uint64_t)a->opt->smoke_ops : t < a->opt->round_s);
    a->cpu = thread_cpu_now() - cpu_start;
    a->ops = ops;
    a->elapsed = t;
    EVP_MD_CTX_free(mdctx);
    return NULL;
}

/* With each thread on a core of its own, what one thread's operations cost
 * more than alone is time lost to what they share (cache lines, locks). */
double run_threads(const struct options *opt, struct impl *const *ims, int n, enum op op,
                   const struct job *job, double *cpu_us)
{
    pthread_t tid[MAX_THREADS];
    struct thread_arg arg[MAX_THREADS];
    pthread_barrier_t barrier;
    double total = 0, cpu_sum = 0;
    int i;

    pthread_barrier_init(&barrier, NULL, (unsigned)n);
    for (i = 0; i < n; i++) {
        arg[i] = (struct thread_arg){opt, ims[i], op, job, &barrier, 0, 0, 0};
        if (pthread_create(&tid[i], NULL, thread_main, &arg[i]) != 0)
            die("pthread_create failed");
    }
    for (i = 0; i < n; i++) {
        pthread_join(tid[i], NULL);
        if (arg[i].elapsed > 0)
            total += (double)arg[i].ops / arg[i].elapsed;
        cpu_sum += arg[i].ops > 0 ? arg[i].cpu / (double)arg[i].ops : NAN;
    }
    pthread_barrier_destroy(&barrier);
    *cpu_us = cpu_sum / n * 1e6;
    return total;
}

/* n threads on the same row. */
static double run_threads_on(const struct options *opt, struct impl *im, int n, enum op op,
                             const struct job *job, double *cpu_us)
{
    struct impl *ims[MAX_THREADS] = {NULL}; /* gcc cannot see that n threads read n entries */
    int i;

    for (i = 0; i < n; i++)
        ims[i] = im;
    return run_threads(opt, ims, n, op, job, cpu_us);
}

/* The pair of rows of one kind: [0] the default provider, [1] edfast's. */
static int find_pair(struct impl *pair[2], struct impl *impls, size_t nimpls, enum kind kind,
                     const char *edfast_name)
{
    char want[2][64];
    size_t i;
    int p;

    snprintf(want[0], sizeof(want[0]), "%s:default", kind_names[kind]);
    snprintf(want[1], sizeof(want[1]), "%s:%s", kind_names[kind], edfast_name);
    pair[0] = pair[1] = NULL;
    for (i = 0; i < nimpls; i++)
        for (p = 0; p < 2; p++)
            if (strcmp(impls[i].label, want[p]) == 0)
                pair[p] = &impls[i];
    return pair[0] != NULL && pair[1] != NULL;
}

/* The median over rounds of the per-round differences a[r] - b[r]. */
double median_difference(const double *a, const double *b, int rounds)
{
    double d[MAX_ROUNDS];
    int r;

    for (r = 0; r < rounds; r++)
        d[r] = a[r] - b[r];
    return median_sorted(d, rounds);
}

static void measure_thread_pair(const struct options *opt, struct impl *pair[2],
                                enum edfast_curve curve, enum op op, const struct job *job,
                                int max_threads)
{
    static double rate[2][MAX_THREADS][MAX_ROUNDS], cpu_us[2][MAX_THREADS][MAX_ROUNDS];
    const size_t msg_len = op == OP_KEYGEN ? 0 : job->len;
    const size_t first_row = row_count();
    struct row *added[MAX_THREADS][2];
    double ignored;
    int r, t, p;

    /* Warm-up of each pair at the largest thread count. */
    if (!opt->smoke)
        for (p = 0; p < 2; p++)
            run_threads_on(opt, pair[p], max_threads, op, job, &ignored);
    for (r = 0; r < opt->rounds; r++)
        for (t = 1; t <= max_threads; t++)
            for (p = 0; p < 2; p++) {
                int pp = (p + r) % 2;

                rate[pp][t - 1][r] = run_threads_on(opt, pair[pp], t, op, job,
                                                    &cpu_us[pp][t - 1][r]);
            }
    for (t = 1; t <= max_threads; t++)
        for (p = 0; p < 2; p++) {
            struct row *row = added[t - 1][p] = add_row();

            row->curve = curve;
            row->op = op;
            snprintf(row->label, sizeof(row->label), "%s", pair[p]->label);
            row->kind = pair[p]->kind;
            row->msg_len = msg_len;
            row->threads = t;
            row->rounds = opt->rounds;
            summarise(&row->wall, rate[p][t - 1], opt->rounds);
            row->cpu_us_per_op = median_of(cpu_us[p][t - 1], opt->rounds);
            /* Paired by round, as the scaling below. */
            if (t > 1)
                row->contended_extra_us = median_difference(cpu_us[p][t - 1], cpu_us[p][0],
                                                            opt->rounds);
        }
    /* Scaling against one thread of the same implementation, and the ratio
     * against the default provider at the same thread count: both paired by
     * round, as a round runs every thread count of both rows back to back. */
    for (t = 1; t <= max_threads; t++)
        for (p = 0; p < 2; p++) {
            struct row *row = added[t - 1][p];

            row->scaling = paired_ratio(rate[p][t - 1], rate[p][0], opt->rounds);
            row->wall.vs_default = paired_ratio(rate[p][t - 1], rate[0][t - 1], opt->rounds);
        }
    print_thread_table(curve, op, msg_len, first_row);
}

void measure_threads(const struct options *opt, struct impl *impls, size_t nimpls,
                     const char *edfast_name, enum edfast_curve curve, const struct job *job,
                     int max_threads)
{
    struct impl *pair[2];
    enum kind kind;
    enum op op;

    for (kind = KIND_EVP; kind <= KIND_EVP_FRESH; kind++) {
        if (!find_pair(pair, impls, nimpls, kind, edfast_name)) {
            if (kind == KIND_EVP)
                die("%s: no EVP implementation for the thread test", curve_names[curve]);
            continue; /* --no-fresh */
        }
        for (op = 0; op < OP_COUNT; op++)
            if ((opt->ops & (1u << op)) && thread_op_measured(kind, op))
                measure_thread_pair(opt, pair, curve, op, job, max_threads);
    }
}
