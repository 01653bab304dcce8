"""pypdf's text extraction with each font read once per document, for the tests.

pypdf's ``extract_text`` reads a font (its ToUnicode map above all) again for every
form XObject that names it, and a sheet's small cards are one form each, sharing the
document's font dictionary: a worksheet page's text took about twice as long as with
each font read once. :func:`read_each_font_once` memoizes
``pypdf.generic._font.Font.from_font_resource`` by the font dictionary itself (the same
object for every form of one document read), so the text is unchanged, only found
sooner; ``tests/test_pypdf_fonts.py`` checks both, and fails plainly if a pypdf release
moves what is patched (the tests then run unpatched, slower but right).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

try:
    from pypdf.generic import _font
except ImportError:  # pragma: no cover - a pypdf without the module: nothing to patch
    _font = None  # type: ignore[assignment]

UNPATCHED: Any = vars(getattr(_font, "Font", object)).get("from_font_resource")
"""pypdf's own ``Font.from_font_resource``, as this module found it when imported."""
KEPT = 64
"""Fonts remembered at once (a few a document): the memo is emptied when it holds more."""


def patchable() -> bool:
    """Whether this pypdf reads fonts where :func:`read_each_font_once` patches."""
    return isinstance(UNPATCHED, classmethod)


@contextmanager
def read_each_font_once() -> Iterator[dict[int, tuple[Any, Any]]]:
    """While open, pypdf reads each font dictionary once; yields the memo (by the
    dictionary's id, with the dictionary kept so that the id is not reused)."""
    if not patchable():
        yield {}
        return
    font = _font.Font
    plain = vars(font)["from_font_resource"]
    memo: dict[int, tuple[Any, Any]] = {}

    def from_font_resource(cls: type, pdf_font_dict: Any) -> Any:
        hit = memo.get(id(pdf_font_dict))
        if hit is None or hit[0] is not pdf_font_dict:  # (pypdf sets the same space width
            # on the font it returns at every call: a font shared by calls is still right)
            if len(memo) >= KEPT:
                memo.clear()
            hit = memo[id(pdf_font_dict)] = (pdf_font_dict, plain.__func__(cls, pdf_font_dict))
        return hit[1]

    font.from_font_resource = classmethod(from_font_resource)  # type: ignore[method-assign,assignment]
    try:
        yield memo
    finally:
        font.from_font_resource = plain  # type: ignore[method-assign]
