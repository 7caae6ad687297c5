/* SPDX-License-Identifier: Apache-2.0 */
/*
 * JNI glue between the EdFast JCA provider (org.edfast.jca) and OpenSSL 3.
 *
 * Everything goes through EVP in one library context, chosen once by init():
 *  - a configuration file named by the caller (edfast.openssl.conf), loaded into
 *    a fresh library context, or OpenSSL's own configuration (OPENSSL_CONF) in
 *    the default library context;
 *  - when that configuration does not route ED25519/ED448 signatures to edfast,
 *    edfast.so is loaded here into a private library context next to the
 *    default provider, and every fetch uses the property query "?provider=edfast".
 *
 * Handles given to Java are plain pointers: EVP_PKEY * for keys, EVP_PKEY_CTX *
 * for key generation, struct sig_ctx * for one java.security.Signature object.
 * Java frees each exactly once (java.lang.ref.Cleaner).
 *
 * Built twice: libedfastjni.so, shipped, and with EDFAST_JNI_TEST_HOOKS a
 * test-only libedfastjni.so (build/jni/test-hooks/, never installed or packaged)
 * that also counts each kind of handle while Java holds it
 * (org.edfast.jca.NativeTestHooks.liveObjects, a class of the tests), so that a
 * test can see a leak as a count that does not come back, which the process's
 * memory figures are too noisy to show.  The shipped library counts nothing
 * and exports no test entry point.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <jni.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include "edfast_names.h"
#include "errors.h"

#define MAX_CONTEXT 255
#define MAX_SIG 114
/* The property query that prefers edfast without requiring it. */
#define PREFER_EDFAST "?" EDFAST_PROPERTIES
/* OpenSSL 3.2+'s OSSL_SIGNATURE_PARAM_INSTANCE and _CONTEXT_STRING, which 3.0's headers lack. */
#define PARAM_INSTANCE "instance"
#define PARAM_CONTEXT_STRING "context-string"

/*
 * The numbers Java passes and is given back.  Each enum here has its twin in
 * org.edfast.jca.NativeLib (curves: Curve.id; live_kind: NativeTestHooks, of
 * the tests), value for value: change both.
 * An argument outside its enum is refused (enum_arg), never folded into range.
 */
enum curve { CURVE_ED25519 = 0, CURVE_ED448 = 1, CURVES };
enum instance { INST_PURE = 0, INST_CTX = 1, INST_PH = 2, INSTANCES };
/* Kinds of handle given to Java, counted by the test build (NativeTestHooks.liveObjects). */
enum live_kind { LIVE_KEY = 0, LIVE_KEYGEN = 1, LIVE_SIGCTX = 2, LIVE_KINDS };
/* Return codes of sign/verify besides a length or a verdict (RC_SUNEC: see declined). */
enum { RC_ERROR = -1, RC_SUNEC = -2 };

static const char *const curve_names[CURVES] = {"ED25519", "ED448"};
static const size_t key_bytes[CURVES] = {32, 57};
static const char *const instance_names[CURVES][INSTANCES] = {
    {"Ed25519", "Ed25519ctx", "Ed25519ph"},
    {"Ed448", "Ed448", "Ed448ph"},
};

static OSSL_LIB_CTX *g_libctx;       /* NULL: OpenSSL's default library context */
static OSSL_LIB_CTX *g_own_libctx;   /* one we made (config file or self-loaded edfast) */
static const char *g_propq;          /* NULL or PREFER_EDFAST */
static char g_description[256];
/* The library name the serving provider's errors carry (the name it was loaded under). */
static char g_provider_lib[64];
static char g_details[2048];
#ifdef EDFAST_JNI_TEST_HOOKS
static atomic_long g_live[LIVE_KINDS];
#endif
/* Per curve: does the signature implementation take "instance"? -1 unknown (instance_taken). */
static int g_instance_support[CURVES] = {-1, -1};

/* What a signature context was last set up for (the glue's own; Java never sees it). */
enum sig_op { SIG_NONE = 0, SIG_SIGN, SIG_VERIFY };

struct sig_ctx {
    EVP_MD_CTX *md;
    EVP_PKEY *key;       /* key of the last successful full init (md's pctx holds a reference) */
    enum sig_op op;
    enum instance inst;
    unsigned char *buf;  /* message copy */
    size_t cap;
};

/* ------------------------------------------------------------------ helpers */

/* A handle given to Java (or 0); the test build counts it until Java gives it back (released). */
static jlong handed_out(enum live_kind kind, void *p)
{
#ifdef EDFAST_JNI_TEST_HOOKS
    if (p != NULL)
        atomic_fetch_add_explicit(&g_live[kind], 1, memory_order_relaxed);
#else
    (void)kind;
#endif
    return (jlong)(intptr_t)p;
}

static void released(enum live_kind kind)
{
#ifdef EDFAST_JNI_TEST_HOOKS
    atomic_fetch_sub_explicit(&g_live[kind], 1, memory_order_relaxed);
#else
    (void)kind;
#endif
}

