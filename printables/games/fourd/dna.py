"""DNA (4D Playing Cards rulebook): solitaire, all 81 cards into one chain.

The shuffled deck is the stock. One card at a time is turned up from the stock and
must be played before the next is turned up: on one of four chains, or on the discard
pile. Besides the turned-up card only the top card of the discard pile or of a chain
may move, at any time, to a chain where it fits: an empty chain takes any card, else
the card must share three values with the chain's top card (neighbours in a chain are
triple-flush pairs). Only the card turned up from the stock may go on the discard pile,
and it must when no chain takes it. The game is won when all 81 cards are in one chain.

The project's readings (docs/readings/dna.md):

- Moves are exactly the book's rules: turn up a card, or move one top card (the
  turned-up card, the top of the discard pile, the top of a chain) to a chain or, the
  turned-up card only, to the discard pile. The book's shortcuts (adding under a chain,
  reversing or inserting into a chain, with an empty chain free) are conveniences that
  follow from these moves, and are not offered as moves of their own.
- Moving a one-card chain to an empty chain changes nothing but is allowed, as the
  rules allow it.
- The turned-up card may go on the discard pile even when a chain would take it (the
  book says only that it must when none does).
- The end: the book gives no losing end. Once the stock is used up (and the last card
  played), the player may stop; the game is then lost unless all cards form one chain,
  which ends the game at once as a win. A lost game scores the cards in its longest
  chain.

>>> from printables.cards import card
>>> GAME.why_illegal_link(card("RbzC"), card("GbzS"), 1).split(";")[0]
'RbzC shares only black and zigzag with GbzS, the top of chain 1'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Literal

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import names, values_text
from printables.games.base import OptionError, Outcome, PositionError, Scored, Zone
from printables.games.fourd import FourDGame

Source = Literal["stock", "discard"] | int  # an int is a chain, 0-based
Target = Literal["discard"] | int
DECK = len(FOUR_D.cards)
# Each card's triple-flush partners (the eight cards sharing three values with it).
PARTNERS: dict[Card, frozenset[Card]] = {
    a: frozenset(b for b in FOUR_D.cards if a.shares(b) == 3) for a in FOUR_D.cards
}


@dataclass(frozen=True)
class DnaOptions:
    chains: int = field(default=4, metadata={"help": "chains in the playing area (the book: 4)"})

    def __post_init__(self) -> None:
        if not 1 <= self.chains <= 8:
            raise OptionError(f"DNA is played with 1 to 8 chains, not {self.chains}")


@dataclass(frozen=True)
class Turn:
    """Turn up the top card of the stock."""

    def __str__(self) -> str:
        return "turn up a card"


def place(where: Source | Target) -> str:
    """A place in words: ``"chain 2"``, ``"the stock"``, ``"the discard pile"``."""
    if isinstance(where, int):
        return f"chain {where + 1}"
    return "the stock" if where == "stock" else "the discard pile"


@dataclass(frozen=True)
class Play:
    """Move ``card``, the top of ``source``, to ``target``."""

    card: Card
    source: Source
    target: Target

    def __str__(self) -> str:
        return f"play {self.card} from {place(self.source)} to {place(self.target)}"


@dataclass(frozen=True)
class Stop:
    """End the game (only once the stock is used up)."""

    def __str__(self) -> str:
        return "stop"


DnaMove = Turn | Play | Stop


@dataclass(frozen=True)
class DnaState:
    options: DnaOptions
    seed: int
    stock: tuple[Card, ...]  # face down, top card first
    up: Card | None  # the card turned up from the stock, not yet played
    discard: tuple[Card, ...]  # bottom card first; the top card is last
    chains: tuple[tuple[Card, ...], ...]  # each bottom card first; the top card is last
    stopped: bool = False
    won: bool = False  # all the cards are in one chain
    hand_number: int = 0

    @property
    def dealer(self) -> int:
        """A solitaire: the player deals."""
        return 0

    def top(self, source: Source) -> Card | None:
        """The card that may move from ``source`` (None when there is none)."""
        if source == "stock":
            return self.up
        pile = self.discard if source == "discard" else self.chains[source]
        return pile[-1] if pile else None


class Dna(FourDGame[DnaState, DnaMove, DnaOptions]):
    key = "dna"
    title = "DNA"
    summary = "Solitaire: build chains of triple-flush pairs until all 81 cards form one chain."
    players = (1, 1)
    move_types = (Turn, Play, Stop)
    one_hand = True
    options_type = DnaOptions
    position_help = (
        "chains, each from bottom to top, separated by '/' or new lines "
        "(e.g. 'GbzS GbzC RbzC RgzC / Gw=C')"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: DnaOptions, hand_number: int
    ) -> DnaState:
        stock = self.pack(seed, hand_number)
        return DnaState(
            options, seed, tuple(stock), None, (), ((),) * options.chains, hand_number=hand_number
        )

    # -- the rule ------------------------------------------------------------------------

    def why_illegal_link(self, card: Card, top: Card, chain: int) -> str | None:
        """Why ``card`` may not go on ``top``, the top of chain ``chain`` (1-based)."""
        if top in PARTNERS[card]:
            return None
        shared = card.shared_with(top)
        have = f"shares only {values_text(shared)}" if shared else "shares no value"
        return (f"{card} {have} with {top}, the top of chain {chain}; "
                "a card on a chain must share three values with its top card.")  # fmt: skip

    def _sources(self, state: DnaState) -> list[Source]:
        return ["stock", "discard", *range(len(state.chains))]

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: DnaState) -> int | None:
        return None if state.stopped or state.won else 0

    def candidate_moves(self, state: DnaState) -> Iterable[DnaMove]:
        yield Turn()
        targets: list[Target] = [*range(len(state.chains)), "discard"]
        for source in self._sources(state):
            card = state.top(source)
            if card is not None:
                yield from (Play(card, source, t) for t in targets if t != source)
        yield Stop()

    def legal_moves(self, state: DnaState) -> list[DnaMove]:
        if state.stopped or state.won:
            return []
        moves: list[DnaMove] = []
        if state.up is None and state.stock:
            moves.append(Turn())
        tops = [chain[-1] if chain else None for chain in state.chains]
        for source in self._sources(state):
            card = state.top(source)
            if card is None:
                continue
            partners = PARTNERS[card]
            for target, top in enumerate(tops):
                if target != source and (top is None or top in partners):
                    moves.append(Play(card, source, target))
            if source == "stock":
                moves.append(Play(card, source, "discard"))
        if not state.stock and state.up is None:
            moves.append(Stop())
        return moves

    def why_illegal(self, state: DnaState, move: DnaMove) -> str | None:
        if state.stopped or state.won:
            return "The game is over; no more moves can be made."
        if isinstance(move, Turn):
            if state.up is not None:
                return (f"The turned-up card {state.up} must be played before another card "
                        "is turned up.")  # fmt: skip
            if not state.stock:
                return "The stock is used up; there is no card to turn up."
            return None
        if isinstance(move, Stop):
            if state.stock or state.up is not None:
                return (
                    "The game goes on until every card of the stock has been turned up and played."
                )
            return None
        chains = len(state.chains)
        for where in (move.source, move.target):
            if isinstance(where, int) and not 0 <= where < chains:
                return f"There is no chain {where + 1}; the game has {chains} chains."
        card = state.top(move.source)
        if card is None:
            if move.source == "stock":
                return "No card is turned up; turn one up from the stock first."
            return f"{place(move.source).capitalize()} is empty; there is no card to move."
        if card != move.card:
            if move.source == "stock":
                return f"{move.card} is not the turned-up card; the turned-up card is {card}."
            return (f"{move.card} is not the top card of {place(move.source)}; only its top "
                    f"card {card} may be moved.")  # fmt: skip
        if move.target == move.source:
            return f"{move.card} is already the top card of {place(move.source)}."
        if move.target == "discard":
            if move.source != "stock":
                return (f"Only a card turned up from the stock may be played on the discard "
                        f"pile; {move.card} comes from {place(move.source)}.")  # fmt: skip
            return None
        chain = state.chains[move.target]
        if not chain:
            return None
        return self.why_illegal_link(move.card, chain[-1], move.target + 1)

    def _apply(self, state: DnaState, move: DnaMove) -> DnaState:
        if isinstance(move, Turn):
            return replace(state, up=state.stock[0], stock=state.stock[1:])
        if isinstance(move, Stop):
            return replace(state, stopped=True)
        chains = list(state.chains)
        if move.source == "stock":
            state = replace(state, up=None)
        elif move.source == "discard":
            state = replace(state, discard=state.discard[:-1])
        else:
            chains[move.source] = chains[move.source][:-1]
        if move.target == "discard":
            return replace(state, discard=(*state.discard, move.card), chains=tuple(chains))
        chains[move.target] = (*chains[move.target], move.card)
        won = len(chains[move.target]) == DECK
        return replace(state, chains=tuple(chains), won=won)

    def zones(self, state: DnaState) -> tuple[Zone, ...]:
        chains = tuple(Zone(f"chain {i + 1}", c) for i, c in enumerate(state.chains))
        up = (state.up,) if state.up is not None else ()
        return (Zone("stock", state.stock, None, "none"), Zone("turned up", up),
                Zone("discard pile", state.discard), *chains)  # fmt: skip

    def outcome(self, state: DnaState) -> Outcome | None:
        if state.won:
            return Outcome((0,), (DECK,), (f"All {DECK} cards are in one chain: the game is won.",))
        if not state.stopped:
            return None
        longest = max(len(c) for c in state.chains)
        sizes = ", ".join(str(len(c)) for c in state.chains)
        pile = len(state.discard)
        cards = "1 card" if pile == 1 else f"{pile} cards"
        reason = (f"The player stopped with {cards} on the discard pile and chains of "
                  f"{sizes} cards; the game is lost (longest chain {longest}).")  # fmt: skip
        return Outcome((), (longest,), (reason,))

    def invariants(self, state: DnaState) -> list[str]:
        broken = []
        for i, chain in enumerate(state.chains):  # every move changes only tops: check them
            if len(chain) > 1 and chain[-2] not in PARTNERS[chain[-1]]:
                broken.append(f"chain {i + 1} ends {chain[-2]} {chain[-1]}, not sharing three")
        if state.stopped and (state.stock or state.up is not None):
            broken.append("the game stopped with cards left in the stock")
        if state.won != any(len(chain) == DECK for chain in state.chains):
            broken.append("the game's won flag does not match its chains")
        return broken

    # -- scoring positions written in notation -------------------------------------------

    def score_position(self, text: str, options: DnaOptions | None = None) -> Scored:
        rows = [row for row in text.replace("\n", "/").split("/") if row.strip(" ,;\t")]
        if not rows:
            raise PositionError("write at least one chain of cards, bottom card first")
        chains = [read_cards(row, self.deck) for row in rows]
        read_cards(" ".join(names(c) for c in chains), self.deck)  # no card in two chains
        reasons = []
        for i, chain in enumerate(chains, 1):
            for a, b in pairwise(chain):
                why = self.why_illegal_link(b, a, i)
                if why:
                    reasons.append(why)
        longest = max(len(c) for c in chains)
        details = {"chains": [[str(c) for c in chain] for chain in chains],
                   "valid": not reasons, "longest": longest}  # fmt: skip
        if reasons:
            return Scored(self.title, None, "not a position of DNA: a chain is broken",
                          tuple(reasons), details)  # fmt: skip
        count = "1 chain" if len(chains) == 1 else f"{len(chains)} chains"
        return Scored(self.title, longest, f"{count}, every neighbour sharing three values; "
                      f"longest {longest} cards", ("Every pair of neighbours shares three "
                      f"values; the longest chain holds {longest} cards.",), details)  # fmt: skip


GAME = Dna()
