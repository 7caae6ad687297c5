/* One loaded instance of the provider. */
#ifndef EDFAST_PROVCTX_H
#define EDFAST_PROVCTX_H

#include <openssl/core.h>
#include "backend.h"

struct edfast_provctx {
    const OSSL_CORE_HANDLE *handle;
    /* Chosen once at load time from EDFAST_BACKEND or the config's "backend". */
    const struct edfast_backend *backend[EDFAST_CURVE_COUNT];
    char buildinfo[160];
};

#endif
