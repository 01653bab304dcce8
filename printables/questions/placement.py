"""Placement puzzles (Eighty-one, Good Riddance and Tiles, 4D Playing Cards rulebook): a
question kind (:data:`KIND`) asking where cards may go. Every rule is the game engine's:
a card fits an Eighty-one column when it shows a value every card of the column shows
(:func:`~printables.games.fourd.eighty_one.fits`), a Good Riddance play is checked by
``why_illegal_play`` and a Tiles place by the Tiles engine's ``fits`` and ``why_illegal``.

Three questions, one a game:

- **eighty-one**: columns of Eighty-one (each a single-flush, first-dealt card first) and
  one card: "On which columns may this card go?" (all of them, or none). At hard, a
  small batch instead, one card for each column: "Which card goes on which column?"
  (written in column order). Graded by *trap* placements: for one card, a column whose
  last card shares a value with it although the whole column does not (the card would
  fit if only the card below counted); for a batch, a card and a column it fits that
  are not in the arrangement. *Easy*: one card, four columns of two or three cards, no
  trap; *medium*: one card, five columns of three or four cards, a trap or more;
  *hard*: a batch of four cards on four columns, three traps or more.
- **good-riddance**: the top card of the pile and a hand: "Which cards may you play on
  it?" (all of them, or none). Graded by the rule and by *near misses*, cards one value
  away from playable (sharing one value with the top card; in Variation 2, one or
  three). *Easy*: the book's rule, five cards, no near miss; *medium*: the book's rule,
  six cards, two near misses or more; *hard*: Variation 2 (exactly two shared values),
  seven cards, two near misses or more.
- **tiles**: a small layout of Tiles and a hand: "Which of your cards may go in the
  marked place?" (all of them, or none). Graded by the cards touching the marked place
  and by *decoys*, hand cards that share three values with every one of them but one.
  *Easy*: one touching card; *medium*: two, and a decoy or more in hand; *hard*: three
  or four, and a decoy or more.

A Tiles layout is shown a group a row (``Row 1``, ...), the row's cards left to right;
the group's note writes the whole row cell by cell: a card's name, ``.`` for an empty
cell and ``?`` for the marked place.

Each answer is a set (the columns, the cards), so it is unique by definition; it is
found, and :meth:`PlacementKind.solutions` checks it, by trying every column or every
card of the hand against the engine's rule. A batch's arrangement is proved unique by
trying every way of putting its cards on the columns.

>>> puzzle = KIND.generate(3, KIND.choices(question="good-riddance", level="easy"))
>>> puzzle.level, len(puzzle.cards), KIND.solutions(puzzle)
('easy', 6, 1)
>>> KIND.check(puzzle, puzzle.answer.lower()).right
True
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import and_list, names, sentence, values_text
from printables.games.fourd.eighty_one import (
    Common,
    common_of,
    fits,
    hall_reason,
    mask,
    shared_values,
)
from printables.games.fourd.good_riddance import GAME as RIDDANCE
from printables.games.fourd.good_riddance import RiddanceOptions
from printables.games.fourd.tiles import GAME as TILES
from printables.games.fourd.tiles import PARTNERS as TILES_PARTNERS
from printables.games.fourd.tiles import STEPS, Cell, Place, TilesOptions, TilesState
from printables.puzzles import Scramble
from printables.questions.base import Group, Question, QuestionKind, Verdict

KEY = "placement"
EIGHTY_ONE, GOOD_RIDDANCE, TILES_Q = "eighty-one", "good-riddance", "tiles"
NONE_WORDS = ("none", "no", "nothing", "0", "-", "no card", "no cards", "no column")

COLUMN_SHAPES = {"easy": (4, (2, 3)), "medium": (5, (3, 4)), "hard": (4, (3, 3))}
"""Eighty-one: the columns and the fewest and most cards a column at each level."""
BATCH_TRAPS = 3
"""The fewest fitting placements outside the arrangement of a hard batch."""
HAND_SIZES = {"easy": 5, "medium": 6, "hard": 7}
"""Good Riddance: the cards in hand at each level."""
NEAR_MISSES = 2
"""Good Riddance: the fewest near misses in a medium or hard hand."""
TOUCHING = {"easy": (1,), "medium": (2,), "hard": (3, 4)}
"""Tiles: how many cards touch the marked place at each level."""
TILE_HAND = {"easy": 5, "medium": 6, "hard": 6}
TILE_LEGAL = {"easy": (1, 2), "medium": (0, 1, 2), "hard": (0, 1, 1)}
"""Tiles: how many cards of the hand may go in the marked place (one drawn at random)."""
EMPTY = "."
"""An empty place, in the text of a layout."""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _read_set(answer: str) -> list[Card] | None:
    """The cards written (None for "none"); unreadable text raises a ValueError."""
    text = answer.strip()
    if text.lower().rstrip(".") in NONE_WORDS:
        return None
    if not text.strip(" ,;/\t\r\n"):
        raise ValueError("write the card names, separated by spaces, or none")
    return read_cards(text, FOUR_D)


# -- Eighty-one ------------------------------------------------------------------------


@dataclass(frozen=True)
class Columns:
    """An Eighty-one puzzle: the columns, the card or batch, and the answer: the columns
    (0-based) the one card fits, or the batch's cards in column order."""

    columns: tuple[tuple[Card, ...], ...]
    batch: tuple[Card, ...]
    fitting: tuple[int, ...] = ()
    arrangement: tuple[Card, ...] = ()

    @property
    def commons(self) -> tuple[Common, ...]:
        return tuple(common_of(c) for c in self.columns)


