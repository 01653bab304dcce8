"""The palette survives color blindness and gray-scale printers, measured with colour-science.

Colors are compared in CIELAB (D65) with CIEDE2000. A simulation applies the Machado 2009
matrix at full severity to linear sRGB (as colour-science does), clipped to the displayable
range; gray-scale replaces a color by the gray of :func:`generator.draw.palette.gray_level`.
"""

from __future__ import annotations

import itertools
import math
import re
import warnings
from functools import cache
from typing import Any

import numpy as np
import pytest

from generator.draw import palette

# colour warns that SciPy/Matplotlib are missing, and that its tritanopia matrix is an
# approximation (the standard one, as the palette's search used): both are known here.
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import colour

    SIMULATIONS = {
        vision: colour.blindness.matrix_cvd_Machado2009(deficiency, 1.0)
        for vision, deficiency in [
            ("protanopia", "Protanomaly"),
            ("deuteranopia", "Deuteranomaly"),
            ("tritanopia", "Tritanomaly"),
        ]
    }
    """Machado et al. 2009 matrices at full severity, for linear sRGB."""

SRGB = colour.RGB_COLOURSPACES["sRGB"]
D65 = colour.CCS_ILLUMINANTS["CIE 1931 2 Degree Standard Observer"]["D65"]
VISIONS = ("normal", *SIMULATIONS)
"""Normal vision and the three full-severity dichromacies."""

COLOR_FLOOR = 10.0
SHADE_FLOOR = 15.0
PARADOX_FLOOR = 10.0  # measured minimum 14.0 (red-green, deuteranopia)
FOUR_COLOR_FLOOR = 10.0  # measured minimum 14.5 (diamonds-clubs, tritanopia)
TWO_COLOR_FLOOR = 25.0  # measured minimum 29.3 (black-red, gray-scale)


@cache
def lab(hex_color: str, vision: str) -> tuple[float, float, float]:
    """CIELAB (D65) of a color as seen in a vision: normal, a simulation, or "grayscale"."""
    if vision == "grayscale":
        level = palette.gray_level(hex_color)
        encoded = np.array([level, level, level])
    else:
        encoded = np.array(palette.rgb(hex_color))
    linear = colour.cctf_decoding(encoded, "sRGB")
    if vision in SIMULATIONS:
        linear = np.clip(SIMULATIONS[vision] @ linear, 0.0, 1.0)
    values = colour.XYZ_to_Lab(colour.RGB_to_XYZ(linear, SRGB), D65)
    return float(values[0]), float(values[1]), float(values[2])


def delta_e(first: str, second: str, vision: str) -> float:
    """CIEDE2000 between two colors as seen in a vision."""
    return float(
        colour.delta_E(
            np.array(lab(first, vision)), np.array(lab(second, vision)), method="CIE 2000"
        )
    )


def hue(hex_color: str) -> float:
    """CIE LCh(ab) hue angle in degrees, 0-360."""
    _, a, b = lab(hex_color, "normal")
    return math.degrees(math.atan2(b, a)) % 360


def contrast_with_white(hex_color: str) -> float:
    """WCAG 2 contrast ratio of a color against white."""
    linear = colour.cctf_decoding(np.array(palette.rgb(hex_color)), "sRGB")
    luminance = float(np.dot([0.2126, 0.7152, 0.0722], linear))
    return 1.05 / (luminance + 0.05)


def pairs(colors: dict[str, str], visions: tuple[str, ...]) -> list[Any]:
    """One parameter set per pair of named colors and vision, with an id naming both."""
    return [
        pytest.param(colors[a], colors[b], vision, id=f"{a}-{b}-{vision}")
        for (a, b), vision in itertools.product(itertools.combinations(colors, 2), visions)
    ]


def check(first: str, second: str, vision: str, floor: float) -> None:
    measured = delta_e(first, second, vision)
    assert measured >= floor, f"{first} vs {second} in {vision}: CIEDE2000 {measured:.2f} < {floor}"


# -- hex values and names -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "names"),
    [
        (palette.COLORS, {"blue", "green", "red"}),
        (palette.SHADES, {"black", "gray", "white"}),
        (palette.PARADOX_COLORS, {"red", "green", "purple", "blue"}),
        ({"outline": palette.OUTLINE_INK}, {"outline"}),
        (palette.STANDARD_INKS, {"black", "red"}),
        (palette.FOUR_COLOR_INKS, {"spades", "hearts", "diamonds", "clubs"}),
    ],
    ids=["COLORS", "SHADES", "PARADOX_COLORS", "OUTLINE_INK", "STANDARD_INKS", "FOUR_COLOR_INKS"],
)
def test_names_and_hex_values(table: dict[str, str], names: set[str]) -> None:
    assert set(table) == names
    for name, value in table.items():
        assert re.fullmatch(r"#[0-9a-f]{6}", value), f"{name}: {value!r} is not '#rrggbb'"


def test_all_inks_differ() -> None:
    inks = [*palette.COLORS.values(), *palette.SHADES.values(), *palette.PARADOX_COLORS.values()]
    assert len(set(inks)) == len(inks)


def test_rgb_rejects_bad_text() -> None:
    with pytest.raises(ValueError, match="'#12345'"):
        palette.rgb("#12345")


# -- gray_level agrees with colour-science ------------------------------------------------


@pytest.mark.parametrize(
    "hex_color",
    ["#000000", "#ffffff", "#808080", "#ff0000", "#00ff00", "#0000ff", "#0c5ee1", "#c61202"],
)
def test_gray_level_is_encoded_relative_luminance(hex_color: str) -> None:
    luminance = colour.RGB_to_XYZ(
        colour.cctf_decoding(np.array(palette.rgb(hex_color)), "sRGB"), SRGB
    )[1]
    expected = float(colour.cctf_encoding(luminance, "sRGB"))
    assert palette.gray_level(hex_color) == pytest.approx(expected, abs=2e-4)


