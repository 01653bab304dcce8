"""Cross-purposes (4D Playing Cards rulebook): single-flushes in your columns, for two.

The sixteen-card set: pick one card and set aside every card showing any of its four
values, leaving the sixteen cards with the two other values of each attribute. The
players sit at right angles: player 1's columns are the columns of the 4x4 array,
player 2's columns are its rows (and each player's rows are the other's columns).

Phase 1: the players take turns placing the next card of the shuffled packet
anywhere in the array (Variation 1: each is dealt eight and places one of them;
Variation 2: any card not yet placed). After sixteen cards, a player whose four
columns are all single-flushes wins; both: a tie. Otherwise, phase 2: the players
take turns rearranging one of their own rows, moving at least two cards to new
places, never from one row to another; the first to have single-flushes in all four
columns wins.

The project's readings (docs/readings/cross_purposes.md): the picked card is the
top card of the shuffled deck; the player on the dealer's left goes first, unless
the option ``first`` names who does (players take turns going first in a match);
phase 2 begins with the player who went first (the book's example); a draw is
"agreed" after ``max_turns`` phase-2 turns with no winner. A rearrangement never
changes the opponent's columns (their single-flushes stay), but it does change which
cards lie in the opponent's rows, and so what the opponent can reach next.

>>> from printables.cards.reading import read_grid
>>> GAME.score_position("Bb=C Rw=C Bw=T Rb~T / Bb~C Rw~C Rw=T Rb=C / "
...     "Rb~C Bw~T Bw~C Rw~T / Bw=C Bb~T Rb=T Bb=T").summary
'Neither player has single-flushes in every column'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import permutations
from operator import itemgetter
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_grid
from printables.cards.wording import names
from printables.fourd.flushes import common_values
from printables.games.base import OptionError, Outcome, PositionError, Scored, Zone, seat_name
from printables.games.dealing import deal, hand_rng, left_of, shuffled
from printables.games.fourd import FourDGame

SIZE = 4
ORDERS = tuple(p for p in permutations(range(SIZE)) if p != tuple(range(SIZE)))
"""The 23 ways to rearrange a row that move at least two cards."""
_REORDER = tuple(itemgetter(*p) for p in ORDERS)


@dataclass(frozen=True)
class CrossOptions:
    variation: int = field(
        default=0,
        metadata={
            "help": "phase 1: 0 the packet's next card (the book), "
            "1 each is dealt eight, 2 any card not yet placed"
        },
    )
    max_turns: int = field(
        default=100, metadata={"help": "phase-2 turns after which a draw is agreed"}
    )
    first: int = field(
        default=0,
        metadata={
            "help": "who places the first card: 0 the player on the "
            "dealer's left, or 1 or 2 (players take turns going first)"
        },
    )

    def __post_init__(self) -> None:
        if self.variation not in (0, 1, 2):
            raise OptionError(
                f"Cross-purposes has variations 1 and 2 (0: the book's rules), not {self.variation}"
            )
        if not 1 <= self.max_turns <= 10_000:
            raise OptionError(f"max_turns must be 1 to 10000, not {self.max_turns}")
        if self.first not in (0, 1, 2):
            raise OptionError(f"first must be 0 (by the deal), 1 or 2, not {self.first}")


@dataclass(frozen=True)
class Place:
    """Phase 1: put ``card`` in the array at ``row``, ``column`` (0-based array cells)."""

    card: Card
    row: int
    column: int

    def __str__(self) -> str:
        return f"place {self.card} in row {self.row + 1}, column {self.column + 1}"


@dataclass(frozen=True)
class Rearrange:
    """Phase 2: put the cards of the mover's own row ``line`` (0-based) in a new order.

    Player 1's rows are the array's rows; player 2's rows are the array's columns
    (read top to bottom)."""

    line: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"rearrange row {self.line + 1} to {' / '.join(map(str, self.cards))}"


CrossMove = Place | Rearrange


@dataclass(frozen=True)
class CrossState:
    options: CrossOptions
    seed: int
    dealer: int
    picked: Card  # the card whose values are left out
    set_aside: tuple[Card, ...]  # the 65 cards not in the game, the picked card among them
    cells: tuple[Card | None, ...]  # the 4x4 array, row by row
    packet: tuple[Card, ...]  # cards not yet placed (the book: face down, top first)
    hands: tuple[tuple[Card, ...], ...]  # Variation 1: each player's cards to place
    first: int  # who placed the first card (and moves first in phase 2)
    turn: int
    phase2_turns: int = 0
    winners: tuple[int, ...] = ()
    finished: bool = False
    hand_number: int = 0

    @property
    def placed(self) -> int:
        return sum(c is not None for c in self.cells)


def line_cells(seat: int, line: int) -> tuple[int, ...]:
    """Indexes (row by row) of ``seat``'s own row ``line``: an array row for player 1,
    an array column for player 2."""
    return _LINES[seat][line]


_LINES = (
    tuple(tuple(line * SIZE + k for k in range(SIZE)) for line in range(SIZE)),
    tuple(tuple(k * SIZE + line for k in range(SIZE)) for line in range(SIZE)),
)


def columns_of(cells: Sequence[Card | None], seat: int) -> list[list[Card]]:
    """``seat``'s four columns (array columns for player 1, array rows for player 2)."""
    return [
        [c for i in line_cells(1 - seat, k) if (c := cells[i]) is not None] for k in range(SIZE)
    ]


