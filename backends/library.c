/* SPDX-License-Identifier: Apache-2.0 */
/* Opening a backend's library on first use (see library.h). */
#include "library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <openssl/err.h>

/* Under library->lock: 1 when every symbol is bound, else 0 with failure written. */
static int bind_all(struct edfast_library *library)
{
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    const char *why;

    if (handle == NULL) {
        why = dlerror();
        snprintf(library->failure, sizeof(library->failure), "cannot load %s: %s",
                 library->soname, why != NULL ? why : "unknown reason");
        return 0;
    }
    for (size_t i = 0; i < library->symbol_count; i++) {
        void *address = dlsym(handle, library->symbols[i].name);

        if (address == NULL) {
            snprintf(library->failure, sizeof(library->failure), "%s has no %s",
                     library->soname, library->symbols[i].name);
            dlclose(handle);
            return 0;
        }
        *library->symbols[i].slot = address;
    }
    /* Kept open for the process: the slots point into it. */
    return 1;
}

int edfast_library_open(struct edfast_library *library)
{
    int outcome = atomic_load_explicit(&library->outcome, memory_order_acquire);

    if (outcome == 0) {
        pthread_mutex_lock(&library->lock);
        outcome = atomic_load_explicit(&library->outcome, memory_order_relaxed);
        if (outcome == 0) {
            outcome = bind_all(library) ? 1 : -1;
            atomic_store_explicit(&library->outcome, outcome, memory_order_release);
        }
        pthread_mutex_unlock(&library->lock);
    }
    if (outcome > 0)
        return 1;
    ERR_raise_data(ERR_LIB_PROV, ERR_R_INIT_FAIL, "edfast %s backend: %s", library->backend,
                   library->failure);
    return 0;
}
