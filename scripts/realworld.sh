#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Real programs from Debian's packages, unmodified, with OpenSSL's default
# provider and with edfast preferred by configuration, on the same inputs
# (issue 34).  Prints one table: program, operation, count, time without,
# time with, speedup.
#
#   bash scripts/realworld.sh [--small] [--check] [--only PROGRAM] [BUILD_DIR]
#
#   BUILD_DIR   a built tree (default: build): provider/edfast.so,
#               test/tools/no_eddsa.so, test/realworld/default_as.so, and for
#               Java jni/edfast-jca.jar and jni/libedfastjni.so
#   --small     CI-size inputs (default: full size)
#   --check     the CTest mode (test/realworld): small size, no package
#               installation, every check, and the exit status of one program:
#               0 passed, 1 failed, 77 skipped (the release lacks the program,
#               or it cannot do EdDSA at all; the reason is printed)
#   --only P    one program: dnssec, ca, cms, jwt, java_jca, java_tls, s_server
#
# "Without" is a config naming only OpenSSL's default provider; "with" is the
# repository's openssl.cnf.sample with `module =` pointed at BUILD_DIR's
# edfast.so (edfast preferred by default_properties, the default provider
# next to it).  For Java, "with" is the EdFast JCA provider (the build's jar)
# inserted first, "without" the plain JDK.  Times are the wall time of the
# whole program runs, start-up included, one run each.
#
# Every program's results are checked, timed runs included: the same output
# with and without edfast where EdDSA makes it deterministic, every
# verification accepted (and a tampered input refused: the verification can
# fail), every handshake completed.  And each program runs once under the
# proving config (test/tools/proof_cnf.sh: edfast next to no_eddsa.so, the
# default provider without EdDSA), where any EdDSA it does is edfast's; the
# control runs it under no_eddsa.so alone, where it must fail.  Java proves
# it with the JDK's own provider trace (java.security.debug=provider: every
# Ed25519/Ed448 Signature served by EdFast) and the JNI glue's library
# context loaded from the proving config (edfast.openssl.conf).
set -uo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
small=0
check=0
only=
build=
while [ $# -gt 0 ]; do
  case $1 in
    --small) small=1 ;;
    --check) check=1; small=1 ;;
    --only) only=$2; shift ;;
    -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "realworld.sh: unknown option $1" >&2; exit 2 ;;
    *) build=$1 ;;
  esac
  shift
done
build=${build:-$root/build}
programs="dnssec ca cms jwt java_jca java_tls s_server"
if [ -n "$only" ]; then
  [[ " $programs " == *" $only "* ]] || { echo "realworld.sh: no program '$only' ($programs)" >&2; exit 2; }
  programs=$only
fi

B=$(cd "$build" 2>/dev/null && pwd) || { echo "realworld.sh: no build directory $build" >&2; exit 1; }
EDFAST_SO=$B/provider/edfast.so
NO_EDDSA=$B/test/tools/no_eddsa.so
SHIM=$B/test/realworld/default_as.so
JAR=$B/jni/edfast-jca.jar
JNI_DIR=$B/jni
for f in "$EDFAST_SO" "$NO_EDDSA"; do
  [ -f "$f" ] || { echo "realworld.sh: $f absent: build $B first" >&2; exit 1; }
done
# Debian's Python, whose packages (python3-jwt, python3-cryptography) are the
# ones under test, whatever python3 comes first on PATH.
PY=/usr/bin/python3

# Sizes: full, and the CI size.
if [ "$small" -eq 1 ]; then
  N_DNS=300 N_KEYGEN=2 N_CA=20 N_CA_PROC=5 N_CMS=5 N_JWT=200 N_JCA=200 N_TLS=20
else
  N_DNS=20000 N_KEYGEN=10 N_CA=2000 N_CA_PROC=200 N_CMS=200 N_JWT=20000 N_JCA=20000 N_TLS=2000
fi
# The proving runs of the JDK's provider trace stay small: it prints lines per operation.
N_TRACE=20