/* Leaves an exception of class cls pending (or, when cls cannot be loaded, the error saying so). */
static void throw_new(JNIEnv *env, const char *cls, const char *msg)
{
    jclass c = (*env)->FindClass(env, cls);

    if (c != NULL)
        (*env)->ThrowNew(env, c, msg);
}

/*
 * Is value one of an enum's count values?  Otherwise an IllegalArgumentException
 * is left pending: a value outside the enum is a bug on the Java side, and
 * masking it into range would answer for another curve or operation.
 */
static int enum_arg(JNIEnv *env, jint value, int count, const char *what)
{
    char msg[64];

    if (value >= 0 && value < count)
        return 1;
    snprintf(msg, sizeof(msg), "%s %d is not in 0..%d", what, (int)value, count - 1);
    throw_new(env, "java/lang/IllegalArgumentException", msg);
    return 0;
}

/* The last OpenSSL error as text, clearing the queue. */
static void openssl_error(char *out, size_t outlen)
{
    unsigned long e = ERR_peek_last_error();

    if (e == 0)
        snprintf(out, outlen, "no OpenSSL error");
    else
        ERR_error_string_n(e, out, outlen);
    ERR_clear_error();
}

/* Appends to a diagnostics buffer, truncating quietly. */
__attribute__((format(printf, 3, 4)))
static void append(char *buf, size_t size, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;

    if (used + 1 >= size)
        return;
    va_start(ap, fmt);
    vsnprintf(buf + used, size - used, fmt, ap);
    va_end(ap);
}

/* The name a provider gives itself ("name" parameter), else the name it was loaded under. */
static const char *provider_real_name(const OSSL_PROVIDER *prov)
{
    static __thread char name[64];
    const char *p = NULL;
    OSSL_PARAM req[2];

    req[0] = OSSL_PARAM_construct_utf8_ptr(OSSL_PROV_PARAM_NAME, (char **)&p, 0);
    req[1] = OSSL_PARAM_construct_end();
    if (OSSL_PROVIDER_get_params(prov, req) && p != NULL) {
        snprintf(name, sizeof(name), "%s", p);
        return name;
    }
    ERR_clear_error();
    return OSSL_PROVIDER_get0_name(prov);
}

/* Provider that serves the signature for a curve in (libctx, propq), or NULL. */
static const OSSL_PROVIDER *signature_provider(OSSL_LIB_CTX *libctx, const char *propq, int curve)
{
    EVP_SIGNATURE *sig = EVP_SIGNATURE_fetch(libctx, curve_names[curve], propq);
    const OSSL_PROVIDER *prov;

    if (sig == NULL) {
        ERR_clear_error();
        return NULL;
    }
    prov = EVP_SIGNATURE_get0_provider(sig);
    EVP_SIGNATURE_free(sig); /* the provider outlives the method: it stays loaded */
    return prov;
}

static int served_by_edfast(OSSL_LIB_CTX *libctx, const char *propq)
{
    for (int c = 0; c < CURVES; c++) {
        const OSSL_PROVIDER *prov = signature_provider(libctx, propq, c);

        if (prov == NULL || strcmp(provider_real_name(prov), EDFAST_PROVIDER_NAME) != 0)
            return 0;
    }
    return 1;
}

static void describe(void)
{
    const OSSL_PROVIDER *prov = signature_provider(g_libctx, g_propq, 0);
    const char *b25519 = NULL, *b448 = NULL;
    OSSL_PARAM req[3];

    if (prov == NULL) {
        snprintf(g_description, sizeof(g_description), "none");
        return;
    }
    snprintf(g_provider_lib, sizeof(g_provider_lib), "%s", OSSL_PROVIDER_get0_name(prov));
    req[0] = OSSL_PARAM_construct_utf8_ptr(EDFAST_PARAM_ED25519_BACKEND, (char **)&b25519, 0);
    req[1] = OSSL_PARAM_construct_utf8_ptr(EDFAST_PARAM_ED448_BACKEND, (char **)&b448, 0);
    req[2] = OSSL_PARAM_construct_end();
    if (OSSL_PROVIDER_get_params(prov, req) && b25519 != NULL && b448 != NULL)
        snprintf(g_description, sizeof(g_description), "%s (ED25519=%s, ED448=%s)",
                 provider_real_name(prov), b25519, b448);
    else
        snprintf(g_description, sizeof(g_description), "%s", OSSL_PROVIDER_get0_name(prov));
    ERR_clear_error();
}

/* Directory holding this JNI library, found with dladdr. */
static int own_directory(char *out, size_t outlen)
{
    Dl_info info;
    const char *slash;

    if (dladdr((void *)&own_directory, &info) == 0 || info.dli_fname == NULL)
        return 0;
    slash = strrchr(info.dli_fname, '/');
    if (slash == NULL)
        return 0;
    if ((size_t)(slash - info.dli_fname) >= outlen)
        return 0;
    memcpy(out, info.dli_fname, (size_t)(slash - info.dli_fname));
    out[slash - info.dli_fname] = '\0';
    return 1;
}

