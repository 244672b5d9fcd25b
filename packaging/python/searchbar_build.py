"""The PEP 517 backend of searchbar's wheel and sdist: scikit-build-core, after a toolchain check.

Building libsearchbar from source needs the Swift 6.3 toolchain. Without it, CMake's language
check and pip fill a screen with errors; this backend stops before CMake runs, with one line
saying what is needed. Metadata and the sdist need no toolchain and are scikit-build-core's.
"""
import re
import shutil
import subprocess

from scikit_build_core import build as _backend
from scikit_build_core.build import (  # noqa: F401 (hooks re-exported as they are)
    build_sdist,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

MINIMUM_SWIFT = (6, 3)
NEEDED = (
    "searchbar: building libsearchbar from source needs the Swift 6.3 toolchain "
    "(swiftc on PATH, https://www.swift.org/install/linux/) and ICU's headers "
    "(Debian: apt-get install libicu-dev); {found}"
)


def _require_swift():
    swiftc = shutil.which("swiftc")
    if swiftc is None:
        raise SystemExit(NEEDED.format(found="swiftc is not on PATH"))
    try:
        banner = subprocess.run([swiftc, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as error:
        raise SystemExit(NEEDED.format(found=f"{swiftc} does not run ({error})")) from None
    match = re.search(r"Swift version (\d+)\.(\d+)", banner)
    if match is None or tuple(map(int, match.groups())) < MINIMUM_SWIFT:
        found = match.group(0) if match else "no version"
        raise SystemExit(NEEDED.format(found=f"{swiftc} is {found}"))


def get_requires_for_build_wheel(config_settings=None):
    _require_swift()
    return _backend.get_requires_for_build_wheel(config_settings)


def get_requires_for_build_editable(config_settings=None):
    _require_swift()
    return _backend.get_requires_for_build_editable(config_settings)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _require_swift()
    return _backend.build_wheel(wheel_directory, config_settings, metadata_directory)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    _require_swift()
    return _backend.build_editable(wheel_directory, config_settings, metadata_directory)
