"""Score sheets for the three standard-deck games (Quad, Four, Lockdown), and Quad's call
cards.

They open like the PARADOX sheets (:mod:`generator.documents.paradox_sheets`): the title, a
date line and a "How to score" box of large key cells with rules to read aloud, then a
ledger with a column group a player.

- Quad: a row a round (six, the last of three cards each), the chooser and the secret call,
  the table's red and black totals, each player's cards collected with a running total,
  and the 52 check (cards collected and cancelled add up to 52). Then a page of two call
  cards, REDS and BLACKS, for a deck whose jokers are missing.
- Four: a row a game, who went out with what (in order) and the winner; with the betting
  option, each player's pot.
- Lockdown: an elimination tracker, a row a game: each player's place and the value of
  the four that put him out. The sheet says plainly that the source lost three sections.

Everything is black on white with light gray fills, so it prints on a gray-scale printer.
"""

from __future__ import annotations

from generator.documents.document import FILL, LEADING, Document, text_height
from generator.documents.ledger import (
    HEADER,
    Field,
    Key,
    Ledger,
    Row,
    ledger,
    rows_to_fill,
    scoring_box,
)
from generator.documents.scoresheet_parts import (
    GAP,
    HEAVY,
    NAMES,
    SMALL,
    AnyGame,
    date_line,
    ordinal,
    scene_lines,
    start,
)
from generator.documents.scoresheet_registry import ScoreSheet, Setting, register
from generator.draw.fonts import POINT
from generator.draw.scene import Path
from printables.games.standard.lockdown import LOST_SECTIONS
from printables.games.standard.quad import ROUNDS

ROW_HEIGHT = 10.0
"""mm: a row to write in."""


def _header_height(spec: Ledger) -> float:
    """The height of a ledger's gray titles band (as :func:`ledger` draws it)."""
    titles = [spec.lead, *spec.subs, *([spec.check] if spec.check else [])]
    lines = max(len(f.title.split("\n")) for f in titles)
    return max(7.0, lines * HEADER * POINT * LEADING + 2.5)


def _fill(doc: Document, spec: Ledger, rows: list[Row], label: str) -> list[Row]:
    """``rows`` and then as many numbered rows (``label`` 1, 2, ...) as fit the page."""
    reserve = NAMES + _header_height(spec) + sum(r.height for r in rows)
    count = rows_to_fill(doc, ROW_HEIGHT, reserve)
    return [*rows, *(Row(f"{label}{n}", height=ROW_HEIGHT) for n in range(1, count + 1))]


def notice(doc: Document, text: str) -> None:
    """A gray band of bold text across the page: what a teacher must know first."""
    pad = 2.0
    inner = doc.width - 2 * pad
    height = text_height(text, NOTICE, inner, bold=True) + 2 * pad
    doc.rect(doc.left, doc.y, doc.width, height, fill=FILL, width=HEAVY)
    top = doc.y
    doc.y += pad
    doc.text(text, size=NOTICE, bold=True, x=doc.left + pad, width=inner)
    doc.y = top + height + GAP


NOTICE = 10.5
"""Points: a notice's text."""


# -- Quad -------------------------------------------------------------------------------------


def quad(doc: Document, game: AnyGame, setting: Setting) -> None:
    """A row a round: chooser, call, the table's totals and each player's cards collected;
    the 52 check; then the call cards."""
    rounds = len(ROUNDS)
    last = ROUNDS[-1]
    start(doc, game, f"2 players · {rounds} rounds · the most cards collected wins")
    date_line(doc)
    scoring_box(
        doc,
        [
            Key(
                "Count the table",
                "A = 1 … K = 13",
                "hearts + diamonds: reds; clubs + spades: blacks",
            ),
            Key("Who collects", "call right: the chooser", "wrong, or a tie: the other player"),
            Key("The 52 check", "collected + cancelled = 52", "after the last round"),
        ],
        [
            "The chooser changes every round. After looking at his cards he calls reds or "
            "blacks in secret: the joker (or call card, page 2) of his call on top, both face "
            "down. He plays first.",
            "The table's cards go to the collector; cancelled cards are out for good. Write "
            "the cards each player collects and his running total; after the last round, the "
            "cancelled cards' count (the discard pile) in the last row.",
            f"No reshuffle: the last round is {last[0]} cards each and one turned up. "
            "The player with more cards collected wins; equal counts are a draw.",
        ],
    )
    spec = Ledger(
        Field("Round", 22.0),
        ["1", "2"],
        [Field("Chose\n(R / B)"), Field("Cards\ncollected"), Field("Total", shaded=True)],
        Field("Table:\nreds / blacks", 30.0),
    )
    example = Row("Example", ("R", "7", "7", "", "0", "0", "31 / 24"), height=8.0, shaded=True)
    rounds_rows = [
        Row(f"{n}: {each}+{each}+{up}", height=ROW_HEIGHT) for n, (each, up) in enumerate(ROUNDS, 1)
    ]
    cancelled = Row("Cancelled", height=ROW_HEIGHT, closed=frozenset({0, 1, 2}))
    ledger(doc, spec, [example, *rounds_rows, cancelled])
    call_cards(doc, game)


