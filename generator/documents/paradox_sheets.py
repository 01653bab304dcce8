"""Score sheets for the three games of the PARADOX rulebook, and The Third Man's board.

Each sheet opens like the 4D games' sheets (:mod:`generator.documents.scoresheets`): the
title, a date line and a "How to score" box, here with the scoring in a row of large key
cells a teacher can read out and point to, then short rules to read aloud. Below it a
ledger: a names band, a column group for each player and a row for each round.

- Costly Tricks: tricks, card points, net (points minus 20 a trick) and chips held for
  A and B, with a "220 check" to tick (the points add up to 220, the tricks to 11, so the
  nets cancel), a worked example and a start row for either way of ending the game.
- Buddy on your Left: each player's own points, the left neighbour's, the total and the
  chips won, with the "63 check" (the own points add up to 63) and the book's example.
- The Third Man: a record of each series, auction by auction (every bid, the change and
  the position it leaves, with rows for annulled auctions), and the chips after each
  series; then the board, the track from -20 to +20 with START at 0, in two halves to
  tape together (:func:`third_man_board`).

The numbers printed (tricks, points, targets, chips) come from the games' modules, so a
sheet agrees with the rules engine. Everything is black on white with light gray fills.

>>> from generator.draw.layout import PAPERS
>>> doc = Document(PAPERS["a4"], "Board")
>>> third_man_board(doc, "The Third Man")
>>> doc.page, doc.finish()[:5]
(2, b'%PDF-')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.documents.document import FILL, LEADING, Document
from generator.documents.ledger import (
    INK,
    Field,
    Key,
    Ledger,
    Row,
    ledger,
    rows_to_fill,
    scoring_box,
    signed,
)
from generator.documents.scoresheet_parts import (
    GAP,
    MINUS,
    NAMES,
    SMALL,
    TIMES,
    AnyGame,
    date_line,
    number_words,
    scene_lines,
    start,
)
from generator.documents.scoresheet_registry import ScoreSheet, Setting, register
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import SAFE_MARGIN
from generator.draw.scene import Path
from printables.games.paradox.buddy_on_your_left import ROUND_POINTS as BUDDY_POINTS
from printables.games.paradox.buddy_on_your_left import chips_for, round_totals
from printables.games.paradox.costly_tricks import CHIPS_TO_WIN, PASSING_CHIPS, TRICKS
from printables.games.paradox.third_man import BIDS, PRIZE, auction_changes
from printables.paradox.tricks import ROUND_POINTS, TRICK_COST

# -- Costly Tricks ----------------------------------------------------------------------------


def costly_tricks(doc: Document, game: AnyGame, setting: Setting) -> None:
    """A row a round: for A and B the tricks, card points, net and chips held; the 220
    check; a worked example and a start row for either end of game."""
    chips, passing, total = CHIPS_TO_WIN, PASSING_CHIPS, 2 * PASSING_CHIPS
    start(doc, game, f"2 players, each with a ghost · first to {chips} chips wins")
    date_line(doc)
    fewer = 5
    cost = fewer * TRICK_COST
    scoring_box(
        doc,
        [
            Key("Each side's net", f"points {MINUS} {TRICK_COST} {TIMES} tricks"),
            Key(
                f"The {ROUND_POINTS} check, every round",
                f"A + B: {ROUND_POINTS} points, {TRICKS} tricks",
                f"so the two nets add up to 0 (+12 and {MINUS}12)",
            ),
            Key(
                "Chips",
                "net above 0 wins 1",
                f"a net of 0 is a draw, no chip; first to {chips} chips wins the game",
            ),
        ],
        [
            f"A side is a player and his ghost. Cards score their number (10 down to 0) for "
            f"the side that takes the trick, and every trick costs that side {TRICK_COST}.",
            f"The book's shortcut: count the side with fewer tricks. "
            f"{number_words(fewer).capitalize()} tricks cost {cost}: more than {cost} points "
            f"wins the round, fewer loses, exactly {cost} is a draw. The other side has "
            f"{ROUND_POINTS} minus those points and {TRICKS} minus those tricks.",
            "Chips held: write each player's chips after every round, from 0 on the Start "
            f"row. The book's other way to play: each starts with {passing} chips, the loser "
            f"of a round passes one to the winner, until one player holds all {total}.",
        ],
    )
    spec = Ledger(
        Field("Round", 18.0),
        ["A", "B"],
        [Field("Tricks"), Field("Points"), Field("Net"), Field("Chips\nheld", shaded=True)],
        Field(f"{ROUND_POINTS}\ncheck", 18.0),
        hints=["and A's ghost", "and B's ghost"],
    )
    # An example round: A takes 5 tricks worth 112 points, B the rest.
    tricks = (fewer, TRICKS - fewer)
    points = (112, ROUND_POINTS - 112)
    cells: list[str] = []
    for side in (0, 1):
        net = points[side] - TRICK_COST * tricks[side]
        cells += [str(tricks[side]), str(points[side]), signed(net), str(int(net > 0))]
    example = Row("Example", cells, height=8.0, shaded=True, tick="ticked")
    opening = Row("Start", height=8.0, closed=frozenset({0, 1, 2}))
    height = 9.5
    header = 2 * SMALL * POINT * LEADING + 2.5
    rounds = rows_to_fill(doc, height, NAMES + header + example.height + opening.height)
    rows = [example, opening]
    rows += [Row(str(r), height=height, tick="box") for r in range(1, rounds + 1)]
    ledger(doc, spec, rows)


# -- Buddy on your Left ----------------------------------------------------------------------


def buddy_on_your_left(doc: Document, game: AnyGame, setting: Setting) -> None:
    """A row a round: each player's own points, the left neighbour's, the total and the
    chips won; the 63 check; the book's example."""
    target = setting.target
    players = setting.players
    start(doc, game, f"{players} players · first to {target} chips wins")
    date_line(doc)
    scoring_box(
        doc,
        [
            Key("Your total", "own + left neighbour's", "the left neighbour: the next player"),
            Key(f"The {BUDDY_POINTS} check", f"own points add up to {BUDDY_POINTS}"),
            Key("Chips", "highest total 3, next 1", f"ties below; first to {target} chips wins"),
        ],
        [
            "Cards 1 to 6 score their number; 7 to 10 score nothing. Write the names "
            "clockwise round the table: your left neighbour is the next player, and player "
            f"{players}'s is player 1.",
            "Own: the points you swept. Left: your left neighbour's own points. Total = Own "
            f"+ Left. The three Own scores always add up to {BUDDY_POINTS}: tick the check.",
            "Chips: highest total 3, next 1, last 0. Two tied highest: 2 each. All three "
            "tied: 1 each. Two tied second: 1 each. First to "
            f"{target} chips wins; if two reach {target} together, more chips wins "
            "(equal: play on).",
        ],
    )
    tags = [str(p) for p in range(1, players + 1)]
    spec = Ledger(
        Field("Round", 18.0),
        tags,
        [Field("Own"), Field("Left"), Field("Total", shaded=True), Field("Chips\nwon")],
        Field(f"{BUDDY_POINTS}\ncheck", 13.0),
        hints=[f"left: {p % players + 1}" for p in range(1, players + 1)],
    )
    # The book's example: 12, 40 and 11 of one's own make totals 52, 51 and 23.
    own = (12, 40, 11)
    totals = round_totals(own)
    chips = chips_for(totals)
    cells: list[str] = []
    for p in range(players):
        cells += [str(own[p]), str(own[(p + 1) % players]), str(totals[p]), str(chips[p])]
    example = Row("Example", cells, height=8.0, shaded=True, tick="ticked")
    height = 9.5
    header = 2 * SMALL * POINT * LEADING + 2.5
    rounds = rows_to_fill(doc, height, NAMES + header + example.height)
    rows = [example, *(Row(str(r), height=height, tick="box") for r in range(1, rounds + 1))]
    ledger(doc, spec, rows)


