"""Printed ids are promises: every id in the golden file gives the same cards, grade, key
and verdicts forever. The file was written by the code that printed the first worksheets
(522 ids: every size, kind and difficulty, six seeds each, and sets named by their cards).

The ids are read through the registry of puzzle kinds, as the commands and the web app
read them, and the answers are checked by the kind's own check.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from printables.matrix import check_answer
from printables.puzzles import get_puzzle, kind_of

GOLDEN = Path(__file__).parent / "golden" / "puzzle-ids.json"
ENTRIES: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))["ids"]
CHUNKS = 24
"""The ids are checked in chunks, so the test run spreads them over its workers."""


def test_the_golden_file_covers_every_size_kind_and_difficulty() -> None:
    assert len(ENTRIES) >= 500
    assert len({e["id"] for e in ENTRIES}) == len(ENTRIES)
    generated = [e for e in ENTRIES if "-c-" not in e["id"]]
    assert {e["size"] for e in generated} == {
        "3x3", "3x4", "4x3", "3x5", "5x3", "4x4", "4x5", "5x4", "5x5"
    }  # fmt: skip
    assert {e["difficulty"] for e in generated} == {"easy", "medium", "hard"}
    assert {e["solvable"] for e in generated} == {True, False}
    assert sum(1 for e in ENTRIES if "-c-" in e["id"]) >= 30


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_printed_id_keeps_its_meaning(chunk: int) -> None:
    for entry in ENTRIES[chunk::CHUNKS]:
        puzzle_id = entry["id"]
        kind = kind_of(puzzle_id)
        assert kind.key == "matrix"
        puzzle: Any = get_puzzle(puzzle_id.upper())  # ids are read in any case
        assert puzzle.id == puzzle_id
        assert puzzle.card_id == entry["card_id"]
        assert puzzle.size_text == entry["size"]
        assert [str(c) for c in puzzle.cards] == entry["cards"], puzzle_id
        assert puzzle.solvable == entry["solvable"]
        assert puzzle.grade.level == entry["difficulty"]
        assert puzzle.grade.measure == pytest.approx(entry["measure"], abs=1e-6)
        assert (puzzle.grade.labelings, puzzle.grade.plans) == (
            entry["labelings"],
            entry["plans"],
        )
        solution = (
            None if puzzle.solution is None else [[str(c) for c in r] for r in puzzle.solution]
        )
        assert solution == entry["solution"], puzzle_id
        reason = puzzle.grade.reason
        assert (None if reason is None else {"kind": reason.kind, "text": reason.text}) == entry[
            "reason"
        ]
        for name, expected in entry["verdicts"].items():
            verdict = kind.check(puzzle, expected["answer"])
            seen = {
                "right": verdict.right,
                "claim": verdict.claim,
                "reasons": list(verdict.reasons),
            }
            assert seen == {k: expected[k] for k in seen}, f"{puzzle_id}: the {name} answer"
            # The kind's check knows the set's verdict; the solver must agree with it.
            assert check_answer(expected["answer"], puzzle.cards).right == expected["right"]


def test_the_same_set_by_its_cards_is_the_same_puzzle() -> None:
    for entry in ENTRIES[::40]:
        by_cards: Any = get_puzzle(entry["card_id"])
        assert sorted(str(c) for c in by_cards.cards) == sorted(entry["cards"])
        assert by_cards.solvable == entry["solvable"]


def test_each_kind_is_found_by_its_ids_tag_alone() -> None:
    """The registry's tag of a kind matches its ids and no other kind's, so that
    :func:`kind_of` loads only the kind an id names."""
    import re

    from printables.puzzles import KIND_MODULES, kind_keys, kinds, load_kind

    assert kind_keys() == list(KIND_MODULES) == list(kinds())
    for key in KIND_MODULES:
        kind = load_kind(key)
        assert kind.key == key
        ids = kind.ids(3, 1, kind.choices())
        for puzzle_id in [*ids, f"  {ids[0].upper()} "]:
            tags = [k for k, (_, tag) in KIND_MODULES.items()
                    if re.match(tag, puzzle_id.strip(), re.IGNORECASE)]  # fmt: skip
            assert tags == [key], puzzle_id
            assert kind_of(puzzle_id) is kind
    assert kind_of("3x3-c-fz").key == "matrix"  # a Matrix set named by its cards
