"""A Costly Tricks problem's answer area on a scannable page, by its question:

- **play** ("which card, and what net?"): "Card:" and a box beside each card of the hand of
  the seat to move (its chip as the worksheet prints it, in the worksheet's hand order),
  one to fill (field ``choice``, ``card`` the card's name); then "Net for A:" (the side
  to move's player), a sign pair (field ``sign``, ``option`` ``+`` or ``-``) and digit
  boxes (:mod:`generator.scan.digit_boxes`: field ``digit``, ``place`` 1 the leftmost)
  with as many places as the largest net the cards allow (:func:`largest_net`);
- **legal** ("which cards may B play?"): a box beside each card of the hand, as many to
  fill as the pupil says (field ``member``, ``card`` the card's name);
- **winner** ("who wins this trick?"): a box beside each seat, one to fill (field
  ``choice``, ``option`` the seat's name: ``A``, ``B``, ``A's ghost``, ``B's ghost``);

and a "Changed" box (a mark of the problem crossed out). Everything is placed from the
area's top-left corner and its width alone, and the problem is named by its id, so a
page's boxes are drawn again from its code.
"""

from __future__ import annotations

from generator.documents.costly_tricks_blocks import CHIP, draw_chip
from generator.documents.document import Document
from generator.draw.fonts import text_width
from generator.scan.digit_boxes import Place, draw_digit_rows, rows_height, rows_width
from generator.scan.layout import Field, PageLayout
from generator.scan.marks import BOX, BOX_GAP, draw_mark_box
from printables.cards.deck import Card
from printables.paradox.problems import Problem
from printables.paradox.tricks import SEATS, rank
from printables.paradox.wording import side_name

HEAD = 6.5
"""The area's heading: the problem's number, its question and its id."""
LABEL = 22.0
"""Room left of the boxes for a row's label ("Card:", "Net for A:")."""
CHIP_GAP = 1.0
"""Between a box and the card (or seat) it stands for."""
ENTRY_GAP = 4.0
"""Between two cards' (or seats') entries."""
ROW = CHIP[1]
"""A row of cards: a chip's height (the box in its middle)."""
ROW_GAP = 2.5
"""Between the cards' row and the net's (and between two rows of cards)."""
CARDS_A_ROW = 6
"""Entries a row: a hand of up to 6 on one row, a whole deal's 11 on two."""
SIGNS = ("+", "-")
"""The net's sign pair, as printed and as the ``option`` of its boxes."""
SIGN_ROOM = 12.0
"""From a sign's box to the next (the box, its sign, room)."""
TRICK_COST = 20
"""What taking a trick costs its taker (the rules: points taken less 20 a trick)."""
PLACE_LABELS = {1: "1s", 2: "10s", 3: "100s"}
"""A digit place's label, by its power of ten counted from the ones (1)."""
CHANGED = "Changed"


def seat_cards(problem: Problem) -> tuple[Card, ...]:
    """The cards of the seat asked about (the one to move), as the worksheet's diagram
    shows them: the boxes' cards, in order."""
    return problem.hands[problem.seat]


def largest_net(problem: Problem) -> int:
    """The largest net (either sign) a side can make from the trick in progress to the
    end of the round, from the cards alone: the digit boxes hold it.

    A side's net is the points of the tricks it takes less :data:`TRICK_COST` a trick.
    Each seat's cards of the rest of the round are its hand and the card it has played to
    the trick in progress; a trick holds one card of each seat. So any k tricks hold at
    most the k highest cards of each seat and at least the k lowest: with ``s_i`` the sum
    of the four seats' i-th highest cards and ``l_i`` of their i-th lowest, a net is at
    most the sum of ``max(0, s_i - 20)`` and at least minus the sum of
    ``max(0, 20 - l_i)``; the larger of the two sizes is the bound (at least 1).

    >>> from printables.paradox.problems import KIND
    >>> largest_net(KIND.get("costly-tricks-fqtq5j"))
    14
    """
    position = problem.position
    seats = [list(hand) for hand in position.hands]
    for k, card in enumerate(position.trick):
        seats[(position.leader + k) % 4].append(card)
    highs = [sorted((rank(c) for c in cards), reverse=True) for cards in seats]
    lows = [sorted(rank(c) for c in cards) for cards in seats]
    tricks = min(len(cards) for cards in seats)
    up = sum(max(0, sum(h[i] for h in highs) - TRICK_COST) for i in range(tricks))
    down = sum(max(0, TRICK_COST - sum(lo[i] for lo in lows)) for i in range(tricks))
    return max(1, up, down)


