"""A proof as data: its bars, lists, crossing facts, crowds or cases (the package's
docstring says how a proof goes); its words come from :mod:`.words`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from printables.cards.deck import Card, Value
from printables.matrix.proofs.words import brief_lines, full_lines

KEY_MOST = 1500
"""The most characters of a proof as an answer key prints it (:attr:`Proof.brief_lines`):
a third of a page."""

PAGE = 4500
"""The most characters of a proof in full (:attr:`Proof.lines`): a page, three keys'
worth. A proof that would run longer leaves some crowds' crossings to the reader
(:attr:`TooMany.crossings_told`) and tells more crowds last (:attr:`Proof.told_last`)."""

Option = tuple[Value, ...]
"""What the lines of one direction share: one value a line, in deck order (a multiset)."""


@dataclass(frozen=True)
class TooFew:
    """Rows sharing ``row`` (``row_lines`` of them or more) never go with columns sharing
    ``col`` (``col_lines`` or more): their crossings need more cards showing both than
    the ``cards`` that do."""

    row: Value
    row_lines: int
    col: Value
    col_lines: int
    cards: int

    @property
    def places(self) -> int:
        return self.row_lines * self.col_lines

    def rules_out(self, rows: Option, cols: Option) -> bool:
        return rows.count(self.row) >= self.row_lines and cols.count(self.col) >= self.col_lines


@dataclass(frozen=True)
class TooMany:
    """Cards that fit only at ``crossings`` (row value, column value), which hold at most
    ``places``, fewer than there are cards (a crossing named may be missing from a pair
    of lists: it holds no place there).

    Or, ``unfilled``, the other way round: the ``crossings`` hold at least ``places``,
    more than the ``cards``, the only cards that fit any of them, and every place holds
    a card (a crowd of most of the set says it in fewer words this way).

    ``crossings_told`` is False when the words leave the crossings for the reader to
    find in the pair ("Rb~T Rb=T: 2 cards, at most 1 place"): the longest lists of
    them, in a proof that would run over a :data:`PAGE` with them all. The check is the
    same either way."""

    cards: tuple[Card, ...]
    crossings: tuple[tuple[Value, Value], ...]
    places: int
    unfilled: bool = False
    crossings_told: bool = True


@dataclass(frozen=True)
class Crowd:
    """A pair of lists (by number from 1) that no crossing fact rules out, and the cards
    that outnumber their places under it."""

    row_list: int
    col_list: int
    why: TooMany


@dataclass(frozen=True)
class Bar:
    """Lines of one side whose list holds ``values`` (each at least as often) leave
    ``card`` no line across: each of its values is shown on too few cards for a line
    across, or is of an attribute the list holds another value of, or is shown with a
    value of the list on fewer cards than lines share that value."""

    values: Option
    card: Card

    def holds(self, option: Option) -> bool:
        """Whether a list holds the bar's values (and so is barred)."""
        return all(option.count(v) >= k for v, k in Counter(self.values).items())


@dataclass(frozen=True)
class Pin:
    """A card that fits only where a row sharing ``row`` crosses a column sharing ``col``
    (or, in a case of a :class:`Split`, a card taken to sit there).

    Its row and its column each share one of its values and meet only at it, so they
    hold rows + columns - 1 cards, each showing the row's value or the column's (both
    the same value, it may be), a row's worth showing the row's and a column's worth the
    column's; of the card's pairs of values (a value twice among them) only ``row`` and
    ``col`` are shown on that many (in a square, either way round: the grid is turned
    over so that its row shares ``row``). So every row list holds ``row`` and every
    column list ``col``; and when ``row`` is shown on just a row's worth of cards,
    the card's row is those cards, each other column crossing it at one of them, so the
    column lists hold ``col`` once and a value of each of the others (and likewise for a
    column)."""

    card: Card
    row: Value
    col: Value


@dataclass(frozen=True)
class Split:
    """A card's row and column taken case by case: they each share one of its values and
    meet only at it, so they hold rows + columns - 1 cards, each showing the row's value
    or the column's, a row's worth the row's and a column's worth the column's; of the
    card's pairs of values (a value twice among them), only those of ``cases`` are shown
    on that many (in a square, either way round: the grid turned over). Each case is a
    proof pinned to its pair (:attr:`Proof.pin`, the card and the case's row and column
    values) that no arrangement with the card's row and column sharing them works."""

    card: Card
    cases: tuple[Proof, ...]


