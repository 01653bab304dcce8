"""A sheet's seed names its puzzles: the same seed gives the same sheet forever (the golden
file), and other seeds, or the same seed for another purpose, give unrelated puzzles, so a
practice worksheet never holds the competition's sets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printables.matrix.puzzles import MAX_SEED, parse_id, puzzle_ids
from printables.puzzles import GenerationError, get_kind, sheet_seeds

GOLDEN = Path(__file__).parent / "golden" / "sheet-seeds.json"
SHEETS: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))["sheets"]


@pytest.mark.parametrize("entry", SHEETS, ids=lambda e: f"{e['kind']}-{e['sheet']}-{e['seed']}")
def test_a_printed_seed_gives_the_same_sheet_forever(entry: dict[str, Any]) -> None:
    kind = get_kind(entry["kind"])
    choices = kind.choices(**entry["choices"])
    assert kind.ids(entry["count"], entry["seed"], choices, entry["sheet"]) == entry["ids"]


def test_the_golden_file_covers_both_kinds_and_both_purposes() -> None:
    assert {(e["kind"], e["sheet"]) for e in SHEETS} == {
        ("matrix", "worksheet"), ("matrix", "mat"), ("costly-tricks", "worksheet")
    }  # fmt: skip


def test_neighbouring_seeds_share_no_puzzle() -> None:
    """Seeds 1 and 2 once shared 11 of 12 puzzles. Now no two neighbouring sheets of 1,000
    share one (two sheets of twelve share a puzzle only by chance: about 1 in 3,500)."""
    sheets = [set(puzzle_ids(12, 3, 3, "either", "medium", seed)) for seed in range(1000)]
    assert all(len(sheet) == 12 for sheet in sheets)
    assert not [seed for seed in range(999) if sheets[seed] & sheets[seed + 1]]


def test_a_mat_kit_never_shares_a_set_with_a_worksheet() -> None:
    """Worksheets take even puzzle seeds, MAT kits odd ones: none in common, by design."""
    worksheets = {i for seed in range(300) for i in puzzle_ids(12, 3, 3, "either", "medium", seed)}
    kits = {i for seed in range(300) for i in puzzle_ids(5, 3, 3, "either", "medium", seed, "mat")}
    assert not worksheets & kits
    assert {parse_id(i).seed % 2 for i in worksheets} == {0}
    assert {parse_id(i).seed % 2 for i in kits} == {1}


@given(
    count=st.integers(1, 100),
    seed=st.integers(0, MAX_SEED - 1),
    stream=st.sampled_from(["matrix worksheet", "matrix mat", "costly-tricks worksheet"]),
)
def test_a_sheets_seeds_are_distinct_in_range_and_repeatable(
    count: int, seed: int, stream: str
) -> None:
    seeds = sheet_seeds(count, seed, stream, MAX_SEED)
    assert len(seeds) == len(set(seeds)) == count
    assert all(0 <= s < MAX_SEED for s in seeds)
    assert seeds == sheet_seeds(count, seed, stream, MAX_SEED)
    assert seeds[: count // 2] == sheet_seeds(count // 2, seed, stream, MAX_SEED)


def test_a_small_range_still_gives_distinct_seeds_and_too_many_is_refused() -> None:
    assert sorted(sheet_seeds(10, 3, "s", 10)) == list(range(10))
    with pytest.raises(GenerationError, match="at most 10 puzzles, not 11"):
        sheet_seeds(11, 3, "s", 10)
    with pytest.raises(GenerationError, match="a sheet is one of worksheet, mat, not 'quiz'"):
        puzzle_ids(3, 3, 3, "either", "easy", 1, "quiz")
