/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The names edfast publishes, in one place: what programs, the JNI glue, the
 * tests and the benchmark ask OpenSSL for.  Plain string macros, so that any
 * of them can include this without linking anything of edfast's.
 */
#ifndef EDFAST_NAMES_H
#define EDFAST_NAMES_H

/* The provider's name, as `openssl -provider` and OSSL_PROVIDER_load take it. */
#define EDFAST_PROVIDER_NAME "edfast"
/* The property query that picks edfast's implementations. */
#define EDFAST_PROPERTIES "provider=" EDFAST_PROVIDER_NAME

/* Provider parameters (OSSL_PROVIDER_get_params) naming the backend serving each curve. */
#define EDFAST_PARAM_ED25519_BACKEND "ed25519-backend"
#define EDFAST_PARAM_ED448_BACKEND "ed448-backend"
/*
 * The native backend's code path serving each curve (portable, adx or ifma),
 * and what its self-test at load found, e.g. "ed25519: ifma passed; ed448:
 * ifma failed (signature mismatch), adx passed"; only in builds with it.
 */
#define EDFAST_PARAM_ED25519_NATIVE_PATH "ed25519-native-path"
#define EDFAST_PARAM_ED448_NATIVE_PATH "ed448-native-path"
#define EDFAST_PARAM_NATIVE_SELFTEST "native-selftest"

/* Key types, as EVP_PKEY_get0_type_name and EVP_PKEY_CTX_new_from_name take them. */
#define EDFAST_KEY_ED25519 "ED25519"
#define EDFAST_KEY_ED448 "ED448"
/* Algorithm names with their OIDs, as OpenSSL's default provider lists them. */
#define EDFAST_ALG_ED25519 EDFAST_KEY_ED25519 ":1.3.101.112"
#define EDFAST_ALG_ED448 EDFAST_KEY_ED448 ":1.3.101.113"
/* The OpenSSL 3.4+ signature algorithms that fix the instance. */
#define EDFAST_ALG_ED25519PH "ED25519ph"
#define EDFAST_ALG_ED25519CTX "ED25519ctx"
#define EDFAST_ALG_ED448PH "ED448ph"

#endif
