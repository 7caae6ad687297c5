/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Which backends this build has, their process-wide set-up, the reference
 * library context they share, and choosing one per curve from a user's
 * preference list.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/provider.h>
#include "backend.h"
#include "backend_list.h"

/* Built-in preference order: fastest first, OpenSSL's own code last. */
static const struct edfast_backend *const compiled_in[] = {
#ifdef EDFAST_HAVE_NATIVE
    &edfast_native_backend,
#endif
#ifdef EDFAST_HAVE_SODIUM
    &edfast_sodium_backend,
#endif
#ifdef EDFAST_HAVE_DECAF
    &edfast_decaf_backend,
#endif
    &edfast_openssl_backend,
};
#define COMPILED_IN_COUNT (sizeof(compiled_in) / sizeof(compiled_in[0]))

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long users;
/* Written under registry_lock; read without it by every operation that computes in it. */
static OSSL_LIB_CTX *_Atomic reference_ctx;
static OSSL_PROVIDER *reference_provider;

OSSL_LIB_CTX *edfast_backends_reference(void)
{
    OSSL_LIB_CTX *reference = atomic_load_explicit(&reference_ctx, memory_order_acquire);

    if (reference != NULL)
        return reference;
    pthread_mutex_lock(&registry_lock);
    reference = atomic_load_explicit(&reference_ctx, memory_order_relaxed);
    if (reference == NULL && (reference = OSSL_LIB_CTX_new()) != NULL) {
        reference_provider = OSSL_PROVIDER_load(reference, "default");
        if (reference_provider == NULL) {
            OSSL_LIB_CTX_free(reference);
            reference = NULL;
        } else {
            atomic_store_explicit(&reference_ctx, reference, memory_order_release);
        }
    }
    pthread_mutex_unlock(&registry_lock);
    return reference;
}

/* Under registry_lock, with no user left: no operation can be computing in it. */
static void free_reference(void)
{
    OSSL_LIB_CTX *reference = atomic_load_explicit(&reference_ctx, memory_order_relaxed);

    if (reference == NULL)
        return;
    OSSL_PROVIDER_unload(reference_provider);
    OSSL_LIB_CTX_free(reference);
    reference_provider = NULL;
    atomic_store_explicit(&reference_ctx, NULL, memory_order_relaxed);
}

static int set_up(void)
{
    size_t i;

    for (i = 0; i < COMPILED_IN_COUNT; i++)
        if (compiled_in[i]->init != NULL && !compiled_in[i]->init())
            return 0;
    return 1;
}

int edfast_backends_acquire(void)
{
    int ok = 1;

    pthread_mutex_lock(&registry_lock);
    if (users == 0)
        ok = set_up();
    if (ok)
        users++;
    pthread_mutex_unlock(&registry_lock);
    return ok;
}

void edfast_backends_release(void)
{
    pthread_mutex_lock(&registry_lock);
    if (users > 0 && --users == 0)
        free_reference();
    pthread_mutex_unlock(&registry_lock);
}

size_t edfast_backend_count(void)
{
    return COMPILED_IN_COUNT;
}

const struct edfast_backend *edfast_backend_at(size_t index)
{
    return index < COMPILED_IN_COUNT ? compiled_in[index] : NULL;
}

static const struct edfast_backend *by_name(const char *name, size_t len)
{
    size_t i;

    for (i = 0; i < COMPILED_IN_COUNT; i++)
        if (strlen(compiled_in[i]->name) == len
                && strncmp(compiled_in[i]->name, name, len) == 0)
            return compiled_in[i];
    return NULL;
}

const struct edfast_backend *edfast_backend_by_name(const char *name)
{
    return name == NULL ? NULL : by_name(name, strlen(name));
}

static int serves(const struct edfast_backend *backend, enum edfast_curve curve,
                  enum edfast_framing framing)
{
    return backend != NULL && edfast_ops_serve(backend->curve[curve], framing);
}

const struct edfast_backend *edfast_backend_choose(enum edfast_curve curve,
                                                   enum edfast_framing framing,
                                                   const char *preference)
{
    const char *item = preference;
    size_t i;

    while (item != NULL && *item != '\0') {
        size_t len = strcspn(item, ", ");
        const struct edfast_backend *named = by_name(item, len);

        if (serves(named, curve, framing))
            return named;
        item += len;
        item += strspn(item, ", ");
    }
    for (i = 0; i < COMPILED_IN_COUNT; i++)
        if (serves(compiled_in[i], curve, framing))
            return compiled_in[i];
    return NULL;
}
