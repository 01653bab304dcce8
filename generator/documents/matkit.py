"""MAT (Matrix Aptitude Test) proctor kits, Simultaneous and Successive.

A kit is everything the proctor prints before class (4D Playing Cards rulebook, "MAT"):

- a cover page: the sets, the time limit and the rules the book gives proctors;
- per set, a **pull list**: the set's cards in the deck's own order (the order the
  printed deck comes in), with a box to tick for each deck, so the same cards are taken
  from every deck in one pass;
- for Successive (one deck, up to nine players, nine cards each), the **rotation
  schedule**: which set each player has in each turn;
- the **answer key** of every set (a solution grid, or why the set is impossible);
- the **score sheet**: players x sets, the time limit, totals and places (low total
  wins; not finished or wrong scores the limit);
- for Successive, the **written-solution forms**, one page per player, with the book's
  ``No`` convention for declaring a set impossible; or, printed scannable, in their place
  the **scannable forms** (:mod:`generator.scan.mat_pages`): each turn's set with boxes
  to fill for each card's row and column, Impossible, and the seconds as digit boxes,
  which ``printables grade`` reads into the session's scores. They replace the written
  forms rather than follow them: a player fills one form a turn, and two would be two
  answers to reconcile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from generator.documents.blocks import (
    PREFACE,
    cards_height,
    draw_answer_grid,
    draw_cards,
    grid_size,
    id_list,
)
from generator.documents.document import BODY, Column, Document
from generator.documents.matrix_blocks import draw_key, key_height, key_preface
from generator.draw.fonts import text_width
from generator.draw.layout import Size
from printables.matrix.mat import MAX_SUCCESSIVE_PLAYERS, TIME_LIMIT, successive_schedule
from printables.matrix.puzzles import Puzzle

VARIANTS = ("simultaneous", "successive")
MAX_SETS = 12
"""Sets on one score sheet."""
MAX_DECKS = 12
"""Tick columns on a pull list (MAT Simultaneous: one deck per player)."""

SIMULTANEOUS_RULES = (
    "Every player gets the same set, from a deck of their own. At 'Go' start the timer. "
    "A player raises a hand when the matrix is solved or judged impossible; write the "
    "elapsed seconds on the score sheet at once. Check the solution, but give no sign "
    "until every player is done. At the time limit stop the timer: players not finished "
    "score the limit. A wrong answer scores the limit; a matrix claimed finished but not "
    "solved is treated as if the player had declared it impossible. Players must not see each "
    "other's work, talk, or touch their matrix until you say so. Low total wins."
)
SUCCESSIVE_RULES = (
    "One deck, up to nine players, nine cards each. Deal set k to player k. Each player "
    "solves the set in hand, writes the solution on the form (card names in a 3x3 array) "
    "with the seconds elapsed, and signs it. To declare a set impossible, write the names "
    "anyway with No in place of one card. After each turn the sets pass to the next "
    "player, following the rotation schedule, until everyone has had every set. Forms stay "
    "secret until the round is over; then the answers are checked: a wrong answer, or no "
    "answer by the time limit, scores the limit. Low total wins."
)
SCANNABLE_RULES = (
    "One deck, up to nine players, nine cards each. Deal set k to player k. Each player "
    "solves the set in hand and marks it on the scannable form: each card's row and "
    "column, or Impossible, and the seconds when the hand went up (a box in each row of "
    "digits; the proctor may fill them), then signs it. After each turn the sets pass to "
    "the next player, following the rotation schedule, until everyone has had every set. "
    "Forms stay secret until the round is over; then scan them all and run 'printables "
    "grade': a wrong answer, a blank time, or no answer by the time limit scores the "
    "limit. Low total wins."
)


@dataclass(frozen=True)
class KitOptions:
    """What a proctor chooses for a kit."""

    paper: Size
    variant: str = "simultaneous"
    players: int = 0  # rows on the score sheet (0: as many as fit)
    time_limit: int = TIME_LIMIT
    scannable: bool = False  # Successive: scannable forms in place of the written ones
    names: tuple[str, ...] = ()  # the players' names (a roster's), on forms and score sheet

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"{self.variant!r} is not a MAT variant; expected {VARIANTS}")
        if not 1 <= self.time_limit <= 3600:
            raise ValueError(f"the time limit must be 1 to 3600 seconds, not {self.time_limit}")
        if self.players < 0:
            raise ValueError("the number of players cannot be negative")
        if self.scannable and self.variant != "successive":
            raise ValueError("scannable forms are MAT Successive's: add --variant successive")
        if self.names and not self.scannable:
            raise ValueError("the players' names are printed on the scannable forms: add "
                             "--scannable")  # fmt: skip
        if self.scannable and self.time_limit != TIME_LIMIT:
            raise ValueError(f"scannable forms are scored with the book's limit of "
                             f"{TIME_LIMIT} s (their seconds go to 699)")  # fmt: skip


def minutes(seconds: int) -> str:
    """``600`` -> ``'10:00'``."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def _check(puzzles: Sequence[Puzzle], options: KitOptions) -> None:
    if not 1 <= len(puzzles) <= MAX_SETS:
        raise ValueError(f"a kit holds 1 to {MAX_SETS} sets, not {len(puzzles)}")
    if options.variant == "successive":
        if len(puzzles) > MAX_SUCCESSIVE_PLAYERS:
            raise ValueError(
                f"MAT Successive shares one deck among up to {MAX_SUCCESSIVE_PLAYERS} "
                f"players, one set each, not {len(puzzles)} sets"
            )
        if any(p.size != (3, 3) for p in puzzles):
            raise ValueError("MAT Successive deals nine cards a player: every set must be 3x3")
        used = [c for p in puzzles for c in p.cards]
        if len(set(used)) != len(used):
            raise ValueError("MAT Successive deals every set from one deck: no card in two sets")
        if options.names and len(options.names) != len(puzzles):
            raise ValueError(f"MAT Successive has one set per player: {len(puzzles)} sets "
                             f"for {len(options.names)} names")  # fmt: skip
        if options.players not in (0, len(puzzles)):
            raise ValueError(
                f"MAT Successive has one set per player: {len(puzzles)} sets for "
                f"{len(puzzles)} players, not {options.players}"
            )


