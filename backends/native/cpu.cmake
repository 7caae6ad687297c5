# SPDX-License-Identifier: Apache-2.0
# What every curve of the native backend is built with, and the CPU-dispatch
# library (cpu.c).  A curve's CMakeLists.txt is one edfast_native_curve()
# call listing its sources; that registers the curve's accelerated library
# with the dispatch library, so nothing here names a curve or a path (the
# paths are listed once, in paths.def, and the curves in curves.def).  cpu.c
# refers to each curve's table of accelerated code (its accel.c), which in
# turn needs nothing from the portable code but the tables generated into it,
# so the portable code depends on no accelerated library.  The
# architecture-specific files compile to nothing on other CPUs.
# Included by each curve, defined once.
include_guard(GLOBAL)
find_package(OpenSSL 3.0 REQUIRED COMPONENTS Crypto)
find_package(Threads REQUIRED)
include(CheckCCompilerFlag)
include(CheckIncludeFile)

# Lets cpu.c see through valgrind's CPUID, which hides ADX (see there).
check_include_file(valgrind/valgrind.h EDFAST_HAVE_VALGRIND_H)

# gcc copies the 160-byte 4-way field elements with aligned 64-byte zmm moves
# wherever it believes a stack slot is 64-byte aligned.  Under ASan's
# use-after-scope those values live in the ASan frame, which
# detect_stack_use_after_return moves to a "fake stack" frame that gcc's
# libasan (12 and 14; LLVM fixed it in compiler-rt, PR 152819) aligns to 32
# bytes only, so the first such move faults.  Minimal reproducer (gcc 12,
# -O2 -fsanitize=address, ASAN_OPTIONS=detect_stack_use_after_return=1):
#
#   typedef struct { __m256i l[5]; } fe4;
#   static inline __attribute__((always_inline, target("avx512f,avx512vl")))
#   fe4 twice(fe4 a) { fe4 r; for (int i = 0; i < 5; i++) r.l[i] = _mm256_add_epi64(a.l[i], a.l[i]); return r; }
#   __attribute__((noinline)) void opaque(void *p) { memset(p, 1, 1); }
#   __attribute__((noinline, target("avx512f,avx512vl"))) long long f(long long x, int i)
#   {
#       __m512i wide = _mm512_set1_epi64(x);   /* aligns the frame to 64 */
#       char pad[60000];                        /* a large fake-stack class */
#       fe4 p;
#       for (int k = 0; k < 5; k++) p.l[k] = _mm256_set1_epi64x(x + k);
#       opaque(pad);
#       p = twice(twice(p));                    /* SEGV: vmovdqa64 to a 32-aligned slot */
#       return _mm256_extract_epi64(_mm256_add_epi64(p.l[i], _mm512_castsi512_si256(wide)), 0) + pad[0];
#   }
#
# Capping block moves and stores at 32 bytes keeps every stack access at the
# alignment the runtime gives; the real arithmetic stays 512-bit where the
# code asks for it.  Outside ASan these copies do not exist (the values live
# in registers), so the cap costs nothing there.  clang makes no such moves.
# gcc 16 deprecates -mstore-max (-mmove-max covers stores) and no longer
# makes these moves (the reproducer passes there without either flag).
# (The options are made in edfast_native_accel_library, which the curves call
# from directories of their own: a variable set here would not reach them.)
check_c_compiler_flag("-mmove-max=256" EDFAST_HAVE_MOVE_MAX)

# edfast_native_accel_library(<name> SOURCES <file>... AVX512_SOURCES <file>...
#                             [EMULATION_DIR <dir>])
# edfast_native_accel_library(<name> LIKE <target> EMULATION_DIR <dir>)
# The static library <name> of one curve's accelerated sources, relative to
# the calling CMakeLists.txt: accel.c (the curve's table of paths) and the
# paths' files, each compiled to nothing where its architecture is not built.
# AVX512_SOURCES use AVX-512 and get the flags that needs.  With
# EMULATION_DIR (tests only, see test/ifma_emulation), the AVX-512 code is
# built against the portable emulation of its intrinsics found there, so that
# it runs on any x86-64 CPU with the adx path, and under valgrind; LIKE takes
# the sources and the linked libraries of a library made by the first form,
# so that its emulated twin needs no second list.
function(edfast_native_accel_library name)
  cmake_parse_arguments(X "" "EMULATION_DIR;LIKE" "SOURCES;AVX512_SOURCES" ${ARGN})
  set(like_libraries "")
  if(X_LIKE)
    get_target_property(X_SOURCES ${X_LIKE} EDFAST_ACCEL_SOURCES)
    get_target_property(X_AVX512_SOURCES ${X_LIKE} EDFAST_AVX512_SOURCES)
    get_target_property(like_libraries ${X_LIKE} LINK_LIBRARIES)
  else()
    list(TRANSFORM X_SOURCES PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/)
    list(TRANSFORM X_AVX512_SOURCES PREPEND ${CMAKE_CURRENT_SOURCE_DIR}/)
  endif()
  add_library(${name} STATIC ${X_SOURCES} ${X_AVX512_SOURCES})
  set_target_properties(${name} PROPERTIES
      EDFAST_ACCEL_SOURCES "${X_SOURCES}"
      EDFAST_AVX512_SOURCES "${X_AVX512_SOURCES}")
  if(EDFAST_HAVE_MOVE_MAX)
    set(move_max_options -mmove-max=256)
    if(CMAKE_C_COMPILER_ID STREQUAL "GNU" AND CMAKE_C_COMPILER_VERSION VERSION_LESS 16)
      list(APPEND move_max_options -mstore-max=256)
    endif()
    set_source_files_properties(${X_AVX512_SOURCES} TARGET_DIRECTORY ${name} PROPERTIES
                                COMPILE_OPTIONS "${move_max_options}")
  endif()
  edfast_native_settings(${name} "${X_EMULATION_DIR}")
  if(like_libraries)
    target_link_libraries(${name} PRIVATE ${like_libraries})
  endif()
