/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A shared library a backend calls (libsodium, libdecaf), opened when the
 * backend first readies a curve (its ops' prepare) rather than linked:
 * loading edfast maps nothing of a library the configuration never selects,
 * and a system without it still loads edfast, that backend's curves then
 * refused with the reason.
 */
#ifndef EDFAST_LIBRARY_H
#define EDFAST_LIBRARY_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

struct edfast_library_symbol {
    const char *name;
    void **slot; /* receives the address; the backend calls through it */
};

struct edfast_library {
    const char *backend; /* for messages */
    const char *soname;  /* the build's library, e.g. "libsodium.so.23" */
    const struct edfast_library_symbol *symbols;
    size_t symbol_count;
    /* Filled by edfast_library_open; initialise with EDFAST_LIBRARY_STATE. */
    pthread_mutex_t lock;
    atomic_int outcome; /* 0 not tried, 1 open, -1 failed for good */
    char failure[200];
};

#define EDFAST_LIBRARY_STATE .lock = PTHREAD_MUTEX_INITIALIZER, .outcome = 0

/*
 * Opens the library and binds every symbol, on the first call (thread-safe);
 * later calls cost one atomic load.  Returns 1 when all are bound; 0, with
 * the reason raised (the library or the symbol missing, as the dynamic
 * loader says), when not, then and on every later call.
 */
int edfast_library_open(struct edfast_library *library);

#endif