@dataclass(frozen=True)
class ListCase:
    """One list of the side a proof lists (its rows, or its columns when those have the
    fewer lists), and why no list of the other side goes with it: the other side's lines
    can share only ``allowed`` values (each shown with every value of the list on enough
    cards, and of no attribute the list holds another value of), so either ``lonely``
    shows none of them, or the other side shares one of ``others``, each with a crowd
    (row values first in its crossings, as always)."""

    option: int
    allowed: tuple[Value, ...]
    lonely: Card | None
    others: tuple[Option, ...]
    crowds: tuple[TooMany, ...]


@dataclass(frozen=True)
class Proof:
    """A case analysis that no arrangement works: by pairs of lists (the row lists, the
    column lists, crossing facts and crowds), or, when one side has few lists, by the
    lists of that side alone (``cases``; the other side's lists are then left empty)."""

    rows: int
    cols: int
    row_options: tuple[Option, ...]
    col_options: tuple[Option, ...]
    facts: tuple[TooFew, ...]
    crowds: tuple[Crowd, ...]
    cards: tuple[Card, ...] = ()
    """The set proved impossible (its words name a large crowd by the cards it leaves out)."""
    cases: tuple[ListCase, ...] = ()
    """For a proof by one side's lists: a case for each list."""
    listed: str = ""
    """Which side a proof by lists takes list by list ("rows" or "columns"); "" for pairs."""
    row_bars: tuple[Bar, ...] = ()
    """Values no row list may hold; the row lists are those left."""
    col_bars: tuple[Bar, ...] = ()
    """Values no column list may hold (in a square, the row bars unless a card is pinned)."""
    pin: Pin | None = None
    """A card pinned to one crossing, which the lists (before the bars) all allow: one
    that fits no other, or, in a case of a :attr:`split`, the one the case takes."""
    row_crossed: tuple[Option, ...] = ()
    """Values no row list may hold because no column list goes with them: with each
    column list, some column value and one of these are two values of one attribute, or
    shown together on too few cards for the lines sharing them to cross. The row lists
    are those left (after the row bars too); the column lists are then listed first, in
    full."""
    col_crossed: tuple[Option, ...] = ()
    """The same for the columns, against every row list (at most one side is crossed; a
    square's proof then no longer holds turned over: its columns are listed, and its
    pairs taken one way round)."""
    lonely: tuple[tuple[int, Card], ...] = ()
    """In a proof with values no list across goes with: lists of the side listed in full
    (by number from 1) with a card that fits no line across them (each of its values
    shown on too few cards for a line across, of an attribute the list holds another
    value of, or shown with a value of the list on fewer cards than lines share it).
    They go with no list across, and the other steps leave them out."""
    split: Split | None = None
    """A card's row and column taken case by case, each case a proof of its own; a proof
    split so says nothing else (its lists and steps are the cases')."""
    told_last: int = 0
    """How many crowds the words tell last, their pairs unnamed ("Every other pair: either
    ...; or ..."): 0 for as many as the crowds' number calls for
    (:data:`~printables.matrix.proofs.words.LAST_TOLD_FROM`); more in a proof that would
    run over a :data:`PAGE` otherwise."""

    @property
    def mirrored(self) -> bool:
        """Whether every step holds with rows and columns swapped (the grid turned over):
        in a square, unless a pinned card (or a split's) has fixed which way round the grid
        lies, or one side's lists are cut down by the other's (:attr:`col_crossed`)."""
        crossed = self.row_crossed or self.col_crossed
        unpinned = self.pin is None and self.split is None
        return self.rows == self.cols and unpinned and not crossed

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """The proof in words, a step a line: the lists, each crossing fact, each crowd
        (worked out once, and kept when the proof is pickled)."""
        return full_lines(self)

    @cached_property
    def brief_lines(self) -> tuple[str, ...]:
        """The same steps for a page that prints :data:`RULES` once before its proofs
        (an answer key): the rules each proof would repeat are left to it. Worked out
        once, and kept when the proof is pickled: a key's words made with a puzzle in
        another process come with it."""
        return brief_lines(self)

    @property
    def length(self) -> int:
        """How many characters the proof takes told in full (:attr:`lines`); at most
        :data:`PAGE` fits a page."""
        return sum(len(line) for line in self.lines)

    @property
    def key_length(self) -> int:
        """How many characters the proof takes as a key prints it (:attr:`brief_lines`);
        at most :data:`KEY_MOST` fits a third of a page."""
        return sum(len(line) for line in self.brief_lines)

    @property
    def steps(self) -> int:
        """How long the proof is: a pinned card, then the facts and crowds it takes, or
        the cases and their crowds (at least one step); a split, then its cases' steps."""
        if self.split is not None:
            return 1 + sum(case.steps for case in self.split.cases)
        pinned = self.pin is not None
        if self.cases:
            return pinned + sum(max(1, len(case.crowds)) for case in self.cases)
        return max(1, pinned + len(self.facts) + len(self.crowds))
