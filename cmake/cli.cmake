# The `searchbar` command-line tool (Sources/SearchBarCLI), installed beside the library with
# its shell completions and man page. Like the library it links the Swift runtime statically,
# so the installed binary needs only libc, libstdc++ and ICU. swift-argument-parser is compiled
# here from its sources (SwiftPM's copy cannot be linked into a CMake target); its release is
# the one SwiftPM resolves for Package.swift. The completions and the man page are generated
# from the built tool by swift-argument-parser itself (--generate-completion-script and its
# generate-manual tool), so they always match the options.
include(FetchContent)
set(SEARCHBAR_ARGUMENT_PARSER_TAG 1.8.2 CACHE STRING "swift-argument-parser release the CLI is built with")
FetchContent_Declare(swift_argument_parser
  GIT_REPOSITORY https://github.com/apple/swift-argument-parser.git
  GIT_TAG ${SEARCHBAR_ARGUMENT_PARSER_TAG}
  GIT_SHALLOW TRUE)
FetchContent_GetProperties(swift_argument_parser)
if(NOT swift_argument_parser_POPULATED)
  FetchContent_Populate(swift_argument_parser)
endif()
set(SB_AP_DIR ${swift_argument_parser_SOURCE_DIR})

# Swift 6 language mode, as SwiftPM builds these packages (swift-tools-version 6.x).
set(SB_CLI_SWIFT_FLAGS ${SB_SWIFT_FLAGS} -swift-version 6)

# sb_add_swift_module(TARGET MODULE KIND SOURCES...): a Swift library or tool of the CLI's build.
function(sb_add_swift_module target module kind)
  if(kind STREQUAL "EXECUTABLE")
    add_executable(${target} ${ARGN})
    # CMake 3.25 declares an executable's MODULE.swiftmodule as an output of its one Swift edge
    # but does not ask for it; without it Ninja would link every tool again on every build.
    target_compile_options(${target} PRIVATE -parse-as-library
      -emit-module -emit-module-path ${CMAKE_CURRENT_BINARY_DIR}/${module}.swiftmodule)
  else()
    add_library(${target} STATIC ${ARGN})
    set_target_properties(${target} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  endif()
  set_target_properties(${target} PROPERTIES Swift_MODULE_NAME ${module})
  target_compile_options(${target} PRIVATE ${SB_CLI_SWIFT_FLAGS})
  sb_settle_swift_outputs(${target} ${module})
endfunction()

file(GLOB SB_AP_TOOLINFO_SOURCES ${SB_AP_DIR}/Sources/ArgumentParserToolInfo/*.swift)
sb_add_swift_module(sb_argument_parser_tool_info ArgumentParserToolInfo STATIC ${SB_AP_TOOLINFO_SOURCES})

file(GLOB_RECURSE SB_AP_SOURCES ${SB_AP_DIR}/Sources/ArgumentParser/*.swift)
sb_add_swift_module(sb_argument_parser ArgumentParser STATIC ${SB_AP_SOURCES})
target_link_libraries(sb_argument_parser PUBLIC sb_argument_parser_tool_info)

# --- The tool ------------------------------------------------------------------------------------
file(GLOB SB_CLI_SOURCES CONFIGURE_DEPENDS Sources/SearchBarCLI/*.swift)
sb_add_swift_module(searchbar_cli SearchBarCLI EXECUTABLE ${SB_CLI_SOURCES})
set_target_properties(searchbar_cli PROPERTIES OUTPUT_NAME searchbar RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/bin)
target_include_directories(searchbar_cli PRIVATE
  ${CMAKE_CURRENT_SOURCE_DIR}/Sources/CSearchBar/include
  ${CMAKE_CURRENT_SOURCE_DIR}/Sources/CICU/include)
target_link_libraries(searchbar_cli PRIVATE SearchBarCore sb_argument_parser)
target_link_options(searchbar_cli PRIVATE $<$<LINK_LANGUAGE:Swift>:-static-stdlib>)
# ArgumentParser imports FoundationEssentials; its static archive needs these two after it, which
# the driver's autolinking does not add.
target_link_libraries(searchbar_cli PRIVATE FoundationEssentials _FoundationCollections _FoundationCShims)

# --- Completions and man page, generated from the built tool ------------------------------------
file(GLOB SB_GENERATE_MANUAL_SOURCES ${SB_AP_DIR}/Tools/generate-manual/*.swift
     ${SB_AP_DIR}/Tools/generate-manual/*/*.swift ${SB_AP_DIR}/Tools/generate-manual/*/*/*.swift)
sb_add_swift_module(sb_generate_manual generate_manual EXECUTABLE ${SB_GENERATE_MANUAL_SOURCES})
target_link_libraries(sb_generate_manual PRIVATE sb_argument_parser sb_argument_parser_tool_info)

set(SB_CLI_DOCS ${CMAKE_CURRENT_BINARY_DIR}/cli-docs)
set(SB_CLI_DOC_FILES ${SB_CLI_DOCS}/searchbar.bash ${SB_CLI_DOCS}/_searchbar
    ${SB_CLI_DOCS}/searchbar.fish ${SB_CLI_DOCS}/searchbar.1.gz)
add_custom_command(
  OUTPUT ${SB_CLI_DOC_FILES}
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cmake/generate_cli_docs.sh
          $<TARGET_FILE:searchbar_cli> $<TARGET_FILE:sb_generate_manual> ${SB_CLI_DOCS}
  DEPENDS searchbar_cli sb_generate_manual ${CMAKE_CURRENT_SOURCE_DIR}/cmake/generate_cli_docs.sh
  COMMENT "Generating the searchbar tool's shell completions and man page")
add_custom_target(searchbar_cli_docs ALL DEPENDS ${SB_CLI_DOC_FILES})

# Debian's zsh reads packages' completions from vendor-completions, other systems from site-functions.
if(EXISTS /etc/debian_version)
  set(_sb_zsh_dir ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
else()
  set(_sb_zsh_dir ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
endif()
set(SEARCHBAR_ZSH_COMPLETION_DIR ${_sb_zsh_dir} CACHE STRING "Where zsh completions are installed")

install(TARGETS searchbar_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT tools)
install(FILES ${SB_CLI_DOCS}/searchbar.bash RENAME searchbar
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions COMPONENT tools)
install(FILES ${SB_CLI_DOCS}/_searchbar DESTINATION ${SEARCHBAR_ZSH_COMPLETION_DIR} COMPONENT tools)
install(FILES ${SB_CLI_DOCS}/searchbar.fish
  DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d COMPONENT tools)
install(FILES ${SB_CLI_DOCS}/searchbar.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT tools)
