/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The results: the rows measured, which rows there are to be, the tables,
 * the completeness check and the CSV.
 */
#include "bench.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

const char *const op_names[OP_COUNT] = {"keygen", "sign", "verify", "verify-newkey"};

static struct row rows[MAX_ROWS];
static size_t nrows;

struct row *add_row(void)
{
    if (nrows == MAX_ROWS)
        die("too many rows");
    memset(&rows[nrows], 0, sizeof(rows[nrows]));
    rows[nrows].wall.vs_default = rows[nrows].cpu.vs_default = NAN;
    rows[nrows].wall.vs_lib = rows[nrows].cpu.vs_lib = NAN;
    rows[nrows].wall.vs_anchor = rows[nrows].cpu.vs_anchor = NAN;
    rows[nrows].scaling = NAN;
    rows[nrows].cpu_us_per_op = NAN;
    rows[nrows].contended_extra_us = NAN;
    return &rows[nrows++];
}

size_t row_count(void)
{
    return nrows;
}

int thread_op_measured(enum kind kind, enum op op)
{
    return kind == KIND_EVP_FRESH || (kind == KIND_EVP && (op == OP_SIGN || op == OP_VERIFY));
}

static double mad_percent(const struct stats *st)
{
    return st->median > 0 ? 100 * st->mad / st->median : 0.0;
}

static void print_ratio(double r)
{
    if (isnan(r))
        printf(" %10s", "");
    else
        printf(" %9.2fx", r);
}

/* Whether the rows from first_row on have lib25519's, which gives the table its ratio column. */
static int has_anchor_row(size_t first_row)
{
    size_t i;

    for (i = first_row; i < nrows; i++)
        if (rows[i].kind == KIND_ANCHOR)
            return 1;
    return 0;
}

void print_table(const struct options *opt, enum edfast_curve curve, enum op op,
                 size_t first_row)
{
    const char *lib = curve == EDFAST_ED25519 ? "libsodium" : "libdecaf";
    size_t i;

    printf("\n%s %s  (%s: median of %d interleaved rounds; mad: median absolute deviation "
           "of the rounds; ratios: median of the per-round ratios, by %s; %s)\n",
           curve_names[curve], op_names[op], opt->cpu_clock ? "ops/cpu-s" : "ops/s",
           rows[first_row].rounds, opt->cpu_clock ? "CPU time" : "wall clock",
           opt->cpu_clock ? "ops/s: per second of wall-clock time"
                          : "ops/cpu-s: per second of this thread's CPU time");
    printf("  %-26s %6s %12s %7s %11s %10s %10s %12s\n", "implementation", "bytes",
           opt->cpu_clock ? "ops/cpu-s" : "ops/s", "mad", "vs default", lib,
           has_anchor_row(first_row) ? "lib25519" : "",
           opt->cpu_clock ? "ops/s" : "ops/cpu-s");
    for (i = first_row; i < nrows; i++) {
        const struct row *r = &rows[i];
        const struct stats *main_clock = opt->cpu_clock ? &r->cpu : &r->wall;
        const struct stats *other_clock = opt->cpu_clock ? &r->wall : &r->cpu;

        if (r->msg_len == 0)
            printf("  %-26s %6s", r->label, "-");
        else
            printf("  %-26s %6zu", r->label, r->msg_len);
        printf(" %12.1f %6.1f%%", main_clock->median, mad_percent(main_clock));
        print_ratio(main_clock->vs_default);
        print_ratio(main_clock->vs_lib);
        print_ratio(main_clock->vs_anchor);
        printf(" %12.1f\n", other_clock->median);
    }
    fflush(stdout);
}

