#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# edfast.so exports OSSL_provider_init and nothing else (provider/edfast.map):
# any other visible symbol could be interposed by another library, and calls
# to it from inside edfast would go through the PLT.
#   exports_test.sh <path to edfast.so>
set -u
module=${1:?usage: exports_test.sh EDFAST_SO}
exported=$(nm -D --defined-only "$module" | awk '{print $3}' | sort)
if [ "$exported" = "OSSL_provider_init" ]; then
  echo "ok: $module exports only OSSL_provider_init"
  echo "1 passed, 0 failed"
else
  echo "FAIL: $module exports $(echo "$exported" | wc -l) symbols:"
  echo "$exported" | head -n 20 | sed 's/^/    /'
  echo "0 passed, 1 failed"
  exit 1
fi
