/*
 * edfast's own EdDSA: the Ed25519 and Ed448 implementations below this folder,
 * joined behind backend.h.  Each curve's code keeps its own per-key state;
 * this file only remembers which curve a state belongs to.
 */
#include <stdlib.h>
#include <openssl/err.h>
#include "../backend_list.h"
#include "cpu.h"
#include "ed25519/eddsa25519.h"
#include "ed448/eddsa448.h"

struct native_key {
    enum edfast_curve curve;
    void *curve_key;
};

static unsigned native_framings(enum edfast_curve curve)
{
    (void)curve;
    return EDFAST_FRAMING_BIT(EDFAST_PURE) | EDFAST_FRAMING_BIT(EDFAST_CONTEXT)
        | EDFAST_FRAMING_BIT(EDFAST_PREHASH);
}

/* A path forced with EDFAST_NATIVE_PATH that cannot run here fails the set-up. */
static int native_init(OSSL_LIB_CTX *reference)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();

    (void)reference;
    if (cpu->status != EDFAST_NATIVE_OK) {
        ERR_raise_data(ERR_LIB_PROV, ERR_R_UNSUPPORTED, "edfast native backend: %s", cpu->message);
        return 0;
    }
    return 1;
}

static int native_derive_public(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub)
{
    return curve == EDFAST_ED25519 ? native_ed25519_derive_public(seed, pub)
                                   : native_ed448_derive_public(seed, pub);
}

static void native_key_free(void *state)
{
    struct native_key *key = state;

    if (key == NULL)
        return;
    if (key->curve == EDFAST_ED25519)
        native_ed25519_key_free(key->curve_key);
    else
        native_ed448_key_free(key->curve_key);
    free(key);
}

static void *native_key_new(enum edfast_curve curve, const uint8_t *seed, uint8_t *pub,
                            int derive_pub)
{
    struct native_key *key;

    if (derive_pub && !native_derive_public(curve, seed, pub))
        return NULL;
    key = malloc(sizeof(*key));
    if (key == NULL)
        return NULL;
    key->curve = curve;
    key->curve_key = curve == EDFAST_ED25519 ? native_ed25519_key_new(seed, pub)
                                             : native_ed448_key_new(seed, pub);
    if (key->curve_key == NULL) {
        free(key);
        return NULL;
    }
    return key;
}

static int native_sign(const void *state, const struct edfast_instance *instance,
                       const uint8_t *msg, size_t msg_len, uint8_t *sig)
{
    const struct native_key *key = state;

    return key->curve == EDFAST_ED25519
        ? native_ed25519_sign(key->curve_key, instance, msg, msg_len, sig)
        : native_ed448_sign(key->curve_key, instance, msg, msg_len, sig);
}

static int native_verify(const void *state, const struct edfast_instance *instance,
                         const uint8_t *msg, size_t msg_len, const uint8_t *sig)
{
    const struct native_key *key = state;

    return key->curve == EDFAST_ED25519
        ? native_ed25519_verify(key->curve_key, instance, msg, msg_len, sig)
        : native_ed448_verify(key->curve_key, instance, msg, msg_len, sig);
}

const struct edfast_backend edfast_native_backend = {
    .name = "native",
    .framings = native_framings,
    .init = native_init,
    .derive_public = native_derive_public,
    .key_new = native_key_new,
    .key_free = native_key_free,
    .sign = native_sign,
    .verify = native_verify,
};