def column_fits(columns: Sequence[Sequence[Card]], card: Card) -> tuple[int, ...]:
    """The columns (0-based) ``card`` may go on: every column tried with the game's rule.

    >>> from printables.cards import FOUR_D, read_cards
    >>> column_fits([read_cards("Bb=S Gw~S", FOUR_D), read_cards("Rg=T BwzT", FOUR_D)],
    ...             FOUR_D.card("RbzT"))
    (1,)
    """
    return tuple(i for i, column in enumerate(columns) if fits(card, common_of(column)))


def arrangements(
    columns: Sequence[Sequence[Card]], batch: Sequence[Card]
) -> list[tuple[Card, ...]]:
    """Every way of putting the batch on the columns, one card each, every card on a
    column it fits (cards in column order): all orders tried."""
    commons = [common_of(c) for c in columns]
    return [
        order
        for order in itertools.permutations(batch)
        if all(fits(card, common) for card, common in zip(order, commons, strict=True))
    ]


def why_not_on(card: Card, columns: Sequence[Sequence[Card]], column: int) -> str:
    """Why ``card`` may not go on a column (0-based), as the Eighty-one engine says it."""
    common = common_of(columns[column])
    return (f"{card} shares no value with column {column + 1}, whose cards all show "
            f"{values_text(shared_values(common))}; all the cards in a column must share at "
            "least one value")  # fmt: skip


def is_trap(card: Card, column: Sequence[Card]) -> bool:
    """True when ``card`` does not fit the column but shares a value with its last card
    (it would go on if only the card below counted)."""
    return not fits(card, common_of(column)) and fits(card, mask(column[-1]))


def batch_traps(columns: Sequence[Sequence[Card]], arrangement: Sequence[Card]) -> int:
    """Fitting placements of the batch that are not in the arrangement."""
    commons = [common_of(c) for c in columns]
    return sum(
        1
        for card in arrangement
        for col, common in enumerate(commons)
        if arrangement[col] != card and fits(card, common)
    )


def columns_grade(puzzle: Columns) -> tuple[str, int]:
    """The level of an Eighty-one puzzle and its measure, the trap placements."""
    if len(puzzle.batch) > 1:
        return "hard", batch_traps(puzzle.columns, puzzle.arrangement)
    card = puzzle.batch[0]
    traps = sum(1 for column in puzzle.columns if is_trap(card, column))
    return ("easy" if traps == 0 else "medium"), traps


def _column(rng: random.Random, depth: int, used: set[Card]) -> tuple[Card, ...] | None:
    """A random single-flush column, dealt as the game deals it: each card fits."""
    cards: list[Card] = []
    common = (1 << 12) - 1
    while len(cards) < depth:
        choices = [c for c in FOUR_D.cards if c not in used and fits(c, common)]
        if not choices:
            return None
        card = rng.choice(choices)
        cards.append(card)
        used.add(card)
        common &= mask(card)
    return tuple(cards)


