"""The standard deck's faces (and Four's): indices, names, pips, courts, jokers, inks, bleed
and a real printed deck read back."""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Iterator

import numpy as np
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pdf_probe import embedded_fonts
from PIL import Image
from pypdf import PdfReader
from shapely import affinity
from shapely.geometry import Polygon

from generator.documents.decks import DeckOptions, deck_pdf
from generator.draw import palette
from generator.draw.faces import DESIGNS, back, design, face, fourd, paradox, standard
from generator.draw.faces.common import CAP_HEIGHT
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import CARD_SIZES, PAPERS, Size, plan_sheet
from generator.draw.scene import Path, Scene, Text
from printables.cards.deck import Card
from printables.cards.decks import FOUR, STANDARD

SIZES = [CARD_SIZES["poker"], CARD_SIZES["bridge"], Size("custom", 25.0, 35.0)]
SIZE_IDS = ["poker", "bridge", "25x35"]
CARDS = [*STANDARD.cards, *FOUR.cards]
NUMBERS = {"A": 1, **{str(n): n for n in range(2, 11)}}
DESCENDERS = {"J": 0.2, "Q": 0.14}
"""How far Vera Bold's J and Q reach below the baseline, in ems (measured: 0.19, 0.13)."""
WHITE = palette.SHADES["white"]

Box = tuple[float, float, float, float]


def text_box(text: Text) -> Box:
    """The box (x0, y0, x1, y1) of a line of text: its width, its capitals' height (and the
    descent of J or Q), turned with the text."""
    em = text.size * POINT
    width = text_width(text.text, text.size, text.bold)
    start = {"start": 0.0, "middle": -width / 2, "end": -width}[text.anchor]
    descent = max((DESCENDERS.get(c, 0.0) for c in text.text), default=0.0) * em
    x0, x1 = start, start + width
    y0, y1 = -0.76 * em, descent  # 0.76: Q's overshoot above the capital height
    if text.rotate == 180:
        x0, x1, y0, y1 = -x1, -x0, -y1, -y0
    else:
        assert text.rotate == 0, text
    return text.x + x0, text.y + y0, text.x + x1, text.y + y1


def path_box(path: Path) -> Box:
    xs = [x for x, _ in path.points]
    ys = [y for _, y in path.points]
    grow = path.width / 2 if path.stroke else 0.0
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


def box_of(item: Path | Text) -> Box:
    return text_box(item) if isinstance(item, Text) else path_box(item)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def split(scene: Scene, size: Size) -> tuple[list[Path | Text], list[Path | Text]]:
    """The items of the two corner indices, and those of the body (the paper left out)."""
    lay = standard.layout(size)
    paper, *items = scene.items
    assert isinstance(paper, Path) and paper.fill == WHITE
    corner, body = [], []
    for item in items:
        x0, _, x1, _ = box_of(item)
        middle = (x0 + x1) / 2
        in_column = min(abs(middle - lay.index_x), abs(middle - (size.width - lay.index_x)))
        (corner if in_column < 0.05 else body).append(item)
    return corner, body


def texts(scene: Scene) -> list[Text]:
    return [item for item in scene.items if isinstance(item, Text)]


def marks(items: list[Path | Text], ink: str) -> list[Path]:
    """Filled paths of the ink with no stroke: suit marks (and joker stars)."""
    return [i for i in items if isinstance(i, Path) and i.fill == ink and not i.stroke]


def inks_used(scene: Scene) -> set[str]:
    found: set[str] = set()
    for item in scene.items:
        if isinstance(item, Text):
            found.add(item.color)
        else:
            found |= {c for c in (item.fill, item.stroke) if c}
    return found


def suit_ink(card: Card, four_color: bool) -> str:
    if four_color and card.extra is None:
        return palette.FOUR_COLOR_INKS[card.value("suit").name]
    color = card.trait("color")
    assert color is not None
    return palette.STANDARD_INKS[color]


# -- every card, every size ----------------------------------------------------------------


def every_face(four_color: bool = False) -> Iterator[tuple[Card, Size, Scene]]:
    for size in SIZES:
        for card in CARDS:
            yield card, size, face(card, size, four_color=four_color)