/* Loads edfast.so from dir into libctx; 1 on success. */
static int try_load_edfast(OSSL_LIB_CTX *libctx, const char *dir)
{
    char path[PATH_MAX];
    OSSL_PROVIDER *prov;

    if (dir == NULL || dir[0] == '\0')
        return 0;
    snprintf(path, sizeof(path), "%s/" EDFAST_PROVIDER_NAME ".so", dir);
    if (access(path, R_OK) != 0) {
        append(g_details, sizeof(g_details), "; no %s", path);
        return 0;
    }
    if (!OSSL_PROVIDER_set_default_search_path(libctx, dir))
        return 0;
    prov = OSSL_PROVIDER_load(libctx, EDFAST_PROVIDER_NAME);
    if (prov == NULL) {
        char err[256];

        openssl_error(err, sizeof(err));
        append(g_details, sizeof(g_details), "; loading %s failed: %s", path, err);
        return 0;
    }
    append(g_details, sizeof(g_details), "; loaded %s", path);
    return 1;
}

/*
 * Whether the file at path has the SHA-256 given in lowercase hex (a platform
 * jar's bundled edfast.so, NativeLoader.java): computed here, with OpenSSL's
 * SHA-256, because a JVM that has just started hashes a megabyte in hundreds
 * of milliseconds.  Says what differs in err.
 */
static int file_has_sha256(const char *path, const char *expected, char *err, size_t errlen)
{
    unsigned char buf[65536], md[32];
    char hex[65];
    unsigned int mdlen = 0;
    size_t n;
    int ok = 0;
    FILE *f = fopen(path, "rb");
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();

    if (f == NULL || ctx == NULL || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL)) {
        snprintf(err, errlen, "cannot read %.300s to check its SHA-256", path);
        goto end;
    }
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
        if (!EVP_DigestUpdate(ctx, buf, n))
            break;
    if (ferror(f) || !EVP_DigestFinal_ex(ctx, md, &mdlen) || mdlen != sizeof(md)) {
        snprintf(err, errlen, "cannot read %.300s to check its SHA-256", path);
        goto end;
    }
    for (unsigned int i = 0; i < mdlen; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    ok = strcmp(hex, expected) == 0;
    if (!ok)
        snprintf(err, errlen,
                 "%.300s has SHA-256 %s, not the %.64s recorded when the jar was built: not loaded", path,
                 hex, expected);
end:
    ERR_clear_error();
    EVP_MD_CTX_free(ctx);
    if (f != NULL)
        fclose(f);
    return ok;
}

/* ------------------------------------------------------------------ init */

#ifdef EDFAST_JNI_TEST_HOOKS
/*
 * The test build serves only where the tests' class NativeTestHooks is seen
 * from NativeLib's class loader: a production jar that found this library on
 * its java.library.path takes SunEC instead, with the reason.
 */
static int test_hooks_present(JNIEnv *env)
{
    jclass c = (*env)->FindClass(env, "org/edfast/jca/NativeTestHooks");

    if (c == NULL) {
        (*env)->ExceptionClear(env);
        return 0;
    }
    (*env)->DeleteLocalRef(env, c);
    return 1;
}
#endif

/*
 * init(modulesProperty, confFile, moduleDigest): chooses the library context
 * once.  With moduleDigest (a platform jar's), modulesProperty is the folder
 * the jar's edfast.so was written to: that file is checked against the
 * digest and is the only edfast.so the glue loads itself.
 * Returns null on success; otherwise a message saying why the native path is unusable.
 */
