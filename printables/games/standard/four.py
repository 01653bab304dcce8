"""Four (Not Enough Thoughts, "Four (revised)"): go out last, with the highest hand.

28 cards: A, 2, 3, 4, J, Q and K of each suit. Four cards each, dealt from the dealer's
left; the rest is the draw pile, its top card turned up as the discard pile. A hand goes
out with at least one ace, two twos, three threes or all four fours; a hand showing two
kinds counts as the higher, and only a kind higher than the last one shown goes out.

A turn, from the dealer's left round the table (players who are out are skipped): go out
if the hand may (:class:`GoOut`); else take a card (:class:`Draw` the draw pile's top, or
:class:`Take` the discard pile's top or a card shown by a player who went out) and
:class:`Discard` any card but the one just taken; then go out if the hand may, or
:class:`EndTurn` (a hand that may not go out ends the turn by itself). Fours end the game
at once; otherwise it ends with the turn that takes the last draw card. The last player
out wins; nobody out, nobody wins.

The betting variation (``betting=True``): everyone antes 1 into his own pot; when a player
goes out with aces, twos or threes and the game goes on, every player still in, in turn
from the left of the one who went out, adds a bet of 1 to his pot (:class:`AddBet`) or
forfeits (:class:`Forfeit`: out of the game, his hand dead, and not safe). At the end the
players who went out but did not win keep their pots; the winner takes the other pots.

The project's readings (docs/rules-notes.md): a forfeited hand stays face down, out of
play; a hand with no winner (nobody out, or the move cap) gives every pot back; the next
game is dealt by the winner, or by the dealer's left-hand neighbour if nobody won;
``move_cap`` stops a hand that goes on for ever (players who never draw).

>>> from printables.cards.decks import FOUR
>>> from printables.cards.reading import read_cards
>>> KIND_NAMES[hand_kind(read_cards("AS 2H 2D KC", FOUR))]
'twos'
>>> print(GAME.score_position("AS 2H 2D KC after twos").reasons[1])
Twos were shown last; only threes or fours go out now.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from printables.cards.deck import Card
from printables.cards.decks import FOUR
from printables.cards.errors import NotationError
from printables.cards.reading import read_cards
from printables.cards.wording import names, or_list, sentence
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

HAND_SIZE = 4
ACES, TWOS, THREES, FOURS = 1, 2, 3, 4
KIND_NAMES = {ACES: "aces", TWOS: "twos", THREES: "threes", FOURS: "fours"}
"""The kinds of hand that go out, by number: the rank (1 the ace), which is also how many
cards of it the hand needs; a higher number is a higher kind."""
_RANK_KINDS = {"A": ACES, "2": TWOS, "3": THREES, "4": FOURS}
_CARD_KINDS = {card: _RANK_KINDS.get(card.value("rank").symbol, 0) for card in FOUR.cards}

Phase = Literal["start", "taken", "exchanged", "betting", "over"]
"""Where the turn is: before taking, holding five cards, after discarding (the hand may go
out), every remaining player adding a bet or forfeiting, or the game over."""
Standing = Literal["in", "out", "forfeited"]
Ending = Literal["fours", "last-draw", "nobody-left", "cap"]


@dataclass(frozen=True)
class FourOptions:
    betting: bool = field(
        default=False, metadata={"help": "the betting variation: antes, a bet or a forfeit "
                                 "when a player goes out, the winner takes the pots"})  # fmt: skip
    move_cap: int = field(
        default=2000, metadata={"help": "moves after which a hand that never ends (nobody "
                                "draws) stops with no winner; random play ends within "
                                "about 130 moves, real play never reaches it"})  # fmt: skip

    def __post_init__(self) -> None:
        if self.move_cap < 1:
            raise OptionError(f"move_cap must be at least 1, not {self.move_cap}")


@dataclass(frozen=True)
class GoOut:
    """Lay the hand down face up: it must be acceptable, and higher than the last shown."""

    def __str__(self) -> str:
        return "go out"


@dataclass(frozen=True)
class Draw:
    """Take the top card of the draw pile."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Take:
    """Take a face-up card: the discard pile's top, or a card shown by a player who is out."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True)
class Discard:
    """Put a card of the hand (not the one just taken) face up on the discard pile."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class EndTurn:
    """End the turn without going out (after taking and discarding)."""

    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True)
