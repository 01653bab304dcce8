"""The standard-deck games' score sheets (Quad, Four, Lockdown) and Quad's call cards, read
back as a PDF reader and a gray-scale printer see them."""

from __future__ import annotations

import io
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from generator.commands.games import scoresheet
from generator.documents.scoresheets import SCORE_SHEETS, all_score_sheets_pdf, score_sheet_pdf
from generator.documents.standard_sheets import CALL_CARD
from generator.draw.layout import PAPERS, SAFE_MARGIN
from printables.games.registry import GAMES
from printables.games.standard.lockdown import LOST_SECTIONS
from printables.games.standard.quad import ROUNDS

MM = 72 / 25.4
STANDARD = ["quad", "four", "lockdown"]
PAGES = {"quad": 2, "four": 1, "lockdown": 1}
CASES = [(key, paper) for key in STANDARD for paper in PAPERS]


@cache
def sheet(key: str, paper: str, **options: int) -> bytes:
    return score_sheet_pdf(key, PAPERS[paper], **options)


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def words(data: bytes, page: int | None = None) -> str:
    pages = reader(data).pages
    chosen = list(pages) if page is None else [pages[page]]
    return " ".join(" ".join(p.extract_text() for p in chosen).split())


def test_the_standard_sheets_follow_the_paradox_sheets_in_the_books_order() -> None:
    assert list(SCORE_SHEETS)[-3:] == STANDARD
    assert {GAMES[key].book for key in STANDARD} == {"Quad", "Four", "Lockdown"}


@pytest.mark.parametrize(("key", "paper"), CASES)
def test_pages_are_the_paper_and_the_title_is_the_game(key: str, paper: str) -> None:
    data = sheet(key, paper)
    pages = reader(data).pages
    assert len(pages) == PAGES[key] == SCORE_SHEETS[key].pages
    for page in pages:
        assert float(page.mediabox.width) == pytest.approx(PAPERS[paper].width * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(PAPERS[paper].height * MM, abs=0.01)
    title = f"{GAMES[key].title} score sheet"
    assert reader(data).metadata.title == title
    text = words(data, 0)
    assert text.startswith(title)
    assert "How to score" in text and "Date" in text and "Names" in text


def test_quad_has_a_row_a_round_the_last_of_three_cards_and_the_52_check() -> None:
    text = words(sheet("quad", "letter"), 0)
    assert len(ROUNDS) == 6 and sum(2 * each + up for each, up in ROUNDS) == 52
    for n, (each, up) in enumerate(ROUNDS, start=1):
        assert f"{n}: {each}+{each}+{up}" in text
    assert "6: 3+3+1" in text and "5: 4+4+1" in text
    assert "collected + cancelled = 52" in text and "The 52 check" in text
    assert "A = 1 … K = 13" in text and "a tie: the other player" in text
    assert "Cancelled" in text and "Chose" in text


def test_quads_call_cards_are_card_sized_and_say_reds_and_blacks() -> None:
    data = sheet("quad", "a4")
    text = words(data, 1)
    assert "REDS" in text and "BLACKS" in text
    assert "hearts + diamonds" in text and "clubs + spades" in text
    assert "backs are alike" in text
    assert CALL_CARD == (63.0, 88.0)


def test_four_lists_the_kinds_the_order_and_the_pots_for_its_players() -> None:
    text = words(sheet("four", "letter"))
    assert "1 ace · 2 twos · 3 threes · 4 fours" in text
    assert "the last one out" in text and "fours end the game at once" in text
    assert "Pot" in text and "Out with" in text and "Winner" in text and "2nd: 4s" in text
    assert "5 players" in text
    three = words(score_sheet_pdf("four", PAPERS["letter"], players=3))
    assert "3 players" in three


@pytest.mark.parametrize("players", [2, 5, 8])
def test_lockdown_tracks_eliminations_and_says_the_source_lost_three_sections(
    players: int,
) -> None:
    text = words(score_sheet_pdf("lockdown", PAPERS["a4"], players=players))
    assert " ".join(LOST_SECTIONS.split()) in text
    assert "Clear" in text and "Locking" in text and "The Rule of 3" in text
    assert f"{players} players" in text and "Place: four of" in text


def test_the_sheets_refuse_player_counts_their_games_do_not_have() -> None:
    with pytest.raises(ValueError, match="Four is for 3 to 5 players"):
        score_sheet_pdf("four", PAPERS["letter"], players=6)
    with pytest.raises(ValueError, match="Quad is for 2 players"):
        score_sheet_pdf("quad", PAPERS["letter"], players=3)
    with pytest.raises(ValueError, match="no target"):
        score_sheet_pdf("lockdown", PAPERS["letter"], target=10)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
@pytest.mark.parametrize(("key", "paper"), CASES)
def test_no_ink_within_5_mm_of_the_edge_when_rasterized(
    key: str, paper: str, tmp_path: Path
) -> None:
    source = tmp_path / "sheet.pdf"
    source.write_bytes(sheet(key, paper))
    subprocess.run(
        ["pdftoppm", "-gray", "-r", "60", str(source), str(tmp_path / "page")],
        check=True, timeout=60,
    )  # fmt: skip
    images = [Image.open(p).convert("L") for p in sorted(tmp_path.glob("page*.pgm"))]
    assert len(images) == PAGES[key]
    edge = int(SAFE_MARGIN / 25.4 * 60)
    for number, image in enumerate(images, 1):
        width, height = image.size
        inked = image.point(lambda v: 255 if v < 250 else 0)
        assert inked.histogram()[255] > 0.01 * width * height, f"page {number} is blank"
        band = inked.copy()
        band.paste(0, (edge, edge, width - edge, height - edge))
        assert band.getbbox() is None, f"page {number}: ink near the edge at {band.getbbox()}"


def test_the_command_writes_each_sheet_and_all_sheets_hold_them(tmp_path: Path) -> None:
    for key in STANDARD:
        out = tmp_path / f"{key}.pdf"
        result = CliRunner().invoke(scoresheet, [key, "--out", str(out)])
        assert result.exit_code == 0, result.output
        assert len(reader(out.read_bytes()).pages) == PAGES[key]
        if key == "quad":
            assert "with its call cards to cut out on page 2" in result.output
    result = CliRunner().invoke(scoresheet, ["all", "--out", str(tmp_path / "all.pdf")])
    assert "with The Third Man's board and Quad's call cards" in result.output
    text = words(all_score_sheets_pdf(PAPERS["letter"]))
    for key in STANDARD:
        assert f"{GAMES[key].title} score sheet" in text
    assert "Quad: call cards" in text
