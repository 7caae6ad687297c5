/* SPDX-License-Identifier: Apache-2.0 */
/*
 * 64-bit words to and from byte strings, little- and big-endian: the only
 * place the native code meets byte order.  Written with shifts, so they are
 * right on any host; gcc and clang turn each into one load or store (plus a
 * byte swap where the host order differs).
 */
#ifndef EDFAST_NATIVE_BYTES_H
#define EDFAST_NATIVE_BYTES_H

#include <stdint.h>

static inline uint64_t edfast_load64_le(const uint8_t *p)
{
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16)
        | ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) | ((uint64_t)p[5] << 40)
        | ((uint64_t)p[6] << 48) | ((uint64_t)p[7] << 56);
}

static inline void edfast_store64_le(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static inline uint64_t edfast_load64_be(const uint8_t *p)
{
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40)
        | ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16)
        | ((uint64_t)p[6] << 8) | (uint64_t)p[7];
}

static inline void edfast_store64_be(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (56 - 8 * i));
}

#endif