def test_the_four_deck_is_printed_in_its_parents_design() -> None:
    assert DESIGNS["standard"] is standard.DESIGN and "four" not in DESIGNS
    assert design(FOUR) is design(STANDARD) and design(STANDARD).four_color
    assert not fourd.DESIGN.four_color and not paradox.DESIGN.four_color


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_every_card_renders_inside_its_box_with_both_indices(size: Size) -> None:
    w, h = size.width, size.height
    for card in CARDS:
        scene = face(card, size)
        assert (scene.width, scene.height, scene.bleed) == (w, h, 0.0)
        corner, body = split(scene, size)
        assert body, card
        for item in corner + body:
            x0, y0, x1, y1 = box_of(item)
            # Everything keeps 1 mm from the cut, where a guillotine may stray.
            assert x0 >= 1.0 and y0 >= 1.0 and x1 <= w - 1.0 and y1 <= h - 1.0, (card, item)
        index = [t for t in corner if isinstance(t, Text) and t.text != str(card)]
        upright = [t for t in index if t.rotate == 0]
        turned = [t for t in index if t.rotate == 180]
        # The top-left index and the bottom-right one are the same, turned half a turn.
        assert [t.text for t in upright] == [t.text for t in turned], card
        assert all(t.x < w / 2 and t.y < h / 2 for t in upright)
        assert all(t.x > w / 2 and t.y > h / 2 for t in turned)
        if card.extra is None:
            assert upright[0].text == card.value("rank").symbol
            suit_marks = marks(corner, suit_ink(card, False))
            assert len(suit_marks) == 2, card  # the suit under each corner's rank
        else:
            assert "".join(t.text for t in upright if len(t.text) == 1) == "JOKER"


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_nothing_overlaps(size: Size) -> None:
    """Pips, courts and jokers keep clear of the indices, pips of each other, and the
    index's rank, suit and name of each other."""
    for card in CARDS:
        corner, body = split(face(card, size), size)
        for a, b in itertools.product(corner, body):
            assert not overlap(box_of(a), box_of(b)), (card, a, b)
        upright = [i for i in corner if box_of(i)[1] < size.height / 2]
        for a, b in itertools.combinations(upright, 2):
            if not (isinstance(a, Path) and isinstance(b, Path)):  # a hollow star's parts
                assert not overlap(box_of(a), box_of(b)), (card, a, b)
        drawn = [i for i in body if not (isinstance(i, Path) and i.stroke)]  # frames hold all
        for a, b in itertools.combinations(drawn, 2):
            if isinstance(a, Text) or isinstance(b, Text):
                assert not overlap(box_of(a), box_of(b)), (card, a, b)
        pips = [Polygon(p.points) for p in marks(body, suit_ink(card, False))]
        if card.extra is None:
            for a, b in itertools.combinations(pips, 2):
                assert a.distance(b) > 0.3, card


def test_names_in_small_print_near_two_corners_only_when_asked() -> None:
    for card, size, scene in every_face():
        name = str(card)
        printed = [t for t in texts(scene) if t.text == name]
        assert len(printed) == 2, (card, size)
        low, high = sorted(printed, key=lambda t: t.y)
        assert low.rotate == 0 and high.rotate == 180
        assert low.x < size.width / 4 and high.x > size.width * 3 / 4
        assert low.size < 0.7 * standard.layout(size).rank_points  # small print
        assert low.color == palette.OUTLINE_INK
        bare = face(card, size, names=False)
        assert name not in [t.text for t in texts(bare)], card
        assert len(bare.items) == len(scene.items) - 2


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_pip_counts_and_places(size: Size) -> None:
    lay = standard.layout(size)
    for card in STANDARD.cards:
        if card.extra is not None:
            continue
        rank = card.value("rank").symbol
        _, body = split(face(card, size), size)
        pips = marks(body, suit_ink(card, False))
        if rank in NUMBERS:
            assert len(pips) == NUMBERS[rank], card
            heights = {round(path_box(p)[3] - path_box(p)[1], 1) for p in pips}
            assert len(heights) == 1, card  # all one size
            for pip in pips:
                x0, _, x1, _ = path_box(pip)
                assert lay.left - 0.01 <= x0 and x1 <= lay.right + 0.01, card
            # Symmetric under a half turn, as a card is read from either end (all but the
            # 7, whose odd pip sits in the upper half, as on any deck).
            centres = sorted(
                (round((b[0] + b[2]) / 2, 1), round((b[1] + b[3]) / 2, 1))
                for b in map(path_box, pips)
            )
            turned = sorted(
                (round(size.width - x, 1), round(size.height - y, 1)) for x, y in centres
            )
            symmetric = all(math.dist(a, b) < 0.2 for a, b in zip(centres, turned, strict=True))
            assert symmetric == (rank != "7"), card
        else:
            assert len(pips) == 2, card  # a court's mark, upright and turned
            letters = [t for t in body if isinstance(t, Text)]
            assert [t.text for t in letters] == [rank, rank]
            assert letters[0].size > 3 * lay.rank_points


