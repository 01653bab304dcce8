"""Filled answer sheets for the grading page's tests: a scannable Matrix worksheet
printed by the project's own command, its answer page drawn as a 150 dpi image and boxes
filled on it as dark rectangles (a whole box's inside, or a part of it, which reads as
unclear); and waiting for an upload's grading as the page does.
"""

from __future__ import annotations

import io
import subprocess
import sys
import time
from functools import lru_cache
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pypdf
import pypdfium2 as pdfium
from flask.testing import FlaskClient
from PIL import Image, ImageDraw

from generator.scan.layout import PageLayout, SheetLayout
from printables.matrix.puzzles import get_puzzle

DPI = 150
INSIDE = 0.7
"""mm between a box's outline and the rectangle drawn in it."""


@lru_cache(maxsize=1)
def answer_sheet() -> bytes:
    """``printables worksheet matrix --size 3x3 --count 3 --scannable --seed 11``: three
    puzzles, one answer page (the PDF's page 2)."""
    with TemporaryDirectory() as folder:
        out = Path(folder) / "sheet.pdf"
        subprocess.run(
            [
                sys.executable,
                "-m",
                "generator",
                "worksheet",
                "matrix",
                "--size",
                "3x3",
                "--count",
                "3",
                "--scannable",
                "--seed",
                "11",
                "--out",
                str(out),
            ],
            check=True,
            capture_output=True,
        )
        return out.read_bytes()


def answer_page() -> PageLayout:
    """The layout of the sheet's answer page (mm from the paper's top-left corner)."""
    attached = pypdf.PdfReader(io.BytesIO(answer_sheet())).attachments
    return SheetLayout.from_json(attached["printables-layout.json"][0]).pages[0]


def solution_marks(puzzle_id: str) -> dict[int, float]:
    """The boxes that mark ``puzzle_id``'s solution (each card's row and column), full."""
    page = answer_page()
    solution = get_puzzle(puzzle_id).solution
    assert solution is not None
    places = {
        str(card): (r, c) for r, row in enumerate(solution, 1) for c, card in enumerate(row, 1)
    }
    marks = {}
    for index, box in enumerate(page.boxes):
        if box.kind == "mark" and box.puzzle == puzzle_id and box.field in ("row", "column"):
            row, column = places[box.card]
            if box.value == (row if box.field == "row" else column):
                marks[index] = 1.0
    return marks


def box_index(puzzle_id: str, field: str, card: str = "", value: int | None = None) -> int:
    """The index of one box of the answer page."""
    for index, box in enumerate(answer_page().boxes):
        if (box.puzzle, box.field, box.card, box.value) == (puzzle_id, field, card, value):
            return index
    raise LookupError((puzzle_id, field, card, value))


def filled_page(marks: dict[int, float], fmt: str = "PNG") -> bytes:
    """The answer page drawn at :data:`DPI` with each box of ``marks`` (its index -> the
    share of its inside to fill, from the left) filled dark."""
    layout = answer_page()
    pdf = pdfium.PdfDocument(answer_sheet())
    try:
        image = pdf[layout.pdf_page - 1].render(scale=DPI / 72, grayscale=True).to_pil()
    finally:
        pdf.close()
    image = image.convert("L")
    draw = ImageDraw.Draw(image)
    px = DPI / 25.4
    for index, share in marks.items():
        r = layout.boxes[index].rect
        x0, y0 = r.x + INSIDE, r.y + INSIDE
        w, h = r.w - 2 * INSIDE, r.h - 2 * INSIDE
        draw.rectangle((x0 * px, y0 * px, (x0 + w * share) * px, (y0 + h) * px), fill=30)
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()


def pupil_page() -> bytes:
    """A pupil's answer page: puzzle 1 solved, puzzle 2's "Impossible" a third filled
    (unclear: a review), puzzle 3 left blank."""
    marks = solution_marks(answer_page().puzzles[0])
    marks[box_index(answer_page().puzzles[1], "impossible")] = 0.35
    return filled_page(marks)


def wait_done(client: FlaskClient, number: int, timeout: float = 90.0) -> dict[str, Any]:
    """Poll the progress as the page does until the grading ends."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state: dict[str, Any] = client.get(f"/grade/{number}/progress").get_json()
        if state["state"] in ("done", "failed"):
            return state
        time.sleep(0.1)
    raise AssertionError(f"upload {number} not graded in {timeout} s")


def blank_png() -> bytes:
    """A white page with nothing on it."""
    out = io.BytesIO()
    Image.new("L", (1275, 1650), 255).save(out, "PNG")
    return out.getvalue()
