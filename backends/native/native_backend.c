/* SPDX-License-Identifier: Apache-2.0 */
/*
 * edfast's own EdDSA: the Ed25519 and Ed448 implementations below this folder,
 * joined behind backend.h.  Each curve's code keeps its own per-key state, and
 * its functions are the curve's table of operations as they are.
 */
#include <openssl/err.h>
#include "../backend_list.h"
#include "cpu.h"
#include "ed25519/eddsa25519.h"
#include "ed448/eddsa448.h"
#include "selftest.h"

/*
 * NATIVE_CURVE_OPS(c, CURVE) makes c_ops from the curve's native_c_*
 * functions, readied by the curve's self-test.
 */
#define NATIVE_CURVE_OPS(c, CURVE)                                                      \
    static int c##_prepare(void);                                                       \
    static const struct edfast_curve_ops c##_ops = {                                    \
        .backend = "native",                                                            \
        .curve = CURVE,                                                                 \
        .framings = EDFAST_FRAMING_BIT(EDFAST_PURE) | EDFAST_FRAMING_BIT(EDFAST_CONTEXT) \
                    | EDFAST_FRAMING_BIT(EDFAST_PREHASH),                               \
        .derive_public = native_##c##_derive_public,                                    \
        .key_from_seed = native_##c##_key_from_seed,                                    \
        .key_from_pair = native_##c##_key_new,                                          \
        .key_free = native_##c##_key_free,                                              \
        .prepare = c##_prepare,                                                         \
        .sign = native_##c##_sign,                                                      \
        .verify = native_##c##_verify,                                                  \
    };                                                                                  \
    static int c##_prepare(void)                                                        \
    {                                                                                   \
        return native_selftest_prepare(&c##_ops);                                       \
    }

NATIVE_CURVE_OPS(ed25519, EDFAST_ED25519)
NATIVE_CURVE_OPS(ed448, EDFAST_ED448)

/*
 * A path forced with EDFAST_NATIVE_PATH that cannot run here fails the
 * set-up.  Nothing else is done at load: each curve's self-test runs before
 * the curve's first key is made (prepare).
 */
static int native_init(void)
{
    const struct edfast_native_cpu *cpu = edfast_native_cpu();

    if (cpu->status != EDFAST_NATIVE_OK) {
        ERR_raise_data(ERR_LIB_PROV, ERR_R_UNSUPPORTED, "edfast native backend: %s", cpu->message);
        return 0;
    }
    return 1;
}

const struct edfast_backend edfast_native_backend = {
    .name = "native",
    .init = native_init,
    .path = native_selftest_path,
    .self_test = native_selftest_report,
    .curve = {[EDFAST_ED25519] = &ed25519_ops, [EDFAST_ED448] = &ed448_ops},
};
