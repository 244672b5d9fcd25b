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


def wait_hits(session, generation, timeout=30):
    """The hits a session delivers for `generation` or a newer query (polled: a session on a
    manual clock searches on the library's threads); fails after `timeout` seconds."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        got, hits = session.hits()
        if got >= generation and hits:
            return hits
        assert time.monotonic() < deadline, "the session delivered no hits"
        time.sleep(0.01)