JNIEXPORT jstring JNICALL
Java_org_edfast_jca_NativeLib_init(JNIEnv *env, jclass cls, jstring jmodules, jstring jconf,
                                   jstring jdigest)
{
    const char *modules = jmodules ? (*env)->GetStringUTFChars(env, jmodules, NULL) : NULL;
    const char *conf = jconf ? (*env)->GetStringUTFChars(env, jconf, NULL) : NULL;
    const char *digest = jdigest ? (*env)->GetStringUTFChars(env, jdigest, NULL) : NULL;
    char err[512] = "";
    OSSL_LIB_CTX *base = NULL;
    jstring result = NULL;
    int fips = 0;

    (void)cls;
    g_details[0] = '\0';
#ifdef EDFAST_JNI_TEST_HOOKS
    if (!test_hooks_present(env)) {
        snprintf(err, sizeof(err), "this libedfastjni.so is the test build (EDFAST_JNI_TEST_HOOKS), "
                 "which serves only the tests: load the shipped one");
        goto done;
    }
#endif
    if (!OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL)) {
        openssl_error(err, sizeof(err));
        goto done;
    }
    if (conf != NULL && conf[0] != '\0') {
        base = OSSL_LIB_CTX_new();
        if (base == NULL || !OSSL_LIB_CTX_load_config(base, conf)) {
            char why[256];

            openssl_error(why, sizeof(why));
            append(err, sizeof(err), "cannot load %s: %s", conf, why);
            OSSL_LIB_CTX_free(base);
            goto done;
        }
        append(g_details, sizeof(g_details), "config %s in a fresh library context", conf);
    } else {
        append(g_details, sizeof(g_details), "OpenSSL configuration in the default library context");
    }

    fips = EVP_default_properties_is_fips_enabled(base);
    if (fips) {
        /*
         * The configuration asks for FIPS-approved implementations: edfast is
         * not a validated module, so it is not loaded beside them, and only
         * what the configuration allows serves.
         */
        g_libctx = base;
        g_own_libctx = base;
        g_propq = NULL;
        append(g_details, sizeof(g_details),
               "; configuration requires fips=yes: edfast not loaded beside it");
    } else if (served_by_edfast(base, NULL)) {
        g_libctx = base;
        g_own_libctx = base;
        g_propq = NULL;
        append(g_details, sizeof(g_details), "; configuration routes EdDSA to edfast");
    } else if (OSSL_PROVIDER_available(base, EDFAST_PROVIDER_NAME) && served_by_edfast(base, PREFER_EDFAST)) {
        g_libctx = base;
        g_own_libctx = base;
        g_propq = PREFER_EDFAST;
        append(g_details, sizeof(g_details), "; configuration loads edfast, using propq " PREFER_EDFAST);
    } else {
        OSSL_LIB_CTX *own = OSSL_LIB_CTX_new();
        char dir[PATH_MAX];
        const char *env_modules = getenv("OPENSSL_MODULES");
        int loaded = 0;

        append(g_details, sizeof(g_details), "; configuration does not route EdDSA to edfast");
        if (own == NULL) {
            snprintf(err, sizeof(err), "OSSL_LIB_CTX_new failed");
            goto done;
        }
        if (digest != NULL) {
            char path[PATH_MAX];

            snprintf(path, sizeof(path), "%s/" EDFAST_PROVIDER_NAME ".so", modules ? modules : "");
            if (!file_has_sha256(path, digest, err, sizeof(err))) {
                OSSL_LIB_CTX_free(own);
                OSSL_LIB_CTX_free(base);
                goto done;
            }
            loaded = try_load_edfast(own, modules);
        } else {
            loaded = try_load_edfast(own, modules)
                || try_load_edfast(own, env_modules)
                || (own_directory(dir, sizeof(dir)) && try_load_edfast(own, dir))
                || try_load_edfast(own, OPENSSL_info(OPENSSL_INFO_MODULES_DIR));
        }
        if (loaded && OSSL_PROVIDER_load(own, "default") != NULL
                && served_by_edfast(own, PREFER_EDFAST)) {
            g_libctx = own;
            g_own_libctx = own;
            g_propq = PREFER_EDFAST;
            if (base != NULL)
                OSSL_LIB_CTX_free(base);
        } else {
            /* No edfast anywhere: the configuration's own provider still beats Java. */
            ERR_clear_error();
            OSSL_LIB_CTX_free(own);
            g_libctx = base;
            g_own_libctx = base;
            g_propq = NULL;
            append(g_details, sizeof(g_details), "; edfast.so not found: using the configured provider");
        }
    }
    if (signature_provider(g_libctx, g_propq, 0) == NULL
            || signature_provider(g_libctx, g_propq, 1) == NULL) {
        snprintf(err, sizeof(err), "no OpenSSL provider offers ED25519 and ED448 signatures%s",
                 fips ? " under the configuration's fips=yes (edfast, not FIPS-validated, is not"
                        " loaded beside it)"
                      : "");
        goto done;
    }
    describe();

done:
    if (err[0] != '\0')
        result = (*env)->NewStringUTF(env, err);
    if (modules)
        (*env)->ReleaseStringUTFChars(env, jmodules, modules);
    if (conf)
        (*env)->ReleaseStringUTFChars(env, jconf, conf);
    if (digest)
        (*env)->ReleaseStringUTFChars(env, jdigest, digest);
    return result;
}

JNIEXPORT jstring JNICALL
Java_org_edfast_jca_NativeLib_description(JNIEnv *env, jclass cls)
{
    (void)cls;
    return (*env)->NewStringUTF(env, g_description);
}

JNIEXPORT jstring JNICALL
Java_org_edfast_jca_NativeLib_details(JNIEnv *env, jclass cls)
{
    char buf[sizeof(g_details) + 128];

    (void)cls;
    snprintf(buf, sizeof(buf), "%s; OpenSSL %s; propq %s", g_details,
             OpenSSL_version(OPENSSL_VERSION_STRING), g_propq ? g_propq : "(none)");
    return (*env)->NewStringUTF(env, buf);
}

/* ------------------------------------------------------------------ keys */

/* Copies the raw key halves of pkey into the Java arrays (either may be null). */
static int export_raw(JNIEnv *env, EVP_PKEY *pkey, size_t len, jbyteArray priv, jbyteArray pub)
{
    unsigned char buf[64];
    size_t n = len;

    if (priv != NULL) {
        if (!EVP_PKEY_get_raw_private_key(pkey, buf, &n) || n != len)
            return 0;
        (*env)->SetByteArrayRegion(env, priv, 0, (jsize)len, (const jbyte *)buf);
        OPENSSL_cleanse(buf, sizeof(buf));
    }
    n = len;
    if (pub != NULL) {
        if (!EVP_PKEY_get_raw_public_key(pkey, buf, &n) || n != len)
            return 0;
        (*env)->SetByteArrayRegion(env, pub, 0, (jsize)len, (const jbyte *)buf);
    }
    return 1;
}

