"""Matrix worksheets, read back as a student and a teacher would: the text parsed with pypdf,
the pages rasterized with pdfium, the QR codes decoded (zxing-cpp, and zbar where
installed), and every printed answer key checked again by the rules."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import zxingcpp
from pdf_probe import embedded_fonts, lines_of
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator.documents.blocks import check_url
from generator.documents.worksheet import (
    Worksheet,
    WorksheetError,
    WorksheetOptions,
    make_worksheet,
    prepare,
    worksheet_pdf,
)
from generator.draw import palette, qr
from generator.draw.layout import PAPERS
from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix import check_grid
from printables.matrix.proofs import RULES, check_proof
from printables.matrix.puzzles import Puzzle, from_cards, generated_id, get_puzzle
from printables.matrix.solver import solve

POINTS = {"letter": (612.0, 792.0), "a4": (595.2756, 841.8898)}
BASE_URL = "http://192.168.4.20:8000"
BOOK_IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
CARD_NAME = re.compile(r"[BGR][bgw][=~z][SCT]")
KEY_HEADING = re.compile(r"Puzzle (\d+)\s+\((\S+)\)")

IDS = (
    generated_id(3, 3, "solvable", "medium", 1),
    generated_id(3, 3, "impossible", "medium", 2),
    generated_id(3, 3, "solvable", "hard", 3),
    generated_id(3, 3, "impossible", "easy", 4),
    generated_id(4, 4, "solvable", "easy", 4),
    generated_id(5, 5, "impossible", "hard", 5),
)


@cache
def mix() -> tuple[Puzzle, ...]:
    """Several 3x3 puzzles, a 4x4 and a 5x5, solvable and impossible ones, and the book's
    impossible set named by its cards."""
    book = from_cards(read_cards(BOOK_IMPOSSIBLE, FOUR_D), 3, 3)
    return (*(get_puzzle(i) for i in IDS), book)


@cache
def worksheet(paper: str = "letter", key: bool = True, base_url: str = BASE_URL) -> bytes:
    return worksheet_pdf(mix(), WorksheetOptions(PAPERS[paper], base_url, key))


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in reader(data).pages]


def key_start(texts: list[str]) -> int:
    """The first page of the answer key."""
    return next(i for i, text in enumerate(texts) if text.startswith("Answer key"))


def pixels(image: Image.Image) -> list[tuple[int, int, int]]:
    raw = image.convert("RGB").tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def render(data: bytes, page: int, dpi: int) -> Image.Image:
    image: Image.Image = pdfium.PdfDocument(data)[page].render(scale=dpi / 72).to_pil()
    return image.convert("RGB")


def qr_codes(data: bytes, dpi: int = 200) -> list[list[tuple[str, tuple[int, int, int, int]]]]:
    """Per page, the decoded QR codes top to bottom: (text, (left, top, right, bottom) px)."""
    pages = []
    for page in range(len(pdfium.PdfDocument(data))):
        found = []
        for code in zxingcpp.read_barcodes(render(data, page, dpi)):
            assert code.format == zxingcpp.BarcodeFormat.QRCode
            corners = [code.position.top_left, code.position.top_right,
                       code.position.bottom_left, code.position.bottom_right]  # fmt: skip
            box = (min(p.x for p in corners), min(p.y for p in corners),
                   max(p.x for p in corners), max(p.y for p in corners))  # fmt: skip
            found.append((code.text, box))
        pages.append(sorted(found, key=lambda item: (item[1][1], item[1][0])))
    return pages


def order(cards: list[Card] | tuple[Card, ...]) -> list[Card]:
    return sorted(cards, key=FOUR_D.cards.index)


# -- the document ----------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_pdf_parses_with_exact_pages_ids_and_an_answer_key(paper: str) -> None:
    data = worksheet(paper)
    assert data.startswith(b"%PDF-")
    pages = reader(data).pages
    for page in pages:
        assert float(page.mediabox.width) == pytest.approx(POINTS[paper][0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(POINTS[paper][1], abs=0.01)
    texts = page_texts(data)
    start = key_start(texts)
    assert 1 <= start < len(texts)
    sheet, key = "\n".join(texts[:start]), "\n".join(texts[start:])
    assert "Answer key" not in sheet and "Answer key" in key
    for number, puzzle in enumerate(mix(), 1):
        # on the student's pages: the puzzle, its id and all its cards on one page
        page = next(t for t in texts[:start] if f"id {puzzle.id}\n" in t)
        assert f"Puzzle {number}\n" in page
        assert f"{puzzle.size_text}: {puzzle.rows} rows of {puzzle.cols} cards" in page
        for card in puzzle.cards:
            assert str(card) in page
        # in the key: its heading, then its grade in plain words
        grade = puzzle.grade.text[:1].upper() + puzzle.grade.text[1:]
        heading = f"Puzzle {number} ({puzzle.id}) {grade}."
        assert heading in " ".join(key.split())
        assert "labeling" not in key and "exhaustive search)" not in key.split("Impossible.")[0]
    assert sheet.count("Impossible\n") == len(mix())  # one box to tick per puzzle


def test_the_students_pages_give_nothing_away() -> None:
    texts = page_texts(worksheet())
    sheet = "\n".join(texts[: key_start(texts)])
    for word in ("solvable", "labelings", "Rows share", "no line", "two lines at once",
                 "exhaustive", "easy", "medium", "hard", "Impossible."):  # fmt: skip
        assert word not in sheet, word


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_font_is_embedded(paper: str) -> None:
    assert embedded_fonts(reader(worksheet(paper)).pages) >= 2


def test_the_same_puzzles_give_the_same_bytes() -> None:
    options = WorksheetOptions(PAPERS["a4"], BASE_URL)
    first = worksheet_pdf(mix(), options)
    get_puzzle.cache_clear()
    again = worksheet_pdf([get_puzzle(p.id) for p in mix()], options)
    assert first == again


def test_the_qr_codes_prepared_while_the_puzzles_are_made_are_not_encoded_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``prepare`` (done while other processes make the puzzles, knowing only their ids)
    encodes the sheet's QR codes; the sheet then encodes none, and is the same sheet."""
    puzzles = mix()[:3]
    address = "http://192.0.2.77:5000"  # no other test's, so no code of it is kept yet
    encoded: list[str] = []
    real = qr.qr_modules
    monkeypatch.setattr(qr, "qr_modules", lambda data: encoded.append(data) or real(data))
    prepare("matrix", [p.id for p in puzzles], address)
    assert encoded == [check_url(address, p.id) for p in puzzles]
    options = WorksheetOptions(PAPERS["letter"], address)
    prepared = worksheet_pdf(puzzles, options)
    assert len(encoded) == len(puzzles)  # none again
    qr.qr_scene.cache_clear()
    assert worksheet_pdf(puzzles, options) == prepared
    assert len(encoded) == 2 * len(puzzles)


