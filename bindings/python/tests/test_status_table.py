"""The binding's statuses and exceptions agree with the one sb_status table
(include/status_table.py), from which the C enum and the Swift copies are made."""
import importlib.util
import os

import pytest

from searchbar import errors


@pytest.fixture(scope="module")
def table(repo):
    path = os.path.join(repo, "include", "status_table.py")
    spec = importlib.util.spec_from_file_location("status_table", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_errors_module_agrees_with_the_table(table, repo):
    assert table.python_problems(os.path.join(repo, table.PYTHON_ERRORS)) == []


def test_each_error_status_raises_its_class(table):
    for status in table.errors():
        raised = errors.error_for(status.value, "a message", "sb_f")
        assert type(raised).__name__ == status.python
        assert raised.status_name == status.name
        assert raised.status == status.value


def test_warnings_warn_with_their_class(table):
    for status in table.STATUSES:
        if status.value >= 100 and status.python:
            with pytest.warns(getattr(errors, status.python)):
                assert errors.check_status(status.value, "a remark") == status.value


def test_generated_copies_are_current(table, repo):
    for path, (current, made) in table.copies(repo).items():
        assert current == made, f"{path}: run include/status_table.py"
