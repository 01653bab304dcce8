"""Add to question-ids.json the ids of every question kind, question and level it does not
hold yet (three seeds each, and one worksheet's sheet seeds), as the code prints them now.
An entry once written is never changed: this only adds.

    python tests/printables/golden/add_question_ids.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

from question_support import golden_entry  # noqa: E402

from printables.questions.base import LEVELS, every_question  # noqa: E402

GOLDEN = Path(__file__).with_name("question-ids.json")
SEEDS = (0, 1, 424242)
SHEET_SEED = 2026


def main() -> None:
    data: dict[str, Any] = (
        json.loads(GOLDEN.read_text(encoding="utf-8"))
        if GOLDEN.exists()
        else {
            "note": "Question puzzle ids as printed (printables/questions): for each id, the "
            "cards as laid out, the answer, the key, the grade and the verdict on the answer; "
            "and the ids of worksheets by their seeds. An id printed once keeps its meaning: "
            "tests/printables/test_question_ids.py holds every entry. Add entries (this "
            "script); never change one.",
            "ids": [],
            "sheets": [],
        }
    )
    held = {(e["kind"], e["question"]) for e in data["ids"]}
    sheets = {(s["kind"], s["question"]) for s in data["sheets"]}
    added = 0
    for kind, question in every_question():
        if (kind.key, question) not in held:
            for level in LEVELS.values():
                for seed in SEEDS:
                    puzzle = kind.generate(seed, kind.choices(question=question, level=level))
                    data["ids"].append(golden_entry(puzzle, kind))
                    added += 1
        if (kind.key, question) not in sheets:
            choices = kind.choices(question=question, level="medium")
            ids = kind.ids(12, SHEET_SEED, choices)
            data["sheets"].append({"kind": kind.key, "question": question, "level": "medium",
                                   "seed": SHEET_SEED, "ids": ids})  # fmt: skip
    GOLDEN.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{GOLDEN.name}: {added} ids added, {len(data['ids'])} in all")


if __name__ == "__main__":
    main()
