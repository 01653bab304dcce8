"""Lockdown: avoid a fourth card of one value while eliminating the others.

2 to 8 players, the 52 cards. Four cards each; the dealer moves first. There is no turn
order: the player affected by an action moves next, and when an action affects nobody
in particular the mover names the next player (never himself). The five actions the
text defines: :class:`Draw` a card face down; :class:`Give` a card of one's hand to any
player; :class:`Take` a card, blind, from any player's hand; :class:`Force` a player to
draw a card, shown to the table; :class:`Shuffle` every hand together and deal them back,
the same number each. No give-backs: a card just got, from the deck or another player,
may be given away only from its receiver's second turn after getting it. A player who
gets a fourth card of one value is eliminated: the four go outside the game, his other
cards into the deck, which is shuffled; the player who caused it takes another turn. The
last player standing wins.

The source lost the text of its sections Clear, Locking and The Rule of 3 (:data:`LOST_SECTIONS`):
they are off, and the whole hand is mobile. The variation ``clear_variant`` plays Clear
as the author's site describes it (a pair of aces or a joker lets a player put his hand
into the deck and draw four; the two jokers join the deck; aces and jokers never make a
player lose); it is off by default and is not the lost text.

The project's readings (docs/rules-notes.md): cards dealt may be given at once; a card
got when its receiver had started k turns may be given from his turn k + 2, a drawn card
too; a Shuffle makes "just got" only the cards it brings to a hand from another (a card
dealt back to the hand it came from keeps its turn); Draw and Shuffle name the next
player; a player who draws, takes or clears into his own fourth card gets no extra turn,
and the book's general rule names who moves: the player taken from after a Take, the
player named after a Draw or Clear; a Shuffle that eliminates players gives the mover
another turn if he is still in, passes to the player named if only the mover went out,
and to the first player still in on the mover's left if the named player went out with
him; one that eliminates everyone left is a draw; four of a kind in the deal eliminates
at once; with an empty deck nobody draws; every quad of an eliminated hand goes outside
the game; ``move_cap`` stops a game that goes on for ever as a draw.

>>> state = GAME.setup(3, seed=2)
>>> GAME.to_move(state) == state.dealer, len(state.deck)
(True, 40)
>>> print(GAME.score_position("KS KH KD 7C").summary)
3 kings and a 7: one more king and you are out
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from printables.cards.deck import Card
from printables.cards.decks import STANDARD
from printables.cards.errors import NotationError
from printables.cards.reading import read_cards
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
from printables.games.standard import StandardGame

LOST_SECTIONS = (
    "The source lost the text of its sections Clear, Locking and The Rule of 3; "
    "they are not played here."
)
"""Said by the game's summary, every outcome, every scored hand and the score sheet."""
HAND_SIZE = 4
FOUR = 4
"""Cards of one value that eliminate a player."""
DEALT = -2
"""The turn a dealt card counts as got on: it may be given at once."""
_RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
_RANK = {c: c.value("rank").symbol if c.values else "" for c in STANDARD.cards}
_RANK_AT = tuple(_RANK[c] for c in STANDARD.cards)
"""The ranks by the cards' places in the deck."""
_EXEMPT = frozenset({""})
_EXEMPT_WITH_CLEAR = frozenset({"", "A"})
"""The ranks that never lose: a joker's (none), and under the variation the aces."""


@dataclass(frozen=True)
class LockdownOptions:
    clear_variant: bool = field(
        default=False, metadata={"help": "Clear, as the author's site describes it (a "
            "variation, not the lost text): the jokers join the deck; a pair of aces or a "
            "joker lets a player put his hand into the deck and draw four; aces and jokers "
            "never make a player lose"})  # fmt: skip
    move_cap: int = field(
        default=2000, metadata={"help": "moves after which a game that has not ended stops "
                                "as a draw (real play never goes on so long)"})  # fmt: skip

    def __post_init__(self) -> None:
        if self.move_cap < 1:
            raise OptionError(f"move_cap must be at least 1, not {self.move_cap}")


@dataclass(frozen=True)
class Draw:
    """Draw the deck's top card face down; ``next`` moves next."""

    next: int

    def __str__(self) -> str:
        return f"draw, {seat_name(self.next)} next"


