"""The notation reference card: how the cards of every deck are named, four to a sheet.

One quarter of a Letter or A4 sheet holds the whole card, so a class set is cut from a few
sheets along the dashed lines: the 4D deck's twelve values and their symbols, read in
the order of a name (``Bb=S``: blue, black, stripe, square), the outlines that tell the
three colors apart without color (solid blue, dashed green, double red), and the names
of the PARADOX and standard cards. Every value comes from the deck definitions
(:mod:`printables.cards.decks`) and every example is a real card, drawn as the decks
print it.
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.draw.faces import face
from generator.draw.fonts import POINT, text_width, wrap
from generator.draw.layout import Size
from generator.draw.pdf import PdfPages
from generator.draw.symbols import OUTLINES
from printables.cards.deck import Card
from printables.cards.decks import FOUR_D, PARADOX, STANDARD

EDGE = 8.0
"""mm between a quarter's text and the paper's edge (at least the 5 mm printers need)."""
CUT = 5.0
"""mm between a quarter's text and a cut line."""
TITLE = "How the cards are named"
EXAMPLE = "Bb=S"
OUTLINE_WORDS = {"blue": "solid", "green": "dashed", "red": "double"}
"""How each color's outline is drawn, in words (the styles are :data:`OUTLINES`)."""
SMALL = Size("notation", 12.0, 16.8)
"""The 4D example cards (a 63 x 88 mm card at a fifth)."""
LARGE = Size("notation large", 16.0, 22.4)
"""The PARADOX and standard examples: small-card faces, the rank and the mark large."""
TEXT = 8.5
"""Points: the card's text."""


def notation_pdf(paper: Size) -> bytes:
    """One sheet of four notation cards with dashed lines to cut along."""
    pdf = PdfPages(paper, title="Card notation: reference cards, four to a sheet",
                   subject="How 4D, PARADOX and standard cards are named")  # fmt: skip
    half_w, half_h = paper.width / 2, paper.height / 2
    for column in range(2):
        for row in range(2):
            _quarter(pdf, column * half_w, row * half_h, half_w, half_h, column, row)
    for x1, y1, x2, y2 in (
        (half_w, EDGE, half_w, paper.height - EDGE),
        (EDGE, half_h, paper.width - EDGE, half_h),
    ):
        _dashed(pdf, x1, y1, x2, y2)
    pdf.end_page()
    return pdf.finish()


