# Debian packages from CPack: `cpack -G DEB` in the build directory writes
#   libsearchbar<SOVERSION>  the shared library (component runtime), ldconfig trigger, shlibs;
#   libsearchbar-dev         header, unversioned .so symlink, searchbar.pc, CMake package (dev);
#   searchbar-tools          the searchbar CLI, its completions and man page (tools).
# Depends come from dpkg-shlibdeps over each package's ELF files' NEEDED entries (libicu72,
# libc6, libstdc++6, libgcc-s1 on Debian 12), never from a list kept here. Configure with
# -DCMAKE_INSTALL_PREFIX=/usr so that GNUInstallDirs picks Debian's multiarch library directory.
set(SEARCHBAR_PACKAGE_CONTACT "searchbar maintainers <maintainers@users.noreply.a-seed-675faf9b.example>"
  CACHE STRING "Maintainer of the Debian packages")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME searchbar)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT ${SEARCHBAR_PACKAGE_CONTACT})
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_PACKAGE_FILE_NAME searchbar-${PROJECT_VERSION})
set(CPACK_OUTPUT_FILE_PREFIX ${CMAKE_CURRENT_BINARY_DIR}/packages)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
if(SEARCHBAR_CLI)
  list(APPEND CPACK_COMPONENTS_ALL tools)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Stripped, as Debian ships binaries (the library 13.2 -> 8.9 MB, the tool 24.1 -> 15.7 MB).
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)

set(SB_RUNTIME_PACKAGE libsearchbar${PROJECT_VERSION_MAJOR})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME ${SB_RUNTIME_PACKAGE})
set(CPACK_DEBIAN_RUNTIME_PACKAGE_SECTION libs)
# Each description's first line is the package's summary. CPackDeb puts the project's summary
# above a component's description unless that summary is CPack's placeholder, hence the latter.
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${CMAKE_PROJECT_NAME} built using CMake")
set(CPACK_DEBIAN_RUNTIME_DESCRIPTION "headless search-bar engine (shared library)
searchbar owns a search bar's state and behaviour (text, tokens, scopes,
suggestions, recent searches) and filters and ranks items per keystroke with
ICU's folding, word break and collation, on a thread pool that cancels stale
work. The host draws the pixels.
.
This package holds the shared library, with the Swift runtime linked in.")
# A shlibs file (`libsearchbar 0 libsearchbar0 (>= VERSION)`), so that packages built against
# this one get their dependency from dpkg-shlibdeps, and an ldconfig trigger.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_RUNTIME_PACKAGE_CONTROL_EXTRA ${CMAKE_CURRENT_SOURCE_DIR}/packaging/debian/triggers)

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libsearchbar-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_COMPONENT_DEV_DEPENDS runtime)
set(CPACK_DEBIAN_DEV_DESCRIPTION "headless search-bar engine (development files)
The C header, the unversioned library symlink, a pkg-config file
(searchbar.pc) and a CMake package (find_package(searchbar CONFIG), target
searchbar::searchbar).")

set(CPACK_DEBIAN_TOOLS_PACKAGE_NAME searchbar-tools)
set(CPACK_DEBIAN_TOOLS_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_TOOLS_DESCRIPTION "headless search-bar engine (command-line tool)
searchbar folds, tokenizes, sorts and filters text from the shell with the
engine's internationalized matching; with bash, zsh and fish completions and a
man page.")

# Debian wants /usr/share/doc/<package>/copyright and changelog.Debian.gz in every package.
# EXCLUDE_FROM_ALL: installed only into the packages (CPack installs by component), not by a
# plain `cmake --install`. The changelog's date is SOURCE_DATE_EPOCH's when set.
string(TIMESTAMP SB_PACKAGE_DATE "%a, %d %b %Y %H:%M:%S +0000" UTC)
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/packaging/debian/copyright.in
  ${CMAKE_CURRENT_BINARY_DIR}/debian/copyright @ONLY)
configure_file(${CMAKE_CURRENT_SOURCE_DIR}/packaging/debian/changelog.in
  ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian @ONLY)
file(ARCHIVE_CREATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian.gz
  PATHS ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian
  FORMAT raw COMPRESSION GZip COMPRESSION_LEVEL 9 MTIME 0)
foreach(_component IN LISTS CPACK_COMPONENTS_ALL)
  string(TOUPPER ${_component} _upper)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/debian/copyright
                ${CMAKE_CURRENT_BINARY_DIR}/debian/changelog.Debian.gz
    DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${CPACK_DEBIAN_${_upper}_PACKAGE_NAME}
    COMPONENT ${_component} EXCLUDE_FROM_ALL)
endforeach()

include(CPack)
