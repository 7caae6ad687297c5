/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Where a contended operation's extra time goes (edfast-bench --contention).
 *
 * Two threads sign (or verify) with a new EVP_MD_CTX per operation, as a
 * server's workers do, sharing in turn
 *   - nothing: each thread its own library context (the provider loaded in
 *     each) and its own key object;
 *   - the library context: one context and provider, each thread its own key
 *     object (of the same key, so that both check the same signature);
 *   - the library context and the key: one EVP_PKEY for both.
 * Each arrangement's CPU time per operation is compared with one thread alone
 * in the same round (medians of the per-round differences), so each step
 * prices one thing shared: the library context (libcrypto's method store,
 * its locks and the methods' reference counts), then the key (libcrypto's
 * EVP_PKEY and the provider's key object).  What the machine loses with two
 * busy cores is in every arrangement alike, "nothing" included.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "util.h"

enum sharing { ALONE, NOTHING, LIBCTX, LIBCTX_AND_KEY, SHARING_COUNT };

/* One provider's contenders: the row's key, another key object in the same
 * context, and one in a second context with the provider loaded again. */
struct contenders {
    struct impl *row;
    struct impl same_context, other_context;
    struct evp_ctx other;
    struct impl setup_row; /* setup_only's copy of *row */
};

static void contenders_init(struct contenders *c, struct impl *row, const char *module_dir,
                            const char *backend)
{
    char why[256];
    int loaded;

    c->row = row;
    loaded = strcmp(row->ctx->provider_name, "default") == 0
                 ? evp_ctx_load_default(&c->other, why, sizeof(why))
                 : evp_ctx_load_edfast(&c->other, module_dir, backend, why, sizeof(why));
    if (!loaded)
        die("%s", why);
    if (!evp_impl_init(&c->same_context, row->curve, KIND_EVP_FRESH, row->ctx, row->label,
                       row->seed, why, sizeof(why))
            || !evp_impl_init(&c->other_context, row->curve, KIND_EVP_FRESH, &c->other,
                              row->label, row->seed, why, sizeof(why)))
        die("%s %s: %s", curve_names[row->curve], row->label, why);
}

static void contenders_free(struct contenders *c)
{
    impl_free(&c->same_context);
    impl_free(&c->other_context);
    evp_ctx_free(&c->other);
}

/* The threads of one arrangement; returns how many. */
static int arrangement(struct contenders *c, enum sharing sharing, struct impl *ims[2])
{
    ims[0] = c->row;
    switch (sharing) {
    case ALONE:
        return 1;
    case NOTHING:
        ims[1] = &c->other_context;
        return 2;
    case LIBCTX:
        ims[1] = &c->same_context;
        return 2;
    case LIBCTX_AND_KEY:
    case SHARING_COUNT:
        break;
    }
    ims[1] = c->row;
    return 2;
}

/*
 * A signature's set-up alone: EVP_DigestSignInit_ex on a new EVP_MD_CTX, then
 * freed (the provider's newctx, init and freectx, and libcrypto's fetches),
 * where the per-operation sharing is, without the arithmetic that would
 * drown the default provider's share of it in noise.
 */
static int sign_setup_only(struct impl *im, const struct job *job, uint8_t *sig)
{
    EVP_MD_CTX *mdctx = EVP_MD_CTX_new();
    int ok = mdctx != NULL
        && EVP_DigestSignInit_ex(mdctx, NULL, NULL, im->ctx->libctx, im->ctx->propq, im->pkey,
                                 NULL) == 1;

    (void)job;
    (void)sig;
    EVP_MD_CTX_free(mdctx);
    return ok;
}

static const struct impl_ops setup_only_ops = {NULL, sign_setup_only, NULL, NULL, NULL};

/* The contenders with their operations swapped for the set-up alone (freed with the originals). */
static void setup_only(struct contenders *to, const struct contenders *from)
{
    *to = *from;
    to->setup_row = *from->row;
    to->row = &to->setup_row;
    to->same_context.ops = &setup_only_ops;
    to->other_context.ops = &setup_only_ops;
    to->setup_row.ops = &setup_only_ops;
}

static void measure_provider(const struct options *opt, struct contenders *c, enum op op,
                             const struct job *job)
{
    static double cpu_us[SHARING_COUNT][MAX_ROUNDS];
    struct impl *ims[2];
    int r, k, n;

    if (!opt->smoke)
        for (k = 0; k < SHARING_COUNT; k++) {
            n = arrangement(c, (enum sharing)k, ims);
            run_threads(opt, ims, n, op, job, &cpu_us[k][0]);
        }
    for (r = 0; r < opt->rounds; r++)
        for (k = 0; k < SHARING_COUNT; k++) {
            enum sharing s = (enum sharing)((k + r) % SHARING_COUNT);

            n = arrangement(c, s, ims);
            run_threads(opt, ims, n, op, job, &cpu_us[s][r]);
        }
    printf("  %-26s %9.3f %+10.3f %+10.3f %+10.3f   %+9.3f %+9.3f\n", c->row->label,
           median_of(cpu_us[ALONE], opt->rounds),
           median_difference(cpu_us[NOTHING], cpu_us[ALONE], opt->rounds),
           median_difference(cpu_us[LIBCTX], cpu_us[ALONE], opt->rounds),
           median_difference(cpu_us[LIBCTX_AND_KEY], cpu_us[ALONE], opt->rounds),
           median_difference(cpu_us[LIBCTX], cpu_us[NOTHING], opt->rounds),
           median_difference(cpu_us[LIBCTX_AND_KEY], cpu_us[LIBCTX], opt->rounds));
}

static void print_heading(enum edfast_curve curve, const char *what, const struct job *job,
                          int rounds)
{
    printf("\n%s %s, %zu-byte messages: where a contended operation's time goes, 2 threads, "
           "a new EVP_MD_CTX per operation (CPU us per operation; extra over 1 thread alone, "
           "sharing: nothing, the library context, it and the key; then the steps; medians of "
           "per-round differences over %d rounds)\n",
           curve_names[curve], what, job->len, rounds);
    printf("  %-26s %9s %10s %10s %10s   %9s %9s\n", "implementation", "alone", "+nothing",
           "+libctx", "+key too", "libctx's", "key's");
}

void measure_contention(const struct options *opt, struct impl *fresh[2],
                        const char *edfast_backend, const struct job *job)
{
    struct contenders c[2], setup[2];
    const enum op ops[] = {OP_SIGN, OP_VERIFY};
    const enum edfast_curve curve = fresh[0]->curve;
    size_t i;
    int p;

    for (p = 0; p < 2; p++) {
        contenders_init(&c[p], fresh[p], opt->module_dir, edfast_backend);
        setup_only(&setup[p], &c[p]);
    }
    if (opt->ops & (1u << OP_SIGN)) {
        print_heading(curve, "sign's set-up alone (EVP_DigestSignInit_ex, no signature)", job,
                      opt->rounds);
        for (p = 0; p < 2; p++)
            measure_provider(opt, &setup[p], OP_SIGN, job);
    }
    for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
        if (!(opt->ops & (1u << ops[i])))
            continue;
        print_heading(curve, op_names[ops[i]], job, opt->rounds);
        for (p = 0; p < 2; p++)
            measure_provider(opt, &c[p], ops[i], job);
    }
    for (p = 0; p < 2; p++)
        contenders_free(&c[p]);
}
