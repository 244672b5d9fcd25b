"""Gives a Swift target's other outputs the time of the library just built with them.

CMake makes the library, every object file and the .swiftmodule outputs of one Ninja edge whose
inputs are all the module's sources. The whole-module compiler does not rewrite an object or a
module file whose contents did not change, so after one source is touched most of them stay
older than the newest input, and Ninja compiled the module again on every later build. Each
output older than the library gets the library's time: no longer older than any input, and not
newer than the library, so a build with nothing changed does nothing.

Usage: settle_swift_objects.py LIBRARY OUTPUT... (a directory stands for the .o files under it)
"""
import os
import sys


def outputs(paths):
    for path in paths:
        if os.path.isdir(path):
            for directory, _, names in os.walk(path):
                yield from (os.path.join(directory, name) for name in names if name.endswith(".o"))
        elif os.path.exists(path):
            yield path


def main(library, paths):
    built = os.stat(library).st_mtime_ns
    for path in outputs(paths):
        if os.stat(path).st_mtime_ns < built:
            os.utime(path, ns=(built, built))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