def columns_puzzle(columns: Sequence[Sequence[Card]], batch: Sequence[Card]) -> Columns:
    """The Eighty-one puzzle of these columns and a card or a batch (its answer found by
    trying every column, or every arrangement; a batch must have exactly one)."""
    cols = tuple(tuple(c) for c in columns)
    if len(batch) == 1:
        return Columns(cols, tuple(batch), fitting=column_fits(cols, batch[0]))
    found = arrangements(cols, batch)
    if len(found) != 1:
        raise ValueError(f"the batch has {len(found)} arrangements, not one")
    return Columns(cols, tuple(batch), arrangement=found[0])


def _make_columns(level: str, rng: random.Random) -> Columns | None:
    count, (low, high) = COLUMN_SHAPES[level]
    used: set[Card] = set()
    columns = []
    for _ in range(count):
        column = _column(rng, rng.randint(low, high), used)
        if column is None:
            return None
        columns.append(column)
    rest = [c for c in FOUR_D.cards if c not in used]
    if level != "hard":
        card = rng.choice(rest)
        fitting = column_fits(columns, card)
        if level == "easy" and not 0 < len(fitting) < count:
            return None
        return columns_puzzle(columns, [card])
    batch: list[Card] = []
    for column in columns:  # plant one arrangement, then prove it is the only one
        common = common_of(column)
        choices = [c for c in rest if c not in batch and fits(c, common)]
        if not choices:
            return None
        batch.append(rng.choice(choices))
    rng.shuffle(batch)
    found = arrangements(columns, batch)
    if len(found) != 1 or batch_traps(columns, found[0]) < BATCH_TRAPS:
        return None
    return columns_puzzle(columns, batch)


def _columns_key(puzzle: Columns) -> tuple[str, ...]:
    columns = puzzle.columns
    commons = puzzle.commons
    lines = []
    if len(puzzle.batch) == 1:
        card = puzzle.batch[0]
        if puzzle.fitting:
            where = and_list([str(i + 1) for i in puzzle.fitting])
            lines.append(f"{card} may go on column{'s' if len(puzzle.fitting) > 1 else ''} "
                         f"{where}.")  # fmt: skip
        else:
            lines.append(f"{card} may go on no column.")
        for i, column in enumerate(columns):
            if i in puzzle.fitting:
                both = values_text(shared_values(commons[i] & mask(card)))
                lines.append(f"Column {i + 1}: every card shows {both}, and so does {card}.")
                continue
            line = sentence(why_not_on(card, columns, i))
            if is_trap(card, column):
                last = column[-1]
                line += (f" (it shares {values_text(card.shared_with(last))} with the last "
                         f"card {last}, but the column is taken whole)")  # fmt: skip
            lines.append(f"Column {i + 1}: {line}.")
        return tuple(lines)
    order = puzzle.arrangement
    lines.append("In column order: " + names(order) + ".")
    for i, card in enumerate(order):
        both = values_text(shared_values(commons[i] & mask(card)))
        lines.append(f"Column {i + 1} takes {card}: they share {both}.")
    for card in order:
        home = order.index(card)
        for col in range(len(columns)):
            if col == home or not fits(card, commons[col]):
                continue
            placed = [(*c, card) if k == col else c for k, c in enumerate(columns)]
            rest = [c for c in order if c != card]
            others = [k for k in range(len(columns)) if k != col]
            reason = hall_reason(placed, rest, others, "left in the batch")
            lines.append(f"{card} fits column {col + 1} too, but with it there the rest of "
                         f"the batch cannot be placed: {reason}.")  # fmt: skip
    lines.append(f"Every way of putting the {len(order)} cards on the {len(columns)} columns "
                 "was tried; only this one puts every card on a column it fits.")  # fmt: skip
    return tuple(lines)


