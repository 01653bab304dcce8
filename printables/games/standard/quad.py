"""Quad (David R. Lorentz): call reds or blacks in secret, then stack and cancel suits so
that the table counts your way.

Two players, the 52 cards and the two jokers (only markers). Six rounds use up the deck
with no reshuffle (:data:`ROUNDS`): five of four cards each and an up-card, the last of
three each and an up-card. The round's chooser looks at his cards and makes a secret
call (:class:`Call`: the jokers, the called one on top, face down before him); then one
card is turned up as the first stack and the chooser plays first, turns alternating
until both hands are empty. A card whose suit has no stack must start one
(:class:`Start`); any other card goes on its own suit's stack (:class:`Add`) or on a
stack of another suit, which cancels it (:class:`Cancel`: the stack and the card go to
the discard, never to be used again). After the last card the table is counted, ace 1
... king 13, reds (hearts and diamonds) against blacks (clubs and spades): when the
outcome is the call the chooser collects the table, otherwise (the opposite, or a tie)
the other player does. After six rounds more cards collected wins; equal counts draw.

The whole game is one hand of the engine (:attr:`~QuadGame.one_hand`). The project's
readings (docs/rules-notes.md): the dealer deals every round, one card at a time from
the top of the deck, the non-dealer first; the non-dealer is the first round's chooser
(the option ``dealer_chooses_first`` changes it) and the role alternates; the up-card is
the top card left after the call; a cancelling card goes to the discard with the stack;
the jokers stay with the round's chooser, seen by him alone, and collected cards and the
discard lie face up.

>>> state = GAME.setup(2, seed=1)
>>> GAME.to_move(state) == 1 - state.dealer, [str(m) for m in GAME.legal_moves(state)]
(True, ['call reds', 'call blacks'])
>>> GAME.score_position("blacks: KH 5H / 9S 3S").summary
'reds 18, blacks 12: reds; the call was blacks, so the other player collects 4 cards'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from printables.cards.deck import Card
from printables.cards.decks import STANDARD
from printables.cards.errors import NotationError
from printables.cards.reading import read_cards
from printables.cards.wording import names
from printables.games.base import (
    Outcome,
    PositionError,
    Scored,
    Seen,
    Zone,
    replaced,
    seat_name,
)
from printables.games.dealing import deal, left_of
from printables.games.standard import StandardGame, face_value

ROUNDS: tuple[tuple[int, int], ...] = ((4, 1),) * 5 + ((3, 1),)
"""Each round's cards: to each player, and turned up. 5 x 9 + 7 = 52, no reshuffle."""
PLAYERS = 2
CALLS = ("reds", "blacks")
SUITS: tuple[str, ...] = tuple(
    v.name for v in STANDARD.attributes[STANDARD.attribute_position("suit")].values
)
"""The suits in the deck's order: spades, hearts, diamonds, clubs (a stack each at most)."""
JOKERS: tuple[Card, ...] = tuple(c for c in STANDARD.cards if c.extra is not None)
PLAYING: tuple[Card, ...] = tuple(c for c in STANDARD.cards if c.extra is None)
_SUIT = {c: SUITS.index(c.value("suit").name) for c in PLAYING}
_RED = {c: c.trait("color") == "red" for c in PLAYING}
_JOKER_OF = {call: next(j for j in JOKERS if j.trait("color") == call[:-1]) for call in CALLS}
MOST_ON_TABLE = 2 * ROUNDS[0][0] + ROUNDS[0][1]
"""A round's cards (9): the most a table can hold."""


@dataclass(frozen=True)
class QuadOptions:
    dealer_chooses_first: bool = field(
        default=False, metadata={"help": "the dealer is the first round's chooser (the book "
                                 "does not say; by default the non-dealer is)"})  # fmt: skip
    open_call: bool = field(
        default=False, metadata={"help": "a teaching variation: the chooser lays the jokers "
                                 "face up, so both players see the call"})  # fmt: skip


