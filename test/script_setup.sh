# SPDX-License-Identifier: Apache-2.0
# The harness of the shell tests that run the openssl command with the built
# edfast.so (cli_test.sh, config_test.sh; test/tools/*_test.sh through
# tools/configs.sh), sourced first:
#   . script_setup.sh <test name>
# exports_test.sh, imports_test.sh and spdx_test.sh (symbol tables, the source
# tree) and bare/run.sh (a bare chroot, no build) stand alone.
# Environment: EDFAST_MODULE_DIR (the directory holding the built edfast.so),
# OPENSSL (the openssl command; default: openssl).  Skips (77) without the
# openssl command, fails without edfast.so.  Makes a work directory, WORK, and
# goes there; it is kept when a check failed, for a look at the files.
# Counts CHECKS and FAILED: check, check_fails, refuse, same and pass count
# themselves; a script that checks by hand adds one to CHECKS and calls fail.
set -u

TEST_NAME=$1
: "${EDFAST_MODULE_DIR:?EDFAST_MODULE_DIR must name the directory holding edfast.so}"
OPENSSL=${OPENSSL:-openssl}

if ! command -v "$OPENSSL" >/dev/null 2>&1; then
    echo "SKIPPED: openssl command absent"
    exit 77
fi
if [ ! -f "$EDFAST_MODULE_DIR/edfast.so" ]; then
    echo "FAIL: $EDFAST_MODULE_DIR/edfast.so absent"
    exit 1
fi
EDFAST_MODULE_DIR=$(cd "$EDFAST_MODULE_DIR" && pwd)

CHECKS=0
FAILED=0
WORK=$(mktemp -d "${TMPDIR:-/tmp}/edfast-$TEST_NAME.XXXXXX")
trap '[ "$FAILED" -eq 0 ] && rm -rf "$WORK" || echo "files kept in $WORK"' EXIT
cd "$WORK" || exit 1

pass() { CHECKS=$((CHECKS + 1)); echo "ok: $*"; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL: $*"; }
# check <description> <command...>: the command must succeed (its output in last.out).
check() {
    local what=$1
    shift
    CHECKS=$((CHECKS + 1))
    if ! "$@" >"$WORK/last.out" 2>&1; then
        fail "$what"
        sed 's/^/    /' "$WORK/last.out" | head -40
        return 1
    fi
    echo "ok: $what"
}
# check_fails <description> <expected text> <command...>: the command must fail
# and say the text.
check_fails() {
    local what=$1 text=$2
    shift 2
    CHECKS=$((CHECKS + 1))
    if "$@" >"$WORK/last.out" 2>&1; then
        fail "$what: it succeeded"
        return 1
    fi
    if ! grep -q -- "$text" "$WORK/last.out"; then
        fail "$what: no \"$text\" in the output"
        sed 's/^/    /' "$WORK/last.out" | head -40
        return 1
    fi
    echo "ok: $what"
}
# refuse <description> <command...>: the command must fail.
refuse() {
    CHECKS=$((CHECKS + 1))
    if "${@:2}" >"$WORK/last.out" 2>&1; then
        fail "$1: it succeeded"
        return 1
    fi
    echo "ok: $1"
}
# same <description> <file> <file>: byte-identical.
same() {
    CHECKS=$((CHECKS + 1))
    if ! cmp -s "$2" "$3"; then
        fail "$1: $2 and $3 differ"
        return 1
    fi
    echo "ok: $1"
}
# flip_bit <file> <offset>: flips the low bit of the byte at offset, in place.
flip_bit() {
    local byte
    byte=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
    printf "$(printf '\\%03o' $((byte ^ 1)))" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}
# The summary line, and the script's status: no failure, and at least one check.
finish() {
    echo "$TEST_NAME: $CHECKS checks, $FAILED failures"
    [ "$CHECKS" -gt 0 ] || { echo "FAIL: no check ran"; return 1; }
    [ "$FAILED" -eq 0 ]
}

# openssl with edfast as the only provider.
edfast_only() { OPENSSL_CONF=/dev/null "$OPENSSL" "$1" -provider-path "$EDFAST_MODULE_DIR" -provider edfast "${@:2}"; }
# openssl with the default provider alone (no config: OpenSSL loads it implicitly).
default_only() { OPENSSL_CONF=/dev/null "$OPENSSL" "$@"; }

# digest_reaches_provider <EdDSA key file> <message file>: whether `pkeyutl
# -sign -rawin -digest` gets to the signature provider.  OpenSSL 3.0's command
# passes the digest on and the provider refuses it (a library error); 3.5's
# refuses -digest for EdDSA itself, with no library error, before any provider
# is asked.  Decided by running the default provider alone.
digest_reaches_provider() {
    OPENSSL_CONF=/dev/null "$OPENSSL" pkeyutl -sign -rawin -digest SHA256 -in "$2" -inkey "$1" \
        -out /dev/null 2>&1 | grep -q ':error:'
}
