# Shared by the tools tests (sourced): a scratch directory, the configs, checks.
#
# Expects in the environment: EDFAST_MODULE_DIR (directory of the built
# edfast.so), EDFAST_NO_EDDSA_MODULE (the built test module no_eddsa.so) and
# EDFAST_CNF_SAMPLE (the repository's openssl.cnf.sample).
set -u

: "${EDFAST_MODULE_DIR:?EDFAST_MODULE_DIR must name the directory holding edfast.so}"
: "${EDFAST_CNF_SAMPLE:?EDFAST_CNF_SAMPLE must name openssl.cnf.sample}"
: "${EDFAST_NO_EDDSA_MODULE:?EDFAST_NO_EDDSA_MODULE must name the built no_eddsa.so}"
OPENSSL=${OPENSSL:-openssl}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/edfast-tools.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 1

FAILED=0
PASSED=0
pass() { PASSED=$((PASSED + 1)); echo "ok: $*"; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL: $*"; }
# check <description> <command...>: the command must succeed.
check() {
    local what=$1
    shift
    if "$@" >"$WORK/last.out" 2>&1; then pass "$what"; else fail "$what"; sed 's/^/    /' "$WORK/last.out"; fi
}
# refuse <description> <command...>: the command must fail.
refuse() {
    local what=$1
    shift
    if "$@" >"$WORK/last.out" 2>&1; then fail "$what (it succeeded)"; else pass "$what"; fi
}
# same <description> <file> <file>: byte-identical.
same() {
    if cmp -s "$2" "$3"; then pass "$1"; else fail "$1: $2 and $3 differ"; fi
}
finish() {
    echo "$(basename "$0"): $PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}

# openssl with edfast as the only provider.
edfast_only() { OPENSSL_CONF=/dev/null "$OPENSSL" "$1" -provider-path "$EDFAST_MODULE_DIR" -provider edfast "${@:2}"; }
# openssl with the default provider alone (no config: OpenSSL loads it implicitly).
default_only() { OPENSSL_CONF=/dev/null "$OPENSSL" "$@"; }

# The repository's sample config, with module pointing at the built edfast.so:
# edfast and default loaded, default_properties = ?provider=edfast.
sed "s|^module = .*|module = $EDFAST_MODULE_DIR/edfast.so|" "$EDFAST_CNF_SAMPLE" >"$WORK/sample.cnf"
grep -q "^default_properties = ?provider=edfast" "$WORK/sample.cnf" || { echo "FAIL: openssl.cnf.sample has changed"; exit 1; }
with_sample() { OPENSSL_CONF="$WORK/sample.cnf" "$OPENSSL" "$@"; }

# The proving config: edfast next to no_eddsa.so, OpenSSL's default provider
# with its ED25519/ED448 key management and signatures taken out (and no
# default provider).  Everything else the tools need is there, EdDSA only in
# edfast: a command that makes, signs or verifies EdDSA under it has done so
# with edfast.
cat >"$WORK/proof.cnf" <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
edfast = edfast_sect
noeddsa = noeddsa_sect
[edfast_sect]
module = $EDFAST_MODULE_DIR/edfast.so
activate = 1
[noeddsa_sect]
module = $EDFAST_NO_EDDSA_MODULE
activate = 1
EOF
only_edfast_eddsa() { OPENSSL_CONF="$WORK/proof.cnf" "$OPENSSL" "$@"; }
# The proof holds only while the filter works: no EdDSA without edfast.
cat >"$WORK/filter-only.cnf" <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
noeddsa = noeddsa_sect
[noeddsa_sect]
module = $EDFAST_NO_EDDSA_MODULE
activate = 1
EOF
if OPENSSL_CONF="$WORK/filter-only.cnf" "$OPENSSL" genpkey -algorithm ED25519 >/dev/null 2>&1 \
        || ! OPENSSL_CONF="$WORK/filter-only.cnf" "$OPENSSL" genpkey -algorithm EC \
            -pkeyopt ec_paramgen_curve:P-256 >/dev/null 2>&1; then
    echo "FAIL: no_eddsa.so does not filter as it must (EdDSA gone, the rest there)"
    exit 1
fi
