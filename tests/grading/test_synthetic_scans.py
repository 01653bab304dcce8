"""The synthetic scans a grader is proved on (``tests/support/synthetic_scans.py``): marks
look filled or empty as meant, the truth names exactly the boxes an answer needs, and the
print-and-scan effects move the page as they say and keep it all in the frame."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
from pypdf import PdfReader
from synthetic_scans import (
    CASES,
    FILL_STYLES,
    MARK_STYLES,
    Effects,
    Gray,
    Intent,
    MarkStyle,
    answer_boxes,
    box_pixels,
    draw_mark,
    images_pdf,
    intent_boxes,
    mark_page,
    page_transform,
    random_class,
    random_effects,
    random_intent,
    render_page,
    scan_effects,
    solution_placement,
    synthetic_scan,
    write_images,
)

from generator.documents.worksheet import Worksheet, WorksheetOptions, make_worksheet
from generator.draw.layout import PAPERS
from generator.scan.layout import ATTACHMENT, PageLayout, SheetLayout
from printables.matrix.puzzles import generated_id, get_puzzle

SOLVABLE = generated_id(3, 3, "solvable", "medium", 1)
IMPOSSIBLE = generated_id(3, 3, "impossible", "medium", 5)


@cache
def sheet() -> Worksheet:
    options = WorksheetOptions(PAPERS["letter"], scannable=True)
    return make_worksheet([get_puzzle(SOLVABLE), get_puzzle(IMPOSSIBLE)], options)


@cache
def page() -> PageLayout:
    layout = SheetLayout.from_json(PdfReader(io.BytesIO(sheet().pdf)).attachments[ATTACHMENT][0])
    (only,) = layout.pages
    return only


@cache
def rendered(dpi: int) -> Gray:
    image = render_page(sheet().pdf, page().pdf_page, dpi)
    image.flags.writeable = False
    return image


def interior(image: Gray, index: int, dpi: int, inset_mm: float = 0.8) -> Gray:
    """The pixels inside box ``index``, ``inset_mm`` clear of its outline."""
    inset = inset_mm * dpi / 25.4
    x0, y0, x1, y1 = box_pixels(page().boxes[index], dpi)
    return image[int(y0 + inset) : int(y1 - inset), int(x0 + inset) : int(x1 - inset)]


def one_mark(style: MarkStyle, seed: int, dpi: int = 150) -> tuple[Gray, int]:
    """A fresh page with box number 0 of the first puzzle drawn in ``style``."""
    image = rendered(dpi).copy()
    index = next(k for k, box in enumerate(page().boxes) if box.kind == "mark")
    draw_mark(image, page().boxes[index], dpi, style, np.random.default_rng(seed))
    return image, index


def test_a_page_renders_at_the_papers_size_with_its_corner_squares() -> None:
    image = rendered(100)
    width, height = PAPERS["letter"].width, PAPERS["letter"].height
    assert image.dtype == np.uint8 and image.shape == (round(height / 25.4 * 100),
                                                       round(width / 25.4 * 100))  # fmt: skip
    for box in page().of_kind("fiducial"):
        x0, y0, x1, y1 = box_pixels(box, 100)
        assert image[int(y0) + 3 : int(y1) - 3, int(x0) + 3 : int(x1) - 3].max() < 60
    assert interior(image, 6, 100).min() > 200  # the first mark box, empty


@pytest.mark.parametrize("seed", range(6))
def test_filled_styles_read_dark_and_a_stray_dot_leaves_the_box_white(seed: int) -> None:
    empty = interior(one_mark("pen", seed)[0], one_mark("pen", seed)[1] + 1, 150)
    assert empty.mean() > 230
    means = {}
    for style in MARK_STYLES:
        image, index = one_mark(style, seed)
        means[style] = float(interior(image, index, 150).mean())
    assert means["pen"] < 100 and means["crossed-out"] < 100 and means["over-the-line"] < 100
    assert means["part-filled"] < 150
    assert means["pencil"] < 175
    assert 120 < means["pencil-light"] < 205
    image, index = one_mark("stray-dot", seed)
    inside = interior(image, index, 150, inset_mm=0.5)
    assert inside.mean() > 205 and (inside < 128).mean() < 0.1


@pytest.mark.parametrize("seed", range(4))
def test_marks_are_drawn_by_hand_not_as_squares(seed: int) -> None:
    """A pen fill's edge wanders: the filled shape is not the box, and two fills differ."""
    image, index = one_mark("pen", seed, dpi=300)
    again, _ = one_mark("pen", seed + 100, dpi=300)
    assert not np.array_equal(image, again)
    x0, y0, x1, y1 = box_pixels(page().boxes[index], 300)
    pad = 12
    window = image[int(y0) - pad : int(y1) + pad, int(x0) - pad : int(x1) + pad] < 128
    clean = rendered(300)[int(y0) - pad : int(y1) + pad, int(x0) - pad : int(x1) + pad] < 128
    # ink beyond the outline somewhere (overshoot), yet the box's neighbourhood not all ink
    assert (window & ~clean).sum() > 0 and 0.3 < window.mean() < 0.9
    rows = window.sum(axis=1)[pad + 8 : -pad - 8]
    assert rows.std() > 0  # the edge is ragged, not a straight side