def test_no_key_prints_the_puzzles_alone() -> None:
    with_key, without = worksheet(), worksheet(key=False)
    texts = page_texts(without)
    text = "\n".join(texts)
    assert "Answer key" not in text and "Rows share" not in text and "Impossible." not in text
    assert len(texts) == key_start(page_texts(with_key))  # the same pages, minus the key
    for puzzle in mix():
        assert f"id {puzzle.id}" in text


def test_a_worksheet_needs_a_puzzle() -> None:
    with pytest.raises(ValueError, match="at least one puzzle"):
        worksheet_pdf([], WorksheetOptions(PAPERS["letter"]))


# -- QR codes ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_the_qr_codes_read_back_as_each_puzzles_checking_page(paper: str) -> None:
    data = worksheet(paper)
    pages = qr_codes(data)
    decoded = [text for page in pages for text, _ in page]
    assert decoded == [check_url(BASE_URL, p.id) for p in mix()]
    assert decoded[0] == f"{BASE_URL}/check/{mix()[0].id}"
    start = key_start(page_texts(data))
    assert not any(pages[start:])  # no codes in the key


@pytest.mark.skipif(
    shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None,
    reason="zbarimg (zbar-tools) and pdftoppm (poppler-utils) are not installed",
)
def test_zbar_reads_the_codes_too(tmp_path: Path) -> None:
    data = worksheet()
    pdf = tmp_path / "worksheet.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-r", "200", "-png", str(pdf), str(tmp_path / "page")],
                   check=True, timeout=120)  # fmt: skip
    images = sorted(tmp_path.glob("page-*.png"))
    texts = page_texts(data)
    assert len(images) == len(texts)
    everything = []
    for image, text in zip(images, texts, strict=True):
        result = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)],
                                capture_output=True, text=True, timeout=60)  # fmt: skip
        found = sorted(result.stdout.split())
        # the codes on a page are those of the puzzles whose ids are printed on it
        expected = sorted(check_url(BASE_URL, p.id) for p in mix() if f"id {p.id}\n" in text)
        assert found == expected, image.name
        everything += found
    assert sorted(everything) == sorted(check_url(BASE_URL, p.id) for p in mix())


