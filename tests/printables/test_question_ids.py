"""Printed question ids are promises: every id in the golden file gives the same cards,
layout, answer, key, grade and verdict forever, and every worksheet seed the same ids
(``tests/printables/golden/add_question_ids.py`` adds a new kind's entries; none is ever
changed). Ids are read through the registry, as the commands and the web app read them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from question_support import golden_entry

from printables.puzzles import get_puzzle, kind_of, kinds
from printables.questions.base import every_question

GOLDEN = Path(__file__).parent / "golden" / "question-ids.json"
DATA: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
CHUNKS = 8


def test_the_golden_file_covers_every_question_of_every_kind_at_every_level() -> None:
    held = {(e["kind"], e["question"], e["level"]) for e in DATA["ids"]}
    for kind, question in every_question():
        for level in ("easy", "medium", "hard"):
            assert (kind.key, question, level) in held, (kind.key, question, level)
    assert len({e["id"] for e in DATA["ids"]}) == len(DATA["ids"])


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_every_printed_id_keeps_its_meaning(chunk: int) -> None:
    for expected in DATA["ids"][chunk::CHUNKS]:
        puzzle: Any = get_puzzle(expected["id"].upper())  # read in any case
        kind = kind_of(expected["id"])
        assert kind.key == expected["kind"]
        assert golden_entry(puzzle, kind) == expected, expected["id"]


@pytest.mark.parametrize("sheet", DATA["sheets"], ids=lambda s: f"{s['kind']}-{s['question']}")
def test_every_worksheet_seed_keeps_its_ids(sheet: dict[str, Any]) -> None:
    kind = kinds()[sheet["kind"]]
    choices = kind.choices(question=sheet["question"], level=sheet["level"])
    assert kind.ids(len(sheet["ids"]), sheet["seed"], choices) == sheet["ids"]
