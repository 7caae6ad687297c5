# SPDX-License-Identifier: Apache-2.0
# IBM Z, big-endian, run under qemu (scripts/cross-test.sh s390x).
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(EDFAST_CROSS_TRIPLET s390x-linux-gnu)
set(EDFAST_CROSS_QEMU s390x)
include(${CMAKE_CURRENT_LIST_DIR}/toolchain-debian-cross.cmake)
