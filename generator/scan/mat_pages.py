"""MAT Successive's scannable forms (``printables mat-kit --variant successive --scannable``):
for each player, pages holding each turn's set as a Matrix answer area (the set's nine
cards, each with a row and a column of boxes, then "Impossible" and "Changed") headed
"Turn t: Set s", and the seconds at which the player raised a hand as digit boxes: a row
of boxes a place (hundreds 0-6, tens 0-9, ones 0-9), one box to fill in each.

A form page's code is a roster page's (``printables-scan/2``) of the kind ``mat``: the
kit in place of the class (:func:`kit_code`, a hash of its sets), the player's number
and name (``Player 3``), then an item a turn on the page, ``{set}:{cards}``
(:func:`turn_item`): the set's number in the kit and its cards, as the set's card id
(``3x3-c-{cards}``) codes them, e.g.
``printables-scan/2 mat letter 1/2 b85ecc 3 Player%203- 3:28000480820040g4 2:110010g...``.
The turns are the page's: page *k* of a player's form holds turns 3k-2 to 3k
(:data:`TURNS_PER_PAGE`). A set is named by its cards (its card id) on a form, whatever
id it was printed with in the kit, and the turn is not coded, so that three turns fit a
QR code of version 7 (113 characters at most). Where everything goes depends only on the
code, so :func:`page_from_mat_code` draws a page again from it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from generator.documents.document import Document
from generator.draw.fonts import text_width
from generator.draw.layout import PAPERS
from generator.scan.digit_boxes import Place, draw_digit_rows
from generator.scan.layout import CLASS_DIGITS, PageLayout, Pupil
from generator.scan.marks import BOX, PageCode, code_fits, code_text, name_label_width, name_size
from generator.scan.matrix_area import (
    ENTRY_GAP,
    HEAD,
    draw_claims,
    draw_entries,
    entries_height,
    entry_size,
)
from generator.scan.page_head import NAME_WIDTH, content_top, page_head
from printables.matrix.mat import successive_schedule
from printables.matrix.puzzles import Puzzle, get_puzzle

KIND = "mat"
"""The kind a MAT form page's code names (not a puzzle kind: its sets are Matrix sets)."""
ACROSS = 3
"""A turn's cards' entries a row: three rows of three, the seconds beside them."""
PLACES: tuple[Place, ...] = ((1, "100s", 6), (2, "10s", 9), (3, "1s", 9))
"""The seconds' digit places: (``place``, label, the highest digit). The hundreds go to
6: 600 s is the book's time limit, and anything over it scores the limit."""
TURN_GAP = 5.0
"""Between two turns (a rule across the page in its middle)."""
SECONDS_TITLE = "Seconds when your hand went up"
SECONDS_HINT = "One box in each row of seconds: 95 s is 0, 9, 5."
TURNS_PER_PAGE = 3
"""Turns on a form page (the last page holds the rest): what a page's number says of its
turns."""
CARD_ID = "3x3-c-"
"""How the card id of a MAT Successive set (3x3) starts; a form's code holds the rest."""
ITEM = re.compile(r"([1-9]):([0-9a-z]+)")


@dataclass(frozen=True)
class Turn:
    """One turn on a player's form: its number, the set's number in the kit (1 the
    first) and the set."""

    turn: int
    set_number: int
    puzzle: Puzzle


def kit_code(puzzles: Sequence[Puzzle]) -> str:
    """The kit a form belongs to, as a class is coded: the first six hexadecimal digits of
    the SHA-256 of its sets' ids, in set order, a line each."""
    text = "".join(f"{p.id}\n" for p in puzzles)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:CLASS_DIGITS]


def player(kit: str, number: int, name: str = "") -> Pupil:
    """Player ``number`` of the kit, as a form page's code names them: by ``name`` (a
    roster's), or ``Player 3``."""
    return Pupil(kit, number, name or f"Player {number}")


def turn_item(set_number: int, puzzle: Puzzle) -> str:
    """A turn as a form page's code holds it: the set's number and its cards.

    >>> from printables.matrix.puzzles import get_puzzle
    >>> turn_item(3, get_puzzle("3x3-c-fz"))
    '3:fz'
    >>> read_item("3:fz")
    (3, '3x3-c-fz')
    """
    return f"{set_number}:{puzzle.card_id.removeprefix(CARD_ID)}"


def read_item(item: str) -> tuple[int, str]:
    """(set number, the set's card id) of a code's item; ValueError for another text."""
    found = ITEM.fullmatch(item)
    if found is None:
        raise ValueError(f"not a MAT turn: {item!r}")
    return int(found[1]), CARD_ID + found[2]


def entries_width(puzzle: Puzzle) -> float:
    """The cards' entries' width: :data:`ACROSS` a row (and a hair, so that the sum's
    rounding never makes it hold fewer)."""
    entry_w, _ = entry_size(puzzle)
    return ACROSS * entry_w + (ACROSS - 1) * ENTRY_GAP + 0.01


def turn_height(puzzle: Puzzle) -> float:
    """The room a turn takes: its heading and its cards' entries (the seconds, the claims
    and the signature beside them)."""
    return HEAD + entries_height(puzzle, entries_width(puzzle)) + 1.0