@dataclass(frozen=True)
class Call:
    """The chooser's secret call for the round: ``"reds"`` or ``"blacks"``."""

    color: str

    def __str__(self) -> str:
        return f"call {self.color}"


@dataclass(frozen=True)
class Start:
    """Start a stack with ``card`` (a must when its suit has no stack on the table)."""

    card: Card

    def __str__(self) -> str:
        return f"start {self.card}"


@dataclass(frozen=True)
class Add:
    """Put ``card`` on the stack of its own suit."""

    card: Card

    def __str__(self) -> str:
        return f"add {self.card}"


@dataclass(frozen=True)
class Cancel:
    """Put ``card`` on the stack of another suit, ``stack`` (a suit's name): the stack and
    the card go to the discard."""

    card: Card
    stack: str

    def __str__(self) -> str:
        return f"cancel {self.stack} with {self.card}"


QuadMove = Call | Start | Add | Cancel
CardMove = Start | Add | Cancel
Table = tuple[tuple[Card, ...], ...]
"""The stacks on the table, one a suit in :data:`SUITS` order (empty: no stack)."""


@dataclass(frozen=True)
class RoundResult:
    """A counted round: its chooser and call, the table's totals, who collected what."""

    number: int  # 1-based
    chooser: int
    call: str
    reds: int
    blacks: int
    collector: int
    cards: tuple[Card, ...]

    @property
    def outcome(self) -> str:
        return round_outcome(self.reds, self.blacks)

    def reason(self) -> str:
        who = seat_name(self.collector)
        return (f"Round {self.number}: {seat_name(self.chooser)} called {self.call}; reds "
                f"{self.reds}, blacks {self.blacks}: {self.outcome}, so {who} collects "
                f"{_cards(len(self.cards))}.")  # fmt: skip


@dataclass(frozen=True)
class QuadState:
    options: QuadOptions
    seed: int
    dealer: int  # deals every round of the game
    deck: tuple[Card, ...]  # face down, top card first
    hands: tuple[tuple[Card, ...], ...]
    stacks: Table  # one a suit (SUITS order), bottom card first
    discard: tuple[Card, ...]
    collected: tuple[tuple[Card, ...], ...]
    chooser: int
    call: str | None  # None until the chooser calls
    turn: int
    results: tuple[RoundResult, ...] = ()
    finished: bool = False
    hand_number: int = 0

    @property
    def table(self) -> tuple[Card, ...]:
        return tuple(c for stack in self.stacks for c in stack)


def suit_of(card: Card) -> str:
    """A card's suit by name (``"hearts"``)."""
    return SUITS[_SUIT[card]]


def count_table(cards: Iterable[Card]) -> tuple[int, int]:
    """The red total and the black total of ``cards``, ace 1 ... king 13.

    >>> count_table(read_cards("KH 5D 9S AC", STANDARD))
    (18, 10)
    """
    reds = blacks = 0
    for card in cards:
        if _RED[card]:
            reds += face_value(card)
        else:
            blacks += face_value(card)
    return reds, blacks


def round_outcome(reds: int, blacks: int) -> str:
    """``"reds"``, ``"blacks"`` or (a tie) ``"neither"``.

    >>> round_outcome(18, 12), round_outcome(5, 9), round_outcome(7, 7)
    ('reds', 'blacks', 'neither')
    """
    if reds == blacks:
        return "neither"
    return "reds" if reds > blacks else "blacks"


def why_illegal_card(move: CardMove, stacks: Sequence[Sequence[Card]]) -> str | None:
    """Why a card may not be played so on a table of ``stacks`` (None when it may)."""
    card = move.card
    own = suit_of(card)
    on_table = bool(stacks[SUITS.index(own)])
    if isinstance(move, Start):
        if not on_table:
            return None
        others = any(s for i, s in enumerate(stacks) if SUITS[i] != own)
        also = " or cancel another suit's stack" if others else ""
        return (f"A card whose suit is on the table cannot start a second stack: {card} "
                f"must go on the {own} stack{also}.")  # fmt: skip
    if isinstance(move, Add):
        if on_table:
            return None
        return (f"There is no {own} stack for {card} to go on; a card whose suit is not on "
                "the table must start its own stack.")  # fmt: skip
    return _why_not_cancel(card, move.stack, stacks)


