# SPDX-License-Identifier: Apache-2.0
# Shared part of toolchain-aarch64.cmake and toolchain-s390x.cmake: Debian's
# cross gcc (gcc-<triplet>), the target's libssl-dev unpacked into a private
# sysroot (EDFAST_CROSS_SYSROOT, made by scripts/cross-test.sh), and the tests
# run through qemu-user(-static).  Expects EDFAST_CROSS_TRIPLET and
# EDFAST_CROSS_QEMU (qemu's name for the CPU).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${EDFAST_CROSS_TRIPLET}-gcc)
set(CMAKE_LIBRARY_ARCHITECTURE ${EDFAST_CROSS_TRIPLET})

set(EDFAST_CROSS_SYSROOT "" CACHE PATH "The target's libssl-dev and libcrypto's libraries, unpacked (dpkg -x)")
# try_compile projects read this file again: give them the sysroot too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES EDFAST_CROSS_SYSROOT)

# Headers and libraries of the target only: the cross gcc's own, and the sysroot's.
set(CMAKE_FIND_ROOT_PATH /usr/${EDFAST_CROSS_TRIPLET} ${EDFAST_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# OpenSSL's configuration.h lives in the multiarch include directory.
set(CMAKE_C_FLAGS_INIT "-isystem ${EDFAST_CROSS_SYSROOT}/usr/include/${EDFAST_CROSS_TRIPLET}")
# libcrypto's own dependencies (zlib and zstd from OpenSSL 4.0) are in the
# sysroot too: the linker finds them there.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,-rpath-link,${EDFAST_CROSS_SYSROOT}/usr/lib/${EDFAST_CROSS_TRIPLET}")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "${CMAKE_EXE_LINKER_FLAGS_INIT}")

# -L /: the target's loader and libc are the multiarch libc6:<arch> installed
# on the host (/usr/<triplet> has a libc whose ld.so does not match it);
# libcrypto and the libraries it needs come from the sysroot.
# qemu-user-static's name up to Debian 13; later releases' qemu-user is static.
find_program(EDFAST_CROSS_QEMU_PROGRAM NAMES qemu-${EDFAST_CROSS_QEMU}-static qemu-${EDFAST_CROSS_QEMU} REQUIRED)
set(CMAKE_CROSSCOMPILING_EMULATOR ${EDFAST_CROSS_QEMU_PROGRAM} -L /
    -E LD_LIBRARY_PATH=${EDFAST_CROSS_SYSROOT}/usr/lib/${EDFAST_CROSS_TRIPLET})