def test_over_the_line_spills_out_of_the_box() -> None:
    px = 150 / 25.4
    for seed in range(6):
        image, index = one_mark("over-the-line", seed)
        x0, y0, x1, y1 = box_pixels(page().boxes[index], 150)
        near, far = int(0.3 * px), int(0.5 * px) + 1  # 0.3-0.5 mm outside the box
        top, left = int(y0), int(x0)
        bottom, right = int(np.ceil(y1)), int(np.ceil(x1))
        bands = [(slice(top - far, top - near), slice(left, right)),
                 (slice(bottom + near, bottom + far), slice(left, right)),
                 (slice(top, bottom), slice(left - far, left - near)),
                 (slice(top, bottom), slice(right + near, right + far))]  # fmt: skip
        assert all(rendered(150)[band].min() > 200 for band in bands)  # white round a box
        assert max(float((image[band] < 128).mean()) for band in bands) > 0.5


def test_a_right_answer_fills_a_row_and_a_column_box_for_every_card() -> None:
    placement = solution_placement(SOLVABLE)
    assert placement is not None and len(placement) == 9
    boxes = answer_boxes(page(), {SOLVABLE: placement, IMPOSSIBLE: "impossible"})
    assert len(boxes) == 19
    chosen = [page().boxes[k] for k in boxes]
    mine = [box for box in chosen if box.puzzle == SOLVABLE]
    assert len(mine) == 18 and all(box.card for box in mine)
    for box in mine:
        row, col = placement[box.card]
        assert box.value == (row if box.field == "row" else col)
    (other,) = [box for box in chosen if box.puzzle == IMPOSSIBLE]
    assert other.field == "impossible"
    assert answer_boxes(page(), {SOLVABLE: None, IMPOSSIBLE: None}) == []
    with pytest.raises(ValueError):
        answer_boxes(page(), {SOLVABLE: {"Rw=T": (4, 1)}})


def test_a_changed_answer_crosses_out_the_first_placement_and_fills_changed() -> None:
    placement = solution_placement(SOLVABLE)
    assert placement is not None
    card = next(iter(placement))
    row, col = placement[card]
    first = (row % 3 + 1, col)  # the same column, another row
    filled, crossed = intent_boxes(page(), {SOLVABLE: Intent(placement, {card: first})})
    assert len(filled) == 19 and len(crossed) == 1
    (box,) = [page().boxes[k] for k in crossed]
    assert (box.card, box.field, box.value) == (card, "row", first[0])
    assert [page().boxes[k].field for k in filled].count("changed") == 1
    marks = mark_page(rendered(100).copy(), page(), 100, {SOLVABLE: Intent(placement,
                      {card: first})}, np.random.default_rng(3), strays=2)  # fmt: skip
    assert [m.box for m in marks if m.counts] == filled
    assert [m.box for m in marks if m.style == "crossed-out"] == crossed
    assert all(m.ink and not m.counts for m in marks if m.style == "crossed-out")
    strays = [m for m in marks if m.style == "stray-dot"]
    assert len(strays) == 2 and not any(m.ink or m.counts for m in strays)
    assert not {m.box for m in strays} & (set(filled) | set(crossed))


