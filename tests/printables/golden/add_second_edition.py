"""Add to the golden files the Matrix ids and sheets of the second edition (seeds from
``SHORT_KEYS_FROM``, whose hard keys' proofs fit a third of a page) that they do not hold
yet, as the code prints them now: two puzzle seeds for every size, kind and difficulty,
and a few sheets. An entry once written is never changed: this only adds.

    python tests/printables/golden/add_second_edition.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT)]

from printables.matrix import SIZES  # noqa: E402
from printables.matrix.puzzles import KIND, LEVELS, Puzzle, generated_id  # noqa: E402
from printables.puzzles import SHORT_KEYS_FROM, get_puzzle  # noqa: E402

IDS = Path(__file__).with_name("puzzle-ids.json")
SHEETS = Path(__file__).with_name("sheet-seeds.json")
PUZZLE_SEEDS = (SHORT_KEYS_FROM, SHORT_KEYS_FROM + 4242)
SHEETS_WANTED = [
    ("worksheet", {"size": "4x5", "want": "impossible", "level": "hard"}, 12),
    ("worksheet", {"size": "5x5", "want": "impossible", "level": "hard"}, 12),
    ("worksheet", {"size": "4x4", "want": "either", "level": "hard"}, 12),
    ("worksheet", {"size": "3x3", "want": "either", "level": "medium"}, 12),
    ("mat", {"size": "4x5", "want": "impossible", "level": "hard"}, 5),
]
SHEET_SEEDS = (SHORT_KEYS_FROM, 1234567, 2 * SHORT_KEYS_FROM - 1)


def rows_text(grid: Any) -> str:
    return " / ".join(" ".join(str(card) for card in row) for row in grid)


def verdict(puzzle: Puzzle, answer: str) -> dict[str, Any]:
    checked = KIND.check(puzzle, answer)
    return {
        "answer": answer,
        "right": checked.right,
        "claim": checked.claim,
        "reasons": list(checked.reasons),
    }


def entry(puzzle_id: str) -> dict[str, Any]:
    puzzle: Any = get_puzzle(puzzle_id)
    cards = list(puzzle.cards)
    printed = [cards[r * puzzle.cols : (r + 1) * puzzle.cols] for r in range(puzzle.rows)]
    verdicts = {"as_printed": verdict(puzzle, rows_text(printed)), "no": verdict(puzzle, "No")}
    if puzzle.solution is not None:
        verdicts["solution"] = verdict(puzzle, rows_text(puzzle.solution))
    reason, solution = puzzle.grade.reason, puzzle.solution
    return {
        "id": puzzle.id,
        "card_id": puzzle.card_id,
        "size": puzzle.size_text,
        "cards": [str(c) for c in cards],
        "solvable": puzzle.solvable,
        "difficulty": puzzle.grade.level,
        "measure": round(puzzle.grade.measure, 6),
        "labelings": puzzle.grade.labelings,
        "plans": puzzle.grade.plans,
        "solution": None if solution is None else [list(map(str, r)) for r in solution],
        "reason": None if reason is None else {"kind": reason.kind, "text": reason.text},
        "verdicts": verdicts,
    }


def append(path: Path, key: str, entries: list[dict[str, Any]]) -> None:
    """Add ``entries`` at the end of the file's list ``key``, one a line, leaving every
    line already written as it is."""
    if not entries:
        return
    text = path.read_text(encoding="utf-8")
    start = text.index(f'\n "{key}": [\n')
    end = text.index("\n ]", start)
    added = "".join(",\n  " + json.dumps(e, ensure_ascii=False) for e in entries)
    path.write_text(text[:end] + added + text[end:], encoding="utf-8")


def main() -> None:
    held = {e["id"] for e in json.loads(IDS.read_text(encoding="utf-8"))["ids"]}
    added: list[dict[str, Any]] = []
    for rows, cols in SIZES:
        for want in ("solvable", "impossible"):
            for level in LEVELS.values():
                for seed in PUZZLE_SEEDS:
                    puzzle_id = generated_id(rows, cols, want, level, seed)
                    if puzzle_id not in held:
                        added.append(entry(puzzle_id))
                        held.add(puzzle_id)
    append(IDS, "ids", added)

    sheets = json.loads(SHEETS.read_text(encoding="utf-8"))["sheets"]
    have = {(e["kind"], e["sheet"], json.dumps(e["choices"]), e["seed"]) for e in sheets}
    new: list[dict[str, Any]] = []
    for sheet, choices, count in SHEETS_WANTED:
        for seed in SHEET_SEEDS:
            if ("matrix", sheet, json.dumps(choices), seed) in have:
                continue
            wanted = KIND.ids(count, seed, KIND.choices(**choices), sheet)
            new.append(
                {
                    "kind": "matrix",
                    "sheet": sheet,
                    "choices": choices,
                    "seed": seed,
                    "count": count,
                    "ids": wanted,
                }
            )
    append(SHEETS, "sheets", new)


if __name__ == "__main__":
    main()
