/*
 * The backend:NAME rows: every compiled-in edfast backend called directly,
 * keygen = key_new(curve, seed, pub, 1) (which derives the public key) +
 * key_free; sign; verify; verify-newkey = key_new(curve, NULL, pub, 0) +
 * verify + key_free.  The benchmark's (and its test's) only calls into
 * backends/backend.h are in this file.
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
    return (edfast_backend_at(index)->framings(curve) & EDFAST_FRAMING_BIT(EDFAST_PURE)) != 0;
}

static int backend_keygen(struct impl *im, uint64_t iteration)
{
    const struct edfast_backend *backend = im->library;
    uint8_t seed[EDFAST_MAX_KEY_BYTES], pub[EDFAST_MAX_KEY_BYTES];
    void *state;

    memcpy(seed, im->seed, edfast_key_bytes(im->curve));
    memcpy(seed, &iteration, sizeof(iteration)); /* a different key each time */
    state = backend->key_new(im->curve, seed, pub, 1);
    backend->key_free(state);
    return state != NULL;
}

static int backend_sign(struct impl *im, const struct job *job, uint8_t *sig)
{
    const struct edfast_backend *backend = im->library;

    return backend->sign(im->state, &pure, job->msg, job->len, sig);
}

static int backend_verify(struct impl *im, const struct job *job, const uint8_t *sig)
{
    const struct edfast_backend *backend = im->library;

    return backend->verify(im->state, &pure, job->msg, job->len, sig);
}

static int backend_verify_newkey(struct impl *im, const struct job *job, const uint8_t *given)
{
    const struct edfast_backend *backend = im->library;
    uint8_t pub[EDFAST_MAX_KEY_BYTES];
    void *state;
    int ok;

    memcpy(pub, given, edfast_key_bytes(im->curve));
    if ((state = backend->key_new(im->curve, NULL, pub, 0)) == NULL)
        return -1;
    ok = backend->verify(state, &pure, job->msg, job->len, job->sig);
    backend->key_free(state);
    return ok;
}

static void backend_free(struct impl *im)
{
    const struct edfast_backend *backend = im->library;

    backend->key_free(im->state);
}

static const struct impl_ops backend_ops = {
    backend_keygen, backend_sign, backend_verify, backend_verify_newkey, backend_free,
};

int backend_impl_init(struct impl *im, size_t index, enum edfast_curve curve,
                      const uint8_t *seed, char *why, size_t why_len)
{
    const struct edfast_backend *backend = edfast_backend_at(index);

    impl_start(im, curve, KIND_BACKEND, "backend:%s", backend->name);
    im->library = backend;
    memcpy(im->seed, seed, edfast_key_bytes(curve));
    if ((im->state = backend->key_new(curve, im->seed, im->pub, 1)) == NULL) {
        snprintf(why, why_len, "key_new failed");
        return 0;
    }
    im->ops = &backend_ops;
    return 1;
}
