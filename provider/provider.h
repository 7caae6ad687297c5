/* The dispatch tables each algorithm family file exports to the provider entry. */
#ifndef EDFAST_PROVIDER_H
#define EDFAST_PROVIDER_H

#include <openssl/core.h>

extern const OSSL_DISPATCH edfast_ed25519_keymgmt_functions[];
extern const OSSL_DISPATCH edfast_ed448_keymgmt_functions[];
extern const OSSL_DISPATCH edfast_ed25519_signature_functions[];
extern const OSSL_DISPATCH edfast_ed448_signature_functions[];

#endif