void print_thread_table(enum edfast_curve curve, enum op op, size_t msg_len,
                        size_t first_row)
{
    size_t i;

    static const char *const what[OP_COUNT] = {
        "each generating keys",
        "sharing one EVP_PKEY",
        "sharing one EVP_PKEY",
        "each making a key object per verification",
    };

    printf("\n%s %s, ", curve_names[curve], op_names[op]);
    if (op != OP_KEYGEN)
        printf("%zu-byte messages, ", msg_len);
    printf("threads %s, %s (total ops/s: median of %d rounds; cpu us/op: an operation's "
           "CPU time in its thread; extra us: what it costs more than with 1 thread, "
           "paired by round)\n", what[op],
           rows[first_row].kind == KIND_EVP ? "each reusing its EVP_MD_CTX"
                                            : "a new context per operation",
           rows[first_row].rounds);
    printf("  %-26s %7s %12s %7s %9s %11s %12s %11s\n", "implementation", "threads", "ops/s",
           "mad", "scaling", "vs default", "cpu us/op", "extra us");
    for (i = first_row; i < nrows; i++) {
        const struct row *row = &rows[i];

        printf("  %-26s %7d %12.1f %6.1f%% %8.2fx %10.2fx %12.3f", row->label, row->threads,
               row->wall.median, mad_percent(&row->wall), row->scaling,
               row->wall.vs_default, row->cpu_us_per_op);
        if (row->threads > 1)
            printf(" %+11.3f", row->contended_extra_us);
        printf("\n");
    }
    fflush(stdout);
}

/* Whether the row is there, with a positive, finite rate. */
static int find_row(enum edfast_curve curve, enum op op, const char *label, size_t msg_len,
                    int threads)
{
    size_t i;

    for (i = 0; i < nrows; i++)
        if (rows[i].curve == curve && rows[i].op == op && rows[i].msg_len == msg_len
                && rows[i].threads == threads && strcmp(rows[i].label, label) == 0)
            return rows[i].wall.median > 0 && isfinite(rows[i].wall.median);
    return 0;
}

/* The thread rows of one operation: both kinds measured, 1..max_threads threads. */
static int check_thread_rows(const struct options *opt, enum edfast_curve curve, enum op op,
                             const char *backend, int max_threads)
{
    const size_t msg_len = op == OP_KEYGEN ? 0 : opt->thread_msg;
    int missing = 0;

    for (enum kind kind = KIND_EVP; kind <= KIND_EVP_FRESH; kind++) {
        char def[64], edf[64];

        if (!thread_op_measured(kind, op) || (kind == KIND_EVP_FRESH && opt->no_fresh))
            continue;
        snprintf(def, sizeof(def), "%s:default", kind_names[kind]);
        snprintf(edf, sizeof(edf), "%s:edfast/%s", kind_names[kind], backend);
        for (int t = 1; t <= max_threads; t++)
            if (!find_row(curve, op, def, msg_len, t) || !find_row(curve, op, edf, msg_len, t)) {
                fprintf(stderr, "edfast-bench: missing row: %s %s %s, %d threads\n",
                        curve_names[curve], op_names[op], kind_names[kind], t);
                missing++;
            }
    }
    return missing;
}