def _columns_question(puzzle_id: str, puzzle: Columns) -> Question:
    level, traps = columns_grade(puzzle)
    columns = puzzle.columns
    groups = tuple(Group(f"Column {i + 1}", column) for i, column in enumerate(columns))
    numbers = tuple(str(i + 1) for i in range(len(columns)))
    if len(puzzle.batch) == 1:
        card = puzzle.batch[0]
        return Question(
            id=puzzle_id,
            kind=KEY,
            question=EIGHTY_ONE,
            level=level,
            text="On "
            f"which of these columns (first-dealt card first) may {card} go? Name all of "
            "them, or write none.",
            groups=(*groups, Group("Card", (card,))),
            answer_fields=("Columns:",),
            answer_hint="the column numbers, such as 1 3, or none",
            entry="choice",
            options=(*numbers, "none"),
            answer=" ".join(str(i + 1) for i in puzzle.fitting) or "none",
            key=_columns_key(puzzle),
            grade=f"{level}: one card, {len(columns)} columns, "
            + (
                f"{_plural(traps, 'trap column')} (its last card shares a value with the "
                "card, the whole column does not)"
                if traps
                else "no trap column (one whose last card alone would take the card)"
            ),
            hint="Find the values each whole column shares first (not only its last card's), "
            "then look for them on the card.",
            solution=puzzle,
        )
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=EIGHTY_ONE,
        level=level,
        text="Place "
        f"this batch of {len(puzzle.batch)} cards on the {len(columns)} columns (first-dealt "
        "card first), one card on each. Which card goes on which column?",
        groups=(*groups, Group("Batch", puzzle.batch)),
        answer_fields=tuple(f"Column {n}:" for n in numbers),
        answer_hint="the batch's card names in column order, the card for column 1 first",
        entry="order",
        options=tuple(str(c) for c in puzzle.batch),
        answer=names(puzzle.arrangement),
        key=_columns_key(puzzle),
        grade=f"{level}: a batch of {len(puzzle.batch)} cards on {len(columns)} columns, "
        f"{_plural(traps, 'fitting placement')} outside the only arrangement",
        hint="Start with a column that only one card of the batch fits, or a card that fits "
        "only one column.",
        solution=puzzle,
    )


def _read_columns(answer: str, count: int) -> list[int] | None:
    """The column numbers written (None for "none")."""
    text = answer.strip().lower()
    if text.rstrip(".") in NONE_WORDS:
        return None
    text = re.sub(r"\b(columns?|cols?|and)\b|&", " ", text)
    words = [w for w in re.split(r"[\s,;/.]+", text) if w]
    if not words:
        raise ValueError(f"write the column numbers (1 to {count}), such as 1 3, or none")
    numbers = []
    for word in words:
        if not word.isdigit():
            raise ValueError(f"{word!r} is not a column number; write the column numbers "
                             f"(1 to {count}), such as 1 3, or none")  # fmt: skip
        numbers.append(int(word))
    return numbers


def _judge_columns(puzzle: Question, answer: str) -> Verdict:
    data: Columns = puzzle.solution
    if len(data.batch) > 1:
        return _judge_batch(data, answer)
    card, count = data.batch[0], len(data.columns)
    numbers = _read_columns(answer, count)
    if numbers is None:
        if data.fitting:
            return Verdict(False, (f"{card} fits at least one column",), "none")
        return Verdict(True, (f"{card} fits no column",), "none")
    chosen = sorted(set(numbers))
    read = " ".join(str(n) for n in chosen)
    reasons = []
    for n in chosen:
        if not 1 <= n <= count:
            reasons.append(f"there is no column {n}; the columns are 1 to {count}")
        elif n - 1 not in data.fitting:
            reasons.append(why_not_on(card, data.columns, n - 1))
    missing = sum(1 for i in data.fitting if i + 1 not in chosen)
    if missing:
        reasons.append(f"{'one column' if missing == 1 else f'{missing} columns'} it may go on "
                       f"{'is' if missing == 1 else 'are'} missing")  # fmt: skip
    if reasons:
        return Verdict(False, tuple(reasons), read)
    return Verdict(True, (f"{card} fits exactly these columns",), read)


def _judge_batch(data: Columns, answer: str) -> Verdict:
    if not answer.strip(" ,;/\t\r\n"):
        raise ValueError("write the batch's card names in column order")
    cards = read_cards(answer, FOUR_D)
    read = names(cards)
    strangers = [c for c in cards if c not in data.batch]
    if strangers:
        return Verdict(False, tuple(f"{c} is not in the batch" for c in strangers), read)
    if len(cards) != len(data.columns):
        raise ValueError(f"write {len(data.columns)} cards, one for each column in order, "
                         f"not {len(cards)}")  # fmt: skip
    reasons = tuple(
        why_not_on(card, data.columns, i)
        for i, card in enumerate(cards)
        if not fits(card, common_of(data.columns[i]))
    )
    if reasons:
        return Verdict(False, reasons, read)
    return Verdict(True, ("every card goes on a column whose cards it shares a value with",),
                   read)  # fmt: skip


