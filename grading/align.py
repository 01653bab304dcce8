"""A scanned page found and aligned: its code (QR) read, its layout drawn again from the
code (:func:`generator.scan.pages.page_from_code`), and the page mapped onto that layout
by its four corner marks, whatever the rotation, scale, skew or perspective (a phone
photo), so that every box is where the layout says.

The steps:

1. The QR code gives the page's layout and, from its four corners, a first rough map
   (an affine one) from the layout's millimetres to the image's pixels; the code's
   corners also say which way up the page is.
2. The corner marks are among the solid dark squares of about their size: for each
   corner, the few farthest out towards it near where the rough map puts it.
3. Each choice of them gives a map (a homography from four marks' centres; from three
   and the code's corners when a mark is lost); the one that puts the code's corners
   nearest to where they are seen is the page's map, if near enough, and the page is
   drawn again upright at :data:`PX_PER_MM` pixels a millimetre.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np
import zxingcpp

from generator.draw.qr import QUIET_ZONE, qr_modules
from generator.scan.layout import Box, PageLayout
from generator.scan.marks import PageCode, code_text
from generator.scan.pages import page_from_code

PX_PER_MM = 6.0
"""The aligned page's resolution (152 dpi): a box to fill is 27 pixels across."""
MARK_SEARCH = 80.0
"""How far (mm) from where the code's map puts a corner mark it is looked for: the map
is made from a small code in one corner, so a phone photo's perspective moves the far
corners by up to tens of millimetres from where it says."""
TRIED = 3
"""How many candidates a corner (the farthest out) are tried, each combination of them
judged by how well it puts the code's corners where they are seen."""
READ_SCALES = (1.0, 1.5, 2.0)
"""The sizes a page's image is searched for its code at, in turn, until one finds it.
A code of many modules scanned at 150 dpi has under 3 pixels a module; blurred and
JPEG-coarsened, 6 % of harsh 150 dpi scans of a version 7 code were read at the size
scanned, and all of 200 once drawn 1.5 times larger (``benchmarks/bench_grading.py``)."""
MOST_ERROR = 1.2
"""The largest gap (mm) allowed between the code's corners as seen and as the corner
marks' map puts them; beyond it the page is not trusted to be aligned."""


