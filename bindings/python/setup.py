"""Bundles libsearchbar.so into the package at build time.

Where the library comes from, in order:
  1. SEARCHBAR_PREBUILT_LIBRARY: a path to an already built libsearchbar.so;
  2. a CMake build of this repository in ../../build (cmake -G Ninja -B build);
  3. otherwise this step runs that CMake build itself (needs the Swift toolchain, cmake, ninja).
The file is copied as one real file (a wheel cannot hold symlinks), and the wheel is tagged for
this platform. This is the developers' install; the distributed wheel is built from the
repository's pyproject.toml (scikit-build-core) and repaired with auditwheel.
"""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

try:
    from setuptools.command.bdist_wheel import bdist_wheel  # setuptools >= 70.1
except ImportError:
    from wheel.bdist_wheel import bdist_wheel

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
    if shutil.which("swiftc") is None:
        raise SystemExit("searchbar: no libsearchbar.so to bundle, and building one needs the Swift 6.3 "
                         "toolchain (swiftc on PATH); or set SEARCHBAR_PREBUILT_LIBRARY to a built library")
    build_dir = os.path.join(REPO, "build")
    subprocess.check_call(["cmake", "-G", "Ninja", "-S", REPO, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release"])
    subprocess.check_call(["cmake", "--build", build_dir, "--target", "searchbar"])
    return built


class PlatformWheel(bdist_wheel):
    """Tags the wheel py3-none-<platform>: it carries a native library, but no CPython extension."""

    def finalize_options(self):
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        return ("py3", "none", super().get_tag()[2])


class BuildWithLibrary(build_py):
    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "searchbar", "_lib")
        os.makedirs(target, exist_ok=True)
        shutil.copyfile(os.path.realpath(locate_library()), os.path.join(target, "libsearchbar.so"))


setup(cmdclass={"build_py": BuildWithLibrary, "bdist_wheel": PlatformWheel})
