"""Every benchmark's quick mode, so that the benchmarks cannot rot.

Each ``benchmarks/bench_*.py`` (found here by name, so a new one joins by itself) runs
with ``--quick`` in its own process, from the project root with this Python: the same
code paths as its full run on small inputs, in a few seconds. It must exit 0; it exits
non-zero on a wrong answer, a disagreement with an oracle, a wrong count or output, or an
exception, never on a timing target (see benchmarks/README.md).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted((ROOT / "benchmarks").glob("bench_*.py"))

TIME_LIMIT = 300  # seconds; a quick mode takes a few


def text(output: str | bytes | None) -> str:
    """Captured output as text (a timeout gives bytes, whatever ``text=True`` says)."""
    return output.decode(errors="replace") if isinstance(output, bytes) else output or ""


def test_the_benchmarks_are_found() -> None:
    assert {"bench_deck.py", "bench_matrix.py", "bench_paradox_sheet.py"} <= {
        p.name for p in BENCHMARKS
    }


@pytest.mark.parametrize("script", BENCHMARKS, ids=[p.name for p in BENCHMARKS])
def test_quick_mode(script: Path) -> None:
    command = [sys.executable, str(script.relative_to(ROOT)), "--quick"]
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=TIME_LIMIT, check=False
        )
    except subprocess.TimeoutExpired as expired:
        pytest.fail(
            f"{' '.join(command)} took over {TIME_LIMIT} s\n"
            f"--- stdout ---\n{text(expired.stdout)}\n--- stderr ---\n{text(expired.stderr)}"
        )
    assert done.returncode == 0, (
        f"{' '.join(command)} exited {done.returncode}\n"
        f"--- stdout ---\n{done.stdout}\n--- stderr ---\n{done.stderr}"
    )