def net_places(problem: Problem) -> tuple[Place, ...]:
    """The net's digit places (:data:`~generator.scan.digit_boxes.Place`), the leftmost
    first: as many as :func:`largest_net` has digits, the leftmost going up to its first
    digit (a bound of 36: tens 0-3 and ones 0-9)."""
    most = largest_net(problem)
    count = len(str(most))
    return tuple(
        (place, PLACE_LABELS[count - place + 1], most // 10 ** (count - 1) if place == 1 else 9)
        for place in range(1, count + 1)
    )


def net_hint(problem: Problem) -> tuple[str, ...]:
    """How a net is marked, by examples fitting the places: a line beside each digit row
    (a blank leading place reads as 0)."""
    if len(net_places(problem)) == 1:
        return ("A net of -7: fill - and 7.",)
    return ("A net of -12: fill -, then 1 and 2.", "A net of +4: fill +, and 4 in 1s.")


def card_rows(problem: Problem) -> int:
    """Rows of the cards' boxes: one, or two for a whole deal's hand of 11."""
    if problem.question == "winner":
        return 1
    return max(1, -(-len(seat_cards(problem)) // CARDS_A_ROW))


def area_height(problem: Problem, width: float = 0.0) -> float:
    """The room :func:`draw_area` takes (the same at any ``width``)."""
    height = HEAD + card_rows(problem) * (ROW + ROW_GAP) - ROW_GAP
    if problem.question == "play":
        height += ROW_GAP + rows_height(net_places(problem))
    return height + 1.0


def draw_area(
    doc: Document, page: PageLayout, problem: Problem, number: int, x: float, y: float, width: float
) -> float:
    """Problem ``number``'s answer area, top-left at (x, y), ``width`` mm wide, its boxes
    recorded in ``page``; returns the height used."""
    doc.text_at(x, y + 4.5, f"Puzzle {number}", size=11, bold=True)
    doc.text_at(x + LABEL, y + 4.5, problem.text, size=9)
    doc.text_at(x + width, y + 4.5, f"id {problem.id}", size=9, anchor="end")
    row = y + HEAD
    if problem.question == "winner":
        _draw_seats(doc, page, problem, x, row)
    else:
        label = "Card:" if problem.question == "play" else "May play:"
        field: Field = "choice" if problem.question == "play" else "member"
        doc.text_at(x, row + ROW / 2 + 1.3, label, size=10, bold=True)
        step = BOX + CHIP_GAP + CHIP[0] + ENTRY_GAP
        for k, card in enumerate(seat_cards(problem)):
            line, place = divmod(k, CARDS_A_ROW)
            entry_x, top = x + LABEL + place * step, row + line * (ROW + ROW_GAP)
            box_y = top + (ROW - BOX) / 2
            draw_mark_box(doc, page, entry_x, box_y, problem.id, field, card=str(card))
            draw_chip(doc, card, entry_x + BOX + CHIP_GAP, top)
    changed = x + width - BOX - 1.5 - text_width(CHANGED, 10)
    draw_mark_box(doc, page, changed, row + (ROW - BOX) / 2, problem.id, "changed")
    doc.text_at(changed + BOX + 1.5, row + (ROW + BOX) / 2 - 0.7, CHANGED, size=10)
    if problem.question == "play":
        _draw_net(doc, page, problem, x, row + card_rows(problem) * (ROW + ROW_GAP))
    return area_height(problem)


def _draw_seats(doc: Document, page: PageLayout, problem: Problem, x: float, row: float) -> None:
    """The "Wins:" label and a box beside each seat's name."""
    doc.text_at(x, row + ROW / 2 + 1.3, "Wins:", size=10, bold=True)
    entry_x = x + LABEL
    for seat in SEATS:
        draw_mark_box(doc, page, entry_x, row + (ROW - BOX) / 2, problem.id, "choice",
                      option=seat)  # fmt: skip
        doc.text_at(entry_x + BOX + 1.5, row + (ROW + BOX) / 2 - 0.7, seat, size=10)
        entry_x += BOX + 1.5 + text_width(seat, 10) + 2 * ENTRY_GAP


def _draw_net(doc: Document, page: PageLayout, problem: Problem, x: float, top: float) -> None:
    """The "Net for A:" label, the sign pair beside the first digit row, the digit rows, and how a
    net is marked."""
    places = net_places(problem)
    first = top + rows_height(places[:1]) - BOX
    doc.text_at(x, first + BOX - 0.7, f"Net for {side_name(problem.seat)}:", size=10, bold=True)
    sign_x = x + LABEL
    for sign in SIGNS:
        draw_mark_box(doc, page, sign_x, first, problem.id, "sign", option=sign)
        doc.text_at(sign_x + BOX + 1.5, first + BOX - 0.5, sign, size=12, bold=True)
        sign_x += SIGN_ROOM
    digits_x = sign_x + BOX_GAP
    draw_digit_rows(doc, page, problem.id, digits_x, top, places)
    hint_x = digits_x + rows_width(places) + 4.0
    for k, line in enumerate(net_hint(problem)):
        doc.text_at(hint_x, first + k * (BOX + BOX_GAP) + BOX - 1.0, line, size=7.5)
