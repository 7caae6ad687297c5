# SPDX-License-Identifier: Apache-2.0
# 32-bit x86 with the host's gcc -m32 (gcc-multilib).  No unsigned
# __int128: the native backend is left out.  The target's libssl-dev, libcrypto's
# libraries and kernel headers (linux-libc-dev) are unpacked into EDFAST_CROSS_SYSROOT by
# scripts/cross-test.sh.  An x86-64 kernel with IA32 emulation runs the tests
# itself; one without it refuses the ELF (ENOEXEC), and then
# scripts/cross-test.sh passes EDFAST_CROSS_EMULATOR (qemu-i386-static).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_C_COMPILER gcc)
set(CMAKE_LIBRARY_ARCHITECTURE i386-linux-gnu)

set(EDFAST_CROSS_SYSROOT "" CACHE PATH "The target's libssl-dev, libssl3 and linux-libc-dev, unpacked")
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES EDFAST_CROSS_SYSROOT)

set(CMAKE_FIND_ROOT_PATH ${EDFAST_CROSS_SYSROOT})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# The multiarch directory holds OpenSSL's configuration.h and the kernel's asm/.
set(CMAKE_C_FLAGS_INIT "-m32 -isystem ${EDFAST_CROSS_SYSROOT}/usr/include/i386-linux-gnu")
# libcrypto's own dependencies (zlib and zstd from OpenSSL 4.0) are in the
# sysroot too: the linker finds them there, and the programs through their
# RPATH, which (unlike RUNPATH) also serves the libraries they load.
set(CMAKE_EXE_LINKER_FLAGS_INIT
    "-m32 -Wl,-rpath-link,${EDFAST_CROSS_SYSROOT}/usr/lib/i386-linux-gnu -Wl,--disable-new-dtags")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "${CMAKE_EXE_LINKER_FLAGS_INIT}")

# The command, with its arguments, that runs this build's programs for CTest
# (CMAKE_CROSSCOMPILING_EMULATOR; a list, e.g. /usr/bin/qemu-i386-static;-L;/),
# or empty where the kernel runs them.  A cache variable, so that a later
# configure with another value (cross-test.sh passes it every time) takes it:
# the toolchain file is read again on every configure.  It decides alone: the
# normal variable set here hides any CMAKE_CROSSCOMPILING_EMULATOR left in an
# old cache, so empty means no emulator.
set(EDFAST_CROSS_EMULATOR "" CACHE STRING "Runs the i386 test programs (empty: the kernel runs them)")
set(CMAKE_CROSSCOMPILING_EMULATOR "${EDFAST_CROSS_EMULATOR}")