/*
 * keyFromRaw(curve, priv, pub): an EVP_PKEY from a seed (pub then receives the
 * derived public key when non-null) or, when priv is null, from a public key.
 */
JNIEXPORT jlong JNICALL
Java_org_edfast_jca_NativeLib_keyFromRaw(JNIEnv *env, jclass cls, jint curve, jbyteArray priv,
                                         jbyteArray pub)
{
    unsigned char buf[64];
    size_t len;
    EVP_PKEY *pkey;

    (void)cls;
    if (!enum_arg(env, curve, CURVES, "curve"))
        return 0;
    len = key_bytes[curve];
    if (priv != NULL) {
        if ((size_t)(*env)->GetArrayLength(env, priv) != len)
            return 0;
        (*env)->GetByteArrayRegion(env, priv, 0, (jsize)len, (jbyte *)buf);
        pkey = EVP_PKEY_new_raw_private_key_ex(g_libctx, curve_names[curve], g_propq, buf, len);
        OPENSSL_cleanse(buf, sizeof(buf));
        if (pkey != NULL && pub != NULL && !export_raw(env, pkey, len, NULL, pub)) {
            EVP_PKEY_free(pkey);
            pkey = NULL;
        }
    } else {
        if (pub == NULL || (size_t)(*env)->GetArrayLength(env, pub) != len)
            return 0;
        (*env)->GetByteArrayRegion(env, pub, 0, (jsize)len, (jbyte *)buf);
        pkey = EVP_PKEY_new_raw_public_key_ex(g_libctx, curve_names[curve], g_propq, buf, len);
    }
    if (pkey == NULL)
        ERR_clear_error();
    return handed_out(LIVE_KEY, pkey);
}

/*
 * keyFromPair(curve, priv, pub): an EVP_PKEY from both halves of a pair this
 * glue generated, so that the public key is not derived again (OpenSSL's
 * import, like edfast's, takes the given public half as it is).
 */
JNIEXPORT jlong JNICALL
Java_org_edfast_jca_NativeLib_keyFromPair(JNIEnv *env, jclass cls, jint curve, jbyteArray priv,
                                          jbyteArray pub)
{
    unsigned char seed[64], point[64];
    EVP_PKEY_CTX *ctx = NULL;
    EVP_PKEY *pkey = NULL;
    size_t len;

    (void)cls;
    if (!enum_arg(env, curve, CURVES, "curve"))
        return 0;
    len = key_bytes[curve];
    if (priv == NULL || pub == NULL || (size_t)(*env)->GetArrayLength(env, priv) != len
            || (size_t)(*env)->GetArrayLength(env, pub) != len)
        return 0;
    (*env)->GetByteArrayRegion(env, priv, 0, (jsize)len, (jbyte *)seed);
    (*env)->GetByteArrayRegion(env, pub, 0, (jsize)len, (jbyte *)point);
    {
        OSSL_PARAM params[] = {
            OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, seed, len),
            OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, point, len),
            OSSL_PARAM_construct_end(),
        };

        ctx = EVP_PKEY_CTX_new_from_name(g_libctx, curve_names[curve], g_propq);
        if (ctx == NULL || EVP_PKEY_fromdata_init(ctx) <= 0
                || EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_KEYPAIR, params) <= 0)
            pkey = NULL;
    }
    EVP_PKEY_CTX_free(ctx);
    OPENSSL_cleanse(seed, sizeof(seed));
    if (pkey == NULL)
        ERR_clear_error();
    return handed_out(LIVE_KEY, pkey);
}

JNIEXPORT void JNICALL
Java_org_edfast_jca_NativeLib_freeKey(JNIEnv *env, jclass cls, jlong handle)
{
    (void)env;
    (void)cls;
    if (handle == 0)
        return;
    EVP_PKEY_free((EVP_PKEY *)(intptr_t)handle);
    released(LIVE_KEY);
}

/* A key generation context for a curve, initialised once and reused. */
JNIEXPORT jlong JNICALL
Java_org_edfast_jca_NativeLib_newKeyGen(JNIEnv *env, jclass cls, jint curve)
{
    EVP_PKEY_CTX *ctx;

    (void)cls;
    if (!enum_arg(env, curve, CURVES, "curve"))
        return 0;
    ctx = EVP_PKEY_CTX_new_from_name(g_libctx, curve_names[curve], g_propq);
    if (ctx != NULL && EVP_PKEY_keygen_init(ctx) <= 0) {
        EVP_PKEY_CTX_free(ctx);
        ctx = NULL;
    }
    if (ctx == NULL)
        ERR_clear_error();
    return handed_out(LIVE_KEYGEN, ctx);
}

