"""Per-card SVG export: valid XML, the card's size, plain paths only, one file per card."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from generator.commands.options import write_files
from generator.documents.decks import DeckOptions
from generator.documents.svg_cards import svg_files
from generator.draw import palette
from generator.draw.layout import CARD_SIZES, PAPERS
from printables.cards.decks import FOUR_D, PARADOX

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def four_d_files() -> dict[str, str]:
    return svg_files(FOUR_D, DeckOptions(PAPERS["letter"], CARD_SIZES["poker"]))


def test_one_file_per_card_and_a_back(four_d_files: dict[str, str]) -> None:
    assert len(four_d_files) == 82
    assert {f"{card}.svg" for card in FOUR_D} | {"back.svg"} == set(four_d_files)


def test_each_file_is_an_svg_of_the_card_size_with_plain_paths(
    four_d_files: dict[str, str],
) -> None:
    for name, text in four_d_files.items():
        root = ET.fromstring(text)
        assert root.tag == f"{SVG}svg", name
        assert (root.get("width"), root.get("height")) == ("63mm", "88mm")
        assert root.get("viewBox") == "0 0 63 88"
        tags = {element.tag.removeprefix(SVG) for element in root.iter()}
        assert not tags & {"pattern", "mask", "clipPath", "image", "use"}, name
        assert "path" in tags


def test_a_face_shows_its_color_shade_and_name(four_d_files: dict[str, str]) -> None:
    root = ET.fromstring(four_d_files["Rg~T.svg"])
    fills = {element.get("fill") for element in root.iter(f"{SVG}path")}
    assert palette.COLORS["red"] in fills and palette.SHADES["gray"] in fills
    assert palette.COLORS["blue"] not in fills and palette.COLORS["green"] not in fills
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert texts == ["Rg~T", "Rg~T"]
    strokes = [element for element in root.iter(f"{SVG}path") if element.get("stroke")]
    assert len(strokes) == 2  # red's double outline: ink, then a paper line inside it


def test_bleed_grows_the_drawing_not_the_card() -> None:
    files = svg_files(PARADOX, DeckOptions(PAPERS["a4"], CARD_SIZES["bridge"], bleed=3))
    root = ET.fromstring(files["P10.svg"])
    assert (root.get("width"), root.get("height")) == ("63mm", "94mm")
    assert root.get("viewBox") == "-3 -3 63 94"


def test_writing_a_folder(tmp_path: Path) -> None:
    count = write_files(
        tmp_path, svg_files(PARADOX, DeckOptions(PAPERS["a4"], CARD_SIZES["poker"]))
    )
    assert count == 45
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [f"{card}.svg" for card in PARADOX] + ["back.svg"]
    )