# -- the answer key, checked again by the rules ----------------------------------------------


def printed_keys(data: bytes) -> dict[str, list[list[str]]]:
    """Per puzzle id, the lines of its answer key as printed (strings left to right)."""
    texts = page_texts(data)
    keys: dict[str, list[list[str]]] = {}
    current: list[list[str]] | None = None
    for line in lines_of(data, range(key_start(texts), len(texts))):
        heading = KEY_HEADING.fullmatch(" ".join(line))
        if heading:
            current = keys.setdefault(heading[2], [])
        elif current is not None and not line[0].startswith(
            ("Matrix puzzles", "page ", "ANSWER KEY", "Answer key:")
        ):
            current.append(line)
    return keys


def test_every_printed_answer_key_is_right() -> None:
    keys = printed_keys(worksheet())
    assert set(keys) == {p.id for p in mix()}
    for puzzle in mix():
        printed = keys[puzzle.id]
        if puzzle.solvable:
            grid = [[read_cards(name, FOUR_D)[0] for name in line] for line in printed
                    if all(CARD_NAME.fullmatch(name) for name in line)]  # fmt: skip
            assert len(grid) == puzzle.rows and all(len(row) == puzzle.cols for row in grid)
            verdict = check_grid(grid)
            assert verdict.ok, verdict.reasons
            assert order([c for row in grid for c in row]) == order(puzzle.cards)
            assert any(line[0].startswith("Rows share:") for line in printed)
        else:
            text = " ".join(" ".join(line) for line in printed)
            assert puzzle.grade.reason is not None
            # said once, on the grade line: "Hard: impossible, shown case by case."
            assert text.lower().count("impossible") == 1, text
            if puzzle.proof is None:  # a short reason
                assert " ".join(puzzle.grade.reason.text.split()) in text
            else:  # a hard set: its proof, step by step, re-checked
                assert "impossible, shown case by case." in text
                for step in puzzle.proof.brief_lines:  # the rules said once, at the key's head
                    assert " ".join(step.split()) in text
                check_proof(puzzle.cards, puzzle.rows, puzzle.cols, puzzle.proof)
            assert solve(puzzle.cards, puzzle.rows, puzzle.cols) is None


def test_the_rules_every_proof_uses_are_said_once_at_the_head_of_the_key() -> None:
    texts = page_texts(worksheet())
    key = " ".join(" ".join(text.split()) for text in texts[key_start(texts) :])
    rules = " ".join(RULES.split())
    assert key.count(rules) == 1
    assert key.index(rules) < key.index("Puzzle 1")
    assert "Rows: a row of" not in key  # no proof repeats them
    alone = worksheet_pdf(mix()[:1], WorksheetOptions(PAPERS["letter"], BASE_URL))
    assert "How the proofs go" not in " ".join(page_texts(alone))  # no proof, no rules