# Packages: the timing mode installs what is missing (scripts/install-deps.sh
# lists bind9-utils, python3-jwt, python3-cryptography and the JDK); the
# checking mode installs nothing, a missing program is reported skipped.
if [ "$check" -eq 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    bash "$root/scripts/install-deps.sh" >&2 || echo "realworld.sh: install-deps.sh failed; missing programs are skipped" >&2
  else
    echo "realworld.sh: not root, nothing installed; missing programs are skipped" >&2
  fi
fi

load_at_start=$(cut -d' ' -f1-3 /proc/loadavg)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/edfast-realworld.XXXXXX")
FAILED=0
CHECKS=0
trap '[ "$FAILED" -eq 0 ] && rm -rf "$WORK" || echo "realworld.sh: files kept in $WORK" >&2' EXIT
cd "$WORK" || exit 1

# ---- configs ------------------------------------------------------------------
. "$root/test/tools/proof_cnf.sh"
write_default_only_cnf default.cnf
sed "s|^module = .*|module = $EDFAST_SO|" "$root/openssl.cnf.sample" >edfast.cnf
grep -q "^default_properties = ?provider=edfast" edfast.cnf || { echo "realworld.sh: openssl.cnf.sample has changed" >&2; exit 1; }
write_proof_cnf proof.cnf "$EDFAST_SO" "$NO_EDDSA"
write_filter_only_cnf filter.cnf "$NO_EDDSA"
# Each config by name: default (without), edfast (with), proof, filter (control).
cnf() { echo "$WORK/$1.cnf"; }
under() { local c=$1; shift; OPENSSL_CONF=$(cnf "$c") "$@"; }

say() { echo "realworld: $current: $*" >&2; }
pass() { CHECKS=$((CHECKS + 1)); say "ok: $*"; }
fail() { FAILED=$((FAILED + 1)); prog_failed=1; say "FAIL: $*"; }
# expect <what> <condition command...>
expect() { local what=$1; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
# must_fail <what> <command...>: the control, the command must fail.
must_fail() {
  local what=$1; shift
  if "$@" >control.out 2>&1; then fail "$what: it succeeded"; else pass "$what ($(grep -v '^[[:space:]]*$' control.out | grep -m1 -iE 'error|fail|fatal|exception|invalid|not found|unsupported|No ' | cut -c1-110))"; fi
}
# run_ok <what> <command...>: must succeed, output in last.out.
run_ok() {
  local what=$1; shift
  if "$@" >last.out 2>&1; then return 0; fi
  fail "$what"; sed 's/^/    /' last.out | tail -15 >&2; return 1
}
value() { sed -n "s/^$1=//p" "$2" | tail -1; }

# The proof holds only while the filter works: no EdDSA without edfast, the rest there.
current=setup
if under filter openssl genpkey -algorithm ED25519 >/dev/null 2>&1 ||
   ! under filter openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 >/dev/null 2>&1; then
  echo "realworld.sh: no_eddsa.so does not filter as it must (EdDSA gone, the rest there)" >&2
  exit 1
fi
under proof openssl genpkey -algorithm ED25519 >/dev/null 2>&1 || { echo "realworld.sh: no EdDSA under the proving config" >&2; exit 1; }

# ---- timing and the table -------------------------------------------------------
rows=()
# timed <var> <command...>: runs it, stores the wall time in seconds in <var>;
# returns its status.  The variables it sets (t_default, t_edfast, and t_plain
# for Java's plain JDK), named here for whoever reads the rows.
t_default='' t_edfast='' t_plain=''
timed() {
  local var=$1 t0 t1 rc
  shift
  t0=$(date +%s%N)
  "$@"
  rc=$?
  t1=$(date +%s%N)
  printf -v "$var" '%s' "$(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.3f", d / 1e9 }')"
  return $rc
}
row() { # program operation count without with
  rows+=("| $1 | $2 | $3 | $4 | $5 | $(awk -v a="$4" -v b="$5" 'BEGIN { printf "%.2fx", a / b }') |")
}
row_note() { rows+=("| $1 | $2 | - | - | - | $3 |"); }

# The libcrypto a program or library is linked to: on sid with experimental's
# OpenSSL 4.0, Debian's programs are still built against 3.x's libcrypto.so.3.
linked_to() { local f; for f; do ldd "$f" 2>/dev/null; done | grep -o 'libcrypto\.so[^ ]*' | sort -u | tr '\n' ' '; }

# skip <reason>: this program is not run here.
skip() { say "SKIPPED: $*"; skip_reason=$*; }

# ---- DNSSEC: BIND 9's dnssec-keygen, dnssec-signzone, dnssec-verify -------------
prog_dnssec() {
  local cmd alg name i t0 t1 ksk zsk c n
  for cmd in dnssec-keygen dnssec-signzone dnssec-verify; do
    command -v $cmd >/dev/null || { skip "$cmd absent (Debian package bind9-utils)"; return 77; }
  done
  mkdir dnssec && cd dnssec || return 1
  say "$(dnssec-signzone -V 2>&1 | head -1), linked to: $(linked_to "$(command -v dnssec-signzone)" "$(ldd "$(command -v dnssec-signzone)" | grep -o '/[^ ]*libdns[^ ]*' | head -1)")"
  # The zone: SOA, NS and N_DNS names with an A record each.
  {
    printf '$TTL 3600\n@ IN SOA ns1.example.test. admin.example.test. ( 2026010101 7200 3600 1209600 3600 )\n'
    printf '@ IN NS ns1.example.test.\nns1 IN A 192.0.2.1\n'
    awk -v n="$N_DNS" 'BEGIN { for (i = 0; i < n; i++) printf "host%d IN A 10.%d.%d.%d\n", i, int(i / 65536) % 256, int(i / 256) % 256, i % 256 }'
  } >zone.db
  for alg in ED25519 ED448; do
    name=example.test.
    mkdir "$alg" && cd "$alg" || return 1
    # Key generation: N_KEYGEN keys under each config (random keys: nothing to compare).
    for c in default edfast; do
      mkdir "keygen-$c"
      timed "t_$c" bash -c "for i in \$(seq $N_KEYGEN); do OPENSSL_CONF=$(cnf $c) dnssec-keygen -q -K keygen-$c -a $alg -n ZONE $name >/dev/null || exit 1; done" ||
        fail "dnssec-keygen -a $alg ($c)"
    done
    n=$(find keygen-edfast -name '*.private' | wc -l)
    expect "dnssec-keygen -a $alg: $N_KEYGEN keys with edfast" [ "$n" -eq "$N_KEYGEN" ]
    row dnssec-keygen "$alg key pairs" "$N_KEYGEN" "$t_default" "$t_edfast"
    # The signing keys, a KSK and a ZSK made once (under the default provider)
    # and used by every run, whose outputs must then be identical.
    run_ok "dnssec-keygen KSK" under default dnssec-keygen -q -a $alg -f KSK -n ZONE $name || return 1
    ksk=$(cat last.out).key
    run_ok "dnssec-keygen ZSK" under default dnssec-keygen -q -a $alg -n ZONE $name || return 1
    zsk=$(cat last.out).key
    cat ../zone.db "$ksk" "$zsk" >zone.db
    # Deterministic: inception and expiration pinned (-s/-e), no jitter (-j 0),
    # NSEC (no NSEC3 salt), serial kept; one record per line (-O full), sorted
    # before comparing (the signing threads write in no fixed order).  -P: no
    # verification inside the signer, dnssec-verify is timed on its own.
    sign() { under "$1" dnssec-signzone -O full -P -j 0 -s 20260101000000 -e 20360101000000 -o $name -k "$ksk" -f "signed-$1.db" zone.db "$zsk"; }
    for c in default edfast; do
      timed "t_$c" sign $c >"sign-$c.out" 2>&1 || { fail "dnssec-signzone $alg ($c)"; tail -5 "sign-$c.out" >&2; }
    done
    n=$(grep -c ' RRSIG	' signed-default.db)
    row dnssec-signzone "$alg zone signatures" "$n" "$t_default" "$t_edfast"
    canon() { grep -v '^;' "$1" | sort; }
    expect "dnssec-signzone $alg: $n signatures, the signed zone identical with and without edfast" \
      cmp -s <(canon signed-default.db) <(canon signed-edfast.db)
    expect "dnssec-signzone $alg: every name signed ($n RRSIGs >= 2 x $N_DNS names)" [ "$n" -ge $((2 * N_DNS)) ]
    for c in default edfast; do
      timed "t_$c" under $c dnssec-verify -o $name signed-default.db >"verify-$c.out" 2>&1 ||
        { fail "dnssec-verify $alg ($c)"; tail -5 "verify-$c.out" >&2; }
    done
    expect "dnssec-verify $alg accepts the zone with edfast" grep -q "Zone fully signed" verify-edfast.out
    row dnssec-verify "$alg zone signatures" "$n" "$t_default" "$t_edfast"
    # The verifier can fail: one A record changed under its signature.
    sed -E 's/^(host0\.example\.test\.[[:space:]]+3600 IN A[[:space:]]+)10\.0\.0\.0$/\110.99.99.99/' signed-default.db >tampered.db
    expect "the tampered zone differs in one line" [ "$(cmp -l signed-default.db tampered.db 2>/dev/null | wc -l)" -gt 0 ]
    must_fail "control: dnssec-verify $alg refuses a changed record" under edfast dnssec-verify -o $name tampered.db
    # Proof: key generation, signing (the same zone) and verification with
    # EdDSA only in edfast; and the control, no_eddsa.so alone.
    run_ok "dnssec-keygen $alg under the proving config" under proof dnssec-keygen -q -a $alg -n ZONE $name &&
      pass "proof: dnssec-keygen $alg makes its key with EdDSA only in edfast"
    if run_ok "dnssec-signzone $alg under the proving config" sign proof; then
      expect "proof: dnssec-signzone $alg signs, EdDSA only in edfast: the same zone" \
        cmp -s <(canon signed-default.db) <(canon signed-proof.db)
    fi
    run_ok "dnssec-verify $alg under the proving config" under proof dnssec-verify -o $name signed-default.db &&
      pass "proof: dnssec-verify $alg accepts, EdDSA only in edfast"
    must_fail "control: dnssec-keygen $alg with no_eddsa.so alone" under filter dnssec-keygen -q -a $alg -n ZONE $name
    must_fail "control: dnssec-signzone $alg with no_eddsa.so alone" sign filter
    must_fail "control: dnssec-verify $alg with no_eddsa.so alone" under filter dnssec-verify -o $name signed-default.db
    cd ..
  done
}

# ---- the openssl command as a CA: openssl ca, openssl verify ----------------------
ca_setup() {
  [ -d "$WORK/ca" ] && return 0
  mkdir "$WORK/ca" && cd "$WORK/ca" || return 1
  # The CA (Ed25519), one Ed25519 leaf key, and N_CA certificate requests,
  # made once under the default provider: the same inputs for every run.  The
  # CA's extensions named: the config has none, and OpenSSL 3.5 refuses a CA
  # certificate without basicConstraints CA:TRUE.
  under default openssl genpkey -algorithm ED25519 -out ca.key &&
    under default openssl req -x509 -new -key ca.key -subj /CN=edfast-realworld-CA -days 3650 \
      -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign -out ca.crt &&
    under default openssl genpkey -algorithm ED25519 -out leaf.key || return 1
  mkdir csr
  for i in $(seq "$N_CA"); do
    under default openssl req -new -key leaf.key -subj "/CN=host$i.example.test" -out "csr/$i.pem" || return 1
  done
  cat >ca.cnf <<EOF
[ca]
default_ca = rwca
[rwca]
database = index.txt
new_certs_dir = newcerts
certificate = $WORK/ca/ca.crt
private_key = $WORK/ca/ca.key
serial = serial
default_md = default
policy = policy_any
unique_subject = no
email_in_dn = no
[policy_any]
commonName = supplied
[leaf]
basicConstraints = CA:FALSE
keyUsage = digitalSignature
EOF
}
# issue <config> <dir> <csr files...>: openssl ca, one process, validity
# pinned; the certificates in <dir>/newcerts, concatenated in <dir>/all.pem
# (-out keeps only the last one).
issue() {
  local c=$1 d=$2
  shift 2
  rm -rf "$d" && mkdir -p "$d/newcerts" && : >"$d/index.txt" && echo 1000 >"$d/serial" &&
    (cd "$d" && under "$c" openssl ca -batch -config "$WORK/ca/ca.cnf" -extensions leaf -notext \
      -startdate 20260101000000Z -enddate 20360101000000Z -out issued.pem -infiles "$@" &&
      find newcerts -name '*.pem' | sort | xargs cat >all.pem)
}
prog_ca() {
  local c i n csrs
  ca_setup || { fail "making the CA's inputs"; return 1; }
  cd "$WORK/ca" || return 1
  csrs=()
  for i in $(seq "$N_CA"); do csrs+=("$WORK/ca/csr/$i.pem"); done
  for c in default edfast; do
    timed "t_$c" issue $c "one-$c" "${csrs[@]}" >"issue-$c.out" 2>&1 || { fail "openssl ca ($c)"; tail -5 "issue-$c.out" >&2; return 1; }
  done
  n=$(grep -c 'BEGIN CERTIFICATE' one-edfast/all.pem)
  expect "openssl ca: $n certificates with edfast, of $N_CA requests" [ "$n" -eq "$N_CA" ]
  expect "openssl ca: the certificates and database identical with and without edfast" \
    bash -c 'cmp -s one-default/all.pem one-edfast/all.pem && cmp -s one-default/index.txt one-edfast/index.txt'
  row "openssl ca" "Ed25519 certificates, one process" "$n" "$t_default" "$t_edfast"
  # openssl verify, one process over every certificate.
  for c in default edfast; do
    timed "t_$c" under $c openssl verify -CAfile ca.crt one-default/newcerts/*.pem >"verify-$c.out" 2>&1
  done
  n=$(grep -c ': OK$' verify-edfast.out)
  expect "openssl verify: every certificate verified with edfast ($n)" [ "$n" -eq "$N_CA" ]
  row "openssl verify" "Ed25519 certificates, one process" "$n" "$t_default" "$t_edfast"
  # One openssl ca process per certificate, as a CA issuing on demand would.
  for c in default edfast; do
    timed "t_$c" bash -c "set -e; $(declare -f issue under cnf); WORK=$WORK; for i in \$(seq $N_CA_PROC); do issue $c proc-$c-\$i $WORK/ca/csr/\$i.pem; done" >"proc-$c.out" 2>&1 ||
      { fail "openssl ca per certificate ($c)"; tail -5 "proc-$c.out" >&2; }
  done
  expect "openssl ca per process: the $N_CA_PROC certificates identical with and without edfast" \
    bash -c "for i in \$(seq $N_CA_PROC); do cmp -s proc-default-\$i/all.pem proc-edfast-\$i/all.pem || exit 1; done"
  row "openssl ca" "Ed25519 certificates, a process each" "$N_CA_PROC" "$t_default" "$t_edfast"
  # The verification can fail: a certificate with one bit of its signature flipped.
  under default openssl x509 -in one-default/newcerts/1000.pem -outform DER -out bad.der
  i=$(($(stat -c %s bad.der) - 2))
  printf "$(printf '\\%03o' $(($(od -An -tu1 -j $i -N1 bad.der) ^ 1)))" | dd of=bad.der bs=1 seek=$i conv=notrunc 2>/dev/null
  under default openssl x509 -inform DER -in bad.der -out bad.pem
  must_fail "control: openssl verify refuses a certificate whose signature has a bit flipped" \
    bash -c "OPENSSL_CONF=$(cnf edfast) openssl verify -CAfile ca.crt bad.pem 2>&1 | tee /dev/stderr | grep -q 'signature failure' && exit 1; exit 0"
  # Proof and control.
  if run_ok "openssl ca under the proving config" issue proof one-proof "${csrs[@]}"; then
    expect "proof: openssl ca issues with EdDSA only in edfast: the same certificates" cmp -s one-default/all.pem one-proof/all.pem
  fi
  if run_ok "openssl verify under the proving config" under proof openssl verify -CAfile ca.crt one-default/newcerts/*.pem; then
    expect "proof: openssl verify accepts all $N_CA, EdDSA only in edfast" [ "$(grep -c ': OK$' last.out)" -eq "$N_CA" ]
  fi
  must_fail "control: openssl ca with no_eddsa.so alone" issue filter one-filter "${csrs[@]}"
  must_fail "control: openssl verify with no_eddsa.so alone" under filter openssl verify -CAfile ca.crt one-default/newcerts/1000.pem
}

# ---- openssl cms -sign / -verify ---------------------------------------------------
prog_cms() {
  local c i way n opts
  ca_setup || { fail "making the CA's inputs"; return 1; }
  cd "$WORK/ca" || return 1
  mkdir -p cms && cd cms || return 1
  # The signer: the CA's certificate for the leaf key.
  if ! issue default leafca "$WORK/ca/csr/1.pem" >/dev/null 2>&1 || ! cp leafca/all.pem leaf.crt; then
    fail "the signer's certificate"
    return 1
  fi
  for i in $(seq "$N_CMS"); do head -c 4096 /dev/zero | tr '\0' 'x' >"doc$i.txt"; echo "document $i" >>"doc$i.txt"; done
  # What CMS can sign with EdDSA depends on the OpenSSL version, whichever
  # provider (test/tools/cms_test.sh): 3.0 signs nothing, 3.5 signs with
  # -md sha512; the first way the default provider alone signs and verifies
  # is used, and none is a skip.
  opts=
  for way in "-md sha512" ""; do
    # shellcheck disable=SC2086
    if under default openssl cms -sign $way -nodetach -binary -in doc1.txt -signer leaf.crt -inkey ../leaf.key \
         -outform DER -out probe.der >probe.out 2>&1 &&
       under default openssl cms -verify -binary -inform DER -in probe.der -CAfile ../ca.crt -out /dev/null >>probe.out 2>&1; then
      opts=${way:-none}
      break
    fi
  done
  if [ -z "$opts" ]; then
    skip "OpenSSL $(openssl version | cut -d' ' -f2) cannot sign and verify CMS with EdDSA, the default provider alone neither ($(awk -F: '/:error:/ { print $5 ": " $6; exit }' probe.out))"
    return 77
  fi
  [ "$opts" = none ] && opts=
  say "signing with: cms -sign ${opts:-(no option)} -nodetach -binary"
  for c in default edfast; do
    # shellcheck disable=SC2086
    timed "t_$c" bash -c "for i in \$(seq $N_CMS); do OPENSSL_CONF=$(cnf $c) openssl cms -sign $opts -nodetach -binary -in doc\$i.txt -signer leaf.crt -inkey ../leaf.key -outform DER -out $c-\$i.der || exit 1; done" >"sign-$c.out" 2>&1 ||
      { fail "openssl cms -sign ($c)"; tail -5 "sign-$c.out" >&2; return 1; }
  done
  row "openssl cms" "Ed25519 -sign, a process each" "$N_CMS" "$t_default" "$t_edfast"
  for c in default edfast; do
    timed "t_$c" bash -c "for i in \$(seq $N_CMS); do OPENSSL_CONF=$(cnf $c) openssl cms -verify -binary -inform DER -in edfast-\$i.der -CAfile ../ca.crt -out out-$c-\$i.txt 2>&1 || exit 1; done" >"verify-$c.out" 2>&1
  done
  n=$(grep -c 'Verification successful' verify-edfast.out)
  expect "openssl cms -verify: all $N_CMS of edfast's CMS verified with edfast" [ "$n" -eq "$N_CMS" ]
  n=$(grep -c 'Verification successful' verify-default.out)
  expect "openssl cms -verify: all $N_CMS of edfast's CMS verified by the default provider" [ "$n" -eq "$N_CMS" ]
  expect "openssl cms -verify: the content out is the document" cmp -s doc1.txt out-edfast-1.txt
  row "openssl cms" "Ed25519 -verify, a process each" "$N_CMS" "$t_default" "$t_edfast"
  # (the signing time attribute makes each CMS differ: no byte comparison)
  cp edfast-1.der tampered.der
  printf 'y' | dd of=tampered.der bs=1 seek=100 conv=notrunc 2>/dev/null
  must_fail "control: openssl cms -verify refuses a changed CMS" under edfast openssl cms -verify -binary -inform DER -in tampered.der -CAfile ../ca.crt -out /dev/null
  # shellcheck disable=SC2086
  run_ok "openssl cms -sign under the proving config" under proof openssl cms -sign $opts -nodetach -binary -in doc1.txt -signer leaf.crt -inkey ../leaf.key -outform DER -out proof.der &&
    run_ok "openssl cms -verify under the proving config" under proof openssl cms -verify -binary -inform DER -in proof.der -CAfile ../ca.crt -out /dev/null &&
    pass "proof: openssl cms signs and verifies with EdDSA only in edfast"
  # shellcheck disable=SC2086
  must_fail "control: openssl cms -sign with no_eddsa.so alone" under filter openssl cms -sign $opts -nodetach -binary -in doc1.txt -signer leaf.crt -inkey ../leaf.key -outform DER -out filter.der
  must_fail "control: openssl cms -verify with no_eddsa.so alone" under filter openssl cms -verify -binary -inform DER -in proof.der -CAfile ../ca.crt -out /dev/null
}

# ---- PyJWT (python3-jwt over python3-cryptography) --------------------------------
prog_jwt() {
  local curve c n prog=$root/test/realworld/jwt_tokens.py
  [ -x "$PY" ] || { skip "$PY absent"; return 77; }
  "$PY" -c 'import jwt, cryptography' 2>/dev/null || { skip "PyJWT or cryptography not importable by $PY (Debian packages python3-jwt, python3-cryptography)"; return 77; }
  [ -f "$SHIM" ] || { fail "$SHIM absent: build the target edfast_default_as"; return 1; }
  mkdir "$WORK/jwt" && cd "$WORK/jwt" || return 1
  say "PyJWT $("$PY" -c 'import jwt; print(jwt.__version__)'), cryptography $("$PY" -c 'import cryptography; print(cryptography.__version__)'), linked to: $(find "$("$PY" -c 'import cryptography, os; print(os.path.dirname(cryptography.__file__))')" -name '*.so' -exec ldd {} + 2>/dev/null | grep -o 'libcrypto[^ ]*' | sort -u | tr '\n' ' ')"
  # python3-cryptography loads the default provider by name itself
  # (OSSL_PROVIDER_load(NULL, "default")), so under the proving config it
  # would still have the built-in one; default_as.so (test/realworld/default_as.c)
  # makes that load give it no_eddsa.so's provider instead.
  proving() { LD_PRELOAD=$SHIM EDFAST_DEFAULT_AS=noeddsa under "$@"; }
  if under filter "$PY" "$prog" Ed25519 2 >/dev/null 2>&1; then
    say "(without the shim, under no_eddsa.so alone, PyJWT still signs: cryptography loads the built-in default provider by name)"
  fi
  if proving filter "$PY" "$prog" Ed25519 2 >control.out 2>&1; then
    # EdDSA without any EdDSA provider in OpenSSL: not done by OpenSSL.
    say "PyJWT/cryptography signs EdDSA with no OpenSSL EdDSA provider there: not through OpenSSL's providers, no gain possible"
    row_note PyJWT "EdDSA tokens" "not through OpenSSL: no gain possible"
    skip "python3-cryptography does not do EdDSA through OpenSSL's providers here"
    return 77
  fi
  pass "control: PyJWT fails with no_eddsa.so alone ($(grep -v '^ ' control.out | tail -1 | cut -c1-110))"
  for curve in Ed25519 Ed448; do
    for c in default edfast; do
      timed "t_$c" under $c "$PY" "$prog" $curve "$N_JWT" >"$curve-$c.out" 2>&1 || { fail "PyJWT $curve ($c)"; tail -5 "$curve-$c.out" >&2; }
    done
    expect "PyJWT $curve: $N_JWT tokens signed, each verified, a foreign one refused, with edfast" \
      bash -c "grep -qx 'VERIFIED=$N_JWT' $curve-edfast.out && grep -qx 'TAMPERED_REFUSED=True' $curve-edfast.out"
    expect "PyJWT $curve: the tokens identical with and without edfast" \
      [ -n "$(value DIGEST "$curve-default.out")" -a "$(value DIGEST "$curve-default.out")" = "$(value DIGEST "$curve-edfast.out")" ]
    row PyJWT "$curve tokens signed + verified" "$N_JWT" "$t_default" "$t_edfast"
    if run_ok "PyJWT $curve under the proving config" proving proof "$PY" "$prog" $curve 50; then
      expect "proof: PyJWT $curve signs and verifies with EdDSA only in edfast" grep -qx 'VERIFIED=50' last.out
    fi
  done
}

# ---- Java: the JCA and JSSE, plain JDK vs the EdFast provider inserted first -------
java_setup() {
  local cmd
  for cmd in java javac keytool; do
    command -v $cmd >/dev/null || { skip "$cmd absent (Debian package default-jdk-headless)"; return 77; }
  done
  [ -f "$JAR" ] && [ -f "$JNI_DIR/libedfastjni.so" ] || { skip "no EdFast jar or JNI library in $B/jni (a build with -DEDFAST_WITH_JNI=OFF?)"; return 77; }
  [ -d "$WORK/java" ] && return 0
  say "$(java -version 2>&1 | head -1); the EdFast glue linked to: $(linked_to "$JNI_DIR/libedfastjni.so")"
  mkdir "$WORK/java" && javac -d "$WORK/java/classes" "$root/test/realworld/java/RealWorld.java" || { fail "javac RealWorld.java"; return 1; }
  mkdir "$WORK/java/empty"
  JAVA_OPTS=()
  # JDK 22+ warns about JNI unless allowed (as jni/CMakeLists.txt does).
  if java --enable-native-access=ALL-UNNAMED -version >/dev/null 2>&1; then JAVA_OPTS+=(--enable-native-access=ALL-UNNAMED); fi
}
# jrun plain|edfast|proof|filter ARGS...: RealWorld, without EdFast, with it
# first, with it first and its native path's library context from the proving
# config, or from no_eddsa.so alone with no edfast.so to be found (the control).
jrun() {
  local m=$1 cp="$WORK/java/classes:$JAR"
  shift
  case $m in
    plain) env -u OPENSSL_MODULES java -cp "$cp" RealWorld "$@" ;;
    edfast) env -u OPENSSL_MODULES java "${JAVA_OPTS[@]}" -Dedfast.first=true -Djava.library.path="$JNI_DIR" \
              -Dedfast.modules="$B/provider" -cp "$cp" RealWorld "$@" ;;
    proof) env -u OPENSSL_MODULES java "${JAVA_OPTS[@]}" -Dedfast.first=true -Djava.library.path="$JNI_DIR" \
              -Dedfast.modules="$B/provider" -Dedfast.openssl.conf="$(cnf proof)" \
              -Djava.security.debug=provider -cp "$cp" RealWorld "$@" ;;
    filter) env -u OPENSSL_MODULES java "${JAVA_OPTS[@]}" -Dedfast.first=true -Djava.library.path="$JNI_DIR" \
              -Dedfast.modules="$WORK/java/empty" -Dedfast.openssl.conf="$(cnf filter)" \
              -Djava.security.debug=provider -cp "$cp" RealWorld "$@" ;;
  esac
}
prog_java_jca() {
  local curve m
  java_setup || return $?
  cd "$WORK/java" || return 1
  for curve in Ed25519 Ed448; do
    timed t_plain jrun plain jca $curve "$N_JCA" >"$curve-plain.out" 2>&1 || { fail "JCA $curve (plain JDK)"; tail -5 "$curve-plain.out" >&2; }
    timed t_edfast jrun edfast jca $curve "$N_JCA" >"$curve-edfast.out" 2>&1 || { fail "JCA $curve (EdFast)"; tail -5 "$curve-edfast.out" >&2; }
    for m in plain edfast; do
      expect "JCA $curve ($m): $N_JCA signed, each verified, a wrong one refused" \
        bash -c "grep -qx 'VERIFIED=$N_JCA' $curve-$m.out && grep -qx 'TAMPERED_REFUSED=true' $curve-$m.out"
    done
    expect "JCA $curve: signed by SunEC in the plain JDK, by EdFast when inserted first" \
      bash -c "grep -qx 'SIGNER=SunEC' $curve-plain.out && grep -qx 'SIGNER=EdFast' $curve-edfast.out && grep -qx 'VERIFIER=EdFast' $curve-edfast.out"
    expect "JCA $curve: the signatures identical with and without EdFast" \
      [ -n "$(value DIGEST "$curve-plain.out")" -a "$(value DIGEST "$curve-plain.out")" = "$(value DIGEST "$curve-edfast.out")" ]
    row "Java JCA (Signature)" "$curve sign + verify" "$N_JCA" "$t_plain" "$t_edfast"
    java_proof jca "$curve" "$N_TRACE"
  done
}
# java_proof WHAT CURVE COUNT ARGS...: the run under the proving config: the
# glue's library context has EdDSA only in edfast, and the JDK's provider trace
# shows every CURVE Signature served by EdFast (none by SunEC); the control
# (no_eddsa.so alone, no edfast.so anywhere the glue looks) must fail.
java_proof() {
  local what=$1 curve=$2 count=$3 args signs
  shift 3
  if [ "$what" = jca ]; then args=(jca "$curve" "$count"); else args=(tls "$@" "$count"); fi
  if run_ok "Java $what $curve under the proving config" jrun proof "${args[@]}"; then
    signs=$(grep -c "Signature.$curve signing algorithm from: EdFast" last.out)
    expect "proof: Java $what $curve: the glue's OpenSSL provider is edfast, alone with EdDSA ($(value OPENSSL_PROVIDER last.out))" \
      grep -q '^OPENSSL_PROVIDER=edfast ' last.out
    expect "proof: Java $what $curve: $signs signatures, every one by EdFast, none by SunEC (java.security.debug)" \
      bash -c "[ $signs -ge $count ] && ! grep -q 'Signature.$curve .*algorithm from: SunEC' last.out"
  fi
  # The trace can show SunEC: the plain JDK's.
  if env -u OPENSSL_MODULES java -Djava.security.debug=provider -cp "$WORK/java/classes" RealWorld "${args[@]}" >plain-trace.out 2>&1; then
    expect "control: the plain JDK's trace names SunEC for $curve" grep -q "Signature.$curve signing algorithm from: SunEC" plain-trace.out
  fi
  # The control: with no_eddsa.so alone and no edfast.so anywhere, the glue
  # finds no OpenSSL EdDSA and hands everything to SunEC, and the proof's
  # first check fails.
  must_fail "control: Java $what $curve, the glue with no_eddsa.so alone and no edfast.so: not edfast" \
    glue_serves_edfast filter "${args[@]}"
}
# glue_serves_edfast MODE ARGS...: RealWorld ran and the glue's OpenSSL provider was edfast.
glue_serves_edfast() {
  jrun "$@" >glue.out 2>&1
  grep -v '^Provider' glue.out | grep -m1 -E '^OPENSSL_PROVIDER=|Exception'
  grep -q '^OPENSSL_PROVIDER=edfast ' glue.out
}
prog_java_tls() {
  java_setup || return $?
  cd "$WORK/java" || return 1
  # The server's key and self-signed certificate, made by keytool (SunEC), once.
  keytool -genkeypair -keyalg Ed25519 -alias server -dname CN=localhost -validity 3650 \
    -keystore server.p12 -storetype PKCS12 -storepass changeit >keytool.out 2>&1 || { fail "keytool"; return 1; }
  timed t_plain jrun plain tls server.p12 changeit "$N_TLS" >tls-plain.out 2>&1 || { fail "JSSE (plain JDK)"; tail -5 tls-plain.out >&2; }
  timed t_edfast jrun edfast tls server.p12 changeit "$N_TLS" >tls-edfast.out 2>&1 || { fail "JSSE (EdFast)"; tail -5 tls-edfast.out >&2; }
  for m in plain edfast; do
    expect "JSSE TLS 1.3 ($m): $N_TLS handshakes completed on both sides, Ed25519 server key" \
      bash -c "grep -qx 'HANDSHAKES=$N_TLS' tls-$m.out && grep -qx 'SERVED=$N_TLS' tls-$m.out && grep -qx 'SERVER_KEY=EdDSA' tls-$m.out"
  done
  row "Java JSSE" "TLS 1.3 handshakes, Ed25519 certificate" "$N_TLS" "$t_plain" "$t_edfast"
  java_proof tls Ed25519 "$N_TRACE" server.p12 changeit
}

# ---- openssl s_server: TLS 1.3 handshakes ------------------------------------------
free_port() { "$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# handshakes <config> <count> [<trusted certificate> [<client config>]]:
# s_server for count connections, and the Python client (ssl module, libssl)
# making them, both under the config unless the client is given its own; the
# client trusts srv.crt unless told another.
handshakes() {
  local c=$1 count=$2 trusted=${3:-srv.crt} cc=${4:-$1} port pid i rc
  port=$(free_port)
  under "$c" openssl s_server -accept "127.0.0.1:$port" -cert srv.crt -key srv.key -tls1_3 -www \
    -naccept "$count" </dev/null >"server-$c.out" 2>&1 &
  pid=$!
  for i in $(seq 100); do
    grep -q ACCEPT "server-$c.out" 2>/dev/null && break
    kill -0 $pid 2>/dev/null || break
    sleep 0.05
  done
  under "$cc" "$PY" "$root/test/realworld/tls_client.py" "$port" "$trusted" "$count" >"client-$c.out" 2>&1
  rc=$?
  if [ $rc -ne 0 ]; then kill $pid 2>/dev/null; fi
  wait $pid || rc=1
  # (what went wrong, for the controls' line)
  [ $rc -eq 0 ] || grep -h -m1 -iE 'error|unable' "server-$c.out" "client-$c.out" | cut -c1-160
  return $rc
}
prog_s_server() {
  local c
  [ -x "$PY" ] || { skip "$PY absent"; return 77; }
  mkdir "$WORK/s_server" && cd "$WORK/s_server" || return 1
  say "server: $(openssl version); client: Python's ssl module, $("$PY" -c 'import ssl; print(ssl.OPENSSL_VERSION)'), linked to: $(linked_to "$("$PY" -c 'import _ssl; print(_ssl.__file__)')")"
  under default openssl genpkey -algorithm ED25519 -out srv.key &&
    under default openssl req -x509 -new -key srv.key -subj /CN=localhost -addext subjectAltName=DNS:localhost \
      -days 3650 -out srv.crt || { fail "the server's certificate"; return 1; }
  for c in default edfast; do
    timed "t_$c" handshakes $c "$N_TLS" || { fail "s_server handshakes ($c)"; tail -3 "server-$c.out" "client-$c.out" >&2; }
    expect "s_server ($c): $N_TLS TLS 1.3 handshakes completed, the certificate verified" grep -qx "HANDSHAKES=$N_TLS" "client-$c.out"
  done
  row "openssl s_server" "TLS 1.3 handshakes, Ed25519 certificate" "$N_TLS" "$t_default" "$t_edfast"
  if run_ok "s_server under the proving config" handshakes proof 5; then
    expect "proof: s_server signs, the client verifies, EdDSA only in edfast: 5 handshakes" grep -qx "HANDSHAKES=5" client-proof.out
  fi
  must_fail "control: s_server with no_eddsa.so alone" handshakes filter 1
  must_fail "control: the client with no_eddsa.so alone (s_server with edfast)" handshakes edfast 1 srv.crt filter
  # The client can fail: a certificate it does not trust.
  under default openssl req -x509 -new -key srv.key -subj /CN=other -days 3650 -out other.crt
  must_fail "control: the client refuses a certificate it does not trust" handshakes edfast 1 other.crt
}

# ---- run ------------------------------------------------------------------------
declare -A outcome=()
overall=0
for current in $programs; do
  prog_failed=0
  skip_reason=
  (exit 0)
  "prog_$current"
  rc=$?
  cd "$WORK" || exit 1
  if [ "$prog_failed" -ne 0 ] || { [ $rc -ne 0 ] && [ $rc -ne 77 ]; }; then
    outcome[$current]="FAILED"
    overall=1
    [ "$prog_failed" -eq 0 ] && FAILED=$((FAILED + 1))
  elif [ $rc -eq 77 ]; then
    outcome[$current]="skipped: $skip_reason"
    [ "$current" = jwt ] || row_note "$current" "-" "skipped: $skip_reason"
    [ "$overall" -eq 0 ] && overall=77
  else
    outcome[$current]="passed"
  fi
done

echo "CPU: $(lscpu | sed -n 's/^Model name: *//p' | head -1) ($(nproc) CPUs)"
echo "OpenSSL: $(openssl version)"
echo "Java: $(java -version 2>&1 | head -1)"
echo "edfast: $(git -C "$root" rev-parse HEAD 2>/dev/null || echo "not a git checkout")$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (with local changes)')"
echo "Command: scripts/realworld.sh$([ "$small" -eq 1 ] && [ "$check" -eq 0 ] && echo ' --small')$([ "$check" -eq 1 ] && echo ' --check')$([ -n "$only" ] && echo " --only $only")"
echo "Load average when it started (1, 5, 15 min): $load_at_start"
echo "Sizes: $([ "$small" -eq 1 ] && echo small || echo full); times: wall seconds of the whole program runs, one run each"
echo
echo "| program | operation | count | without edfast (s) | with edfast (s) | speedup |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
for current in $programs; do echo "$current: ${outcome[$current]}"; done
echo "realworld.sh: $CHECKS checks, $FAILED failures"
[ "$CHECKS" -gt 0 ] || [ "$overall" -eq 77 ] || { echo "realworld.sh: no check ran"; overall=1; }
# In the checking mode (one program), 77 is its skip; otherwise a skip is no failure.
if [ "$overall" -eq 77 ] && [ "$check" -eq 0 ]; then overall=0; fi
exit "$overall"