# -- Good Riddance ---------------------------------------------------------------------


@dataclass(frozen=True)
class Pile:
    """A Good Riddance puzzle: the top card, the hand, the rule, and the playable cards."""

    top: Card
    hand: tuple[Card, ...]
    shared: int
    playable: tuple[Card, ...]

    @property
    def options(self) -> RiddanceOptions:
        return RiddanceOptions(shared=self.shared)


def pile_puzzle(top: Card, hand: Sequence[Card], shared: int = 0) -> Pile:
    """The Good Riddance puzzle of a top card and a hand: every card tried with the
    game's rule (``shared``: 0 the book, 2 Variation 2)."""
    options = RiddanceOptions(shared=shared)
    playable = tuple(c for c in hand if RIDDANCE.why_illegal_play(c, top, options) is None)
    return Pile(top, tuple(hand), shared, playable)


def near_misses(pile: Pile) -> int:
    """Cards one value away from playable."""
    return sum(1 for c in pile.hand if abs(c.shares(pile.top) - pile.shared) == 1)


def pile_grade(pile: Pile) -> tuple[str, int]:
    """The level of a Good Riddance puzzle and its measure, the near misses."""
    near = near_misses(pile)
    return ("hard" if pile.shared else "medium" if near else "easy"), near


def _make_pile(level: str, rng: random.Random) -> Pile | None:
    shared = 2 if level == "hard" else 0
    top = rng.choice(FOUR_D.cards)
    by_count: dict[int, list[Card]] = {n: [] for n in range(4)}
    for c in FOUR_D.cards:
        if c != top:
            by_count[c.shares(top)].append(c)
    size = HAND_SIZES[level]
    legal = rng.choice((0, 1, 1, 2, 2, 3)) if level != "easy" else rng.randint(1, 3)
    near_counts = (1, 3) if shared else (1,)
    near_pool = [c for n in near_counts for c in by_count[n]]
    far_pool = [c for n in range(4) if n != shared and n not in near_counts for c in by_count[n]]
    near = 0 if level == "easy" else rng.randint(NEAR_MISSES, size - legal)
    far = size - legal - near
    if far > len(far_pool):
        return None
    hand = (rng.sample(by_count[shared], legal) + rng.sample(near_pool, near)
            + rng.sample(far_pool, far))  # fmt: skip
    rng.shuffle(hand)
    return pile_puzzle(top, hand, shared)


def _pile_key(pile: Pile) -> tuple[str, ...]:
    options = pile.options
    if pile.playable:
        lines = [f"You may play {and_list([str(c) for c in pile.playable])}."]
    else:
        lines = ["You may play none of your cards."]
    for card in pile.hand:
        reason = RIDDANCE.why_illegal_play(card, pile.top, options)
        if reason is None:
            reason = RIDDANCE.score_position(f"{card} on {pile.top}", options).reasons[0]
        lines.append(reason)
    return tuple(lines)


def _pile_question(puzzle_id: str, pile: Pile) -> Question:
    level, near = pile_grade(pile)
    rule = (
        "a card may be played on the top card only if it shares no value with it"
        if not pile.shared
        else "in Variation 2, a card may be played on the top card only if it shares "
        "exactly two values with it"
    )
    misses = "no near miss" if not near else "1 near miss" if near == 1 else f"{near} near misses"
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=GOOD_RIDDANCE,
        level=level,
        text=f"Good Riddance: {rule}. Which cards of your hand may you play on the top card "
        f"{pile.top}? Name all of them, or write none.",
        groups=(
            Group("Top card", (pile.top,)),
            Group("Hand", pile.hand, f"{len(pile.hand)} cards"),
        ),
        answer_fields=("Cards:",),
        answer_hint="the card names, such as Bb=S GwzC, or none",
        entry="cards",
        options=(),
        answer=names(pile.playable) or "none",
        key=_pile_key(pile),
        grade=f"{level}: "
        + ("Variation 2 (exactly two shared values)" if pile.shared else "the book's rule")
        + f", {len(pile.hand)} cards, {misses} (a card one value away from playable)",
        hint=(
            "Hold each card against the top card and compare color, shade, pattern and "
            "shape one at a time"
            + (": exactly two must match." if pile.shared else ": none may match.")
        ),
        solution=pile,
    )


