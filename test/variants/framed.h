/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Which RFC 8032 instances this build of edfast can serve: a build without
 * the native backend may have none that frames Ed25519ctx, Ed25519ph (or,
 * without libdecaf, Ed448ph and Ed448 with a context).  The backends' own
 * declarations (backend.h's framings, through the registry edfast.so is built
 * from) say it; a test demands what some backend frames and, for the rest,
 * edfast's refusal "no backend serves this algorithm".
 */
#ifndef EDFAST_TEST_FRAMED_H
#define EDFAST_TEST_FRAMED_H

#include <string.h>
#include "backend.h"
#include "edfast_test_util.h"

#define ET_UNSERVED "no backend serves this algorithm"

/*
 * instance: an instance or algorithm name of either spelling (Ed25519ph,
 * ED25519ph); a ph name is the prehash framing, a ctx name or a context on
 * Ed448 the context framing.
 */
static inline int et_framed(enum et_curve curve, const char *instance, size_t context_len)
{
    size_t n = strlen(instance);
    enum edfast_framing framing = context_len > 0 ? EDFAST_CONTEXT : EDFAST_PURE;

    if (n > 2 && strcmp(instance + n - 2, "ph") == 0)
        framing = EDFAST_PREHASH;
    else if (n > 3 && strcmp(instance + n - 3, "ctx") == 0)
        framing = EDFAST_CONTEXT;
    return edfast_backend_choose(curve == ET_ED25519 ? EDFAST_ED25519 : EDFAST_ED448, framing,
                                 NULL) != NULL;
}

#endif
