# OpenSSL 3 is required; libsodium and libdecaf are optional fast backends.
find_package(OpenSSL 3.0 REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig)

option(EDFAST_WITH_NATIVE "Build edfast's own Ed25519/Ed448 backend" ON)
option(EDFAST_WITH_SODIUM "Build the libsodium backend when libsodium is found" ON)
option(EDFAST_WITH_DECAF "Build the libdecaf backend (Ed448) when libdecaf is found" ON)

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

message(STATUS "edfast backends: openssl native=${EDFAST_WITH_NATIVE} sodium=${EDFAST_HAVE_SODIUM} decaf=${EDFAST_HAVE_DECAF}")
message(STATUS "edfast installs into ${EDFAST_MODULES_DIR}")