def _cover(doc: Document, puzzles: Sequence[Puzzle], options: KitOptions) -> None:
    variant = options.variant.capitalize()
    doc.new_page(f"MAT proctor kit: {variant}", note="Matrix Aptitude Test, 4D Playing Cards")
    doc.text(
        f"{len(puzzles)} sets. Time limit per set: {options.time_limit} s "
        f"({minutes(options.time_limit)}).",
        size=12,
        bold=True,
    )
    doc.y += 3.0
    rules = SIMULTANEOUS_RULES if options.variant == "simultaneous" else SUCCESSIVE_RULES
    if options.scannable:
        rules = SCANNABLE_RULES
    doc.text(rules)
    doc.y += 5.0
    rows = [
        [f"Set {k}", p.id, p.size_text, f"{len(p.cards)}", p.grade.level]
        for k, p in enumerate(puzzles, 1)
    ]
    doc.table(
        [
            Column("Set", 18),
            Column("Puzzle id", 64),
            Column("Size", 18, "center"),
            Column("Cards", 16, "center"),
            Column("Difficulty", 26, "center"),
        ],
        rows,
        row_height=7.0,
    )
    doc.y += 5.0
    doc.text(
        "In this kit: pull lists, "
        + ("the rotation schedule, " if options.variant == "successive" else "")
        + "answer keys, the score sheet"
        + (
            f", and {FORMS[options.scannable]} per player."
            if options.variant == "successive"
            else "."
        )
    )


PULL_ROWS = (5.0, 4.5, 4.0)
"""A pull list's row (a card's name and a tick box per deck), in mm: of those that put the
most sets on a page, the tallest (two 5x5 sets a page take the shortest)."""
PICTURE_SCALES = (1.0, 0.9, 0.8, 0.7, 0.6)
"""The sizes (of the usual small card) tried for the cards drawn beside a pull list."""


