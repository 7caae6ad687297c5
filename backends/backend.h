/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The one interface every EdDSA backend implements.
 *
 * The provider glue (provider/) only ever talks to this header: it never sees
 * curve arithmetic.  A backend serves one or both curves and keeps whatever it
 * can reuse across operations in an opaque per-key state made once, when the
 * key object is made, so that no sign or verify re-derives it.  A backend
 * offers one table of operations per curve it serves (struct edfast_curve_ops).
 */
#ifndef EDFAST_BACKEND_H
#define EDFAST_BACKEND_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/types.h>

/*
 * Constant data that loading the module reads (OSSL_provider_init and the
 * backends' init): kept beside the relocated pointers, whose pages loading
 * maps anyway, instead of in .rodata, whose first 64 KiB window (the small
 * constants, then padding up to the curve tables) the kernel would map
 * whole for one read: 64 KiB more in every process that reads the
 * configuration (test/load_footprint_test.c).
 */
#define EDFAST_LOAD_DATA __attribute__((section(".data.rel.ro.edfast_load")))

enum edfast_curve {
    EDFAST_ED25519 = 0,
    EDFAST_ED448 = 1,
    EDFAST_CURVE_COUNT
};

#define EDFAST_ED25519_KEY_BYTES 32
#define EDFAST_ED448_KEY_BYTES 57
#define EDFAST_MAX_KEY_BYTES EDFAST_ED448_KEY_BYTES
#define EDFAST_MAX_SIG_BYTES (2 * EDFAST_MAX_KEY_BYTES)
/* Length of PH(M) for the prehash instances: SHA-512 or SHAKE256 with 64 bytes out. */
#define EDFAST_PREHASH_BYTES 64
#define EDFAST_MAX_CONTEXT_BYTES 255

/* Key (seed and public key) length of a curve; a signature is twice that. */
static inline size_t edfast_key_bytes(enum edfast_curve curve)
{
    return curve == EDFAST_ED25519 ? EDFAST_ED25519_KEY_BYTES : EDFAST_ED448_KEY_BYTES;
}

/* RFC 8032 instances differ only in how the message is framed before hashing. */
enum edfast_framing {
    EDFAST_PURE = 0,    /* Ed25519 (no dom2) and Ed448 (dom4 with flag 0) */
    EDFAST_CONTEXT = 1, /* Ed25519ctx, and Ed448 with a context string */
    EDFAST_PREHASH = 2, /* Ed25519ph, Ed448ph: the message given is PH(M) */
    EDFAST_FRAMING_COUNT
};
#define EDFAST_FRAMING_BIT(f) (1u << (f))

/*
 * An instance as the provider hands it to a backend, already validated: the
 * provider (signature.c, frame()) is the one place that checks the RFC 8032
 * rules, so no backend checks them again.  A backend is called only with a
 * framing its ops list in framings; context_len is at most
 * EDFAST_MAX_CONTEXT_BYTES; an Ed25519 context comes only with EDFAST_CONTEXT
 * (never empty there) or EDFAST_PREHASH; an Ed448 context makes the framing
 * EDFAST_CONTEXT or EDFAST_PREHASH; with EDFAST_PREHASH the message is PH(M),
 * EDFAST_PREHASH_BYTES long.
 */
struct edfast_instance {
    enum edfast_framing framing;
    const uint8_t *context; /* may be NULL when context_len is 0 */
    size_t context_len;     /* at most EDFAST_MAX_CONTEXT_BYTES */
};

/*
 * What one backend does for one curve.  The provider picks one table per
 * curve and framing once, when it is loaded, and a key keeps the table with
 * its state: nothing below this interface asks which curve it is on.  Keys,
 * seeds and signatures have the lengths of ops->curve (edfast_key_bytes).
 */
struct edfast_curve_ops {
    const char *backend; /* the backend's name, for messages */
    enum edfast_curve curve;
    unsigned framings; /* the EDFAST_FRAMING_BIT()s served */

    /* The public key belonging to a secret seed (RFC 8032 section 5.1.5 / 5.2.5). */
    int (*derive_public)(const uint8_t *seed, uint8_t *pub);