int check_rows(const struct options *opt, const size_t chosen[EDFAST_CURVE_COUNT],
               int max_threads, int have_anchor)
{
    enum edfast_curve curve;
    int missing = 0;

    for (curve = 0; curve < EDFAST_CURVE_COUNT; curve++) {
        const char *expected[MAX_IMPLS];
        char names[MAX_IMPLS][64];
        size_t nexp = 0, b, e, s;
        enum op op;

        if (!(opt->curves & (1u << curve)))
            continue;
        /* What this build should measure, from the registry and the build flags. */
        snprintf(names[nexp], sizeof(names[nexp]), "evp:default");
        expected[nexp] = names[nexp];
        nexp++;
        for (b = 0; b < bench_backend_count(); b++) {
            if (!bench_backend_serves(b, curve))
                continue;
            snprintf(names[nexp], sizeof(names[nexp]), "evp:edfast/%s", bench_backend_name(b));
            expected[nexp] = names[nexp];
            nexp++;
            snprintf(names[nexp], sizeof(names[nexp]), "backend:%s", bench_backend_name(b));
            expected[nexp] = names[nexp];
            nexp++;
        }
#ifdef EDFAST_HAVE_SODIUM
        if (curve == EDFAST_ED25519)
            expected[nexp++] = "lib:libsodium";
#endif
#ifdef EDFAST_HAVE_DECAF
        if (curve == EDFAST_ED448)
            expected[nexp++] = "lib:libdecaf";
#endif
        if (curve == EDFAST_ED25519 && have_anchor)
            expected[nexp++] = "anchor:lib25519";
        for (op = 0; op < OP_COUNT; op++) {
            if (!(opt->ops & (1u << op)))
                continue;
            for (e = 0; e < nexp; e++) {
                for (s = 0; s < (op == OP_KEYGEN ? 1 : opt->nsizes); s++) {
                    size_t len = op == OP_KEYGEN ? 0 : opt->sizes[s];

                    if (!find_row(curve, op, expected[e], len, 0)) {
                        fprintf(stderr, "edfast-bench: missing row: %s %s %s %zu bytes\n",
                                curve_names[curve], op_names[op], expected[e], len);
                        missing++;
                    }
                }
            }
            if (!opt->no_threads && chosen[curve] < bench_backend_count())
                missing += check_thread_rows(opt, curve, op, bench_backend_name(chosen[curve]),
                                             max_threads);
        }
    }
    return missing;
}

static void csv_number(FILE *f, const char *format, double v, int last)
{
    if (!isnan(v))
        fprintf(f, format, v);
    fputc(last ? '\n' : ',', f);
}

/* Fixed columns whatever --clock says: wall-clock figures first, then CPU-time ones. */
void write_csv(const char *path)
{
    FILE *f = fopen(path, "w");
    size_t i;

    if (f == NULL)
        die("cannot write %s: %s", path, strerror(errno));
    fprintf(f, "table,curve,op,impl,kind,msg_bytes,threads,rounds,ops_per_s,min_ops_per_s,"
               "max_ops_per_s,mad_ops_per_s,ratio_vs_default,ratio_vs_lib,thread_scaling,"
               "ops_per_cpu_s,mad_ops_per_cpu_s,cpu_ratio_vs_default,cpu_ratio_vs_lib,"
               "ratio_vs_lib25519,cpu_ratio_vs_lib25519,cpu_us_per_op,contended_extra_us\n");
    for (i = 0; i < nrows; i++) {
        const struct row *r = &rows[i];

        fprintf(f, "%s,%s,%s,%s,%s,%zu,%d,%d,", r->threads == 0 ? "ops" : "threads",
                curve_names[r->curve], op_names[r->op], r->label, kind_names[r->kind],
                r->msg_len, r->threads == 0 ? 1 : r->threads, r->rounds);
        csv_number(f, "%.1f", r->wall.median, 0);
        csv_number(f, "%.1f", r->wall.min, 0);
        csv_number(f, "%.1f", r->wall.max, 0);
        csv_number(f, "%.1f", r->wall.mad, 0);
        csv_number(f, "%.4f", r->wall.vs_default, 0);
        csv_number(f, "%.4f", r->wall.vs_lib, 0);
        csv_number(f, "%.4f", r->scaling, 0);
        csv_number(f, "%.1f", r->has_cpu ? r->cpu.median : NAN, 0);
        csv_number(f, "%.1f", r->has_cpu ? r->cpu.mad : NAN, 0);
        csv_number(f, "%.4f", r->has_cpu ? r->cpu.vs_default : NAN, 0);
        csv_number(f, "%.4f", r->has_cpu ? r->cpu.vs_lib : NAN, 0);
        csv_number(f, "%.4f", r->wall.vs_anchor, 0);
        csv_number(f, "%.4f", r->has_cpu ? r->cpu.vs_anchor : NAN, 0);
        csv_number(f, "%.4f", r->cpu_us_per_op, 0);
        csv_number(f, "%.4f", r->contended_extra_us, 1);
    }
    if (fclose(f) != 0)
        die("cannot write %s", path);
}
