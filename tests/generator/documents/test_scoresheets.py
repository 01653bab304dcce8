"""Score sheets, read back as a teacher's printer and a PDF reader see them."""

from __future__ import annotations

import io
import math
from functools import cache
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner
from pdf_probe import embedded_fonts
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator.commands.games import scoresheet
from generator.documents.scoresheet_parts import ROW
from generator.documents.scoresheets import (
    SCORE_SHEETS,
    all_score_sheets_pdf,
    score_sheet_pdf,
    sheet_key,
)
from generator.draw.layout import PAPERS
from printables.games.registry import GAMES

POINTS_PER_MM = 72 / 25.4
DPI = 60
EDGE = 5.0
"""mm along every edge of the paper that must stay white."""

KEYS = list(SCORE_SHEETS)
CASES = [(key, paper) for key in KEYS for paper in PAPERS]

# What each sheet must say: its scoring rule (the book's words) and its key labels.
KEY_TEXTS = {
    "challenge-matrix": [
        "a score equal to the number of players",
        "subtracts his or her score instead of adding it",
        "Pass to",
        "Points for each place",
    ],
    "squares": ["totaling the triple-flush pairs", "keeping a running total", "Hand 8"],
    "zodiac": ["closer to a zodiac", "Four of any one value busts", "Chips", "Bank"],
    "matches": ["Score one point for each value", "Start", "Finish", "61", "Tally marks"],
    "4d-500-rummy": ["five points each against you", "9 cards 240", "reaches 500 or more"],
    "secret-card": ["one point for naming their card correctly", "clue strips", "Clue card"],
    "nada-nada-nada": ["scores three points", "each separate nada", "score 10 or more"],
    "4d-poker": [
        "PLUS THIRTY CHIPS",
        "MINUS THIRTY CHIPS",
        "BANK NOTE",
        "LOAN",
        "Chips at the end of each playing session",
        "Bank record",
    ],
    "challenge-cipher": [
        "subtracts the amount of the bid",
        "the number of successful challenges",
        "Challenger",
    ],
    # PARADOX (more in test_paradox_sheets.py).
    "costly-tricks": ["points \u2212 20 \u00d7 tricks", "220 check", "Tricks", "Net"],
    "buddy-on-your-left": ["own + left neighbour's", "63 check", "Own", "Left", "Total"],
    "the-third-man": ["+10 \u2212 bid", "+2 \u00d7 bid", "Annulled", "board: right half"],
    "quad": ["call right: the chooser", "collected + cancelled = 52", "6: 3+3+1", "REDS"],
    "four": ["1 ace · 2 twos · 3 threes · 4 fours", "the last one out", "Pot"],
    "lockdown": [
        "The source lost the text of its sections Clear, Locking and The Rule of 3",
        "the last one standing",
        "Place: four of",
    ],
}


@cache
def sheet(key: str, paper: str, **options: int) -> bytes:
    return score_sheet_pdf(key, PAPERS[paper], **options)


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def words(data: bytes) -> str:
    """All the text of a PDF, its white space made single spaces."""
    return " ".join(" ".join(page.extract_text() for page in reader(data).pages).split())


def sized_texts(data: bytes) -> list[tuple[str, float, float]]:
    """(text, font size in points, height above the paper's bottom in points) of every
    piece of text in a PDF (text turned on its side measured along its own height)."""
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
            found.append((text.strip(), size * scale, tm[5] * cm[3] + cm[5]))

    for page in reader(data).pages:
        page.extract_text(visitor_text=visit)
    return found


def render(data: bytes, page: int) -> Image.Image:
    image: Image.Image = pdfium.PdfDocument(data)[page].render(scale=DPI / 72).to_pil()
    return image.convert("RGB")


def test_the_sheets_are_the_scoring_games_by_their_registry_keys() -> None:
    assert KEYS == [
        "challenge-matrix",
        "squares",
        "zodiac",
        "matches",
        "4d-500-rummy",
        "secret-card",
        "nada-nada-nada",
        "4d-poker",
        "challenge-cipher",
        "costly-tricks",
        "buddy-on-your-left",
        "the-third-man",
        "quad",
        "four",
        "lockdown",
    ]
    assert all(key in GAMES for key in KEYS)
    assert set(KEY_TEXTS) == set(KEYS)