@dataclass(frozen=True)
class AlignedPage:
    """A page upright on its layout: ``image`` is the page drawn at :data:`PX_PER_MM`
    pixels a millimetre from the paper's top-left corner; ``error`` is the alignment's
    check (mm), ``marks`` how many corner marks were found."""

    code: str
    layout: PageLayout
    image: np.ndarray
    error: float
    marks: int

    def pixels(self, x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        """A rectangle in mm as (top, bottom, left, right) pixel bounds of :attr:`image`."""
        s = PX_PER_MM
        return round(y * s), round((y + h) * s), round(x * s), round((x + w) * s)


class AlignError(Exception):
    """A page that cannot be aligned, saying why in a teacher's words."""


@lru_cache(maxsize=64)
def layout_of(code: str) -> PageLayout:
    """The layout a page code names (drawn once a process). A page printed for a pupil of
    a roster has the boxes of the same page without a name, so its layout is that page's
    (drawn once for the whole class) with its own code and pupil."""
    read = PageCode.read(code)
    if read.pupil is None:
        return page_from_code(code)
    twin = layout_of(code_text(read.kind, read.paper, read.number, read.pages, read.ids))
    return replace(twin, code=code, boxes=list(twin.boxes), pupil=read.pupil)


def read_codes(image: np.ndarray, scale: float = 1.0) -> list[tuple[str, np.ndarray]]:
    """Every QR code on the page: its text and its corners (pixels of ``image``; the
    symbol's top-left, top-right, bottom-right and bottom-left, whichever way up it
    lies), searched for in the image drawn ``scale`` times its size."""
    if scale != 1.0:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
    found = zxingcpp.read_barcodes(
        image, formats=zxingcpp.BarcodeFormats(zxingcpp.BarcodeFormat.QRCode)
    )
    codes = []
    for barcode in found:
        p = barcode.position
        corners = [p.top_left, p.top_right, p.bottom_right, p.bottom_left]
        seen = np.array([[c.x, c.y] for c in corners], np.float64)
        codes.append((barcode.text, (seen + 0.5) / scale - 0.5))  # pixel centres kept
    return codes


def page_code(image: np.ndarray) -> tuple[str, np.ndarray]:
    """The page's Printables code and its corners, searched for at each of
    :data:`READ_SCALES` until found; raises :class:`AlignError` saying what the page is
    instead (blank, another QR code, none at all, two sheets' codes)."""
    ours: dict[str, np.ndarray] = {}
    others = 0
    for scale in READ_SCALES:
        for text, corners in read_codes(image, scale):
            try:
                PageCode.read(text)
            except ValueError:
                others += 1
                continue
            ours.setdefault(text, corners)
        if ours:
            break
    if len(ours) > 1:
        raise AlignError("two answer sheets' codes on one page")
    if ours:
        return next(iter(ours.items()))
    if is_blank(image):
        raise AlignError("a blank page")
    if others:
        raise AlignError("not an answer sheet: its QR code is another's (a page of puzzles?)")
    raise AlignError(
        "no answer sheet's code was found: not a Printables answer sheet, or its QR code "
        "is covered, torn or out of the picture"
    )


def is_blank(image: np.ndarray) -> bool:
    """Whether a page holds nothing printed or written: almost no pixel much darker than
    the paper around it."""
    small = cv2.resize(image, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    paper = cv2.dilate(small, np.ones((15, 15), np.uint8))
    dark = small.astype(np.float32) < 0.6 * paper.astype(np.float32)
    return float(dark.mean()) < 0.001


@lru_cache(maxsize=64)
def _modules(code: str) -> int:
    """How many modules across ``code``'s QR code is, quiet zone included."""
    return len(qr_modules(code))


def symbol_corners(code: str, box: Box) -> np.ndarray:
    """Where the QR symbol's four corners are on the layout (mm): its printed square
    without the quiet zone."""
    modules = _modules(code)
    quiet = box.rect.w / modules * QUIET_ZONE
    x0, y0 = box.rect.x + quiet, box.rect.y + quiet
    x1, y1 = box.rect.right - quiet, box.rect.bottom - quiet
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)


def align(image: np.ndarray) -> AlignedPage:
    """The page found and aligned on its layout; raises :class:`AlignError` when it cannot
    be (saying why)."""
    code, seen = page_code(image)
    try:
        layout = layout_of(code)
    except (ValueError, LookupError) as why:
        raise AlignError(f"its code names a sheet this version cannot draw ({why})") from None
    printed = symbol_corners(code, layout.of_kind("code")[0])
    scale = _side(seen) / _side(printed)  # pixels a mm in the image
    if scale < 2.5:
        raise AlignError(f"scanned too small to read ({scale * 25.4:.0f} dpi; 150 dpi at least)")
    work, seen = _working(image, seen, scale)
    scale = _side(seen) / _side(printed)
    rough = _affine(printed, seen)
    fiducials = layout.of_kind("fiducial")
    best: tuple[float, np.ndarray, int] | None = None
    for found in itertools.product(*_corner_marks(work, fiducials, rough, scale)):
        try:
            homography = _homography(fiducials, found, printed, seen)
            error = _check(homography, printed, seen) / scale
        except (cv2.error, np.linalg.LinAlgError):
            continue  # points in a line: no map
        if not np.isfinite(error):
            continue
        if best is None or error < best[0]:
            best = (error, homography, sum(point is not None for point in found))
    if best is None:
        raise AlignError("the page could not be aligned: its corner marks make no page")
    error, homography, marks = best
    if error > MOST_ERROR:
        raise AlignError(
            f"the page could not be aligned (its corner marks and its code disagree by "
            f"{error:.1f} mm): is a corner mark covered, or the page folded?"
        )
    to_work = homography @ np.diag([1 / PX_PER_MM, 1 / PX_PER_MM, 1.0])
    size = (round(layout.width * PX_PER_MM), round(layout.height * PX_PER_MM))
    flags = cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP
    upright = cv2.warpPerspective(work, to_work, size, flags=flags,
                                  borderMode=cv2.BORDER_CONSTANT, borderValue=255)  # fmt: skip
    return AlignedPage(code, layout, upright, round(error, 3), marks)


def _side(corners: np.ndarray) -> float:
    """A quadrilateral's mean side length."""
    return float(np.mean(np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)))


def _working(image: np.ndarray, seen: np.ndarray, scale: float) -> tuple[np.ndarray, np.ndarray]:
    """The image brought down near the aligned page's resolution (reading a 300 dpi scan
    at full size costs four times the time and reads no better), and the code's corners
    with it."""
    factor = PX_PER_MM * 1.25 / scale
    if factor >= 0.8:
        return image, seen
    small = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
    return small, (seen + 0.5) * factor - 0.5