class AddBet:
    """Betting: add another bet of 1 to one's pot, and stay in the game."""

    def __str__(self) -> str:
        return "add a bet"


@dataclass(frozen=True)
class Forfeit:
    """Betting: forfeit the game rather than add a bet (the pot is lost, not safe)."""

    def __str__(self) -> str:
        return "forfeit"


FourMove = GoOut | Draw | Take | Discard | EndTurn | AddBet | Forfeit


@dataclass(frozen=True)
class FourState:
    options: FourOptions
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # a player who went out holds none
    shown: tuple[tuple[Card, ...], ...]  # the face-up cards left of each player out
    draw: tuple[Card, ...]  # top card first
    discard: tuple[Card, ...]  # bottom card first; the top card is last
    standing: tuple[Standing, ...]
    turn: int
    phase: Phase = "start"
    taken: Card | None = None  # the card taken this turn, while it may not be discarded
    took_last: bool = False  # the last draw card was taken this turn
    draws: int = 0  # cards taken from the draw pile so far
    outs: tuple[tuple[int, int], ...] = ()  # (seat, kind) of each player out, in order
    pots: tuple[int, ...] = ()  # betting: the chips in each player's pot
    deciding: tuple[int, ...] = ()  # betting: seats still to add a bet or forfeit, in order
    moves: int = 0
    ending: Ending | None = None
    hand_number: int = 0

    @property
    def last_kind(self) -> int:
        """The kind shown last (0 while nobody has gone out)."""
        return self.outs[-1][1] if self.outs else 0


# -- the hands ------------------------------------------------------------------------------


def rank_kind(card: Card) -> int:
    """The kind a card counts toward: 1 for an ace, 2-4 for a two to a four, 0 for a face."""
    kind = _CARD_KINDS.get(card)  # looked up: the engine asks this of every card it moves
    return kind if kind is not None else _RANK_KINDS.get(card.value("rank").symbol, 0)


def kinds_shown(hand: Iterable[Card]) -> list[int]:
    """Every kind the hand shows (at least one ace, two twos, ...), lowest first.

    >>> kinds_shown(read_cards("AS 2H 2D 2C", FOUR))
    [1, 2]
    """
    counts = [0] * 5
    for card in hand:
        counts[rank_kind(card)] += 1
    return [kind for kind in (ACES, TWOS, THREES, FOURS) if counts[kind] >= kind]


def hand_kind(hand: Iterable[Card]) -> int:
    """The kind a hand goes out with: the highest it shows, 0 for none."""
    return max(kinds_shown(hand), default=0)


def kinds_after(last: int) -> str:
    """The kinds that may go out after ``last`` (0: nothing shown yet), as a list in words.

    >>> kinds_after(2)
    'threes or fours'
    """
    return or_list([KIND_NAMES[k] for k in range(last + 1, FOURS + 1)])


def why_not_out(hand: Sequence[Card], last: int) -> str | None:
    """Why the mover's ``hand`` may not go out when ``last`` was shown last (None when it
    may), said to the mover."""
    kind = hand_kind(hand)
    if not kind:
        return (f"Your hand ({names(hand)}) holds no ace, fewer than two twos, fewer than "
                "three threes and not all four fours; it cannot go out.")  # fmt: skip
    if kind <= last:
        return (f"{sentence(KIND_NAMES[last])} were shown last; only {kinds_after(last)} "
                f"go out now, and your hand shows {KIND_NAMES[kind]}.")  # fmt: skip
    return None


def _showing(hand: Sequence[Card]) -> str:
    """What a hand shows, kind by kind, with the cards: ``"twos (2H 2D) and aces (AS)"``."""
    parts = [f"{KIND_NAMES[k]} ({names(c for c in hand if rank_kind(c) == k)})"
             for k in reversed(kinds_shown(hand))]  # fmt: skip
    return " and ".join(parts)


