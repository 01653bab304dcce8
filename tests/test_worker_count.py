"""``-n auto`` starts one test process more than the cores (tests/conftest.py says why),
unless PYTEST_XDIST_AUTO_NUM_WORKERS names a number."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True)
def _xdist(pytestconfig: pytest.Config) -> None:
    """The hook is pytest-xdist's: without it (``-p no:xdist``) there is nothing to ask."""
    if not pytestconfig.pluginmanager.hasplugin("xdist"):
        pytest.skip("pytest-xdist is not loaded")


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def test_auto_is_one_process_more_than_the_cores(
    pytestconfig: pytest.Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    assert pytestconfig.hook.pytest_xdist_auto_num_workers(config=pytestconfig) == cores() + 1


def test_the_environment_still_decides(
    pytestconfig: pytest.Config, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "5")
    assert pytestconfig.hook.pytest_xdist_auto_num_workers(config=pytestconfig) == 5
