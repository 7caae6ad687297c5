/* SPDX-License-Identifier: Apache-2.0 */
/* The backend objects the registry may list; each exists only when built. */
#ifndef EDFAST_BACKEND_LIST_H
#define EDFAST_BACKEND_LIST_H

#include "backend.h"

extern const struct edfast_backend edfast_openssl_backend;
extern const struct edfast_backend edfast_sodium_backend;
extern const struct edfast_backend edfast_decaf_backend;
extern const struct edfast_backend edfast_native_backend;

#endif
