"""Add to answer-pages.json the boxes of the answer pages below whose codes it does not hold
yet, as the code draws them now. A page once written is never changed: a printed page's
code must always mean the same boxes (a grader draws them again from a scan's code), so a
change of layout takes a new code version (``printables-scan/2``). This only adds.

    python tests/generator/scan/golden/add_answer_pages.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
sys.path[:0] = [str(ROOT)]

from generator.scan.layout import Pupil  # noqa: E402
from generator.scan.marks import code_text  # noqa: E402
from generator.scan.mat_pages import KIND, turn_item  # noqa: E402
from generator.scan.pages import page_from_code  # noqa: E402
from printables.matrix.puzzles import generated_id, get_puzzle  # noqa: E402
from printables.paradox.problems import generated_id as costly_id  # noqa: E402
from printables.puzzles import get_kind  # noqa: E402

GOLDEN = Path(__file__).with_name("answer-pages.json")
PAGES = (
    ("letter", [generated_id(3, 3, "solvable", "medium", s) for s in (1, 2, 3)]),
    ("a4", [generated_id(3, 3, "either", "easy", s) for s in (1, 2, 3, 4)]),
    ("letter", [generated_id(5, 5, "solvable", "hard", 1)]),
    ("a4", [generated_id(4, 5, "impossible", "easy", 2)]),
    (
        "letter",
        [generated_id(3, 4, "either", "medium", 3), generated_id(4, 3, "either", "medium", 4)],
    ),
)
"""Answer pages of every shape: 3x3 sets three and four a page, 5x5, 4x5, 3x4 and 4x3."""
NAMED = (
    ("letter", PAGES[0][1], Pupil("0a48b2", 1, "Ana López")),
    ("a4", PAGES[1][1], Pupil("0a48b2", 2, "محمد بن عبد الله")),
    ("letter", PAGES[2][1], Pupil("5f3a9c", 27, "李小龙")),
)
"""Pages printed for a pupil of a roster (``printables-scan/2``): the same boxes as the
page without a name."""
MAT_SETS = [get_puzzle(generated_id(3, 3, "either", "medium", s)).card_id for s in (11, 12, 13)]
MAT = (
    ("letter", 1, 3, Pupil("b85ecc", 2, "Player 2"), [(2, MAT_SETS[1]), (1, MAT_SETS[0])]),
    ("a4", 3, 3, Pupil("b85ecc", 9, "Player 9"), [(3, MAT_SETS[2])]),
)
"""MAT Successive forms (kind ``mat``): (paper, page, pages, the player, each turn's set
number and set) -- two turns of a page, and the last page's one."""

COSTLY = (
    ("letter", [costly_id("play", 4, "medium", s) for s in (1, 2, 3)], None),
    ("a4", [costly_id("legal", 6, "easy", s) for s in (1, 2)], None),
    ("letter", [costly_id("winner", 5, "hard", 1), costly_id("winner", 3, "easy", 2)], None),
    ("letter", ["costly-tricks-p-sdjj120bj4081s10t"], Pupil("0a48b2", 4, "Zoë Li")),
)
"""Costly Tricks answer pages (kind ``costly-tricks``): each question, hands of 3 to 6,
a position named by its cards, and one printed for a pupil."""


def question_ids(kind: str, question: str, level: str, *seeds: int) -> list[str]:
    return [get_kind(kind).generated_id(question, level, s) for s in seeds]  # type: ignore[attr-defined]


QUESTION_PAGES = (
    ("nada", "letter", question_ids("nada", "most", "hard", 1, 2)),
    ("nada", "a4", question_ids("nada", "discard", "medium", 3, 4)),
    ("nada", "letter", question_ids("nada", "out", "easy", 5, 6)),
    ("poker", "a4", question_ids("poker", "rank", "hard", 1, 2)),
    ("poker", "letter", question_ids("poker", "best", "medium", 3, 4)),
    ("placement", "a4", question_ids("placement", "eighty-one", "medium", 1, 2)),
    ("placement", "letter", question_ids("placement", "eighty-one", "hard", 3, 4)),
    ("placement", "a4", question_ids("placement", "good-riddance", "hard", 5, 6)),
    ("placement", "letter", question_ids("placement", "tiles", "medium", 7, 8)),
    ("secret-card", "a4", question_ids("secret-card", "secret", "hard", 1, 2)),
    ("secret-card", "letter", question_ids("secret-card", "clue", "medium", 3, 4)),
    ("cipher", "letter", question_ids("cipher", "which", "easy", 1, 2)),
    ("cipher", "a4", question_ids("cipher", "pattern", "medium", 3, 4)),
    ("cipher", "letter", question_ids("cipher", "complete", "hard", 5, 6)),
    ("challenge", "a4", question_ids("challenge", "layout", "hard", 1)),
    ("challenge", "letter", question_ids("challenge", "split", "hard", 2, 3)),
    ("challenge", "a4", question_ids("challenge", "pair-free", "hard", 4, 5)),
)
"""Question kinds' answer pages: every question, every shape of answer."""


def write(pages: dict[str, list[dict[str, object]]]) -> None:
    """One page a key, one box a line, so a change shows as the lines it changes."""
    lines = ["{"]
    for n, (code, boxes) in enumerate(pages.items()):
        lines.append(f"  {json.dumps(code)}: [")
        lines += [f"    {json.dumps(box)}," for box in boxes]
        lines[-1] = lines[-1].rstrip(",")
        lines.append("  ]" + ("," if n + 1 < len(pages) else ""))
    lines.append("}")
    GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    pages = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {}
    every = [("matrix", paper, ids) for paper, ids in PAGES] + list(QUESTION_PAGES)
    for kind, paper, ids in every:
        code = code_text(kind, paper, 1, 1, ids)
        if code not in pages:
            pages[code] = [box.to_dict() for box in page_from_code(code).boxes]
    for paper, ids, pupil in NAMED:
        code = code_text("matrix", paper, 1, 1, ids, pupil)
        if code not in pages:
            pages[code] = [box.to_dict() for box in page_from_code(code).boxes]
    for paper, number, count, player, turns in MAT:
        items = [turn_item(s, get_puzzle(i)) for s, i in turns]
        code = code_text(KIND, paper, number, count, items, player)
        if code not in pages:
            pages[code] = [box.to_dict() for box in page_from_code(code).boxes]
    for paper, ids, pupil in COSTLY:
        code = code_text("costly-tricks", paper, 1, 1, ids, pupil)
        if code not in pages:
            pages[code] = [box.to_dict() for box in page_from_code(code).boxes]
    write(pages)


if __name__ == "__main__":
    main()