def test_the_book_set_gets_the_books_reason() -> None:
    text = " ".join(" ".join(line) for line in printed_keys(worksheet())[mix()[-1].id])
    assert "Gb=C can only be in green or black lines" in text
    assert "GbzS shows green and black" in text


# -- the look ----------------------------------------------------------------------------------


def darkest(image: Image.Image) -> Image.Image:
    """Per pixel, the lowest of the red, green and blue values (one band)."""
    red, green, blue = image.convert("RGB").split()
    return ImageChops.darker(ImageChops.darker(red, green), blue)


def count_near(image: Image.Image, color: str, within: int = 40) -> int:
    """Pixels whose every channel is within ``within`` of ``color``."""
    solid = Image.new("RGB", image.size, color)
    red, green, blue = ImageChops.difference(image, solid).split()
    farthest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return farthest.point(lambda v: 255 if v <= within else 0).histogram()[255]


def test_cards_are_in_color_and_qr_codes_in_black_and_white() -> None:
    data = worksheet()
    dpi = 60
    image = render(data, 0, dpi)
    first_page = [p for p in mix() if f"id {p.id}\n" in page_texts(data)[0]]
    assert first_page
    colors = {c.value("color").name for p in first_page for c in p.cards}
    for name in colors:
        count = count_near(image, palette.COLORS[name])
        assert count >= 30, f"only {count} {name} pixels on page 1"
    # The QR codes (found at 200 dpi, looked at at 60 dpi): only grays, dark and light.
    codes = qr_codes(data)[0]
    assert codes
    scale = dpi / 200
    for _, (left, top, right, bottom) in codes:
        box = image.crop((round(left * scale), round(top * scale),
                          round(right * scale), round(bottom * scale)))  # fmt: skip
        inside = pixels(box)
        assert max(max(px) - min(px) for px in inside) <= 24  # no hue anywhere
        assert sum(1 for px in inside if max(px) < 90) > len(inside) // 5  # black modules
        assert sum(1 for px in inside if min(px) > 200) > len(inside) // 5  # white modules


def ink_near_the_edge(image: Image.Image, dpi: int, band_mm: float) -> list[tuple[int, ...]]:
    """The boxes (left, top, right, bottom, px) of ink in each of the four edge bands."""
    band = int(band_mm / 25.4 * dpi)  # whole pixels inside the band
    width, height = image.size
    ink = darkest(image).point(lambda v: 255 if v < 235 else 0)
    found = []
    for box in ((0, 0, width, band), (0, height - band, width, height),
                (0, 0, band, height), (width - band, 0, width, height)):  # fmt: skip
        inside = ink.crop(box).getbbox()
        if inside:
            found.append((box[0] + inside[0], box[1] + inside[1],
                          box[0] + inside[2], box[1] + inside[3]))  # fmt: skip
    return found


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_nothing_is_printed_within_5_mm_of_the_page_edge(paper: str) -> None:
    """School printers cannot print to the edge: every page keeps a 5 mm border white.
    The long check URLs under the QR codes (a LAN address, a card-id puzzle) must fit too."""
    data = worksheet(paper)
    dpi = 60
    offending = {}
    for page in range(len(reader(data).pages)):
        ink = ink_near_the_edge(render(data, page, dpi), dpi, 5.0)
        if ink:
            offending[page + 1] = ink
    size = render(data, 0, dpi).size
    assert not offending, (
        f"{paper} ({size[0]}x{size[1]} px at {dpi} dpi): ink within 5 mm of the edge, "
        f"page: [(left, top, right, bottom)] = {offending}"
    )


def test_the_default_address_stays_inside_the_margins() -> None:
    """The common case: generated 3x3 puzzles served from this computer."""
    puzzles = [get_puzzle(generated_id(3, 3, "either", "medium", seed)) for seed in range(2)]
    data = worksheet_pdf(puzzles, WorksheetOptions(PAPERS["letter"]))
    assert not ink_near_the_edge(render(data, 0, 60), 60, 5.0)


# -- packing, Name/Date, the key told apart -----------------------------------------------------