def _judge_pile(puzzle: Question, answer: str) -> Verdict:
    pile: Pile = puzzle.solution
    cards = _read_set(answer)
    if cards is None:
        if pile.playable:
            return Verdict(False, (f"{_plural(len(pile.playable), 'card')} of your hand may "
                                   "be played",), "none")  # fmt: skip
        return Verdict(True, ("no card of your hand may be played",), "none")
    read = names(cards)
    reasons = []
    for card in cards:
        if card == pile.top:
            reasons.append(f"{card} is the top card, not a card of your hand")
        elif card not in pile.hand:
            reasons.append(f"{card} is not in your hand")
        else:
            reason = RIDDANCE.why_illegal_play(card, pile.top, pile.options)
            if reason:
                reasons.append(reason.rstrip("."))
    missing = sum(1 for c in pile.playable if c not in cards)
    if missing:
        reasons.append(f"{'one card' if missing == 1 else f'{missing} cards'} that may be "
                       f"played {'is' if missing == 1 else 'are'} missing")  # fmt: skip
    if reasons:
        return Verdict(False, tuple(reasons), read)
    return Verdict(True, ("exactly these cards may be played",), read)


# -- Tiles -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """A Tiles puzzle: the cards on the table (row, cell, card; 0-based), the grid's size,
    the marked place, the hand and the hand's cards that may go there."""

    table: tuple[tuple[int, int, Card], ...]
    rows: int
    columns: int
    marked: Cell
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]

    @property
    def grid(self) -> dict[Cell, Card]:
        return {(r, c): card for r, c, card in self.table}

    @property
    def state(self) -> TilesState:
        """The position as the Tiles engine holds it: the hand's owner to play."""
        return TilesState(TilesOptions(), 0, 0, (self.hand,), (), self.table, 0)

    @property
    def touching(self) -> tuple[tuple[Card, str], ...]:
        """The cards touching the marked place, and where each lies from it."""
        grid, (r, c) = self.grid, self.marked
        return tuple((grid[r + dr, c + dc], w) for dr, dc, w in STEPS if (r + dr, c + dc) in grid)


def tiles_puzzle(
    table: Sequence[tuple[int, int, Card]], size: tuple[int, int], marked: Cell,
    hand: Sequence[Card],
) -> Layout:  # fmt: skip
    """The Tiles puzzle of a layout and a hand: every card of the hand tried in the marked
    place with the engine's rule."""
    state = TilesState(TilesOptions(), 0, 0, (tuple(hand),), (), tuple(table), 0)
    legal = tuple(p.card for p in TILES.placements(state, hand) if (p.row, p.column) == marked)
    return Layout(tuple(table), *size, marked, tuple(hand), legal)


def decoys(layout: Layout) -> int:
    """Hand cards that share three values with every card touching the marked place but
    one (the engine's ``why_illegal_touch`` says which)."""
    touching = layout.touching
    if len(touching) < 2:
        return 0
    return sum(
        1
        for card in layout.hand
        if sum(TILES.why_illegal_touch(card, other, w) is not None for other, w in touching) == 1
    )


def tiles_grade(layout: Layout) -> tuple[str, int]:
    """The level of a Tiles puzzle, and its decoys."""
    touching, found = len(layout.touching), decoys(layout)
    level = "easy" if touching < 2 or not found else "medium" if touching == 2 else "hard"
    return level, found


