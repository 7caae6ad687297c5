# SPDX-License-Identifier: Apache-2.0
# The configs that show who serves EdDSA, sourced by the tools tests
# (configs.sh), the package test (scripts/deb-test.sh), scripts/realworld.sh and
# scripts/openssl-speed.sh.
#
# write_proof_cnf FILE EDFAST_MODULE NO_EDDSA_MODULE: the proving config, edfast
# next to no_eddsa.so (OpenSSL's default provider with its ED25519/ED448 key
# management and signatures taken out, and no default provider): a command that
# makes, signs or verifies EdDSA under it has done so with edfast.  Sourced by
# the tools tests (configs.sh) and the package test (scripts/deb-test.sh).
write_proof_cnf() {
  # (extensions: openssl.cnf.sample says why OpenSSL 4.0's x509 -req needs it;
  # none here, as with no config at all.)
  cat >"$1" <<EOF
openssl_conf = openssl_init
extensions = no_extensions
[no_extensions]
[openssl_init]
providers = provider_sect
[provider_sect]
edfast = edfast_sect
noeddsa = noeddsa_sect
[edfast_sect]
module = $2
activate = 1
[noeddsa_sect]
module = $3
activate = 1
EOF
}

# write_filter_only_cnf FILE NO_EDDSA_MODULE: no_eddsa.so alone, the control
# under which nothing can make, sign or verify EdDSA.
write_filter_only_cnf() {
  cat >"$1" <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
noeddsa = noeddsa_sect
[noeddsa_sect]
module = $2
activate = 1
EOF
}

# write_default_only_cnf FILE: OpenSSL's default provider alone, as a program
# has it without edfast.
write_default_only_cnf() {
  cat >"$1" <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
default = default_sect
[default_sect]
activate = 1
EOF
}
