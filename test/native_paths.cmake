# The native backends' tests (native25519/, native448/).
#
# native_path_tests(<name> COMMAND <command> [<arg>...] [LABEL <label>]
#                   [PROPERTIES <prop> <value>...]):
# the CTest <name>_<path> for every native path this build has
# (EDFAST_NATIVE_PATHS), the path forced with EDFAST_NATIVE_PATH, labelled
# LABEL (default c; see test/CMakeLists.txt).  A path the CPU lacks reports
# the test skipped (77).
include_guard(GLOBAL)

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
endfunction()

# native_test_program(<curve> <name>): the program native<curve>_<name> from
# <name>_test.c, linked with the curve's native backend and the test library.
function(native_test_program curve name)
    add_executable(native${curve}_${name} ${name}_test.c)
    target_link_libraries(native${curve}_${name} PRIVATE edfast_native_ed${curve} edfast_test_util
                          OpenSSL::Crypto Threads::Threads)
    add_dependencies(edfast_c_tests native${curve}_${name})
endfunction()
