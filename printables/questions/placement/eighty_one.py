"""Eighty-one placement questions: on which columns may a card go, or which card of a
batch goes on which column; made, graded, explained and judged by the game's own rule."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import and_list, counted, names, sentence, values_text
from printables.games.fourd.eighty_one import (
    Common,
    common_of,
    fits,
    hall_reason,
    mask,
    shared_values,
)
from printables.questions.base import Group, Question, Verdict
from printables.questions.placement.common import (
    EIGHTY_ONE,
    KEY,
    NONE_WORDS,
)

COLUMN_SHAPES = {"easy": (4, (2, 3)), "medium": (5, (3, 4)), "hard": (4, (3, 3))}
"""Eighty-one: the columns and the fewest and most cards a column at each level."""
BATCH_TRAPS = 3
"""The fewest fitting placements outside the arrangement of a hard batch."""


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


def make_columns(level: str, rng: random.Random) -> Columns | None:
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


def columns_question(puzzle_id: str, puzzle: Columns) -> Question:
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
            several=True,
            nothing="none",
            key=_columns_key(puzzle),
            grade=f"{level}: one card, {len(columns)} columns, "
            + (
                f"{counted(traps, 'trap column')} (its last card shares a value with the "
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
        f"{counted(traps, 'fitting placement')} outside the only arrangement",
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


def judge_columns(puzzle: Question, answer: str) -> Verdict:
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
