"""``printables deck standard`` and ``printables deck four`` as a teacher runs them: real
processes, real files."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from generator.draw import palette
from generator.draw.layout import CARD_SIZES, PAPERS, plan_sheet
from printables.cards.decks import FOUR, STANDARD

SVG = "{http://www.w3.org/2000/svg}"


def printables(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip


def colored_share(pdf: Path, ink: str) -> float:
    """The share of a PDF's first page's pixels printed near ``ink``."""
    image = pdfium.PdfDocument(pdf)[0].render(scale=30 / 72).to_pil().convert("RGB")
    pixels = np.asarray(image, dtype=float)
    target = np.array(palette.rgb(ink)) * 255
    return float((np.abs(pixels - target).max(axis=2) < 40).mean())


def test_standard_deck_with_its_defaults(tmp_path: Path) -> None:
    result = printables("deck", "standard", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "standard-deck.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 12  # 54 cards, 9 a sheet, each sheet followed by its backs
    assert "54 cards, 9 per sheet on Letter, 6 sheets" in result.stdout
    fronts = reader.pages[0].extract_text().split()
    assert {"AS", "AH", "AD", "AC", "2S"} <= set(fronts)
    assert "CARDS" in reader.pages[1].extract_text()
    assert colored_share(pdf, palette.FOUR_COLOR_INKS["diamonds"]) < 0.0005  # no blue
    assert colored_share(pdf, palette.STANDARD_INKS["red"]) > 0.005


def test_four_deck(tmp_path: Path) -> None:
    result = printables("deck", "four", "--no-backs", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    reader = PdfReader(tmp_path / "four-deck.pdf")
    assert len(reader.pages) == 4  # 28 cards, 9 a sheet
    assert "Four's stripped deck, 28 cards" in result.stdout
    names = " ".join(page.extract_text() for page in reader.pages).split()
    for card in FOUR:
        assert str(card) in names
    assert not {"5S", "10H", "RJ", "BJ"} & set(names)


def test_four_color_prints_diamonds_blue_and_clubs_green(tmp_path: Path) -> None:
    result = printables("deck", "standard", "--four-color", "--out", "four.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / "four.pdf"
    assert len(PdfReader(pdf).pages) == 12
    # The first sheet holds the aces, the twos and the three of spades.
    assert colored_share(pdf, palette.FOUR_COLOR_INKS["diamonds"]) > 0.002
    assert colored_share(pdf, palette.FOUR_COLOR_INKS["clubs"]) > 0.002


def test_four_color_svg_with_bleed_on_bridge_cards(tmp_path: Path) -> None:
    result = printables(
        "deck", "standard", "--four-color", "--format", "svg", "--bleed", "2", "--card",
        "bridge", "--out", "cards", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    files = sorted(p.name for p in (tmp_path / "cards").glob("*.svg"))
    assert files == sorted([f"{card}.svg" for card in STANDARD] + ["back.svg"])
    root = ET.parse(tmp_path / "cards" / "QC.svg").getroot()
    assert (root.get("width"), root.get("height")) == ("61mm", "92mm")
    assert root.get("viewBox") == "-2 -2 61 92"
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert texts.count("QC") == 2 and texts.count("Q") == 4  # two indices, two court letters
    fills = {element.get("fill") for element in root.iter(f"{SVG}path")}
    assert palette.FOUR_COLOR_INKS["clubs"] in fills


@pytest.mark.parametrize(
    ("args", "paper", "card", "bleed"),
    [
        (["--card", "bridge"], "letter", "bridge", 0.0),
        (["--paper", "a4"], "a4", "poker", 0.0),
        (["--bleed", "2", "--paper", "a4", "--card", "bridge"], "a4", "bridge", 2.0),
    ],
    ids=["bridge", "a4", "a4-bridge-bleed"],
)
def test_paper_card_and_bleed(
    tmp_path: Path, args: list[str], paper: str, card: str, bleed: float
) -> None:
    result = printables("deck", "standard", "--no-backs", *args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    sheet = plan_sheet(PAPERS[paper], CARD_SIZES[card], bleed)
    sheets = -(-len(STANDARD) // sheet.per_sheet)
    assert f"{sheet.per_sheet} per sheet on {PAPERS[paper].name}, {sheets} sheets" in result.stdout
    reader = PdfReader(tmp_path / "standard-deck.pdf")
    assert len(reader.pages) == sheets
    width = float(reader.pages[0].mediabox.width) * 25.4 / 72
    assert width == pytest.approx(PAPERS[paper].width, abs=0.1)


@pytest.mark.parametrize("deck", ["4d", "paradox"])
def test_four_color_is_refused_for_decks_without_it(tmp_path: Path, deck: str) -> None:
    result = printables("deck", deck, "--four-color", cwd=tmp_path)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "--four-color" in result.stderr and "no four-color design" in result.stderr
    assert "standard and four" in result.stderr
    assert not list(tmp_path.iterdir())  # nothing written