def test_a_nine_has_four_pips_a_side_and_one_in_the_middle() -> None:
    size = CARD_SIZES["poker"]
    _, body = split(face(STANDARD.card("9C"), size), size)
    xs = [round((b[0] + b[2]) / 2, 1) for b in map(path_box, marks(body, "#000000"))]
    assert sorted(xs.count(x) for x in set(xs)) == [1, 4, 4]
    assert xs.count(size.width / 2) == 1


@pytest.mark.parametrize("name", ["7S", "10H", "KS", "QH", "AH"])
def test_pips_below_the_middle_are_turned(name: str) -> None:
    """A heart's weight is in its top half and a spade's in its bottom half; below the
    card's middle each is upside down."""
    card = STANDARD.card(name)
    size = CARD_SIZES["poker"]
    _, body = split(face(card, size), size)
    for pip in marks(body, suit_ink(card, False)):
        _, y0, _, y1 = path_box(pip)
        heavy_top = Polygon(pip.points).centroid.y < (y0 + y1) / 2
        below = (y0 + y1) / 2 > size.height / 2 + 0.01
        assert heavy_top == ((card.value("suit").name == "hearts") != below), (card, pip)


# -- the suits' shapes ---------------------------------------------------------------------


def normalized(points: tuple[tuple[float, float], ...], upside_down: bool = False) -> Polygon:
    """The polygon stretched to the square (-1, -1)-(1, 1)."""
    polygon = Polygon(points)
    x0, y0, x1, y1 = polygon.bounds
    polygon = affinity.translate(polygon, -(x0 + x1) / 2, -(y0 + y1) / 2)
    polygon = affinity.scale(polygon, 2 / (x1 - x0), 2 / (y1 - y0), origin=(0, 0))
    return affinity.scale(polygon, 1, -1, origin=(0, 0)) if upside_down else polygon


def likeness(a: Polygon, b: Polygon) -> float:
    return float(a.intersection(b).area / a.union(b).area)


@pytest.mark.parametrize(("first", "second"), list(itertools.combinations(standard.SUIT_SHAPES, 2)))
def test_the_suits_shapes_differ(first: str, second: str) -> None:
    """Even stretched to the same box, and either one upside down, two suits' marks share
    at most 85 % of their area (the same shape shares all of it)."""
    a = normalized(standard.suit_outline(first))
    for upside_down in (False, True):
        b = normalized(standard.suit_outline(second), upside_down)
        assert likeness(a, b) < 0.85, (first, second, upside_down)
    assert likeness(a, normalized(standard.suit_outline(first))) == pytest.approx(1.0)


@pytest.mark.parametrize("suit", ["spades", "hearts", "diamonds", "clubs"])
def test_each_card_shows_its_own_suits_shape(suit: str) -> None:
    card = STANDARD.card("2" + suit[0].upper())
    size = CARD_SIZES["poker"]
    _, body = split(face(card, size), size)
    top = min(marks(body, suit_ink(card, False)), key=lambda p: path_box(p)[1])
    drawn = normalized(top.points)
    scores = {
        s: likeness(drawn, normalized(standard.suit_outline(s))) for s in standard.SUIT_SHAPES
    }
    assert max(scores, key=lambda s: scores[s]) == suit
    assert scores[suit] > 0.97


@pytest.mark.parametrize("suit", standard.SUIT_SHAPES)
def test_each_suit_is_one_simple_polygon(suit: str) -> None:
    polygon = Polygon(standard.suit_outline(suit))
    assert polygon.is_valid and not polygon.interiors
    x0, y0, x1, y1 = polygon.bounds
    assert (y0, y1) == pytest.approx((-1.0, 1.0)) and 0.6 < x1 - x0 < 2.2


# -- inks ----------------------------------------------------------------------------------