    /*
     * Per-key state, made once per key.  key_from_seed makes it from the seed
     * alone and writes the seed's public key to pub.  key_from_pair takes pub
     * exactly as given, as OpenSSL does, even when it is not the seed's or
     * does not decode to a point (such a key's verify always fails); seed is
     * NULL for a public-only key.  Both return NULL only when out of memory or
     * when the backend itself fails.
     */
    void *(*key_from_seed)(const uint8_t *seed, uint8_t *pub);
    void *(*key_from_pair)(const uint8_t *seed, const uint8_t *pub);
    /* Frees a state, cleansing any secret in it.  Accepts NULL. */
    void (*key_free)(void *state);

    /*
     * Optional: readies the backend to serve this curve (the native
     * backend's known-answer self-test of the curve's path), once per
     * process, thread-safe.  The provider calls it before it makes a key
     * with these ops, so that loading costs nothing and a curve never used is
     * never readied; derive_public, sign and verify are only ever called on
     * a key made after it.  Returns 1 when ready; 0, with the reason raised,
     * when not (after a failure for want of memory, the next call tries again).
     */
    int (*prepare)(void);

    /* sig receives 2 * edfast_key_bytes(curve) bytes.  Returns 1 or 0. */
    int (*sign)(const void *state, const struct edfast_instance *instance,
                const uint8_t *msg, size_t msg_len, uint8_t *sig);
    /*
     * sig holds 2 * edfast_key_bytes(curve) bytes.  Returns 1 when valid, 0
     * when not, and -1 when it could not tell (out of memory), so that the
     * provider reports an error rather than an invalid signature.
     */
    int (*verify)(const void *state, const struct edfast_instance *instance,
                  const uint8_t *msg, size_t msg_len, const uint8_t *sig);
};

struct edfast_backend {
    const char *name;

    /*
     * Optional process-wide check, called by the registry when the first
     * provider instance loads: it runs in every process that loads edfast,
     * so it only checks (the native backend's CPU and EDFAST_NATIVE_PATH);
     * anything costly belongs in the ops' prepare.
     */
    int (*init)(void);

    /*
     * Optional, for the provider's parameters, once init has succeeded: the
     * backend's code path serving a curve (the native backend's: portable,
     * adx or ifma; before the curve's self-test, the path it tests first),
     * and what its self-tests found so far, one line of text.
     */
    const char *(*path)(enum edfast_curve curve);
    const char *(*self_test)(void);

    /* The operations for each curve; NULL for a curve this backend does not serve. */
    const struct edfast_curve_ops *curve[EDFAST_CURVE_COUNT];
};

/* ---- The registry: which backends this build has, and choosing among them. ---- */

/*
 * Reference-counted set-up of every compiled-in backend (their init) and, at
 * the last release, the tear-down of the reference.  Each successful acquire
 * needs one release.
 */
int edfast_backends_acquire(void);
void edfast_backends_release(void);

/*
 * The reference: a library context holding OpenSSL's default provider and
 * nothing else, so that an application's configuration cannot route it back
 * to edfast.  The OpenSSL backend computes in it; the provider takes its
 * DRBG, digests and ciphers from it.  Made on the first call, thread-safe,
 * and kept until the last release; NULL, with OpenSSL's reason raised, when
 * it cannot be made (the next call tries again).
 */
OSSL_LIB_CTX *edfast_backends_reference(void);

/* Compiled-in backends in the built-in preference order (fastest first). */
size_t edfast_backend_count(void);
const struct edfast_backend *edfast_backend_at(size_t index);
const struct edfast_backend *edfast_backend_by_name(const char *name);

/*
 * The backend for a curve and framing: the first name in the comma-separated
 * preference list that names a compiled-in backend serving both, otherwise
 * the first such backend in the built-in order; NULL when none does.
 * preference may be NULL or empty.
 */
const struct edfast_backend *edfast_backend_choose(enum edfast_curve curve,
                                                   enum edfast_framing framing,
                                                   const char *preference);

/*
 * Readies ops (their prepare, when they have one): the first thing anyone
 * calling a backend's ops does, the provider before it makes a key.
 */
static inline int edfast_ops_ready(const struct edfast_curve_ops *ops)
{
    return ops->prepare == NULL || ops->prepare();
}

/* Whether ops (which may be NULL) serve the framing. */
static inline int edfast_ops_serve(const struct edfast_curve_ops *ops, enum edfast_framing framing)
{
    return ops != NULL && (ops->framings & EDFAST_FRAMING_BIT(framing)) != 0;
}

#endif