def test_random_answers_are_what_their_case_says() -> None:
    rng = np.random.default_rng(11)
    solution = solution_placement(SOLVABLE)
    assert solution is not None and solution_placement(IMPOSSIBLE) is None
    for _ in range(5):
        assert random_intent(SOLVABLE, rng, "right").answer == solution
        assert random_intent(IMPOSSIBLE, rng, "right").answer == "impossible"
        swapped = random_intent(SOLVABLE, rng, "swapped")
        assert isinstance(swapped.answer, dict) and not swapped.right
        assert sum(swapped.answer[c] != solution[c] for c in solution) == 2
        missing = random_intent(SOLVABLE, rng, "missing").answer
        assert isinstance(missing, dict) and len(missing) == 8
        assert all(solution[c] == missing[c] for c in missing)
        assert random_intent(SOLVABLE, rng, "wrong-impossible").answer == "impossible"
        placed = random_intent(IMPOSSIBLE, rng, "wrong-placed").answer
        assert isinstance(placed, dict) and len(set(placed.values())) == 9
        assert random_intent(SOLVABLE, rng, "blank").answer is None
        changed = random_intent(SOLVABLE, rng, "changed")
        assert changed.answer == solution and changed.right and len(changed.crossed) == 1
        ((card, first),) = changed.crossed.items()
        assert first != solution[card]
    pupils = random_class([SOLVABLE, IMPOSSIBLE], 40, rng)
    cases = {intent.case for pupil in pupils for intent in pupil.values()}
    assert len(pupils) == 40 and {"right", "blank", "changed", "swapped"} <= cases <= set(CASES)


def test_upside_down_puts_the_code_in_the_other_corner() -> None:
    image = rendered(100)
    turned = scan_effects(image, Effects(dpi=100, upside_down=True), np.random.default_rng(0))
    assert turned.shape == image.shape
    assert np.abs(turned.astype(int) - np.rot90(image, 2).astype(int)).mean() < 1.0
    (code,) = page().of_kind("code")
    x0, y0, x1, y1 = (int(v) for v in box_pixels(code, 100))
    height, width = image.shape
    assert turned[y0:y1, x0:x1].min() > 200  # where it was printed: white now
    moved = turned[height - y1 : height - y0, width - x1 : width - x0]
    assert (moved < 100).mean() > 0.3  # the QR code's modules


@pytest.mark.parametrize("seed", range(8))
def test_every_corner_square_stays_in_the_frame(seed: int) -> None:
    rng = np.random.default_rng(seed)
    effects = random_effects(rng, harsh=seed % 4 != 0)
    effects = Effects(**{**effects.__dict__, "dpi": 75, "blur": min(effects.blur, 1.0)})
    image = rendered(75)
    scan = scan_effects(image, effects, rng)
    matrix, (width, height) = page_transform(effects, image.shape[1], image.shape[0])
    assert scan.shape == (height, width)
    if not effects.desk:
        assert width >= image.shape[1] and height >= image.shape[0]
    for box in page().of_kind("fiducial"):
        x0, y0, x1, y1 = box_pixels(box, 75)
        corners = np.array([[[x0, y0]], [[x1, y0]], [[x1, y1]], [[x0, y1]]], dtype=np.float64)
        moved = cv2.perspectiveTransform(corners, matrix).reshape(-1, 2)
        assert (moved >= 0).all() and (moved[:, 0] < width).all() and (moved[:, 1] < height).all()
        cx, cy = moved.mean(axis=0)
        assert scan[int(cy) - 2 : int(cy) + 3, int(cx) - 2 : int(cx) + 3].mean() < 110


