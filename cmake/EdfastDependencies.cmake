# OpenSSL 3 is required; libsodium and libdecaf are optional fast backends.
find_package(OpenSSL 3.0 REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig)

option(EDFAST_WITH_NATIVE "Build edfast's own Ed25519/Ed448 backend" ON)
option(EDFAST_WITH_SODIUM "Build the libsodium backend when libsodium is found" ON)
option(EDFAST_WITH_DECAF "Build the libdecaf backend (Ed448) when libdecaf is found" ON)

# The native paths this build has (backends/native/cpu.h): the x86-64 ones
# exist where cpu.h's guard holds.  The tests run once per path.
set(EDFAST_NATIVE_PATHS "")
if(EDFAST_WITH_NATIVE)
  set(EDFAST_NATIVE_PATHS portable)
  include(CheckCSourceCompiles)
  set(CMAKE_REQUIRED_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/../backends/native)
  check_c_source_compiles([=[
#include "cpu.h"
#if !EDFAST_NATIVE_X86
#error not an x86-64 build
#endif
int main(void) { return 0; }
]=] EDFAST_NATIVE_X86)
  unset(CMAKE_REQUIRED_INCLUDES)
  if(EDFAST_NATIVE_X86)
    list(APPEND EDFAST_NATIVE_PATHS adx ifma)
  endif()
endif()

# Cases of each differential test (random keys and messages against EVP);
# fewer under emulation, where they run ~30x slower.
set(EDFAST_DIFF_CASES 100000 CACHE STRING "Cases of each differential test")

set(EDFAST_HAVE_SODIUM OFF)
if(EDFAST_WITH_SODIUM AND PkgConfig_FOUND)
  pkg_check_modules(SODIUM IMPORTED_TARGET libsodium)
  if(SODIUM_FOUND)
    set(EDFAST_HAVE_SODIUM ON)
  endif()
endif()

set(EDFAST_HAVE_DECAF OFF)
if(EDFAST_WITH_DECAF)
  find_package(Decaf CONFIG QUIET)
  if(TARGET decaf)
    set(EDFAST_HAVE_DECAF ON)
  endif()
endif()

# Where `cmake --install` puts edfast.so: OpenSSL's own modules directory.
set(EDFAST_MODULES_DIR "" CACHE PATH "Directory edfast.so is installed into")
if(NOT EDFAST_MODULES_DIR)
  if(PkgConfig_FOUND)
    pkg_get_variable(_modulesdir libcrypto modulesdir)
  endif()
  if(NOT _modulesdir)
    set(_modulesdir "${CMAKE_INSTALL_PREFIX}/lib/ossl-modules")
  endif()
  set(EDFAST_MODULES_DIR "${_modulesdir}" CACHE PATH "Directory edfast.so is installed into" FORCE)
endif()

message(STATUS "edfast backends: openssl native=${EDFAST_WITH_NATIVE} (paths: ${EDFAST_NATIVE_PATHS}) sodium=${EDFAST_HAVE_SODIUM} decaf=${EDFAST_HAVE_DECAF}")
message(STATUS "edfast installs into ${EDFAST_MODULES_DIR}")
