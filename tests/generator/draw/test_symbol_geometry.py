"""A symbol's clipped bands are worked out once a pattern, shape, size and place: the 81
cards of a sheet share nine sets of bands, each card painting them in its own inks."""

from __future__ import annotations

import itertools

import pytest

from generator.draw import palette, symbols

VALUES = (
    ("red", "green", "blue"),
    ("white", "gray", "black"),
    ("stripe", "wavy", "zigzag"),
    ("square", "circle", "triangle"),
)


def test_the_deck_at_one_size_clips_nine_sets_of_bands(monkeypatch: pytest.MonkeyPatch) -> None:
    clipped: list[object] = []
    real = symbols.clip
    monkeypatch.setattr(symbols, "clip", lambda *args: clipped.append(args) or real(*args))
    radius, center = 4.321, (7.5, 9.25)  # a size no other test draws
    made = [symbols.symbol_geometry(*card, radius, center) for card in itertools.product(*VALUES)]
    assert len(made) == 81
    assert len(clipped) == 9 * symbols.BANDS  # each pattern and shape once, not each card


def test_cards_sharing_a_pattern_and_shape_share_the_bands_in_their_own_inks() -> None:
    red = symbols.symbol_geometry("red", "white", "wavy", "circle", 6.0, (8.0, 11.0))
    blue = symbols.symbol_geometry("blue", "black", "wavy", "circle", 6.0, (8.0, 11.0))
    assert [band.points for band in blue.bands[: len(red.bands)]] == [
        band.points for band in red.bands
    ]
    assert {band.fill for band in red.bands} == {palette.COLORS["red"], palette.SHADES["white"]}
    assert {band.fill for band in blue.bands} == {
        palette.COLORS["blue"], palette.SHADES["black"], palette.SHADES["white"]  # keylines
    }  # fmt: skip
    assert len(blue.bands) > len(red.bands)  # a dark shade's keylines come after its bands
