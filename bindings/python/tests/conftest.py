import json
import os

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def load_cases():
    with open(os.path.join(REPO, "Tests", "Fixtures", "i18n-cases.json"), encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="session")
def repo():
    return REPO