@dataclass(frozen=True)
class Give:
    """Give ``card`` to player ``to``, who moves next."""

    card: Card
    to: int

    def __str__(self) -> str:
        return f"give {self.card} to {seat_name(self.to)}"


@dataclass(frozen=True)
class Take:
    """Take a card, blind, from player ``source``, who moves next."""

    source: int

    def __str__(self) -> str:
        return f"take from {seat_name(self.source)}"


@dataclass(frozen=True)
class Force:
    """Make player ``target`` draw the deck's top card, shown to all; he moves next."""

    target: int

    def __str__(self) -> str:
        return f"force {seat_name(self.target)} to draw"


@dataclass(frozen=True)
class Shuffle:
    """Shuffle every hand together and deal them back, the same number each; ``next``
    moves next."""

    next: int

    def __str__(self) -> str:
        return f"shuffle, {seat_name(self.next)} next"


@dataclass(frozen=True)
class Clear:
    """The variation's Clear: the hand into the deck, shuffled, four drawn; ``next`` moves
    next."""

    next: int

    def __str__(self) -> str:
        return f"clear, {seat_name(self.next)} next"


LockdownMove = Draw | Give | Take | Force | Shuffle | Clear


@dataclass(frozen=True)
class LockdownState:
    seed: int
    dealer: int
    options: LockdownOptions
    hand_number: int
    hands: tuple[tuple[Card, ...], ...]
    got: tuple[tuple[int, ...], ...]
    """For each card held (parallel to ``hands``): its receiver's turn count when he got it."""
    turns: tuple[int, ...]
    """Turns each player has started."""
    deck: tuple[Card, ...]
    """Face down, the top card first."""
    outside: tuple[Card, ...] = ()
    eliminated: tuple[tuple[int, int], ...] = ()
    """Who was eliminated, in order, and the value (the rank's index) of his four."""
    turn: int | None = 0
    moves: int = 0
    capped: bool = False

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def standing(self) -> tuple[int, ...]:
        """The players still in the game, by seat."""
        out = {seat for seat, _ in self.eliminated}
        return tuple(s for s in range(self.players) if s not in out)


class _Chance:
    """A move's generator, ``random.Random(f"lockdown:{seed}:{hand}:{moves}")``, seeded the
    first time the move needs chance (a Take, a Shuffle, a Clear or an elimination): seeding
    from a string costs more than most whole moves, and most moves need no chance."""

    __slots__ = ("_generator", "_key")

    def __init__(self, key: str) -> None:
        self._key = key
        self._generator: random.Random | None = None

    @property
    def generator(self) -> random.Random:
        if self._generator is None:
            self._generator = random.Random(self._key)
        return self._generator


def rank_of(card: Card) -> str:
    """A card's rank symbol ("" for a joker)."""
    return _RANK[card]


def rank_word(rank: str, count: int = 1) -> str:
    """A rank in words: ``rank_word("K", 3)`` is "kings"; ``rank_word("7")`` is "7".

    >>> rank_word("K", 3), rank_word("A"), rank_word("7", 2)
    ('kings', 'ace', '7s')
    """
    word = _RANK_NAMES.get(rank, rank)
    return word if count == 1 else word + "s"


def losing_ranks(hand: Iterable[Card], options: LockdownOptions) -> list[str]:
    """The ranks of which ``hand`` holds four (and loses by), in the order the hand first
    holds them; under
    the variation aces never lose, and jokers have no rank.

    >>> from printables.cards.reading import read_cards
    >>> losing_ranks(read_cards("KS KH KD KC 7C", STANDARD), LockdownOptions())
    ['K']
    """
    ranks = [_RANK_AT[c.index] for c in hand]  # by place: a card's hash is Python code
    if len(ranks) - len(set(ranks)) < FOUR - 1:  # no value held four times: the common case
        return []
    exempt = _EXEMPT_WITH_CLEAR if options.clear_variant else _EXEMPT
    return [r for r in dict.fromkeys(ranks) if r not in exempt and ranks.count(r) >= FOUR]


def may_clear(hand: Sequence[Card]) -> bool:
    """The variation's Clear: a pair of aces or a joker in the hand."""
    return any(c.extra is not None for c in hand) or sum(rank_of(c) == "A" for c in hand) >= 2


