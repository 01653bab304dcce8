"""Fresh seeds drawn in a test: ``secrets.randbelow`` of the puzzle registry (which draws
every kind's fresh sheet seeds) replaced by the seeds given, handed out in turn.

The example seeds are sheets of two hard impossible 4x5 Matrix sets: one with a key over
a third of a page, one without."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import printables.puzzles

LONG_KEY_SEED = 1
"""A worksheet of two hard impossible 4x5 sets whose second key runs over a third of a
page (4x5-desw26)."""
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


def draws(monkeypatch: pytest.MonkeyPatch, *seeds: int) -> Draws:
    """Fresh sheet seeds drawn from ``seeds`` until the test ends."""
    drawn = Draws(*seeds)
    monkeypatch.setattr(printables.puzzles.secrets, "randbelow", drawn)
    return drawn