# -- the game -------------------------------------------------------------------------------


class FourGame(StandardGame[FourState, FourMove, FourOptions]):
    key = "four"
    title = "Four"
    book = "Four"
    deck = FOUR
    summary = "Go out with an ace, two twos, three threes or four fours, higher than the last."
    players = (3, 5)
    move_types = (GoOut, Draw, Take, Discard, EndTurn, AddBet, Forfeit)
    one_hand = True
    options_type = FourOptions
    position_help = (
        "a hand of four cards, then 'after' and the kind shown last if anyone has gone out "
        "(aces, twos or threes), e.g. 'AS 2H 2D KC after twos' or '3S 3H 3D JC'"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: FourOptions, hand_number: int
    ) -> FourState:
        hands, rest = deal(self.pack(seed, hand_number), players, HAND_SIZE, dealer)
        return FourState(
            options=options,
            seed=seed,
            dealer=dealer,
            hands=tuple(tuple(h) for h in hands),
            shown=((),) * players,
            draw=tuple(rest[1:]),
            discard=(rest[0],),
            standing=tuple("in" for _ in range(players)),
            turn=left_of(dealer, players),
            pots=(1 if options.betting else 0,) * players,
            hand_number=hand_number,
        )

    def next_hand(self, state: FourState) -> FourState:
        """The next game: the winner deals (the player on the dealer's left if nobody won)."""
        outcome = self.outcome(state)
        if outcome is None:
            raise PositionError("the hand is not over yet; play it out before the next deal")
        players = len(state.hands)
        dealer = outcome.winners[0] if outcome.winners else left_of(state.dealer, players)
        return self.deal(players, state.seed, dealer, state.options, state.hand_number + 1)

    # -- who plays -------------------------------------------------------------------------

    def remaining(self, state: FourState, after: int) -> tuple[int, ...]:
        """The players still in, in turn order from the left of ``after``."""
        players = len(state.hands)
        seats = (left_of(after, players, step) for step in range(1, players + 1))
        return tuple(s for s in seats if state.standing[s] == "in")

    def face_up(self, state: FourState) -> list[Card]:
        """The cards a player may take besides the draw pile's top: the discard pile's top,
        then the cards shown by players who went out, seat by seat."""
        top = list(state.discard[-1:])
        return top + [c for cards in state.shown for c in cards]

    def may_go_out(self, state: FourState) -> bool:
        """True when the hand of the player to move may go out now."""
        return hand_kind(state.hands[state.turn]) > state.last_kind

    # -- the interface ---------------------------------------------------------------------

    def to_move(self, state: FourState) -> int | None:
        return None if state.phase == "over" else state.turn

    def legal_moves(self, state: FourState) -> list[FourMove]:
        """The legal moves straight from the phase, in :meth:`candidate_moves`' order."""
        if state.phase == "start":
            out: list[FourMove] = [GoOut()] if self.may_go_out(state) else []
            return [*out, Draw(), *(Take(c) for c in self.face_up(state))]
        if state.phase == "taken":
            return [Discard(c) for c in state.hands[state.turn] if c != state.taken]
        if state.phase == "exchanged":  # reached only by a hand that may go out
            return [GoOut(), EndTurn()]
        if state.phase == "betting":
            return [AddBet(), Forfeit()]
        return []

    def candidate_moves(self, state: FourState) -> Iterable[FourMove]:
        yield GoOut()
        yield Draw()
        yield from (Take(c) for c in self.face_up(state))
        yield from (Discard(c) for c in state.hands[state.turn])
        yield EndTurn()
        if state.options.betting:
            yield AddBet()
            yield Forfeit()

    def why_illegal(self, state: FourState, move: FourMove) -> str | None:
        if isinstance(move, AddBet | Forfeit):
            return self._why_not_bet(state)
        if state.phase == "betting":
            seat, kind = state.outs[-1]
            return (f"{sentence(seat_name(seat))} went out with {KIND_NAMES[kind]}; add a bet "
                    "to your pot or forfeit the game.")  # fmt: skip
        if isinstance(move, GoOut):
            return self._why_not_out(state)
        if isinstance(move, Draw | Take):
            return self._why_not_take(state, move)
        if isinstance(move, Discard):
            return self._why_not_discard(state, move.card)
        return self._why_not_end(state)

    def _why_not_bet(self, state: FourState) -> str | None:
        if not state.options.betting:
            return "This game is played without betting; there is no bet to add or refuse."
        if state.phase != "betting":
            return ("No bet is asked for now; every player still in adds a bet or forfeits "
                    "when a player goes out with aces, twos or threes.")  # fmt: skip
        return None

    def _why_not_out(self, state: FourState) -> str | None:
        if state.phase == "taken":
            return "You hold five cards; discard one before going out."
        return why_not_out(state.hands[state.turn], state.last_kind)

    def _why_not_take(self, state: FourState, move: Draw | Take) -> str | None:
        if state.phase == "taken":
            return f"You have already taken {state.taken} this turn; discard a card."
        if state.phase == "exchanged":
            return "You have already taken and discarded this turn; go out or end your turn."
        if isinstance(move, Draw):
            return None if state.draw else "The draw pile is empty."
        if move.card in self.face_up(state):
            return None
        if move.card in state.hands[state.turn]:
            return f"{move.card} is already in your hand."
        top = state.discard[-1]
        if move.card in state.discard:
            return f"{move.card} lies under the discard pile's top card; only {top} may be taken."
        return (f"{move.card} is not face up; take the top card of the discard pile ({top}), "
                "the top of the draw pile or a card shown by a player who went out.")  # fmt: skip

    def _why_not_discard(self, state: FourState, card: Card) -> str | None:
        if state.phase == "start":
            return ("Take a card first: the top of the draw pile, the top of the discard pile "
                    "or a card shown by a player who went out.")  # fmt: skip
        if state.phase == "exchanged":
            return "You have already discarded this turn; go out or end your turn."
        if card not in state.hands[state.turn]:
            return f"{card} is not in your hand."
        if card == state.taken:
            return f"You cannot discard {card}: it is the card you just took."
        return None

    def _why_not_end(self, state: FourState) -> str | None:
        if state.phase == "start":
            return ("You must take a card and discard one before your turn ends; passing is "
                    "not allowed.")  # fmt: skip
        if state.phase == "taken":
            return "Discard a card before your turn ends."
        return None

    # -- applying moves --------------------------------------------------------------------

    def _apply(self, state: FourState, move: FourMove) -> FourState:
        state = replace(state, moves=state.moves + 1)
        state = self._move(state, move)
        if state.ending is None and state.moves >= state.options.move_cap:
            return self._over(state, "cap")
        return state

    def _move(self, state: FourState, move: FourMove) -> FourState:
        seat = state.turn
        if isinstance(move, GoOut):
            return self._go_out(state)
        if isinstance(move, Draw):
            top, rest = state.draw[0], state.draw[1:]
            return self._take(
                state, top, seat, draw=rest, draws=state.draws + 1, took_last=not rest
            )
        if isinstance(move, Take):
            return self._take(state, move.card, seat, **self._lift(state, move.card))
        if isinstance(move, Discard):
            hand = tuple(c for c in state.hands[seat] if c != move.card)
            state = replace(state, hands=replaced(state.hands, seat, hand), taken=None,
                            discard=(*state.discard, move.card), phase="exchanged")  # fmt: skip
            return state if self.may_go_out(state) else self._end_turn(state)
        if isinstance(move, EndTurn):
            return self._end_turn(state)
        if isinstance(move, AddBet):
            pots = replaced(state.pots, seat, state.pots[seat] + 1)
            return self._decided(replace(state, pots=pots))
        return self._decided(replace(state, standing=replaced(state.standing, seat, "forfeited")))

    def _take(self, state: FourState, card: Card, seat: int, **changes: Any) -> FourState:
        """``card`` taken into ``seat``'s hand (and the pile it came from, in ``changes``)."""
        hand = (*state.hands[seat], card)
        hands = replaced(state.hands, seat, hand)
        return replace(state, hands=hands, taken=card, phase="taken", **changes)

    def _lift(self, state: FourState, card: Card) -> dict[str, Any]:
        """The pile the face-up ``card`` is taken off: the discard pile or the shown hands."""
        if state.discard and state.discard[-1] == card:
            return {"discard": state.discard[:-1]}
        return {"shown": tuple(tuple(c for c in cards if c != card) for cards in state.shown)}

    def _go_out(self, state: FourState) -> FourState:
        seat = state.turn
        hand = state.hands[seat]
        kind = hand_kind(hand)
        state = replace(
            state,
            hands=replaced(state.hands, seat, ()),
            shown=replaced(state.shown, seat, hand),
            standing=replaced(state.standing, seat, "out"),
            outs=(*state.outs, (seat, kind)),
        )
        if kind == FOURS:
            return self._over(state, "fours")
        if state.took_last:
            return self._over(state, "last-draw")
        left = self.remaining(state, seat)
        if not left:
            return self._over(state, "nobody-left")
        if state.options.betting:
            return replace(state, phase="betting", deciding=left, turn=left[0], taken=None)
        return self._start_turn(state, left[0])

    def _decided(self, state: FourState) -> FourState:
        """After a player adds a bet or forfeits: the next to decide, or play resumes on
        the left of the player who went out."""
        deciding = state.deciding[1:]
        if deciding:
            return replace(state, deciding=deciding, turn=deciding[0])
        left = self.remaining(state, state.outs[-1][0])
        if not left:
            return self._over(replace(state, deciding=()), "nobody-left")
        return self._start_turn(state, left[0])

    def _end_turn(self, state: FourState) -> FourState:
        if state.took_last:
            return self._over(state, "last-draw")
        return self._start_turn(state, self.remaining(state, state.turn)[0])

    def _start_turn(self, state: FourState, seat: int) -> FourState:
        return replace(state, turn=seat, phase="start", taken=None, took_last=False, deciding=())

    def _over(self, state: FourState, ending: Ending) -> FourState:
        """The game over; a hand stopped by the move cap keeps a card just taken."""
        return replace(state, phase="over", ending=ending, deciding=())

    # -- where the cards are, and the result -----------------------------------------------

    def zones(self, state: FourState) -> tuple[Zone, ...]:
        hands = tuple(Zone("hand", h, seat, "owner") for seat, h in enumerate(state.hands))
        shown = tuple(Zone("shown", s, seat, "all") for seat, s in enumerate(state.shown))
        table = (Zone("draw pile", state.draw, None, "none"), Zone("discard pile", state.discard))
        return (*hands, *shown, *table)

    def outcome(self, state: FourState) -> Outcome | None:
        if state.ending is None:
            return None
        players = len(state.hands)
        winner = state.outs[-1][0] if state.outs and state.ending != "cap" else None
        reasons = [self._ending_reason(state)]
        if winner is None:
            reasons.append("Nobody went out; there is no winner." if not state.outs
                           else "The hand was stopped, so nobody wins.")  # fmt: skip
        else:
            kind = KIND_NAMES[state.outs[-1][1]]
            reasons.append(f"{sentence(seat_name(winner))} went out last, with {kind}, and wins.")
        winners = () if winner is None else (winner,)
        if not state.options.betting:
            return Outcome(winners, tuple(int(s == winner) for s in range(players)), tuple(reasons))
        scores, said = self._settle(state, winner)
        return Outcome(winners, scores, (*reasons, *said))

    def _ending_reason(self, state: FourState) -> str:
        who = sentence(seat_name(state.turn))
        if state.ending == "fours":
            return f"{who} went out with fours, which ends the game at once."
        if state.ending == "last-draw":
            return f"{who} took the last card of the draw pile; the game ended with that turn."
        if state.ending == "nobody-left":
            return "Every player has gone out or forfeited; the game is over."
        return (f"The hand was stopped after {state.options.move_cap} moves (the move_cap "
                "option); real play never goes on so long.")  # fmt: skip

    def _settle(self, state: FourState, winner: int | None) -> tuple[tuple[int, ...], list[str]]:
        """Betting: each seat's net chips, and what became of each pot."""
        players = len(state.hands)
        if winner is None:
            return (0,) * players, ["Nobody wins, so every player keeps his pot."]
        kinds = dict(state.outs)
        scores = [0] * players
        said = []
        for seat in range(players):
            name, pot = sentence(seat_name(seat)), state.pots[seat]
            if seat == winner:
                continue
            if seat in kinds:
                said.append(f"{name} went out with {KIND_NAMES[kinds[seat]]} and is safe: "
                            f"keeps a pot of {pot}.")  # fmt: skip
                continue
            scores[seat], scores[winner] = -pot, scores[winner] + pot
            how = "forfeited" if state.standing[seat] == "forfeited" else "did not go out"
            said.append(f"{name} {how} and loses a pot of {pot} to {seat_name(winner)}.")
        return tuple(scores), said

    def invariants(self, state: FourState) -> list[str]:
        players = len(state.hands)
        broken = [p for seat in range(players) for p in self._seat_problems(state, seat)]
        if len(state.draw) + state.draws != len(self.deck) - HAND_SIZE * players - 1:
            broken.append(f"the draw pile holds {len(state.draw)} after {state.draws} draws")
        kinds = [kind for _, kind in state.outs]
        if any(not ACES <= k <= FOURS for k in kinds) or kinds != sorted(set(kinds)):
            broken.append(f"the kinds shown do not strictly rise: {kinds}")
        out = sorted(seat for seat, standing in enumerate(state.standing) if standing == "out")
        if sorted(seat for seat, _ in state.outs) != out:
            broken.append(f"players {out} are out, but {state.outs} went out")
        if not state.discard and state.taken is None:
            broken.append("the discard pile is empty between turns")
        holding = state.phase == "taken" or (state.ending == "cap" and state.taken is not None)
        if (state.taken is not None) != holding:
            broken.append(f"a card taken ({state.taken}) in phase {state.phase}")
        if (state.phase == "over") != (state.ending is not None):
            broken.append(f"phase {state.phase} with ending {state.ending}")
        if state.moves > state.options.move_cap:
            broken.append(f"{state.moves} moves made, past the cap of {state.options.move_cap}")
        return broken

    def _seat_problems(self, state: FourState, seat: int) -> list[str]:
        name, standing = seat_name(seat), state.standing[seat]
        hand, shown, pot = state.hands[seat], state.shown[seat], state.pots[seat]
        size = HAND_SIZE + (seat == state.turn and state.taken is not None)
        problems = []
        if standing == "out" and (hand or len(shown) > HAND_SIZE):
            problems.append(f"{name} went out but holds {len(hand)} and shows {len(shown)}")
        if standing != "out" and (len(hand) != size or shown):
            problems.append(f"{name} holds {len(hand)} cards and shows {len(shown)}")
        if state.taken is not None and seat == state.turn and state.taken not in hand:
            problems.append(f"the card taken, {state.taken}, is not in {name}'s hand")
        outs = len(state.outs)
        low, high = (1, 1 + outs) if state.options.betting else (0, 0)
        if not low <= pot <= high:
            problems.append(f"{name}'s pot holds {pot} after {outs} players went out")
        return problems

    # -- a written hand --------------------------------------------------------------------

    def score_position(self, text: str, options: FourOptions | None = None) -> Scored:
        """Whether a written hand may go out after the kind shown last, and with what."""
        hand, last = read_position(text)
        kinds = kinds_shown(hand)
        kind = max(kinds, default=0)
        may = kind > last
        after = f" after {KIND_NAMES[last]}" if last else ""
        summary = (f"{names(hand)} may go out with {KIND_NAMES[kind]}{after}" if may
                   else f"{names(hand)} may not go out{after}")  # fmt: skip
        details: dict[str, Any] = {
            "hand": [str(c) for c in hand],
            "after": KIND_NAMES.get(last),
            "kinds": [KIND_NAMES[k] for k in kinds],
            "kind": KIND_NAMES.get(kind),
            "may_go_out": may,
        }
        reasons = (_kinds_reason(hand, kinds), *_last_reasons(kind, last))
        return Scored(self.title, None, summary, reasons, details)


