#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Run inside a bare chroot (scripts/debian-chroot.sh bare-RELEASE: the
# release's JRE and openssl command, nothing of edfast's) from the folder that
# scripts/bare-test.sh stages: the platform jars, the modular test application
# (edfast-modtest.jar) and the portable tarballs; the ones of this machine's
# architecture are run (an arm64 chroot's under qemu).  Checks, as a
# user of that release would see them:
#   - an application on the class path, then one on the module path, with the
#     platform jar alone: RFC 8032's signatures as SunEC makes them, edfast
#     serving (the glue's FINE line names the edfast.so it loaded, from the
#     pair of the newest libcrypto here, and this OpenSSL's version);
#   - with no libcrypto at all (an empty file over each, in a mount namespace
#     of its own): SunEC serves, the same signatures;
#   - the tarball's edfast.so for this libcrypto loaded by this release's
#     openssl through openssl.cnf.sample: listed, `openssl speed` through
#     it, a signature of each curve equal to the default provider's.
set -u
cd "$(dirname "$0")"
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok: $*"; }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }

. /etc/os-release
feature=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
openssl_version=$(openssl version | awk '{print $2}')
major=$(ls /usr/lib/*/libcrypto.so.* /lib/*/libcrypto.so.* 2>/dev/null |
  sed -n 's/.*libcrypto\.so\.\([0-9]*\)$/\1/p' | sort -n | tail -n 1)
arch=$(uname -m)
case $arch in
  aarch64) classifier=linux-aarch_64 ;;
  *) classifier=linux-$arch ;;
esac
jar=$(ls edfast-jca-*-"$classifier".jar)
echo "bare: $PRETTY_NAME ($arch), java $feature, $(openssl version), libcrypto.so.$major; $jar"
printf 'handlers=java.util.logging.ConsoleHandler\njava.util.logging.ConsoleHandler.level=FINE\norg.edfast.jca.level=FINE\n' >log.properties
access_cp=()
access_mp=()
if [ "$feature" -ge 22 ]; then
  access_cp=(--enable-native-access=ALL-UNNAMED)
  access_mp=(--enable-native-access=org.edfast.jca)
fi
app=org.edfast.modtest.ModularApp

# label expect-native command...: the application's own checks pass, and
# (native) the glue names the bundled edfast.so it loaded.  The java launcher
# takes the logging and the expectation from JDK_JAVA_OPTIONS, wherever the
# command starts it.
run_app() {
  local label=$1 native=$2 out rc
  shift 2
  out=$(JDK_JAVA_OPTIONS="-Djava.util.logging.config.file=log.properties -Dedfast.test.expectNative=$native" \
    "$@" 2>&1)
  rc=$?
  if [ "$rc" -ne 0 ] || ! grep -q ' 0 failures$' <<<"$out"; then
    bad "$label: exit $rc"; sed 's/^/    /' <<<"$out"; return
  fi
  if grep -q 'restricted method' <<<"$out"; then
    bad "$label: the JDK warned of a restricted method"; sed 's/^/    /' <<<"$out"; return
  fi
  if [ "$native" = true ]; then
    if grep -Eq "loaded /tmp/edfast-[0-9a-f]+/openssl$major/edfast.so; OpenSSL $openssl_version" <<<"$out"; then
      ok "$label: edfast served ($(grep -o 'EdFast serves through: .*' <<<"$out")), from the jar's OpenSSL $major pair"
    else
      bad "$label: no line says the jar's edfast.so for OpenSSL $major served"; sed 's/^/    /' <<<"$out"
    fi
  else
    ok "$label: SunEC served, the same signatures ($(grep -o 'EdFast serves through: .*' <<<"$out"))"
  fi
}

run_app "class path" true java "${access_cp[@]}" -cp "$jar:edfast-modtest.jar" "$app" insert
run_app "module path" true java "${access_mp[@]}" --module-path "$jar:edfast-modtest.jar" -m "org.edfast.modtest/$app" insert
hide_libcrypto='for f in /usr/lib/*/libcrypto.so.* /lib/*/libcrypto.so.*; do
  [ -e "$f" ] && mount --bind /dev/null "$f"; done; exec "$@"'
# In a chroot / is no mount point, and unshare cannot make it private: the
# chroot's own namespace (debian-chroot.sh) is private already.
unshare=(unshare -m)
mountpoint -q / || unshare+=(--propagation unchanged)
run_app "no libcrypto" false "${unshare[@]}" sh -c "$hide_libcrypto" sh \
  java "${access_cp[@]}" -cp "$jar:edfast-modtest.jar" "$app" insert

# The tarball, with this release's openssl command.
tarball=$(ls edfast-*-linux-"$arch"-openssl"$major".tar.gz 2>/dev/null)
if [ -z "$tarball" ]; then
  bad "no tarball for OpenSSL $major"
else
  rm -rf tar && mkdir tar && tar -C tar -xzf "$tarball"
  dir=$(cd tar/* && pwd)
  sed "s|^module = edfast.so|module = $dir/edfast.so|" "$dir/openssl.cnf.sample" >edfast.cnf
  if OPENSSL_CONF=$PWD/edfast.cnf openssl list -providers -verbose 2>&1 | grep -q 'build info: edfast'; then
    ok "$tarball: openssl $openssl_version lists edfast"
  else
    bad "$tarball: openssl $openssl_version does not list edfast"
  fi
  if OPENSSL_CONF=$PWD/edfast.cnf openssl speed -seconds 1 ed25519 ed448 >speed.out 2>&1 &&
     [ "$(grep -Ec 'bits (EdDSA|EC) \(Ed(25519|448)\) +[0-9.]+s' speed.out)" = 2 ]; then
    ok "$tarball: openssl speed through it: $(grep -E 'bits (EdDSA|EC) \(Ed' speed.out | tr -s ' ' | tr '\n' ';')"
  else
    bad "$tarball: openssl speed ed25519 ed448"; sed 's/^/    /' speed.out
  fi
  printf 'bare chroot message' >message
  for curve in ED25519 ED448; do
    OPENSSL_CONF=/dev/null openssl genpkey -algorithm "$curve" -out key.pem
    OPENSSL_CONF=$PWD/edfast.cnf openssl pkeyutl -sign -rawin -inkey key.pem -in message -out edfast.sig
    OPENSSL_CONF=/dev/null openssl pkeyutl -sign -rawin -inkey key.pem -in message -out default.sig
    if cmp -s edfast.sig default.sig; then ok "$tarball: $curve signature equals the default provider's"
    else bad "$tarball: $curve signature differs from the default provider's"; fi
  done
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
