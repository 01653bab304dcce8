"""Good Riddance (4D Playing Cards rulebook): play all your cards on the discard pile.

Seven cards each; a card may be played on the top card of the pile when it shares
no value with it (Variation 2: exactly two). A player who cannot play draws one
card and may play it if it is allowed (Variation 1: keeps drawing until a play
is made). The first player out of cards wins. An empty stock is made again from
the pile, all but its top card, shuffled.

The project's readings (docs/rules-notes.md): a player draws only when no card in
hand can be played; a player who can neither play nor draw passes, and when every
player in turn has passed so, the hand is blocked and the fewest cards win.

>>> from printables.cards import card
>>> GAME.why_illegal_play(card("GwzC"), card("BbzS"), RiddanceOptions())
'GwzC shares zigzag with the top card BbzS; Good Riddance needs no shared value.'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
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
from printables.games.dealing import deal, left_of, rng, shuffled
from printables.games.fourd import FourDGame


@dataclass(frozen=True)
class RiddanceOptions:
    shared: int = field(
        default=0, metadata={"help": "values a play must share with the top card: "
                             "0 (the book), 2 (Variation 2)"})  # fmt: skip
    draw_until_play: bool = field(
        default=False, metadata={"help": "Variation 1: keep drawing until a card can be played"}
    )
    hand_size: int = field(default=7, metadata={"help": "cards dealt to each player"})

    def __post_init__(self) -> None:
        if self.shared not in (0, 2):
            raise OptionError(f"Good Riddance plays on 0 or 2 shared values, not {self.shared}")
        if not 1 <= self.hand_size <= 15:
            raise OptionError(f"hand_size must be 1 to 15, not {self.hand_size}")


@dataclass(frozen=True)
class Play:
    """Play ``card`` from hand on the pile."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the stock (only when no card in hand can be played)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    """End the turn without playing."""

    def __str__(self) -> str:
        return "pass"


RiddanceMove = Play | Draw | Pass


@dataclass(frozen=True)
class RiddanceState:
    options: RiddanceOptions
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top card first
    pile: tuple[Card, ...]  # bottom card first; the top card is last
    turn: int
    drawn: Card | None = None  # the card drawn this turn, now in hand
    reshuffles: int = 0
    passes: int = 0  # turns in a row that could neither play nor draw
    finished: bool = False
    hand_number: int = 0

    @property
    def top(self) -> Card:
        return self.pile[-1]


class GoodRiddance(FourDGame[RiddanceState, RiddanceMove, RiddanceOptions]):
    key = "good-riddance"
    title = "Good Riddance"
    summary = "Play all your cards on the discard pile, each sharing no value with the top card."
    players = (2, 5)
    move_types = (Play, Draw, Pass)
    one_hand = True
    options_type = RiddanceOptions
    position_help = "a play: CARD on TOP-CARD (e.g. 'GwzC on BbzS')"

    def deal(
        self, players: int, seed: int, dealer: int, options: RiddanceOptions, hand_number: int
    ) -> RiddanceState:
        hands, rest = deal(self.pack(seed, hand_number), players, options.hand_size, dealer)
        return RiddanceState(
            options=options,
            seed=seed,
            dealer=dealer,
            hands=tuple(tuple(h) for h in hands),
            stock=tuple(rest[1:]),
            pile=(rest[0],),
            turn=left_of(dealer, players),
            hand_number=hand_number,
        )

    # -- the rule ------------------------------------------------------------------------

    def why_illegal_play(self, card: Card, top: Card, options: RiddanceOptions) -> str | None:
        """Why ``card`` may not go on ``top`` (None when it may)."""
        if card.shares(top) == options.shared:
            return None
        shared = card.shared_with(top)
        if options.shared == 0:
            return (f"{card} shares {values_text(shared)} with the top card {top}; "
                    "Good Riddance needs no shared value.")  # fmt: skip
        have = f"shares only {values_text(shared)}" if shared else "shares no value"
        if len(shared) > 2:
            have = f"shares three values ({values_text(shared)})"
        return (f"{card} {have} with the top card {top}; "
                "this variation needs exactly two shared values.")  # fmt: skip

    def playable(self, state: RiddanceState, cards: Iterable[Card]) -> list[Card]:
        top, shared = state.top, state.options.shared
        return [c for c in cards if c.shares(top) == shared]

    def _can_draw(self, state: RiddanceState) -> bool:
        return bool(state.stock) or len(state.pile) > 1

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: RiddanceState) -> int | None:
        return None if state.finished else state.turn

    def legal_moves(self, state: RiddanceState) -> list[RiddanceMove]:
        if state.finished:
            return []
        hand = state.hands[state.turn]
        if state.drawn is not None:
            if self.playable(state, [state.drawn]):
                play: list[RiddanceMove] = [Play(state.drawn)]
                return play if state.options.draw_until_play else [*play, Pass()]
            return [Draw()] if self._can_draw(state) else [Pass()]
        moves: list[RiddanceMove] = [Play(c) for c in self.playable(state, hand)]
        if moves:
            return moves
        return [Draw()] if self._can_draw(state) else [Pass()]

    def candidate_moves(self, state: RiddanceState) -> Iterable[RiddanceMove]:
        yield from (Play(c) for c in state.hands[state.turn])
        yield Draw()
        yield Pass()

    def why_illegal(self, state: RiddanceState, move: RiddanceMove) -> str | None:
        hand = state.hands[state.turn]
        if isinstance(move, Play):
            if move.card not in hand:
                return f"{move.card} is not in {seat_name(state.turn)}'s hand."
            if state.drawn is not None and move.card != state.drawn:
                return f"After drawing, only the drawn card {state.drawn} may be played."
            return self.why_illegal_play(move.card, state.top, state.options)
        playable = self.playable(state, hand)
        if isinstance(move, Draw):
            if state.drawn is not None and not state.options.draw_until_play:
                return "Only one card may be drawn in a turn; play it or pass."
            if playable:
                return f"{playable[0]} can be played, so there is no drawing this turn."
            if not self._can_draw(state):
                return "The stock and the pile below the top card are empty; pass."
            return None
        # Pass
        if state.drawn is None and playable:
            return f"{playable[0]} can be played; a player who can play must play."
        if state.drawn is None and self._can_draw(state):
            return "A player who cannot play draws a card before passing."
        if state.drawn is not None and state.options.draw_until_play and playable:
            return f"Variation 1: the drawn card {state.drawn} can be played and must be."
        return None

    def _apply(self, state: RiddanceState, move: RiddanceMove) -> RiddanceState:
        seat = state.turn
        if isinstance(move, Play):
            hand = tuple(c for c in state.hands[seat] if c != move.card)
            state = replace(state, hands=replaced(state.hands, seat, hand),
                            pile=(*state.pile, move.card), passes=0)  # fmt: skip
            if not hand:
                return replace(state, finished=True, drawn=None)
            return self._next_turn(state)
        if isinstance(move, Draw):
            if not state.stock:
                state = self._reshuffle(state)
            drawn, stock = state.stock[0], state.stock[1:]
            hands = replaced(state.hands, seat, (*state.hands[seat], drawn))
            state = replace(state, stock=stock, drawn=drawn, passes=0, hands=hands)
            if self.playable(state, [drawn]) or state.options.draw_until_play:
                return state
            return self._next_turn(state)
        passes = state.passes + (0 if state.drawn is not None else 1)
        state = replace(state, passes=passes)
        if passes >= len(state.hands):
            return replace(state, finished=True, drawn=None)
        return self._next_turn(state)

    def _next_turn(self, state: RiddanceState) -> RiddanceState:
        return replace(state, turn=left_of(state.turn, len(state.hands)), drawn=None)

    def _reshuffle(self, state: RiddanceState) -> RiddanceState:
        stock = shuffled(state.pile[:-1], rng(state.seed, "reshuffle", state.reshuffles))
        return replace(state, stock=tuple(stock), pile=(state.top,),
                       reshuffles=state.reshuffles + 1)  # fmt: skip

    def zones(self, state: RiddanceState) -> tuple[Zone, ...]:
        hands = tuple(Zone("hand", h, seat, "owner") for seat, h in enumerate(state.hands))
        return (*hands, Zone("stock", state.stock, None, "none"), Zone("pile", state.pile))

    def outcome(self, state: RiddanceState) -> Outcome | None:
        if not state.finished:
            return None
        left = [len(h) for h in state.hands]
        fewest = min(left)
        winners = tuple(s for s, n in enumerate(left) if n == fewest)
        if fewest == 0:
            reason = f"{seat_name(winners[0])} has played every card and wins."
        else:
            counts = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(left))
            reason = f"No player can play or draw; the fewest cards in hand win: {counts}."
        return Outcome(winners, tuple(int(s in winners) for s in range(len(left))), (reason,))

    def invariants(self, state: RiddanceState) -> list[str]:
        broken = []
        if len(state.pile) > 1:  # checked after every move, so the top pair suffices
            reason = self.why_illegal_play(state.pile[-1], state.pile[-2], state.options)
            if reason:
                broken.append(f"pile holds an illegal play: {reason}")
        if state.drawn is not None and state.drawn not in state.hands[state.turn]:
            broken.append(f"the drawn card {state.drawn} is not in the hand of the player to move")
        return broken

    def score_position(self, text: str, options: RiddanceOptions | None = None) -> Scored:
        options = options or RiddanceOptions()
        played, sep, top = text.partition(" on ")
        if not sep:
            raise PositionError(f"write a play as 'CARD on TOP-CARD', not {text!r}")
        card, top_card = read_cards(played, FOUR_D)[0], read_cards(top, FOUR_D)[0]
        reason = self.why_illegal_play(card, top_card, options)
        shared = card.shared_with(top_card)
        if reason:
            return Scored(self.title, None, f"{card} may not be played on {top_card}", (reason,),
                          {"legal": False, "shared": [v.name for v in shared]})  # fmt: skip
        why = ("it shares no value with it" if not shared
               else f"it shares exactly {values_text(shared)}")  # fmt: skip
        return Scored(self.title, None, f"{card} may be played on {top_card}",
                      (f"{card} may be played on {top_card}: {why}.",),
                      {"legal": True, "shared": [v.name for v in shared]})  # fmt: skip


GAME = GoodRiddance()