def player_turns(puzzles: Sequence[Puzzle], number: int) -> list[Turn]:
    """Player ``number``'s turns, in order (the rotation schedule)."""
    schedule = successive_schedule(len(puzzles))
    dealt = [schedule[t][number - 1] for t in range(len(puzzles))]
    return [Turn(t, s + 1, get_puzzle(puzzles[s].card_id)) for t, s in enumerate(dealt, 1)]


def mat_pages(
    doc: Document, puzzles: Sequence[Puzzle], names: Sequence[str] = ()
) -> tuple[PageLayout, ...]:
    """Every player's form pages (player 1's, then 2's, ...), added to ``doc``, each
    player named by ``names`` (a roster's, in order) or by their number; returns their
    layouts. Raises ValueError (before drawing) when a page's code would be too long to
    scan (sets named by long ids, or a long name) or a name does not fit the name box."""
    kit = kit_code(puzzles)
    per_page = TURNS_PER_PAGE
    room = NAME_WIDTH - name_label_width()
    plans = []
    for number in range(1, len(puzzles) + 1):
        who = player(kit, number, names[number - 1] if names else "")
        if name_size(who.name, room) is None:
            raise ValueError(f"the name {who.name!r} is too long for the form's name box; "
                             f"shorten it in the roster")  # fmt: skip
        turns = player_turns(puzzles, number)
        pages = [turns[k : k + per_page] for k in range(0, len(turns), per_page)]
        for page_number, on_page in enumerate(pages, 1):
            items = [turn_item(t.set_number, t.puzzle) for t in on_page]
            code = code_text(KIND, doc.paper.name, page_number, len(pages), items, who)
            if not code_fits(code) and names:
                raise ValueError(f"the name {who.name!r} is too long to code on a scannable "
                                 f"form; shorten it in the roster")  # fmt: skip
            if not code_fits(code):
                raise ValueError("the sets' ids are too long to code on a scannable form; "
                                 "print sets with generated ids")  # fmt: skip
            plans.append((code, on_page))
    return tuple(_draw_page(doc, code, turns) for code, turns in plans)


def page_from_mat_code(text: str) -> PageLayout:
    """A form page's layout drawn again from its code alone (its ``pdf_page`` 1)."""
    code = PageCode.read(text)
    if code.kind != KIND or code.paper not in PAPERS:
        raise ValueError(f"not a MAT form page's code: {text!r}")
    if len(code.ids) > TURNS_PER_PAGE:
        raise ValueError(f"the turns of {text!r} do not fit one form page")
    turns = []
    for k, item in enumerate(code.ids):
        set_number, puzzle_id = read_item(item)
        turn = (code.number - 1) * TURNS_PER_PAGE + k + 1
        turns.append(Turn(turn, set_number, get_puzzle(puzzle_id)))
    return _draw_page(Document(PAPERS[code.paper], "MAT form"), text, turns)


def _draw_page(doc: Document, code: str, turns: Sequence[Turn]) -> PageLayout:
    """One form page, begun in ``doc``: the answer page's head, then each turn."""
    doc.new_page()
    read = PageCode.read(code)
    page = PageLayout(read.number, doc.page, doc.paper.width, doc.paper.height, code,
                      pupil=read.pupil)  # fmt: skip
    who = read.pupil.number if read.pupil is not None else ""
    page_head(doc, page, f"MAT Successive: player {who}")
    y = content_top(doc)
    for k, turn in enumerate(turns):
        if k:
            rule = y + TURN_GAP / 2 - 0.5
            doc.line(doc.left, rule, doc.left + doc.width, rule)
            y += TURN_GAP
        y += draw_turn(doc, page, turn, doc.left, y, doc.width)
    return page


def draw_turn(
    doc: Document, page: PageLayout, turn: Turn, x: float, y: float, width: float
) -> float:
    """A turn, top-left at (x, y), ``width`` mm wide: its heading, the set's cards with
    their boxes, and beside them the seconds' digit boxes, "Impossible", "Changed" and a
    line to sign; returns the height used."""
    puzzle = turn.puzzle
    doc.text_at(x, y + 4.5, f"Turn {turn.turn}: Set {turn.set_number}", size=11, bold=True)
    doc.text_at(x + width, y + 4.5, f"id {puzzle.id}", size=9, anchor="end")
    top = y + HEAD
    cards_w = entries_width(puzzle)
    draw_entries(doc, page, puzzle, x, top, cards_w)
    side = x + cards_w + ENTRY_GAP
    below = draw_seconds(doc, page, puzzle.id, side, top)
    draw_claims(doc, page, puzzle, side, below + 3.0, changed_at=28.0, short=True)
    signed = below + 3.0 + BOX + 8.0
    doc.text_at(side, signed, "Signed", size=9)
    doc.line(side + text_width("Signed", 9) + 1.5, signed + 0.5, x + width, signed + 0.5)
    doc.text_at(side, signed + 6.0, SECONDS_HINT, size=7.5)
    return turn_height(puzzle)


def draw_seconds(doc: Document, page: PageLayout, puzzle_id: str, x: float, y: float) -> float:
    """The seconds' digit boxes, top-left at (x, y): a title, the digits above their
    columns, then a row a place (:func:`~generator.scan.digit_boxes.draw_digit_rows`:
    field ``digit``, its ``place`` 1 for the hundreds, its ``value`` the digit); returns
    where they end."""
    doc.text_at(x, y + 3.2, SECONDS_TITLE, size=9, bold=True)
    return draw_digit_rows(doc, page, puzzle_id, x, y + 4.5, PLACES)