@cache
def sheet_of(size: tuple[int, int], count: int, **options: object) -> Worksheet:
    rows, cols = size
    puzzles = [get_puzzle(generated_id(rows, cols, "either", "medium", seed))
               for seed in range(count)]  # fmt: skip
    return make_worksheet(
        puzzles, WorksheetOptions(PAPERS["letter"], BASE_URL, per_page=options.get("per_page"))
    )  # type: ignore[arg-type]


@pytest.mark.parametrize(("size", "per_page", "pages"), [((3, 3), 4, 3), ((5, 5), 2, 6)])
def test_puzzles_are_packed_densely_by_default(
    size: tuple[int, int], per_page: int, pages: int
) -> None:
    """3x3 sets four to a page, 5x5 two: a 12-puzzle sheet on three or six pages."""
    printed = sheet_of(size, 12)
    assert printed.per_page == per_page
    assert printed.student_pages == pages
    texts = page_texts(printed.pdf)
    assert [t.count("Impossible\n") for t in texts[:pages]] == [per_page] * pages
    assert key_start(texts) == pages


def test_name_and_date_head_every_student_page_and_the_key_says_what_it_is() -> None:
    printed = sheet_of((3, 3), 12)
    texts = page_texts(printed.pdf)
    start = key_start(texts)
    for text in texts[:start]:
        assert "Name:" in text and "Date:" in text
    for text in texts[start:]:
        assert "Name:" not in text
        assert text.startswith("Answer key: Matrix puzzles")
        assert "ANSWER KEY, for the teacher." in text  # the footer
    assert "For the teacher: keep these pages back from the class." in texts[start]


def test_the_key_is_headed_by_a_gray_banner() -> None:
    printed = sheet_of((3, 3), 4)

    def light_gray(page: int) -> int:
        """Light gray pixels in the top tenth of the page."""
        image = render(printed.pdf, page, 60)
        top = image.crop((0, 0, image.width, image.height // 10))
        return sum(1 for px in pixels(top) if 200 <= px[0] <= 240 and max(px) - min(px) <= 6)

    width = render(printed.pdf, 0, 60).width
    assert light_gray(printed.student_pages) > width * 10  # a gray band across the head
    assert light_gray(printed.student_pages) > 10 * light_gray(0)  # a student page: letters


def test_a_teacher_chooses_how_many_a_page_and_too_many_is_refused_with_what_fits() -> None:
    printed = sheet_of((3, 3), 6, per_page=2)
    assert printed.per_page == 2
    texts = page_texts(printed.pdf)
    assert texts[0].count("Impossible\n") == 2
    with pytest.raises(WorksheetError, match=r"8 5x5 puzzles do not fit on one Letter page; "
                       r"at most \d do"):  # fmt: skip
        sheet_of((5, 5), 8, per_page=8)


def test_the_key_apart_is_a_pdf_of_its_own() -> None:
    puzzles = mix()[:3]
    together = make_worksheet(puzzles, WorksheetOptions(PAPERS["a4"], BASE_URL))
    apart = make_worksheet(puzzles, WorksheetOptions(PAPERS["a4"], BASE_URL), key_apart=True)
    assert apart.key_pdf is not None and together.key_pdf is None
    students, key = page_texts(apart.pdf), page_texts(apart.key_pdf)
    assert len(students) == apart.student_pages == together.student_pages
    assert len(key) == apart.key_pages == together.key_pages
    assert not any("Answer key" in text for text in students)
    assert all(text.startswith("Answer key") for text in key)
    assert reader(apart.key_pdf).metadata.title.startswith("Answer key: Matrix puzzles")
    for puzzle in puzzles:
        assert puzzle.id in "\n".join(key)


def test_without_an_address_there_are_no_qr_codes_and_no_addresses() -> None:
    data = worksheet_pdf(mix()[:3], WorksheetOptions(PAPERS["letter"]))
    assert not any(qr_codes(data))
    text = "\n".join(page_texts(data))
    assert "/check/" not in text and "http" not in text and "Check your answer" not in text
