#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# openssl speed ed25519 ed448 measuring edfast through OPENSSL_CONF (3.0's
# speed ignores -propquery; only the config steers it).  A smoke test: no
# timing is asserted, only that both curves were measured, (1) with the
# repository's sample config and (2) with proof.cnf, where EdDSA exists in
# edfast alone, so that the numbers can only be edfast's.  OpenSSL 4.0 names
# the rows "EC (Ed25519)", 3.x "EdDSA (Ed25519)".
source "$(dirname "$0")/configs.sh"

for run in with_sample only_edfast_eddsa; do
    if $run speed -seconds 1 ed25519 ed448 >speed.out 2>&1 \
            && grep -Eq "bits (EdDSA|EC) \(Ed25519\) +[0-9.]+s +[0-9.]+s +[0-9.]+ +[0-9.]+" speed.out \
            && grep -Eq "bits (EdDSA|EC) \(Ed448\) +[0-9.]+s +[0-9.]+s +[0-9.]+ +[0-9.]+" speed.out; then
        pass "openssl speed ed25519 ed448 ($run)"
        grep -E "bits (EdDSA|EC) \(Ed" speed.out | sed 's/^/    /'
    else
        fail "openssl speed ed25519 ed448 ($run)"
        sed 's/^/    /' speed.out
    fi
done
finish
