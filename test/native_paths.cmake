# native_path_tests(<name> COMMAND <command> [<arg>...] [PROPERTIES <prop> <value>...]):
# the CTest <name>_<path> for every native path this build has
# (EDFAST_NATIVE_PATHS), the path forced with EDFAST_NATIVE_PATH.  A path
# the CPU lacks reports the test skipped (77).  Shared by native25519/ and
# native448/.
include_guard(GLOBAL)

function(native_path_tests name)
    cmake_parse_arguments(N "" "" "COMMAND;PROPERTIES" ${ARGN})
    foreach(path ${EDFAST_NATIVE_PATHS})
        add_test(NAME ${name}_${path} COMMAND ${N_COMMAND})
        set_tests_properties(${name}_${path} PROPERTIES
            ENVIRONMENT EDFAST_NATIVE_PATH=${path} SKIP_RETURN_CODE 77 LABELS "c" ${N_PROPERTIES})
    endforeach()
endfunction()
