# Helpers shared by every Swift target of the build.

# sb_settle_swift_outputs(TARGET MODULE): after TARGET is built, gives its per-file objects and
# its MODULE.swiftmodule the time of the target's file, so that Ninja does not compile a
# whole-module target again when nothing changed (cmake/settle_swift_objects.py says why).
function(sb_settle_swift_outputs target module)
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/cmake/settle_swift_objects.py
            $<TARGET_FILE:${target}> ${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir
            ${CMAKE_CURRENT_BINARY_DIR}/${module}.swiftmodule
    VERBATIM)
endfunction()