def _why_not_cancel(card: Card, target: str, stacks: Sequence[Sequence[Card]]) -> str | None:
    own = suit_of(card)
    if target not in SUITS:
        return f"There is no suit {target!r}; a stack is one of {', '.join(SUITS)}."
    if target == own:
        then = "go on" if stacks[SUITS.index(own)] else "start"
        return f"A card cannot cancel its own suit's stack; {card} may {then} the {own} stack."
    if not stacks[SUITS.index(own)]:
        return (f"A card whose suit is not on the table must start its own stack: {card} "
                f"cannot cancel the {target} stack.")  # fmt: skip
    if not stacks[SUITS.index(target)]:
        return f"There is no {target} stack on the table for {card} to cancel."
    return None


def first_chooser(dealer: int, options: QuadOptions) -> int:
    """The first round's chooser: the non-dealer (the dealer with ``dealer_chooses_first``)."""
    return dealer if options.dealer_chooses_first else left_of(dealer, PLAYERS)


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


class QuadGame(StandardGame[QuadState, QuadMove, QuadOptions]):
    key = "quad"
    title = "Quad"
    summary = ("Call reds or blacks in secret, then stack and cancel suits so the table "
               "counts your way; the most cards collected wins.")  # fmt: skip
    players = (2, 2)
    book = "Quad"
    deck = STANDARD
    move_types = (Call, Start, Add, Cancel)
    one_hand = True
    options_type = QuadOptions
    position_help = (
        "the chooser's call (reds or blacks), a colon, then the stacks on the table "
        "separated by '/', each of one suit (e.g. 'reds: KH 5H / 9S 3S / QD')"
    )

    # -- dealing -------------------------------------------------------------------------

    def deal(
        self, players: int, seed: int, dealer: int, options: QuadOptions, hand_number: int
    ) -> QuadState:
        deck = tuple(c for c in self.pack(seed, hand_number) if c.extra is None)
        empty: tuple[tuple[Card, ...], ...] = ((),) * PLAYERS
        state = QuadState(options=options, seed=seed, dealer=dealer, deck=deck, hands=empty,
                          stacks=((),) * len(SUITS), discard=(), collected=empty,
                          chooser=dealer, call=None, turn=dealer,
                          hand_number=hand_number)  # fmt: skip
        return self._new_round(state)

    def _new_round(self, state: QuadState) -> QuadState:
        """Deal the next round's hands from the top of the deck; its chooser to call."""
        number = len(state.results)
        each, _ = ROUNDS[number]
        hands, rest = deal(state.deck, PLAYERS, each, state.dealer)
        chooser = left_of(first_chooser(state.dealer, state.options), PLAYERS, number)
        return replace(state, deck=tuple(rest), hands=tuple(tuple(sorted(h)) for h in hands),
                       chooser=chooser, call=None, turn=chooser)  # fmt: skip

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: QuadState) -> int | None:
        return None if state.finished else state.turn

    def candidate_moves(self, state: QuadState) -> Iterable[QuadMove]:
        yield from (Call(c) for c in CALLS)
        for card in state.hands[state.turn]:
            yield Start(card)
            yield Add(card)
            yield from (Cancel(card, suit) for suit in SUITS)

    def legal_moves(self, state: QuadState) -> list[QuadMove]:
        if state.finished:
            return []
        if state.call is None:
            return [Call(c) for c in CALLS]
        moves: list[QuadMove] = []
        for card in state.hands[state.turn]:
            own = _SUIT[card]
            if not state.stacks[own]:
                moves.append(Start(card))
                continue
            moves.append(Add(card))
            moves.extend(Cancel(card, SUITS[i]) for i, s in enumerate(state.stacks)
                         if s and i != own)  # fmt: skip
        return moves

    def why_illegal(self, state: QuadState, move: QuadMove) -> str | None:
        seat = state.turn
        if isinstance(move, Call):
            if move.color not in CALLS:
                return f"A call is reds or blacks, not {move.color!r}."
            if state.call is not None:
                return (f"The call for this round is made (once, before the up-card is "
                        f"turned); {seat_name(seat)} now plays a card.")  # fmt: skip
            return None
        if state.call is None:
            return (f"{seat_name(seat).capitalize()}, the chooser, first calls reds or "
                    "blacks; no card is played before the call.")  # fmt: skip
        if move.card not in state.hands[seat]:
            return f"{move.card} is not in {seat_name(seat)}'s hand."
        return why_illegal_card(move, state.stacks)

    def _apply(self, state: QuadState, move: QuadMove) -> QuadState:
        if isinstance(move, Call):
            up, deck = state.deck[0], state.deck[1:]
            stacks = replaced(state.stacks, _SUIT[up], (up,))
            return replace(state, call=move.color, deck=deck, stacks=stacks)
        seat = state.turn
        hand = tuple(c for c in state.hands[seat] if c != move.card)
        stacks, discard = self._place(state, move)
        state = replace(state, hands=replaced(state.hands, seat, hand), stacks=stacks,
                        discard=discard, turn=left_of(seat, PLAYERS))  # fmt: skip
        return state if any(state.hands) else self._end_round(state)

    def _place(self, state: QuadState, move: CardMove) -> tuple[Table, tuple[Card, ...]]:
        """The stacks and the discard after ``move``'s card is put down."""
        card = move.card
        if isinstance(move, Cancel):
            target = SUITS.index(move.stack)
            discard = (*state.discard, *state.stacks[target], card)
            return replaced(state.stacks, target, ()), discard
        own = _SUIT[card]
        return replaced(state.stacks, own, (*state.stacks[own], card)), state.discard

    def _end_round(self, state: QuadState) -> QuadState:
        """Count the table, give it to the collector, and deal the next round (if any)."""
        table = state.table
        reds, blacks = count_table(table)
        call = state.call or ""
        hit = round_outcome(reds, blacks) == call
        collector = state.chooser if hit else left_of(state.chooser, PLAYERS)
        result = RoundResult(len(state.results) + 1, state.chooser, call, reds, blacks,
                             collector, table)  # fmt: skip
        collected = replaced(state.collected, collector, (*state.collected[collector], *table))
        state = replace(state, stacks=((),) * len(SUITS), collected=collected,
                        results=(*state.results, result))  # fmt: skip
        if len(state.results) == len(ROUNDS):
            return replace(state, finished=True)
        return self._new_round(state)

    def zones(self, state: QuadState) -> tuple[Zone, ...]:
        hands = tuple(Zone("hand", h, seat, "owner") for seat, h in enumerate(state.hands))
        stacks = tuple(Zone(f"{suit} stack", s) for suit, s in zip(SUITS, state.stacks,
                                                                    strict=True))  # fmt: skip
        piles = tuple(Zone("collected", c, seat) for seat, c in enumerate(state.collected))
        seen: Seen = "all" if state.options.open_call else "owner"
        jokers = Zone("jokers", self.jokers(state), state.chooser, seen)
        return (Zone("deck", state.deck, None, "none"), *hands, *stacks,
                Zone("discard", state.discard), *piles, jokers)  # fmt: skip

    def jokers(self, state: QuadState) -> tuple[Card, Card]:
        """The chooser's jokers, face down: the called one on top (first) once he calls."""
        red, black = _JOKER_OF["reds"], _JOKER_OF["blacks"]
        return (black, red) if state.call == "blacks" else (red, black)

    def outcome(self, state: QuadState) -> Outcome | None:
        if not state.finished:
            return None
        scores = tuple(len(c) for c in state.collected)
        rounds = tuple(r.reason() for r in state.results)
        if scores[0] == scores[1]:
            return Outcome((), scores, (*rounds, f"Both players collected "
                                        f"{_cards(scores[0])}: a draw."))  # fmt: skip
        winner = 0 if scores[0] > scores[1] else 1
        final = (f"{seat_name(winner).capitalize()} collected {_cards(scores[winner])}, "
                 f"{seat_name(1 - winner)} {scores[1 - winner]}: {seat_name(winner)} "
                 "wins.")  # fmt: skip
        return Outcome((winner,), scores, (*rounds, final))

    def invariants(self, state: QuadState) -> list[str]:
        broken = []
        places = (state.deck, *state.hands, *state.stacks, state.discard, *state.collected)
        total = sum(len(p) for p in places) + len(self.jokers(state))
        if total != len(STANDARD):
            broken.append(f"the zones hold {total} cards, not {len(STANDARD)}")
        for suit, stack in zip(SUITS, state.stacks, strict=True):
            strays = [c for c in stack if suit_of(c) != suit]
            if strays:
                broken.append(f"the {suit} stack holds {names(strays)}")
        broken.extend(self._round_problems(state))
        for seat, pile in enumerate(state.collected):
            won = sum(len(r.cards) for r in state.results if r.collector == seat)
            if won != len(pile):
                broken.append(f"{seat_name(seat)} collected {len(pile)} cards, rounds say {won}")
        return broken

    def _round_problems(self, state: QuadState) -> list[str]:
        """The round's shape: hand sizes follow the turns, a table while it is played."""
        broken = []
        chooser, other = (len(state.hands[s]) for s in (state.chooser, 1 - state.chooser))
        if not state.finished and chooser != other - (state.turn != state.chooser):
            broken.append(f"the chooser holds {chooser} cards, the other player {other}")
        if state.call is not None and not state.finished and not any(state.stacks):
            broken.append("a round is being played with no stack on the table")
        if state.finished and (state.deck or any(state.hands) or len(state.results) != len(ROUNDS)):
            broken.append("the game ended before the six rounds used up the deck")
        return broken

    # -- scoring a written table ---------------------------------------------------------

    def score_position(self, text: str, options: QuadOptions | None = None) -> Scored:
        call, stacks = read_position(text)
        cards = [c for stack in stacks for c in stack]
        reds, blacks = count_table(cards)
        outcome = round_outcome(reds, blacks)
        collector = "chooser" if outcome == call else "other player"
        n = _cards(len(cards))
        summary = (f"reds {reds}, blacks {blacks}: {outcome}; the call was {call}, "
                   f"so the {collector} collects {n}")  # fmt: skip
        reasons = (_total_reason("reds", reds, [c for c in cards if _RED[c]]),
                   _total_reason("blacks", blacks, [c for c in cards if not _RED[c]]),
                   _outcome_reason(reds, blacks),
                   _collect_reason(call, outcome, n))  # fmt: skip
        details = {"call": call, "reds": reds, "blacks": blacks, "outcome": outcome,
                   "collector": collector, "cards": len(cards),
                   "stacks": [[str(c) for c in s] for s in stacks]}  # fmt: skip
        return Scored(self.title, None, summary, reasons, details)