endfunction()

# edfast_native_table_generator(<curve> SOURCES <file>... COMMENT <text>): the
# curve's tables that depend on the curve alone, as constant data built into
# its code library, so that no process computes them: the program
# <curve>_gen_tables (the calling folder's gen_tables.c, table_gen.c here and
# the curve's SOURCES it builds the tables with; never the library it fills)
# and the rule that writes what it prints to tables_data.c in the calling
# folder's binary directory, which the curve's code library lists.  The
# program runs on the machine the library is for, so that the tables are in
# that machine's representation: COMMAND names its target, which a cross
# build runs through its emulator (CMAKE_CROSSCOMPILING_EMULATOR); CMake names
# the file of a cross build's target only with an emulator, so one without
# runs the file itself, as the tests do (cmake/toolchain-i386.cmake).
function(edfast_native_table_generator curve)
  cmake_parse_arguments(G "" "COMMENT" "SOURCES" ${ARGN})
  set(program ${curve}_gen_tables)
  add_executable(${program} gen_tables.c ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/table_gen.c
                 ${G_SOURCES})
  set(command ${program})
  if(CMAKE_CROSSCOMPILING AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
    set(command $<TARGET_FILE:${program}>)
  endif()
  add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/tables_data.c
      COMMAND ${command} > tables_data.c.tmp
      COMMAND ${CMAKE_COMMAND} -E rename tables_data.c.tmp tables_data.c
      DEPENDS ${program}
      WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}
      COMMENT "${G_COMMENT}"
      VERBATIM)
endfunction()

# edfast_native_cpu_library(<name> [EMULATION_DIR <dir>]): the library <name>
# of cpu.c and the architectures' probes; each curve's accelerated library
# (made with the same EMULATION_DIR or none) is linked into it as the curve
# registers (edfast_native_curve, test/native_paths.cmake).
function(edfast_native_cpu_library name)
  cmake_parse_arguments(C "" "EMULATION_DIR" "" ${ARGN})
  add_library(${name} STATIC ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cpu.c
              ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cpu_x86.c)
  edfast_native_settings(${name} "${C_EMULATION_DIR}")
  if(EDFAST_HAVE_VALGRIND_H)
    target_compile_definitions(${name} PRIVATE EDFAST_HAVE_VALGRIND_H)
  endif()
endfunction()

# edfast_native_curve(<curve> CODE <file>... TABLES <file>... COMMENT <text>
#                     ACCEL <file>... AVX512 <file>...)
# A curve of the native backend, from its folder's CMakeLists.txt: the
# program that makes its tables (edfast_native_table_generator, from the
# TABLES sources), its portable code library edfast_native_<curve>_code (CODE
# and the generated tables), its accelerated library
# edfast_native_<curve>_accel (ACCEL, AVX512: edfast_native_accel_library),
# registered with the dispatch library, and edfast_native_<curve>, the two
# with the dispatch library, which users link.  The code library is apart
# from the dispatch library so that the tests can link it with the emulated
# ifma path too (test/native_paths.cmake, which loops over the curves
# registered in the global property EDFAST_NATIVE_CURVES).
function(edfast_native_curve curve)
  cmake_parse_arguments(N "" "COMMENT" "CODE;TABLES;ACCEL;AVX512" ${ARGN})
  edfast_native_table_generator(${curve} SOURCES ${N_TABLES} COMMENT "${N_COMMENT}")
  add_library(edfast_native_${curve}_code STATIC ${N_CODE}
              ${CMAKE_CURRENT_BINARY_DIR}/tables_data.c)
  foreach(target edfast_native_${curve}_code ${curve}_gen_tables)
    edfast_native_settings(${target} "")
  endforeach()
  edfast_native_accel_library(edfast_native_${curve}_accel SOURCES ${N_ACCEL} AVX512_SOURCES ${N_AVX512})
  # The accelerated code reads the tables generated into the code library.
  target_link_libraries(edfast_native_${curve}_accel PRIVATE edfast_native_${curve}_code)
  target_link_libraries(edfast_native_cpu PUBLIC edfast_native_${curve}_accel)
  add_library(edfast_native_${curve} INTERFACE)
  target_link_libraries(edfast_native_${curve} INTERFACE edfast_native_${curve}_code edfast_native_cpu)
  set_property(GLOBAL APPEND PROPERTY EDFAST_NATIVE_CURVES ${curve})
endfunction()

# What every native library and program is built with.  Only backends/native
# itself is on the include path: a curve's files include each other by the
# path relative to their own folder, and everyone else as "ed25519/field.h",
# so that no header name is there twice.
function(edfast_native_settings name emulation_dir)
  set_target_properties(${name} PROPERTIES
      POSITION_INDEPENDENT_CODE ON
      C_STANDARD 11
      C_STANDARD_REQUIRED ON
      C_EXTENSIONS OFF)
  target_include_directories(${name} PUBLIC ${CMAKE_CURRENT_FUNCTION_LIST_DIR})
  target_compile_options(${name} PRIVATE -O3 -Wall -Wextra)
  # OpenSSL for OPENSSL_cleanse and the keys' memory; pthreads for the
  # once-made choice and the keys.
  target_link_libraries(${name} PUBLIC OpenSSL::Crypto Threads::Threads)
  if(emulation_dir)
    target_compile_definitions(${name} PRIVATE EDFAST_IFMA_EMULATED)
    target_include_directories(${name} PRIVATE ${emulation_dir})
  endif()
endfunction()

edfast_native_cpu_library(edfast_native_cpu)
