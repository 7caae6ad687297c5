# native_path_tests(<name> COMMAND <command> [<arg>...] [LABEL <label>]
#                   [PROPERTIES <prop> <value>...]):
# the CTest <name>_<path> for every native path this build has
# (EDFAST_NATIVE_PATHS), the path forced with EDFAST_NATIVE_PATH, labelled
# LABEL (default c; see test/CMakeLists.txt).  A path the CPU lacks reports
# the test skipped (77).  Shared by native25519/ and
# native448/.
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
