/* SPDX-License-Identifier: Apache-2.0 */
/* The dispatch tables each algorithm family file exports to the provider entry. */
#ifndef EDFAST_PROVIDER_H
#define EDFAST_PROVIDER_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

/*
 * One dispatch-table entry.  Every function a table names is declared first
 * with OpenSSL's type for it (static OSSL_FUNC_signature_newctx_fn ...;), as
 * OpenSSL's own providers do, so that the cast here cannot hide a mismatch.
 */
#define EDFAST_DISPATCH(id, fn) {(id), (void (*)(void))(fn)}
#define EDFAST_DISPATCH_END {0, NULL}

extern const OSSL_DISPATCH edfast_ed25519_keymgmt_functions[];
extern const OSSL_DISPATCH edfast_ed448_keymgmt_functions[];
extern const OSSL_DISPATCH edfast_ed25519_signature_functions[];
extern const OSSL_DISPATCH edfast_ed448_signature_functions[];
#if defined(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT)
/* OpenSSL 3.4+: the message API, and the names that fix the instance. */
extern const OSSL_DISPATCH edfast_ed25519_message_signature_functions[];
extern const OSSL_DISPATCH edfast_ed448_message_signature_functions[];
extern const OSSL_DISPATCH edfast_ed25519ph_signature_functions[];
extern const OSSL_DISPATCH edfast_ed25519ctx_signature_functions[];
extern const OSSL_DISPATCH edfast_ed448ph_signature_functions[];
#endif

/* encoders.c: PKCS#8 (plain and encrypted) and SubjectPublicKeyInfo, DER and PEM; text. */
#define EDFAST_DECLARE_ENCODERS(curve)                                      \
    extern const OSSL_DISPATCH edfast_##curve##_pki_der_encoder_functions[];  \
    extern const OSSL_DISPATCH edfast_##curve##_pki_pem_encoder_functions[];  \
    extern const OSSL_DISPATCH edfast_##curve##_epki_der_encoder_functions[]; \
    extern const OSSL_DISPATCH edfast_##curve##_epki_pem_encoder_functions[]; \
    extern const OSSL_DISPATCH edfast_##curve##_spki_der_encoder_functions[]; \
    extern const OSSL_DISPATCH edfast_##curve##_spki_pem_encoder_functions[]; \
    extern const OSSL_DISPATCH edfast_##curve##_text_encoder_functions[]
EDFAST_DECLARE_ENCODERS(ed25519);
EDFAST_DECLARE_ENCODERS(ed448);

/* decoders.c: PEM to DER, EncryptedPrivateKeyInfo to PrivateKeyInfo, and DER to key. */
extern const OSSL_DISPATCH edfast_pem_to_der_decoder_functions[];
extern const OSSL_DISPATCH edfast_epki_to_pki_decoder_functions[];
extern const OSSL_DISPATCH edfast_ed25519_pki_decoder_functions[];
extern const OSSL_DISPATCH edfast_ed25519_spki_decoder_functions[];
extern const OSSL_DISPATCH edfast_ed448_pki_decoder_functions[];
extern const OSSL_DISPATCH edfast_ed448_spki_decoder_functions[];

/* store.c: the file: loader, for when no other provider brings one. */
extern const OSSL_DISPATCH edfast_file_store_functions[];

#endif
