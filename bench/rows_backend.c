/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The backend:NAME rows: every compiled-in edfast backend called directly
 * through its ops for the curve: keygen = key_from_seed (which derives the
 * public key) + key_free; sign; verify; verify-newkey = key_from_pair(NULL,
 * pub) + verify + key_free.  The benchmark's (and its test's) only calls into
 * backends/backend.h are in this file, but for edfast_key_bytes (a curve's
 * key length), which rows_evp.c, conform.c and test/direct_backends_test.c
 * call too.
 */
#include "impl.h"

#include <stdio.h>
#include <string.h>

static const struct edfast_instance pure = {EDFAST_PURE, NULL, 0};

int bench_backends_acquire(void)
{
    return edfast_backends_acquire();
}

void bench_backends_release(void)
{
    edfast_backends_release();
}

size_t bench_backend_count(void)
{
    return edfast_backend_count();
}

const char *bench_backend_name(size_t index)
{
    return edfast_backend_at(index)->name;
}

size_t bench_backend_index(const char *name)
{
    size_t i;

    for (i = 0; i < edfast_backend_count(); i++)
        if (edfast_backend_at(i) == edfast_backend_by_name(name))
            break;
    return i;
}

int bench_backend_serves(size_t index, enum edfast_curve curve)
{
    return edfast_ops_serve(edfast_backend_at(index)->curve[curve], EDFAST_PURE);
}

static int backend_keygen(struct impl *im, uint64_t iteration)
{
    const struct edfast_curve_ops *ops = im->library;
    uint8_t seed[EDFAST_MAX_KEY_BYTES], pub[EDFAST_MAX_KEY_BYTES];
    void *state;

    memcpy(seed, im->seed, edfast_key_bytes(im->curve));
    memcpy(seed, &iteration, sizeof(iteration)); /* a different key each time */
    state = ops->key_from_seed(seed, pub);
    ops->key_free(state);
    return state != NULL;
}

static int backend_sign(struct impl *im, const struct job *job, uint8_t *sig)
{
    const struct edfast_curve_ops *ops = im->library;

    return ops->sign(im->state, &pure, job->msg, job->len, sig);
}

static int backend_verify(struct impl *im, const struct job *job, const uint8_t *sig)
{
    const struct edfast_curve_ops *ops = im->library;

    return ops->verify(im->state, &pure, job->msg, job->len, sig);
}

static int backend_verify_newkey(struct impl *im, const struct job *job, const uint8_t *given)
{
    const struct edfast_curve_ops *ops = im->library;
    void *state;
    int ok;

    if ((state = ops->key_from_pair(NULL, given)) == NULL)
        return -1;
    ok = ops->verify(state, &pure, job->msg, job->len, job->sig);
    ops->key_free(state);
    return ok;
}

static void backend_free(struct impl *im)
{
    const struct edfast_curve_ops *ops = im->library;

    ops->key_free(im->state);
}

static const struct impl_ops backend_ops = {
    backend_keygen, backend_sign, backend_verify, backend_verify_newkey, backend_free,
};

int backend_impl_init(struct impl *im, size_t index, enum edfast_curve curve,
                      const uint8_t *seed, char *why, size_t why_len)
{
    const struct edfast_backend *backend = edfast_backend_at(index);
    const struct edfast_curve_ops *ops = backend->curve[curve];

    impl_start(im, curve, KIND_BACKEND, "backend:%s", backend->name);
    im->library = ops;
    memcpy(im->seed, seed, edfast_key_bytes(curve));
    if (ops == NULL) {
        snprintf(why, why_len, "curve not served");
        return 0;
    }
    if (!edfast_ops_ready(ops)) {
        snprintf(why, why_len, "backend not ready");
        return 0;
    }
    if ((im->state = ops->key_from_seed(im->seed, im->pub)) == NULL) {
        snprintf(why, why_len, "key_from_seed failed");
        return 0;
    }
    im->ops = &backend_ops;
    return 1;
}