def _connected(cells: set[Cell]) -> bool:
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for dr, dc, _ in STEPS:
            n = (r + dr, c + dc)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def _make_layout(level: str, rng: random.Random) -> Layout | None:
    rows, columns = (2, 3) if level == "easy" else (3, 3)
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    marked = rng.choice(cells)
    around = [(marked[0] + dr, marked[1] + dc) for dr, dc, _ in STEPS]
    around = [x for x in around if x in cells]
    count = rng.choice(TOUCHING[level])
    if count > len(around):
        return None
    touching = rng.sample(around, count)
    others = [x for x in cells if x != marked and x not in around and rng.random() < 0.7]
    filled = set(touching) | set(others)
    if not _connected(filled):
        return None
    if any(all((r, c) not in filled for c in range(columns)) for r in range(rows)):
        return None
    if any(all((r, c) not in filled and (r, c) != marked for r in range(rows))
           for c in range(columns)):  # fmt: skip
        return None
    # Plant a card in the marked place, fill the cells outwards from it, then lift it.
    grid: dict[Cell, Card] = {marked: rng.choice(FOUR_D.cards)}
    order = sorted(filled, key=lambda x: (abs(x[0] - marked[0]) + abs(x[1] - marked[1]), x))
    for r, c in order:
        choices = [x for x in FOUR_D.cards
                   if x not in grid.values() and TILES.fits(grid, x, r, c)]  # fmt: skip
        if not choices:
            return None
        grid[r, c] = rng.choice(choices)
    planted = grid.pop(marked)
    table = tuple((r, c, grid[r, c]) for r, c in sorted(grid))
    if not TILES.score_position(_layout_text(table, rows, columns)).details["legal"]:
        return None
    free = [x for x in FOUR_D.cards if x not in grid.values()]
    fitting = [x for x in free if TILES.fits(grid, x, *marked)]
    assert planted in fitting
    probe = Layout(table, rows, columns, marked, tuple(free), ())
    decoy = [x for x in free if x not in fitting and decoys(_with_hand(probe, (x,))) == 1]
    legal = min(rng.choice(TILE_LEGAL[level]), len(fitting))
    wanted = 0 if level == "easy" else rng.randint(1, min(2, len(decoy))) if decoy else 1
    if wanted > len(decoy):
        return None
    rest = [x for x in free if x not in fitting and x not in decoy]
    close = [x for x in rest if any(x in TILES_PARTNERS[t] for t, _ in probe.touching)]
    hand = rng.sample(fitting, legal) + rng.sample(decoy, wanted)
    hand += rng.sample(close, min(len(close), (TILE_HAND[level] - len(hand)) // 2))
    hand += rng.sample([x for x in rest if x not in hand], TILE_HAND[level] - len(hand))
    rng.shuffle(hand)
    return tiles_puzzle(table, (rows, columns), marked, hand)


def _with_hand(layout: Layout, hand: tuple[Card, ...]) -> Layout:
    return Layout(layout.table, layout.rows, layout.columns, layout.marked, hand, ())


def _layout_text(table: Sequence[tuple[int, int, Card]], rows: int, columns: int) -> str:
    grid = {(r, c): card for r, c, card in table}
    return " / ".join(
        " ".join(str(grid[r, c]) if (r, c) in grid else EMPTY for c in range(columns))
        for r in range(rows)
    )


def _tiles_key(layout: Layout) -> tuple[str, ...]:
    state = layout.state
    r, c = layout.marked
    touching = layout.touching
    if layout.legal:
        lines = [f"{and_list([str(x) for x in layout.legal])} may go in the marked place."]
    else:
        lines = ["None of your cards may go in the marked place."]
    for card in layout.hand:
        reason = TILES.why_illegal(state, Place(card, r, c))
        if reason is None:
            each = "; ".join(f"with {other} ({w} it) {values_text(card.shared_with(other))}"
                             for other, w in touching)  # fmt: skip
            lines.append(f"{card} may go there: it shares three values with every card it "
                         f"touches ({each}).")  # fmt: skip
        else:
            lines.append(reason)
    return tuple(lines)


def _tiles_question(puzzle_id: str, layout: Layout) -> Question:
    level, found = tiles_grade(layout)
    r, c = layout.marked
    cells = [(i, k) for i in range(layout.rows) for k in range(layout.columns)]
    placed = [cell for cell in cells if cell in layout.grid]
    table = Group(
        "Table",
        tuple(layout.grid[cell] for cell in placed),
        f"{layout.rows} rows of {layout.columns} places; ? is the marked place",
        layout.columns,
        slots=tuple(cells.index(cell) for cell in placed),
        mark=cells.index(layout.marked),
    )
    touching = len(layout.touching)
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=TILES_Q,
        level=level,
        text=f"Which of your cards may go in the marked place (?, row {r + 1}, place {c + 1})? "
        "Name all of them, or write none.",
        groups=(table, Group("Hand", layout.hand, f"{len(layout.hand)} cards")),
        answer_fields=("Cards:",),
        answer_hint="the card names, such as Bb=S GwzC, or none",
        entry="cards",
        options=(),
        answer=names(layout.legal) or "none",
        key=_tiles_key(layout),
        grade=f"{level}: {_plural(touching, 'card')} touching the marked place, "
        + (
            f"{_plural(found, 'decoy')} in hand (a card that shares three values with all "
            "of them but one)"
            if found
            else "no decoy in hand"
        ),
        hint="Find the cards above, below, left and right of the marked place; a card that "
        "goes there shares three values with each of them.",
        solution=layout,
    )


def _judge_tiles(puzzle: Question, answer: str) -> Verdict:
    layout: Layout = puzzle.solution
    cards = _read_set(answer)
    if cards is None:
        if layout.legal:
            return Verdict(False, (f"{_plural(len(layout.legal), 'card')} of your hand may go "
                                   "there",), "none")  # fmt: skip
        return Verdict(True, ("no card of your hand may go there",), "none")
    read = names(cards)
    state, (r, c) = layout.state, layout.marked
    on_table = layout.grid.values()
    reasons = []
    for card in cards:
        if card in on_table:
            reasons.append(f"{card} is already on the table, not in your hand")
            continue
        reason = TILES.why_illegal(state, Place(card, r, c))
        if reason:
            reasons.append(reason.rstrip(".").replace("player 1's hand", "your hand"))
    missing = sum(1 for x in layout.legal if x not in cards)
    if missing:
        reasons.append(f"{'one card' if missing == 1 else f'{missing} cards'} that may go "
                       f"there {'is' if missing == 1 else 'are'} missing")  # fmt: skip
    if reasons:
        return Verdict(False, tuple(reasons), read)
    return Verdict(True, ("exactly these cards may go in the marked place",), read)


# -- the kind --------------------------------------------------------------------------


class PlacementKind(QuestionKind):
    """Placement puzzles: ids ``placement-`` and six characters.

    >>> KIND.choices(question="T", level="hard")
    Choices(question='tiles', level='hard')
    """

    key = KEY
    title = "Placement"
    questions: ClassVar[dict[str, str]] = {"e": EIGHTY_ONE, "g": GOOD_RIDDANCE, "t": TILES_Q}
    question_help: ClassVar[dict[str, str]] = {
        EIGHTY_ONE: "on which Eighty-one columns may a card go (hard: arrange a batch)",
        GOOD_RIDDANCE: "which cards of a hand may be played on Good Riddance's top card",
        TILES_Q: "which cards of a hand may go in a marked place of a Tiles layout",
    }
    scramble = Scramble(0x1E3779B1)
    question_rules: ClassVar[dict[str, str]] = {
        EIGHTY_ONE: "Eighty-one: a card may go on a column only if it shows a value that every "
        "card of the column shows, and a batch puts one card on each column.",
        GOOD_RIDDANCE: "Good Riddance: a card may be played on the top card only if it shares "
        "no value with it (Variation 2: exactly two).",
        TILES_Q: "Tiles: a card placed must share three values with every card it touches, side "
        "by side or end to end; diagonal cards do not touch.",
    }
    rules = " ".join(question_rules.values())

    def rules_for(self, question: str) -> str:
        return self.question_rules[question]

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        made: Question
        if question == EIGHTY_ONE:
            columns = _make_columns(level, rng)
            if columns is None:
                return None
            made = _columns_question(puzzle_id, columns)
        elif question == GOOD_RIDDANCE:
            pile = _make_pile(level, rng)
            if pile is None:
                return None
            made = _pile_question(puzzle_id, pile)
        else:
            layout = _make_layout(level, rng)
            if layout is None:
                return None
            made = _tiles_question(puzzle_id, layout)
        return made if made.level == level else None

    def solutions(self, puzzle: Question) -> int:
        data = puzzle.solution
        if isinstance(data, Columns):
            if len(data.batch) > 1:
                return len(arrangements(data.columns, data.batch))
            return int(column_fits(data.columns, data.batch[0]) == data.fitting)
        if isinstance(data, Pile):
            return int(pile_puzzle(data.top, data.hand, data.shared).playable == data.playable)
        found = tiles_puzzle(data.table, (data.rows, data.columns), data.marked, data.hand)
        return int(found.legal == data.legal)

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        if puzzle.question == EIGHTY_ONE:
            return _judge_columns(puzzle, answer)
        if puzzle.question == GOOD_RIDDANCE:
            return _judge_pile(puzzle, answer)
        return _judge_tiles(puzzle, answer)


KIND = PlacementKind()
"""The Placement puzzle kind, as the registry finds it."""
