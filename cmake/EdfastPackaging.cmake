# SPDX-License-Identifier: Apache-2.0
# `cpack -G DEB` in the build directory: a Debian package of edfast for the
# release it was built on.  It installs edfast.so into that release's OpenSSL
# modules directory, the EdFast JCA jar into /usr/share/java and its JNI
# library into /usr/lib/<multiarch>/jni (on the JDK's default
# java.library.path), and an opt-in configuration snippet /etc/ssl/edfast.cnf
# (see its comments; scripts/deb-test.sh installs and enables it).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/debian/edfast.cnf DESTINATION /etc/ssl)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/debian/openssl.cnf DESTINATION share/edfast)
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/openssl.cnf.sample
              ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/NOTICE
              ${CMAKE_CURRENT_LIST_DIR}/debian/copyright
        DESTINATION share/doc/edfast)
if(TARGET edfastjni)
  include(UseJava)
  install(TARGETS edfastjni LIBRARY DESTINATION lib/${CMAKE_LIBRARY_ARCHITECTURE}/jni)
  install_jar(edfast-jca DESTINATION share/java)
endif()

set(CPACK_PACKAGE_NAME edfast)
set(CPACK_PACKAGE_VENDOR "edfast")
set(CPACK_PACKAGE_CONTACT "edfast developers <edfast@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "fast Ed25519/Ed448 OpenSSL 3 provider, byte-identical to the default provider")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION libs)
# Library dependencies (libssl3, libc) from the binaries.  libsodium and
# libdecaf are opened only when the configuration selects their backend
# (backends/library.h): suggested, by the packages that hold the libraries
# the build found.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(_edfast_suggests default-jre-headless)
find_program(_dpkg_query dpkg-query)
foreach(_soname IN ITEMS ${EDFAST_SODIUM_SONAME} ${EDFAST_DECAF_SONAME})
  if(_dpkg_query)
    execute_process(COMMAND ${_dpkg_query} -S "*/${_soname}" OUTPUT_VARIABLE _owner ERROR_QUIET)
    if(_owner MATCHES "^([^:,]+)")
      list(APPEND _edfast_suggests ${CMAKE_MATCH_1})
    endif()
  endif()
endforeach()
string(REPLACE ";" ", " CPACK_DEBIAN_PACKAGE_SUGGESTS "${_edfast_suggests}")
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_LIST_DIR}/debian/conffiles)
include(CPack)
