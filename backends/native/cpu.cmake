# The CPU-dispatch point (cpu.c) and every x86-64-only source of both curves,
# in one library that both curve libraries link: cpu.c refers to each curve's
# accelerated code, which in turn needs nothing from the portable code, so
# the libraries do not depend on each other.  The x86-only files compile to
# nothing on other CPUs.  Included by ed25519/ and ed448/, defined once.
include_guard(GLOBAL)
find_package(OpenSSL 3.0 REQUIRED COMPONENTS Crypto)
find_package(Threads REQUIRED)

add_library(edfast_native_cpu STATIC
    ${CMAKE_CURRENT_LIST_DIR}/cpu.c
    ${CMAKE_CURRENT_LIST_DIR}/ed25519/accel_x86.c
    ${CMAKE_CURRENT_LIST_DIR}/ed25519/point_ifma.c
    ${CMAKE_CURRENT_LIST_DIR}/ed25519/point_adx.c
    ${CMAKE_CURRENT_LIST_DIR}/ed25519/field_adx.c
    ${CMAKE_CURRENT_LIST_DIR}/ed448/accel_x86.c
    ${CMAKE_CURRENT_LIST_DIR}/ed448/shake256_avx512.c)
set_target_properties(edfast_native_cpu PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    C_STANDARD 11
    C_STANDARD_REQUIRED ON
    C_EXTENSIONS OFF)
target_include_directories(edfast_native_cpu PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_compile_options(edfast_native_cpu PRIVATE -O3 -Wall -Wextra)
# OpenSSL for OPENSSL_cleanse in the IFMA code; pthreads for the once-made choice.
target_link_libraries(edfast_native_cpu PUBLIC OpenSSL::Crypto Threads::Threads)

# Lets cpu.c see through valgrind's CPUID, which hides ADX (see there).
include(CheckIncludeFile)
check_include_file(valgrind/valgrind.h EDFAST_HAVE_VALGRIND_H)
if(EDFAST_HAVE_VALGRIND_H)
  target_compile_definitions(edfast_native_cpu PRIVATE EDFAST_HAVE_VALGRIND_H)
endif()
