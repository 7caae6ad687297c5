/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Opening a backend's library on first use (backends/library.h), each way it
 * can end: a library that does not exist and one without a symbol asked for
 * are refused, then and on every later call, with the dynamic loader's
 * reason on OpenSSL's error queue naming the library; a library that has
 * every symbol binds them all.  What a system without libsodium or libdecaf
 * gives when the configuration selects their backend (docs/errors.md).
 */
#include <stdio.h>
#include <string.h>
#include <openssl/err.h>
#include "edfast_test_util.h"
#include "library.h"

/* Whether the queue holds an error whose data contains every needle; clears it. */
static int raised_with(const char *needle, const char *other)
{
    const char *data;
    int flags, found = 0;

    while (ERR_get_error_all(NULL, NULL, NULL, &data, &flags) != 0)
        if ((flags & ERR_TXT_STRING) && strstr(data, needle) != NULL
                && strstr(data, other) != NULL)
            found = 1;
    return found;
}

int main(void)
{
    void *strlen_at = NULL, *missing_at = NULL, *present_at = NULL;
    const struct edfast_library_symbol good[] = {{"strlen", &strlen_at}};
    const struct edfast_library_symbol lacking[] = {{"strlen", &present_at},
                                                    {"edfast_no_such_function", &missing_at}};
    struct edfast_library absent = {
        .backend = "test", .soname = "libedfast-no-such-library.so.0", .symbols = good,
        .symbol_count = 1, EDFAST_LIBRARY_STATE,
    };
    struct edfast_library incomplete = {
        .backend = "test", .soname = "libc.so.6", .symbols = lacking, .symbol_count = 2,
        EDFAST_LIBRARY_STATE,
    };
    struct edfast_library libc = {
        .backend = "test", .soname = "libc.so.6", .symbols = good, .symbol_count = 1,
        EDFAST_LIBRARY_STATE,
    };

    for (int attempt = 1; attempt <= 2; attempt++) {
        ERR_clear_error();
        ET_CHECK(!edfast_library_open(&absent), "a library that does not exist opened");
        ET_CHECK(raised_with("cannot load libedfast-no-such-library.so.0", "edfast test backend"),
                 "attempt %d: no reason naming the missing library", attempt);
        ET_CHECK(!edfast_library_open(&incomplete), "a library lacking a symbol opened");
        ET_CHECK(raised_with("libc.so.6 has no edfast_no_such_function", "edfast test backend"),
                 "attempt %d: no reason naming the missing symbol", attempt);
    }
    ET_CHECK(edfast_library_open(&libc) && strlen_at != NULL
                 && ((size_t (*)(const char *))strlen_at)("edfast") == 6,
             "libc's strlen not bound");
    ET_CHECK(ERR_peek_error() == 0, "an error left by a library that opened");
    return et_finish("backend_library");
}
