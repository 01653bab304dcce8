"""Fresh seeds drawn in a test: ``secrets.randbelow`` of the puzzle registry (which draws
every kind's fresh sheet seeds) replaced by the seeds given, handed out in turn.

The example seeds are sheets of two hard impossible 4x5 Matrix sets: one with a key over
a third of a page, one without."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import printables.puzzles
from printables.matrix.puzzles import KIND, Choices, get_puzzle, key_fits

LONG_KEY_SEED = 210
"""A worksheet of two hard impossible 4x5 sets whose second key runs over a third of a
page (4x5-8d7vf4, more than twice over)."""
SHORT_KEYS_SEED = 2
"""A worksheet of two hard impossible 4x5 sets whose keys each fit a third of a page."""


class Draws:
    """Stands in for ``secrets.randbelow``: the seeds given, in turn; counts the draws."""

    def __init__(self, *seeds: int) -> None:
        self._seeds: Iterator[int] = iter(seeds)
        self.count = 0

    def __call__(self, below: int) -> int:
        self.count += 1
        seed = next(self._seeds)
        assert 0 <= seed < below
        return seed


def fits(count: int, seed: int, choices: Choices, sheet: str = "worksheet") -> bool:
    """Whether every key of the Matrix sheet printed from ``seed`` fits a third of a page."""
    return all(key_fits(get_puzzle(i)) for i in KIND.ids(count, seed, choices, sheet))


def long_then_fitting(count: int, choices: Choices, sheet: str = "worksheet") -> tuple[int, int]:
    """The first seed (of 0 to 39) whose sheet has a key over a third of a page, and the
    first whose keys all fit."""
    seeds = range(40)
    long = next((s for s in seeds if not fits(count, s, choices, sheet)), None)
    assert long is not None, f"no sheet of {count} with a long key in 40 seeds"
    return long, next(s for s in seeds if fits(count, s, choices, sheet))


def draws(monkeypatch: pytest.MonkeyPatch, *seeds: int) -> Draws:
    """Fresh sheet seeds drawn from ``seeds`` until the test ends."""
    drawn = Draws(*seeds)
    monkeypatch.setattr(printables.puzzles.secrets, "randbelow", drawn)
    return drawn
