"""Eighty-one (4D Playing Cards rulebook): a solitaire; every column must share a value.

Nine cards are dealt face up in a row: the first cards of nine columns, never moved.
Then nine cards at a time are dealt face up and placed one on each column, so that
all the cards of every column share at least one value. The player may arrange a
batch before placing it; when no arrangement works, the game is lost. Placing all 81
cards wins.

The project's readings (docs/rules-notes.md, docs/readings/eighty_one.md): a column is
taken whole (every card in it shows one common value), not only each card with the one
below it. A batch is placed one card at a time, each on a column not yet given a card
from this batch; a placement is legal only when the column stays a single-flush *and*
the rest of the batch can still be placed (the book lets the player arrange the batch
first, so no placement that dooms the batch is allowed). A batch that cannot be placed
ends the game, lost, with the reason (the book's: no card shows stripe, and nothing but
stripe can go on column nine). The score is the number of cards in the columns; 81 wins.

>>> from printables.cards import FOUR_D, read_cards
>>> columns = [read_cards("Bb=S Gw~S", FOUR_D), read_cards("Rg=T BwzT", FOUR_D)]
>>> hall_reason(columns, read_cards("Gb=C Rb~C", FOUR_D), [0, 1])
'no card of the batch shows square, and nothing but a card with square can go on column 1'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from printables.cards.deck import Card, Value
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards, split_rows
from printables.cards.wording import names, values_text
from printables.games.base import Outcome, PositionError, Scored, Zone
from printables.games.fourd import FourDGame

COLUMNS = 9
ATTRS = range(len(FOUR_D.attributes))
Common = int  # the values all cards of a column show, one bit per value


@dataclass(frozen=True)
class EightyOneOptions:
    """The book leaves nothing to choose: nine columns, nine cards a batch."""


@dataclass(frozen=True)
class Place:
    """Place ``card`` of the batch on column ``column`` (0-based)."""

    card: Card
    column: int

    def __str__(self) -> str:
        return f"place {self.card} on column {self.column + 1}"


@dataclass(frozen=True)
class EightyOneState:
    options: EightyOneOptions
    seed: int
    columns: tuple[tuple[Card, ...], ...]  # first-dealt card first
    common: tuple[Common, ...]  # the values each column shares
    batch: tuple[Card, ...]  # the batch's cards not yet placed, in the order dealt
    stock: tuple[Card, ...]  # top card first
    depth: int  # cards each column held when this batch was dealt
    lost: str = ""  # why the batch cannot be placed (a clause); "" unless the game is lost
    hand_number: int = 0

    @property
    def dealer(self) -> int:
        """A solitaire: the player deals."""
        return 0

    def given(self, column: int) -> bool:
        """True when the column already has its card from this batch."""
        return len(self.columns[column]) > self.depth

    @property
    def placed(self) -> int:
        return sum(len(c) for c in self.columns)


def mask(card: Card) -> Common:
    """The card's values as bits (bit 3 * attribute + value)."""
    return _MASKS[card]


_MASKS = {c: sum(1 << (3 * i + v) for i, v in enumerate(c.values)) for c in FOUR_D.cards}


def common_of(cards: Sequence[Card]) -> Common:
    """The values every card shows, as bits."""
    bits = mask(cards[0])
    for c in cards[1:]:
        bits &= _MASKS[c]
    return bits


def fits(card: Card, common: Common) -> bool:
    """The card shows a value every card of the column shows."""
    return bool(_MASKS[card] & common)


def shared_values(common: Common) -> tuple[Value, ...]:
    return tuple(
        FOUR_D.attributes[i].values[v] for i in ATTRS for v in range(3) if common >> (3 * i + v) & 1
    )


