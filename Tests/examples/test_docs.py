"""The user documents say what the product is: every option a script parses is in its --help,
and no document narrates the development history."""
import os
import re
import subprocess

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
USER_DOCUMENTS = ["README.md", "bench/README.md", "docs/bad-input.md", "docs/uikit-mapping.md"]


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
