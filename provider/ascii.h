/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Case-insensitive comparison of ASCII names (instance names, URI schemes),
 * as OPENSSL_strncasecmp does it: independent of the locale, where the C
 * library's strncasecmp folds 'I' to a dotless i in a Turkish one.  edfast's
 * own, because OPENSSL_strncasecmp is versioned OPENSSL_3.0.3 and importing it
 * would keep edfast.so from loading on OpenSSL 3.0.0-3.0.2.
 */
#ifndef EDFAST_ASCII_H
#define EDFAST_ASCII_H

#include <stddef.h>

static inline unsigned char edfast_ascii_lower(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') ? (unsigned char)(c - 'A' + 'a') : c;
}

/* Like strncasecmp over at most n bytes; SIZE_MAX compares whole strings. */
static inline int edfast_ascii_ncasecmp(const char *a, const char *b, size_t n)
{
    for (; n > 0; n--, a++, b++) {
        unsigned char ca = edfast_ascii_lower((unsigned char)*a);
        unsigned char cb = edfast_ascii_lower((unsigned char)*b);

        if (ca != cb)
            return ca < cb ? -1 : 1;
        if (ca == '\0')
            return 0;
    }
    return 0;
}

#endif
