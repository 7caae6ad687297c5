#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Where an EVP operation's instructions go: the backend (curve arithmetic,
# hashing, its own cleansing), edfast's glue (provider/, with the libcrypto and
# libc calls it makes; the seed from libcrypto's DRBG shown apart) and
# libcrypto's own frame (fetches, method store, EVP objects, locks, and the libc
# calls it makes).  Counted by callgrind as the difference between
# edfast-bench --count 1 and --count N+1 on edfast's evp-fresh row (a new
# EVP_MD_CTX or keygen context per operation), so set-up and checks cancel.
#
#   bash scripts/evp-split.sh [BUILD [N]]        (default: build, 100)
#
# Needs valgrind.  Valgrind cannot run AVX-512, so the native backend takes its
# adx path (or portable) under it; EDFAST_NATIVE_PATH and EDFAST_BACKEND choose
# as usual.  Prints one line per curve and operation.
set -euo pipefail
build=${1:-build}
n=${2:-100}
bench=$build/bench/edfast-bench
[ -x "$bench" ] || { echo "evp-split.sh: no $bench (build first)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "evp-split.sh: valgrind is needed" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

count() { # curve op count -> callgrind file
  valgrind --tool=callgrind --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$work/$1.$2.$3" "$bench" --count "$3" --curve "$1" --op "$2" \
    --no-threads >"$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
  echo "$work/$1.$2.$3"
}

# Sums one callgrind file into: total, backend, glue, drbg (instructions).
# A cost line belongs to the function above it; a call's line after calls=
# is the callee's inclusive cost, counted for the caller when it leaves
# edfast.so (so libcrypto's and libc's work done for edfast counts as edfast's).
split() {
  awk '
    function class(ob, fl) {
      if (ob !~ /edfast\.so/) return "other"
      return fl ~ /\/provider\// ? "glue" : "backend"
    }
    /^ob=/  { ob = substr($0, 4); next }
    /^fl=/  { fl = substr($0, 4); next }
    /^cob=/ { cob = substr($0, 5); next }
    /^cfn=/ { cfn = substr($0, 5); next }
    /^calls=/ { incall = 1; next }
    /^[0-9+*-]/ {
      cost = $2 + 0
      if (incall) {
        callee = cob == "" ? ob : cob
        c = class(ob, fl)
        if (c != "other" && callee !~ /edfast\.so/) {
          out[c] += cost
          if (c == "glue" && cfn ~ /^RAND_priv_bytes/) drbg += cost
        }
        incall = 0; cob = ""; cfn = ""
        next
      }
      self[class(ob, fl)] += cost
      total += cost
      next
    }
    END {
      printf "%d %d %d %d\n", total, self["backend"] + out["backend"], \
             self["glue"] + out["glue"], drbg
    }' "$1"
}

printf '%-8s %-14s %10s %10s %10s %10s %10s\n' curve operation total backend glue "of it DRBG" libcrypto
for curve in ed25519 ed448; do
  for op in keygen sign verify verify-newkey; do
    one=$(count $curve $op 1)
    many=$(count $curve $op $((n + 1)))
    read -r t1 b1 g1 d1 < <(split "$one")
    read -r t2 b2 g2 d2 < <(split "$many")
    awk -v c=$curve -v o=$op -v n="$n" -v t=$((t2 - t1)) -v b=$((b2 - b1)) \
        -v g=$((g2 - g1)) -v d=$((d2 - d1)) 'BEGIN {
      printf "%-8s %-14s %10.0f %10.0f %10.0f %10.0f %10.0f\n", c, o, t / n, b / n, g / n,
             d / n, (t - b - g) / n }'
  done
done
echo "(instructions per operation, callgrind, the difference of $((n + 1)) and 1 operations)"
