#include "anchor_lib25519.h"

#include <dlfcn.h>
#include <stdio.h>

/* lib25519.so.1 needs librandombytes-kernel.so.1: opened first, RTLD_GLOBAL,
 * it is found by its soname, so that no LD_LIBRARY_PATH is needed.  (The
 * anchor's other names, lib25519.so and librandombytes.so.1, are links stored
 * as text files, not libraries.) */
static const char *const prerequisites[] = {"librandombytes-kernel.so.1"};

static void *open_in(const char *dir, const char *name, char *why, size_t why_len)
{
    char path[4096];
    void *handle;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    if ((handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL)) == NULL)
        snprintf(why, why_len, "%s", dlerror());
    return handle;
}

static int resolve(void *handle, const char *name, void **out, char *why, size_t why_len)
{
    if ((*out = dlsym(handle, name)) == NULL) {
        snprintf(why, why_len, "lib25519 has no %s", name);
        return 0;
    }
    return 1;
}

int lib25519_anchor_load(struct lib25519_anchor *anchor, const char *dir, char *why,
                         size_t why_len)
{
    void *handle = NULL;
    size_t i;

    for (i = 0; i < sizeof(prerequisites) / sizeof(prerequisites[0]); i++)
        if (open_in(dir, prerequisites[i], why, why_len) == NULL)
            return 0;
    if ((handle = open_in(dir, "lib25519.so.1", why, why_len)) == NULL)
        return 0;
    /* The header's names are macros for these symbols. */
    return resolve(handle, "lib25519_sign_ed25519_keypair", (void **)&anchor->keypair, why,
                   why_len)
        && resolve(handle, "lib25519_sign_ed25519", (void **)&anchor->sign, why, why_len)
        && resolve(handle, "lib25519_sign_ed25519_open", (void **)&anchor->open, why, why_len)
        && resolve(handle, "lib25519_nG_merged25519_implementation",
                   (void **)&anchor->fixed_base_implementation, why, why_len)
        && resolve(handle, "lib25519_mGnP_ed25519_implementation",
                   (void **)&anchor->double_scalar_implementation, why, why_len)
        && resolve(handle, "lib25519_hashblocks_sha512_implementation",
                   (void **)&anchor->sha512_implementation, why, why_len);
}
