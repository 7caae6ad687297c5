# Sourced by the openssl-command tests (cli_test.sh, config_test.sh) with
# their name and arguments: checks the openssl command and edfast.so, makes a
# work directory in the build tree (kept when something fails) and the
# failure counters.  Sets build, provdir, openssl, work, failures, checks.
# Usage: . script_setup.sh <test name> <build dir> [<provider dir>]
test_name=$1
build=${2:?usage: ${test_name}_test.sh <build dir> [<provider dir>]}
provdir=${3:-$build/provider}
openssl=${OPENSSL:-openssl}

if ! command -v "$openssl" >/dev/null 2>&1; then
    echo "SKIPPED: openssl command absent"
    exit 77
fi
if [ ! -f "$provdir/edfast.so" ]; then
    echo "FAIL: $provdir/edfast.so absent"
    exit 1
fi

build=$(cd "$build" && pwd)
provdir=$(cd "$provdir" && pwd)
work=$(mktemp -d "$build/${test_name}_test.XXXXXX")
# Kept when something fails, for a look at the files.
trap '[ "$failures" -eq 0 ] && rm -rf "$work" || echo "files kept in $work"' EXIT
failures=0
checks=0
cd "$work" || exit 1

fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# digest_reaches_provider <EdDSA key file> <message file>: whether `pkeyutl
# -sign -rawin -digest` gets to the signature provider.  OpenSSL 3.0's command
# passes the digest on and the provider refuses it (a library error); 3.5's
# refuses -digest for EdDSA itself, with no library error, before any provider
# is asked.  Decided by running the default provider alone.
digest_reaches_provider() {
    OPENSSL_CONF=/dev/null "$openssl" pkeyutl -sign -rawin -digest SHA256 -in "$2" -inkey "$1" \
        -out /dev/null 2>&1 | grep -q ':error:'
}
