"""The layout of a scannable PDF's pages, attached to the PDF as the file
``printables-layout.json`` (:data:`~generator.scan.layout.ATTACHMENT`), so any tool
reading the PDF knows every box without this code.

The PDF stays deterministic: reportlab writes it with a fixed document id and no dates,
and pypdf adds the attachment without dates or random ids, so the same sheet always
gives the same bytes.
"""

from __future__ import annotations

import io

from pypdf import PdfWriter

from generator.scan.layout import ATTACHMENT, SheetLayout


def attach_layout(pdf: bytes, layout: SheetLayout) -> bytes:
    """``pdf`` with ``layout`` attached as JSON (UTF-8)."""
    writer = PdfWriter(clone_from=io.BytesIO(pdf))
    writer.add_attachment(ATTACHMENT, layout.to_json().encode("utf-8"))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