@pytest.mark.parametrize(("key", "paper"), CASES)
def test_pages_are_exactly_the_paper(key: str, paper: str) -> None:
    pages = reader(sheet(key, paper)).pages
    assert len(pages) == SCORE_SHEETS[key].pages
    size = PAPERS[paper]
    for page in pages:
        assert float(page.mediabox.width) == pytest.approx(size.width * POINTS_PER_MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(size.height * POINTS_PER_MM, abs=0.01)


@pytest.mark.parametrize(("key", "paper"), CASES)
def test_the_title_the_scoring_rule_and_the_labels_are_printed(key: str, paper: str) -> None:
    data = sheet(key, paper)
    text = words(data)
    game = GAMES[key]
    assert f"{game.title} score sheet" in text
    assert "How to score" in text and "Date" in text
    for wanted in KEY_TEXTS[key]:
        assert wanted in text, wanted
    assert reader(data).metadata.title == f"{game.title} score sheet"


@pytest.mark.parametrize(("key", "paper"), CASES)
def test_every_font_is_embedded(key: str, paper: str) -> None:
    assert embedded_fonts(reader(sheet(key, paper)).pages) >= 2  # regular and bold


@pytest.mark.parametrize(("key", "paper"), CASES)
def test_text_is_at_least_9_points_but_the_footer(key: str, paper: str) -> None:
    footer_top = 12.0 * POINTS_PER_MM
    sizes = [size for _, size, y in sized_texts(sheet(key, paper)) if y > footer_top]
    assert sizes and min(sizes) >= 9.0 - 1e-6


@pytest.mark.parametrize(("key", "paper"), CASES)
def test_pages_are_inked_in_gray_only_and_never_near_the_edge(key: str, paper: str) -> None:
    data = sheet(key, paper)
    edge = int(EDGE / 25.4 * DPI)  # whole pixels inside the 5 mm band
    for number in range(SCORE_SHEETS[key].pages):
        image = render(data, number)
        red, green, blue = image.split()
        assert ImageChops.difference(red, green).getbbox() is None  # no color at all
        assert ImageChops.difference(green, blue).getbbox() is None
        gray = image.convert("L")
        width, height = gray.size
        inked = gray.point(lambda v: 255 if v < 250 else 0)
        histogram = inked.histogram()
        assert histogram[255] > 0.02 * width * height, "the page is (nearly) blank"
        inner = (edge, edge, width - edge, height - edge)
        outside = Image.new("L", gray.size, 0)
        outside.paste(inked, (0, 0))
        outside.paste(Image.new("L", (inner[2] - inner[0], inner[3] - inner[1]), 0), inner[:2])
        assert outside.getbbox() is None, f"ink within {EDGE} mm of the edge: {outside.getbbox()}"


def test_the_long_track_finishes_at_121_in_large_figures() -> None:
    for target in (61, 121):
        texts = sized_texts(sheet("matches", "letter", target=target))
        finish = [text for text, size, _ in texts if size == pytest.approx(14)]
        assert finish == [str(target)]
        holes = {text for text, size, _ in texts if text.isdigit() and size == pytest.approx(9)}
        assert {str(n) for n in range(1, target)} <= holes  # every hole numbered
        assert str(target) not in holes and str(target + 1) not in holes


def test_the_sheets_follow_the_games_players_and_targets() -> None:
    for key, score_sheet in SCORE_SHEETS.items():
        game = GAMES[key]
        setting = score_sheet.setting()
        assert setting.players == game.players[1]
        assert not setting.exact
        if score_sheet.takes_target:
            assert setting.target == game.options().target
    assert SCORE_SHEETS["matches"].setting().target == 61
    assert SCORE_SHEETS["4d-500-rummy"].setting().target == 500
    # One Total column for each player asked for.
    for key in ("4d-500-rummy", "nada-nada-nada", "challenge-matrix", "challenge-cipher"):
        low, high = GAMES[key].players
        for players in (low, high):
            text = words(sheet(key, "a4", players=players))
            assert text.count("Total") == players, (key, players)


def test_challenge_matrix_for_a_known_table_prints_its_passes_and_points() -> None:
    text = words(sheet("challenge-matrix", "letter", players=4))
    assert "for 4 players: a round is three hands" in text
    assert "3rd left" in text and "4th left" not in text
    general = words(sheet("challenge-matrix", "letter"))
    assert "1st left" not in general  # an unknown table size cannot say whom to pass to


def test_matches_target_and_players_options() -> None:
    assert "race to 121" in words(sheet("matches", "a4", target=121, players=2))
    with pytest.raises(ValueError, match="61 or 121"):
        score_sheet_pdf("matches", PAPERS["a4"], target=100)
    with pytest.raises(ValueError, match="2 to 5 players, not 6"):
        score_sheet_pdf("matches", PAPERS["a4"], players=6)
    with pytest.raises(ValueError, match="no target; the sheets with one: matches"):
        score_sheet_pdf("squares", PAPERS["a4"], target=100)
    with pytest.raises(ValueError, match="no option 'colour'"):
        score_sheet_pdf("squares", PAPERS["a4"], colour=1)


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_player_count_fits_on_its_pages(key: str, paper: str) -> None:
    """The sheet checks itself: it raises when a table outgrows its page or a label its
    cell."""
    low, high = GAMES[key].players
    for players in range(low, high + 1):
        data = score_sheet_pdf(key, PAPERS[paper], players=players)
        assert len(reader(data).pages) == SCORE_SHEETS[key].pages
    if key == "matches":
        for players in range(low, high + 1):
            score_sheet_pdf(key, PAPERS[paper], players=players, target=121)


def test_rows_are_big_enough_to_write_in() -> None:
    assert ROW >= 8.0


def test_unknown_names_list_the_sheets_and_aliases_are_accepted() -> None:
    with pytest.raises(ValueError, match="no score sheet called 'tarot'; the sheets are: "):
        score_sheet_pdf("tarot", PAPERS["letter"])
    with pytest.raises(ValueError, match=r"Good Riddance keeps no score.*4d-poker"):
        score_sheet_pdf("good-riddance", PAPERS["letter"])
    assert sheet_key("poker") == "4d-poker"
    assert sheet_key("Nada, Nada, Nada") == "nada-nada-nada"
    assert score_sheet_pdf("rummy", PAPERS["a4"]) == sheet("4d-500-rummy", "a4")


def test_output_is_deterministic() -> None:
    assert score_sheet_pdf("4d-poker", PAPERS["a4"]) == score_sheet_pdf("4d-poker", PAPERS["a4"])
    assert all_score_sheets_pdf(PAPERS["letter"]) == all_score_sheets_pdf(PAPERS["letter"])


@pytest.mark.parametrize("paper", list(PAPERS))
def test_all_sheets_in_one_document(paper: str) -> None:
    data = all_score_sheets_pdf(PAPERS[paper])
    pages = reader(data).pages
    assert len(pages) == sum(s.pages for s in SCORE_SHEETS.values())
    text = words(data)
    for key in KEYS:
        assert f"{GAMES[key].title} score sheet" in text


# -- the command ----------------------------------------------------------------------------


def invoke(*args: str) -> Any:
    return CliRunner().invoke(scoresheet, list(args))


def test_the_command_writes_the_sheet(tmp_path: Path) -> None:
    out = tmp_path / "m.pdf"
    result = invoke(
        "matches", "--target", "121", "--players", "3", "--paper", "A4", "--out", str(out)
    )
    assert result.exit_code == 0, result.output
    assert "Matches score sheet for 3 players, to 121, on A4" in result.output
    assert out.read_bytes() == sheet("matches", "a4", target=121, players=3)
    assert [p.name for p in tmp_path.iterdir()] == ["m.pdf"]  # no temporary file left


def test_the_command_names_its_file_after_the_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert invoke("poker").exit_code == 0
    assert invoke("all", "--paper", "a4").exit_code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["scoresheet-4d-poker.pdf", "scoresheet-all.pdf"]
    pages = sum(s.pages for s in SCORE_SHEETS.values())
    assert len(PdfReader(tmp_path / "scoresheet-all.pdf").pages) == pages


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tarot"], "no score sheet called 'tarot'; the sheets are: challenge-matrix, squares"),
        (["good-riddance"], "Good Riddance keeps no score"),
        (["matches", "--target", "100"], "Matches is played to 61 or 121 points, not 100"),
        (["zodiac", "--players", "12"], "Zodiac is for 2 to 8 players, not 12"),
        (["squares", "--target", "50"], "the sheets with one: matches"),
        (["all", "--players", "3"], "for one sheet, not 'all'"),
        (["squares", "--paper", "a5"], "'a5' is not one of 'letter', 'a4'"),
    ],
)
def test_the_command_refuses_bad_arguments_and_writes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = invoke(*args, "--out", str(tmp_path / "sheet.pdf"))
    assert result.exit_code == 2
    error = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(error) == 1 and message in error[0], result.output
    assert not list(tmp_path.iterdir())


def test_every_sheet_module_joins_the_one_registry_once() -> None:
    """The 4D, PARADOX and standard-deck sheets all join one registry, in the book's order;
    a second sheet for a game, or a sheet for no game, is refused."""
    from generator.documents.scoresheet_registry import ScoreSheet, register, registered

    assert registered() == SCORE_SHEETS
    assert {"squares", "costly-tricks", "quad"} <= set(SCORE_SHEETS)
    assert list(SCORE_SHEETS) == [key for key in GAMES if key in SCORE_SHEETS]
    with pytest.raises(ValueError, match="joined already"):
        register(ScoreSheet("squares", SCORE_SHEETS["squares"].draw))
    with pytest.raises(ValueError, match="no game's key"):
        register(ScoreSheet("tarot", SCORE_SHEETS["squares"].draw))
    assert registered() == SCORE_SHEETS