# -- reading a written table ------------------------------------------------------------


def read_position(text: str) -> tuple[str, Table]:
    """The call and the stacks of a written table (``"reds: KH 5H / 9S 3S"``), checked to be
    a table a round can end with; anything else raises :class:`PositionError`.

    >>> call, stacks = read_position("Blacks: kh 5h / 9s")
    >>> call, [names(s) for s in stacks]
    ('blacks', ['KH 5H', '9S'])
    """
    head, colon, rest = text.partition(":")
    if not colon:
        raise PositionError(f"Begin with the chooser's call, reds or blacks, and a colon "
                            f"(e.g. 'reds: KH 5H / 9S 3S'), not {text.strip()!r}.")  # fmt: skip
    call = _read_call(head)
    groups = [g for g in re.split(r"[/\n\r]", rest) if g.strip(" \t,;")]
    if not groups:
        raise PositionError("No cards are written after the call; a round always ends with "
                            "at least one stack on the table.")  # fmt: skip
    stacks = tuple(_read_stack(i, g) for i, g in enumerate(groups, 1))
    _check_table(stacks)
    return call, stacks


def _read_call(head: str) -> str:
    word = head.strip().lower()
    call = word if word in CALLS else f"{word}s" if f"{word}s" in CALLS else None
    if call is not None:
        return call
    what = f"The call {head.strip()!r} is not reds or blacks" if word else "The call is missing"
    raise PositionError(f"{what}; begin with reds or blacks and a colon "
                        "(e.g. 'reds: KH 5H / 9S 3S').")  # fmt: skip


