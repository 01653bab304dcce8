"""Squares (4D Playing Cards rulebook): arrange sixteen cards in four rows and four columns.

The deck is split by shade into three 27-card sets (all black, all gray, all white);
each player takes one set, so two or three players share a deck, and more players
need more decks. The picker shuffles his or her set face down and draws one card at a
time; every player places the corresponding card of their own set (the one differing
only in shade) face up in their array, in an existing or a new row and an existing or
a new column: at most four rows and four columns, one card a cell, and a card once
placed never moves. After sixteen cards each array is four by four. A hand scores the
triple-flush pairs inside single rows and single columns, every pair counted (a card
can be in several). Four hands are played, keeping running totals; high total wins
(Misere: low total wins). Players tied share the win.

The project's readings (docs/readings/squares.md): rows and columns are only
memberships, numbered in the order they were started (the book lets them be added on
any side, so where they lie does not change a score); placing is simultaneous at the
table and is played here in seat order from the picker's left, the picker last; the
picker is chosen as the first dealer is, takes the black set, and the next players
clockwise take gray, white, then a second deck's black, and so on; the picker passes to
the left with each hand (:meth:`Squares.next_hand`); with ``decks`` 0 there is one deck for
every three players, and the engine seats up to nine (three decks; the book's
"unlimited"); played to a target score, the game ends after the hand in which a
total reaches it, and the best total wins.

>>> print(GAME.score_position("Rg=T Rg=C Rg=S Bg=S").summary)
4 triple-flush pairs: row 1 has 4; column 1 has 0, column 2 has 0, column 3 has 0, column 4 has 0
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import Grid, read_grid
from printables.fourd.flushes import triple_flush_pairs
from printables.games.base import OptionError, Outcome, PositionError, Scored, Zone, seat_name
from printables.games.dealing import hand_rng, left_of, shuffled
from printables.games.fourd import FourDGame

SIZE = 4  # rows, columns
CARDS = SIZE * SIZE  # cards each player places in a hand
SHADE = 1  # the attribute position of shade
SHADES = tuple(v.name for v in FOUR_D.attributes[SHADE].values)  # black, gray, white


@dataclass(frozen=True)
class SquaresOptions:
    decks: int = field(
        default=0, metadata={"help": "decks on the table: each gives three 27-card sets, "
                             "one per player (0: one deck for every three players)"})  # fmt: skip
    hands: int = field(default=4, metadata={"help": "hands to play (the book: four)"})
    target: int = field(
        default=0, metadata={"help": "a total score to play to instead of a number of "
                             "hands (0: play the number of hands)"})  # fmt: skip
    misere: bool = field(
        default=False, metadata={"help": "Misere: the lowest score wins; scoring is the same"}
    )

    def __post_init__(self) -> None:
        if not 0 <= self.decks <= 3:
            raise OptionError(f"decks must be 0 (as needed) to 3, not {self.decks}")
        if not 1 <= self.hands <= 100:
            raise OptionError(f"hands must be 1 to 100, not {self.hands}")
        if not 0 <= self.target <= 1000:
            raise OptionError(f"target must be 0 (no target) to 1000, not {self.target}")


@dataclass(frozen=True)
class Place:
    """Place ``card`` (the player's card matching the picker's) in row ``row``, column
    ``column`` (0-based, numbered in the order they were started; one past the last
    starts a new one)."""

    card: Card
    row: int
    column: int

    def __str__(self) -> str:
        return f"place {self.card} in row {self.row + 1}, column {self.column + 1}"


@dataclass(frozen=True)
class Placed:
    """A card in a player's array."""

    card: Card
    row: int
    column: int


@dataclass(frozen=True)
class SquaresState:
    options: SquaresOptions
    seed: int
    picker: int
    shades: tuple[int, ...]  # each seat's set: the shade (0 black, 1 gray, 2 white)
    pile: tuple[Card, ...]  # the picker's shuffled set, top card first; pile[k] is draw k
    arrays: tuple[tuple[Placed, ...], ...]  # each seat's cards, in the order placed
    spread: tuple[tuple[Card, ...], ...]  # each seat's set not yet placed (the picker's: ())
    turn: int
    hand_number: int = 0

    @property
    def dealer(self) -> int:
        """The picker deals the hand (and passes to the left, as the deal does)."""
        return self.picker

    @property
    def players(self) -> int:
        return len(self.arrays)

    @property
    def round(self) -> int:
        """How many cards the picker has drawn and placed (the picker places last)."""
        return len(self.arrays[self.picker])

    @property
    def over(self) -> bool:
        return self.round >= CARDS

    @property
    def drawn(self) -> Card | None:
        """The card the picker has drawn and not yet placed."""
        return None if self.over else self.pile[self.round]

    def card_for(self, seat: int) -> Card:
        """The card ``seat`` places now: the drawn card in the seat's shade."""
        drawn = self.pile[self.round]
        return corresponding(drawn, self.shades[seat])


