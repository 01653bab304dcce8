"""Colors reach reportlab already read: a page's drawing does not re-parse color strings.

Reading ``#rrggbb`` is slow in reportlab (``toColor``); :func:`generator.draw.pdf.ink` reads
each color once. A pack's score sheets draw thousands of texts, rules and boxes, so a color
passed as text to reportlab on every call cost 11 % of ``printables pack``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from reportlab.lib import colors

from generator.documents.scoresheets import score_sheet_pdf
from generator.draw.layout import PAPERS


@pytest.fixture
def color_reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Every color reportlab reads from text while the test runs."""
    reads: list[Any] = []
    parse = type(colors.toColor).__call__

    def counted(self: Any, arg: Any, *rest: Any, **options: Any) -> Any:
        reads.append(arg)
        return parse(self, arg, *rest, **options)

    monkeypatch.setattr(type(colors.toColor), "__call__", counted)
    yield reads


def test_a_score_sheet_reads_each_color_once_at_most(color_reads: list[Any]) -> None:
    pdf = score_sheet_pdf("4d-poker", PAPERS["letter"])  # a ledger and bank notes: 2 pages
    assert pdf.startswith(b"%PDF-")
    texts = [c for c in color_reads if isinstance(c, str)]
    # each distinct color at most once (it may already be cached by an earlier drawing)
    assert len(texts) == len(set(texts)), sorted(texts)[:10]
