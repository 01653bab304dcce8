"""A module whose tests a missing Debian package skips says so once in the summary.

pytest runs in a subprocess, the project's own configuration and conftest, over the two
tests of ``tests/generator/documents/test_paradox_sheets.py`` that rasterize with
``pdftoppm``, on a PATH holding no programs at all: both skip, for one reason, and the
short summary names them on one line (it named each test's line before).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULE = "tests/generator/documents/test_paradox_sheets.py"
RASTERIZING = "test_no_ink_within_5_mm_of_the_edge_when_rasterized or test_the_tape_strip"


def test_a_missing_program_skips_a_module_on_one_summary_line(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    env = {**os.environ, "PATH": str(empty), "PYTHONPATH": str(ROOT)}
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-n0", "-p", "no:cacheprovider", "-k", RASTERIZING,
         "-o", "addopts=-rs --import-mode=importlib", MODULE],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr
    counts = re.search(r"(\d+) skipped", ran.stdout)
    assert counts is not None and int(counts[1]) >= 2, ran.stdout
    assert " passed" not in ran.stdout and " failed" not in ran.stdout, ran.stdout
    lines = [line for line in ran.stdout.splitlines() if line.startswith("SKIPPED")]
    assert lines == [f"SKIPPED [{counts[1]}] {MODULE}: pdftoppm (poppler-utils) missing"], lines