def corresponding(card: Card, shade: int) -> Card:
    """The card of the set of ``shade`` that corresponds to ``card`` (only the shade differs).

    >>> from printables.cards import card
    >>> corresponding(card("Bw~T"), 1), corresponding(card("Bw~T"), 0)
    (card('Bg~T', deck='4d'), card('Bb~T', deck='4d'))
    """
    return _CORRESPONDING[card, shade]


def shade_set(shade: int) -> tuple[Card, ...]:
    """The 27 cards of one shade, in deck order."""
    return _SETS[shade]


_CORRESPONDING = {
    (c, s): FOUR_D.with_values((c.values[0], s, *c.values[2:]))
    for c in FOUR_D.cards
    for s in range(3)
}
_SETS = tuple(tuple(c for c in FOUR_D.cards if c.values[SHADE] == s) for s in range(3))


def lines(array: Sequence[Placed]) -> tuple[list[list[Card]], list[list[Card]]]:
    """The cards of each row and of each column, rows and columns in their numbering."""
    rows: list[list[Card]] = [[] for _ in range(SIZE)]
    columns: list[list[Card]] = [[] for _ in range(SIZE)]
    for p in array:
        rows[p.row].append(p.card)
        columns[p.column].append(p.card)
    return rows, columns


def line_counts(array: Sequence[Placed]) -> tuple[list[int], list[int]]:
    """Triple-flush pairs in each row and in each column."""
    rows, columns = lines(array)
    return [_pairs(r) for r in rows], [_pairs(c) for c in columns]


def _pairs(cards: Sequence[Card]) -> int:
    return sum(
        1 for i, a in enumerate(cards) for b in cards[i + 1 :] if a.shares(b) >= 3
    )  # fmt: skip


def array_score(array: Sequence[Placed]) -> int:
    """A hand's score: the triple-flush pairs within single rows and single columns."""
    rows, columns = line_counts(array)
    return sum(rows) + sum(columns)


def _extent(array: Sequence[Placed]) -> tuple[int, int]:
    """How many rows and columns have been started."""
    rows = max((p.row for p in array), default=-1) + 1
    columns = max((p.column for p in array), default=-1) + 1
    return rows, columns