JNIEXPORT void JNICALL
Java_org_edfast_jca_NativeLib_freeKeyGen(JNIEnv *env, jclass cls, jlong handle)
{
    (void)env;
    (void)cls;
    if (handle == 0)
        return;
    EVP_PKEY_CTX_free((EVP_PKEY_CTX *)(intptr_t)handle);
    released(LIVE_KEYGEN);
}

/* generate(genctx, curve, priv, pub): a fresh key pair; its halves are copied out. */
JNIEXPORT jlong JNICALL
Java_org_edfast_jca_NativeLib_generate(JNIEnv *env, jclass cls, jlong handle, jint curve,
                                       jbyteArray priv, jbyteArray pub)
{
    EVP_PKEY_CTX *ctx = (EVP_PKEY_CTX *)(intptr_t)handle;
    EVP_PKEY *pkey = NULL;

    (void)cls;
    if (!enum_arg(env, curve, CURVES, "curve"))
        return 0;
    if (EVP_PKEY_generate(ctx, &pkey) <= 0 || pkey == NULL) {
        ERR_clear_error();
        return 0;
    }
    if (!export_raw(env, pkey, key_bytes[curve], priv, pub)) {
        ERR_clear_error();
        EVP_PKEY_free(pkey);
        return 0;
    }
    return handed_out(LIVE_KEY, pkey);
}

/* ------------------------------------------------------------------ signatures */

JNIEXPORT jlong JNICALL
Java_org_edfast_jca_NativeLib_newSigCtx(JNIEnv *env, jclass cls)
{
    struct sig_ctx *s = OPENSSL_zalloc(sizeof(*s));

    (void)env;
    (void)cls;
    if (s == NULL)
        return 0;
    s->md = EVP_MD_CTX_new();
    if (s->md == NULL) {
        OPENSSL_free(s);
        return 0;
    }
    return handed_out(LIVE_SIGCTX, s);
}

JNIEXPORT void JNICALL
Java_org_edfast_jca_NativeLib_freeSigCtx(JNIEnv *env, jclass cls, jlong handle)
{
    struct sig_ctx *s = (struct sig_ctx *)(intptr_t)handle;

    (void)env;
    (void)cls;
    if (s == NULL)
        return;
    EVP_MD_CTX_free(s->md);
    OPENSSL_clear_free(s->buf, s->cap);
    OPENSSL_free(s);
    released(LIVE_SIGCTX);
}

/*
 * Who serves a signature operation is decided here, and only here (jni/README.md,
 * "Who serves an operation"): Java runs SunEC when, and only when, sign or verify
 * returns RC_SUNEC.  OpenSSL serves every operation it does not decline.  A
 * decline hands the operation to SunEC when it asks for prehash or a context,
 * and is an error for pure EdDSA, which every EdDSA implementation does.
 * OpenSSL declines
 *  - prehash and contexts altogether when its implementation does not take the
 *    "instance" parameter (instance_taken; OpenSSL 3.0's default provider): it
 *    would ignore it and sign pure EdDSA, so it is not asked;
 *  - one operation when it raises an error setting it up, signing or verifying:
 *    an implementation may take the parameters yet refuse a combination (edfast
 *    refuses Ed25519ctx with an empty context, which RFC 8032 advises against and
 *    SunEC signs).
 * Returns what sign or verify returns for a decline.
 */
static int declined(enum instance inst)
{
    ERR_clear_error();
    return inst == INST_PURE ? RC_ERROR : RC_SUNEC;
}

/*
 * Whether the error queue says an allocation failed (libcrypto's malloc
 * failure, or edfast's out of memory or backend failure, which its backends
 * return only then): no verdict was reached.  Empties the queue.
 */
static int allocation_failed(void)
{
    unsigned long e;
    int failed = 0;

    while ((e = ERR_get_error()) != 0) {
        const char *lib = ERR_lib_error_string(e);
        int reason = ERR_GET_REASON(e);

        if (reason == ERR_GET_REASON(ERR_R_MALLOC_FAILURE)
                || (lib != NULL && strcmp(lib, g_provider_lib) == 0
                    && (reason == EDFAST_R_OUT_OF_MEMORY || reason == EDFAST_R_BACKEND_FAILURE)))
            failed = 1;
    }
    return failed;
}

/*
 * Does the signature implementation behind md take "instance"?  Asked once per
 * curve, of a context initialised for pure EdDSA; -1 when md is not initialised.
 */
static int instance_taken(struct sig_ctx *s, enum curve curve)
{
    int known = __atomic_load_n(&g_instance_support[curve], __ATOMIC_ACQUIRE);
    const OSSL_PARAM *settable;
    EVP_PKEY_CTX *pctx;

    if (known >= 0)
        return known;
    pctx = EVP_MD_CTX_get_pkey_ctx(s->md);
    if (pctx == NULL)
        return -1;
    settable = EVP_PKEY_CTX_settable_params(pctx);
    known = settable != NULL && OSSL_PARAM_locate_const(settable, PARAM_INSTANCE) != NULL;
    ERR_clear_error();
    __atomic_store_n(&g_instance_support[curve], known, __ATOMIC_RELEASE);
    return known;
}

