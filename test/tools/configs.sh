# SPDX-License-Identifier: Apache-2.0
# The configs of the tools tests, sourced by each; it sources the harness,
# ../script_setup.sh, first.  The repository's sample config and the proving config.
#
# Expects in the environment, besides the harness's EDFAST_MODULE_DIR:
# EDFAST_NO_EDDSA_MODULE (the built test module no_eddsa.so) and
# EDFAST_CNF_SAMPLE (the repository's openssl.cnf.sample).
. "$(dirname "${BASH_SOURCE[0]}")/../script_setup.sh" "tools_$(basename "$0" _test.sh)"
: "${EDFAST_CNF_SAMPLE:?EDFAST_CNF_SAMPLE must name openssl.cnf.sample}"
: "${EDFAST_NO_EDDSA_MODULE:?EDFAST_NO_EDDSA_MODULE must name the built no_eddsa.so}"

# The repository's sample config, with module pointing at the built edfast.so:
# edfast and default loaded, default_properties = ?provider=edfast.
sed "s|^module = .*|module = $EDFAST_MODULE_DIR/edfast.so|" "$EDFAST_CNF_SAMPLE" >"$WORK/sample.cnf"
grep -q "^default_properties = ?provider=edfast" "$WORK/sample.cnf" || { echo "FAIL: openssl.cnf.sample has changed"; exit 1; }
with_sample() { OPENSSL_CONF="$WORK/sample.cnf" "$OPENSSL" "$@"; }

# The proving config (proof_cnf.sh): EdDSA only in edfast, everything else the
# tools need there too.
. "$(dirname "${BASH_SOURCE[0]}")/proof_cnf.sh"
write_proof_cnf "$WORK/proof.cnf" "$EDFAST_MODULE_DIR/edfast.so" "$EDFAST_NO_EDDSA_MODULE"
only_edfast_eddsa() { OPENSSL_CONF="$WORK/proof.cnf" "$OPENSSL" "$@"; }
# The proof holds only while the filter works: no EdDSA without edfast.
write_filter_only_cnf "$WORK/filter-only.cnf" "$EDFAST_NO_EDDSA_MODULE"
if OPENSSL_CONF="$WORK/filter-only.cnf" "$OPENSSL" genpkey -algorithm ED25519 >/dev/null 2>&1 \
        || ! OPENSSL_CONF="$WORK/filter-only.cnf" "$OPENSSL" genpkey -algorithm EC \
            -pkeyopt ec_paramgen_curve:P-256 >/dev/null 2>&1; then
    echo "FAIL: no_eddsa.so does not filter as it must (EdDSA gone, the rest there)"
    exit 1
fi