def _affine(source: np.ndarray, target: np.ndarray) -> np.ndarray:
    """The affine map (3 x 3) that takes ``source`` points nearest to ``target`` ones."""
    ones = np.ones((len(source), 1))
    solution, *_ = np.linalg.lstsq(np.hstack([source, ones]), target, rcond=None)
    return np.vstack([solution.T, [0.0, 0.0, 1.0]])


def _apply(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    """``points`` (n x 2) through a 3 x 3 projective map."""
    mapped = np.hstack([points, np.ones((len(points), 1))]) @ matrix.T
    return np.asarray(mapped[:, :2] / mapped[:, 2:3], np.float64)


def _corner_marks(
    work: np.ndarray, fiducials: list[Box], rough: np.ndarray, scale: float
) -> list[list[np.ndarray | None]]:
    """For each corner mark, where it may be in the image (pixels): among the solid dark
    squares of about a mark's size within :data:`MARK_SEARCH` mm of where the rough map
    puts the mark, the :data:`TRIED` farthest out towards its corner ([None] if none)."""
    middle = np.mean([_centre(f) for f in fiducials], axis=0)
    side = fiducials[0].rect.w * scale
    points = _dark_squares(work, side)
    on_page = _apply(np.linalg.inv(rough), points) if len(points) else points  # roughly mm
    options: list[list[np.ndarray | None]] = []
    for fiducial in fiducials:
        centre = _centre(fiducial)
        near = np.flatnonzero(np.linalg.norm(on_page - centre, axis=1) <= MARK_SEARCH)
        outward = (on_page[near] - middle) @ (centre - middle)
        farthest = near[np.argsort(-outward)[:TRIED]]
        options.append([points[k] for k in farthest] or [None])
    return options


def _dark_squares(work: np.ndarray, side: float) -> np.ndarray:
    """The centres (image pixels, n x 2) of the solid dark squares about ``side`` pixels
    a side: much darker than the paper around them, as solid as a square turned a little
    or seen in perspective, and not cut by the image's edge."""
    height, width = work.shape
    paper = cv2.dilate(work, cv2.getStructuringElement(cv2.MORPH_RECT, (int(side * 1.8),) * 2))
    dark = (work.astype(np.float32) < 0.55 * paper.astype(np.float32)).astype(np.uint8)
    count, _, stats, centres = cv2.connectedComponentsWithStats(dark, connectivity=8)
    area = side * side
    points = []
    for label in range(1, count):
        left, top, w, h, pixels = stats[label]
        if left == 0 or top == 0 or left + w == width or top + h == height:
            continue  # cut by the image's edge: not whole
        if not 0.45 * area <= pixels <= 1.8 * area:
            continue
        if not (0.6 * side <= w <= 1.6 * side and 0.6 * side <= h <= 1.6 * side):
            continue
        if pixels < 0.6 * w * h:
            continue
        points.append(centres[label])
    return np.array(points, np.float64).reshape(-1, 2)


def _centre(box: Box) -> np.ndarray:
    """A box's centre on the layout (mm)."""
    return np.array([box.rect.x + box.rect.w / 2, box.rect.y + box.rect.h / 2])


def _homography(
    fiducials: list[Box],
    found: Sequence[np.ndarray | None],
    printed: np.ndarray,
    seen: np.ndarray,
) -> np.ndarray:
    """The page's map from mm to image pixels: from the four corner marks, or from three
    and the code's corners."""
    pairs = [
        (tuple(_centre(f)), tuple(point))
        for f, point in zip(fiducials, found, strict=True)
        if point is not None
    ]
    if len(pairs) < 3:
        missing = len(fiducials) - len(pairs)
        raise AlignError(
            f"{missing} of the page's 4 corner marks were not found: is a corner cut off, "
            f"covered or out of the picture?"
        )
    source = np.array([p[0] for p in pairs], np.float64)
    target = np.array([p[1] for p in pairs], np.float64)
    if len(pairs) == 4:
        return cv2.getPerspectiveTransform(source.astype(np.float32), target.astype(np.float32))
    source = np.vstack([source, printed])
    target = np.vstack([target, seen])
    homography, _ = cv2.findHomography(source, target, 0)
    if homography is None:
        raise AlignError("the page could not be aligned from three corner marks")
    return np.asarray(homography, np.float64)


def _check(homography: np.ndarray, printed: np.ndarray, seen: np.ndarray) -> float:
    """The largest gap (pixels) between the code's corners as seen and as mapped."""
    return float(np.max(np.linalg.norm(_apply(homography, printed) - seen, axis=1)))