static int do_init(struct sig_ctx *s, EVP_PKEY *key, enum sig_op op, const OSSL_PARAM *params)
{
    if (op == SIG_SIGN)
        return EVP_DigestSignInit_ex(s->md, NULL, NULL, key != NULL ? g_libctx : NULL,
                                     key != NULL ? g_propq : NULL, key, params) == 1;
    return EVP_DigestVerifyInit_ex(s->md, NULL, NULL, key != NULL ? g_libctx : NULL,
                                   key != NULL ? g_propq : NULL, key, params) == 1;
}

/*
 * Makes s->md ready for one sign or verify (op) with key and instance.
 * A context already set up for the same key and operation is re-initialised
 * with a NULL key, which is far cheaper than a fresh set-up.
 */
static int prepare(struct sig_ctx *s, EVP_PKEY *key, enum sig_op op, enum curve curve, enum instance inst,
                   const unsigned char *context, size_t context_len)
{
    OSSL_PARAM params[3];
    const OSSL_PARAM *p = NULL;
    int same_key = s->key == key && s->op == op;

    /* s->inst is only ever set to prehash or a context when "instance" is taken. */
    if (inst != INST_PURE || s->inst != INST_PURE) {
        int taken = instance_taken(s, curve);

        if (taken < 0) {
            /* Learn it from a pure set-up of this very context. */
            EVP_MD_CTX_reset(s->md);
            s->key = NULL;
            s->op = SIG_NONE;
            if (!do_init(s, key, op, NULL))
                return declined(INST_PURE);
            s->key = key;
            s->op = op;
            s->inst = INST_PURE;
            same_key = 1;
            taken = instance_taken(s, curve);
        }
        if (!taken)
            return declined(inst);
        params[0] = OSSL_PARAM_construct_utf8_string(
            PARAM_INSTANCE, (char *)instance_names[curve][inst], 0);
        params[1] = OSSL_PARAM_construct_octet_string(PARAM_CONTEXT_STRING, (void *)context,
                                                      context_len);
        params[2] = OSSL_PARAM_construct_end();
        if (context == NULL)
            params[1] = params[2];
        p = params;
    }
    if (same_key) {
        if (do_init(s, NULL, op, p))
            goto ok;
        ERR_clear_error();
    }
    EVP_MD_CTX_reset(s->md);
    s->key = NULL;
    s->op = SIG_NONE;
    if (!do_init(s, key, op, p))
        return declined(inst);
    s->key = key;
    s->op = op;
ok:
    s->inst = inst;
    return 1;
}

#define STACK_MESSAGE 1024

/*
 * Copies msg[off, off+len) out of the Java array: into stack (up to
 * STACK_MESSAGE bytes) or into the context's buffer, grown by doubling.
 */
static const unsigned char *copy_message(JNIEnv *env, struct sig_ctx *s, jbyteArray msg,
                                         jint off, jint len, unsigned char *stack)
{
    static const unsigned char empty[1];
    unsigned char *dst = stack;

    if (len <= 0)
        return empty;
    if (len > STACK_MESSAGE) {
        if ((size_t)len > s->cap) {
            size_t cap = s->cap ? s->cap : 4096;
            unsigned char *nbuf;

            while (cap < (size_t)len)
                cap *= 2;
            nbuf = OPENSSL_malloc(cap);
            if (nbuf == NULL)
                return NULL;
            OPENSSL_clear_free(s->buf, s->cap);
            s->buf = nbuf;
            s->cap = cap;
        }
        dst = s->buf;
    }
    (*env)->GetByteArrayRegion(env, msg, off, len, (jbyte *)dst);
    return dst;
}

/*
 * The arguments sign and verify share: refused (an exception pending, 0
 * returned) before anything is done; context is NULL when jcontext is null.
 * A context over 255 bytes is refused as SunEC's Signature.setParameter
 * refuses it, with the same exception and message (the Java side refuses it
 * there first; cutting it short here would sign with another context).
 */
static int sig_args(JNIEnv *env, jint curve, jint inst, jbyteArray jcontext,
                    unsigned char context[MAX_CONTEXT], const unsigned char **ctx, size_t *ctx_len)
{
    if (!enum_arg(env, curve, CURVES, "curve") || !enum_arg(env, inst, INSTANCES, "instance"))
        return 0;
    *ctx = NULL;
    *ctx_len = 0;
    if (jcontext == NULL)
        return 1;
    *ctx_len = (size_t)(*env)->GetArrayLength(env, jcontext);
    if (*ctx_len > MAX_CONTEXT) {
        throw_new(env, "java/security/InvalidAlgorithmParameterException",
                  "Context is longer than 255 bytes");
        return 0;
    }
    (*env)->GetByteArrayRegion(env, jcontext, 0, (jsize)*ctx_len, (jbyte *)context);
    *ctx = context;
    return 1;
}

