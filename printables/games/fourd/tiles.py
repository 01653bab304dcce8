"""Tiles (4D Playing Cards rulebook): play your cards into an array shared by all.

Seven cards each; the rest is the stock, and one card is turned face up in the centre
of the table. On a turn a player places one card next to a card on the table, side by
side or end to end (the cells of a grid; diagonal cards do not touch), sharing three
values with every card it touches. A player who cannot play draws one card and may
play it if it fits, else keeps it. The first player out of cards wins. When the
stock is used up, a player who cannot play skips the turn, and when no player can
play, the fewest cards win. Everyone may know how many cards each player holds.

The project's readings (docs/readings/tiles.md): a player who can play must play
("If you have any playable cards, place one"); playing a fitting drawn card is
optional ("you may play it"); tied players share the win. The table is unbounded
by default ("on the floor"); the options ``rows`` and ``columns`` set how many card
positions fit, the starter lying in the middle cell (rounded up and left).

>>> from printables.cards import card
>>> GAME.why_illegal_touch(card("GwzC"), card("BwzS"), "left of")[:60]
'GwzC would touch BwzS (left of it) but shares only white and'
>>> GAME.why_illegal_touch(card("GwzC"), card("BwzC"), "above") is None
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from printables.cards.deck import WHITESPACE, Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import split_rows
from printables.cards.wording import values_text
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Zone,
    replaced,
    seat_name,
)
from printables.games.dealing import deal, left_of
from printables.games.fourd import FourDGame

Cell = tuple[int, int]  # (row, column); the starter card is at (0, 0), rows grow downwards
STEPS: tuple[tuple[int, int, str], ...] = (
    (-1, 0, "above"),
    (1, 0, "below"),
    (0, -1, "left of"),
    (0, 1, "right of"),
)
EMPTY = ".-"


def _partners(c: Card) -> frozenset[Card]:
    found = set()
    for i, value in enumerate(c.values):
        for other in range(3):
            if other != value:
                values = (*c.values[:i], other, *c.values[i + 1 :])
                found.add(FOUR_D.with_values(values))
    return frozenset(found)


PARTNERS: dict[Card, frozenset[Card]] = {c: _partners(c) for c in FOUR_D.cards}
"""The eight cards that share three values with each card."""


@dataclass(frozen=True)
class TilesOptions:
    hand_size: int = field(default=7, metadata={"help": "cards dealt to each player"})
    rows: int = field(
        default=0, metadata={"help": "rows of card positions that fit the table (0: no limit)"}
    )
    columns: int = field(
        default=0, metadata={"help": "columns of card positions that fit the table (0: no limit)"}
    )

    def __post_init__(self) -> None:
        if not 1 <= self.hand_size <= 15:
            raise OptionError(f"hand_size must be 1 to 15, not {self.hand_size}")
        for name in ("rows", "columns"):
            value = getattr(self, name)
            if not 0 <= value <= 81:
                raise OptionError(f"{name} must be 0 (no limit) to 81, not {value}")
        if self.rows == 1 and self.columns == 1:
            raise OptionError("a table of one card position leaves no room to play")

    def span(self, count: int) -> tuple[int, int] | None:
        """The lowest and highest index of ``count`` positions around the starter's 0."""
        if not count:
            return None
        low = -((count - 1) // 2)
        return low, low + count - 1


@dataclass(frozen=True)
class Place:
    """Place ``card`` from hand at ``row``, ``column`` (the starter card is at 0, 0)."""

    card: Card
    row: int
    column: int

    def __str__(self) -> str:
        return f"place {self.card} at row {self.row}, column {self.column}"


@dataclass(frozen=True)
class Draw:
    """Take one card from the stock (only when no card in hand can be played)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    """Keep the drawn card, or skip the turn when the stock is empty and no card fits."""

    def __str__(self) -> str:
        return "pass"


TilesMove = Place | Draw | Pass


@dataclass(frozen=True)
class TilesState:
    options: TilesOptions
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top card first
    table: tuple[tuple[int, int, Card], ...]  # (row, column, card), in the order placed
    turn: int
    drawn: Card | None = None  # drawn this turn and playable, now in hand
    passes: int = 0  # turns in a row skipped with an empty stock
    finished: bool = False
    hand_number: int = 0

    @cached_property
    def cells(self) -> dict[Cell, Card]:
        """The table as a grid (computed once per position)."""
        return {(r, c): card for r, c, card in self.table}

    def grid(self) -> dict[Cell, Card]:
        return self.cells

    @cached_property
    def frontier(self) -> tuple[Cell, ...]:
        """Empty cells within the table's bounds that touch a card, row then column order."""
        grid = self.cells
        cells = {
            (r + dr, c + dc)
            for r, c, _ in self.table
            for dr, dc, _ in STEPS
            if (r + dr, c + dc) not in grid
        }
        options = self.options
        if options.rows or options.columns:
            rows = options.span(options.rows) or (-99, 99)
            columns = options.span(options.columns) or (-99, 99)
            cells = {
                (r, c)
                for r, c in cells
                if rows[0] <= r <= rows[1] and columns[0] <= c <= columns[1]
            }
        return tuple(sorted(cells))


class Tiles(FourDGame[TilesState, TilesMove, TilesOptions]):
    key = "tiles"
    title = "Tiles"
    summary = "Play your cards into a shared array; touching cards share three values."
    players = (2, 5)
    move_types = (Place, Draw, Pass)
    one_hand = True
    options_type = TilesOptions
    position_help = (
        "a layout written as rows, one row a line or rows separated by '/', "
        "'.' or '-' for an empty cell (e.g. 'Bb=S Bb=T / . Bw=T')"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: TilesOptions, hand_number: int
    ) -> TilesState:
        pack = self.pack(seed, hand_number)
        hands, rest = deal(pack, players, options.hand_size, dealer)
        return TilesState(
            options=options,
            seed=seed,
            dealer=dealer,
            hands=tuple(tuple(h) for h in hands),
            stock=tuple(rest[1:]),
            table=((0, 0, rest[0]),),
            turn=left_of(dealer, players),
            hand_number=hand_number,
        )

    # -- the rule ------------------------------------------------------------------------

    @staticmethod
    def why_illegal_touch(card: Card, neighbour: Card, where: str) -> str | None:
        """Why ``card`` may not touch ``neighbour`` (None when they share three values)."""
        if card.shares(neighbour) >= 3:
            return None
        shared = card.shared_with(neighbour)
        have = f"shares only {values_text(shared)}" if shared else "shares no value"
        return (
            f"{card} would touch {neighbour} ({where} it) but {have}; "
            "touching cards must share three values."
        )

    def in_bounds(self, options: TilesOptions, row: int, column: int) -> bool:
        rows, columns = options.span(options.rows), options.span(options.columns)
        return (rows is None or rows[0] <= row <= rows[1]) and (
            columns is None or columns[0] <= column <= columns[1]
        )

    def fits(self, grid: dict[Cell, Card], card: Card, row: int, column: int) -> bool:
        """True when ``card`` shares three values with every card touching the cell."""
        for dr, dc, _ in STEPS:
            other = grid.get((row + dr, column + dc))
            if other is not None and card not in PARTNERS[other]:
                return False
        return True

    def placements(self, state: TilesState, cards: Iterable[Card]) -> list[Place]:
        """Every legal placement of ``cards``, in candidate order (card, then cell)."""
        grid = state.grid()
        order = {x: i for i, x in enumerate(cards)}
        wanted = frozenset(order)
        fitting: list[tuple[int, int, Card, Cell]] = []
        for k, (r, c) in enumerate(state.frontier):
            allowed = wanted
            for dr, dc, _ in STEPS:
                other = grid.get((r + dr, c + dc))
                if other is not None:
                    allowed = allowed & PARTNERS[other]
                    if not allowed:
                        break
            fitting.extend((order[x], k, x, (r, c)) for x in allowed)
        fitting.sort(key=lambda f: (f[0], f[1]))
        return [Place(x, *cell) for _, _, x, cell in fitting]

    def _playable(self, state: TilesState) -> list[Place]:
        if state.drawn is not None:
            return self.placements(state, [state.drawn])
        return self.placements(state, state.hands[state.turn])

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: TilesState) -> int | None:
        return None if state.finished else state.turn

    def legal_moves(self, state: TilesState) -> list[TilesMove]:
        if state.finished:
            return []
        moves: list[TilesMove] = list(self._playable(state))
        if state.drawn is not None:
            return [*moves, Pass()]
        if moves:
            return moves
        return [Draw()] if state.stock else [Pass()]

    def candidate_moves(self, state: TilesState) -> Iterable[TilesMove]:
        cells = state.frontier
        for x in state.hands[state.turn]:
            yield from (Place(x, r, c) for r, c in cells)
        yield Draw()
        yield Pass()

    def why_illegal(self, state: TilesState, move: TilesMove) -> str | None:
        seat = state.turn
        if isinstance(move, Place):
            return self._why_illegal_place(state, move)
        if isinstance(move, Draw):
            if state.drawn is not None:
                return f"Only one card is drawn in a turn; play {state.drawn} or keep it."
            playable = self._playable(state)
            if playable:
                return f"{playable[0].card} can be played, so there is no drawing this turn."
            if not state.stock:
                return "The stock is used up; a player who cannot play skips the turn."
            return None
        if state.drawn is not None:
            return None
        playable = self._playable(state)
        if playable:
            return f"{playable[0].card} can be played; a player who can play must play."
        if state.stock:
            return f"{seat_name(seat).capitalize()} cannot play, so draws a card from the stock."
        return None

    def _why_illegal_place(self, state: TilesState, move: Place) -> str | None:
        x, r, c = move.card, move.row, move.column
        if x not in state.hands[state.turn]:
            return f"{x} is not in {seat_name(state.turn)}'s hand."
        if state.drawn is not None and x != state.drawn:
            return f"After drawing, only the drawn card {state.drawn} may be played."
        grid = state.grid()
        if (r, c) in grid:
            return f"Row {r}, column {c} already holds {grid[r, c]}."
        if not self.in_bounds(state.options, r, c):
            return f"Row {r}, column {c} is off the edge of the table agreed for this game."
        touching = [
            (grid[r + dr, c + dc], where) for dr, dc, where in STEPS if (r + dr, c + dc) in grid
        ]
        if not touching:
            return (
                f"Row {r}, column {c} touches no card; a card is placed side by side "
                "or end to end with a card on the table (diagonals do not touch)."
            )
        for other, where in touching:
            reason = self.why_illegal_touch(x, other, where)
            if reason:
                return reason
        return None

    def _apply(self, state: TilesState, move: TilesMove) -> TilesState:
        seat = state.turn
        players = len(state.hands)
        if isinstance(move, Place):
            hand = tuple(x for x in state.hands[seat] if x != move.card)
            hands = replaced(state.hands, seat, hand)
            table = (*state.table, (move.row, move.column, move.card))
            if not hand:
                return replace(state, hands=hands, table=table, drawn=None, passes=0, finished=True)
            return replace(
                state, hands=hands, table=table, drawn=None, passes=0, turn=left_of(seat, players)
            )
        if isinstance(move, Draw):
            drawn, stock = state.stock[0], state.stock[1:]
            state = replace(
                state,
                stock=stock,
                passes=0,
                hands=replaced(state.hands, seat, (*state.hands[seat], drawn)),
            )
            if self.placements(state, [drawn]):
                return replace(state, drawn=drawn)
            return replace(state, turn=left_of(seat, players))
        passes = 0 if state.drawn is not None else state.passes + 1
        if passes >= players:
            return replace(state, passes=passes, drawn=None, finished=True)
        return replace(state, passes=passes, drawn=None, turn=left_of(seat, players))

    def zones(self, state: TilesState) -> tuple[Zone, ...]:
        hands = tuple(Zone("hand", h, seat, "owner") for seat, h in enumerate(state.hands))
        table = Zone("table", tuple(x for _, _, x in state.table))
        return (*hands, Zone("stock", state.stock, None, "none"), table)

    def outcome(self, state: TilesState) -> Outcome | None:
        if not state.finished:
            return None
        left = [len(h) for h in state.hands]
        fewest = min(left)
        winners = tuple(s for s, n in enumerate(left) if n == fewest)
        if fewest == 0:
            reason = f"{seat_name(winners[0])} has played every card and wins."
        else:
            counts = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(left))
            share = " (tied players share the win)" if len(winners) > 1 else ""
            reason = (
                f"The stock is used up and no player can play; the fewest cards "
                f"win{share}: {counts}."
            )
        return Outcome(winners, tuple(int(s in winners) for s in range(len(left))), (reason,))

    def invariants(self, state: TilesState) -> list[str]:
        broken = []
        r, c, last = state.table[-1]
        if len(state.table) > 1:  # checked after every move, so the last card suffices
            grid = state.grid()
            if len(grid) != len(state.table):
                broken.append("two cards share a cell")
            touching = [
                (grid[r + dr, c + dc], w) for dr, dc, w in STEPS if (r + dr, c + dc) in grid
            ]
            if not touching:
                broken.append(f"{last} at row {r}, column {c} touches no card")
            for other, where in touching:
                reason = self.why_illegal_touch(last, other, where)
                if reason:
                    broken.append(reason)
            if not self.in_bounds(state.options, r, c):
                broken.append(f"{last} lies off the table")
        if state.drawn is not None and state.drawn not in state.hands[state.turn]:
            broken.append(f"the drawn card {state.drawn} is not in the hand of the player to move")
        return broken

    # -- positions -------------------------------------------------------------------------

    def read_layout(self, text: str) -> dict[Cell, Card]:
        """Read rows of card names, with '.' or '-' for empty cells, into a grid."""
        grid: dict[Cell, Card] = {}
        seen: dict[Card, str] = {}
        for r, line in enumerate(split_rows(text)):
            pos, c = 0, 0
            while True:
                while pos < len(line) and line[pos] in WHITESPACE + ",;":
                    pos += 1
                if pos >= len(line):
                    break
                if line[pos] in EMPTY:
                    pos, c = pos + 1, c + 1
                    continue
                try:
                    x, pos = FOUR_D.scan(line, pos)
                except ValueError as error:
                    raise PositionError(f"row {r + 1}, cell {c + 1}: {error}") from None
                where = f"row {r + 1}, cell {c + 1}"
                if x in seen:
                    raise PositionError(
                        f"{x} appears twice ({seen[x]} and {where}); a deck has one of each card"
                    )
                seen[x] = where
                grid[r, c] = x
                c += 1
        if not grid:
            raise PositionError("no cards were written; write rows of card names")
        return grid

    def score_position(self, text: str, options: TilesOptions | None = None) -> Scored:
        grid = self.read_layout(text)
        failures: list[dict[str, Any]] = []
        reasons = []
        pairs = 0
        for (r, c), x in sorted(grid.items()):
            for dr, dc in ((0, 1), (1, 0)):
                other = grid.get((r + dr, c + dc))
                if other is None:
                    continue
                pairs += 1
                if x.shares(other) < 3:
                    shared = x.shared_with(other)
                    have = f"share only {values_text(shared)}" if shared else "share no value"
                    side = "side by side" if dc else "end to end"
                    reasons.append(
                        f"{x} (row {r + 1}, cell {c + 1}) and {other} "
                        f"(row {r + dr + 1}, cell {c + dc + 1}) touch {side} "
                        f"but {have}; touching cards must share three values."
                    )
                    failures.append(
                        {
                            "cards": [str(x), str(other)],
                            "cells": [[r + 1, c + 1], [r + dr + 1, c + dc + 1]],
                            "shared": [v.name for v in shared],
                        }
                    )
        apart = _unconnected(grid)
        if apart:
            names = " ".join(str(grid[x]) for x in apart)
            reasons.append(
                f"{names} cannot be reached from {grid[min(grid)]} through touching "
                "cards; every card is placed touching one already on the table."
            )
        legal = not failures and not apart
        if legal:
            summary = f"The layout of {len(grid)} cards is legal"
            reasons.append(
                f"All {pairs} touching pairs share three values, and every card touches the layout."
            )
        else:
            summary = f"The layout of {len(grid)} cards is not legal"
        details = {
            "legal": legal,
            "cards": len(grid),
            "touching_pairs": pairs,
            "failures": failures,
            "unconnected": [str(grid[x]) for x in apart],
        }
        return Scored(self.title, None, summary, tuple(reasons), details)


def _unconnected(grid: dict[Cell, Card]) -> list[Cell]:
    start = min(grid)
    reached = {start}
    todo = [start]
    while todo:
        r, c = todo.pop()
        for dr, dc, _ in STEPS:
            n = (r + dr, c + dc)
            if n in grid and n not in reached:
                reached.add(n)
                todo.append(n)
    return sorted(x for x in grid if x not in reached)


GAME = Tiles()
