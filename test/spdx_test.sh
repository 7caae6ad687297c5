#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Every source file says its licence in an SPDX line (LICENSE, NOTICE): a file
# added without one fails here, by name.  Source files are the C, Java, shell,
# Python and CMake files, templates (*.in), the linker map, the sanitizer
# suppressions, the OpenSSL configurations and .ci/run; data (vectors,
# corpora, results, JSON, dpkg's conffiles list, the Java service file) and
# Markdown are not.
#   spdx_test.sh <source root>
set -u
root=${1:?usage: spdx_test.sh SOURCE_ROOT}
cd "$root" || exit 1
expected='SPDX-License-Identifier: Apache-2.0'

# Build trees (build*, out) and hidden folders other than .ci hold no sources
# of ours; fuzz/corpus holds inputs, not source.
checked=0
missing=()
while IFS= read -r -d '' file; do
  checked=$((checked + 1))
  # The line sits at the top: first, or second after a #! line.
  if ! head -n 2 "$file" | grep -qF "$expected"; then
    missing+=("${file#./}")
  fi
done < <(find . \( -path './build*' -o -path './out' -o -path './fuzz/corpus' \
                   -o \( -name '.*' -a ! -name '.ci' -a ! -name . \) \) -prune -o \
              -type f \( -name '*.c' -o -name '*.h' -o -name '*.java' -o -name '*.sh' \
                   -o -name '*.py' -o -name '*.cmake' -o -name CMakeLists.txt \
                   -o -name '*.map' -o -name '*.supp' -o -name '*.cnf' -o -name '*.sample' -o -name '*.in' \
                   -o -path ./.ci/run \) -print0)

if [ "$checked" -lt 100 ]; then
  echo "FAIL: only $checked source files found under $root: the search is wrong"
  echo "0 passed, 1 failed"
  exit 1
fi
if [ "${#missing[@]}" -eq 0 ]; then
  echo "ok: $checked source files carry \"$expected\" in their first two lines"
  echo "1 passed, 0 failed"
  exit 0
fi
echo "FAIL: ${#missing[@]} of $checked source files have no \"$expected\" in their first two lines:"
printf '    %s\n' "${missing[@]}" | head -n 40
echo "0 passed, 1 failed"
exit 1