def _or_text(values: Sequence[Value]) -> str:
    words = [v.name for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _numbers(columns: Sequence[int]) -> str:
    words = [str(c + 1) for c in columns]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def matching(
    cards: Sequence[Card], columns: Sequence[int], commons: Sequence[Common]
) -> dict[int, int]:
    """A largest matching of cards (by index) to columns they fit: ``{card index: column}``."""
    owner: dict[int, int] = {}  # column -> card index

    def augment(i: int, seen: set[int]) -> bool:
        for col in columns:
            if col not in seen and fits(cards[i], commons[col]):
                seen.add(col)
                if col not in owner or augment(owner[col], seen):
                    owner[col] = i
                    return True
        return False

    for i in range(len(cards)):
        augment(i, set())
    return {i: col for col, i in owner.items()}


def hall_reason(
    columns: Sequence[Sequence[Card]],
    cards: Sequence[Card],
    open_columns: Sequence[int],
    where: str = "of the batch",
) -> str | None:
    """Why ``cards`` cannot be placed one on each of ``open_columns`` (None when they can):
    a set of columns that too few cards fit, or of cards that fit too few columns."""
    commons = [common_of(c) for c in columns]
    match = matching(cards, open_columns, commons)
    if len(match) == len(cards) == len(open_columns):
        return None
    owner = {col: i for i, col in match.items()}
    # Columns reachable by alternating paths from an unmatched column: a Hall violator.
    col_side: tuple[list[int], list[int]] | None = None
    for start in open_columns:
        if start in owner:
            continue
        cols, hits, todo = [start], [], [start]
        while todo:
            col = todo.pop()
            for i, c in enumerate(cards):
                if i not in hits and fits(c, commons[col]):
                    hits.append(i)
                    nxt = match[i]
                    if nxt not in cols:
                        cols.append(nxt)
                        todo.append(nxt)
        col_side = (sorted(cols), sorted(hits))
        break
    card_side: tuple[list[int], list[int]] | None = None
    for start_card in range(len(cards)):
        if start_card in match:
            continue
        group, reach, todo = [start_card], [], [start_card]
        while todo:
            i = todo.pop()
            for col in open_columns:
                if col not in reach and fits(cards[i], commons[col]):
                    reach.append(col)
                    if owner[col] not in group:
                        group.append(owner[col])
                        todo.append(owner[col])
        card_side = (sorted(group), sorted(reach))
        break
    if col_side is not None and (card_side is None or len(col_side[0]) <= len(card_side[0])):
        cols, hits = col_side
        needs = sorted(
            {v for col in cols for v in shared_values(commons[col])},
            key=lambda v: (FOUR_D.attribute_position(v.attribute), v.symbol),
        )
        where_cols = f"column {_numbers(cols)}" if len(cols) == 1 else f"columns {_numbers(cols)}"
        if not hits:
            return (f"no card {where} shows {_or_text(needs)}, and nothing but a card with "
                    f"{_or_text(needs)} can go on {where_cols}")  # fmt: skip
        listed = names(cards[i] for i in hits)
        one = "card" if len(hits) == 1 else "cards"
        shares = ", ".join(
            f"column {c + 1} shares {values_text(shared_values(commons[c]))}" for c in cols
        )
        return (f"only {len(hits)} {one} {where} ({listed}) can go on {where_cols} "
                f"({shares}); those {len(cols)} columns need {len(cols)} cards")  # fmt: skip
    assert card_side is not None
    group, reach = card_side
    listed = names(cards[i] for i in group)
    if not reach:
        return f"{listed} shows none of the values the open columns share, so it fits no column"
    where_cols = f"column {_numbers(reach)}" if len(reach) == 1 else f"columns {_numbers(reach)}"
    return (f"the {len(group)} cards {listed} fit only {where_cols} between them, "
            "so one would be left over")  # fmt: skip


class EightyOne(FourDGame[EightyOneState, Place, EightyOneOptions]):
    key = "eighty-one"
    title = "Eighty-one"
    summary = "Place all 81 cards on nine columns, every column sharing at least one value."
    players = (1, 1)
    move_types = (Place,)
    one_hand = True
    options_type = EightyOneOptions
    position_help = (
        "the columns, one column per line, first-dealt card first (e.g. 'Bb=S Gw~S / Rg=T "
        "BwzT'); optionally a last line 'batch: CARDS' asks whether the batch can be placed"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: EightyOneOptions, hand_number: int
    ) -> EightyOneState:
        pack = self.pack(seed, hand_number)
        columns = tuple((c,) for c in pack[:COLUMNS])
        state = EightyOneState(
            options=options,
            seed=seed,
            columns=columns,
            common=tuple(mask(c[0]) for c in columns),
            batch=tuple(pack[COLUMNS : 2 * COLUMNS]),
            stock=tuple(pack[2 * COLUMNS :]),
            depth=1,
            hand_number=hand_number,
        )
        return self._check_batch(state)

    def _check_batch(self, state: EightyOneState) -> EightyOneState:
        reason = hall_reason(state.columns, state.batch, range(COLUMNS))
        return replace(state, lost=reason) if reason else state

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: EightyOneState) -> int | None:
        return None if state.lost or not state.batch else 0

    def candidate_moves(self, state: EightyOneState) -> Iterable[Place]:
        if self.to_move(state) is None:
            return []
        return [Place(c, col) for c in state.batch for col in range(COLUMNS)]

    def legal_moves(self, state: EightyOneState) -> list[Place]:
        if self.to_move(state) is None:
            return []
        cards = state.batch
        open_cols = [col for col in range(COLUMNS) if not state.given(col)]
        match = matching(cards, open_cols, state.common)
        at = {col: cards[i] for i, col in match.items()}  # column -> its card in the matching
        # reach[a]: columns b whose card could move on, a -> b when a's card fits b.
        reach = {a: {b for b in open_cols if b != a and fits(at[a], state.common[b])}
                 for a in open_cols}  # fmt: skip
        for k in open_cols:  # transitive closure (nine columns at most)
            for a in open_cols:
                if k in reach[a]:
                    reach[a] |= reach[k]
        moves = []
        for i, card in enumerate(cards):
            home = match[i]
            for col in open_cols:
                if fits(card, state.common[col]) and (col == home or home in reach[col]):
                    moves.append(Place(card, col))
        return moves

    def why_illegal(self, state: EightyOneState, move: Place) -> str | None:
        if self.to_move(state) is None:
            return "The game is over; no more cards can be placed."
        card, col = move.card, move.column
        if card not in state.batch:
            return f"{card} is not in the batch being placed ({names(state.batch)})."
        if not 0 <= col < COLUMNS:
            return f"There is no column {col + 1}; the columns are 1 to {COLUMNS}."
        if state.given(col):
            return (f"Column {col + 1} already has its card from this batch "
                    f"({state.columns[col][-1]}); each column takes one card a batch.")  # fmt: skip
        common = state.common[col]
        if not fits(card, common):
            return (f"{card} shares no value with column {col + 1}, whose cards all show "
                    f"{values_text(shared_values(common))}; all the cards in a column must "
                    "share at least one value.")  # fmt: skip
        columns = list(state.columns)
        columns[col] = (*columns[col], card)
        rest = [c for c in state.batch if c != card]
        open_cols = [c for c in range(COLUMNS) if not state.given(c) and c != col]
        reason = hall_reason(columns, rest, open_cols, "left in the batch")
        if reason:
            return (f"With {card} on column {col + 1}, the rest of the batch cannot be "
                    f"placed: {reason}.")  # fmt: skip
        return None

    def _apply(self, state: EightyOneState, move: Place) -> EightyOneState:
        col = move.column
        column = (*state.columns[col], move.card)
        columns = (*state.columns[:col], column, *state.columns[col + 1 :])
        common = state.common[col] & mask(move.card)
        commons = (*state.common[:col], common, *state.common[col + 1 :])
        batch = tuple(c for c in state.batch if c != move.card)
        state = replace(state, columns=columns, common=commons, batch=batch)
        if batch or not state.stock:
            return state
        state = replace(state, batch=state.stock[:COLUMNS], stock=state.stock[COLUMNS:],
                        depth=state.depth + 1)  # fmt: skip
        return self._check_batch(state)

    def zones(self, state: EightyOneState) -> tuple[Zone, ...]:
        columns = tuple(Zone(f"column {i + 1}", c, 0, "all") for i, c in enumerate(state.columns))
        return (
            *columns,
            Zone("batch", state.batch, 0, "all"),
            Zone("stock", state.stock, 0, "none"),
        )

    def outcome(self, state: EightyOneState) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        placed = state.placed
        if state.lost:
            return Outcome((), (placed,), (
                f"The batch {names(state.batch)} cannot be placed, one card on each column: "
                f"{state.lost}.",
                f"The game is lost with {placed} of 81 cards placed.",
            ))  # fmt: skip
        return Outcome((0,), (placed,), ("All 81 cards are placed and every column shares a "
                                         "value: the game is won.",))  # fmt: skip

    def invariants(self, state: EightyOneState) -> list[str]:
        broken = []
        for i, column in enumerate(state.columns):
            if len(column) not in (state.depth, state.depth + 1):
                broken.append(f"column {i + 1} holds {len(column)} cards at depth {state.depth}")
            if common_of(column) != state.common[i] or not state.common[i]:
                broken.append(f"column {i + 1} ({names(column)}) is not a single-flush")
        open_count = sum(1 for i in range(COLUMNS) if not state.given(i))
        if state.batch and len(state.batch) != open_count:
            broken.append(f"{len(state.batch)} batch cards for {open_count} open columns")
        if not state.lost and state.batch:
            open_cols = [i for i in range(COLUMNS) if not state.given(i)]
            if len(matching(state.batch, open_cols, state.common)) != len(state.batch):
                broken.append("the batch can no longer be placed, yet the game goes on")
        return broken

    def score_position(self, text: str, options: EightyOneOptions | None = None) -> Scored:
        rows = split_rows(text)
        batch: list[Card] = []
        if rows and rows[-1].strip().lower().startswith("batch:"):
            batch = read_cards(rows.pop().strip()[len("batch:") :], FOUR_D)
        columns = [read_cards(r, FOUR_D) for r in rows]
        if not columns:
            raise PositionError("write the columns, one column per line (or separated by '/')")
        read_cards(" ".join(str(c) for c in [*(c for col in columns for c in col), *batch]), FOUR_D)
        reasons, details = [], []
        bad = []
        for i, column in enumerate(columns, 1):
            common = common_of(column)
            shared = shared_values(common)
            details.append(
                {
                    "cards": [str(c) for c in column],
                    "shared": [v.name for v in shared],
                    "single_flush": bool(shared),
                }
            )
            if shared:
                reasons.append(f"Column {i} ({names(column)}) shares {values_text(shared)}.")
            else:
                bad.append(i - 1)
                reasons.append(f"Column {i} ({names(column)}) shares no value on all its "
                               "cards; it is not a single-flush.")  # fmt: skip
        if bad:
            summary = (f"Column {_numbers(bad)} is not a single-flush" if len(bad) == 1
                       else f"Columns {_numbers(bad)} are not single-flushes")  # fmt: skip
        else:
            summary = f"All {len(columns)} columns are single-flushes"
        result: dict[str, object] = {"columns": details}
        if batch:
            if bad:
                raise PositionError("a batch can be placed only on columns that are single-flushes")
            if len(batch) != len(columns):
                raise PositionError(
                    f"a batch has one card for each column: {len(batch)} cards, {len(columns)} "
                    "columns"
                )
            reason = hall_reason(columns, batch, range(len(columns)))
            result["batch_fits"] = reason is None
            if reason:
                summary += "; the batch cannot be placed: the game is lost"
                reasons.append(f"The batch cannot be placed: {reason}.")
            else:
                commons = [common_of(c) for c in columns]
                match = matching(batch, range(len(columns)), commons)
                placing = ", ".join(
                    f"{batch[i]} on column {col + 1}"
                    for i, col in sorted(match.items(), key=lambda x: x[1])
                )
                summary += "; the batch can be placed"
                reasons.append(f"The batch can be placed: {placing}.")
        return Scored(self.title, None, summary, tuple(reasons), result)


GAME = EightyOne()
