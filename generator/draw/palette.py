"""The card inks: the 4D deck's colors and shades, the PARADOX suit colors and the standard
deck's two- and four-color inks.

How the colors were chosen: a numerical search (colour-science, not a dependency of this
module) started from the Okabe-Ito blue, bluish green and vermillion and kept each hue
recognizable (CIE LCh hue: blue 250-300, green 120-180, red 20-60). Colors were compared
in CIELAB (D65) with CIEDE2000, in normal vision, under full-severity protanopia,
deuteranopia and tritanopia (Machado 2009 matrices at severity 1, applied to linear sRGB)
and in gray-scale (:func:`gray_level`). The floors, and the measured minima:

- two 4D colors: >= 10 in normal vision and each simulation (measured 14.5);
- a 4D color and a shade: >= 15 in all of those and in gray-scale (measured 21.8);
- two shades: >= 15 everywhere, gray-scale included (measured 22.0);
- two PARADOX colors: >= 10 in normal vision and each simulation (measured 14.0), each
  dark enough for numerals on white (WCAG contrast >= 4.5; the lowest is 5.4);
- two suits' inks of the standard deck's four-color palette (black and the three 4D
  colors): >= 10 in normal vision and each simulation (measured 39.2 normal, 14.5
  protanopia, 16.5 deuteranopia, 14.5 tritanopia), each dark enough for indices on white
  (WCAG contrast >= 4.5; the lowest is 5.6). The usual two-color palette's black and
  red differ by >= 25 everywhere, gray-scale included (measured 29.3).

In gray-scale the 4D colors sit at L* 42-44, between black (L* 0) and the light gray shade
(L* 67); white stays pure white, as white bands lie on white card stock. The three colors
print as one gray, so a gray-scale copy tells them apart by their outline styles alone,
drawn in :data:`OUTLINE_INK` (and the standard deck's suits by their shapes).
``tests/generator/draw/test_palette.py`` proves every floor above, pair by pair and
simulation by simulation, and checks the hues, so a swapped or washed-out color fails the
tests.
"""

from __future__ import annotations

import re

COLORS: dict[str, str] = {
    "blue": "#0c5ee1",
    "green": "#07774b",
    "red": "#c61202",
}
"""The three 4D card colors, as sRGB hex."""

SHADES: dict[str, str] = {
    "black": "#000000",
    "gray": "#a3a3a3",
    "white": "#ffffff",
}
"""The three 4D card shades, as sRGB hex; a symbol's bands alternate color and shade."""

OUTLINE_INK = "#1a1a1a"
"""The near-black ink of symbol outlines, whose style (not hue) names the color."""

PARADOX_COLORS: dict[str, str] = {
    "red": "#c40018",
    "green": "#157948",
    "purple": "#6f298c",
    "blue": "#125df5",
}
"""The four PARADOX suit colors, dark enough for numerals on white cards."""

STANDARD_INKS: dict[str, str] = {
    "black": SHADES["black"],
    "red": COLORS["red"],
}
"""The standard deck's two inks, by the suit's (or joker's) color: spades and clubs black,
hearts and diamonds red."""

FOUR_COLOR_INKS: dict[str, str] = {
    "spades": STANDARD_INKS["black"],
    "hearts": STANDARD_INKS["red"],
    "diamonds": COLORS["blue"],
    "clubs": COLORS["green"],
}
"""The four-color palette, by suit: spades black, hearts red, diamonds blue, clubs green
(the 4D colors). The suits also differ by shape, so gray-scale copies lose nothing."""

_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def rgb(hex_color: str) -> tuple[float, float, float]:
    """The sRGB components (0..1) of a ``#rrggbb`` color.

    >>> rgb("#ff3300")
    (1.0, 0.2, 0.0)
    >>> rgb("red")
    Traceback (most recent call last):
    ...
    ValueError: expected a color as '#rrggbb', got 'red'
    """
    if not _HEX.fullmatch(hex_color):
        raise ValueError(f"expected a color as '#rrggbb', got {hex_color!r}")
    red, green, blue = (int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return red, green, blue


def _linear(component: float) -> float:
    """The linear light of an sRGB-encoded component (IEC 61966-2-1)."""
    if component <= 0.04045:
        return component / 12.92
    return float(((component + 0.055) / 1.055) ** 2.4)


def _encoded(linear: float) -> float:
    """The sRGB encoding of a linear-light component."""
    if linear <= 0.0031308:
        return 12.92 * linear
    return float(1.055 * linear ** (1 / 2.4) - 0.055)


def gray_level(hex_color: str) -> float:
    """The sRGB gray (0..1) that a gray-scale printer prints for a color.

    The color's relative luminance (Rec. 709 / sRGB weights on linear components),
    encoded back to sRGB gamma, so a gray maps to itself; rounded to 12 decimals, so
    white is exactly 1.0.

    >>> gray_level("#ffffff"), gray_level("#000000")
    (1.0, 0.0)
    >>> round(gray_level("#808080") * 255, 6)
    128.0
    >>> round(gray_level("#00ff00"), 3)
    0.862
    """
    red, green, blue = (_linear(c) for c in rgb(hex_color))
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return round(min(1.0, max(0.0, _encoded(luminance))), 12)
