/* SPDX-License-Identifier: Apache-2.0 */
/*
 * default_as.so: an LD_PRELOAD shim for the proving runs of programs that load
 * OpenSSL's default provider by name themselves (python3-cryptography calls
 * OSSL_PROVIDER_load(NULL, "default") at start-up).  Such a program would get
 * the built-in default provider, EdDSA included, whatever the configuration
 * says, and the proving config (edfast next to no_eddsa.so) would prove
 * nothing.  With this shim preloaded, a load of "default" loads the provider
 * named by EDFAST_DEFAULT_AS instead (the config's "noeddsa", already
 * activated by the config: OpenSSL hands back that instance) when it is loaded
 * into the default library context, so the program
 * gets everything the default provider has except EdDSA, as under the proving
 * config.  Every other name goes to OpenSSL untouched.  realworld.sh checks the
 * shim works with a control: under no_eddsa.so alone the program must fail.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/opensslv.h>
#include <openssl/provider.h>

#define EDFAST_STR2(x) #x
#define EDFAST_STR(x) EDFAST_STR2(x)

typedef OSSL_PROVIDER *load_fn(OSSL_LIB_CTX *, const char *);
typedef OSSL_PROVIDER *try_load_fn(OSSL_LIB_CTX *, const char *, int);

/*
 * Only the program's own loads, into the default library context (NULL): the
 * no_eddsa.so module itself loads the real default provider into a library
 * context of its own, and must keep getting it.
 */
static const char *renamed(const OSSL_LIB_CTX *libctx, const char *name)
{
    const char *as = getenv("EDFAST_DEFAULT_AS");

    if (libctx == NULL && name != NULL && strcmp(name, "default") == 0 && as != NULL && as[0] != '\0')
        return as;
    return name;
}

/*
 * OpenSSL's own function, from the libcrypto the caller is linked to: looked
 * up in the caller's own scope (it and its dependencies; no preloaded object
 * is in it).  A Python extension module brings libcrypto in with RTLD_LOCAL,
 * out of the global scope where RTLD_NEXT looks, and a process can hold two
 * libcryptos (sid with experimental's OpenSSL 4: python3-cryptography is built
 * against 3.x's libcrypto.so.3, edfast.so against libcrypto.so.4).  RTLD_NEXT
 * serves a caller in the main program, whose scope is the global one, where
 * this shim comes first; last, the loaded libcrypto of the version this was
 * built for (a caller with no libcrypto in its scope: ctypes' libffi).
 */
static void *real_function(const char *symbol, const void *self, const void *caller)
{
    Dl_info info;
    void *f = NULL;

    if (dladdr(caller, &info) != 0 && info.dli_fname != NULL) {
        void *object = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);

        if (object != NULL) {
            f = dlsym(object, symbol);
            dlclose(object);
        }
    }
    if (f == NULL || f == self)
        f = dlsym(RTLD_NEXT, symbol);
    if (f == NULL || f == self) {
        void *libcrypto = dlopen("libcrypto.so." EDFAST_STR(OPENSSL_SHLIB_VERSION), RTLD_LAZY | RTLD_NOLOAD);

        f = libcrypto != NULL ? dlsym(libcrypto, symbol) : NULL;
        if (libcrypto != NULL)
            dlclose(libcrypto);
    }
    return f == self ? NULL : f;
}

OSSL_PROVIDER *OSSL_PROVIDER_load(OSSL_LIB_CTX *libctx, const char *name)
{
    load_fn *real = (load_fn *)real_function("OSSL_PROVIDER_load", (const void *)OSSL_PROVIDER_load,
                                             __builtin_return_address(0));

    return real == NULL ? NULL : real(libctx, renamed(libctx, name));
}

OSSL_PROVIDER *OSSL_PROVIDER_try_load(OSSL_LIB_CTX *libctx, const char *name, int retain_fallbacks)
{
    try_load_fn *real = (try_load_fn *)real_function("OSSL_PROVIDER_try_load",
                                                     (const void *)OSSL_PROVIDER_try_load,
                                                     __builtin_return_address(0));

    /* retain_fallbacks = 0: no implicit default provider behind our back. */
    return real == NULL ? NULL : real(libctx, renamed(libctx, name), name == renamed(libctx, name) ? retain_fallbacks : 0);
}
