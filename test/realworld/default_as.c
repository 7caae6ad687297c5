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
 * OpenSSL's own function.  RTLD_NEXT finds it where libcrypto is in the global
 * scope; a Python extension module brings libcrypto in with RTLD_LOCAL, out of
 * that scope, so then it is looked up in the already loaded libcrypto itself.
 */
static void *real_function(const char *symbol)
{
    void *f = dlsym(RTLD_NEXT, symbol);

    if (f == NULL) {
        void *libcrypto = dlopen("libcrypto.so." EDFAST_STR(OPENSSL_SHLIB_VERSION), RTLD_LAZY | RTLD_NOLOAD);

        if (libcrypto != NULL)
            f = dlsym(libcrypto, symbol);
    }
    return f;
}

OSSL_PROVIDER *OSSL_PROVIDER_load(OSSL_LIB_CTX *libctx, const char *name)
{
    load_fn *real = (load_fn *)real_function("OSSL_PROVIDER_load");

    return real == NULL ? NULL : real(libctx, renamed(libctx, name));
}

OSSL_PROVIDER *OSSL_PROVIDER_try_load(OSSL_LIB_CTX *libctx, const char *name, int retain_fallbacks)
{
    try_load_fn *real = (try_load_fn *)real_function("OSSL_PROVIDER_try_load");

    /* retain_fallbacks = 0: no implicit default provider behind our back. */
    return real == NULL ? NULL : real(libctx, renamed(libctx, name), name == renamed(libctx, name) ? retain_fallbacks : 0);
}