# -- The Third Man ----------------------------------------------------------------------------

AUCTIONS = len(BIDS) - 1
"""Auctions in a series at most: the last bidding card is not bid."""
ANNULLED = 2
"""Rows a series keeps for annulled auctions."""


def the_third_man(doc: Document, game: AnyGame, setting: Setting) -> None:
    """Two pages of series records (every auction's bids, changes and positions, the chips
    after each series), then the board's two halves."""
    players, target = setting.players, setting.target
    track = game.options().board
    board = f"pages {doc.page + 3} and {doc.page + 4}"  # this sheet's third and fourth
    start(doc, game, f"{players} players · an auction record · the board is on {board}")
    date_line(doc)
    scoring_box(
        doc,
        [
            Key("Highest bid", f"+{PRIZE} {MINUS} bid", f"bid 9: +{PRIZE - 9}"),
            Key("Second highest", f"{MINUS} bid", f"bid 7: {MINUS}7"),
            Key("Third highest", f"+2 {TIMES} bid", "bid 5: +10"),
            Key("Lowest", "0", "the piece stays put"),
        ],
        [
            "Each auction the lead player (piece ahead) bids openly; the others bid "
            "secretly, then all show. Circle the open bid. Move each piece by its change "
            "and write where it stands.",
            f"Ties: two highest share the {PRIZE} ({PRIZE // 2} {MINUS} bid each)"
            " and the next bid is third; two second both lose their bid and there is no "
            "third; two third both gain double. Three or four equal bids: annulled, the "
            "cards go back, bid again (write it on an Annulled row).",
            f"A series ends when a piece goes off the board (beyond +{track} or "
            f"{MINUS}{track}) or after auction {AUCTIONS}. The player ahead wins it and a "
            f"chip: write everyone's chips on the Chips row. First to {target} chips wins.",
        ],
    )
    spec = _third_man_ledger(players)
    # The book's examples in one auction: bids 9, 7, 5 and 2.
    bids = (9, 7, 5, 2)
    changes = auction_changes(bids)
    assert changes is not None
    cells = [
        text for b, c in zip(bids, changes, strict=True) for text in (str(b), signed(c), signed(c))
    ]
    example = Row("Example", cells, height=ANNULLED_H, shaded=True)
    _series(doc, spec, 1, _auction_height(doc, 1, example.height), names=True, example=example)
    doc.new_page(
        f"{game.title} score sheet: more series",
        note=f"{game.book} · a longer game: copy this page and write the new series numbers "
        "over these",
    )
    height = _auction_height(doc, 2)
    _series(doc, spec, 2, height, names=True)
    doc.y += GAP
    _series(doc, spec, 3, height, names=False)
    third_man_board(doc, game.title, track)


