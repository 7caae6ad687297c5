# SPDX-License-Identifier: Apache-2.0
# 64-bit ARM, run under qemu (scripts/cross-test.sh aarch64).
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(EDFAST_CROSS_TRIPLET aarch64-linux-gnu)
set(EDFAST_CROSS_QEMU aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-debian-cross.cmake)
