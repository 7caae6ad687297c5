#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# exports_test.sh NM SHIPPED TEST_BUILD
# The shipped libedfastjni.so exports NativeLib's natives and nothing else: no
# test hook.  The test build (EDFAST_JNI_TEST_HOOKS) exports the same natives
# and NativeTestHooks.liveObjects.
set -eu
nm=$1 shipped=$2 test_build=$3

exports() {
  "$nm" -D --defined-only "$1" | awk 'NF == 3 { print $3 }' | sort
}

shipped_syms=$(exports "$shipped")
test_syms=$(exports "$test_build")
echo "$shipped exports:"
echo "$shipped_syms" | sed 's/^/  /'
fail=0
if [ -z "$shipped_syms" ]; then
  echo "FAIL: no exports read from $shipped"
  fail=1
fi
extra=$(echo "$shipped_syms" | grep -v '^Java_org_edfast_jca_NativeLib_' || true)
if [ -n "$extra" ]; then
  echo "FAIL: $shipped exports more than NativeLib's natives: $extra"
  fail=1
fi
hook=Java_org_edfast_jca_NativeTestHooks_liveObjects
if ! echo "$test_syms" | grep -qx "$hook"; then
  echo "FAIL: the test build $test_build lacks $hook"
  fail=1
fi
if [ "$(echo "$test_syms" | grep -vx "$hook")" != "$shipped_syms" ]; then
  echo "FAIL: the test build's other exports differ from the shipped library's"
  fail=1
fi
[ "$fail" = 0 ] && echo "passed"
exit "$fail"
