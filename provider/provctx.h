/* SPDX-License-Identifier: Apache-2.0 */
/* One loaded instance of the provider. */
#ifndef EDFAST_PROVCTX_H
#define EDFAST_PROVCTX_H

#include <stdatomic.h>
#include <openssl/core.h>
#include <openssl/types.h>
#include "backend.h"

struct edfast_provctx {
    const OSSL_CORE_HANDLE *handle;
    /*
     * Chosen once at load time from EDFAST_BACKEND or the config's "backend":
     * the backend that holds each curve's keys, its operations, and the
     * operations for each framing (the key's own wherever they serve it;
     * NULL when no backend does).
     */
    const struct edfast_backend *backend[EDFAST_CURVE_COUNT];
    const struct edfast_curve_ops *ops[EDFAST_CURVE_COUNT];
    const struct edfast_curve_ops *framing_ops[EDFAST_CURVE_COUNT][EDFAST_FRAMING_COUNT];
    /* The build information line, written at its first request (edfast.c). */
    char buildinfo[160];
    /*
     * PH of Ed25519ph (SHA-512) and Ed448ph (SHAKE256), fetched from the
     * reference (edfast_backends_reference) on first use: edfast_prehash_md.
     */
    EVP_MD *_Atomic prehash[EDFAST_CURVE_COUNT];
    /*
     * The running libcrypto's version as 0xMMNNPP (0x030400 for 3.4.0), read
     * once at load time from the core's "openssl-version"; 0 when unknown.
     * Decides whether the OpenSSL 3.4+ signature algorithms are offered, and
     * how a no-key signature re-init treats the instance (3.2+).
     */
    unsigned long core_version;
};

#endif