def test_a_phone_photo_is_a_page_on_a_darker_desk_and_the_light_is_uneven() -> None:
    corners = ((0.03, 0.02), (-0.02, 0.04), (-0.04, -0.03), (0.02, -0.03))
    effects = Effects(dpi=75, rotation=3, perspective=corners, desk=True)
    scan = scan_effects(rendered(75), effects, np.random.default_rng(1))
    assert scan[:10].mean() < 130 and scan[-10:].mean() < 130  # the desk round the page
    height, width = scan.shape
    assert scan[height // 2 + 60 : height // 2 + 80, width // 2 - 10 : width // 2 + 10].mean() > 240
    white = np.full((300, 200), 255, np.uint8)
    lit = scan_effects(white, Effects(dpi=75, light=0.7), np.random.default_rng(2))
    assert abs(float(lit.min()) - 0.7 * 255) < 3 and lit.max() >= 250


def test_blur_noise_and_jpeg_change_the_pixels_but_not_the_page() -> None:
    image = rendered(75)
    rough = scan_effects(image, Effects(dpi=75, blur=1.2, noise=6, jpeg=40),
                         np.random.default_rng(4))  # fmt: skip
    assert rough.shape == image.shape and not np.array_equal(rough, image)
    assert np.abs(rough.astype(int) - image.astype(int)).mean() < 12
    assert rough.astype(int).std() > 0


def test_a_synthetic_scan_is_the_same_for_a_seed() -> None:
    intents = {SOLVABLE: random_intent(SOLVABLE, np.random.default_rng(5), "changed"),
               IMPOSSIBLE: Intent("impossible")}  # fmt: skip
    effects = random_effects(np.random.default_rng(6), harsh=True)
    effects = Effects(**{**effects.__dict__, "dpi": 75})
    one = synthetic_scan(sheet().pdf, page(), intents, effects, np.random.default_rng(7), strays=3)
    two = synthetic_scan(sheet().pdf, page(), intents, effects, np.random.default_rng(7), strays=3)
    other = synthetic_scan(sheet().pdf, page(), intents, effects, np.random.default_rng(8),
                           strays=3)  # fmt: skip
    assert np.array_equal(one[0], two[0]) and one[1] == two[1]
    assert not np.array_equal(one[0], other[0])
    assert {m.style for m in one[1]} <= set(MARK_STYLES)
    assert {m.style for m in one[1] if m.counts} <= set(FILL_STYLES)
    assert random_effects(np.random.default_rng(9), True) == random_effects(
        np.random.default_rng(9), True
    )


def test_scans_are_written_as_images_and_as_a_pdf_of_the_papers_size(tmp_path: Path) -> None:
    plain = scan_effects(rendered(100), Effects(dpi=100), np.random.default_rng(0))
    turned = scan_effects(rendered(100), Effects(dpi=100, rotation=2), np.random.default_rng(0))
    paths = write_images([plain, turned], tmp_path / "out", "pupil")
    assert [p.name for p in paths] == ["pupil-1.png", "pupil-2.png"]
    back = np.asarray(cv2.imread(str(paths[0]), cv2.IMREAD_GRAYSCALE))
    assert np.array_equal(back, plain)
    (jpeg,) = write_images([plain], tmp_path, jpeg=60)
    assert jpeg.suffix == ".jpg" and jpeg.stat().st_size < paths[0].stat().st_size * 2
    reader = PdfReader(io.BytesIO(images_pdf([plain, turned, plain], 100)))
    assert len(reader.pages) == 3
    width, height = PAPERS["letter"].width, PAPERS["letter"].height
    first = reader.pages[0].mediabox
    assert abs(float(first.width) - width / 25.4 * 72) < 1
    assert abs(float(first.height) - height / 25.4 * 72) < 1
    # a skewed page's frame holds its corners: as large as its image at the dpi, no less
    assert float(reader.pages[1].mediabox.width) >= float(first.width)
    assert float(reader.pages[1].mediabox.width) == pytest.approx(turned.shape[1] / 100 * 72, 0.01)