class LockdownGame(StandardGame[LockdownState, LockdownMove, LockdownOptions]):
    key = "lockdown"
    title = "Lockdown"
    book = "Lockdown"
    deck = STANDARD
    summary = (
        "Draw, give, take, force a draw or shuffle, and avoid a fourth card of one value; "
        f"the last player standing wins. {LOST_SECTIONS}"
    )
    players = (2, 8)
    one_hand = True
    move_types = (Draw, Give, Take, Force, Shuffle, Clear)
    options_type = LockdownOptions
    position_help = (
        "a hand of cards, such as 'KS KH KD 7C': how many of each value it holds, and "
        "which values one more card would eliminate"
    )

    # -- set-up ----------------------------------------------------------------------

    def deal(
        self, players: int, seed: int, dealer: int, options: LockdownOptions, hand_number: int
    ) -> LockdownState:
        pack = [c for c in self.pack(seed, hand_number) if options.clear_variant or c.values]
        hands, rest = deal(pack, players, HAND_SIZE, dealer)
        state = LockdownState(
            seed=seed, dealer=dealer, options=options, hand_number=hand_number,
            hands=tuple(tuple(h) for h in hands), got=((DEALT,) * HAND_SIZE,) * players,
            turns=(0,) * players, deck=tuple(rest), turn=dealer,
        )  # fmt: skip
        state = self._eliminate(state, list(range(players)))  # four of a kind in the deal
        if len(state.standing) < 2:
            return replace(state, turn=None)
        first = dealer if dealer in state.standing else self._left_standing(state, dealer)
        return self._start_turn(state, first)

    # -- the interface -----------------------------------------------------------------

    def to_move(self, state: LockdownState) -> int | None:
        return state.turn

    def legal_moves(self, state: LockdownState) -> list[LockdownMove]:
        """:meth:`candidate_moves` with no reason against them, listed directly."""
        me = state.turn
        if me is None:
            return []
        others = [s for s in state.standing if s != me]
        hand, got, turn = state.hands[me], state.got[me], state.turns[me]
        moves: list[LockdownMove] = []
        if state.deck:
            moves += [Draw(s) for s in others]
        moves += [Give(c, s) for c, g in zip(hand, got, strict=True) if turn >= g + 2
                  for s in others]  # fmt: skip
        moves += [Take(s) for s in others if state.hands[s]]
        if state.deck:
            moves += [Force(s) for s in others]
        moves += [Shuffle(s) for s in others]
        if state.options.clear_variant and may_clear(hand):
            moves += [Clear(s) for s in others]
        return moves

    def candidate_moves(self, state: LockdownState) -> Iterable[LockdownMove]:
        me = state.turn
        if me is None:
            return
        seats = range(state.players)
        yield from (Draw(s) for s in seats)
        yield from (Give(c, s) for c in state.hands[me] for s in seats)
        yield from (Take(s) for s in seats)
        yield from (Force(s) for s in seats)
        yield from (Shuffle(s) for s in seats)
        if state.options.clear_variant:
            yield from (Clear(s) for s in seats)

    def why_illegal(self, state: LockdownState, move: LockdownMove) -> str | None:
        me = state.turn
        assert me is not None  # checked by Game.check
        named = move.to if isinstance(move, Give) else getattr(move, "next", None)
        if named is None:
            named = move.source if isinstance(move, Take) else getattr(move, "target", None)
        assert isinstance(named, int)
        reason = self._why_not_named(state, me, named)
        if reason:
            return reason
        if isinstance(move, Draw | Force) and not state.deck:
            return "The deck is empty: nobody can draw."
        if isinstance(move, Give):
            return self._why_not_give(state, me, move.card)
        if isinstance(move, Take) and not state.hands[move.source]:
            return f"{seat_name(move.source).capitalize()} has no card to take."
        if isinstance(move, Clear):
            if not state.options.clear_variant:
                return ("Clear is not played: the source lost its text (the variation "
                        "clear_variant plays it as the author's site describes it).")  # fmt: skip
            if not may_clear(state.hands[me]):
                return "Clear needs a pair of aces or a joker in your hand."
        return None

    def _why_not_named(self, state: LockdownState, me: int, named: int) -> str | None:
        if not 0 <= named < state.players:
            return f"There is no {seat_name(named)} in a game of {state.players}."
        if named == me:
            return "You cannot name yourself: name another player still in the game."
        if named not in state.standing:
            return f"{seat_name(named).capitalize()} is out of the game."
        return None

    def _why_not_give(self, state: LockdownState, me: int, card: Card) -> str | None:
        hand = state.hands[me]
        if card not in hand:
            return f"You do not hold {card}."
        got = state.got[me][hand.index(card)]
        if state.turns[me] < got + 2:
            return (f"You cannot give {card} yet: you got it too recently. A card may be "
                    "given away from your second turn after getting it.")  # fmt: skip
        return None

    def _apply(self, state: LockdownState, move: LockdownMove) -> LockdownState:
        me = state.turn
        assert me is not None
        chance = _Chance(f"lockdown:{state.seed}:{state.hand_number}:{state.moves}")
        moves = state.moves + 1  # set by _after, with the next turn
        if isinstance(move, Draw):
            state = self._receive(state, me, state.deck[0], deck=state.deck[1:])
            return self._after(state, me, chance, named=move.next, affected=None, moves=moves)
        if isinstance(move, Give):
            state = self._pass(state, me, move.to, move.card)
            return self._after(state, me, chance, named=move.to, affected=move.to, moves=moves)
        if isinstance(move, Take):
            card = chance.generator.choice(state.hands[move.source])
            state = self._pass(state, move.source, me, card)
            return self._after(state, me, chance, named=move.source, affected=None, moves=moves)
        if isinstance(move, Force):
            state = self._receive(state, move.target, state.deck[0], deck=state.deck[1:])
            return self._after(
                state, me, chance, named=move.target, affected=move.target, moves=moves
            )
        if isinstance(move, Shuffle):
            return self._after(self._shuffle(state, chance.generator), me, chance, named=move.next,
                               affected=-1, moves=moves)  # fmt: skip
        return self._after(self._clear(state, me, chance.generator), me, chance, named=move.next,
                           affected=None, moves=moves)  # fmt: skip

    # -- moving cards ------------------------------------------------------------------

    def _receive(
        self, state: LockdownState, seat: int, card: Card, deck: tuple[Card, ...] | None = None
    ) -> LockdownState:
        """``card`` into ``seat``'s hand, got now; ``deck``: the deck left, when it came
        from there."""
        hand = (*state.hands[seat], card)
        got = (*state.got[seat], state.turns[seat])
        return replace(state, hands=replaced(state.hands, seat, hand),
                       got=replaced(state.got, seat, got),
                       deck=state.deck if deck is None else deck)  # fmt: skip

    def _pass(self, state: LockdownState, source: int, seat: int, card: Card) -> LockdownState:
        """``card`` from ``source``'s hand into ``seat``'s, got now."""
        k = state.hands[source].index(card)
        hands, got = list(state.hands), list(state.got)
        hands[source] = hands[source][:k] + hands[source][k + 1 :]
        got[source] = got[source][:k] + got[source][k + 1 :]
        hands[seat] = (*hands[seat], card)
        got[seat] = (*got[seat], state.turns[seat])
        return replace(state, hands=tuple(hands), got=tuple(got))

    def _shuffle(self, state: LockdownState, chance: random.Random) -> LockdownState:
        """Every standing hand counted, all shuffled together and dealt back. A card dealt
        back to the hand it came from keeps the turn it was got on; a card from another hand
        is got now."""
        standing = state.standing
        pool = [c for s in standing for c in state.hands[s]]
        chance.shuffle(pool)
        held = {c: (s, g) for s in standing
                for c, g in zip(state.hands[s], state.got[s], strict=True)}  # fmt: skip
        hands, got = list(state.hands), list(state.got)
        for s in standing:
            count = len(state.hands[s])
            hands[s], pool = tuple(pool[:count]), pool[count:]
            got[s] = tuple(held[c][1] if held[c][0] == s else state.turns[s] for c in hands[s])
        return replace(state, hands=tuple(hands), got=tuple(got))

    def _clear(self, state: LockdownState, me: int, chance: random.Random) -> LockdownState:
        """The variation's Clear: the hand into the deck, shuffled, four drawn."""
        deck = [*state.deck, *state.hands[me]]
        chance.shuffle(deck)
        drawn = tuple(deck[:HAND_SIZE])
        return replace(
            state, deck=tuple(deck[HAND_SIZE:]), hands=replaced(state.hands, me, drawn),
            got=replaced(state.got, me, (state.turns[me],) * len(drawn)),
        )  # fmt: skip

    def _eliminate(
        self, state: LockdownState, seats: Sequence[int], chance: _Chance | None = None
    ) -> LockdownState:
        """Eliminate each of ``seats`` (in order) who holds a losing four: every such four
        outside the game, the rest of his hand into the deck, then the deck shuffled."""
        standing = state.standing
        losers = [
            s
            for s in seats
            if s in standing
            and len(state.hands[s]) >= FOUR
            and losing_ranks(state.hands[s], state.options)
        ]
        if not losers:
            return state
        hands, got = list(state.hands), list(state.got)
        deck, outside, eliminated = list(state.deck), list(state.outside), list(state.eliminated)
        values = STANDARD.attributes[STANDARD.attribute_position("rank")].values
        order = [v.symbol for v in values]
        for seat in losers:
            ranks = losing_ranks(hands[seat], state.options)
            outside += [c for c in hands[seat] if rank_of(c) in ranks]
            deck += [c for c in hands[seat] if rank_of(c) not in ranks]
            hands[seat], got[seat] = (), ()
            eliminated.append((seat, order.index(ranks[0])))
        generator = (
            chance.generator
            if chance
            else random.Random(f"lockdown:{state.seed}:{state.hand_number}:deal")
        )
        generator.shuffle(deck)
        return replace(state, hands=tuple(hands), got=tuple(got), deck=tuple(deck),
                       outside=tuple(outside), eliminated=tuple(eliminated))  # fmt: skip

    # -- who moves next ----------------------------------------------------------------

    def _after(
        self,
        state: LockdownState,
        me: int,
        chance: _Chance,
        *,
        named: int,
        affected: int | None,
        moves: int,
    ) -> LockdownState:
        """Eliminations, then the next turn: the mover again when he put out another
        player and is still in, else ``named`` (the player the action affected, or the one
        the mover named); when a Shuffle put out both the mover and the player named, the
        first player still in on the mover's left. ``affected``: the player the move gave
        a card to (-1: everyone, a Shuffle); ``moves``: the moves made, this one included."""
        before = len(state.eliminated)
        state = self._eliminate(state, range(state.players), chance)
        out = {seat for seat, _ in state.eliminated[before:]}
        if len(state.standing) < 2:
            return replace(state, turn=None, moves=moves)
        if moves >= state.options.move_cap:
            return replace(state, turn=None, capped=True, moves=moves)
        if me not in out and out and (affected == -1 or affected in out):
            return self._start_turn(state, me, moves)
        if named in out:
            return self._start_turn(state, self._left_standing(state, me), moves)
        return self._start_turn(state, named, moves)

    def _left_standing(self, state: LockdownState, seat: int) -> int:
        """The first player still in on ``seat``'s left."""
        step = 1
        while left_of(seat, state.players, step) not in state.standing:
            step += 1
        return left_of(seat, state.players, step)

    def _start_turn(self, state: LockdownState, seat: int, moves: int = 0) -> LockdownState:
        """``seat`` starts a turn, ``moves`` moves into the hand."""
        turns = replaced(state.turns, seat, state.turns[seat] + 1)
        return replace(state, turn=seat, turns=turns, moves=moves)

    # -- where the cards are, and the end -----------------------------------------------

    def zones(self, state: LockdownState) -> tuple[Zone, ...]:
        hands = tuple(Zone("hand", h, owner=s, seen_by="owner") for s, h in enumerate(state.hands))
        return (Zone("deck", state.deck, seen_by="none"), *hands,
                Zone("outside the game", state.outside))  # fmt: skip

    def outcome(self, state: LockdownState) -> Outcome | None:
        if state.turn is not None:
            return None
        values = STANDARD.attributes[STANDARD.attribute_position("rank")].values
        reasons = [f"{seat_name(s).capitalize()} was eliminated with four "
                   f"{rank_word(values[v].symbol, 4)}." for s, v in state.eliminated]  # fmt: skip
        standing = state.standing
        scores = [0] * state.players
        if state.capped:
            reasons.append(f"The hand was stopped after {state.moves} moves (the move_cap "
                           "option); real play never goes on so long. Nobody wins.")  # fmt: skip
            winners: tuple[int, ...] = ()
        elif standing:
            winners = standing
            scores[standing[0]] = 1
            reasons.append(f"{seat_name(standing[0]).capitalize()} is the last player "
                           "standing and wins.")  # fmt: skip
        else:
            winners = ()
            reasons.append("The last players were eliminated together: the game is a draw.")
        return Outcome(winners, tuple(scores), (*reasons, LOST_SECTIONS))

    def invariants(self, state: LockdownState) -> list[str]:
        problems = []
        for s in state.standing:
            if losing_ranks(state.hands[s], state.options):
                problems.append(f"{seat_name(s)} is still in with four of a value")
            if len(state.got[s]) != len(state.hands[s]):
                problems.append(f"{seat_name(s)}'s cards and their turns got differ")
        for s, _ in state.eliminated:
            if state.hands[s]:
                problems.append(f"{seat_name(s)} is out but holds cards")
        counts = Counter(rank_of(c) for c in state.outside)
        if any(n % FOUR for n in counts.values()):
            problems.append("the cards outside the game are not fours of a value")
        if state.turn is not None and state.turn not in state.standing:
            problems.append(f"{seat_name(state.turn)} is to move but out of the game")
        return problems

    # -- a written hand ----------------------------------------------------------------

    def score_position(self, text: str, options: LockdownOptions | None = None) -> Scored:
        chosen = options or self.options()
        try:
            hand = read_cards(text, STANDARD)
        except NotationError as error:
            raise PositionError(f"{error}; write a hand such as 'KS KH KD 7C'") from None
        if not hand:
            raise PositionError("no cards: write a hand such as 'KS KH KD 7C'")
        jokers = [c for c in hand if c.extra is not None]
        if jokers and not chosen.clear_variant:
            raise PositionError(f"{jokers[0]} is not in play: Lockdown uses the 52 cards "
                                "(the jokers only with -o clear_variant=true)")  # fmt: skip
        return _scored_hand(hand, chosen)


