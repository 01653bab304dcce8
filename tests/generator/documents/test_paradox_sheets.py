"""The PARADOX games' score sheets and The Third Man's board, read back as a teacher's
printer and a PDF reader see them."""

from __future__ import annotations

import io
import math
import shutil
import subprocess
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from generator.commands.decks import pack
from generator.commands.games import scoresheet
from generator.documents.paradox_sheets import BOARD_EDGE, NUMBER, STRIP
from generator.documents.scoresheet_parts import PACK_TITLE
from generator.documents.scoresheets import SCORE_SHEETS, all_score_sheets_pdf, score_sheet_pdf
from generator.draw.fonts import text_width
from generator.draw.layout import PAPERS, SAFE_MARGIN
from printables.games.paradox.buddy_on_your_left import ROUND_POINTS as BUDDY_POINTS
from printables.games.paradox.buddy_on_your_left import chips_for, round_totals
from printables.games.paradox.costly_tricks import TRICKS
from printables.games.paradox.third_man import auction_changes
from printables.games.registry import GAMES
from printables.paradox.tricks import ROUND_POINTS, TRICK_COST

MM = 72 / 25.4
"""Points in a millimetre."""
MINUS = "\u2212"
TIMES = "\u00d7"
PARADOX = ["costly-tricks", "buddy-on-your-left", "the-third-man"]
CASES = [(key, paper) for key in PARADOX for paper in PAPERS]
PAGES = {"costly-tricks": 1, "buddy-on-your-left": 1, "the-third-man": 4}
BOARD = (2, 3)
"""The Third Man's board: its sheet's third and fourth pages (0-based)."""


@cache
def sheet(key: str, paper: str, **options: int) -> bytes:
    return score_sheet_pdf(key, PAPERS[paper], **options)


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def page_words(data: bytes, pages: range | tuple[int, ...] | None = None) -> str:
    """The text of a PDF's pages (all by default), its white space made single spaces."""
    found = reader(data).pages
    chosen = [found[p] for p in pages] if pages is not None else list(found)
    return " ".join(" ".join(page.extract_text() for page in chosen).split())


def sized(data: bytes, page: int) -> list[tuple[str, float, float, float]]:
    """(text, size in points, x and y in points from the bottom left) of each string on a
    page; text turned on its side is measured along its own height."""
    found: list[tuple[str, float, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: float) -> None:
        if text.strip():
            scale = math.hypot(tm[2], tm[3]) * math.hypot(cm[2], cm[3])
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), size * scale, x, y))

    reader(data).pages[page].extract_text(visitor_text=visit)
    return found


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"{MINUS}{-n}" if n < 0 else "0"


def numbers(data: bytes, page: int) -> dict[str, tuple[float, float]]:
    """The board's large numbers on a page, each with its centre (mm from the paper's left)
    and its baseline (mm from the paper's top)."""
    height = float(reader(data).pages[page].mediabox.height)
    out: dict[str, tuple[float, float]] = {}
    for text, size, x, y in sized(data, page):
        if size >= NUMBER - 0.01 and text != "START":
            assert text not in out, f"{text} printed twice"
            out[text] = (x / MM + text_width(text, size, bold=True) / 2, (height - y) / MM)
    return out


# -- the sheets ---------------------------------------------------------------------------


def test_the_paradox_sheets_follow_the_4d_sheets_by_their_game_keys() -> None:
    keys = list(SCORE_SHEETS)
    first = keys.index(PARADOX[0])
    assert keys[first : first + 3] == PARADOX
    assert all(GAMES[key].book == "4D Playing Cards" for key in keys[:first])
    assert all(GAMES[key].book == "PARADOX" for key in PARADOX)
    assert SCORE_SHEETS["the-third-man"].board
    assert not any(s.board for k, s in SCORE_SHEETS.items() if k != "the-third-man")


