/* SPDX-License-Identifier: Apache-2.0 */
#include <stdarg.h>
#include <openssl/core_dispatch.h>
#include "errors.h"

static OSSL_FUNC_core_new_error_fn *core_new_error;
static OSSL_FUNC_core_set_error_debug_fn *core_set_error_debug;
static OSSL_FUNC_core_vset_error_fn *core_vset_error;

static const OSSL_ITEM reason_strings[] = {
    {EDFAST_R_INVALID_KEY_LENGTH, "invalid key length"},
    {EDFAST_R_INVALID_SIGNATURE_LENGTH, "invalid signature length"},
    {EDFAST_R_NOT_A_PRIVATE_KEY, "not a private key"},
    {EDFAST_R_MISSING_KEY, "no key set"},
    {EDFAST_R_WRONG_KEY_TYPE, "key is of the other curve"},
    {EDFAST_R_DIGEST_NOT_ALLOWED, "EdDSA takes no digest"},
    {EDFAST_R_KEY_ALREADY_SET, "key data already set"},
    {EDFAST_R_MISSING_PUBLIC_KEY, "neither a public nor a private key given"},
    {EDFAST_R_BACKEND_FAILURE, "backend failure"},
    {EDFAST_R_RANDOM_FAILURE, "random generator failure"},
    {EDFAST_R_OUT_OF_MEMORY, "out of memory"},
    {EDFAST_R_NO_BACKEND, "no backend serves this algorithm"},
    {EDFAST_R_INVALID_CONTEXT, "invalid context string"},
    {EDFAST_R_UNKNOWN_INSTANCE, "unknown EdDSA instance"},
    {EDFAST_R_BUFFER_TOO_SMALL, "signature buffer too small"},
    {EDFAST_R_INVALID_PREHASH_LENGTH, "invalid PH(M) length"},
    {EDFAST_R_INSTANCE_FIXED, "instance fixed by the algorithm"},
    {EDFAST_R_DIRECTORY_READ_FAILURE, "cannot read directory"},
    {0, NULL}
};

void edfast_errors_init(const OSSL_DISPATCH *core)
{
    for (; core->function_id != 0; core++) {
        switch (core->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR:
            core_new_error = OSSL_FUNC_core_new_error(core);
            break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            core_set_error_debug = OSSL_FUNC_core_set_error_debug(core);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR:
            core_vset_error = OSSL_FUNC_core_vset_error(core);
            break;
        }
    }
}

const OSSL_ITEM *edfast_reason_strings(void)
{
    return reason_strings;
}

/* The core attributes the error to the provider instance behind handle. */
void edfast_raise_at(const OSSL_CORE_HANDLE *handle, const char *file, int line, const char *func,
                     enum edfast_reason reason, const char *detail_format, ...)
{
    va_list args;

    if (core_new_error == NULL || core_set_error_debug == NULL || core_vset_error == NULL)
        return;
    core_new_error(handle);
    core_set_error_debug(handle, file, line, func);
    va_start(args, detail_format);
    core_vset_error(handle, (uint32_t)reason, detail_format, args);
    va_end(args);
}
