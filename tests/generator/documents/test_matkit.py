"""MAT proctor kits (Simultaneous and Successive), read back from the PDF: the sections, the
pull lists in deck order, the rotation schedule, the written-solution forms, the score
sheet, the answer keys checked again by the rules, and the refusals."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache

import pypdfium2 as pdfium
import pytest
from pdf_probe import fragments, lines_of
from PIL import Image, ImageChops
from pypdf import PdfReader

from generator.documents.matkit import KitOptions, mat_kit_pdf
from generator.draw.layout import PAPERS
from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix import check_grid
from printables.matrix.mat import successive_schedule
from printables.matrix.puzzles import Puzzle, disjoint_sets, from_cards, get_puzzle, puzzle_ids
from printables.matrix.solver import solve

CARD_NAME = re.compile(r"[BGR][bgw][=~z][SCT]")
MM = 72 / 25.4


@cache
def simultaneous_sets() -> tuple[Puzzle, ...]:
    return tuple(get_puzzle(i) for i in puzzle_ids(10, 3, 3, "either", "medium", 11))


@cache
def successive_sets(players: int = 6) -> tuple[Puzzle, ...]:
    return tuple(disjoint_sets(players, 3, 3, "either", "easy", 4))


@cache
def simultaneous_kit() -> bytes:
    return mat_kit_pdf(simultaneous_sets(), KitOptions(PAPERS["letter"], "simultaneous", 8))


@cache
def successive_kit(players: int = 6, paper: str = "a4") -> bytes:
    options = KitOptions(PAPERS[paper], "successive", players, time_limit=300)
    return mat_kit_pdf(successive_sets(players), options)


def texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def pages_headed(all_texts: list[str], heading: str) -> list[int]:
    return [i for i, text in enumerate(all_texts) if text.startswith(heading)]


def deck_order(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in sorted(cards, key=FOUR_D.cards.index)]


# -- sections ----------------------------------------------------------------------------------


def test_a_simultaneous_kit_has_its_sections_in_order() -> None:
    pages = texts(simultaneous_kit())
    headings = [text.splitlines()[0] for text in pages]
    sections = list(dict.fromkeys(h.removesuffix(" (continued)") for h in headings))
    assert sections == [
        "MAT proctor kit: Simultaneous",
        "Pull lists",
        "Answer keys",
        "MAT score sheet: Simultaneous",
    ]
    assert headings[0] == "MAT proctor kit: Simultaneous"
    assert headings.count("MAT score sheet: Simultaneous") == 1
    text = "\n".join(pages)
    assert "Rotation schedule" not in text and "written solutions" not in text
    cover = pages[0]
    assert "10 sets. Time limit per set: 600 s (10:00)." in cover
    assert "Every player gets the same set, from a deck of their own" in " ".join(cover.split())
    for k, puzzle in enumerate(simultaneous_sets(), 1):
        assert f"Set {k}\n" in cover and puzzle.id in cover


def test_a_successive_kit_has_its_sections_and_a_form_per_player() -> None:
    pages = texts(successive_kit())
    headings = [text.splitlines()[0] for text in pages]
    expected = [
        "MAT proctor kit: Successive",
        "Pull lists",
        "Rotation schedule",
        "Answer keys",
        "MAT score sheet: Successive",
        *(f"MAT Successive: written solutions, player {p}" for p in range(1, 7)),
    ]
    assert [h for h in headings if not h.endswith("(continued)")] == expected
    cover = " ".join(pages[0].split())
    assert "6 sets. Time limit per set: 300 s (5:00)." in cover
    assert "One deck, up to nine players, nine cards each" in cover
    assert "with No in place of one card" in cover
    for p in range(1, 7):
        form = " ".join(pages[headings.index(f"MAT Successive: written solutions, player {p}")]
                        .split())  # fmt: skip
        assert "Impossible? Write the names anyway, with No in place of one card." in form


# -- pull lists --------------------------------------------------------------------------------


def pull_lists(data: bytes, table_right_mm: float) -> dict[str, list[list[str]]]:
    """Per set id, the lines of its pull-list table: the strings that start left of the
    table's right edge (the small cards drawn beside the table are further right)."""
    pages = pages_headed(texts(data), "Pull lists")
    heading = re.compile(r"Set \d+ \((\S+), 9 cards\)(: deal to player \d+)?")
    found: dict[str, list[list[str]]] = {}
    current: list[list[str]] | None = None
    for line in lines_of(data, pages, most_x=table_right_mm * MM):
        match = heading.fullmatch(" ".join(line))
        if match:
            current = found.setdefault(match[1], [])
        elif current is not None:
            current.append(line)
    return found


