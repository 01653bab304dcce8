"""What every scannable page has, drawn on a :class:`~generator.documents.document.Document`
and recorded in the page's :class:`~generator.scan.layout.PageLayout` as it is drawn: four
fiducial marks, the page's code, the name area and the boxes to fill.

The fiducials are solid black squares, :data:`FIDUCIAL` mm a side, their outer edges
:data:`FIDUCIAL_INSET` mm from the paper's edges: inside the 5 mm band no printer is
trusted with, outside the 15 mm margin the content keeps to (and clear of the footer).
A box to fill is :data:`BOX` mm square with a black outline and no fill, :data:`BOX_GAP`
mm at least from the next, so a scan tells a filled box from an empty one.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote, unquote

from generator.documents.document import Document
from generator.draw.fonts import text_width
from generator.draw.qr import QUIET_ZONE, qr_modules, qr_scene
from generator.scan.layout import CLASS_DIGITS, Box, Corner, Field, PageLayout, Pupil, Rect

FIDUCIAL = 7.0
FIDUCIAL_INSET = 6.0
"""mm from each paper edge to a fiducial's outer edges (the outer 5 mm stay white)."""
BOX = 4.5
"""A box to fill: mm a side (at least 4 mm, so a pen's mark fills it)."""
BOX_GAP = 2.0
"""The least room between two boxes to fill, in mm."""
BOX_LINE = 0.8
"""A box's outline, in points: black, dark enough for a scan at 150 dpi."""
CODE_SIZE = 24.0
"""The page's QR code, quiet zone included, in mm."""
CODE_TAG = "printables-scan/1"
"""How a page's code starts: what it is and its format's version (a sheet without a roster)."""
ROSTER_TAG = "printables-scan/2"
"""How the code of a page printed for one pupil of a roster starts: version 1's fields and
the class, the pupil's number and name (:func:`code_text`). A reader of version 1 codes
refuses it (another tag) rather than take it for a sheet without a name."""
CODE_VERSION = 7
"""The largest QR code version (45 modules a side) a page code may take: at 24 mm, 2.7
pixels a module at 150 dpi. Scanned at 150 dpi (turned, blurred, noisy, JPEG 40 to 90)
every version 7 code was read in 90 trials and a version 8 code in fewer than half; the
longest version 1 code, four 3x3 sets named by their cards, takes version 7. Harsher
scans (blur to 1.2 pixels, JPEG 40) miss 6 % of version 7 codes at the size scanned, so
the grader looks again at the page drawn larger (:data:`grading.align.READ_SCALES`)."""


def encode_name(name: str) -> str:
    """A name as a page's code holds it: its Punycode (RFC 3492: the ASCII letters as they
    are, then the others coded compactly in ``a-z0-9``), percent-encoded (no spaces).
    Percent-encoded UTF-8 would take 6 characters for a Cyrillic letter, 9 for a Chinese
    one; Punycode takes one or two.

    >>> encode_name("Zoë Li"), encode_name("李小龙"), encode_name("Ana")
    ('Zo%20Li-osa', 'yetp5xju9b', 'Ana-')
    >>> decode_name("Zo%20Li-osa")
    'Zoë Li'
    """
    return quote(name.encode("punycode").decode("ascii"), safe="")


def decode_name(text: str) -> str:
    """The name :func:`encode_name` coded; raises ValueError (UnicodeError) for another
    text."""
    return unquote(text, encoding="ascii", errors="strict").encode("ascii").decode("punycode")


def code_text(
    kind: str,
    paper: str,
    number: int,
    pages: int,
    ids: Sequence[str],
    pupil: Pupil | None = None,
) -> str:
    """What a page's code holds: the format tag, the puzzle kind, the paper, the page
    among the answer pages, with a ``pupil`` their class, number and name
    (:func:`encode_name`), then the ids of the puzzles on it; separated by spaces.

    >>> code_text("matrix", "Letter", 1, 2, ["3x3-7sest4", "4x4-6rny2g"])
    'printables-scan/1 matrix letter 1/2 3x3-7sest4 4x4-6rny2g'
    >>> code_text("matrix", "a4", 2, 2, ["3x3-7sest4"], Pupil("0a48b2", 3, "Zoë Li"))
    'printables-scan/2 matrix a4 2/2 0a48b2 3 Zo%20Li-osa 3x3-7sest4'
    """
    where = [kind, paper.lower(), f"{number}/{pages}"]
    if pupil is None:
        return " ".join([CODE_TAG, *where, *ids])
    who = [pupil.class_code, str(pupil.number), encode_name(pupil.name)]
    return " ".join([ROSTER_TAG, *where, *who, *ids])


def code_fits(text: str) -> bool:
    """Whether ``text``'s QR code is at most version :data:`CODE_VERSION`."""
    return len(qr_modules(text)) - 2 * QUIET_ZONE <= 17 + 4 * CODE_VERSION


