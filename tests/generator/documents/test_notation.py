"""The notation reference card, read back (pypdf) and rasterized (pdfium): four cards to a
sheet on Letter and A4, every value of the 4D deck with its symbol, the outlines, the
PARADOX and standard names, ink clear of the paper's edge and of the cut lines."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pdf_probe import ink_near_edge
from pypdf import PdfReader

from generator import commands
from generator.documents.notation import notation_pdf
from generator.draw.layout import PAPERS
from printables.cards.decks import FOUR_D

MM = 72 / 25.4


def text_of(data: bytes) -> str:
    return PdfReader(io.BytesIO(data)).pages[0].extract_text()


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_four_cards_each_with_every_value_and_the_examples(paper: str) -> None:
    data = notation_pdf(PAPERS[paper])
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    assert float(reader.pages[0].mediabox.width) == pytest.approx(PAPERS[paper].width * MM)
    text = text_of(data)
    assert text.count("How the cards are named") == 4
    for attribute in FOUR_D.attributes:
        assert text.count(attribute.name.capitalize()) >= 4
        for value in attribute.values:
            found = re.findall(rf"^{re.escape(value.symbol)}\n{value.name}$", text, re.MULTILINE)
            assert len(found) == 4, value.name
    flat = " ".join(text.split())
    assert flat.count("Bb=S is blue, black, stripe, square") == 4
    for words in ("blue solid", "green dashed", "red double", "so P10 is purple 10",
                  "QD is the queen of diamonds", "the jokers are RJ and BJ"):  # fmt: skip
        assert flat.count(words) == 4, words
    assert reader.metadata.title == "Card notation: reference cards, four to a sheet"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_ink_stays_off_the_papers_edge_and_the_cut_lines(paper: str) -> None:
    data = notation_pdf(PAPERS[paper])
    assert not ink_near_edge(data, 5.0)
    dpi = 100
    image = pdfium.PdfDocument(data)[0].render(scale=dpi / 72).to_pil().convert("L")
    per_mm = dpi / 25.4
    middle_x, middle_y = image.width // 2, image.height // 2
    band = round(2.5 * per_mm)  # 2.5 mm either side of each cut line: only its gray dashes
    vertical = image.crop((middle_x - band, 0, middle_x + band, image.height))
    horizontal = image.crop((0, middle_y - band, image.width, middle_y + band))
    for strip in (vertical, horizontal):
        darkest, _ = strip.getextrema()
        assert 90 < darkest < 200  # the dashes' gray, and nothing darker


def test_the_handout_command_writes_the_sheet(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = CliRunner().invoke(commands.main, ["handout", "NOTATION", "--paper", "a4",
                                                "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert result.output == (
        f"Wrote {out}: four notation cards on one A4 sheet; cut along the dashed lines.\n"
    )
    assert out.read_bytes() == notation_pdf(PAPERS["a4"])
    wrong = CliRunner().invoke(commands.main, ["handout", "bridge"])
    assert wrong.exit_code == 2 and "or 'all', or 'notation'" in wrong.output