def _single(cards: Sequence[Card]) -> bool:
    first = cards[0].values
    return any(all(c.values[a] == first[a] for c in cards) for a in range(4))


def wins(cells: Sequence[Card | None], seat: int) -> bool:
    """True when every one of ``seat``'s columns is full and a single-flush."""
    return all(len(col) == SIZE and _single(col) for col in columns_of(cells, seat))


def sixteen(picked: Card) -> list[Card]:
    """The Cross-purposes set: the cards showing none of ``picked``'s values."""
    return [c for c in FOUR_D.cards if c.shares(picked) == 0]


class CrossPurposes(FourDGame[CrossState, CrossMove, CrossOptions]):
    key = "cross-purposes"
    title = "Cross-purposes"
    summary = "Form single-flushes in all your columns; your columns are your opponent's rows."
    players = (2, 2)
    move_types = (Place, Rearrange)
    one_hand = True
    options_type = CrossOptions
    position_help = (
        "the 4x4 array as player 1 sees it, one row a line or rows separated by '/' "
        "(player 1's columns are its columns, player 2's columns are its rows)"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: CrossOptions, hand_number: int
    ) -> CrossState:
        pack = self.pack(seed, hand_number)
        picked = pack[0]
        packet = shuffled(sixteen(picked), hand_rng(seed, hand_number, "packet"))
        aside = tuple(c for c in pack if c.shares(picked))
        first = left_of(dealer, players) if options.first == 0 else options.first - 1
        hands: tuple[tuple[Card, ...], ...] = ((), ())
        if options.variation == 1:
            dealt, packet = deal(packet, players, 8, dealer)
            hands = tuple(tuple(h) for h in dealt)
        return CrossState(
            options=options,
            seed=seed,
            dealer=dealer,
            picked=picked,
            set_aside=aside,
            cells=(None,) * 16,
            packet=tuple(packet),
            hands=hands,
            first=first,
            turn=first,
            hand_number=hand_number,
        )

    def placeable(self, state: CrossState) -> tuple[Card, ...]:
        """The cards the player to move may place in phase 1."""
        variation = state.options.variation
        if variation == 1:
            return state.hands[state.turn]
        if variation == 2:
            return state.packet
        return state.packet[:1]

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: CrossState) -> int | None:
        return None if state.finished else state.turn

    def candidate_moves(self, state: CrossState) -> Iterable[CrossMove]:
        if state.placed < 16:
            for x in self.placeable(state):
                yield from (Place(x, i // SIZE, i % SIZE) for i in range(16))
            return
        for line in range(SIZE):
            row = [state.cells[i] for i in line_cells(state.turn, line)]
            yield Rearrange(line, tuple(row))  # type: ignore[arg-type]
            yield from (
                Rearrange(line, tuple(row[k] for k in p))  # type: ignore[misc]
                for p in ORDERS
            )

    def legal_moves(self, state: CrossState) -> list[CrossMove]:
        if state.finished:
            return []
        if state.placed < 16:
            free = [i for i, c in enumerate(state.cells) if c is None]
            return [Place(x, i // SIZE, i % SIZE) for x in self.placeable(state) for i in free]
        moves: list[CrossMove] = []
        for line in range(SIZE):
            row = [state.cells[i] for i in line_cells(state.turn, line)]
            moves.extend(Rearrange(line, get(row)) for get in _REORDER)
        return moves

    def why_illegal(self, state: CrossState, move: CrossMove) -> str | None:
        if isinstance(move, Place):
            if state.placed == 16:
                return "All sixteen cards are placed; in the second phase rows are rearranged."
            if not (0 <= move.row < SIZE and 0 <= move.column < SIZE):
                where = f"row {move.row + 1}, column {move.column + 1}"
                return f"The array has rows and columns 1 to 4, not {where}."
            held = state.cells[move.row * SIZE + move.column]
            if held is not None:
                return f"Row {move.row + 1}, column {move.column + 1} already holds {held}."
            if move.card not in self.placeable(state):
                return self._not_placeable(state, move.card)
            return None
        if state.placed < 16:
            return (
                "Rows are rearranged only in the second phase, after all sixteen cards are placed."
            )
        if not 0 <= move.line < SIZE:
            return f"Each player has rows 1 to 4, not row {move.line + 1}."
        row = tuple(state.cells[i] for i in line_cells(state.turn, move.line))
        if sorted(move.cards) != sorted(c for c in row if c is not None):
            row_names = names(c for c in row if c)
            return (
                f"Row {move.line + 1} of {seat_name(state.turn)} holds {row_names}; "
                "cards are never moved from one row to another."
            )
        if move.cards == row:
            return "At least two cards must be moved to new positions."
        return None

    def _not_placeable(self, state: CrossState, x: Card) -> str:
        variation = state.options.variation
        if x in state.cells:
            return f"{x} is already in the array."
        if variation == 1:
            return f"{x} is not among {seat_name(state.turn)}'s cards to place."
        if variation == 2:
            return f"{x} is not one of the sixteen cards of this game."
        return f"The next card of the packet is {state.packet[0]}; it must be placed, not {x}."

    def _apply(self, state: CrossState, move: CrossMove) -> CrossState:
        seat = state.turn
        cells = list(state.cells)
        if isinstance(move, Place):
            cells[move.row * SIZE + move.column] = move.card
            packet, hands = state.packet, state.hands
            if state.options.variation == 1:
                hand = tuple(c for c in hands[seat] if c != move.card)
                hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
            else:
                packet = tuple(c for c in packet if c != move.card)
            state = replace(state, cells=tuple(cells), packet=packet, hands=hands, turn=1 - seat)
            if state.placed < 16:
                return state
            winners = tuple(s for s in (0, 1) if wins(state.cells, s))
            return replace(state, winners=winners, finished=bool(winners), turn=state.first)
        for i, x in zip(line_cells(seat, move.line), move.cards, strict=True):
            cells[i] = x
        turns = state.phase2_turns + 1
        won = wins(cells, seat)
        return replace(
            state,
            cells=tuple(cells),
            phase2_turns=turns,
            turn=1 - seat,
            winners=(seat,) if won else (),
            finished=won or turns >= state.options.max_turns,
        )

    def zones(self, state: CrossState) -> tuple[Zone, ...]:
        array = Zone("array", tuple(c for c in state.cells if c is not None))
        aside = Zone("set aside", state.set_aside)
        if state.options.variation == 1:
            hands = tuple(Zone("cards to place", h, s, "owner") for s, h in enumerate(state.hands))
            return (array, *hands, aside)
        if state.options.variation == 2:
            return (array, Zone("unplaced", state.packet), aside)
        return (
            array,
            Zone("next card", state.packet[:1]),
            Zone("packet", state.packet[1:], None, "none"),
            aside,
        )

    def outcome(self, state: CrossState) -> Outcome | None:
        if not state.finished:
            return None
        winners = state.winners
        scores = tuple(int(s in winners) for s in (0, 1))
        if len(winners) == 2:
            reason = "Both players have single-flushes in every column; the game is a tie."
        elif winners and state.phase2_turns == 0:
            reason = (
                f"{seat_name(winners[0]).capitalize()} has single-flushes in every "
                "column when the array is filled and wins."
            )
        elif winners:
            reason = (
                f"{seat_name(winners[0]).capitalize()} rearranges a row to make "
                "single-flushes in every column and wins."
            )
        else:
            reason = (
                f"No winner after {state.phase2_turns} turns of the second phase; "
                "the game is agreed a draw."
            )
        return Outcome(winners, scores, (reason,))

    def invariants(self, state: CrossState) -> list[str]:
        broken = []
        if state.placed + len(state.packet) + sum(map(len, state.hands)) != 16:
            broken.append("the sixteen cards are not all accounted for")
        for c in state.cells:
            if c is not None and c.shares(state.picked):
                broken.append(f"{c} shows a value of the picked card {state.picked}")
        ended_early = state.finished and state.phase2_turns < state.options.max_turns
        if ended_early and not all(wins(state.cells, s) for s in state.winners or (0, 1)):
            broken.append("the game ended without a winning arrangement")
        return broken

    def score_position(self, text: str, options: CrossOptions | None = None) -> Scored:
        grid = read_grid(text, FOUR_D)
        if grid.shape != (SIZE, SIZE) or grid.claims_impossible:
            raise PositionError(f"write the 4x4 array: four rows of four cards, not {grid.shape}")
        cells = tuple(grid.cards())
        reasons = []
        details: dict[str, Any] = {}
        for seat in (0, 1):
            flushes = []
            for k, col in enumerate(columns_of(cells, seat)):
                shared = common_values(col)
                flushes.append([v.name for v in shared])
                what = ", ".join(v.name for v in shared) or "no common value"
                reasons.append(
                    f"{seat_name(seat).capitalize()}'s column {k + 1} ({names(col)}): {what}."
                )
            details[seat_name(seat)] = flushes
        winners = [s for s in (0, 1) if wins(cells, s)]
        details["winners"] = [s + 1 for s in winners]
        if len(winners) == 2:
            summary = "Both players have single-flushes in every column: a tie"
        elif winners:
            summary = f"{seat_name(winners[0]).capitalize()} wins"
        else:
            summary = "Neither player has single-flushes in every column"
        return Scored(self.title, None, summary, tuple(reasons), details)


GAME = CrossPurposes()