def _seats(seats: Sequence[int]) -> str:
    """Seats as a list in words: ``"player 1, player 2 and player 4"``."""
    words = [seat_name(s) for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _order(seat: int, state: SquaresState) -> int:
    """A seat's place in a round: the picker's left first (0), the picker last."""
    return (seat - state.picker - 1) % state.players


def _decks_needed(players: int) -> int:
    return (players + 2) // 3


class Squares(FourDGame[SquaresState, Place, SquaresOptions]):
    key = "squares"
    title = "Squares"
    summary = "Place sixteen cards in four rows and four columns to make triple-flush pairs."
    players = (2, 9)
    move_types = (Place,)
    options_type = SquaresOptions
    position_help = (
        "a player's array, rows on separate lines or separated by '/' "
        "(e.g. 'Rg=T Rg=C Rg=S Bg=S / ...'); at most four rows and four columns, one shade"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: SquaresOptions, hand_number: int
    ) -> SquaresState:
        """One hand with ``dealer`` as the picker, who draws; the sets are handed out from
        the picker clockwise."""
        picker = dealer
        decks = options.decks or _decks_needed(players)
        if players > 3 * decks:
            raise OptionError(
                f"Squares with {decks} deck{'s' if decks > 1 else ''} is for at most "
                f"{3 * decks} players; {players} players need {_decks_needed(players)} decks"
            )
        shades = tuple((seat - picker) % players % 3 for seat in range(players))
        pile = shuffled(shade_set(shades[picker]), hand_rng(seed, hand_number))
        return SquaresState(
            options=options,
            seed=seed,
            picker=picker,
            shades=shades,
            pile=tuple(pile),
            arrays=tuple(() for _ in range(players)),
            spread=tuple(() if s == picker else shade_set(shades[s]) for s in range(players)),
            turn=left_of(picker, players),
            hand_number=hand_number,
        )

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: SquaresState) -> int | None:
        return None if state.over else state.turn

    def candidate_moves(self, state: SquaresState) -> Iterable[Place]:
        if state.over:
            return []
        card = state.card_for(state.turn)
        rows, columns = _extent(state.arrays[state.turn])
        return [Place(card, r, c) for r in range(rows + 1) for c in range(columns + 1)]

    def legal_moves(self, state: SquaresState) -> list[Place]:
        if state.over:
            return []
        array = state.arrays[state.turn]
        card = state.card_for(state.turn)
        rows, columns = _extent(array)
        taken = {(p.row, p.column) for p in array}
        return [
            Place(card, r, c)
            for r in range(rows + 1)
            for c in range(columns + 1)
            if r < SIZE and c < SIZE and (r, c) not in taken
        ]

    def why_illegal(self, state: SquaresState, move: Place) -> str | None:
        if state.over:
            return "The hand is over; every array is full."
        seat = state.turn
        card = state.card_for(seat)
        if move.card != card:
            drawn = state.pile[state.round]
            return (f"{seat_name(seat).capitalize()} must place {card}, the card of the "
                    f"{SHADES[state.shades[seat]]} set matching the picker's {drawn}, "
                    f"not {move.card}.")  # fmt: skip
        array = state.arrays[seat]
        rows, columns = _extent(array)
        for kind, index, started in (("row", move.row, rows), ("column", move.column, columns)):
            if index < 0 or index > started:
                return (f"There is no {kind} {index + 1}; {started} {kind}s have been started, "
                        f"so a new {kind} is {kind} {started + 1}.")  # fmt: skip
            if index >= SIZE:
                return (f"A fifth {kind} cannot be started; Squares allows at most four rows "
                        "and four columns.")  # fmt: skip
        for p in array:
            if (p.row, p.column) == (move.row, move.column):
                return (f"Row {move.row + 1}, column {move.column + 1} already holds {p.card}; "
                        "a card once placed is never moved.")  # fmt: skip
        return None

    def _apply(self, state: SquaresState, move: Place) -> SquaresState:
        seat = state.turn
        arrays = list(state.arrays)
        arrays[seat] = (*arrays[seat], Placed(move.card, move.row, move.column))
        spread = state.spread
        if seat != state.picker:
            rest = tuple(c for c in spread[seat] if c != move.card)
            spread = (*spread[:seat], rest, *spread[seat + 1 :])
        return replace(state, arrays=tuple(arrays), spread=spread,
                       turn=left_of(seat, state.players))  # fmt: skip

    def zones(self, state: SquaresState) -> tuple[Zone, ...]:
        zones: list[Zone] = []
        k = state.round
        for seat, array in enumerate(state.arrays):
            if seat == state.picker:
                drawn = state.drawn
                zones.append(Zone("pile", state.pile[k + (drawn is not None) :], seat, "none"))
                zones.append(Zone("drawn", () if drawn is None else (drawn,), seat, "all"))
            else:
                zones.append(Zone("set", state.spread[seat], seat, "all"))
            zones.append(Zone("array", tuple(p.card for p in array), seat, "all"))
        return tuple(zones)

    def scores(self, state: SquaresState) -> tuple[int, ...]:
        """Each seat's triple-flush pairs so far."""
        return tuple(array_score(a) for a in state.arrays)

    def outcome(self, state: SquaresState) -> Outcome | None:
        if not state.over:
            return None
        scores = self.scores(state)
        best = min(scores) if state.options.misere else max(scores)
        winners = tuple(s for s, n in enumerate(scores) if n == best)
        counted = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(scores))
        word = "lowest" if state.options.misere else "highest"
        who = _seats(winners)
        verb = "has" if len(winners) == 1 else "share"
        return Outcome(winners, scores, (f"Triple-flush pairs in rows and columns: {counted}.",
                                         f"{who.capitalize()} {verb} the {word} score ({best}).")
                       )  # fmt: skip

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: SquaresOptions | None = None
    ) -> Outcome | None:
        """After the agreed hands (or, with a target, after the hand in which a total
        reaches it), the highest total wins (Misere: the lowest); tied players share."""
        options = options or SquaresOptions()
        if options.target:
            if max(totals) < options.target:
                return None
            why = f"After {hands} hands a total has reached {options.target}"
        else:
            if hands < options.hands:
                return None
            why = f"After {hands} hands"
        best = min(totals) if options.misere else max(totals)
        winners = tuple(s for s, n in enumerate(totals) if n == best)
        who = _seats(winners)
        verb = "has" if len(winners) == 1 else "share"
        word = "lowest" if options.misere else "highest"
        return Outcome(winners, tuple(totals), (f"{why}; {who} {verb} the {word} total ({best}).",))

    def invariants(self, state: SquaresState) -> list[str]:
        broken = []
        k, turn = state.round, _order(state.turn, state)
        for seat, array in enumerate(state.arrays):
            # Seats before the one to move in this round (from the picker's left) are ahead.
            expected = k + 1 if _order(seat, state) < turn else k
            if len(array) != expected:
                broken.append(f"{seat_name(seat)} has placed {len(array)} cards, not {expected}")
        # Only the last mover's array changed: check its new card.
        seat = (state.turn - 1) % state.players
        array = state.arrays[seat]
        if broken or not array:
            return broken
        last = array[-1]
        want = corresponding(state.pile[len(array) - 1], state.shades[seat])
        if last.card != want:
            broken.append(f"{seat_name(seat)} placed {last.card}, not the matching {want}")
        if not (0 <= last.row < SIZE and 0 <= last.column < SIZE):
            broken.append(f"{seat_name(seat)} has a card outside four rows and columns")
        if any(p.row == last.row and p.column == last.column for p in array[:-1]):
            broken.append(f"{seat_name(seat)} placed two cards in one cell")
        if seat != state.picker and len(state.spread[seat]) + len(array) != 27:
            broken.append(f"{seat_name(seat)}'s set and array do not make 27 cards")
        return broken

    def score_position(self, text: str, options: SquaresOptions | None = None) -> Scored:
        grid = read_grid(text, self.deck)
        return score_grid(grid, self.title)


