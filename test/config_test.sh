#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# edfast loaded from an openssl.cnf: `module = <path>`, a `backend` preference,
# edfast and default activated, `default_properties = ?provider=edfast`.
# The backends edfast reports must follow the config, EDFAST_BACKEND must
# override it, and signing through the config must be edfast's and match
# the default provider's bytes.
#
# Usage: EDFAST_MODULE_DIR=<directory holding edfast.so> bash config_test.sh
set -u

. "$(dirname "$0")/script_setup.sh" config

unset EDFAST_BACKEND
expect() { # expect <description> <expected> <got>
    CHECKS=$((CHECKS + 1))
    [ "$2" = "$3" ] || fail "$1: expected '$2', got '$3'"
}

# write_config <file> <backend line or empty>
write_config() {
    {
        echo "openssl_conf = openssl_init"
        echo "[openssl_init]"
        echo "providers = provider_sect"
        echo "alg_section = algorithm_sect"
        echo "[provider_sect]"
        echo "edfast = edfast_sect"
        echo "default = default_sect"
        echo "[edfast_sect]"
        echo "module = $EDFAST_MODULE_DIR/edfast.so"
        [ -n "$2" ] && echo "backend = $2"
        echo "activate = 1"
        echo "[default_sect]"
        echo "activate = 1"
        echo "[algorithm_sect]"
        echo "default_properties = ?provider=edfast"
    } >"$1"
}

# reported <curve> <config file> [EDFAST_BACKEND]: the backend edfast reports for the curve
reported() {
    local out
    if [ -n "${3:-}" ]; then
        out=$(EDFAST_BACKEND=$3 OPENSSL_CONF=$2 "$OPENSSL" list -providers -verbose 2>&1)
    else
        out=$(OPENSSL_CONF=$2 "$OPENSSL" list -providers -verbose 2>&1)
    fi
    echo "$out" | grep "build info: edfast" | sed -n "s/.*backends:.*$1=\([a-z0-9]*\).*/\1/p"
}

# Loaded from the config at all, and which backends this build has (EDFAST_BACKEND per name).
write_config none.cnf ""
CHECKS=$((CHECKS + 1))
if ! OPENSSL_CONF=none.cnf "$OPENSSL" list -providers -verbose >list.out 2>&1 ||
    ! grep -q "build info: edfast" list.out; then
    fail "edfast not loaded from the config's module = $EDFAST_MODULE_DIR/edfast.so"
    sed 's/^/    /' list.out | head -20
fi
expect "edfast and default both active" 2 "$(grep -c 'status: active' list.out)"
declare -A serves
for curve in ED25519 ED448; do
    serves[$curve]=""
    for candidate in native sodium decaf openssl; do
        [ "$(reported $curve none.cnf $candidate)" = "$candidate" ] &&
            serves[$curve]="${serves[$curve]} $candidate"
    done
    echo "$curve served by:${serves[$curve]}"
done

# With no preference edfast picks its built-in first choice; it must serve the curve.
declare -A fallback
for curve in ED25519 ED448; do
    fallback[$curve]=$(reported $curve none.cnf)
    CHECKS=$((CHECKS + 1))
    case " ${serves[$curve]} " in
    *" ${fallback[$curve]} "*) ;;
    *) fail "no backend line: $curve served by '${fallback[$curve]}', not one of:${serves[$curve]}" ;;
    esac
done

# expected <curve> <comma list>: the first listed backend serving the curve, else the built-in choice
expected() {
    local name
    for name in ${2//,/ }; do
        case " ${serves[$1]} " in *" $name "*) echo "$name"; return ;; esac
    done
    echo "${fallback[$1]}"
}

for preference in "openssl" "decaf,sodium,openssl" "sodium" "decaf" "native" "bogus" \
    "bogus,openssl" "openssl, decaf"; do
    write_config "pref.cnf" "$preference"
    for curve in ED25519 ED448; do
        expect "backend = $preference: $curve" "$(expected $curve "$preference")" \
            "$(reported $curve pref.cnf)"
    done
done

# EDFAST_BACKEND overrides the config's preference.
write_config openssl.cnf "openssl"
write_config mixed.cnf "decaf,sodium,openssl"
for curve in ED25519 ED448; do
    for name in ${serves[$curve]}; do
        expect "backend = openssl, EDFAST_BACKEND=$name: $curve" "$name" \
            "$(reported $curve openssl.cnf "$name")"
    done
    expect "backend = decaf,sodium,openssl, EDFAST_BACKEND=openssl: $curve" openssl \
        "$(reported $curve mixed.cnf openssl)"
    # An empty EDFAST_BACKEND leaves the config in charge.
    CHECKS=$((CHECKS + 1))
    got=$(EDFAST_BACKEND= OPENSSL_CONF=openssl.cnf "$OPENSSL" list -providers -verbose 2>&1 |
        grep "build info: edfast" | sed -n "s/.*backends:.*$curve=\([a-z0-9]*\).*/\1/p")
    [ "$got" = openssl ] || fail "backend = openssl, EDFAST_BACKEND empty: $curve served by '$got'"
done

# Signing through the config alone: edfast's, and byte-identical to the default
# provider's signature.  The proof that the signature was fetched from edfast:
# an unknown EdDSA instance is refused by the provider whose signature context
# the command got, and the error line names it; and, where the command passes
# -digest on to the provider (OpenSSL 3.0), edfast's refusal of a digest.
printf 'configured' >msg
for curve in ED25519 ED448; do
    for cnf in openssl.cnf mixed.cnf; do
        OPENSSL_CONF=/dev/null "$OPENSSL" genpkey -algorithm $curve -out key.pem 2>/dev/null
        OPENSSL_CONF=/dev/null "$OPENSSL" pkeyutl -sign -rawin -in msg -inkey key.pem -out ref.sig
        CHECKS=$((CHECKS + 1))
        if ! OPENSSL_CONF=$cnf "$OPENSSL" pkeyutl -sign -rawin -in msg -inkey key.pem \
            -out cnf.sig >out 2>&1; then
            fail "$curve with $cnf: signing"
            sed 's/^/    /' out | head
        elif ! cmp -s ref.sig cnf.sig; then
            fail "$curve with $cnf: signature differs from the default provider's"
        fi
        CHECKS=$((CHECKS + 1))
        if OPENSSL_CONF=$cnf "$OPENSSL" pkeyutl -sign -rawin -pkeyopt instance:Ed25519foo \
            -in msg -inkey key.pem -out instance.sig >out 2>&1 ||
            ! grep -q "edfast.*unknown EdDSA instance" out; then
            fail "$curve with $cnf: signing did not go to edfast (no edfast error for an unknown instance)"
            sed 's/^/    /' out | head
        fi
        digest_reaches_provider key.pem msg || continue
        CHECKS=$((CHECKS + 1))
        if OPENSSL_CONF=$cnf "$OPENSSL" pkeyutl -sign -rawin -digest SHA256 -in msg \
            -inkey key.pem -out digest.sig >out 2>&1 ||
            ! grep -q "edfast.*EdDSA takes no digest" out; then
            fail "$curve with $cnf: signing did not go to edfast (no edfast error for -digest)"
            sed 's/^/    /' out | head
        fi
    done
done

finish
