"""The user documents and the package metadata say what the product is: every option a script
parses is in its --help, no document narrates the development history, and the licence is
stated wherever a user or a packager looks for it."""
import hashlib
import importlib.metadata
import os
import re
import subprocess
import tempfile

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BUILD = os.environ.get("SEARCHBAR_BUILD_DIR", os.path.join(REPO, "build"))
USER_DOCUMENTS = ["README.md", "CHANGELOG.md", "bench/README.md", "docs/bad-input.md", "docs/uikit-mapping.md"]


def read(path):
    with open(os.path.join(REPO, path), encoding="utf-8") as f:
        return f.read()


def test_bench_help_lists_every_option_the_script_takes_and_the_readme_shows():
    out = subprocess.run(["bash", os.path.join(REPO, "bench", "run.sh"), "--help"], capture_output=True, text=True,
                         check=True).stdout
    script = read("bench/run.sh")
    parsed = set(re.findall(r"^\s+(--[a-z0-9-]+)(?:\|[^)]*)?\)", script, flags=re.M))
    parsed |= set(re.findall(r"\|(--[a-z0-9-]+)\)", script))
    assert {"--quick", "--5m", "--no-install", "--no-build", "--keystrokes-args", "--help"} <= parsed
    missing = sorted(option for option in parsed if option not in out)
    assert not missing, f"bench/run.sh --help omits {missing}:\n{out}"
    shown = re.findall(r"```sh\n(.*?)```", read("bench/README.md"), flags=re.S)[0]
    promised = set(re.findall(r"--[a-z0-9-]+", shown))
    assert not sorted(o for o in promised if o not in out), f"bench/README.md shows options --help omits:\n{out}"


DIARY = re.compile(r"\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
                   r"[a-z]+teenth|twentieth|\d+(?:st|nd|rd|th)) session\b|\bin (?:this|an earlier|the last) session\b|"
                   r"\b(?:tried and reverted|what changed)\b", re.I)


@pytest.mark.parametrize("path", USER_DOCUMENTS)
def test_user_documents_describe_the_product_not_its_history(path):
    found = [line.strip() for line in read(path).splitlines() if DIARY.search(line)]
    assert not found, f"{path} narrates the development history (leave it to git):\n" + "\n".join(found)


# -- the licence ----------------------------------------------------------------------------------

APACHE_2_SHA256 = "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30"  # apache.org's LICENSE-2.0.txt


def version():
    types = read("Sources/CSearchBar/include/searchbar_types.h")
    parts = [re.search(rf"^#define SB_VERSION_{p} (\d+)$", types, flags=re.M).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


def test_license_is_the_apache_2_text_and_the_readme_says_so():
    with open(os.path.join(REPO, "LICENSE"), "rb") as f:
        assert hashlib.sha256(f.read()).hexdigest() == APACHE_2_SHA256, "LICENSE is the standard Apache-2.0 text"
    readme = read("README.md")
    assert "## License" in readme and "Apache License, Version 2.0" in readme and "(LICENSE)" in readme


def test_changelog_starts_at_the_current_version():
    headings = re.findall(r"^## (\S+)", read("CHANGELOG.md"), flags=re.M)
    assert headings and headings[0] == version(), f"CHANGELOG.md's newest entry is {headings[:1]}, not {version()}"
    assert headings[-1] == "0.1.0", "the changelog starts at 0.1.0"


@pytest.fixture(scope="module")
def installed_prefix():
    prefix = tempfile.mkdtemp(prefix="searchbar-prefix-")
    subprocess.run(["cmake", "--install", BUILD, "--prefix", prefix], check=True, capture_output=True)
    return prefix


def test_installed_package_states_the_license(installed_prefix, tmp_path):
    found = {name: os.path.join(d, name) for d, _, names in os.walk(installed_prefix) for name in names}
    with open(found["searchbar.pc"], encoding="utf-8") as f:
        assert "License: Apache-2.0" in f.read().splitlines()
    pc_dir = os.path.dirname(found["searchbar.pc"])
    subprocess.run(["pkg-config", "--validate", "searchbar"], env=dict(os.environ, PKG_CONFIG_PATH=pc_dir), check=True)
    with open(found["LICENSE"], "rb") as f:
        assert hashlib.sha256(f.read()).hexdigest() == APACHE_2_SHA256, "LICENSE installed with the documentation"
    assert "CHANGELOG.md" in found
    # The CMake package, as a consumer reads it.
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.25)\nproject(consumer LANGUAGES NONE)\n"
        "find_package(searchbar CONFIG REQUIRED)\nmessage(STATUS \"licence=${searchbar_LICENSE}\")\n")
    out = subprocess.run(["cmake", "-S", str(tmp_path), "-B", str(tmp_path / "b"), f"-DCMAKE_PREFIX_PATH={installed_prefix}"],
                         capture_output=True, text=True, check=True).stdout
    assert "licence=Apache-2.0" in out


def test_python_package_metadata_states_the_license():
    metadata = importlib.metadata.metadata("searchbar")
    assert metadata["License"] == "Apache-2.0"
    assert "License :: OSI Approved :: Apache Software License" in metadata.get_all("Classifier")
    assert metadata["Version"] == version()