def test_shade_levels() -> None:
    assert palette.gray_level(palette.SHADES["white"]) >= 0.95
    assert palette.gray_level(palette.SHADES["black"]) <= 0.15
    assert palette.gray_level(palette.OUTLINE_INK) <= 0.15


# -- the rules ----------------------------------------------------------------------------


@pytest.mark.parametrize(("first", "second", "vision"), pairs(palette.COLORS, VISIONS))
def test_colors_differ(first: str, second: str, vision: str) -> None:
    """Rule 1: any two 4D colors, in normal vision and each simulation."""
    check(first, second, vision, COLOR_FLOOR)


@pytest.mark.parametrize(
    ("first", "second", "vision"),
    [
        pytest.param(palette.COLORS[c], palette.SHADES[s], vision, id=f"{c}-{s}-{vision}")
        for c, s, vision in itertools.product(
            palette.COLORS, palette.SHADES, (*VISIONS, "grayscale")
        )
    ],
)
def test_colors_differ_from_shades(first: str, second: str, vision: str) -> None:
    """Rule 2: a color and a shade, in every vision and in gray-scale."""
    check(first, second, vision, SHADE_FLOOR)


@pytest.mark.parametrize(
    ("first", "second", "vision"), pairs(palette.SHADES, (*VISIONS, "grayscale"))
)
def test_shades_differ(first: str, second: str, vision: str) -> None:
    """Rule 3: any two shades, gray-scale included."""
    check(first, second, vision, SHADE_FLOOR)


@pytest.mark.parametrize(("first", "second", "vision"), pairs(palette.PARADOX_COLORS, VISIONS))
def test_paradox_colors_differ(first: str, second: str, vision: str) -> None:
    check(first, second, vision, PARADOX_FLOOR)


@pytest.mark.parametrize(("name", "hex_color"), palette.PARADOX_COLORS.items())
def test_paradox_colors_read_on_white(name: str, hex_color: str) -> None:
    ratio = contrast_with_white(hex_color)
    assert ratio >= 4.5, f"{name} {hex_color}: WCAG contrast {ratio:.2f} < 4.5"


@pytest.mark.parametrize(("first", "second", "vision"), pairs(palette.FOUR_COLOR_INKS, VISIONS))
def test_four_color_inks_differ(first: str, second: str, vision: str) -> None:
    """The standard deck's four suits' inks, in normal vision and each simulation."""
    check(first, second, vision, FOUR_COLOR_FLOOR)


@pytest.mark.parametrize(
    ("first", "second", "vision"), pairs(palette.STANDARD_INKS, (*VISIONS, "grayscale"))
)
def test_two_color_inks_differ(first: str, second: str, vision: str) -> None:
    """The usual black and red, gray-scale included."""
    check(first, second, vision, TWO_COLOR_FLOOR)


@pytest.mark.parametrize(("name", "hex_color"), palette.FOUR_COLOR_INKS.items())
def test_four_color_inks_read_on_white(name: str, hex_color: str) -> None:
    ratio = contrast_with_white(hex_color)
    assert ratio >= 4.5, f"{name} {hex_color}: WCAG contrast {ratio:.2f} < 4.5"


def test_four_color_inks_keep_the_usual_black_and_red() -> None:
    """Spades and hearts look the same in either palette; only diamonds and clubs change."""
    four, two = palette.FOUR_COLOR_INKS, palette.STANDARD_INKS
    assert (four["spades"], four["hearts"]) == (two["black"], two["red"])
    assert len(set(four.values())) == 4
    assert lab(two["black"], "normal")[0] < 15 and palette.gray_level(two["black"]) <= 0.15


def test_outline_ink_reads_on_white() -> None:
    assert contrast_with_white(palette.OUTLINE_INK) >= 7.0


@pytest.mark.parametrize(
    ("table", "name", "low", "high"),
    [
        (palette.COLORS, "blue", 250, 300),
        (palette.COLORS, "green", 120, 180),
        (palette.COLORS, "red", 20, 60),
        (palette.PARADOX_COLORS, "blue", 250, 300),
        (palette.PARADOX_COLORS, "purple", 300, 345),
        (palette.PARADOX_COLORS, "green", 120, 180),
        (palette.PARADOX_COLORS, "red", 20, 60),
        (palette.STANDARD_INKS, "red", 20, 60),
        (palette.FOUR_COLOR_INKS, "hearts", 20, 60),
        (palette.FOUR_COLOR_INKS, "diamonds", 250, 300),
        (palette.FOUR_COLOR_INKS, "clubs", 120, 180),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_hue_matches_name(table: dict[str, str], name: str, low: float, high: float) -> None:
    angle = hue(table[name])
    assert low <= angle <= high, f"{name} {table[name]}: hue {angle:.1f} not in {low}-{high}"


# -- the measuring stick can fail ---------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "vision"),
    [
        ("#cc3333", "#116234", "protanopia"),  # red and green
        ("#cc3333", "#588823", "deuteranopia"),  # red and green
        ("#3377cc", "#448c72", "tritanopia"),  # blue and green
        ("#c61202", "#636363", "grayscale"),  # red and a gray of its lightness
    ],
)
def test_known_confusions_fall_below_the_floor(first: str, second: str, vision: str) -> None:
    """Pairs obvious to normal vision but confused in a simulation: the checks would fail."""
    assert delta_e(first, second, "normal") > 25
    assert delta_e(first, second, vision) < COLOR_FLOOR