def _read_stack(number: int, text: str) -> tuple[Card, ...]:
    """One written stack: cards of one suit, no joker."""
    try:
        cards = read_cards(text, STANDARD, distinct=False)
    except NotationError as error:
        raise PositionError(f"In stack {number}, {error}.") from None
    jokers = [c for c in cards if c.extra is not None]
    if jokers:
        raise PositionError(f"{jokers[0]} is a joker; the jokers only mark the chooser's "
                            "call and never go on the table.")  # fmt: skip
    suits = sorted({suit_of(c) for c in cards}, key=SUITS.index)
    if len(suits) > 1:
        raise PositionError(
            f"Stack {number} ({names(cards)}) mixes {' and '.join(suits)}; a stack holds "
            "cards of one suit (separate stacks with '/')."
        )
    return tuple(cards)


def _check_table(stacks: Sequence[Sequence[Card]]) -> None:
    """Refuse a table no round can end with: a card twice, a suit in two stacks, too many
    cards."""
    where: dict[Card, int] = {}
    for number, stack in enumerate(stacks, 1):
        for card in stack:
            if card in where:
                places = (f"in stack {number}" if where[card] == number
                          else f"in stacks {where[card]} and {number}")  # fmt: skip
                raise PositionError(f"{card} is written twice ({places}); a deck has one of "
                                    "each card.")  # fmt: skip
            where[card] = number
    first: dict[str, int] = {}
    for number, stack in enumerate(stacks, 1):
        suit = suit_of(stack[0])
        if suit in first:
            raise PositionError(f"Stacks {first[suit]} and {number} are both {suit}; a suit has "
                                f"one stack at most (another {suit} card goes on it).")  # fmt: skip
        first[suit] = number
    _check_size(len(where))