def _last_reasons(kind: int, last: int) -> list[str]:
    """What the kind shown last allows a hand of ``kind`` (none for a hand of no kind)."""
    if not kind:
        return []
    if not last:
        said = "Nobody has gone out yet, so any kind goes out."
    elif kind > last:
        said = f"{sentence(KIND_NAMES[last])} were shown last; {KIND_NAMES[kind]} are higher."
    else:
        said = f"{sentence(KIND_NAMES[last])} were shown last; only {kinds_after(last)} go out now."
    return [said, "Fours end the game at once."] if kind == FOURS else [said]


def _kinds_reason(hand: Sequence[Card], kinds: Sequence[int]) -> str:
    if not kinds:
        return ("The hand shows no kind: no ace, fewer than two twos, fewer than three threes "
                "and not all four fours.")  # fmt: skip
    if len(kinds) == 1:
        return f"The hand shows {_showing(hand)}."
    return (f"The hand shows {_showing(hand)}; a hand showing two kinds counts as the "
            f"higher: {KIND_NAMES[kinds[-1]]}.")  # fmt: skip


_KIND_WORDS = {"ace": ACES, "aces": ACES, "two": TWOS, "twos": TWOS, "2s": TWOS,
               "three": THREES, "threes": THREES, "3s": THREES}  # fmt: skip
