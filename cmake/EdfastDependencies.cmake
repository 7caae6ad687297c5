# SPDX-License-Identifier: Apache-2.0
# OpenSSL 3 is required; libsodium and libdecaf are optional fast backends.
find_package(OpenSSL 3.0 REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig)
# Python 3 runs the tests' checkers and writes the jars (scripts/jars.py).
find_program(EDFAST_PYTHON3 python3 REQUIRED)

# AUTO builds the native backend where it can be built; ON insists.
set(EDFAST_WITH_NATIVE AUTO CACHE STRING "Build edfast's own Ed25519/Ed448 backend: AUTO, ON or OFF")
set_property(CACHE EDFAST_WITH_NATIVE PROPERTY STRINGS AUTO ON OFF)
option(EDFAST_WITH_SODIUM "Build the libsodium backend when libsodium is found" ON)
option(EDFAST_WITH_DECAF "Build the libdecaf backend (Ed448) when libdecaf is found" ON)

# The native field arithmetic multiplies 64-bit limbs into unsigned __int128,
# which 32-bit targets lack.  From here on EDFAST_WITH_NATIVE is ON or OFF.
include(CheckCSourceCompiles)
if(EDFAST_WITH_NATIVE)
  check_c_source_compiles([=[
typedef unsigned __int128 u128;
int main(int argc, char **argv)
{
    u128 p = (u128)(unsigned long long)argc * (unsigned long long)(argv != 0);
    return (int)(p >> 64);
}
]=] EDFAST_HAVE_INT128)
  if(NOT EDFAST_HAVE_INT128)
    string(TOUPPER "${EDFAST_WITH_NATIVE}" _native_request)
    if(_native_request STREQUAL "AUTO")
      message(STATUS "edfast: no native backend: the C compiler has no unsigned __int128 "
                     "(a 32-bit target?); the other backends serve both curves")
      set(EDFAST_WITH_NATIVE OFF)
    else()
      message(FATAL_ERROR "EDFAST_WITH_NATIVE=${EDFAST_WITH_NATIVE}, but the C compiler has no "
                          "unsigned __int128, which the native backend needs (AUTO or OFF builds without it)")
    endif()
  else()
    set(EDFAST_WITH_NATIVE ON)
  endif()
else()
  set(EDFAST_WITH_NATIVE OFF)
endif()

# The native paths this build has (backends/native/paths.def): the x86-64
# ones exist where cpu.h's guard holds.  The tests run once per path.
set(EDFAST_NATIVE_PATHS "")
if(EDFAST_WITH_NATIVE)
  set(CMAKE_REQUIRED_INCLUDES ${CMAKE_CURRENT_LIST_DIR}/../backends/native)
  check_c_source_compiles([=[
#include "cpu.h"
#if !EDFAST_NATIVE_X86
#error not an x86-64 build
#endif
int main(void) { return 0; }
]=] EDFAST_NATIVE_X86)
  unset(CMAKE_REQUIRED_INCLUDES)
  # paths.def, the one list of the paths: each entry's name and architecture.
  file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/../backends/native/paths.def _path_entries
       REGEX "^EDFAST_NATIVE_PATH_ENTRY\\(")
  foreach(_entry ${_path_entries})
    string(REGEX MATCH "^EDFAST_NATIVE_PATH_ENTRY\\([A-Z0-9_]+, *([a-z0-9_]+), *([a-z0-9_]+)," _ "${_entry}")
    if(CMAKE_MATCH_2 STREQUAL "any" OR (CMAKE_MATCH_2 STREQUAL "x86" AND EDFAST_NATIVE_X86))
      list(APPEND EDFAST_NATIVE_PATHS ${CMAKE_MATCH_1})
    elseif(NOT CMAKE_MATCH_2 STREQUAL "x86")
      message(FATAL_ERROR "backends/native/paths.def: '${_entry}': no architecture 'any' or 'x86'")
    endif()
  endforeach()
endif()

# Cases of every differential test (random keys and messages against EVP);
# empty: each test's own default (native 100,000, provider 10,000).  Fewer
# under emulation, where they run much slower (scripts/cross-test.sh;
# docs/performance.md, "Figures from code comments").
set(EDFAST_DIFF_CASES "" CACHE STRING "Cases of every differential test (empty: their defaults)")

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

# libsodium and libdecaf are not linked: edfast opens them by soname when
# their backend first serves a curve (backends/library.h), the soname of the
# library found here, so that it opens the ABI it was compiled against.
function(edfast_soname var library)
  execute_process(COMMAND ${CMAKE_OBJDUMP} -p ${library} OUTPUT_VARIABLE dump
                  RESULT_VARIABLE rc ERROR_QUIET)
  if(rc EQUAL 0 AND dump MATCHES "SONAME +([^ \n]+)")
    set(${var} ${CMAKE_MATCH_1} PARENT_SCOPE)
  else()
    message(FATAL_ERROR "edfast: cannot read the soname of ${library} with "
            "'${CMAKE_OBJDUMP} -p'; configure with -D${var}=<soname>, or without the "
            "backend (-DEDFAST_WITH_SODIUM=OFF / -DEDFAST_WITH_DECAF=OFF)")
  endif()
endfunction()
if(EDFAST_HAVE_SODIUM AND NOT EDFAST_SODIUM_SONAME)
  find_library(_sodium_library NAMES sodium HINTS ${SODIUM_LIBRARY_DIRS})
  edfast_soname(EDFAST_SODIUM_SONAME ${_sodium_library})
endif()
if(EDFAST_HAVE_DECAF AND NOT EDFAST_DECAF_SONAME)
  get_target_property(_decaf_configs decaf IMPORTED_CONFIGURATIONS)
  list(GET _decaf_configs 0 _decaf_config)
  get_target_property(EDFAST_DECAF_SONAME decaf IMPORTED_SONAME_${_decaf_config})
  if(NOT EDFAST_DECAF_SONAME)
    get_target_property(_decaf_library decaf IMPORTED_LOCATION_${_decaf_config})
    edfast_soname(EDFAST_DECAF_SONAME ${_decaf_library})
  endif()
endif()

# valgrind, for the tests that run under it (leaks, constant time), and its
# client-request header.  EDFAST_RUN_VALGRIND: whether it can run this build's
# programs: not a sanitizer build (the two runtimes clash) nor a cross build
# (valgrind would have to run under the emulator).  Where it cannot, those
# tests report themselves skipped.
find_program(EDFAST_VALGRIND valgrind)
find_path(EDFAST_VALGRIND_INCLUDE_DIR valgrind/memcheck.h)
set(EDFAST_RUN_VALGRIND OFF)
if(EDFAST_VALGRIND AND EDFAST_VALGRIND_INCLUDE_DIR AND NOT CMAKE_C_FLAGS MATCHES "-fsanitize="
   AND NOT CMAKE_CROSSCOMPILING)
  set(EDFAST_RUN_VALGRIND ON)
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

string(REPLACE ";" "," _native_paths "${EDFAST_NATIVE_PATHS}")
message(STATUS "edfast backends: openssl native=${EDFAST_WITH_NATIVE} (paths: ${_native_paths}) sodium=${EDFAST_HAVE_SODIUM} ${EDFAST_SODIUM_SONAME} decaf=${EDFAST_HAVE_DECAF} ${EDFAST_DECAF_SONAME}")
message(STATUS "edfast installs into ${EDFAST_MODULES_DIR}")
