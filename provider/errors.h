/* SPDX-License-Identifier: Apache-2.0 */
/* The reasons edfast gives for refusing something, raised on OpenSSL's error queue. */
#ifndef EDFAST_ERRORS_H
#define EDFAST_ERRORS_H

#include <openssl/core.h>

enum edfast_reason {
    EDFAST_R_INVALID_KEY_LENGTH = 1,
    EDFAST_R_INVALID_SIGNATURE_LENGTH,
    EDFAST_R_NOT_A_PRIVATE_KEY,
    EDFAST_R_MISSING_KEY,
    EDFAST_R_WRONG_KEY_TYPE,
    EDFAST_R_DIGEST_NOT_ALLOWED,
    EDFAST_R_KEY_ALREADY_SET,
    EDFAST_R_MISSING_PUBLIC_KEY,
    EDFAST_R_BACKEND_FAILURE,
    EDFAST_R_RANDOM_FAILURE,
    EDFAST_R_OUT_OF_MEMORY,
    EDFAST_R_NO_BACKEND,
    EDFAST_R_INVALID_CONTEXT,
    EDFAST_R_UNKNOWN_INSTANCE,
    EDFAST_R_BUFFER_TOO_SMALL,
    EDFAST_R_INVALID_PREHASH_LENGTH,
    EDFAST_R_INSTANCE_FIXED,
    EDFAST_R_DIRECTORY_READ_FAILURE,
};

/* Remembers the core's error functions; called from OSSL_provider_init. */
void edfast_errors_init(const OSSL_DISPATCH *core);

/* The reason-string table the provider hands to the core. */
const OSSL_ITEM *edfast_reason_strings(void);

void edfast_raise_at(const OSSL_CORE_HANDLE *handle, const char *file, int line, const char *func,
                     enum edfast_reason reason, const char *detail_format, ...);

/*
 * Raise a reason for the provider instance provctx (a struct edfast_provctx *),
 * with a printf-style detail or NULL.
 */
#define EDFAST_RAISE(provctx, reason, ...) \
    edfast_raise_at((provctx)->handle, __FILE__, __LINE__, __func__, (reason), __VA_ARGS__)

#endif
