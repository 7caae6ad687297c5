/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What one edfast-bench row times: one implementation of one curve, with one
 * key made from a given seed, behind the four calls below.  The families of
 * rows each have a file: EVP through a provider (rows_evp.c), edfast's
 * backends called directly (rows_backend.c), libsodium and libdecaf called
 * directly (rows_lib.c) and lib25519 (anchor_lib25519.c).  conform.c says
 * whether a row answers as OpenSSL's default provider does; the benchmark
 * runs it before timing, and test/direct_backends_test.c builds the direct
 * rows as the benchmark does and runs it on many keys and messages.
 *
 * No function here exits: failures are return values, and set-up failures
 * come with a reason in why.
 */
#ifndef EDFAST_BENCH_IMPL_H
#define EDFAST_BENCH_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

#include "backend.h"

enum kind {
    KIND_EVP,       /* EVP, one EVP_MD_CTX reused for every operation */
    KIND_EVP_FRESH, /* EVP, a new EVP_MD_CTX per operation */
    KIND_LIB,       /* libsodium / libdecaf called directly */
    KIND_BACKEND,   /* an edfast backend called through backend.h */
    KIND_ANCHOR,    /* lib25519 called directly */
    KIND_COUNT
};
extern const char *const kind_names[KIND_COUNT];
extern const char *const curve_names[EDFAST_CURVE_COUNT]; /* "Ed25519", "Ed448" */

/* One message and the default provider's signature of it. */
struct job {
    const uint8_t *msg;
    size_t len;
    const uint8_t *sig;
};

struct impl;

struct impl_ops {
    /* Makes a key and frees it: from the row's seed varied by iteration,
     * except where the implementation draws its own.  1, or 0 on failure. */
    int (*keygen)(struct impl *im, uint64_t iteration);
    /* Signs job->msg with the row's key; sig gets 2 * key bytes.  1 or 0. */
    int (*sign)(struct impl *im, const struct job *job, uint8_t *sig);
    /* 1 when sig is a valid signature of job->msg under the row's key,
     * 0 when it is not, negative when the call itself failed. */
    int (*verify)(struct impl *im, const struct job *job, const uint8_t *sig);
    /* Verifies job->sig under pub with a key object made (and freed) for
     * this one call, as when each signature comes with its own key. */
    int (*verify_newkey)(struct impl *im, const struct job *job, const uint8_t *pub);
    void (*free)(struct impl *im);
};

struct evp_ctx;

struct impl {
    char label[64]; /* "kind:name", the row's name in the tables */
    enum kind kind;
    enum edfast_curve curve;
    const struct impl_ops *ops;
    int hedged;     /* randomised signatures: checked for validity, not bytes */
    int is_default; /* evp:default, the benchmark's ratio reference */
    uint8_t seed[EDFAST_MAX_KEY_BYTES];
    uint8_t pub[EDFAST_MAX_KEY_BYTES]; /* the public key of the row's key */

    /* Each family's own. */
    struct evp_ctx *ctx; /* EVP: the library context */
    EVP_PKEY *pkey;      /* EVP: the row's key */
    EVP_MD_CTX *mdctx;   /* EVP: the context every operation reuses (NULL: evp-fresh) */
    const void *library; /* backend: its struct edfast_curve_ops; anchor: the loaded lib25519 */
    void *state;         /* backend: its per-key state */
    uint8_t seed_pub[64]; /* libsodium's and lib25519's secret key: seed || pub */
    uint8_t *sm, *m;      /* lib25519: signed-message buffers, 64 + the longest message */
};

/* Starts a row: zeroes it and sets the curve, kind and label. */
void impl_start(struct impl *im, enum edfast_curve curve, enum kind kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Frees what the row holds (accepts a zeroed row) and zeroes it. */
void impl_free(struct impl *im);

/* ---- EVP (rows_evp.c) ---- */

/* A library context with one provider in it. */
struct evp_ctx {
    OSSL_LIB_CTX *libctx;
    OSSL_PROVIDER *provider;
    const char *provider_name; /* "default" or "edfast" */
    const char *propq;
    char served[EDFAST_CURVE_COUNT][32]; /* edfast: the backends its parameters report */
};

/* edfast's provider parameters naming the backend serving each curve. */
extern const char *const evp_backend_params[EDFAST_CURVE_COUNT];

/* OpenSSL's default provider alone in a new library context. */
int evp_ctx_load_default(struct evp_ctx *c, char *why, size_t why_len);
/*
 * edfast.so from module_dir alone in a new library context, loaded while
 * EDFAST_BACKEND=backend (NULL: the environment as it is), with the backend
 * serving each curve read back into c->served.
 */
int evp_ctx_load_edfast(struct evp_ctx *c, const char *module_dir, const char *backend,
                        char *why, size_t why_len);
void evp_ctx_free(struct evp_ctx *c);

/*
 * An EVP row (kind KIND_EVP or KIND_EVP_FRESH) labelled kind:name, its key
 * imported from seed into c.  Checks that the key, and a signature made
 * with it, come from c's provider.
 */
int evp_impl_init(struct impl *im, enum edfast_curve curve, enum kind kind, struct evp_ctx *c,
                  const char *name, const uint8_t *seed, char *why, size_t why_len);
/* The row's sign and verify on a context of the caller's (the thread test). */
int evp_sign_on(struct impl *im, EVP_MD_CTX *mdctx, const struct job *job, uint8_t *sig);
int evp_verify_on(struct impl *im, EVP_MD_CTX *mdctx, const struct job *job,
                  const uint8_t *sig);

/* ---- edfast's backends (rows_backend.c: the benchmark's only calls into backend.h
 * but for edfast_key_bytes) ---- */

/* The registry's set-up (backends' init) and tear-down. */
int bench_backends_acquire(void);
void bench_backends_release(void);
/* Compiled-in backends, in the registry's preference order. */
size_t bench_backend_count(void);
const char *bench_backend_name(size_t index);
/* The index of the backend called name, or bench_backend_count() when none is. */
size_t bench_backend_index(const char *name);
/* Whether the backend serves the plain (pure) instance of curve. */
int bench_backend_serves(size_t index, enum edfast_curve curve);
/* A backend:NAME row: the backend's key state for seed, its public key derived. */
int backend_impl_init(struct impl *im, size_t index, enum edfast_curve curve,
                      const uint8_t *seed, char *why, size_t why_len);

/* ---- libsodium and libdecaf (rows_lib.c) ---- */

/* The lib:NAME row of curve's library: 1, 0 when this build has none for
 * curve (im untouched), -1 on failure. */
int lib_impl_init(struct impl *im, enum edfast_curve curve, const uint8_t *seed, char *why,
                  size_t why_len);

/* ---- lib25519 (anchor_lib25519.c) ---- */

struct lib25519_anchor;
/*
 * The anchor:lib25519 row (Ed25519).  lib25519 derives no key from a seed:
 * its secret key is seed || pub, with pub the seed's public key from
 * elsewhere.  Messages may be up to max_msg bytes.
 */
int anchor_impl_init(struct impl *im, const struct lib25519_anchor *anchor,
                     const uint8_t *seed, const uint8_t *pub, size_t max_msg, char *why,
                     size_t why_len);

#endif