@dataclass(frozen=True)
class PageCode:
    """What a page's code says (:func:`code_text`): ``pupil`` is None on a sheet printed
    without a roster."""

    kind: str
    paper: str
    number: int
    pages: int
    ids: tuple[str, ...]
    pupil: Pupil | None = None

    @classmethod
    def read(cls, text: str) -> PageCode:
        """The code's text read back; refuses what is not a Printables page code.

        >>> PageCode.read("printables-scan/1 matrix a4 2/3 3x3-7sest4")
        PageCode(kind='matrix', paper='a4', number=2, pages=3, ids=('3x3-7sest4',), pupil=None)
        >>> PageCode.read("printables-scan/2 matrix a4 1/1 0a48b2 3 Zo-ija 3x3-7sest4").pupil
        Pupil(class_code='0a48b2', number=3, name='Zoë', ident='')
        >>> PageCode.read("https://example.org")
        Traceback (most recent call last):
        ValueError: not a Printables page code: 'https://example.org'
        """
        tag, *parts = text.split(" ")
        pupil = None
        try:
            kind, paper, where, *ids = parts
            number, pages = (int(n) for n in where.split("/"))
            if tag == ROSTER_TAG:
                class_code, pupil_number, name, *ids = ids
                pupil = Pupil(class_code, int(pupil_number), decode_name(name))
        except ValueError:  # UnicodeDecodeError too
            raise ValueError(f"not a Printables page code: {text!r}") from None
        if tag not in (CODE_TAG, ROSTER_TAG) or not ids or not 1 <= number <= pages:
            raise ValueError(f"not a Printables page code: {text!r}")
        if pupil is not None and not (
            len(pupil.class_code) == CLASS_DIGITS
            and all(c in "0123456789abcdef" for c in pupil.class_code)
            and pupil.number >= 1
            and pupil.name.strip()
        ):
            raise ValueError(f"not a Printables page code: {text!r}")
        return cls(kind, paper, number, pages, tuple(ids), pupil)


def draw_fiducials(doc: Document, page: PageLayout) -> None:
    """The four corner marks, recorded with their corners."""
    far_x = page.width - FIDUCIAL_INSET - FIDUCIAL
    far_y = page.height - FIDUCIAL_INSET - FIDUCIAL
    corners: list[tuple[Corner, float, float]] = [
        ("top-left", FIDUCIAL_INSET, FIDUCIAL_INSET),
        ("top-right", far_x, FIDUCIAL_INSET),
        ("bottom-left", FIDUCIAL_INSET, far_y),
        ("bottom-right", far_x, far_y),
    ]
    for corner, x, y in corners:
        box = page.add(Box("fiducial", Rect.of(x, y, FIDUCIAL, FIDUCIAL), corner=corner))
        doc.rect(box.rect.x, box.rect.y, box.rect.w, box.rect.h, fill="#000000", stroke=False)


def draw_code(doc: Document, page: PageLayout, x: float, y: float) -> None:
    """The page's QR code (:attr:`PageLayout.code`), top-left at (x, y)."""
    box = page.add(Box("code", Rect.of(x, y, CODE_SIZE, CODE_SIZE)))
    doc.scene_inline(qr_scene(page.code, CODE_SIZE), box.rect.x, box.rect.y)


NAME_SIZE = 12.0
"""A printed name's size in points; a longer name is printed smaller, down to
:data:`NAME_LEAST`."""
NAME_LEAST = 8.0
NAME_PAD = 2.0
"""Room left and right of a printed name inside the name box, in mm."""


def name_size(name: str, width: float) -> float | None:
    """The size (points) ``name`` is printed at in a name box ``width`` mm wide: the
    largest from :data:`NAME_SIZE` down to :data:`NAME_LEAST` by half points that fits,
    or None when it does not fit at all.

    >>> name_size("Ana López", 90.0), name_size("Ana López " * 20, 90.0)
    (12.0, None)
    """
    size = NAME_SIZE
    while size >= NAME_LEAST:
        if text_width(name, size) <= width - 2 * NAME_PAD:
            return size
        size -= 0.5
    return None


def right_to_left(text: str) -> bool:
    """Whether ``text`` reads right to left: its first strong letter is Hebrew's or
    Arabic's (a printed name is then set against the box's right side).

    >>> right_to_left("محمد"), right_to_left("Ana"), right_to_left("7 שרה")
    (True, False, True)
    """
    for ch in text:
        direction = unicodedata.bidirectional(ch)
        if direction in ("R", "AL"):
            return True
        if direction == "L":
            return False
    return False


def name_label_width() -> float:
    """The room "Name" takes left of the name box, in mm."""
    return text_width("Name", 11, bold=True) + 2.5


def draw_name_area(
    doc: Document, page: PageLayout, x: float, y: float, width: float, name: str = ""
) -> float:
    """ "Name" and a box to write it in, top-left at (x, y), ``width`` mm in all, with
    ``name`` printed in it when given (the box is where it is either way); returns the
    height used."""
    doc.text_at(x, y + 6.5, "Name", size=11, bold=True)
    label = name_label_width()
    box = page.add(Box("name", Rect.of(x + label, y, width - label, 9.0)))
    doc.rect(box.rect.x, box.rect.y, box.rect.w, box.rect.h, width=0.6)
    if name:
        size = name_size(name, box.rect.w) or NAME_LEAST  # too long: refused when printed
        baseline = box.rect.y + box.rect.h / 2 + size * 0.35 * 25.4 / 72
        if right_to_left(name):
            doc.text_at(box.rect.right - NAME_PAD, baseline, name, size=size, anchor="end")
        else:
            doc.text_at(box.rect.x + NAME_PAD, baseline, name, size=size)
    return box.rect.h


def draw_mark_box(
    doc: Document,
    page: PageLayout,
    x: float,
    y: float,
    puzzle: str,
    field: Field,
    *,
    card: str = "",
    value: int | None = None,
    option: str = "",
    place: int | None = None,
) -> Box:
    """An empty box to fill, top-left at (x, y), meaning ``field`` (and ``card``,
    ``option``, ``place`` and ``value``) of ``puzzle``."""
    rect = Rect.of(x, y, BOX, BOX)
    box = page.add(Box("mark", rect, puzzle, field, card, value, option=option, place=place))
    doc.rect(box.rect.x, box.rect.y, box.rect.w, box.rect.h, width=BOX_LINE)
    return box
