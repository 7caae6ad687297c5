/*
 * The one interface every EdDSA backend implements.
 *
 * The provider glue (provider/) only ever talks to this header: it never sees
 * curve arithmetic.  A backend serves one or both curves and keeps whatever it
 * can reuse across operations in an opaque per-key state made once, when the
 * key object is made, so that no sign or verify re-derives it.
 */
#ifndef EDFAST_BACKEND_H
#define EDFAST_BACKEND_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/types.h>

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

struct edfast_instance {
    enum edfast_framing framing;
    const uint8_t *context; /* may be NULL when context_len is 0 */
    size_t context_len;     /* at most EDFAST_MAX_CONTEXT_BYTES */
};

struct edfast_backend {
    const char *name;

    /* Set of EDFAST_FRAMING_BIT()s served for the curve; 0 when it is not served. */
    unsigned (*framings)(enum edfast_curve curve);

    /*
     * Optional process-wide set-up and tear-down, called once each by the
     * registry.  reference is a library context holding OpenSSL's default
     * provider and nothing else.
     */
    int (*init)(OSSL_LIB_CTX *reference);
    void (*cleanup)(void);

    /* The public key belonging to a secret seed (RFC 8032 section 5.1.5 / 5.2.5). */
    int (*derive_public)(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub);

    /*
     * Per-key state.  seed is NULL for a public-only key.  With derive_pub set
     * (seed given) the seed's public key is written to pub; otherwise pub is
     * read and used exactly as given, as OpenSSL does, even when it is not the
     * seed's or does not decode to a point: such a key makes a state whose
     * verify always fails.  Returns NULL only when out of memory or when the
     * backend itself fails.
     */
    void *(*key_new)(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub, int derive_pub);
    /* Frees a state from key_new, cleansing any secret in it.  Accepts NULL. */
    void (*key_free)(void *state);

    /* sig receives 2 * edfast_key_bytes(curve) bytes.  Returns 1 or 0. */
    int (*sign)(const void *state, const struct edfast_instance *instance,
                const uint8_t *msg, size_t msg_len, uint8_t *sig);
    /* sig holds 2 * edfast_key_bytes(curve) bytes.  Returns 1 when valid, else 0. */
    int (*verify)(const void *state, const struct edfast_instance *instance,
                  const uint8_t *msg, size_t msg_len, const uint8_t *sig);
};

/* ---- The registry: which backends this build has, and choosing among them. ---- */

/*
 * Reference-counted set-up of every compiled-in backend and of the reference
 * library context.  Each successful acquire needs one release.
 */
int edfast_backends_acquire(void);
void edfast_backends_release(void);

/* The library context holding OpenSSL's default provider (valid while acquired). */
OSSL_LIB_CTX *edfast_reference_libctx(void);

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

#endif