def beside_the_table(data: bytes, table_right_mm: float) -> list[str]:
    """The names under the small cards drawn beside the pull-list tables, in reading order."""
    pages = pages_headed(texts(data), "Pull lists")
    names = []
    for page in pages:
        found = [(-y, x, t) for x, y, t in fragments(data, page) if x > table_right_mm * MM]
        names += [t for _, _, t in sorted(found) if CARD_NAME.fullmatch(t)]
    return names


@pytest.mark.parametrize(
    ("kit", "sets", "decks"),
    [
        (simultaneous_kit, simultaneous_sets, 8),
        (successive_kit, successive_sets, 1),
    ],
)
def test_pull_lists_give_each_sets_cards_in_deck_order(
    kit: Callable[[], bytes], sets: Callable[[], tuple[Puzzle, ...]], decks: int
) -> None:
    data, puzzles = kit(), sets()
    table_right = 15.0 + 22.0 + 9.0 * decks  # margin, card column, a tick column per deck
    tables = pull_lists(data, table_right)
    assert list(tables) == [p.id for p in puzzles]  # every set, in order
    for puzzle in puzzles:
        rows = tables[puzzle.id]
        assert rows[0] == ["Card", *(str(d) for d in range(1, decks + 1))]  # a tick per deck
        names = [line[0] for line in rows[1:] if CARD_NAME.fullmatch(line[0])]
        assert names == deck_order(puzzle.cards)
        assert all(len(line) == 1 for line in rows[1:])  # tick boxes are empty
    # beside each table, the cards themselves with their names, in the same order
    assert beside_the_table(data, table_right) == [
        name for p in puzzles for name in deck_order(p.cards)
    ]


def test_the_successive_pull_list_says_who_gets_each_set() -> None:
    text = " ".join("\n".join(texts(successive_kit())).split())
    for k, puzzle in enumerate(successive_sets(), 1):
        assert f"Set {k} ({puzzle.id}, 9 cards): deal to player {k}" in text


# -- rotation schedule and forms -----------------------------------------------------------------


@pytest.mark.parametrize(("players", "paper"), [(6, "a4"), (9, "letter")])
def test_the_printed_rotation_schedule_is_the_rules(players: int, paper: str) -> None:
    data = successive_kit(players, paper)
    pages = pages_headed(texts(data), "Rotation schedule")
    assert len(pages) == 1
    lines = lines_of(data, pages)
    header = next(i for i, line in enumerate(lines) if line[0] == "Turn")
    player = re.compile(r"(?:Player |P)(\d)")
    assert [int(player.fullmatch(h)[1]) for h in lines[header][1:]] == list(  # type: ignore[index]
        range(1, players + 1)
    )
    printed = []
    for line in lines[header + 1 : header + 1 + players]:
        assert line[0] == str(len(printed) + 1)
        printed.append(tuple(int(cell.removeprefix("Set ")) - 1 for cell in line[1:]))
    assert tuple(printed) == successive_schedule(players)


@pytest.mark.parametrize(("players", "paper"), [(6, "a4"), (9, "letter")])
def test_the_written_solution_forms_follow_the_schedule(players: int, paper: str) -> None:
    data = successive_kit(players, paper)
    all_texts = texts(data)
    schedule = successive_schedule(players)
    for p in range(1, players + 1):
        (page,) = pages_headed(all_texts, f"MAT Successive: written solutions, player {p}")
        assert "Name: ____" in all_texts[page]
        # the turns in reading order: left to right, then down (never Turn 6 beside Turn 1)
        found = []
        for where in (page, page + 1):
            continued = where < len(all_texts) and all_texts[where].startswith(
                f"Player {p}, written solutions"
            )
            if where == page or continued:
                placed = [(-round(y), x, t) for x, y, t in fragments(data, where)
                          if t.startswith("Turn ")]  # fmt: skip
                found += [t for _, _, t in sorted(placed)]
                assert sum(t == "Seconds" for _, _, t in fragments(data, where)) == len(placed)
        assert found == [f"Turn {t + 1}: Set {schedule[t][p - 1] + 1}" for t in range(players)]


