"""Each text is drawn in a font that has its letters: Vera for what it covers, the wide
font for Greek, Cyrillic and Latin beyond Vera (the score sheet printing such names is
tested in tests/generator/documents/test_session_results.py)."""

from __future__ import annotations

import pytest

from generator.draw.fonts import CJK, Run, font_name, run_width, runs, text_width


@pytest.mark.parametrize(
    ("text", "font"),
    [("Zoë", "Vera"), ("Łukasz", "Vera"), ("Дмитрий", "SourceSans"), ("Αθηνά", "SourceSans"),
     ("Ngọc", "SourceSans"), ("Bb=S", "Vera")],
)  # fmt: skip
def test_each_text_is_drawn_in_a_font_that_has_its_letters(text: str, font: str) -> None:
    assert font_name(text=text) == font
    assert font_name(bold=True, text=text) == font + "-Bold"
    assert text_width(text, 10) > 0.5 * len(text)  # never the zero width of missing glyphs


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ann 李华", [("Vera", "Ann "), ("CJK", "李华")]),
        ("לאה כהן", [("NotoHebrew", "ןהכ האל")]),  # display order: right to left
        ("Ali علي", [("Vera", "Ali "), ("NotoArabic", "\ufef2\ufee0\ufecb")]),  # joined forms
        ("🦊 Fox", [("NotoEmoji", "🦊"), ("Vera", " Fox")]),  # a space takes no emoji's width
        ("प्रिया", [("NotoDevanagari", "प्रिया")]),
        ("สมชาย", [("NotoThai", "สมชาย")]),
        ("தமிழ்", [("NotoTamil", "தமிழ்")]),
    ],
)
def test_a_name_beyond_the_text_fonts_prints_in_runs_of_fonts_that_have_its_letters(
    text: str, expected: list[tuple[str, str]]
) -> None:
    if any(font == "CJK" for font, _ in expected) and CJK is None:
        pytest.skip("no font for Chinese, Japanese and Korean: install fonts-wqy-microhei")
    found = runs(text)
    assert [(run.font, run.text) for run in found] == expected
    unshaped = {"Vera", "CJK", "NotoHebrew", "NotoArabic"}  # Arabic is joined before
    assert all(run.shaped == (run.font not in unshaped) for run in found)
    assert text_width(text, 10) > 0.4 * len(text)


def test_a_shaped_run_is_as_wide_as_its_shaped_glyphs() -> None:
    """प्र is one conjunct: narrower than प, ् and र side by side."""
    (conjunct,) = runs("प्र")
    assert conjunct.shaped
    assert run_width(conjunct, 10) < 0.8 * sum(run_width(Run(ch, conjunct.font), 10) for ch in "प्र")