def score_grid(grid: Grid, title: str = "Squares") -> Scored:
    """Count a written array's triple-flush pairs, rows top to bottom, then columns
    left to right, as the book counts them."""
    if grid.claims_impossible:
        raise PositionError("a Squares array holds only cards; 'No' has no place in it")
    height, width = grid.shape
    if height > SIZE or width > SIZE:
        raise PositionError(
            f"a Squares array has at most four rows and four columns, not {height} by {width}"
        )
    cards = grid.cards()
    shades = {c.values[SHADE] for c in cards}
    if len(shades) > 1:
        first = cards[0]
        other = next(c for c in cards if c.values[SHADE] != first.values[SHADE])
        raise PositionError(
            f"a Squares array holds one player's set, all of one shade; {first} is "
            f"{SHADES[first.values[SHADE]]} but {other} is {SHADES[other.values[SHADE]]}"
        )
    rows = [[c for c in row if isinstance(c, Card)] for row in grid.rows]
    columns = [[c for c in col if isinstance(c, Card)] for col in grid.columns]
    reasons: list[str] = []
    details: dict[str, Any] = {"rows": [], "columns": []}
    parts = []
    for kind, group in (("row", rows), ("column", columns)):
        counts = []
        for i, line in enumerate(group, 1):
            pairs = triple_flush_pairs(line)
            counts.append(len(pairs))
            details[kind + "s"].append(len(pairs))
            listed = ", ".join(f"{a}-{b}" for a, b in pairs) or "none"
            noun = "pair" if len(pairs) == 1 else "pairs"
            reasons.append(f"{kind.capitalize()} {i}: {len(pairs)} triple-flush {noun} ({listed}).")
        parts.append(", ".join(f"{kind} {i} has {n}" for i, n in enumerate(counts, 1)))
    total = sum(details["rows"]) + sum(details["columns"])
    details["total"] = total
    return Scored(title, total, f"{total} triple-flush pairs: " + "; ".join(parts),
                  tuple(reasons), details)  # fmt: skip


GAME = Squares()
