"""The head every scannable page has: the four fiducial marks, the QR code at the top
right, the heading and the name area at the left (a roster's name printed in it), and
the line saying how to mark; and where the page's content starts below it. Answer pages
(:mod:`generator.scan.pages`) and MAT forms (:mod:`generator.scan.mat_pages`) share it.
"""

from __future__ import annotations

from generator.documents.document import MARGIN, Document, fit_words
from generator.draw.fonts import POINT
from generator.scan.layout import PageLayout
from generator.scan.marks import CODE_SIZE, draw_code, draw_fiducials, draw_name_area

HOW_TO_MARK = "Fill a box; to undo, cross it out and fill 'Changed'."
"""The one line on every answer page that says how to mark."""
NAME_WIDTH = 110.0
"""The name area's width, its label included (mm)."""


def content_top(doc: Document) -> float:
    """Where the first answer area starts on an answer page: below the QR code."""
    return MARGIN + CODE_SIZE + 4.0


def page_head(doc: Document, page: PageLayout, heading: str) -> None:
    """The fiducials, the heading and the name area at the left, the QR code at the
    right, and the line saying how to mark."""
    draw_fiducials(doc, page)
    code_x = doc.left + doc.width - CODE_SIZE
    draw_code(doc, page, code_x, MARGIN)
    room = code_x - doc.left - 4.0
    doc.text_at(doc.left, MARGIN + 16 * POINT, fit_words(heading, 17, room), size=16, bold=True)
    doc.y = MARGIN + 9.0
    name = page.pupil.name if page.pupil is not None else ""
    doc.y += draw_name_area(doc, page, doc.left, doc.y, NAME_WIDTH, name) + 2.5
    doc.text(HOW_TO_MARK, size=10, bold=True, width=code_x - doc.left - 4.0)
