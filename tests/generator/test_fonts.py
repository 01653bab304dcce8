"""Each text is drawn in a font that has its letters: Vera for what it covers, the wide
font for Greek, Cyrillic and Latin beyond Vera (the score sheet printing such names is
tested in tests/generator/documents/test_session_results.py)."""

from __future__ import annotations

import pytest

from generator.draw.fonts import font_name, text_width


@pytest.mark.parametrize(
    ("text", "font"),
    [("Zoë", "Vera"), ("Łukasz", "Vera"), ("Дмитрий", "SourceSans"), ("Αθηνά", "SourceSans"),
     ("Ngọc", "SourceSans"), ("Bb=S", "Vera")],
)  # fmt: skip
def test_each_text_is_drawn_in_a_font_that_has_its_letters(text: str, font: str) -> None:
    assert font_name(text=text) == font
    assert font_name(bold=True, text=text) == font + "-Bold"
    assert text_width(text, 10) > 0.5 * len(text)  # never the zero width of missing glyphs
