/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What the encoders, decoders and the file store share: reading and writing
 * through the core's BIOs, and the two RFC 8410 envelopes of an EdDSA key
 * (PKCS#8 PrivateKeyInfo and X.509 SubjectPublicKeyInfo) made and taken apart
 * with OpenSSL's public ASN.1 API.
 */
#ifndef EDFAST_DER_CODEC_H
#define EDFAST_DER_CODEC_H

#include <stddef.h>
#include <openssl/bio.h>
#include <openssl/core.h>
#include <openssl/x509.h>
#include "key.h"

/* The most edfast's decoders read from one input: far more than any key. */
#define EDFAST_CODEC_MAX_INPUT (4 * 1024 * 1024)
/* The most the file store reads from one file (CRLs can be large). */
#define EDFAST_STORE_MAX_INPUT (256 * 1024 * 1024)

/*
 * Set-up for the codecs of one provider instance, from OSSL_provider_init:
 * it takes the core's BIO functions, which edfast's BIOs forward to.
 * Teardown undoes it, once for each set-up.
 */
void edfast_codec_init(const OSSL_DISPATCH *in);
void edfast_codec_teardown(void);

/* A BIO reading and writing the core's BIO cbio; NULL with the reason raised. */
BIO *edfast_codec_bio(OSSL_CORE_BIO *cbio);

/*
 * Decrypts an EncryptedPrivateKeyInfo with the passphrase pw_cb gives, in the
 * reference (edfast_backends_reference).  1 with *p8info (the caller frees
 * it), 0 when der is no EncryptedPrivateKeyInfo, -1 with the reason on the
 * error queue.
 */
int edfast_codec_decrypt_epki(const unsigned char *der, size_t der_len,
                              OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg,
                              PKCS8_PRIV_KEY_INFO **p8info);

/*
 * Reads everything from in (at most max bytes) into a new OPENSSL_malloc'ed
 * buffer.  Returns 1 and the data, 0 when reading failed or the input was
 * too large (*data is NULL then).
 */
int edfast_codec_read_all(BIO *in, size_t max, unsigned char **data, size_t *len);

/* NID_ED25519 or NID_ED448. */
int edfast_curve_nid(enum edfast_curve curve);
/* "ED25519" or "ED448": the key type name OpenSSL uses. */
const char *edfast_curve_name(enum edfast_curve curve);

/*
 * The PrivateKeyInfo of a key with a private half: version 0, the curve's
 * AlgorithmIdentifier without parameters, and privateKey an OCTET STRING
 * holding the DER of the OCTET STRING seed (RFC 8410 CurvePrivateKey).
 */
PKCS8_PRIV_KEY_INFO *edfast_key_to_p8info(const struct edfast_key *key);
/* The SubjectPublicKeyInfo of a filled key. */
X509_PUBKEY *edfast_key_to_pubkey(const struct edfast_key *key);

/*
 * The key in a PrivateKeyInfo or SubjectPublicKeyInfo, when it is one of the
 * curve's.  *key is set only on success.  Returns 1 with a key, 0 when the
 * structure holds another algorithm (no error raised: not ours), -1 when it
 * names the curve but is malformed (an error is raised).
 */
int edfast_key_from_p8info(const struct edfast_provctx *provctx, enum edfast_curve curve,
                           const PKCS8_PRIV_KEY_INFO *p8info, struct edfast_key **key);
int edfast_key_from_spki_der(const struct edfast_provctx *provctx, enum edfast_curve curve,
                             const unsigned char *der, size_t der_len, struct edfast_key **key);

/*
 * Hands a key to libcrypto by reference, as decoders and store loaders do:
 * an OSSL_OBJECT_PKEY whose reference is the address of *key.  Our key
 * manager's key_load takes the key over and sets *key to NULL; the caller
 * frees whatever is left.  Returns the callback's verdict.
 */
int edfast_pass_key_reference(struct edfast_key **key, OSSL_CALLBACK *cb, void *cbarg);

/* For another provider's key manager: a referenced key's parameters, as our key manager exports them. */
int edfast_export_key_reference(const void *reference, size_t reference_size, int selection,
                                OSSL_CALLBACK *export_cb, void *export_cbarg);

#endif
