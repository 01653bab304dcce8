"""What a graded pile gives the teacher: the gradebook (CSV, UTF-8 with a byte-order mark
so that spreadsheet programs read accents and every script right) and the review list.

The gradebook has one row a pupil and a column a puzzle (``right``, ``wrong``, ``blank``,
or ``review`` while a mark waits for the teacher), the pupil's total, and a last row
counting the right answers to each puzzle.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from grading.sheets import Grading
from printables.puzzles import get_puzzle

ENCODING = "utf-8-sig"
"""The gradebook's encoding: UTF-8 with a byte-order mark (what Excel needs to read it)."""


def gradebook_rows(grading: Grading) -> list[list[str]]:
    """The gradebook as rows of cells, its heading first and its totals last."""
    puzzles = grading.puzzles
    heading = ["Sheet", "Name", *(f"{k}: {p}" for k, p in enumerate(puzzles, 1)), "Right",
               "Out of", "Waiting for review", "Pages"]  # fmt: skip
    rows = [heading]
    right_counts = dict.fromkeys(puzzles, 0)
    for sheet in grading.sheets:
        status = {p.puzzle: p.status for p in sheet.puzzles}
        for p in sheet.puzzles:
            right_counts[p.puzzle] += p.right
        waiting = sum(p.status == "review" for p in sheet.puzzles)
        pages = "; ".join(sheet.pages[n].where for n in sorted(sheet.pages))
        if sheet.missing:
            pages += f" (page {', '.join(map(str, sheet.missing))} missing)"
        rows.append([str(sheet.number), sheet.name, *(status.get(p, "") for p in puzzles),
                     str(sheet.right), str(len(sheet.puzzles)), str(waiting), pages])  # fmt: skip
    totals = ["", "Right answers", *(str(right_counts[p]) for p in puzzles), "", "", "", ""]
    rows.append(totals)
    return rows


def gradebook_csv(grading: Grading) -> bytes:
    """The gradebook as CSV bytes (:data:`ENCODING`)."""
    out = io.StringIO(newline="")
    csv.writer(out).writerows(gradebook_rows(grading))
    return out.getvalue().encode(ENCODING)


def puzzle_titles(grading: Grading) -> dict[str, str]:
    """Each puzzle's id -> a short title: its size and difficulty ("4x4, hard")."""
    titles = {}
    for puzzle_id in grading.puzzles:
        puzzle: Any = get_puzzle(puzzle_id)  # every graded kind's: its size and grade
        titles[puzzle_id] = f"{puzzle.size_text}, {puzzle.grade.level}"
    return titles