@pytest.mark.parametrize("four_color", [False, True])
def test_inks(four_color: bool) -> None:
    """Each card uses only its suit's ink (and the names' ink and white); blue and green
    appear only in the four-color palette, on diamonds and clubs."""
    four_only = {palette.FOUR_COLOR_INKS["diamonds"], palette.FOUR_COLOR_INKS["clubs"]}
    for card in CARDS:
        scene = face(card, CARD_SIZES["poker"], four_color=four_color)
        used = inks_used(scene) - {WHITE, palette.OUTLINE_INK}
        assert used == {suit_ink(card, four_color)}, card
        if not four_color:
            assert not used & four_only
    diamonds = face(STANDARD.card("5D"), CARD_SIZES["poker"], four_color=four_color)
    assert (palette.COLORS["blue"] in inks_used(diamonds)) == four_color


def test_four_color_changes_only_the_inks() -> None:
    for card in CARDS[::7]:
        plain = face(card, CARD_SIZES["bridge"])
        colored = face(card, CARD_SIZES["bridge"], four_color=True)
        assert len(plain.items) == len(colored.items)
        for a, b in zip(plain.items, colored.items, strict=True):
            if isinstance(a, Path) and isinstance(b, Path):
                assert a.points == b.points
            else:
                assert isinstance(a, Text) and isinstance(b, Text)
                assert (a.x, a.y, a.text, a.size) == (b.x, b.y, b.text, b.size)


# -- jokers --------------------------------------------------------------------------------


def gray_image(card: Card, size: Size, names: bool) -> np.ndarray:
    """The card printed alone and read back in gray-scale (0 black to 255 white)."""
    options = DeckOptions(PAPERS["letter"], size, backs=False, names=names)
    data = deck_pdf(card.deck, options, [card])
    page = pdfium.PdfDocument(data)[0]
    image = page.render(scale=100 / 72).to_pil().convert("L")
    box = plan_sheet(options.paper, options.card).front(0)
    k = 100 / 25.4
    left, top = round(box.x * k), round(box.y * k)
    cell = image.crop((left, top, round((box.x + box.width) * k), round((box.y + box.height) * k)))
    return np.asarray(cell, dtype=float)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("names", [True, False])
def test_the_jokers_differ_even_in_gray_scale(size: Size, names: bool) -> None:
    red = gray_image(STANDARD.card("RJ"), size, names)
    black = gray_image(STANDARD.card("BJ"), size, names)
    assert red.shape == black.shape
    # Not by tone alone: a black-and-white copy (ink or paper) still tells them apart.
    differ = (red < 128) != (black < 128)
    assert differ.mean() > 0.015
    # And each is drawn in its ink: the black joker darker where both are inked.
    inked = (red < 200) & (black < 200)
    assert black[inked].mean() < red[inked].mean() - 30


def test_the_jokers_faces() -> None:
    size = CARD_SIZES["poker"]
    for name, ink in (("RJ", palette.STANDARD_INKS["red"]), ("BJ", palette.STANDARD_INKS["black"])):
        scene = face(STANDARD.card(name), size, four_color=True)
        words = [t for t in texts(scene) if t.text == "JOKER"]
        assert len(words) == 2 and {t.rotate for t in words} == {0, 180}
        assert all(t.color == ink for t in words)
    red = face(STANDARD.card("RJ"), size, names=False)
    black = face(STANDARD.card("BJ"), size, names=False)
    assert WHITE in {i.fill for i in red.items[1:] if isinstance(i, Path)}  # hollow stars
    assert WHITE not in {i.fill for i in black.items[1:] if isinstance(i, Path)}


# -- bleed ---------------------------------------------------------------------------------


@settings(max_examples=60)
@given(
    width=st.floats(25.0, 120.0),
    height=st.floats(35.0, 160.0),
    bleed=st.floats(0.0, 5.0),
    index=st.integers(0, len(CARDS) - 1),
    four_color=st.booleans(),
)
def test_any_size_and_bleed(
    width: float, height: float, bleed: float, index: int, four_color: bool
) -> None:
    """Every drawn point lies in the bleed box, the paper fills it, text keeps inside the
    card, and nothing overlaps, for any card size and bleed."""
    size = Size("custom", width, height)
    card = CARDS[index]
    scene = face(card, size, bleed=bleed, four_color=four_color)
    paper = scene.items[0]
    assert isinstance(paper, Path)
    assert path_box(paper) == pytest.approx((-bleed, -bleed, width + bleed, height + bleed))
    for item in scene.items:
        x0, y0, x1, y1 = box_of(item)
        assert x0 >= -bleed - 1e-9 and y0 >= -bleed - 1e-9, item
        assert x1 <= width + bleed + 1e-9 and y1 <= height + bleed + 1e-9, item
        if item is not paper:
            assert x0 >= 1.0 and y0 >= 1.0 and x1 <= width - 1.0 and y1 <= height - 1.0, item
    assert scene.items[1:] == face(card, size, four_color=four_color).items[1:]
    corner, body = split(scene, size)
    for a, b in itertools.product(corner, body):
        assert not overlap(box_of(a), box_of(b)), (card, a, b)
    for text in texts(scene):
        assert text.size >= 4.0  # readable print


