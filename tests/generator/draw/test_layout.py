"""Sheet layout: how many cards fit, where they go, duplex mirroring, crop marks."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.draw.layout import (
    CARD_SIZES,
    INFO_BAND,
    INFO_CLEAR,
    MARK_ROOM,
    MIN_CROP_GAP,
    MIN_CROP_LENGTH,
    PAPERS,
    SAFE_MARGIN,
    LayoutError,
    Size,
    parse_card_size,
    plan_sheet,
)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_nine_poker_cards_fit_on_both_papers(paper: str) -> None:
    sheet = plan_sheet(PAPERS[paper], CARD_SIZES["poker"])
    assert (sheet.columns, sheet.rows) == (3, 3)


def test_paper_and_card_sizes_are_the_standard_ones() -> None:
    assert (PAPERS["letter"].width, PAPERS["letter"].height) == (215.9, 279.4)
    assert (PAPERS["a4"].width, PAPERS["a4"].height) == (210.0, 297.0)
    assert (CARD_SIZES["poker"].width, CARD_SIZES["poker"].height) == (63.0, 88.0)
    assert (CARD_SIZES["bridge"].width, CARD_SIZES["bridge"].height) == (57.0, 88.0)


def test_custom_sizes_parse_and_bad_ones_say_what_is_expected() -> None:
    assert parse_card_size("60x90") == Size("custom", 60.0, 90.0)
    assert parse_card_size(" 59.5 X 91 mm ") == Size("custom", 59.5, 91.0)
    with pytest.raises(LayoutError, match="poker, bridge or a size in mm such as 60x90"):
        parse_card_size("huge")
    with pytest.raises(LayoutError, match="too small"):
        parse_card_size("10x10")


def test_a_card_too_big_for_the_paper_is_refused() -> None:
    with pytest.raises(LayoutError, match="does not fit on Letter"):
        plan_sheet(PAPERS["letter"], Size("custom", 210, 270))


def test_backs_are_mirrored_for_a_long_edge_flip_and_shifted_by_the_offset() -> None:
    sheet = plan_sheet(PAPERS["letter"], CARD_SIZES["poker"])
    for slot in range(sheet.per_sheet):
        front, back = sheet.front(slot), sheet.back(slot)
        assert back.x == pytest.approx(sheet.paper.width - front.x - front.width)
        assert back.y == pytest.approx(front.y)
        moved = sheet.back(slot, (1.5, -2.0))
        # x to the right, y upwards, as seen on the back (layout y points down).
        assert moved.x == pytest.approx(back.x + 1.5)
        assert moved.y == pytest.approx(back.y + 2.0)
    # The first card's back is behind it: top-left front pairs with top-right back.
    assert sheet.back(0).x == pytest.approx(sheet.front(sheet.columns - 1).x)


@settings(max_examples=200)
@given(
    paper=st.sampled_from(sorted(PAPERS)),
    width=st.floats(25, 120),
    height=st.floats(35, 160),
    bleed=st.sampled_from([0.0, 1.0, 2.0, 3.0]),
)
def test_any_layout_keeps_cards_apart_inside_the_margins_and_is_as_full_as_possible(
    paper: str, width: float, height: float, bleed: float
) -> None:
    size = PAPERS[paper]
    try:
        sheet = plan_sheet(size, Size("custom", width, height), bleed)
    except LayoutError:
        # Refused only when not even one card fits with the margins.
        assert (
            width + 2 * bleed > size.width - 2 * MARK_ROOM - 1e-6
            or (
                height + 2 * bleed > size.height - 2 * INFO_BAND - 1e-6
                and width + 2 * bleed > size.width - 2 * INFO_BAND - 1e-6
            )
            or height + 2 * bleed > size.height - 2 * MARK_ROOM - 1e-6
        )
        return
    boxes = [sheet.front(slot) for slot in range(sheet.per_sheet)]
    for box in boxes:
        assert box.width == width and box.height == height
        assert box.x - bleed >= MARK_ROOM - 1e-6
        assert box.y - bleed >= MARK_ROOM - 1e-6
        assert box.x + width + bleed <= size.width - MARK_ROOM + 1e-6
        assert box.y + height + bleed <= size.height - MARK_ROOM + 1e-6
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart_x = (
                a.x + a.width + 2 * bleed <= b.x + 1e-6 or b.x + b.width + 2 * bleed <= a.x + 1e-6
            )
            apart_y = (
                a.y + a.height + 2 * bleed <= b.y + 1e-6 or b.y + b.height + 2 * bleed <= a.y + 1e-6
            )
            assert apart_x or apart_y
    # One more column or row would break the margins on the side the note uses.
    margin_x, margin_y = (INFO_BAND, MARK_ROOM) if sheet.info == "left" else (MARK_ROOM, INFO_BAND)
    pitch_x, pitch_y = sheet.pitch
    assert (sheet.columns + 1) * pitch_x > size.width - 2 * margin_x
    assert (sheet.rows + 1) * pitch_y > size.height - 2 * margin_y
    # Crop marks: outside the safe margin and the check bar's and label's room, clear of
    # the cards, and long enough to cut by.
    grid = sheet.grid
    clear_x, clear_y = (
        (INFO_CLEAR, SAFE_MARGIN) if sheet.info == "left" else (SAFE_MARGIN, INFO_CLEAR)
    )
    for x1, y1, x2, y2 in sheet.crop_marks():
        assert math.hypot(x2 - x1, y2 - y1) >= MIN_CROP_LENGTH - 1e-6
        for x, y in ((x1, y1), (x2, y2)):
            assert clear_x - 1e-6 <= x <= size.width - clear_x + 1e-6
            assert clear_y - 1e-6 <= y <= size.height - clear_y + 1e-6
            outside_x = min(abs(x - grid.x), abs(x - grid.x - grid.width))
            outside_y = min(abs(y - grid.y), abs(y - grid.y - grid.height))
            assert (y1 == y2 and outside_x >= MIN_CROP_GAP - 1e-6) or (
                x1 == x2 and outside_y >= MIN_CROP_GAP - 1e-6
            )


def test_crop_marks_line_up_with_every_cut_and_stay_off_the_cards() -> None:
    sheet = plan_sheet(PAPERS["a4"], CARD_SIZES["poker"])
    xs, ys = sheet.cut_lines()
    assert len(xs) == sheet.columns + 1 and len(ys) == sheet.rows + 1  # cards butt: shared cuts
    grid = sheet.grid
    marks = sheet.crop_marks()
    assert len(marks) == 2 * (len(xs) + len(ys))
    for x1, y1, x2, y2 in marks:
        assert x1 == x2 or y1 == y2
        for x, y in ((x1, y1), (x2, y2)):
            inside_grid = grid.x < x < grid.x + grid.width and grid.y < y < grid.y + grid.height
            assert not inside_grid
            assert 0 <= x <= sheet.paper.width and 0 <= y <= sheet.paper.height
        assert (x1 == x2 and x1 in xs) or (y1 == y2 and y1 in ys)