# -- score sheet and answer keys -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "sets", "paper", "per_page"),
    [((3, 3), 10, "letter", 4), ((4, 4), 6, "a4", 3), ((5, 5), 4, "a4", 2)],
)
def test_pull_lists_are_packed_several_sets_a_page(
    size: tuple[int, int], sets: int, paper: str, per_page: int
) -> None:
    """Once one page a set: now as many as fit with tick boxes of at least 4 mm."""
    puzzles = [get_puzzle(i) for i in puzzle_ids(sets, *size, "either", "easy", 3, "mat")]
    data = mat_kit_pdf(puzzles, KitOptions(PAPERS[paper], "simultaneous", 8))
    all_texts = texts(data)
    pull = [t for t in all_texts if t.startswith("Pull lists")]
    assert len(pull) == -(-sets // per_page)
    counts = [len(re.findall(r"^Set \d+ \(", t, re.MULTILINE)) for t in pull]
    assert counts[0] == per_page and sum(counts) == sets


def test_the_seconds_are_written_in_a_box_large_enough_for_a_hand() -> None:
    """At least 15 x 6 mm: the box drawn right of each "Seconds" on a form."""
    data = successive_kit(6, "a4")
    page = pages_headed(texts(data), "MAT Successive: written solutions, player 1")[0]
    dpi = 150
    per_mm = dpi / 25.4
    image = pdfium.PdfDocument(data)[page].render(scale=dpi / 72).to_pil().convert("L")
    x, y, _ = next(f for f in fragments(data, page) if f[2] == "Seconds")
    height = float(PdfReader(io.BytesIO(data)).pages[page].mediabox.height)
    middle = round((height - y) / MM * per_mm - 1.5 * per_mm)  # 1.5 mm above the baseline
    start = round(x / MM * per_mm + 14.6 * per_mm)  # past the word, before the box (15 mm)
    row = [image.getpixel((c, middle)) < 128 for c in range(start, start + round(40 * per_mm))]
    left = row.index(True)
    right = left + 3 + row[left + 3 :].index(True)
    assert (right - left) / per_mm >= 15.0
    column = [image.getpixel((start + left + 3, r)) < 128 for r in range(middle - 60, middle + 60)]
    top = column.index(True)
    bottom = len(column) - 1 - column[::-1].index(True)
    assert (bottom - top) / per_mm >= 6.0


def test_the_score_sheets_give_the_time_limit_and_how_to_win() -> None:
    for data, limit, variant, sets in (
        (simultaneous_kit(), 600, "Simultaneous", 10),
        (successive_kit(), 300, "Successive", 6),
    ):
        all_texts = texts(data)
        (page,) = pages_headed(all_texts, f"MAT score sheet: {variant}")
        sheet = " ".join(all_texts[page].split())
        minutes = f"{limit // 60}:{limit % 60:02d}"
        assert f"Time limit {limit} s ({minutes})" in sheet
        assert f"scores {limit}" in sheet and "Low total wins." in sheet
        header = next(line for line in lines_of(data, [page]) if line[0] == "Player")
        assert header[-2:] == ["Total", "Place"]
        assert [h.removeprefix("Set ") for h in header[1:-2]] == [
            str(k) for k in range(1, sets + 1)
        ]


def printed_keys(data: bytes) -> dict[str, list[list[str]]]:
    pages = pages_headed(texts(data), "Answer keys")
    heading = re.compile(r"Set \d+ \((\S+)\)")
    keys: dict[str, list[list[str]]] = {}
    current: list[list[str]] | None = None
    for line in lines_of(data, pages):
        match = heading.fullmatch(" ".join(line))
        if match:
            current = keys.setdefault(match[1], [])
        elif current is not None and not line[0].startswith(
            ("MAT proctor kit", "page ", "Answer keys (continued)")
        ):
            current.append(line)
    return keys


@pytest.mark.parametrize(
    ("kit", "sets"), [(simultaneous_kit, simultaneous_sets), (successive_kit, successive_sets)]
)
def test_every_answer_key_is_right(
    kit: Callable[[], bytes], sets: Callable[[], tuple[Puzzle, ...]]
) -> None:
    data, puzzles = kit(), sets()
    keys = printed_keys(data)
    assert list(keys) == [p.id for p in puzzles]
    assert any(p.solvable for p in puzzles) and any(not p.solvable for p in puzzles)
    for puzzle in puzzles:
        printed = keys[puzzle.id]
        if puzzle.solvable:
            grid = [read_cards(" ".join(line), FOUR_D) for line in printed
                    if all(CARD_NAME.fullmatch(name) for name in line)]  # fmt: skip
            assert [len(row) for row in grid] == [3, 3, 3]
            assert check_grid(grid).ok
            assert deck_order([c for row in grid for c in row]) == deck_order(puzzle.cards)
        else:
            text = " ".join(" ".join(line) for line in printed)
            assert puzzle.grade.reason is not None
            grade = puzzle.grade.text[:1].upper() + puzzle.grade.text[1:] + "."
            reason = " ".join(puzzle.grade.reason.text.split())
            assert text == f"{grade} {reason}"  # "impossible" said once, on the grade line
            assert solve(puzzle.cards, 3, 3) is None


# -- refusals ----------------------------------------------------------------------------------

LETTER = KitOptions(PAPERS["letter"])
SUCCESSIVE = KitOptions(PAPERS["letter"], "successive")


def test_successive_refuses_a_card_in_two_sets() -> None:
    first, second = successive_sets()[:2]
    clash = from_cards([*second.cards[:8], first.cards[0]], 3, 3)
    with pytest.raises(ValueError, match="no card in two sets"):
        mat_kit_pdf([first, clash], SUCCESSIVE)
    mat_kit_pdf([first, clash], LETTER)  # Simultaneous: each player has a deck


@pytest.mark.parametrize(
    ("count", "options", "message"),
    [
        (10, SUCCESSIVE, "up to 9 players, one set each, not 10 sets"),
        (13, LETTER, "a kit holds 1 to 12 sets, not 13"),
        (13, SUCCESSIVE, "a kit holds 1 to 12 sets, not 13"),
        (0, LETTER, "a kit holds 1 to 12 sets, not 0"),
    ],
)
def test_kits_that_cannot_be_run_are_refused(count: int, options: KitOptions, message: str) -> None:
    puzzles = [get_puzzle(i) for i in puzzle_ids(max(count, 1), 3, 3, "either", "easy", 0)]
    with pytest.raises(ValueError, match=re.escape(message)):
        mat_kit_pdf(puzzles[:count], options)


def test_successive_has_one_set_per_player() -> None:
    options = replace(SUCCESSIVE, players=4)
    with pytest.raises(ValueError, match="one set per player: 3 sets for 3 players, not 4"):
        mat_kit_pdf(successive_sets()[:3], options)
    assert mat_kit_pdf(successive_sets()[:4], options).startswith(b"%PDF-")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"variant": "relay"}, "'relay' is not a MAT variant; expected ('simultaneous', 'succ"),
        ({"time_limit": 0}, "the time limit must be 1 to 3600 seconds, not 0"),
        ({"time_limit": 3601}, "the time limit must be 1 to 3600 seconds, not 3601"),
        ({"players": -1}, "the number of players cannot be negative"),
    ],
)
def test_bad_options_are_refused(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        KitOptions(PAPERS["letter"], **arguments)  # type: ignore[arg-type]


# -- bytes and paper -----------------------------------------------------------------------------


def test_the_same_kit_gives_the_same_bytes() -> None:
    options = KitOptions(PAPERS["a4"], "successive", 6, time_limit=300)
    assert mat_kit_pdf(successive_sets(), options) == successive_kit()
    sets = [get_puzzle(p.id) for p in simultaneous_sets()]
    assert mat_kit_pdf(sets, KitOptions(PAPERS["letter"], "simultaneous", 8)) == (
        simultaneous_kit()
    )


@pytest.mark.parametrize(
    ("kit", "paper", "points"),
    [
        (simultaneous_kit, "letter", (612.0, 792.0)),
        (lambda: successive_kit(9, "letter"), "letter", (612.0, 792.0)),
        (successive_kit, "a4", (595.2756, 841.8898)),
    ],
)
def test_every_page_is_the_paper_and_keeps_a_5_mm_border(
    kit: Callable[[], bytes], paper: str, points: tuple[float, float]
) -> None:
    data = kit()
    for page in PdfReader(io.BytesIO(data)).pages:
        assert float(page.mediabox.width) == pytest.approx(points[0], abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(points[1], abs=0.01)
    dpi = 60
    band = int(5 / 25.4 * dpi)
    document = pdfium.PdfDocument(data)
    for index in range(len(document)):
        image: Image.Image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        red, green, blue = image.split()
        ink = ImageChops.darker(ImageChops.darker(red, green), blue)
        ink = ink.point(lambda v: 255 if v < 235 else 0)
        width, height = image.size
        for box in ((0, 0, width, band), (0, height - band, width, height),
                    (0, 0, band, height), (width - band, 0, width, height)):  # fmt: skip
            assert ink.crop(box).getbbox() is None, (paper, index + 1, box)
