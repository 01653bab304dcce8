"""Answer pages for grading tests: a scannable worksheet printed, its answer pages drawn
as images, and boxes filled with plain dark squares (the realistic marks and scanner
effects are :mod:`synthetic_scans`'s).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import cast

import cv2
import numpy as np
import pypdfium2 as pdfium
from pypdf import PdfReader

from generator.commands import run
from generator.scan.layout import ATTACHMENT, Box, PageLayout, SheetLayout
from grading.scans import ScanPage
from printables.matrix.puzzles import get_puzzle
from printables.puzzles import get_puzzle as get_any_puzzle
from printables.questions.base import Question

DPI = 200
Answer = str | Mapping[str, tuple[int, int]]
"""A puzzle's intended answer: ``"impossible"``, or each card's (row, column)."""


@dataclass(frozen=True)
class Sheet:
    """A scannable worksheet: its PDF's bytes and its layout."""

    pdf: bytes
    layout: SheetLayout

    def page(self, number: int) -> PageLayout:
        return self.layout.pages[number - 1]

    def image(self, number: int, dpi: int = DPI) -> np.ndarray:
        """Answer page ``number`` (1 the first) as printed: gray, ``dpi`` dots an inch."""
        pdf = pdfium.PdfDocument(self.pdf)
        try:
            page = pdf[self.page(number).pdf_page - 1]
            return np.ascontiguousarray(page.render(scale=dpi / 72, grayscale=True).to_numpy())
        finally:
            pdf.close()


def worksheet(tmp: str, *options: str) -> Sheet:
    """``printables worksheet matrix --scannable OPTIONS`` printed into folder ``tmp``."""
    return kind_worksheet(tmp, "matrix", *options)


@cache
def kind_worksheet(tmp: str, kind: str, *options: str) -> Sheet:
    """``printables worksheet KIND --scannable OPTIONS`` printed into folder ``tmp``."""
    out = Path(tmp) / f"sheet-{kind}-{abs(hash(options))}.pdf"
    try:
        run(["worksheet", kind, "--scannable", *options, "--out", str(out)])
    except SystemExit as done:
        assert done.code in (0, None)
    data = out.read_bytes()
    return Sheet(data, SheetLayout.from_json(PdfReader(out).attachments[ATTACHMENT][0]))


def right_answer(puzzle_id: str) -> Answer:
    """The key's answer: the solution's places, or ``"impossible"``."""
    puzzle = get_puzzle(puzzle_id)
    if puzzle.solution is None:
        return "impossible"
    return {str(card): (r, c) for r, row in enumerate(puzzle.solution, 1)
            for c, card in enumerate(row, 1)}  # fmt: skip


def boxes_for(page: PageLayout, answers: Mapping[str, Answer]) -> list[int]:
    """The indexes of the boxes to fill for ``answers`` (puzzle id -> answer)."""
    chosen = []
    for index, box in enumerate(page.boxes):
        if box.kind != "mark" or box.puzzle not in answers:
            continue
        answer = answers[box.puzzle]
        if isinstance(answer, str):
            if box.field == answer:
                chosen.append(index)
        elif box.card in answer and box.field in ("row", "column"):
            row, column = answer[box.card]
            if box.value == (row if box.field == "row" else column):
                chosen.append(index)
    return chosen


def question_boxes(page: PageLayout, answers: Mapping[str, str]) -> list[int]:
    """The indexes of the boxes to fill for question puzzles' answers written as a pupil
    writes them (puzzle id -> answer text, such as the puzzle's own ``answer``)."""
    chosen = []
    for index, box in enumerate(page.boxes):
        known = box.kind == "mark" and box.puzzle in answers
        if known and _means(question_of(box.puzzle), answers[box.puzzle], box):
            chosen.append(index)
    return chosen


def question_of(puzzle_id: str) -> Question:
    return cast(Question, get_any_puzzle(puzzle_id))


def _means(puzzle: Question, answer: str, box: Box) -> bool:
    """Whether ``answer`` fills ``box``."""
    text = answer.strip()
    nothing = not text or (puzzle.nothing and text.lower() == puzzle.nothing.lower())
    if box.field == "impossible":
        return bool(nothing)
    if nothing or box.field == "changed":
        return False
    words = text.replace("/", " ").split()
    if box.field == "choice":
        return box.option == text or (puzzle.several and box.option in words)
    if box.field == "rank":
        return box.value is not None and words[box.value - 1] == box.option
    if box.field == "attribute":
        return box.place is not None and text[box.place - 1] == box.option
    groups = [part.split() for part in text.split("/")]
    if box.field == "member":
        if len(puzzle.answer_fields) > 1:
            return (
                box.value is not None
                and box.value <= len(groups)
                and box.card in groups[box.value - 1]
            )
        return box.card in words
    if box.field in ("row", "column"):
        for r, row in enumerate(groups, 1):
            if box.card in row:
                return box.value == (r if box.field == "row" else row.index(box.card) + 1)
    return False


def fill(
    image: np.ndarray, page: PageLayout, indexes: Iterable[int], share: float = 0.85,
    dpi: int = DPI, gray: int = 30,
) -> np.ndarray:  # fmt: skip
    """A copy of ``image`` with each box's middle filled: ``share`` of its width and of
    its height (0.85: a firm mark inside the lines)."""
    out = image.copy()
    scale = dpi / 25.4
    for index in indexes:
        r = page.boxes[index].rect
        margin_x, margin_y = r.w * (1 - share) / 2, r.h * (1 - share) / 2
        x0, y0 = round((r.x + margin_x) * scale), round((r.y + margin_y) * scale)
        x1, y1 = round((r.right - margin_x) * scale), round((r.bottom - margin_y) * scale)
        cv2.rectangle(out, (x0, y0), (x1 - 1, y1 - 1), gray, thickness=-1)
    return out


def scan_page(
    image: np.ndarray, name: str = "scan.png", number: int = 1, key: str = ""
) -> ScanPage:
    """An image as a page of a scan, keyed by its pixels unless ``key`` is given."""
    return ScanPage(name, number, key or f"{abs(hash(image.tobytes())):x}-{number}", image)


def png(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".png", image)
    assert ok
    return data.tobytes()
