# SPDX-License-Identifier: Apache-2.0
# The native backends' tests (native25519/, native448/).
#
# native_path_tests(<name> COMMAND <command> [<arg>...] [LABEL <label>]
#                   [PROPERTIES <prop> <value>...]):
# the CTest <name>_<path> for every native path this build has
# (EDFAST_NATIVE_PATHS), the path forced with EDFAST_NATIVE_PATH, labelled
# LABEL (default c; see test/CMakeLists.txt).  A path the CPU lacks reports
# the test skipped (77).  Where the command runs a program that has a twin on
# the emulated ifma path (native_test_program), also <name>_ifma_emulated:
# the same test, the twin on the ifma path.
include_guard(GLOBAL)

# The ifma path's code again on emulated intrinsics (ifma_emulation/, never in
# edfast.so): its conformance and constant-time tests then run on every
# x86-64 CPU with the adx path, and under valgrind, which cannot execute
# AVX-512.  Where the CPU has IFMA the real path is tested as well.
option(EDFAST_IFMA_EMULATION "Test the ifma path's code on emulated intrinsics too" ON)
if(EDFAST_IFMA_EMULATION AND "ifma" IN_LIST EDFAST_NATIVE_PATHS)
    edfast_native_cpu_library(edfast_native_cpu_ifma_emulated
        EMULATION_DIR ${CMAKE_CURRENT_LIST_DIR}/ifma_emulation)
    get_property(curves GLOBAL PROPERTY EDFAST_NATIVE_CURVES)
    foreach(curve ${curves})
        edfast_native_accel_library(edfast_native_${curve}_accel_ifma_emulated
                                    LIKE edfast_native_${curve}_accel
                                    EMULATION_DIR ${CMAKE_CURRENT_LIST_DIR}/ifma_emulation)
        target_link_libraries(edfast_native_cpu_ifma_emulated PUBLIC
                              edfast_native_${curve}_accel_ifma_emulated)
        add_library(edfast_native_${curve}_ifma_emulated INTERFACE)
        target_link_libraries(edfast_native_${curve}_ifma_emulated INTERFACE
                              edfast_native_${curve}_code edfast_native_cpu_ifma_emulated)
    endforeach()
endif()

function(native_path_tests name)
    cmake_parse_arguments(N "" "LABEL" "COMMAND;PROPERTIES" ${ARGN})
    if(NOT N_LABEL)
        set(N_LABEL c)
    endif()
    foreach(path ${EDFAST_NATIVE_PATHS})
        add_test(NAME ${name}_${path} COMMAND ${N_COMMAND})
        set_tests_properties(${name}_${path} PROPERTIES
            ENVIRONMENT EDFAST_NATIVE_PATH=${path} SKIP_RETURN_CODE 77 LABELS ${N_LABEL} ${N_PROPERTIES})
    endforeach()
    set(emulated "")
    set(twinned OFF)
    foreach(arg ${N_COMMAND})
        string(REGEX REPLACE "^(\\$<TARGET_FILE:)?([A-Za-z0-9_]+)(>)?$" "\\2" program "${arg}")
        if(TARGET ${program}_ifma_emulated)
            string(REPLACE "${program}" "${program}_ifma_emulated" arg "${arg}")
            set(twinned ON)
        endif()
        list(APPEND emulated "${arg}")
    endforeach()
    if(twinned)
        add_test(NAME ${name}_ifma_emulated COMMAND ${emulated})
        set_tests_properties(${name}_ifma_emulated PROPERTIES
            ENVIRONMENT EDFAST_NATIVE_PATH=ifma SKIP_RETURN_CODE 77 LABELS ${N_LABEL} ${N_PROPERTIES})
    endif()
endfunction()

# native_test_program(<curve> <name> [NO_TWIN]): the program
# native<curve>_<name> from <name>_test.c, linked with the curve's native
# backend and the test library, and its twin native<curve>_<name>_ifma_emulated
# where the build has one (NO_TWIN: a test of no path's code, or of the adx one).
function(native_test_program curve name)
    cmake_parse_arguments(P "NO_TWIN" "" "" ${ARGN})
    set(program native${curve}_${name})
    add_executable(${program} ${name}_test.c)
    target_link_libraries(${program} PRIVATE edfast_native_ed${curve} edfast_test_util
                          OpenSSL::Crypto Threads::Threads)
    add_dependencies(edfast_c_tests ${program})
    if(TARGET edfast_native_ed${curve}_ifma_emulated AND NOT P_NO_TWIN)
        add_executable(${program}_ifma_emulated ${name}_test.c)
        target_link_libraries(${program}_ifma_emulated PRIVATE edfast_native_ed${curve}_ifma_emulated
                              edfast_test_util OpenSSL::Crypto Threads::Threads)
        target_compile_definitions(${program}_ifma_emulated PRIVATE EDFAST_IFMA_EMULATED)
        add_dependencies(edfast_c_tests ${program}_ifma_emulated)
    endif()
endfunction()

# native_test_programs(<var> <curve> <name>): <var> = native<curve>_<name> and
# its twin, if built, for settings that both need.
function(native_test_programs var curve name)
    set(programs native${curve}_${name})
    if(TARGET native${curve}_${name}_ifma_emulated)
        list(APPEND programs native${curve}_${name}_ifma_emulated)
    endif()
    set(${var} ${programs} PARENT_SCOPE)
endfunction()

# native_ct_tests(<curve>): the constant-time test native<curve>_ct_<path>
# (../ct_check.h) under valgrind memcheck where it can run this build's
# programs (EDFAST_RUN_VALGRIND), else directly: a MemorySanitizer build
# checks itself, any other reports the test skipped.  Its leak control
# native<curve>_ct_detects_leak_<path> branches on the secret and must fail.
function(native_ct_tests curve)
    set(program native${curve}_ct)
    native_test_program(${curve} ct)
    native_test_programs(programs ${curve} ct)
    add_dependencies(edfast_ct_tests ${programs})
    # The program by its target name when it runs directly, so that a cross
    # build runs it through its emulator.
    set(command ${program})
    set(label c)
    if(EDFAST_RUN_VALGRIND)
        set(command ${EDFAST_VALGRIND} --error-exitcode=1 --track-origins=yes -q
                    $<TARGET_FILE:${program}>)
        set(label valgrind)
    endif()
    native_path_tests(${program} LABEL ${label} COMMAND ${command})
    native_path_tests(${program}_detects_leak LABEL ${label} COMMAND ${command} leak
                      PROPERTIES WILL_FAIL TRUE)
endfunction()
