# 32-bit x86 with the host's gcc -m32 (gcc-12-multilib); x86-64 runs the
# tests itself.  No unsigned __int128: the native backend is left out.  The
# target's libssl-dev, libssl3 and kernel headers (linux-libc-dev) are unpacked
# into EDFAST_CROSS_SYSROOT by scripts/cross-test.sh.
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
set(CMAKE_SHARED_LINKER_FLAGS_INIT -m32)
set(CMAKE_EXE_LINKER_FLAGS_INIT -m32)