def _third_man_ledger(players: int) -> Ledger:
    return Ledger(
        Field("Auction", 18.0),
        [str(p) for p in range(1, players + 1)],
        [Field("Bid"), Field("Change"), Field("Position", shaded=True)],
    )


SERIES_TITLE = 12.0
"""Points: "Series 1"."""
CAPTION_H = SERIES_TITLE * POINT + 3.0
"""mm: a series' title line."""
TITLES_H = 7.0
"""mm: the row of column titles."""
ANNULLED_H = 7.0
"""mm: a row for an annulled auction."""


def _auction_height(doc: Document, series: int, example: float = 0.0) -> float:
    """The height of an auction's row (8 to 10 mm) with which ``series`` series fill the
    rest of the page, the first under a names band (and ``example`` mm of example row)."""
    fixed = series * (CAPTION_H + TITLES_H + ANNULLED * ANNULLED_H) + NAMES + (series - 1) * GAP
    fixed += example
    fit = (doc.bottom - doc.y - fixed) / (series * (AUCTIONS + 1))
    height = min(10.0, math.floor(fit * 10) / 10)
    if height < 8.0:
        raise ValueError(f"{series} series of The Third Man do not fit on {doc.paper}")
    return height


def _series(
    doc: Document,
    spec: Ledger,
    number: int,
    height: float,
    *,
    names: bool,
    example: Row | None = None,
) -> None:
    """One series: its number and a line for the winner, then a row for each auction,
    the rows for annulled auctions, and the chips after the series."""
    baseline = doc.y + SERIES_TITLE * POINT + 0.5
    title = f"Series {number}"
    doc.text_at(doc.left, baseline, title, size=SERIES_TITLE, bold=True)
    doc.text_at(doc.left + text_width(title, SERIES_TITLE, bold=True) + 3.0, baseline,
                "every piece starts on 0", size=SMALL + 1)  # fmt: skip
    line_end = doc.left + doc.width
    line_start = line_end - 55.0
    doc.text_at(line_start - 2.0, baseline, "Winner (1 chip):", size=SMALL + 1, bold=True,
                anchor="end")  # fmt: skip
    doc.line(line_start, baseline + 0.8, line_end, baseline + 0.8, 0.5)
    doc.y += CAPTION_H
    auctions = [Row(str(a), height=height) for a in range(1, AUCTIONS + 1)]
    annulled = Row("Annulled", height=ANNULLED_H, closed=frozenset({1, 2}))
    chips = Row("Chips", height=height, merged=True)
    first = [example] if example else []
    ledger(doc, spec, [*first, *auctions, *[annulled] * ANNULLED, chips], names=names)