def _check_size(n: int) -> None:
    if n > MOST_ON_TABLE:
        raise PositionError(f"A round puts at most {MOST_ON_TABLE} cards on the table (4 from "
                            f"each hand and the up-card), not {n}.")  # fmt: skip
    if n == MOST_ON_TABLE - 1:
        raise PositionError(f"A table of {n} cards cannot arise: a round plays "
                            f"{MOST_ON_TABLE} cards (7 in the last), and a cancel removes at "
                            "least 2 (the stack and the cancelling card).")  # fmt: skip


def _total_reason(color: str, total: int, cards: Sequence[Card]) -> str:
    if not cards:
        return f"No {color} are on the table: the {color} count 0."
    terms = " + ".join(f"{c} {face_value(c)}" for c in cards)
    return f"The {color} count {total} ({terms})."


def _outcome_reason(reds: int, blacks: int) -> str:
    if reds == blacks:
        return f"Reds and blacks both count {reds}: a tie, so the outcome is neither."
    high, low = ("reds", "blacks") if reds > blacks else ("blacks", "reds")
    return (f"{high.capitalize()} {max(reds, blacks)} beat {low} {min(reds, blacks)}: "
            f"the outcome is {high}.")  # fmt: skip


def _collect_reason(call: str, outcome: str, cards: str) -> str:
    if outcome == call:
        return (f"The chooser called {call} and the outcome is {call}: the chooser collects "
                f"the {cards} on the table.")  # fmt: skip
    why = "a tie matches no call" if outcome == "neither" else f"the outcome is {outcome}"
    return (f"The chooser called {call} but {why}: the other player collects the {cards} "
            "on the table.")  # fmt: skip


GAME = QuadGame()