@pytest.mark.parametrize(("key", "paper"), CASES)
def test_pages_are_the_paper_and_the_title_is_the_game(key: str, paper: str) -> None:
    data = sheet(key, paper)
    pages = reader(data).pages
    assert len(pages) == PAGES[key] == SCORE_SHEETS[key].pages
    size = PAPERS[paper]
    for page in pages:
        assert float(page.mediabox.width) == pytest.approx(size.width * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(size.height * MM, abs=0.01)
    title = f"{GAMES[key].title} score sheet"
    assert reader(data).metadata.title == title
    text = page_words(data)
    assert text.startswith(title)
    assert "PARADOX" in text and "How to score" in text and "Date" in text and "Names" in text


def test_costly_tricks_keeps_the_nets_the_220_check_and_the_chips() -> None:
    data = sheet("costly-tricks", "letter")
    text = page_words(data)
    for wanted in [
        "2 players, each with a ghost · first to 3 chips wins",
        f"points {MINUS} 20 {TIMES} tricks",
        "The 220 check, every round",
        "A + B: 220 points, 11 tricks",
        "the two nets add up to 0",
        "net above 0 wins 1",
        "a net of 0 is a draw, no chip",
        "Five tricks cost 100",
        "each starts with 3 chips",
        "until one player holds all 6",
        "and A's ghost",
        "and B's ghost",
        "Tricks Points Net Chips held",
        "220 check",
        "Start",
        # The example: 5 tricks and 112 points against 6 and 108.
        f"Example 5 112 +12 1 6 108 {MINUS}12 0",
    ]:
        assert wanted in text, wanted
    assert rounds(data, 0) >= 10  # first to 3 chips: at least 3 rounds, at most 5 and draws


def rounds(data: bytes, page: int) -> int:
    """The last round (or auction) number printed as a row label: bold 11 points."""
    labels = [int(t) for t, size, _, _ in sized(data, page) if t.isdigit() and size == 11]
    assert labels == list(range(1, max(labels) + 1)) * (len(labels) // max(labels))
    return max(labels)


def test_buddy_on_your_left_keeps_own_left_total_chips_and_the_63_check() -> None:
    data = sheet("buddy-on-your-left", "a4")
    text = page_words(data)
    for wanted in [
        "3 players · first to 7 chips wins",
        "own + left neighbour's",
        "The 63 check",
        "own points add up to 63",
        "highest total 3, next 1",
        "Two tied highest: 2 each",
        "All three tied: 1 each",
        "Two tied second: 1 each",
        "player 3's is player 1",
        "left: 2",
        "left: 3",
        "left: 1",
        "Own Left Total Chips won",
        "63 check",
        # The book's example: own 12, 40 and 11 make totals 52, 51 and 23.
        "Example 12 40 52 3 40 11 51 1 11 12 23 0",
    ]:
        assert wanted in text, wanted
    assert rounds(data, 0) >= 10
    assert "first to 5 chips wins" in page_words(sheet("buddy-on-your-left", "a4", target=5))


def test_the_third_man_records_every_auction_of_three_series() -> None:
    data = sheet("the-third-man", "letter")
    record = page_words(data, range(2))
    for wanted in [
        "4 players · an auction record · the board is on pages 3 and 4",
        f"+10 {MINUS} bid",
        f"{MINUS} bid",
        f"+2 {TIMES} bid",
        "the piece stays put",
        f"5 {MINUS} bid each",
        "two second both lose their bid and there is no third",
        "two third both gain double",
        "Three or four equal bids: annulled",
        f"beyond +20 or {MINUS}20",
        "after auction 9",
        "First to 3 chips wins",
        "Circle the open bid",
        "Auction Bid Change Position",
        "Winner (1 chip)",
        "every piece starts on 0",
        # The book's examples in one auction: 9 earns 1, 7 loses 7, 5 pockets 10.
        f"Example 9 +1 +1 7 {MINUS}7 {MINUS}7 5 +10 +10 2 0 0",
    ]:
        assert wanted in record, wanted
    for series in (1, 2, 3):
        assert record.count(f"Series {series}") == 1
    assert record.count("Annulled") >= 6 and record.count("Chips") >= 3
    assert rounds(data, 0) == 9  # one series: auctions 1 to 9
    assert rounds(data, 1) == 9  # two series
    assert "First to 2 chips wins" in page_words(sheet("the-third-man", "a4", target=2))


def example(key: str) -> list[str]:
    """The cells of a sheet's example row, after its label."""
    return page_words(sheet(key, "a4")).split("Example ")[1].split()


def number(cell: str) -> int:
    return int(cell.replace(MINUS, "-"))


def test_the_example_rows_agree_with_the_rules_engine() -> None:
    # Costly Tricks: per side tricks, points, net, chips held.
    cells = example("costly-tricks")[:8]
    tricks, points, nets = (
        tuple(number(cells[k + side * 4]) for side in (0, 1)) for k in (0, 1, 2)
    )
    assert sum(tricks) == TRICKS and sum(points) == ROUND_POINTS and sum(nets) == 0
    assert nets == tuple(p - TRICK_COST * t for p, t in zip(points, tricks, strict=True))
    # Buddy on your Left: per player own, left neighbour's, total, chips won.
    cells = example("buddy-on-your-left")[:12]
    own = tuple(number(c) for c in cells[0::4])
    assert sum(own) == BUDDY_POINTS
    assert tuple(number(c) for c in cells[1::4]) == own[1:] + own[:1]
    assert tuple(number(c) for c in cells[2::4]) == round_totals(own)
    assert tuple(number(c) for c in cells[3::4]) == chips_for(round_totals(own))
    # The Third Man: per player bid, change, position.
    cells = example("the-third-man")[:12]
    changes = auction_changes(tuple(number(c) for c in cells[0::3]))
    assert changes is not None
    assert cells[1::3] == cells[2::3] == [signed(c) for c in changes]


# -- The Third Man's board ------------------------------------------------------------------


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_board_numbers_every_space_once_in_two_halves(paper: str) -> None:
    data = sheet("the-third-man", paper)
    left, right = (numbers(data, p) for p in BOARD)
    assert set(left) == {signed(n) for n in range(-20, 0)}
    assert set(right) == {signed(n) for n in range(0, 21)}
    board = page_words(data, BOARD)
    assert board.count("START") == 1 and "START" in page_words(data, (BOARD[1],))
    assert "START" not in page_words(data, range(2))
    assert "board: left half" in page_words(data, (BOARD[0],))
    assert "board: right half" in page_words(data, (BOARD[1],))
    assert "TAPE THE RIGHT HALF OVER THIS STRIP" in board
    assert "CUT ALONG THE DASHED LINE" in board
    assert board.count("OFF THE BOARD") == 2
    # Every token of a number on the board's pages is one of its spaces, printed once.
    tokens = Counter(t for t in board.split() if t.lstrip("+" + MINUS).isdigit())
    assert {t for t, n in tokens.items() if n > 1} <= {"3", "4"}  # the footers' page numbers


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_spaces_are_large_and_the_halves_meet_at_the_tape_line(paper: str) -> None:
    data = sheet("the-third-man", paper)
    left, right = (numbers(data, p) for p in BOARD)
    size = PAPERS[paper]
    # Columns of five: -20 up to -16, -15 down to -11 ...; the spaces' pitch, both ways.
    across = left[signed(-15)][0] - left[signed(-20)][0]
    down = left[signed(-20)][1] - left[signed(-19)][1]
    assert across >= 20.0 and down >= 20.0  # room for the pieces (or coins)
    for a, b in [(-16, -15), (-11, -10), (-6, -5)]:
        assert left[signed(a)][1] == pytest.approx(left[signed(b)][1])  # rows line up
    assert right[signed(1)][1] == pytest.approx(left[signed(-16)][1])  # top rows, both halves
    assert right[signed(5)][1] == pytest.approx(left[signed(-20)][1])  # bottom rows
    assert right[signed(20)][1] == pytest.approx(right[signed(1)][1])  # +20 at the top
    assert right[signed(16)][1] - right[signed(17)][1] == pytest.approx(down)  # running up
    # -1 ends at the left half's tape line; START (one column) begins at the right half's
    # cut line, so taped together the track runs on without a gap.
    join = size.width - SAFE_MARGIN - 2.0 - STRIP
    assert left[signed(-1)][0] + across / 2 == pytest.approx(join, abs=0.1)
    assert right[signed(1)][0] - 1.5 * across == pytest.approx(BOARD_EDGE, abs=0.1)
    assert right["0"][0] - across / 2 == pytest.approx(BOARD_EDGE, abs=0.1)


def rasterized(data: bytes, first: int, last: int, tmp_path: Path) -> list[Image.Image]:
    """Pages ``first`` to ``last`` (1-based) as pdftoppm draws them, gray, at 60 dpi."""
    source = tmp_path / "sheet.pdf"
    source.write_bytes(data)
    subprocess.run(
        ["pdftoppm", "-gray", "-r", "60", "-f", str(first), "-l", str(last), str(source),
         str(tmp_path / "page")],
        check=True, timeout=60,
    )  # fmt: skip
    return [Image.open(p).convert("L") for p in sorted(tmp_path.glob("page*.pgm"))]


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
@pytest.mark.parametrize(("key", "paper"), CASES)
def test_no_ink_within_5_mm_of_the_edge_when_rasterized(
    key: str, paper: str, tmp_path: Path
) -> None:
    data = sheet(key, paper)
    images = rasterized(data, 1, PAGES[key], tmp_path)
    assert len(images) == PAGES[key]
    edge = int(SAFE_MARGIN / 25.4 * 60)  # whole pixels inside the 5 mm band
    for number, image in enumerate(images, 1):
        width, height = image.size
        inked = image.point(lambda v: 255 if v < 250 else 0)
        assert inked.histogram()[255] > 0.02 * width * height, f"page {number} is blank"
        band = inked.copy()
        band.paste(0, (edge, edge, width - edge, height - edge))
        assert band.getbbox() is None, f"page {number}: ink near the edge at {band.getbbox()}"


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="pdftoppm (poppler-utils) missing")
def test_the_tape_strip_is_gray_and_the_cut_line_dashed(tmp_path: Path) -> None:
    paper = PAPERS["letter"]
    left, right = rasterized(sheet("the-third-man", "letter"), 3, 4, tmp_path)
    px = left.size[0] / paper.width
    strip_x = round((paper.width - SAFE_MARGIN - 2.0 - STRIP / 4) * px)
    column = [left.getpixel((strip_x, y)) for y in range(round(20 * px), round(250 * px))]
    assert sum(1 for v in column if 200 < v < 245) > 0.8 * len(column)  # light gray
    x = round(BOARD_EDGE * px)
    ys = range(round(8 * px), round(40 * px))
    cut = [min(right.getpixel((x + dx, y)) for dx in (-1, 0, 1)) for y in ys]
    assert any(v < 128 for v in cut) and any(v > 240 for v in cut)  # dashes and gaps


# -- the commands -----------------------------------------------------------------------------


def invoke(*args: str) -> Any:
    return CliRunner().invoke(scoresheet, list(args))


@pytest.mark.parametrize(
    ("args", "said", "key", "paper"),
    [
        (["costly-tricks"], "the Costly Tricks score sheet for 2 players, on Letter",
         "costly-tricks", "letter"),
        (["Buddy on your Left", "--paper", "a4"],
         "the Buddy on your Left score sheet for 3 players, to 7 chips, on A4",
         "buddy-on-your-left", "a4"),
        (["The Third Man", "--paper", "A4"],
         "The Third Man score sheet for 4 players, to 3 chips, with its board on pages 3 and 4, "
         "two halves to tape together, on A4", "the-third-man", "a4"),
    ],
)  # fmt: skip
def test_the_command_writes_each_paradox_sheet(
    tmp_path: Path, args: list[str], said: str, key: str, paper: str
) -> None:
    out = tmp_path / "sheet.pdf"
    result = invoke(*args, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}: {said} paper." in result.output
    assert out.read_bytes() == sheet(key, paper)


def test_the_command_names_the_file_and_takes_a_chip_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("the-third-man", "--target", "2")
    assert result.exit_code == 0, result.output
    assert "to 2 chips" in result.output
    written = tmp_path / "scoresheet-the-third-man.pdf"
    assert len(PdfReader(written).pages) == 4
    assert "First to 2 chips wins" in page_words(written.read_bytes())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["costly-tricks", "--target", "5"], "the Costly Tricks score sheet has no target"),
        (["costly-tricks", "--players", "3"], "Costly Tricks is for 2 players, not 3"),
        (["buddy-on-your-left", "--players", "4"], "Buddy on your Left is for 3 players, not 4"),
        (["the-third-man", "--target", "0"], "target must be 1 to 50 chips, not 0"),
    ],
)
def test_the_command_refuses_what_a_paradox_sheet_cannot_be(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = invoke(*args, "--out", str(tmp_path / "sheet.pdf"))
    assert result.exit_code == 2
    assert message in result.output, result.output
    assert not list(tmp_path.iterdir())


def test_the_help_says_where_the_board_is() -> None:
    result = invoke("--help")
    text = " ".join(result.output.split())
    assert "followed by its board" in text and "pages 3 and 4" in text
    assert "printables scoresheet the-third-man" in text


@pytest.mark.parametrize("paper", list(PAPERS))
def test_all_sheets_hold_the_paradox_sheets_and_the_board(paper: str) -> None:
    data = all_score_sheets_pdf(PAPERS[paper])
    assert len(reader(data).pages) == sum(s.pages for s in SCORE_SHEETS.values())
    text = page_words(data)
    for key in PARADOX:
        assert f"{GAMES[key].title} score sheet" in text
    assert "The Third Man board: left half" in text and "board: right half" in text
    keys = list(SCORE_SHEETS)
    before = sum(SCORE_SHEETS[k].pages for k in keys[: keys.index("the-third-man")])
    assert f"the board is on pages {before + 3} and {before + 4}" in text  # the pack's pages
    assert text.count("START") == 1
    assert reader(data).metadata.title == PACK_TITLE


def test_the_pack_prints_the_paradox_sheets_and_the_board(tmp_path: Path) -> None:
    out = tmp_path / "pack"
    result = CliRunner().invoke(pack, ["--paper", "a4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    pages = sum(s.pages for s in SCORE_SHEETS.values())
    assert (
        f"Wrote {out / 'score-sheets.pdf'}: score sheets for the games of 4D Playing Cards, "
        "PARADOX, Quad, Four and Lockdown that keep score, with The Third Man's board to tape "
        f"together and Quad's call cards to cut out, {pages} pages."
    ) in result.output
    data = (out / "score-sheets.pdf").read_bytes()
    assert data == all_score_sheets_pdf(PAPERS["a4"])