# -- The Third Man's board --------------------------------------------------------------------

BOARD_EDGE = 10.0
"""mm from the paper's edge to the right half's cut line."""
STRIP = 13.0
"""mm: the gray strip on the left half that the right half is taped over."""
OFF_TAB = 8.0
"""mm: the tabs beyond the last spaces, where a piece is off the board."""
COLUMN_SPACES = 5
"""Spaces in a column of the track."""
NUMBER = 26.0
"""Points: the spaces' numbers."""
WALL = 2.4
"""Points: the track's outline and the walls between its columns."""
TALLEST = 46.0
"""mm: the tallest a space is drawn."""

Wall = tuple[float, float, float, float]


@dataclass(frozen=True)
class Board:
    """Where the track goes on both pages: its top, each space's size, the columns of each
    half, the right half's cut line and the left half's join (where the cut edge goes)."""

    top: float
    space_w: float
    space_h: float
    columns: int
    cut: float
    join: float

    @property
    def bottom(self) -> float:
        return self.top + COLUMN_SPACES * self.space_h

    def row(self, column: int, step: int) -> int:
        """The row (0 at the top) of the ``step``-th space along the track in a column
        counted from the left half's first: even columns run up, odd ones down."""
        return COLUMN_SPACES - 1 - step if column % 2 == 0 else step

    def turns_at_top(self, column: int) -> bool:
        """True when the track leaves ``column`` at the top (a column that runs up)."""
        return column % 2 == 0


def third_man_board(doc: Document, title: str, track: int = 20) -> None:
    """The board on two pages, the track from -``track`` to +``track`` in columns of five
    spaces, snaking from the bottom left to the top right: the left half -20 to -1, the
    right half START (0, one tall space) and +1 to +20. The right half is cut along its
    dashed line and taped over the left half's gray strip, so the track runs on from -1
    into START."""
    paper = doc.paper
    if track % COLUMN_SPACES:
        raise ValueError(f"a board of {track} spaces each way does not make columns of five")
    columns = track // COLUMN_SPACES
    space_w = math.floor((paper.width - 2 * BOARD_EDGE) / (columns + 1) * 2) / 2
    join = paper.width - SAFE_MARGIN - 2.0 - STRIP
    doc.new_page(f"{title} board: left half")
    _board_note(
        doc,
        join,
        "Lay the right half over the gray strip, its cut edge on the heavy line, and tape "
        "the two together. Every piece starts on space 0, on the right half; a plus change "
        "moves it on along the track, a minus change back.",
    )
    top = doc.y + OFF_TAB + 2.0
    space_h = math.floor((doc.bottom - OFF_TAB - top) / COLUMN_SPACES * 2) / 2
    board = Board(top, space_w, min(space_h, TALLEST), columns, BOARD_EDGE, join)
    if board.space_w < 20.0 or board.space_h < 20.0 or join - columns * space_w < BOARD_EDGE:
        raise ValueError(f"a board of {track} spaces each way does not fit on {paper}")
    _left_half(doc, board, track)
    doc.new_page(f"{title} board: right half")
    _board_note(
        doc,
        paper.width - BOARD_EDGE,
        "Cut along the dashed line, lay this half over the left half's gray strip, and tape "
        "the two together. A space holds all four pieces.",
    )
    if doc.y + OFF_TAB + 2.0 > board.top:
        raise ValueError(f"the board's notes do not fit on {paper}")
    _right_half(doc, board)


