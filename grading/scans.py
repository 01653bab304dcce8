"""Scans read: each page of a PDF, PNG, JPEG or TIFF file as a gray-scale image, or the
reason it cannot be one.

A page carries a :attr:`ScanPage.key` made from the file's bytes and the page's place in
it, so the teacher's decisions about a page are found again when the same scan is graded
again, under any name.

>>> [type(p).__name__ for p in read_scan("notes.txt", b"not a scan")]
['ScanProblem']
>>> next(read_scan("notes.txt", b"not a scan")).problem
'not a PDF or an image (PNG, JPEG, TIFF)'
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass

import cv2
import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

PDF_DPI = 200
"""PDF pages are drawn at this resolution (a box to fill is 35 pixels across)."""
MAX_PIXELS = 60_000_000
"""An image larger than this (a 600 dpi A3 scan is 70 million) is refused, not read."""


@dataclass(frozen=True)
class ScanPage:
    """One page of a scan: the file's name, the page's number in it (1 the first), a key
    that names the page by its content, and the page as a gray-scale image (0 black, 255
    white)."""

    source: str
    number: int
    key: str
    image: np.ndarray

    @property
    def where(self) -> str:
        """The page as a teacher finds it: ``scan.pdf page 3``."""
        return f"{self.source} page {self.number}"


@dataclass(frozen=True)
class ScanProblem:
    """A file, or one page of it, that gives no page to grade, and why."""

    source: str
    number: int | None
    problem: str

    @property
    def where(self) -> str:
        return self.source if self.number is None else f"{self.source} page {self.number}"


def content_key(data: bytes) -> str:
    """A short name for a file's content (the same bytes, the same key).

    >>> content_key(b"scan")
    '59ad1b2fc74287de'
    """
    return hashlib.sha256(data).hexdigest()[:16]


def kind_of(data: bytes) -> str | None:
    """``pdf``, ``image`` or None, from the file's first bytes (never its name).

    >>> kind_of(b"%PDF-1.7 ..."), kind_of(b"\\x89PNG\\r\\n\\x1a\\n..."), kind_of(b"GIF89a")
    ('pdf', 'image', None)
    """
    head = data[:1024]
    if b"%PDF-" in head:
        return "pdf"
    if head.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*")):
        return "image"
    return None


def read_scan(source: str, data: bytes) -> Iterator[ScanPage | ScanProblem]:
    """Every page of the file ``source`` whose bytes are ``data``, in order; a page that
    cannot be read, or a file that is not a scan, is a :class:`ScanProblem` and the rest
    are still read."""
    kind = kind_of(data)
    if kind is None:
        yield ScanProblem(source, None, "not a PDF or an image (PNG, JPEG, TIFF)")
        return
    key = content_key(data)
    if kind == "pdf":
        yield from _pdf_pages(source, data, key)
    else:
        yield from _image_pages(source, data, key)


def _pdf_pages(source: str, data: bytes, key: str) -> Iterator[ScanPage | ScanProblem]:
    try:
        pdf = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as error:
        yield ScanProblem(source, None, f"cannot be read as a PDF ({error})")
        return
    try:
        if len(pdf) == 0:
            yield ScanProblem(source, None, "the PDF has no pages")
        for index in range(len(pdf)):
            number = index + 1
            try:
                page = pdf[index]
                width, height = page.get_size()
                if width * height * (PDF_DPI / 72) ** 2 > MAX_PIXELS:
                    yield ScanProblem(source, number, "the page is too large to be a sheet")
                    continue
                image = _scanned_image(page)
                if image is None:
                    bitmap = page.render(scale=PDF_DPI / 72, grayscale=True)
                    image = _gray(bitmap.to_numpy())
            except pdfium.PdfiumError as error:
                yield ScanProblem(source, number, f"the page cannot be drawn ({error})")
                continue
            yield ScanPage(source, number, f"{key}-{number}", image)
    finally:
        pdf.close()


def _scanned_image(page: pdfium.PdfPage) -> np.ndarray | None:
    """The page's picture as the scanner made it, when the page is one picture covering
    it (what a copier's scan-to-PDF makes; an invisible text layer beside it is let be),
    decoded straight from the file: ten times quicker than drawing the page. None for
    any other page, which is drawn instead."""
    objects = [o for o in page.get_objects(max_depth=1) if o.type != pdfium_c.FPDF_PAGEOBJ_TEXT]
    if len(objects) != 1 or not isinstance(objects[0], pdfium.PdfImage):
        return None
    picture = objects[0]
    a, b, c, d, _, _ = picture.get_matrix().get()
    left, bottom, right, top = picture.get_bounds()
    width, height = page.get_size()
    if b or c or a <= 0 or d <= 0 or (right - left) * (top - bottom) < 0.9 * width * height:
        return None  # turned, mirrored or not the whole page: let PDFium draw it
    if picture.get_filters() == ["DCTDecode"]:
        data = np.frombuffer(bytes(picture.get_data(decode_simple=False)), np.uint8)
        pixels_a_mm = picture.get_px_size()[0] / ((right - left) / 72 * 25.4)
        flag = cv2.IMREAD_REDUCED_GRAYSCALE_2 if pixels_a_mm > 10 else cv2.IMREAD_GRAYSCALE
        image = cv2.imdecode(data, flag)
        return None if image is None else np.ascontiguousarray(image)
    return None


def _image_pages(source: str, data: bytes, key: str) -> Iterator[ScanPage | ScanProblem]:
    buffer = np.frombuffer(data, np.uint8)
    try:
        ok, images = cv2.imdecodemulti(buffer, cv2.IMREAD_GRAYSCALE)
    except cv2.error:
        ok, images = False, []
    if not ok or not images:
        yield ScanProblem(source, None, "the image cannot be read (a damaged or cut-off file?)")
        return
    for number, image in enumerate(images, 1):
        if image.size > MAX_PIXELS:
            yield ScanProblem(source, number, "the image is too large to be a sheet")
            continue
        yield ScanPage(source, number, f"{key}-{number}", _gray(image))


def _gray(image: np.ndarray) -> np.ndarray:
    """One channel of 8 bits, whatever the decoder gave."""
    if image.ndim == 3:
        to_gray = cv2.COLOR_BGR2GRAY if image.shape[2] == 3 else cv2.COLOR_BGRA2GRAY
        image = cv2.cvtColor(image, to_gray)
    if image.dtype != np.uint8:
        image = cv2.convertScaleAbs(image, alpha=255.0 / max(1.0, float(image.max())))
    return np.ascontiguousarray(image)
