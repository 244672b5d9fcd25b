"""Bundles libsearchbar.so into the package at build time.

Where the library comes from, in order:
  1. SEARCHBAR_PREBUILT_LIBRARY: a path to an already built libsearchbar.so;
  2. a CMake build of this repository in ../../build (cmake -G Ninja -B build);
  3. otherwise this step runs that CMake build itself (needs the Swift toolchain, cmake, ninja).
The file is copied as one real file (a wheel cannot hold symlinks).
"""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))


def locate_library():
    prebuilt = os.environ.get("SEARCHBAR_PREBUILT_LIBRARY")
    if prebuilt:
        if not os.path.exists(prebuilt):
            raise SystemExit(f"SEARCHBAR_PREBUILT_LIBRARY={prebuilt} does not exist")
        return prebuilt
    built = os.path.join(REPO, "build", "libsearchbar.so")
    if os.path.exists(built):
        return built
    if not os.path.exists(os.path.join(REPO, "CMakeLists.txt")):
        raise SystemExit("searchbar: no library found; set SEARCHBAR_PREBUILT_LIBRARY")
    build_dir = os.path.join(REPO, "build")
    subprocess.check_call(["cmake", "-G", "Ninja", "-S", REPO, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release"])
    subprocess.check_call(["cmake", "--build", build_dir, "--target", "searchbar"])
    return built


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "searchbar", "_lib")
        os.makedirs(target, exist_ok=True)
        shutil.copyfile(os.path.realpath(locate_library()), os.path.join(target, "libsearchbar.so"))


setup(cmdclass={"build_py": BuildWithLibrary})
