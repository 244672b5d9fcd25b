# Helpers shared by every Swift target of the build.

# sb_settle_swift_outputs(TARGET MODULE): after TARGET is built, gives its per-file objects and
# its MODULE.swiftmodule the time of the target's file, so that Ninja does not compile a
# whole-module target again when nothing changed (cmake/settle_swift_objects.py says why).
# For a static library it also deletes the archive before it is made again: swiftc adds members
# to an existing archive and never drops one, so the object of a renamed or deleted source file
# would stay in it and still be linked.
function(sb_settle_swift_outputs target module)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "STATIC_LIBRARY")
    add_custom_command(TARGET ${target} PRE_LINK
      COMMAND ${CMAKE_COMMAND} -E rm -f $<TARGET_FILE:${target}>
      VERBATIM)
  endif()
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/settle_swift_objects.py
            $<TARGET_FILE:${target}> ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir
            ${CMAKE_CURRENT_BINARY_DIR}/${module}.swiftmodule
    VERBATIM)
endfunction()
