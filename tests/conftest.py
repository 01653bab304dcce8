"""What every test shares: one Hypothesis profile, and how many test processes
``-n auto`` starts.

No deadline (these machines are shared: a slow example is not a failure), no example
database on disk (every run starts clean, so CI and a laptop agree), and slow data
generation allowed. A test that needs more or fewer examples says so with
``@settings(max_examples=...)``, and one that draws examples inside a function-scoped
fixture (a fresh database per test, reused across its examples on purpose) suppresses
that health check; nothing else is set per test.

``-n auto`` (the README's command) starts one test process more than the machine's cores:
the web app's tests spend much of their time waiting (on a browser's page to poll, a
server to start or stop, a set's time to run out), and a third process on two cores
computes meanwhile. PYTEST_XDIST_AUTO_NUM_WORKERS, when set, still decides.

And one summary line per module for tests a ``skipif`` mark skips (a missing Debian
package), not one per test; and pypdf reads each font of a document once while a test
reads a PDF's text (:mod:`pypdf_fonts`: the same text, in about half the time).
"""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from pypdf_fonts import read_each_font_once

settings.register_profile(
    "printables",
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("printables")


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: none without it (-p no:xdist)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: the cores this process may run on, and one more (the module's
    docstring says why); None leaves an explicit PYTEST_XDIST_AUTO_NUM_WORKERS to xdist."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


@pytest.fixture(autouse=True, scope="session")
def _pypdf_reads_each_font_once() -> Generator[None, None, None]:
    """Every test's PDF text read with each font read once (:mod:`pypdf_fonts`)."""
    with read_each_font_once():
        yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Report a test skipped by a ``skipif`` mark once per module, not once per test.

    A test module skips its tests for a missing Debian package (poppler-utils, zbar-tools,
    ...) with ``@pytest.mark.skipif``, which pytest reports at each test's own line: the
    summary then names the same missing package once per test. Dropping the line number
    folds every such skip of a module with one reason into one summary line, as pytest
    already does for ``@pytest.mark.skip``. Skips raised inside a fixture or a test are
    left alone (a fixture's skip already folds at the fixture's line).
    """
    report = yield
    longrepr = report.longrepr
    if (
        report.skipped
        and report.when == "setup"
        and item.get_closest_marker("skipif") is not None
        and isinstance(longrepr, tuple)
        and Path(longrepr[0]) == item.path
    ):
        report.longrepr = (longrepr[0], None, longrepr[2])
    return report