def _pull_lists(doc: Document, puzzles: Sequence[Puzzle], options: KitOptions) -> None:
    decks = 1 if options.variant == "successive" else min(options.players or 8, MAX_DECKS)
    heading = "Pull lists"
    doc.new_page(
        heading,
        note="Each set's cards in deck order: go through each deck once, tick as you pull.",
    )
    tick = 9.0
    table_w = 22.0 + tick * decks + 6.0
    columns = [Column("Card", 22.0)] + [Column(f"{d}", tick, "center") for d in range(1, decks + 1)]
    room = doc.bottom - doc.y
    most = max(len(p.cards) for p in puzzles)
    row_h = max(PULL_ROWS, key=lambda h: (room // (h * most + 17.0), h))
    for k, puzzle in enumerate(puzzles, 1):
        ordered = sorted(puzzle.cards, key=lambda card: card.index)
        title = f"Set {k} ({puzzle.id}, {len(ordered)} cards)"
        if options.variant == "successive":
            title += f": deal to player {k}"
        rows_h = row_h * len(ordered)
        # The cards themselves beside the list, to check a pulled card at a glance: as
        # large as fit beside it without making the set taller than its list.
        beside = doc.width - table_w
        scale = next(
            (s for s in PICTURE_SCALES if cards_height(len(ordered), beside, s) <= rows_h),
            PICTURE_SCALES[-1],
        )
        height = 6.0 + 7.0 + max(rows_h, cards_height(len(ordered), beside, scale)) + 4.0
        doc.ensure(height, f"{heading} (continued)")
        doc.text(title, size=10, bold=True)
        doc.y += 0.5
        top = doc.y
        rows = [[str(c)] + [""] * decks for c in ordered]
        doc.table(columns, rows, row_height=row_h, size=8.5 if row_h >= 4.5 else 8.0)
        bottom = doc.y
        doc.y = top + 7.0  # beside the table, below its header
        draw_cards(doc, ordered, beside, x=doc.left + table_w, scale=scale)
        doc.y = max(bottom, doc.y) + 4.0


def _schedule(doc: Document, puzzles: Sequence[Puzzle]) -> None:
    players = len(puzzles)
    table = successive_schedule(players)
    doc.new_page(
        "Rotation schedule",
        note="The set each player solves in each turn. After a turn every set passes to "
        "the next player, until everyone has had every set.",
    )
    width = min(18.0, (doc.width - 30.0) / players)
    columns = [Column("Turn", 18.0, "center")] + [
        Column(f"Player {p + 1}" if width >= 18 else f"P{p + 1}", width, "center")
        for p in range(players)
    ]
    rows = [[f"{t + 1}"] + [f"Set {s + 1}" if width >= 14 else f"{s + 1}" for s in turn]
            for t, turn in enumerate(table)]  # fmt: skip
    doc.table(columns, rows, row_height=8.0)
    doc.y += 6.0


def _keys(doc: Document, puzzles: Sequence[Puzzle]) -> None:
    doc.new_page("Answer keys", note="For the proctor: give no sign while players are working.")
    preface = key_preface(puzzles)
    if preface:
        doc.text(preface, size=PREFACE)
        doc.y += 3.0
    for k, puzzle in enumerate(puzzles, 1):
        doc.ensure(key_height(puzzle, doc.width), "Answer keys (continued)")
        draw_key(doc, puzzle, f"Set {k}")


def _score_sheet(doc: Document, puzzles: Sequence[Puzzle], options: KitOptions) -> None:
    sets = len(puzzles)
    doc.new_page(
        f"MAT score sheet: {options.variant.capitalize()}",
        note="Date: ______________   Proctor: ______________________",
    )
    limit = options.time_limit
    doc.text(
        f"Write the seconds when each player raised a hand. Time limit {limit} s "
        f"({minutes(limit)}): not finished, or a wrong answer, scores {limit}. "
        "Low total wins.",
        size=10,
    )
    doc.y += 3.0
    name_w = 40.0
    if options.names:  # room for the names, as far as the sets' columns leave
        widest = max(text_width(name, BODY) for name in options.names) + 4.0
        name_w = min(max(name_w, widest), doc.width - 20.0 - 14.0 - 12.0 * sets)
    set_w = min(16.0, (doc.width - name_w - 20.0 - 14.0) / sets)
    columns = (
        [Column("Player", name_w)]
        + [
            Column(f"Set {k}" if set_w >= 14 else f"{k}", set_w, "center")
            for k in range(1, sets + 1)
        ]
        + [Column("Total", 20.0, "center", fill=True), Column("Place", 14.0, "center", fill=True)]
    )
    room = doc.bottom - doc.y - 10.0
    players = options.players or int(room // 9.0)
    if options.variant == "successive":
        players = len(puzzles)
    rows = [[""] * len(columns) for _ in range(players)]
    for row, name in zip(rows, options.names, strict=False):
        row[0] = _fitted(name, name_w - 3.5)
    doc.table(columns, rows, row_height=9.0)


def _fitted(name: str, width: float) -> str:
    """``name`` whole, or cut to end in "..." within ``width`` mm at the table's size.

    >>> _fitted("Ana López", 40.0), _fitted("Maximiliana Wolfeschlegelsteinhausen", 30.0)
    ('Ana López', 'Maximiliana W...')
    """
    while text_width(name, BODY) > width:
        name = name.removesuffix("...")[:-1].rstrip() + "..."
    return name


def _forms(doc: Document, puzzles: Sequence[Puzzle], options: KitOptions) -> None:
    players = len(puzzles)
    rows, cols = puzzles[0].size
    grid_w, grid_h = grid_size(rows, cols)
    schedule = successive_schedule(players)
    for player in range(1, players + 1):
        doc.new_page(
            f"MAT Successive: written solutions, player {player}",
            note="Name: ______________________________",
        )
        doc.text(
            "Write the card names of your solved matrix in the grid, with the seconds and your "
            "signature. Impossible? Write the names anyway, with No in place of one card.",
            size=9,
        )
        doc.y += 3.0
        # Turns in reading order, left to right and then down, each with room to write.
        gap = 12.0
        across = max(1, int((doc.width + gap) // (max(grid_w, FORM_LINE) + gap)))
        block = grid_h + 19.0
        for turn in range(players):
            column = turn % across
            if column == 0:
                doc.ensure(block, f"Player {player}, written solutions (continued)")
                top = doc.y
                doc.y += block
            x = doc.left + column * (max(grid_w, FORM_LINE) + gap)
            solved = schedule[turn][player - 1] + 1
            doc.text_at(x, top + 4.5, f"Turn {turn + 1}: Set {solved}", size=11, bold=True)
            draw_answer_grid(doc, rows, cols, x, top + 6.5)
            below = top + 6.5 + grid_h + 7.5
            doc.text_at(x, below, "Seconds", size=10)
            box = x + text_width("Seconds", 10) + LABEL_GAP
            doc.rect(box, below - 5.0, 18.0, 7.0)
            signed = box + 18.0 + LABEL_GAP
            doc.text_at(signed, below, "Signed", size=10)
            doc.line(signed + text_width("Signed", 10) + 1.5, below + 0.5, x + FORM_LINE,
                     below + 0.5)  # fmt: skip


FORMS = {False: "a written-solution form", True: "scannable forms"}
"""What the cover calls the players' forms, printed scannable or not."""
FORM_LINE = 80.0
"""The width of a turn on a written-solution form: the Seconds box and the signature line."""
LABEL_GAP = 3.0
"""mm of white between a label and the box it names (Seconds), and after the box."""


def mat_kit_pdf(puzzles: Sequence[Puzzle], options: KitOptions) -> bytes:
    """The whole proctor kit as one PDF."""
    _check(puzzles, options)
    doc = Document(
        options.paper,
        f"MAT proctor kit ({options.variant}): {len(puzzles)} sets",
        subject="Matrix Aptitude Test, 4D Playing Cards rulebook",
        footer=f"MAT proctor kit, {options.variant}: {id_list(puzzles, 3)}",
    )
    _cover(doc, puzzles, options)
    _pull_lists(doc, puzzles, options)
    if options.variant == "successive":
        _schedule(doc, puzzles)
    _keys(doc, puzzles)
    _score_sheet(doc, puzzles, options)
    if options.scannable:
        return _scannable_forms(doc, puzzles, options.names)
    if options.variant == "successive":
        _forms(doc, puzzles, options)
    return doc.finish()


def _scannable_forms(doc: Document, puzzles: Sequence[Puzzle], names: Sequence[str]) -> bytes:
    """The kit ended by every player's scannable forms (named by ``names``, if any),
    their layout attached."""
    from generator.scan.attach import attach_layout  # pypdf: for scannable kits alone
    from generator.scan.layout import SheetLayout
    from generator.scan.mat_pages import KIND, mat_pages

    pages = mat_pages(doc, puzzles, names)
    layout = SheetLayout("mat-kit", KIND, tuple(p.card_id for p in puzzles), pages)
    return attach_layout(doc.finish(), layout)