def _dashed(pdf: PdfPages, x1: float, y1: float, x2: float, y2: float) -> None:
    """A cut line: 3 mm dashes with 2 mm gaps, drawn as short segments."""
    length = max(abs(x2 - x1), abs(y2 - y1))
    steps = int(length // 5.0)
    for k in range(steps + 1):
        a = k * 5.0 / length
        b = min(1.0, (k * 5.0 + 3.0) / length)
        pdf.line(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b,
                 y1 + (y2 - y1) * b, 0.4, "#777777")  # fmt: skip


def _quarter(
    pdf: PdfPages, x0: float, y0: float, w: float, h: float, column: int, row: int
) -> None:
    """One card: its left, top, right and bottom margins by which sides are the paper's."""
    left = x0 + (EDGE if column == 0 else CUT)
    right = x0 + w - (CUT if column == 0 else EDGE)
    top = y0 + (EDGE if row == 0 else CUT)
    width = right - left
    y = top + 11 * POINT
    pdf.text(left, y, TITLE, size=12, bold=True)
    y += 5.5
    # The four attributes, a value's symbol then its name, in the order a name reads.
    for attribute in FOUR_D.attributes:
        pdf.text(left, y, attribute.name.capitalize(), size=TEXT, bold=True)
        for k, value in enumerate(attribute.values):
            x = left + 17.0 + k * (width - 17.0) / 3
            pdf.text(x, y, value.symbol, size=10, bold=True)
            pdf.text(x + 4.5, y, value.name, size=TEXT)
        y += 4.6
    card = FOUR_D.card(EXAMPLE)
    y += 1.0
    _card(pdf, card, left, y, SMALL)
    below = _paragraph(
        pdf,
        f"A name gives the values in that order: {card} is "
        + ", ".join(v.name for v in card.shown)
        + ". The deck holds every way to choose one value of each: 81 cards.",
        left + SMALL.width + 3.0,
        y + 1.5,
        width - SMALL.width - 3.0,
    )
    y = max(below, y + SMALL.height) + 3.0
    # The outlines, which tell the colors apart in gray-scale and for color-blind players.
    y = _paragraph(pdf, "The colors differ by outline too, for a gray-scale copy and for "
                   "color-blind players:", left, y, width)  # fmt: skip
    y += 1.0
    for k, color in enumerate(("blue", "green", "red")):
        assert color in OUTLINES  # the styles the deck draws
        sample = FOUR_D.card(f"{color[0].upper()}w=T")
        x = left + k * width / 3
        _card(pdf, sample, x, y, SMALL)
        middle = y + SMALL.height / 2
        pdf.text(x + SMALL.width + 1.5, middle, color, size=TEXT, bold=True)
        pdf.text(x + SMALL.width + 1.5, middle + 3.8, OUTLINE_WORDS[color], size=TEXT)
    y += SMALL.height + 3.5
    y = _deck_line(
        pdf,
        "PARADOX",
        "color, then rank 0 to 10: R red, G green, P purple, B blue, so P10 is purple 10.",
        [PARADOX.card("P10"), PARADOX.card("G0")],
        left,
        y,
        width,
    )
    _deck_line(
        pdf,
        "Standard cards",
        "rank (A, 2-10 or T, J, Q, K), then suit (S spades, H hearts, D diamonds, C clubs): "
        "QD is the queen of diamonds; the jokers are RJ and BJ.",
        [STANDARD.card("QD"), STANDARD.card("10S")],
        left,
        y,
        width,
    )


def _deck_line(
    pdf: PdfPages,
    name: str,
    text: str,
    cards: Sequence[Card],
    left: float,
    y: float,
    width: float,
) -> float:
    """A deck's naming rule beside two of its cards; returns the y below both."""
    pictures = len(cards) * (LARGE.width + 1.5)
    for k, card in enumerate(cards):
        _card(pdf, card, left + k * (LARGE.width + 1.5), y, LARGE)
    below = _paragraph(pdf, f"{name}: {text}", left + pictures + 1.5, y + 1.5,
                       width - pictures - 1.5, bold=name)  # fmt: skip
    return max(below, y + LARGE.height) + 3.0


def _card(pdf: PdfPages, card: Card, x: float, y: float, size: Size) -> None:
    """A card as the deck prints it (4D faces without their names), framed."""
    scene = face(card, size, names=card.deck is not FOUR_D)
    pdf.scene(f"notation {card.deck.key} {card} {size.width:g}", scene, x, y)
    pdf.rect(x, y, size.width, size.height, fill=None, stroke=True, width=0.4, color="#000000")


def _paragraph(pdf: PdfPages, text: str, x: float, y: float, width: float, bold: str = "") -> float:
    """Wrapped text from the top ``y`` (its first ``bold`` characters in bold, when they
    end the first line's first word group); returns the y below it."""
    line = TEXT * POINT * 1.25
    parts = wrap(text, TEXT, width, False)
    for k, part in enumerate(parts):
        baseline = y + TEXT * POINT + k * line
        if k == 0 and bold and part.startswith(bold):
            pdf.text(x, baseline, bold, size=TEXT, bold=True)
            rest = part[len(bold) :]
            pdf.text(x + text_width(bold, TEXT, True), baseline, rest, size=TEXT)
        else:
            pdf.text(x, baseline, part, size=TEXT)
    return y + len(parts) * line
