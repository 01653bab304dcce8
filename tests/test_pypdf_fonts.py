"""The tests' pypdf font memo (:mod:`pypdf_fonts`) is in effect, reads each font of a
document once, and leaves every page's text as pypdf gives it unpatched."""

from __future__ import annotations

import io

from pypdf import PdfReader
from pypdf_fonts import UNPATCHED, patchable, read_each_font_once

from generator.documents.worksheet import WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from printables.questions.base import question_kinds


def worksheet_pdf() -> bytes:
    """A nada worksheet: small cards, each a form naming the document's fonts."""
    kind = question_kinds()["nada"]
    chosen = kind.choices(question=next(iter(kind.questions)), level="easy")
    puzzles = [kind.get(i) for i in kind.ids(6, 3, chosen)]
    return make_worksheet(puzzles, WorksheetOptions(PAPERS["a4"], "http://192.0.2.1")).pdf


def texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_this_pypdf_is_patched_where_the_memo_expects() -> None:
    assert patchable(), "pypdf moved Font.from_font_resource: update tests/support/pypdf_fonts.py"


def test_the_memo_reads_each_font_once_and_changes_no_text() -> None:
    data = worksheet_pdf()
    from pypdf.generic import _font

    patched_now = vars(_font.Font)["from_font_resource"]  # the session's memo (conftest)
    calls: list[int] = []

    def counted(cls: type, pdf_font_dict: object) -> object:
        calls.append(id(pdf_font_dict))
        return UNPATCHED.__func__(cls, pdf_font_dict)

    _font.Font.from_font_resource = classmethod(counted)  # type: ignore[method-assign,assignment]
    try:
        unpatched = texts(data)
        read_unpatched = len(calls)
        calls.clear()
        with read_each_font_once() as memo:
            patched = texts(data)
    finally:
        _font.Font.from_font_resource = patched_now  # type: ignore[method-assign]
    assert patched == unpatched and any("nada" in text for text in patched)
    assert len(calls) == len(set(calls)) == len(memo) <= 4  # each font read once
    assert read_unpatched > 10 * len(calls)  # against once per small card