CALL_CARD = (63.0, 88.0)
"""mm: a call card, the size of a playing card."""


def call_cards(doc: Document, game: AnyGame) -> None:
    """A page of Quad's two call cards, REDS and BLACKS, to cut out."""
    doc.new_page(
        f"{game.title}: call cards",
        note="For a deck without its jokers: a pair for each of two tables. Cut out the cards "
        "along the dashed lines (card stock if you have it). Their backs are alike, so the "
        "other player cannot tell your call: put the card you call on top, both face down.",
    )
    w, h = CALL_CARD
    gap = 12.0
    left = doc.left + (doc.width - 2 * w - gap) / 2
    faces = (("REDS", "hearts + diamonds"), ("BLACKS", "clubs + spades"))
    for _ in range(2):  # a pair for each of two tables
        top = doc.y + 6.0
        for k, (word, suits) in enumerate(faces):
            x = left + k * (w + gap)
            _dashed_box(doc, x, top, w, h)
            doc.rect(x + 4.0, top + 4.0, w - 8.0, h - 8.0, width=1.6)
            doc.text_at(x + w / 2, top + h / 2, word, size=26, bold=True, anchor="middle")
            doc.text_at(x + w / 2, top + h / 2 + 9.0, suits, size=SMALL, anchor="middle")
            doc.text_at(x + w / 2, top + 12.0, "Quad: my call", size=SMALL, anchor="middle")
        doc.y = top + h


def _dashed_box(doc: Document, x: float, y: float, w: float, h: float) -> None:
    """A dashed cutting line round a w x h box at (x, y)."""
    corners = ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))
    outline = Path(corners, stroke="#000000", width=0.3, dash=(2.5, 1.5))
    scene_lines(doc, x, y, w, h, [outline])


# -- Four -------------------------------------------------------------------------------------


def four(doc: Document, game: AnyGame, setting: Setting) -> None:
    """A row a game: each player's kind and order going out, the winner; the pots when
    betting."""
    players = setting.players
    start(doc, game, f"{players} players · the last one out wins")
    date_line(doc)
    scoring_box(
        doc,
        [
            Key("Go out with", "1 ace · 2 twos · 3 threes · 4 fours"),
            Key("Only higher", "than the last kind shown", "two kinds in a hand: the higher"),
            Key("The winner", "the last one out", "fours end the game at once"),
        ],
        [
            "Write, for each player who goes out, when (1st, 2nd, ...) and with what kind: "
            "As, 2s, 3s or 4s. Nobody out when the draw pile runs out: no winner.",
            "Betting: everyone puts 1 in his own pot. When a player goes out with threes or "
            "less and the game goes on, every player still in adds 1 or forfeits. Players out "
            "who did not win are safe and keep their pots; the winner takes every other pot.",
        ],
    )
    spec = Ledger(
        Field("Game", 18.0),
        [str(p) for p in range(1, players + 1)],
        [Field("Out with"), Field("Pot", shaded=True)],
        Field("Winner", 16.0),
    )
    # Player 1 goes out first with twos, player 3 then with fours, ending the game.
    cells = ["1st: 2s", "", "", "", "2nd: 4s", ""] + ["", ""] * (players - 3) + ["3"]
    example = Row("Example", cells, height=8.0, shaded=True)
    ledger(doc, spec, _fill(doc, spec, [example], ""))


# -- Lockdown ---------------------------------------------------------------------------------


def lockdown(doc: Document, game: AnyGame, setting: Setting) -> None:
    """A row a game: each player's place and the value of the four that put him out."""
    players = setting.players
    start(doc, game, f"{players} players · elimination tracker · the last player standing wins")
    date_line(doc)
    notice(doc, LOST_SECTIONS)
    scoring_box(
        doc,
        [
            Key("Out", "a 4th card of one value", "the four go outside the game"),
            Key("Extra turn", "for who caused it", "not for drawing or taking your own"),
            Key("The winner", "the last one standing"),
        ],
        [
            "When a player goes out, write his place (the first out is last: with "
            f"{players} players, {ordinal(players)}) and the value of his four, as 3rd: Ks. "
            "The winner is 1st.",
        ],
    )
    spec = Ledger(
        Field("Game", 18.0),
        [str(p) for p in range(1, players + 1)],
        [Field("Place:\nfour of")],
    )
    # Player 2 goes out first (four kings), then player 3 (four 7s): player 1 wins.
    cells = ("1st", "3rd: Ks", "2nd: 7s") if players > 2 else ("1st", "2nd: Ks")
    example = Row("Example", cells, height=8.0, shaded=True)
    ledger(doc, spec, _fill(doc, spec, [example], ""))


register(
    ScoreSheet("quad", quad, pages=2, cards="call cards"),
    ScoreSheet("four", four),
    ScoreSheet("lockdown", lockdown),
)