/*
 * sign(sigctx, key, curve, instance, context, msg, off, len, sigOut):
 * the signature length, RC_ERROR, or RC_SUNEC (declined); 0 with an exception
 * for a bad argument.
 */
JNIEXPORT jint JNICALL
Java_org_edfast_jca_NativeLib_sign(JNIEnv *env, jclass cls, jlong hctx, jlong hkey, jint curve,
                                   jint inst, jbyteArray jcontext, jbyteArray msg, jint off,
                                   jint len, jbyteArray out)
{
    struct sig_ctx *s = (struct sig_ctx *)(intptr_t)hctx;
    EVP_PKEY *key = (EVP_PKEY *)(intptr_t)hkey;
    unsigned char sig[MAX_SIG], context_buf[MAX_CONTEXT], stack[STACK_MESSAGE];
    size_t context_len, siglen = sizeof(sig);
    const unsigned char *m, *context;
    int rc;

    (void)cls;
    if (!sig_args(env, curve, inst, jcontext, context_buf, &context, &context_len))
        return 0;
    rc = prepare(s, key, SIG_SIGN, curve, inst, context, context_len);
    if (rc != 1)
        return rc;
    m = copy_message(env, s, msg, off, len, stack);
    if (m == NULL || (*env)->ExceptionCheck(env)) /* off, len outside msg */
        return RC_ERROR;
    if (EVP_DigestSign(s->md, sig, &siglen, m, (size_t)(len > 0 ? len : 0)) != 1) {
        s->op = SIG_NONE; /* force a full set-up next time */
        return declined(inst);
    }
    (*env)->SetByteArrayRegion(env, out, 0, (jsize)siglen, (const jbyte *)sig);
    return (jint)siglen;
}

/* verify(...): 1 valid, 0 invalid, RC_ERROR, RC_SUNEC (declined); 0 with an exception for a bad argument. */
JNIEXPORT jint JNICALL
Java_org_edfast_jca_NativeLib_verify(JNIEnv *env, jclass cls, jlong hctx, jlong hkey, jint curve,
                                     jint inst, jbyteArray jcontext, jbyteArray msg, jint off,
                                     jint len, jbyteArray jsig)
{
    struct sig_ctx *s = (struct sig_ctx *)(intptr_t)hctx;
    EVP_PKEY *key = (EVP_PKEY *)(intptr_t)hkey;
    unsigned char sig[MAX_SIG], context_buf[MAX_CONTEXT], stack[STACK_MESSAGE];
    size_t context_len, siglen;
    const unsigned char *m, *context;
    int rc;

    (void)cls;
    if (!sig_args(env, curve, inst, jcontext, context_buf, &context, &context_len))
        return 0;
    siglen = (size_t)(*env)->GetArrayLength(env, jsig);
    if (siglen != 2 * key_bytes[curve])
        return 0;
    (*env)->GetByteArrayRegion(env, jsig, 0, (jsize)siglen, (jbyte *)sig);
    rc = prepare(s, key, SIG_VERIFY, curve, inst, context, context_len);
    if (rc != 1)
        return rc;
    m = copy_message(env, s, msg, off, len, stack);
    if (m == NULL || (*env)->ExceptionCheck(env)) /* off, len outside msg */
        return RC_ERROR;
    ERR_clear_error();
    rc = EVP_DigestVerify(s->md, sig, siglen, m, (size_t)(len > 0 ? len : 0));
    /*
     * "Does not verify" raises nothing, a declined prehash or context raises an
     * error; for pure EdDSA an error is OpenSSL's verdict on a signature it
     * cannot decode: not valid, unless an allocation failed (no verdict).
     */
    if (rc != 1 && inst != INST_PURE && ERR_peek_error() != 0) {
        s->op = SIG_NONE;
        return declined(inst);
    }
    if (rc != 1 && allocation_failed()) {
        s->op = SIG_NONE;
        return RC_ERROR;
    }
    ERR_clear_error();
    return rc == 1;
}

/* instanceSupport(curve): 1 when "instance" goes to OpenSSL, 0 when SunEC does it, -1 not known yet. */
JNIEXPORT jint JNICALL
Java_org_edfast_jca_NativeLib_instanceSupport(JNIEnv *env, jclass cls, jint curve)
{
    (void)cls;
    if (!enum_arg(env, curve, CURVES, "curve"))
        return -1;
    return __atomic_load_n(&g_instance_support[curve], __ATOMIC_ACQUIRE);
}

#ifdef EDFAST_JNI_TEST_HOOKS
/*
 * NativeTestHooks.liveObjects(kind), the test build's only entry point of its
 * own: handles of that kind (LIVE_*) given to Java and not yet freed.
 */
JNIEXPORT jlong JNICALL
Java_org_edfast_jca_NativeTestHooks_liveObjects(JNIEnv *env, jclass cls, jint kind)
{
    (void)cls;
    if (!enum_arg(env, kind, LIVE_KINDS, "kind of handle"))
        return -1;
    return (jlong)atomic_load_explicit(&g_live[kind], memory_order_relaxed);
}
#endif