def _scored_hand(hand: Sequence[Card], options: LockdownOptions) -> Scored:
    counts = Counter(rank_of(c) for c in hand if c.values)
    ranked = sorted(counts.items(), key=lambda item: (-item[1], _rank_order(item[0])))
    held = [f"{n} {rank_word(r, n)}" if n > 1 else _one(rank_word(r)) for r, n in ranked]
    if hand and any(c.extra is not None for c in hand):
        held.append("a joker" if sum(c.extra is not None for c in hand) == 1 else "two jokers")
    exempt = {"A"} if options.clear_variant else set()
    losing = [r for r, n in ranked if n >= FOUR and r not in exempt]
    danger = [r for r, n in ranked if n == FOUR - 1 and r not in exempt]
    shown = ", ".join(held[:-1]) + " and " + held[-1] if len(held) > 1 else held[0]
    reasons = [f"The hand holds {shown}."]
    if losing:
        verdict = f"four {rank_word(losing[0], 4)}: eliminated"
        reasons.append(f"Four {rank_word(losing[0], 4)} eliminate a player: the four go outside "
                       "the game and the rest of the hand into the deck.")  # fmt: skip
    elif danger:
        words = " or ".join(rank_word(r) for r in danger)
        verdict = f"one more {words} and you are out"
        reasons.append(f"Three of a value: one more {words} eliminates this hand.")
    else:
        verdict = "safe: no value can reach four with one more card"
        reasons.append("No value is held three times, so no single card eliminates this hand.")
    if options.clear_variant and counts.get("A", 0) >= FOUR - 1:
        reasons.append("Aces never make a player lose in the Clear variation.")
    reasons.append(LOST_SECTIONS)
    details = {"counts": dict(ranked), "eliminated": bool(losing), "one_more_loses": danger}
    return Scored("Lockdown", None, f"{shown}: {verdict}", tuple(reasons), details)


def _one(word: str) -> str:
    """One card of a rank: "an ace", "an 8", "a 7"."""
    return f"an {word}" if word[0] in "a8" else f"a {word}"


def _rank_order(rank: str) -> int:
    values = STANDARD.attributes[STANDARD.attribute_position("rank")].values
    return [v.symbol for v in values].index(rank)


GAME = LockdownGame()
