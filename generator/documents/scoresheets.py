"""Score sheets for the games that keep score: vector PDFs a teacher photocopies.

Each sheet is a page for one table of players: the game's title, a line for the date,
a "How to score" box that quotes the book, and a ruled table with a row per hand and a
column (or two) per player, names written at the top, running totals shaded light gray.
Matches adds a race track of 61 or 121 holes to peg in pencil, like a cribbage board;
Challenge Matrix a table of points per place; 4D Poker a chip ledger and a page of
cut-out bank notes and loan slips (the book's "Recycling Chips"); Secret Card a page of
clue strips (the book has players write their clues down). The PARADOX games' sheets,
and The Third Man's board after its sheet, are drawn in
:mod:`generator.documents.paradox_sheets`.

Player counts, targets and other numbers come from the games' own options
(:mod:`printables.games`), so a sheet always agrees with the rules engine. Everything is
black on white with light gray fills, so it prints on a gray-scale printer.

>>> from generator.draw.layout import PAPERS
>>> list(SCORE_SHEETS)[:3]
['challenge-matrix', 'squares', 'zodiac']
>>> sheet_key("poker"), sheet_key("Nada")
('4d-poker', 'nada-nada-nada')
>>> score_sheet_pdf("matches", PAPERS["a4"], target=121, players=3)[:5]
b'%PDF-'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.documents import paradox_sheets, standard_sheets
from generator.documents.document import FILL, Column, Document, text_height
from generator.documents.scoresheet_parts import (
    GAP,
    HEAVY,
    MINUS,
    PACK_TITLE,
    SMALL,
    TIMES,
    AnyGame,
    Sub,
    blank,
    caption,
    date_line,
    height_to_fill,
    how_to_score,
    number_words,
    ordinal,
    player_table,
    players_text,
    rows_that_fit,
    scene_lines,
    start,
)
from generator.documents.scoresheet_registry import ScoreSheet, Setting, register, registered
from generator.draw.fonts import POINT, text_width
from generator.draw.layout import Size
from generator.draw.scene import Path
from printables.games.base import UnknownGameError
from printables.games.registry import get_game

# -- the sheets -------------------------------------------------------------------------------


def _squares(doc: Document, game: AnyGame, setting: Setting) -> None:
    options = game.options()
    hands = 8
    start(doc, game, f"{players_text(game)} (one deck for every three) · high total wins")
    date_line(doc)
    how_to_score(
        doc,
        [
            '"The score is determined at the end of the hand, by totaling the triple-flush pairs '
            'contained in each row and each column." Count the rows top to bottom, then the '
            "columns left to right.",
            'A triple-flush pair is two cards that share three values. "A card can be part of '
            'several triple-flush pairs. All should be counted." A hand is apt to score 15 to 25.',
            f'"Write down the scores on a score sheet. Play {number_words(options.hands)} hands, '
            'keeping a running total after each hand. High score wins." Misère: low score '
            "wins. Rows 5 to 8 are for a longer game or a score agreed to play to.",
        ],
    )
    labels: list[str] = []
    for hand in range(1, hands + 1):
        labels += [f"Hand {hand}", "Total"]
    player_table(
        doc,
        [Column("", 20, "left")],
        setting.players,
        [Sub("Score")],
        blank(labels, 1, 1),
        row_height=height_to_fill(doc, len(labels)),
        shaded=range(1, 2 * hands, 2),
        heavy_after=[2 * options.hands - 1],
    )


def _zodiac(doc: Document, game: AnyGame, setting: Setting) -> None:
    options = game.options()
    start(doc, game, f"{players_text(game)} · most chips at the agreed time wins")
    date_line(doc)
    how_to_score(
        doc,
        [
            f"Everyone starts with the same chips (the book: {options.chips}). Bet one chip up "
            f"to the limit ({options.limit}) against the dealer, who sets a bank and pays "
            "only what the bank holds.",
            "Count the values your hand shows: a zodiac has all twelve (three colors, shades, "
            'patterns and shapes); "down two" is ten. Four of any one value busts: pay your bet '
            "at once.",
            '"The dealer pays you the amount of your bet if your hand is closer to a zodiac than '
            "hers or his. If the dealer is closer to a zodiac, or you are tied, you pay your bet "
            "to the dealer.\" Write every player's chips after each hand.",
        ],
    )
    hands = rows_that_fit(doc) - 1
    # Room for each bet beside the chips at a small table; only the chips at a big one.
    subs = [Sub("Bet", 0.8), Sub("Chips", 1.2)] if setting.players <= 5 else [Sub("Chips")]
    rows = blank(["Start", *(str(h) for h in range(1, hands + 1))], 3, len(subs))
    player_table(
        doc,
        [Column("Hand", 13, "center"), Column("Dealer", 22), Column("Bank", 15, "center")],
        setting.players,
        subs,
        rows,
        shaded=[0],
    )


def _matches(doc: Document, game: AnyGame, setting: Setting) -> None:
    target, players = setting.target, setting.players
    start(doc, game, f"{players_text(game)} · a race to {target}, like cribbage")
    date_line(doc)
    how_to_score(
        doc,
        [
            '"Score one point for each value on the card played that matches a value on the '
            'previous top card of the pile. This score will be zero, one, two, or three."',
            "Move your pencil peg that many holes along your lane (or keep two pegs and "
            f"leapfrog them, as on a cribbage board). First to {target} wins at once.",
        ],
    )
    tally = "Or keep score with tally marks: a stroke for every point, the fifth across four"
    caption_h = 2.0 + text_height(tally, 10, doc.width, bold=True)
    tally_row = 9.0
    _track(doc, target, players, doc.bottom - doc.y - GAP - caption_h - (players + 1) * tally_row)
    doc.y += GAP
    caption(doc, tally)
    tally_row = min(14.0, (doc.bottom - doc.y) // ((players + 1) * 0.1) / 10)
    doc.table(
        [
            Column("Lane", 14, "center"),
            Column("Name", 44),
            Column("Tally marks", doc.width - 14 - 44 - 20),
            Column("Points", 20, "center", fill=True),
        ],
        [[str(p), "", "", ""] for p in range(1, players + 1)],
        row_height=tally_row,
    )


def _track(doc: Document, target: int, players: int, space: float) -> None:
    """A snaking race track: rows of 20 holes numbered 1 to target - 1, a lane per player,
    a start box before hole 1 and a finish box for the target after the last row. The
    lanes are as tall as ``space`` mm allows, 3 to 8 mm."""
    per_row = 20
    rows = (target - 1) // per_row
    gutter = 14.5
    box = gutter - 2.0
    cell = (doc.width - 2 * gutter) / per_row
    band = 4.8
    gap = 4.0 if rows <= 3 else 2.5
    fit = (space - rows * band - (rows - 1) * gap) / (rows * players)
    lane = max(3.0, min(8.0, int(fit * 10) / 10))
    row_h = band + lane * players
    left = doc.left + gutter
    right = left + per_row * cell
    top = doc.y
    number_base = band / 2 + SMALL * POINT * 0.36
    for r in range(rows):
        y = top + r * (row_h + gap)
        forward = r % 2 == 0
        for i in range(per_row):
            n = r * per_row + i + 1
            x = left + (i if forward else per_row - 1 - i) * cell
            if n % 5 == 0:
                doc.rect(x, y, cell, band, fill=FILL, stroke=False)
            doc.text_at(x + cell / 2, y + number_base, str(n), size=SMALL, anchor="middle")
        for k in range(1, players, 2):
            doc.rect(left, y + band + k * lane, right - left, lane, fill=FILL, stroke=False)
        for k in range(players):
            doc.line(left, y + band + k * lane, right, y + band + k * lane, 0.3)
        for i in range(1, per_row):
            width = 0.9 if i % 5 == 0 else 0.3
            doc.line(left + i * cell, y, left + i * cell, y + row_h, width)
        doc.rect(left, y, right - left, row_h, width=HEAVY)
        if r + 1 < rows:
            _turn(doc, right if forward else left, y + row_h / 2, row_h + gap, forward)
    # Start before hole 1; finish after the last hole, on whichever side the last row ends.
    _track_end(doc, doc.left, top, box, band, lane, players, "Start", "")
    last_y = top + (rows - 1) * (row_h + gap)
    finish_x = right + gutter - box if rows % 2 else doc.left
    _track_end(doc, finish_x, last_y, box, band, lane, players, "Finish", str(target))
    doc.y = top + rows * row_h + (rows - 1) * gap


def _track_end(
    doc: Document,
    x: float,
    y: float,
    width: float,
    band: float,
    lane: float,
    players: int,
    label: str,
    number: str,
) -> None:
    """The start box (lane numbers) or the finish box (the target, large)."""
    height = band + lane * players
    doc.rect(x, y, width, band, fill=FILL, stroke=False)
    doc.text_at(
        x + width / 2,
        y + band / 2 + SMALL * POINT * 0.36,
        label,
        size=SMALL,
        bold=True,
        anchor="middle",
    )
    if number:
        size = 14.0
        doc.text_at(
            x + width / 2,
            y + band + (lane * players) / 2 + size * POINT * 0.36,
            number,
            size=size,
            bold=True,
            anchor="middle",
        )
    else:
        size = max(SMALL, min(SMALL + 1, lane / POINT * 0.8))
        for k in range(players):
            if k % 2:
                doc.rect(x, y + band + k * lane, width, lane, fill=FILL, stroke=False)
            baseline = y + band + (k + 0.5) * lane + size * POINT * 0.36
            doc.text_at(x + width / 2, baseline, str(k + 1), size=size, bold=True, anchor="middle")
            doc.line(x, y + band + k * lane, x + width, y + band + k * lane, 0.3)
    doc.rect(x, y, width, height, width=HEAVY)


def _turn(doc: Document, edge: float, y: float, drop: float, outward_right: bool) -> None:
    """The bend of the track from one row's end (at ``edge``, height ``y``) into the next
    row, ``drop`` mm lower, with an arrowhead showing the way."""
    reach = 7.0
    w = reach + 1.0
    sign = 1.0 if outward_right else -1.0
    x0 = edge if outward_right else edge - w
    # Coordinates inside a w x (drop + 4) scene whose top-left is (x0, y - 2).
    start = 0.0 if outward_right else w
    far = start + sign * reach
    points = ((start, 2.0), (far, 2.0), (far, 2.0 + drop), (start + sign * 2.2, 2.0 + drop))
    line = Path(points, stroke="#000000", width=0.5, closed=False, cap="round")
    tip = start + sign * 0.3
    head = Path(
        ((tip, 2.0 + drop), (tip + sign * 2.4, 0.8 + drop), (tip + sign * 2.4, 3.2 + drop)),
        fill="#000000",
    )
    scene_lines(doc, x0, y - 2.0, w, drop + 4.0, [line, head])


def _rummy(doc: Document, game: AnyGame, setting: Setting) -> None:
    target = setting.target
    start(doc, game, f"{players_text(game)} · first to {target} wins")
    date_line(doc)
    how_to_score(
        doc,
        [
            "Melds: three-card triple-flush 30; double-flush of 4 cards 10, of 5 cards 20, "
            '6 cards 30, 7 cards 60, 8 cards 120, 9 cards 240; "any card played on another '
            "player's double-flush: 5\".",
            '"Cards that remain in your hand count five points each against you, which are '
            f"subtracted from your score.\" The book's example: Betty 10 + 30 = 40; Alfie "
            f"10 {MINUS} 11 {TIMES} 5 = {MINUS}45.",
            f"\"When a player's score reaches {target} or more, that player wins. If more than "
            f"one player score {target} or more at the same time, the player with the highest "
            'score wins."',
        ],
    )
    hands = rows_that_fit(doc)
    player_table(
        doc,
        [Column("Hand", 13, "center"), Column("Dealer", 22)],
        setting.players,
        [Sub("Hand"), Sub("Total", fill=True)],
        blank([str(h) for h in range(1, hands + 1)], 2, 2),
    )


def _secret_card(doc: Document, game: AnyGame, setting: Setting) -> None:
    target = setting.target
    start(doc, game, f"{players_text(game)} · first to {target} wins · clue strips on page 2")
    date_line(doc)
    how_to_score(
        doc,
        [
            "A clue is how many values the secret card shares with the clue card: 0, 1, 2 or 3. "
            "Write your clues on a clue strip (page 2), in the order of the clue cards.",
            'Easy: "Players score one point for naming their card correctly." Competitive: '
            'right 1, wrong 0; players who did not name their card score 0, "unless no player '
            'guesses correctly, in which case they score one."',
            f"Write every player's total after each hand. First to {target} wins; players tied "
            "at the top play more hands.",
        ],
    )
    hands = rows_that_fit(doc, 9.5)
    player_table(
        doc,
        [Column("Hand", 13, "center"), Column("Dealer", 22)],
        setting.players,
        [Sub("Total", fill=True)],
        blank([str(h) for h in range(1, hands + 1)], 2, 1),
        row_height=9.5,
    )
    _clue_strips(doc, game)


def _clue_strips(doc: Document, game: AnyGame) -> None:
    """A page of strips, one per player and hand: each clue card's name and its clue."""
    doc.new_page(
        f"{game.title}: clue strips",
        note="One strip for each player in each hand. Under each clue card's number write the "
        "card's name (such as Bw~T), and below it your clue: 0, 1, 2 or 3. "
        "Cut along the dashed lines.",
    )
    cards = 12
    head, card_h, clue_h = 6.0, 9.0, 8.5
    strip = head + card_h + clue_h
    pitch = strip + 5.0
    count = int((doc.bottom - doc.y) // pitch)
    lead = 30.0
    x = doc.left
    cell = (doc.width - lead) / cards
    top = doc.y
    for s in range(count):
        y = top + 2.5 + s * pitch
        doc.rect(x, y, doc.width, head, fill=FILL, stroke=False)
        doc.text_at(x + 1.5, y + head - 1.7, "Name", size=SMALL, bold=True)
        doc.line(x + 12.0, y + head - 1.2, x + lead - 2.0, y + head - 1.2, 0.4)
        for c in range(cards):
            doc.text_at(
                x + lead + (c + 0.5) * cell,
                y + head - 1.7,
                str(c + 1),
                size=SMALL,
                bold=True,
                anchor="middle",
            )
        doc.text_at(
            x + lead - 1.5, y + head + card_h / 2 + 1.2, "Clue card", size=SMALL, anchor="end"
        )
        doc.text_at(
            x + lead - 1.5,
            y + head + card_h + clue_h / 2 + 1.2,
            "Clue",
            size=SMALL,
            bold=True,
            anchor="end",
        )
        for k in range(cards + 1):
            cx = x + lead + k * cell
            doc.line(cx, y, cx, y + strip, 0.4)
        doc.line(x, y + head, x + doc.width, y + head, 0.4)
        doc.line(x, y + head + card_h, x + doc.width, y + head + card_h, 0.4)
        doc.rect(x, y, doc.width, strip, width=HEAVY)
    _cut_lines(doc, [top + s * pitch for s in range(count + 1)], x, x + doc.width)
    doc.y = top + count * pitch


def _cut_lines(
    doc: Document, ys: Sequence[float], x0: float, x1: float, xs: Sequence[float] = ()
) -> None:
    """Dashed cut lines: across from x0 to x1 at each of ``ys``, and down at each of ``xs``
    from ys[0] to ys[-1]."""
    y0, y1 = ys[0], ys[-1]
    dash = (2.0, 1.5)

    def cut(points: tuple[tuple[float, float], ...]) -> Path:
        return Path(points, stroke="#000000", width=0.25, dash=dash, closed=False)

    paths = [cut(((0.0, y - y0), (x1 - x0, y - y0))) for y in ys]
    paths += [cut(((x - x0, 0.0), (x - x0, y1 - y0))) for x in xs]
    scene_lines(doc, x0, y0, x1 - x0, y1 - y0, paths)


def _nada(doc: Document, game: AnyGame, setting: Setting) -> None:
    target = setting.target
    start(doc, game, f"{players_text(game)} · first to {target} or more wins")
    date_line(doc)
    how_to_score(
        doc,
        [
            "A nada is three cards with no value alike: all four attributes different on all "
            "three cards. Go out by grouping your nine cards into three separate nadas.",
            '"The first player to do so is the winner of the hand and scores three points. The '
            'other players score one point for each separate nada in their hand." A card counts '
            "in one nada only.",
            f'"The first player to score {target} or more is the winner." Several on the same '
            "hand: the highest score; a tie plays on.",
        ],
    )
    hands = rows_that_fit(doc, 10.0)
    player_table(
        doc,
        [Column("Hand", 13, "center"), Column("Went out", 24)],
        setting.players,
        [Sub("Hand"), Sub("Total", fill=True)],
        blank([str(h) for h in range(1, hands + 1)], 2, 2),
        row_height=10.0,
    )


def _challenge_matrix(doc: Document, game: AnyGame, setting: Setting) -> None:
    players = setting.players
    per_round = players - 1
    if setting.exact:
        note = f"for {players} players: a round is {number_words(per_round)} hands"
    else:
        note = f"{players_text(game)}: a round is one hand fewer than the players"
    start(doc, game, f"{note} · high total wins")
    date_line(doc)
    how_to_score(
        doc,
        [
            "Hand k of a round: pass nine of your twelve cards face down to the k-th player on "
            "your left. Declaring your square impossible is one way of solving it.",
            '"First place receives a score equal to the number of players, second place gets '
            'one less, and so on. Last place gets a score of one." Equal times share the '
            "better place.",
            'A square "found to be not really solved", or a solution found for a square '
            'called impossible: "the player making the error subtracts his or her score '
            'instead of adding it."',
        ],
    )
    # The points for each place: for exactly this many players, or for every table size.
    sizes = [players] if setting.exact else list(range(game.players[0], players + 1))
    points_h = 2 * GAP + 7.0 + 7.5 * (len(sizes) + 1)
    if setting.exact:
        rounds = max(1, min(12, rows_that_fit(doc, reserve=points_h)) // per_round)
        hands = rounds * per_round
        passes = [f"{ordinal((h - 1) % per_round + 1)} left" for h in range(1, hands + 1)]
        heavy = [r * per_round - 1 for r in range(1, rounds)]
    else:
        hands = min(12, rows_that_fit(doc, reserve=points_h))
        passes, heavy = [""] * hands, []
    player_table(
        doc,
        [Column("Hand", 13, "center"), Column("Pass to", 17, "center")],
        players,
        [Sub("Hand"), Sub("Total", fill=True)],
        [([str(h), passes[h - 1]], ["", ""]) for h in range(1, hands + 1)],
        heavy_after=heavy,
    )
    doc.y += GAP
    caption(doc, "Points for each place; a player in error subtracts them")
    width = min(20.0, (doc.width - 26) / players)
    doc.table(
        [Column("Players", 26)]
        + [Column(ordinal(p), width, "center") for p in range(1, players + 1)],
        [
            [str(n), *(str(n + 1 - p) if p <= n else "" for p in range(1, players + 1))]
            for n in sizes
        ],
        row_height=7.5,
    )


def _challenge_cipher(doc: Document, game: AnyGame, setting: Setting) -> None:
    options = game.options()
    players = setting.players
    rounds = number_words(options.rounds)
    hands = options.rounds * players
    note = f"for {players} players" if setting.exact else players_text(game)
    start(doc, game, f"{note} · {rounds} rounds, each player dealing once a round")
    date_line(doc)
    partners = (
        " With four players, partners sit opposite (players 1 and 3, 2 and 4): write the "
        "partnership's score for both."
        if players == 4 and options.partnership
        else ""
    )
    how_to_score(
        doc,
        [
            "The high bidder is the challenger; only the challenger's side scores in the hand. "
            "Won: the challenges nobody matched.",
            'Matched before the bid is met: "the challenger subtracts the amount of the bid." '
            'Matched after it is met: zero. "If you end the hand without being matched, you '
            'score the number of successful challenges."',
            f'"The winner is the player with the high score after {rounds} rounds"; a round is '
            f"one deal by every player.{partners}",
        ],
    )
    rows = blank([str(h) for h in range(1, hands + 1)], 5, 2)
    player_table(
        doc,
        [
            Column("Hand", 13, "center"),
            Column("Dealer", 20),
            Column("Challenger", 24),
            Column("Bid", 11, "center"),
            Column("Won", 11, "center"),
        ],
        players,
        [Sub("Hand"), Sub("Total", fill=True)],
        rows,
        row_height=height_to_fill(doc, hands, most=10.0),
        heavy_after=[r * players - 1 for r in range(1, options.rounds)] if setting.exact else [],
    )


def _poker(doc: Document, game: AnyGame, setting: Setting) -> None:
    options = game.options()
    note = options.note
    plus, minus = _note_words(note)
    start(doc, game, f"{players_text(game)} · chip ledger · bank notes to cut out on page 2")
    date_line(doc)
    how_to_score(
        doc,
        [
            f"Everyone starts with the same chips (the book: {options.chips}, a betting limit of "
            f"{options.limit}) and puts {number_words(options.ante)} in the pot before each "
            "hand. Count your chips at the end of each playing session.",
            "Recycling chips: \"The players with lots of chips can exchange them for 'bank "
            f'notes\' reading {plus}." "Players who need more chips can get them from the '
            f"'bank'. They must keep a record of their 'loan' reading {minus}.\"",
            "\"In the future, the 'loans' can be paid off and the 'bank notes' redeemed.\" No "
            f"interest. Worth = chips + {note} for each note held {MINUS} {note} for each loan "
            "owed.",
        ],
    )
    players = setting.players
    player_rows = [[str(p), *[""] * 9] for p in range(1, players + 1)]
    caption(doc, "Chips at the end of each playing session")
    sessions = 6
    fixed = 11 + 40 + 17 + 22
    each = (doc.width - fixed) / sessions
    doc.table(
        [Column("", 11, "center"), Column("Name", 40), Column("Buy-in", 17, "center")]
        + [Column(ordinal(s), each, "center") for s in range(1, sessions + 1)]
        + [Column("Worth", 22, "center", fill=True)],
        [row[: 4 + sessions] for row in player_rows],
        row_height=9.0,
    )
    doc.y += GAP
    caption(doc, "Bank record: tick a box for each note or loan taken, cross it out when paid off")
    boxes = 6
    box, space = 4.5, 1.6
    box_w = boxes * box + (boxes - 1) * space + 5.0
    net = doc.width - 11 - 40 - 2 * box_w
    columns = [
        Column("", 11, "center"),
        Column("Name", 40),
        Column(f"Notes +{note}", box_w, "center"),
        Column(f"Loans {MINUS}{note}", box_w, "center"),
        Column("Net chips", net, "center", fill=True),
    ]
    top = doc.y
    doc.table(columns, [row[:5] for row in player_rows], row_height=9.0)
    for r in range(players):
        y = top + 9.0 + r * 9.0 + (9.0 - box) / 2
        for c in range(2):
            x0 = doc.left + 11 + 40 + c * box_w + 2.5
            for b in range(boxes):
                doc.rect(x0 + b * (box + space), y, box, box, width=0.6)
    _bank_notes(doc, game, note)


def _note_words(note: int) -> tuple[str, str]:
    words = number_words(note).upper()
    return f"PLUS {words} CHIPS", f"MINUS {words} CHIPS"


def _bank_notes(doc: Document, game: AnyGame, note: int) -> None:
    """A page of cut-out bank notes (left) and loan slips (right)."""
    plus, minus = _note_words(note)
    doc.new_page(
        f"{game.title}: bank notes and loans",
        note=f"Cut along the dashed lines. A player with lots of chips exchanges {note} of them "
        f"for a bank note ({plus}); a player who needs chips takes {note} from the bank and "
        f"keeps a loan slip ({minus}).",
    )
    rows = 5
    width = doc.width / 2
    height = min(46.0, (doc.bottom - doc.y) / rows)
    top = doc.y
    words = number_words(note)
    bank_note = Slip(
        "BANK NOTE", f"+{note}", plus, f"The bank redeems it for {words} chips", "Holder"
    )
    owed = f"Owed to the bank: pay back {words} chips"
    loan = Slip("LOAN", f"{MINUS}{note}", minus, owed, "Borrower", shaded=True)
    for r in range(rows):
        y = top + r * height
        _slip(doc, bank_note, doc.left, y, width, height)
        _slip(doc, loan, doc.left + width, y, width, height)
    xs = [doc.left, doc.left + width, doc.left + doc.width]
    _cut_lines(doc, [top + r * height for r in range(rows + 1)], xs[0], xs[-1], xs)
    doc.y = top + rows * height


@dataclass(frozen=True)
class Slip:
    """What a cut-out note says: its kind, the amount in figures and in words, a line
    saying what it is worth, and whose name goes on it."""

    kind: str
    amount: str
    words: str
    detail: str
    who: str
    shaded: bool = False


def _slip(doc: Document, slip: Slip, x: float, y: float, w: float, h: float) -> None:
    """One note inside its cut box of w x h mm at (x, y): a double frame, the kind at the
    top (on gray for a loan), the amount in words in the middle and in figures at the bottom
    corners, and a line for a name."""
    inset = 3.5
    fx, fy, fw, fh = x + inset, y + inset, w - 2 * inset, h - 2 * inset
    if slip.shaded:
        doc.rect(fx, fy, fw, 7.0, fill=FILL, stroke=False)
    doc.rect(fx, fy, fw, fh, width=1.4)
    doc.rect(fx + 1.2, fy + 1.2, fw - 2.4, fh - 2.4, width=0.4)
    doc.text_at(fx + 3.5, fy + 5.2, slip.kind, size=10, bold=True)
    doc.text_at(fx + fw - 3.5, fy + 5.2, "4D Poker bank", size=SMALL, anchor="end")
    middle = fy + fh / 2
    doc.text_at(fx + fw / 2, middle + 0.8, slip.words, size=15, bold=True, anchor="middle")
    doc.text_at(fx + fw / 2, middle + 5.6, slip.detail, size=SMALL, anchor="middle")
    figure = text_width(slip.amount, 14, bold=True)
    doc.text_at(fx + 3.5, fy + fh - 3.5, slip.amount, size=14, bold=True)
    doc.text_at(fx + fw - 3.5, fy + fh - 3.5, slip.amount, size=14, bold=True, anchor="end")
    label_x = fx + 3.5 + figure + 4.0
    doc.text_at(label_x, fy + fh - 4.0, slip.who, size=SMALL)
    line_x = label_x + text_width(slip.who, SMALL) + 1.5
    doc.line(line_x, fy + fh - 3.4, fx + fw - 7.5 - figure, fy + fh - 3.4, 0.4)


# -- the registry -----------------------------------------------------------------------------

register(
    ScoreSheet("challenge-matrix", _challenge_matrix),
    ScoreSheet("squares", _squares),
    ScoreSheet("zodiac", _zodiac),
    ScoreSheet("matches", _matches, takes_target=True),
    ScoreSheet("4d-500-rummy", _rummy, takes_target=True),
    ScoreSheet("secret-card", _secret_card, takes_target=True, pages=2),
    ScoreSheet("nada-nada-nada", _nada, takes_target=True),
    ScoreSheet("4d-poker", _poker, pages=2),
    ScoreSheet("challenge-cipher", _challenge_cipher),
)
SHEET_MODULES = (paradox_sheets, standard_sheets)
"""The other sheet modules, each joining its sheets to the registry when imported (the
PARADOX games', with The Third Man's board after its sheet; the standard-deck games')."""
SCORE_SHEETS: dict[str, ScoreSheet] = registered()
"""Every score sheet, by game key, in the book's order."""


def sheet_key(name: str) -> str:
    """The key of the score sheet for the game called ``name`` (a key, title or alias);
    ValueError, listing the sheets, for a game without one or no game at all."""
    known = ", ".join(SCORE_SHEETS)
    try:
        game = get_game(name)
    except UnknownGameError:
        raise ValueError(f"no score sheet called {name!r}; the sheets are: {known}") from None
    if game.key not in SCORE_SHEETS:
        raise ValueError(
            f"{game.title} keeps no score, so it has no score sheet; the sheets are: {known}"
        )
    return game.key


def _document(paper: Size, title: str) -> Document:
    return Document(paper, title, subject="Score sheet to photocopy", footer=title)


def _draw(doc: Document, sheet: ScoreSheet, setting: Setting) -> None:
    first = doc.page
    sheet.draw(doc, sheet.game, setting)
    if doc.y > doc.bottom + 1e-6 or doc.page - first != sheet.pages:
        raise RuntimeError(f"the {sheet.title} does not fit on {doc.paper}")


def score_sheet_pdf(key: str, paper: Size, **options: int) -> bytes:
    """The score sheet of the game ``key`` (or its title or alias) on ``paper``.

    ``options``: ``players`` (name columns or track lanes; default the game's most) and,
    for Matches, 4D 500 Rummy, Secret Card and Nada, ``target`` (default the book's).
    Unknown games and bad options raise ValueError.
    """
    sheet = SCORE_SHEETS[sheet_key(key)]
    setting = sheet.setting(**options)  # OptionError is a ValueError
    doc = _document(paper, sheet.title)
    _draw(doc, sheet, setting)
    return doc.finish()


def all_score_sheets_pdf(paper: Size) -> bytes:
    """Every score sheet with its defaults, one after another, for the classroom pack."""
    doc = _document(paper, PACK_TITLE)
    for sheet in SCORE_SHEETS.values():
        _draw(doc, sheet, sheet.setting())
    return doc.finish()
