/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Marking a value computed from a secret as public, such as the public key a
 * seed gives.  The constant-time tests run key generation and signing under
 * valgrind with the secret marked undefined, so that any branch or index on
 * it is reported; a value that is public by definition is declassified first.
 * Outside valgrind the client request is a few no-op instructions.
 */
#ifndef EDFAST_DECLASSIFY_H
#define EDFAST_DECLASSIFY_H

#include <stddef.h>

#ifdef EDFAST_HAVE_MEMCHECK_H
#include <valgrind/memcheck.h>
#define edfast_declassify(data, len) ((void)VALGRIND_MAKE_MEM_DEFINED((data), (len)))
#else
#define edfast_declassify(data, len) ((void)(data), (void)(len))
#endif

#endif
