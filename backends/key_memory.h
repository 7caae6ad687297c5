/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Where a backend keeps a key's state.  A state that holds a secret comes
 * from OpenSSL's secure heap when the application enabled one
 * (CRYPTO_secure_malloc_init), as the default provider keeps its private
 * keys, so that it is never swapped out nor written to a core dump; other
 * states come from OpenSSL's ordinary heap.  Both go through OpenSSL's
 * allocator, so the application's memory functions see them.
 */
#ifndef EDFAST_KEY_MEMORY_H
#define EDFAST_KEY_MEMORY_H

#include <stddef.h>
#include <openssl/crypto.h>

static inline void *edfast_state_zalloc(size_t size, int holds_secret)
{
    return holds_secret ? OPENSSL_secure_zalloc(size) : OPENSSL_zalloc(size);
}

/* Cleanses and frees a state from edfast_state_zalloc, from either heap; accepts NULL. */
static inline void edfast_state_clear_free(void *state, size_t size)
{
    OPENSSL_secure_clear_free(state, size);
}

#endif