# -- the back ------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_the_back_has_its_own_style_and_the_title_fits_the_emblem(size: Size) -> None:
    style = standard.DESIGN.back
    assert style.title == "CARDS"
    assert style.tint not in (fourd.DESIGN.back.tint, paradox.DESIGN.back.tint)
    assert style.motif not in (fourd.DESIGN.back.motif, paradox.DESIGN.back.motif)
    scene = back(FOUR, size)
    emblem = next(i for i in scene.items if isinstance(i, Path) and i.stroke)
    x0, _, x1, _ = path_box(emblem)
    radius = (x1 - x0) / 2 - emblem.width
    title = texts(scene)[-1]
    assert title.text == "CARDS"
    half_height = title.size * POINT * CAP_HEIGHT / 2
    chord = 2 * math.sqrt(radius**2 - half_height**2)
    assert text_width(title.text, title.size, title.bold) < 0.9 * chord


# -- a whole printed deck --------------------------------------------------------------------


@pytest.fixture(scope="module")
def printed() -> bytes:
    return deck_pdf(STANDARD, DeckOptions(PAPERS["letter"], CARD_SIZES["poker"], four_color=True))


def test_the_printed_deck_has_its_pages_names_and_fonts(printed: bytes) -> None:
    reader = PdfReader(io.BytesIO(printed))
    assert len(reader.pages) == 12  # 54 cards, 9 a sheet: 6 sheets of fronts and backs
    assert embedded_fonts(reader.pages) >= 2
    text = " ".join(reader.pages[p].extract_text() for p in range(0, 12, 2))
    for card in STANDARD.cards:
        assert str(card) in text.split(), card
    assert "CARDS" in reader.pages[1].extract_text()


def nearest_ink(pixels: np.ndarray, inks: list[str]) -> np.ndarray:
    """For each RGB pixel (0-255), the index of the nearest of ``inks``."""
    targets = np.array([palette.rgb(ink) for ink in inks]) * 255
    return np.argmin(((pixels[:, None, :] - targets[None, :, :]) ** 2).sum(axis=2), axis=1)


def test_every_card_cell_of_the_printed_deck_is_drawn_in_its_suits_ink(printed: bytes) -> None:
    """Rasterized, each card's cell holds ink, and its colored ink is its suit's: none on
    spades and the black joker, mostly the suit's on the others."""
    sheet = plan_sheet(PAPERS["letter"], CARD_SIZES["poker"])
    document = pdfium.PdfDocument(printed)
    dpi = 40
    k = dpi / 25.4
    colors = ["hearts", "diamonds", "clubs"]
    for number in range(6):
        image: Image.Image = document[2 * number].render(scale=dpi / 72).to_pil().convert("RGB")
        pixels = np.asarray(image, dtype=float)
        for slot, card in enumerate(STANDARD.cards[9 * number : 9 * number + 9]):
            box = sheet.front(slot)
            cell = pixels[round(box.y * k) + 2 : round((box.y + box.height) * k) - 2,
                          round(box.x * k) + 2 : round((box.x + box.width) * k) - 2]  # fmt: skip
            inked = cell[cell.min(axis=2) < 200]
            assert len(inked) > 0.01 * cell.shape[0] * cell.shape[1], card
            colored = inked[inked.max(axis=1) - inked.min(axis=1) > 80]
            ink = suit_ink(card, True)
            if ink == palette.FOUR_COLOR_INKS["spades"]:
                assert len(colored) < 0.02 * len(inked), card
                continue
            assert len(colored) > 0.3 * len(inked), card
            votes = np.bincount(
                nearest_ink(colored, [palette.FOUR_COLOR_INKS[c] for c in colors]), minlength=3
            )
            assert palette.FOUR_COLOR_INKS[colors[int(np.argmax(votes))]] == ink, card
            assert votes.max() > 0.9 * votes.sum(), card