def _board_note(doc: Document, right: float, note: str) -> None:
    doc.y -= 1.0
    doc.text(note, size=SMALL, width=right - 2.0 - doc.left)


def _left_half(doc: Document, board: Board, track: int) -> None:
    """-20 to -1: -20 at the bottom left, up, down, up, down to -1 at the bottom right,
    beside the gray strip."""
    w, h, cols = board.space_w, board.space_h, board.columns
    left = board.join - cols * w
    _strip(doc, board)
    for c in range(cols):
        for step in range(COLUMN_SPACES):
            value = -track + c * COLUMN_SPACES + step
            _space(doc, left + c * w, board.top + board.row(c, step) * h, w, h, value)
    walls = _walls(board, left, range(cols))
    # The outline, open at the bottom right where -1 runs on into START.
    walls += [
        (left, board.top, board.join, board.top),
        (left, board.bottom, board.join, board.bottom),
        (left, board.top, left, board.bottom),
        (board.join, board.top, board.join, board.bottom - h),
    ]
    for wall in walls:
        doc.line(*wall, WALL)
    _arrows(doc, board, left, range(cols))
    _arrow(doc, board.join - 2.2, board.bottom - h / 2)
    _off_tab(doc, left, board.bottom, w, below=True)
    doc.y = board.bottom + OFF_TAB


def _strip(doc: Document, board: Board) -> None:
    """The gray strip the right half is taped over, with the heavy line its cut edge goes
    on (broken where the track crosses) and the track's top and bottom carried across."""
    top, bottom = SAFE_MARGIN + 2.0, doc.paper.height - 14.0
    doc.rect(board.join, top, STRIP, bottom - top, fill=FILL, stroke=False)
    doc.line(board.join, top, board.join, board.top, 1.6)
    doc.line(board.join, board.bottom, board.join, bottom, 1.6)
    for y in (board.top, board.bottom):
        doc.line(board.join, y, board.join + STRIP, y, 0.6)
    doc.pdf.text(
        board.join + STRIP / 2 + SMALL * POINT * 0.36,
        (top + bottom) / 2,
        "TAPE THE RIGHT HALF OVER THIS STRIP, ITS CUT EDGE ON THE HEAVY LINE",
        size=SMALL,
        bold=True,
        anchor="middle",
        rotate=-90,
    )


def _right_half(doc: Document, board: Board) -> None:
    """START, one space the height of the track, then +1 at the top, down, up, down, up to
    +20 at the top right; the dashed cut line along START's left edge."""
    w, h, cols = board.space_w, board.space_h, board.columns
    start_x = board.cut
    left = start_x + w
    right = left + cols * w
    doc.rect(start_x, board.top, w, board.bottom - board.top, fill=FILL, stroke=False)
    doc.rect(start_x, board.top, w, board.bottom - board.top, width=0.5)
    mid = (board.top + board.bottom) / 2
    doc.text_at(start_x + w / 2, mid, "0", size=2 * NUMBER, bold=True, anchor="middle")
    doc.text_at(start_x + w / 2, mid + 11.0, "START", size=18, bold=True, anchor="middle")
    for c in range(cols):
        for step in range(COLUMN_SPACES):
            value = 1 + c * COLUMN_SPACES + step
            row = board.row(cols + 1 + c, step)  # START stands for column cols
            _space(doc, left + c * w, board.top + row * h, w, h, value)
    walls = _walls(board, left, range(cols + 1, 2 * cols + 1), first=cols + 1)
    walls += [
        (start_x, board.top, right, board.top),
        (start_x, board.bottom, right, board.bottom),
        (right, board.top, right, board.bottom),
        # From -1 into START at the bottom, from START on to +1 at the top.
        (start_x, board.top, start_x, board.bottom - h),
        (left, board.top + h, left, board.bottom),
    ]
    for wall in walls:
        doc.line(*wall, WALL)
    _arrow(doc, left, board.top + h / 2)
    _arrows(doc, board, left, range(cols + 1, 2 * cols + 1), first=cols + 1)
    _off_tab(doc, right - w, board.top, w, below=False)
    _cut_line(doc, board.cut)
    doc.y = board.bottom