_AFTER = re.compile(r"(?<![^\s,;])after(?![^\s,;])", re.IGNORECASE)
EXAMPLE = "'AS 2H 2D KC after twos'"


def read_position(text: str) -> tuple[tuple[Card, ...], int]:
    """A written Four position: four cards, then optionally ``after`` and the kind shown
    last (aces, twos or threes; none written: nobody has gone out). Bad text raises
    :class:`PositionError` saying which word is wrong.

    >>> hand, last = read_position("as 2h 2d kc After Twos")
    >>> names(hand), last
    ('AS 2H 2D KC', 2)
    >>> read_position("AS 2H 2D KC after sevens")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printables.games.base.PositionError: 'sevens' is not a kind shown; expected aces, twos ...
    """
    parts = _AFTER.split(text)
    if len(parts) > 2:
        raise PositionError(f"write 'after' once, before the kind shown last (e.g. {EXAMPLE})")
    try:
        hand = tuple(read_cards(parts[0], FOUR))
    except NotationError as error:
        raise PositionError(f"{error}; write a hand of four cards (e.g. {EXAMPLE})") from None
    if len(hand) != HAND_SIZE:
        listed = f" ({names(hand)})" if hand else ""
        raise PositionError(
            f"a Four hand holds four cards, not {len(hand)}{listed}; write four cards, then "
            f"'after' and the kind shown last if anyone has gone out (e.g. {EXAMPLE})"
        )
    return hand, _read_kind(parts[1]) if len(parts) == 2 else 0


def _read_kind(text: str) -> int:
    words = text.replace(",", " ").replace(";", " ").split()
    if not words:
        raise PositionError("'after' needs the kind shown last: aces, twos or threes")
    word = words[0].lower()
    if word in ("four", "fours", "4s"):
        raise PositionError("fours end the game at once, so no hand goes out after fours; "
                            "expected aces, twos or threes after 'after'")  # fmt: skip
    if word not in _KIND_WORDS:
        raise PositionError(
            f"{words[0]!r} is not a kind shown; expected aces, twos or threes after 'after'"
        )
    if len(words) > 1:
        raise PositionError(f"unexpected {' '.join(words[1:])!r} after the kind {words[0]!r}")
    return _KIND_WORDS[word]


GAME = FourGame()