def _cut_line(doc: Document, x: float) -> None:
    """A dashed line the whole height of the printable page at ``x``, and what it is for,
    written along it on the side that is cut away."""
    top = SAFE_MARGIN + 1.0
    length = doc.paper.height - 2 * top
    dashed = Path(((0.0, 0.0), (0.0, length)), stroke=INK, width=0.3, dash=(2.5, 1.5),
                  closed=False)  # fmt: skip
    scene_lines(doc, x, top, 0.1, length, [dashed])
    doc.pdf.text(x - 1.6, doc.paper.height / 2, "CUT ALONG THE DASHED LINE", size=SMALL,
                 bold=True, anchor="middle", rotate=-90)  # fmt: skip


def _space(doc: Document, x: float, y: float, w: float, h: float, value: int) -> None:
    """One space: its number large at the top, every fifth on gray."""
    if value % 5 == 0:
        doc.rect(x, y, w, h, fill=FILL, stroke=False)
    doc.rect(x, y, w, h, width=0.5)
    doc.text_at(x + w / 2, y + 3.0 + NUMBER * POINT * 0.75, signed(value), size=NUMBER,
                bold=True, anchor="middle")  # fmt: skip


def _walls(board: Board, left: float, columns: range, first: int = 0) -> list[Wall]:
    """The walls between neighbouring columns of a half (``columns`` counted along the
    whole track, the half's first at ``left``), each open where the track turns."""
    w, h = board.space_w, board.space_h
    walls: list[Wall] = []
    for c in columns[:-1]:
        x = left + (c - first + 1) * w
        if board.turns_at_top(c):
            walls.append((x, board.top + h, x, board.bottom))
        else:
            walls.append((x, board.top, x, board.bottom - h))
    return walls


def _arrows(doc: Document, board: Board, left: float, columns: range, first: int = 0) -> None:
    """An arrowhead in each turn between neighbouring columns, pointing along the track."""
    h = board.space_h
    for c in columns[:-1]:
        y = board.top + h / 2 if board.turns_at_top(c) else board.bottom - h / 2
        _arrow(doc, left + (c - first + 1) * board.space_w, y)


def _arrow(doc: Document, x: float, y: float, size: float = 3.0) -> None:
    """A filled arrowhead pointing right, centred on (x, y)."""
    head = Path(((0.0, 0.0), (size * 1.3, size), (0.0, 2 * size)), fill=INK)
    scene_lines(doc, x - size * 0.65, y - size, size * 1.3, 2 * size, [head])


def _off_tab(doc: Document, x: float, y: float, w: float, *, below: bool) -> None:
    """Beyond -20 (below) or +20 (above): a piece that goes there is off the board."""
    top = y if below else y - OFF_TAB
    doc.rect(x, top, w, OFF_TAB, fill=FILL, stroke=False)
    doc.rect(x, top, w, OFF_TAB, width=0.5)
    doc.text_at(x + w / 2, top + OFF_TAB / 2 + SMALL * POINT * 0.36, "OFF THE BOARD",
                size=SMALL, bold=True, anchor="middle")  # fmt: skip


register(
    ScoreSheet("costly-tricks", costly_tricks),
    ScoreSheet("buddy-on-your-left", buddy_on_your_left, takes_target=True, unit="chips"),
    ScoreSheet(
        "the-third-man",
        the_third_man,
        takes_target=True,
        pages=4,
        unit="chips",
        board=True,
    ),
)
