"""4D Poker, the game (4D Playing Cards rulebook): betting, five-card draw and stud.

Two to seven players. Before every hand each player puts the ante (one chip) in the
pot. The hand ranking is :mod:`printables.fourd.poker_ranks`; the betting sessions are
:mod:`printables.games.betting` (open 1 chip up to the limit or drop out; then call,
call and raise up to the limit, or drop out, until all remaining players have put
in the same). The player on the dealer's left opens the first session; every later
session is opened by the player who opened the first one, or, if that player has
dropped out, the first remaining player to the left.

* Five-card draw: five cards each, face down; a session; from the dealer's left each
  remaining player exchanges 0 to 5 cards (they go to the bottom of the deck, new
  ones come from the top); a second session; showdown.
* Five-card stud: one card down and two up; a session; one up; a session; one down;
  a session; showdown.
* Seven-card stud: two down and two up; a session; one up; a session; one up; a
  session; one down; a session; each remaining player shows the best five of seven.

If all the others drop out, the last player takes the pot without showing. At the
showdown the highest rank takes the pot; tied players split it equally and the
remainder stays in the pot for the next hand (:meth:`Poker.next_hand` carries it). The
last player to bet or raise in the last session shows first, then the others
clockwise: recorded, it changes nothing.

The project's readings (docs/readings/poker.md): the default game is five-card
draw, the first the book describes, with 100 chips each and a limit of 5 (the
book's suggested pair); there is no checking (the book's opener bets or drops out);
raises are unlimited in number unless the option ``raises`` caps them; a player who
must put in more chips than he or she holds borrows from the bank in whole bank
notes (option ``note``, 30 chips as in the book), recorded as a loan in the state,
so nobody leaves the game; the engine chooses the best five of seven for each
player in seven-card stud; cards only go to players still in the hand; dropped
hands are face down (seen by their owner only), shown hands are face up. A game is
a number of hands (option ``hands``) or, when ``target`` is set, ends when a
player's worth (chips less loans) reaches it; the most chips win, ties share.

>>> state = GAME.setup(players=3, seed=2)
>>> state.pot, [len(h) for h in state.down], [str(m) for m in GAME.legal_moves(state)][:2]
(3, [5, 5, 5], ['open the betting with 1 chip', 'open the betting with 2 chips'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any, Literal

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import names
from printables.fourd.flushes import triple_flush_pairs, value_counts
from printables.fourd.poker_ranks import PokerRank, best_five, rank_hand, rank_indices
from printables.games import betting
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Zone,
    replaced,
    seat_name,
)
from printables.games.betting import Bet, Call, Drop, Raise, Session
from printables.games.dealing import hand_rng, left_of, shuffled
from printables.games.fourd import FourDGame

VARIANTS = ("draw", "five-card-stud", "seven-card-stud")
VARIANT_NAMES = {"draw": "five-card draw", "five-card-stud": "five-card stud",
                 "seven-card-stud": "seven-card stud"}  # fmt: skip
# The cards dealt before the first session (one round per entry), and after each later one.
FIRST_DEAL = {"draw": ("down",) * 5, "five-card-stud": ("down", "up", "up"),
              "seven-card-stud": ("down", "down", "up", "up")}  # fmt: skip
STREETS: dict[str, tuple[str, ...]] = {"draw": (), "five-card-stud": ("up", "down"),
                                       "seven-card-stud": ("up", "up", "down")}  # fmt: skip
SESSIONS = {"draw": 2, "five-card-stud": 3, "seven-card-stud": 4}
Phase = Literal["bet", "draw", "over"]


@dataclass(frozen=True)
class PokerOptions:
    variant: str = field(
        default="draw", metadata={"help": "draw (five-card draw, the book's first), "
                                  "five-card-stud or seven-card-stud"})  # fmt: skip
    chips: int = field(
        default=100, metadata={"help": "chips each player starts with (the book: 100 "
                               "with a limit of 5; about 200 is nice)"})  # fmt: skip
    limit: int = field(
        default=5, metadata={"help": "maximum betting limit: the most one bet or raise may be"}
    )
    ante: int = field(
        default=1, metadata={"help": "chips every player puts in the pot before each hand"}
    )
    raises: int = field(
        default=0, metadata={"help": "most raises in one betting session (0: no limit, "
                             "as the book)"})  # fmt: skip
    note: int = field(
        default=30, metadata={"help": "chips in one bank note borrowed by a player who "
                              "runs out (the book: thirty)"})  # fmt: skip
    hands: int = field(
        default=10, metadata={"help": "hands in a game (the book: players decide in advance)"}
    )
    target: int = field(
        default=0, metadata={"help": "end the game when a player's worth reaches this "
                             "many chips (0: play the agreed hands)"})  # fmt: skip

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise OptionError(f"4D Poker variant must be one of {', '.join(VARIANTS)}, "
                              f"not {self.variant!r}")  # fmt: skip
        for name, low in (("chips", 1), ("limit", 1), ("ante", 0), ("raises", 0), ("note", 1),
                          ("hands", 1), ("target", 0)):  # fmt: skip
            if getattr(self, name) < low:
                raise OptionError(f"4D Poker option {name} must be at least {low}, "
                                  f"not {getattr(self, name)}")  # fmt: skip


@dataclass(frozen=True)
class Exchange:
    """Five-card draw: give these cards to the dealer and get as many new ones."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"exchange {names(self.cards)}" if self.cards else "exchange no cards"


PokerMove = Bet | Call | Raise | Drop | Exchange


@dataclass(frozen=True)
class PokerState:
    options: PokerOptions
    seed: int
    dealer: int
    down: tuple[tuple[Card, ...], ...]  # each seat's face-down cards
    up: tuple[tuple[Card, ...], ...]  # each seat's face-up cards (stud)
    stock: tuple[Card, ...]  # top card first
    chips: tuple[int, ...]
    loans: tuple[int, ...]  # chips borrowed from the bank ("MINUS THIRTY CHIPS" notes)
    pot: int
    start: tuple[int, ...]  # each seat's worth (chips less loans) before the ante
    carried: int  # chips left in the pot by the last hand's tie
    session: Session  # the betting session under way, or the last one
    phase: Phase = "bet"
    sessions: int = 1  # betting sessions begun
    first_opener: int | None = None  # who opened the first session
    turn: int | None = None  # whose exchange it is (the draw)
    hand_number: int = 0
    closed: Session | None = None  # the last finished session
    shown: tuple[int, ...] = ()  # the showdown, in the order the hands were shown
    winners: tuple[int, ...] = ()
    reasons: tuple[str, ...] = ()

    @property
    def players(self) -> int:
        return len(self.down)

    @property
    def active(self) -> tuple[bool, ...]:
        return self.session.active

    def cards(self, seat: int) -> tuple[Card, ...]:
        return self.down[seat] + self.up[seat]


def _pay(state: PokerState, seat: int, amount: int) -> PokerState:
    """``seat`` puts ``amount`` chips in the pot, borrowing bank notes if short."""
    held, loans = state.chips[seat], state.loans[seat]
    if amount > held:
        notes = -(-(amount - held) // state.options.note)
        held += notes * state.options.note
        loans += notes * state.options.note
    return replace(state, chips=replaced(state.chips, seat, held - amount),
                   loans=replaced(state.loans, seat, loans), pot=state.pot + amount)  # fmt: skip


def _deal_round(state: PokerState, kinds: Sequence[str]) -> PokerState:
    """One card to each player still in, per entry of ``kinds``, from the dealer's left."""
    down, up, stock = list(state.down), list(state.up), list(state.stock)
    for kind in kinds:
        for step in range(1, state.players + 1):
            seat = left_of(state.dealer, state.players, step)
            if state.active[seat]:
                if kind == "down":
                    down[seat] += (stock.pop(0),)
                else:
                    up[seat] += (stock.pop(0),)
    return replace(state, down=tuple(down), up=tuple(up), stock=tuple(stock))


def _new_hand(
    options: PokerOptions, seed: int, hand_number: int, dealer: int,
    held: tuple[int, ...], loans: tuple[int, ...], carried: int,
) -> PokerState:  # fmt: skip
    players = len(held)
    pack = shuffled(FOUR_D.cards, hand_rng(seed, hand_number))
    session = betting.open_session(players, left_of(dealer, players), (True,) * players,
                                 options.limit, options.raises)  # fmt: skip
    state = PokerState(
        options=options, seed=seed, dealer=dealer, down=((),) * players, up=((),) * players,
        stock=tuple(pack), chips=held, loans=loans, pot=carried,
        start=tuple(h - n for h, n in zip(held, loans, strict=True)), carried=carried,
        session=session, hand_number=hand_number,
    )  # fmt: skip
    for seat in range(players):
        state = _pay(state, seat, options.ante)
    return _deal_round(state, FIRST_DEAL[options.variant])


def hand_rank(cards: Sequence[Card]) -> tuple[PokerRank, tuple[Card, ...]]:
    """A player's rank and the five cards it is made of (the best five of more)."""
    if len(cards) == 5:
        return rank_indices([c.index for c in cards]), tuple(cards)
    return best_five(cards)


class Poker(FourDGame[PokerState, PokerMove, PokerOptions]):
    key = "4d-poker"
    title = "4D Poker"
    aliases = ("poker",)
    summary = "Bet on holding the highest-ranking set of cards: five-card draw or stud."
    players = (2, 7)
    move_types = (Bet, Call, Raise, Drop, Exchange)
    options_type = PokerOptions
    position_help = ("a hand of five cards (e.g. 'Rg=T Rg=C Rg=S Bg=S Gg=S'), six or seven "
                     "cards (the best five is found), or several hands separated by '|' "
                     "to say which wins")  # fmt: skip

    def deal(
        self, players: int, seed: int, dealer: int, options: PokerOptions, hand_number: int
    ) -> PokerState:
        """A hand of a new game: every player holds the starting chips."""
        return _new_hand(options, seed, hand_number, dealer, (options.chips,) * players,
                         (0,) * players, 0)  # fmt: skip

    def next_hand(self, state: PokerState) -> PokerState:
        """The next hand: the deal passes to the left; chips, loans and any pot left over
        from a tie carry on."""
        if state.phase != "over":
            raise PositionError("the hand is not over yet; play it out before the next deal")
        return _new_hand(state.options, state.seed, state.hand_number + 1,
                         left_of(state.dealer, state.players), state.chips, state.loans,
                         state.pot)  # fmt: skip

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: PokerState) -> int | None:
        if state.phase == "bet":
            return state.session.turn
        return state.turn if state.phase == "draw" else None

    def _exchanges(self, state: PokerState) -> list[PokerMove]:
        assert state.turn is not None
        hand = state.down[state.turn]
        return [Exchange(pick) for n in range(len(hand) + 1) for pick in combinations(hand, n)]

    def candidate_moves(self, state: PokerState) -> Iterable[PokerMove]:
        if state.phase == "draw":
            return self._exchanges(state)
        return betting.candidates(state.session)

    def legal_moves(self, state: PokerState) -> list[PokerMove]:
        if state.phase == "draw":
            return self._exchanges(state)
        if state.phase == "bet":
            return list(betting.legal(state.session))
        return []

    def why_illegal(self, state: PokerState, move: PokerMove) -> str | None:
        if state.phase == "over":
            return "The hand is over; no more moves can be made."
        if isinstance(move, Exchange):
            if state.phase != "draw":
                if state.options.variant != "draw":
                    return (f"Only five-card draw exchanges cards; this is "
                            f"{VARIANT_NAMES[state.options.variant]}.")  # fmt: skip
                return ("Cards are exchanged after the first betting session, "
                        "not during the betting.")  # fmt: skip
            assert state.turn is not None
            hand = state.down[state.turn]
            for card in move.cards:
                if card not in hand:
                    return f"{card} is not in {seat_name(state.turn)}'s hand."
            if len(set(move.cards)) != len(move.cards):
                return "A card can be exchanged only once."
            return None
        if state.phase == "draw":
            return ("It is the draw: exchange 0 to 5 cards; the second betting session "
                    "comes after it.")  # fmt: skip
        return betting.why_illegal_bet(state.session, move)

    def _apply(self, state: PokerState, move: PokerMove) -> PokerState:
        if isinstance(move, Exchange):
            return self._exchange(state, move)
        seat = state.session.turn
        assert seat is not None
        state = _pay(state, seat, betting.cost(state.session, move))
        session = betting.apply_bet(state.session, move)
        state = replace(state, session=session)
        if not session.over:
            return state
        state = replace(state, closed=session)
        if state.sessions == 1:
            state = replace(state, first_opener=session.opener)
        remaining = session.remaining
        if len(remaining) == 1:
            return self._settle(state, remaining, ())
        variant = state.options.variant
        if state.sessions == SESSIONS[variant]:
            return self._showdown(state)
        if variant == "draw":
            return replace(state, phase="draw", turn=self._next_to_exchange(state, 0))
        state = _deal_round(state, (STREETS[variant][state.sessions - 1],))
        return self._open(state)

    def _open(self, state: PokerState) -> PokerState:
        """Begin the next betting session, opened by the first session's opener (or the
        first remaining player to the left)."""
        assert state.first_opener is not None
        session = betting.open_session(state.players, state.first_opener, state.active,
                                     state.options.limit, state.options.raises)  # fmt: skip
        return replace(state, session=session, phase="bet", sessions=state.sessions + 1,
                       turn=None)  # fmt: skip

    def _next_to_exchange(self, state: PokerState, after_step: int) -> int | None:
        """The next remaining player, from the dealer's left round to the dealer, whose
        place from the dealer's left is beyond ``after_step``."""
        for step in range(after_step + 1, state.players + 1):
            seat = left_of(state.dealer, state.players, step)
            if state.active[seat]:
                return seat
        return None

    def _exchange(self, state: PokerState, move: Exchange) -> PokerState:
        seat = state.turn
        assert seat is not None
        n = len(move.cards)
        stock = state.stock + move.cards  # to the bottom of the deck ...
        kept = tuple(c for c in state.down[seat] if c not in move.cards)
        hand = kept + stock[:n]  # ... and as many from the top
        state = replace(state, down=replaced(state.down, seat, hand), stock=stock[n:])
        step = (seat - state.dealer) % state.players or state.players
        following = self._next_to_exchange(state, step)
        if following is not None:
            return replace(state, turn=following)
        return self._open(state)

    def _showdown(self, state: PokerState) -> PokerState:
        session = state.session
        remaining = session.remaining
        first = session.last_raiser if session.last_raiser is not None else remaining[0]
        order = tuple(s for k in range(state.players)
                      if (s := left_of(first, state.players, k)) in remaining)  # fmt: skip
        return self._settle(state, remaining, order)

    def _settle(
        self, state: PokerState, remaining: tuple[int, ...], order: tuple[int, ...]
    ) -> PokerState:
        pot = state.pot
        if not order:
            (seat,) = remaining
            reasons = (f"Everyone else dropped out; {seat_name(seat)} takes the pot of "
                       f"{_chips(pot)} without showing.",)  # fmt: skip
            return replace(state, phase="over", turn=None, pot=0, winners=(seat,),
                           chips=replaced(state.chips, seat, state.chips[seat] + pot),
                           reasons=reasons)  # fmt: skip
        ranks = {s: hand_rank(state.cards(s)) for s in order}
        lines = []
        for s in order:
            rank, five = ranks[s]
            best = "" if len(state.cards(s)) == 5 else f" (best five {names(five)})"
            lines.append(f"{seat_name(s)} shows {names(state.cards(s))}{best}: {rank}.")
        top = max(rank for rank, _ in ranks.values())
        winners = tuple(sorted(s for s in order if ranks[s][0] == top))
        share, left = divmod(pot, len(winners))
        held = list(state.chips)
        for s in winners:
            held[s] += share
        who = " and ".join(seat_name(s) for s in winners)
        if len(winners) == 1:
            lines.append(f"{who} has the highest hand ({top}) and takes the pot of {_chips(pot)}.")
        else:
            stays = f"; {_chips(left)} stays in the pot for the next hand" if left else ""
            lines.append(f"{who} tie with {top} and each take {_chips(share)}{stays}.")
        return replace(state, phase="over", turn=None, pot=left, chips=tuple(held),
                       winners=winners, shown=order, reasons=tuple(lines))  # fmt: skip

    def zones(self, state: PokerState) -> tuple[Zone, ...]:
        zones = []
        for seat in range(state.players):
            if seat in state.shown:
                zones.append(Zone("shown", state.cards(seat), seat, "all"))
            elif not state.active[seat]:
                zones.append(Zone("dropped", state.cards(seat), seat, "owner"))
            else:
                zones.append(Zone("down", state.down[seat], seat, "owner"))
                zones.append(Zone("up", state.up[seat], seat, "all"))
        return (*zones, Zone("stock", state.stock, None, "none"))

    def worth(self, state: PokerState) -> tuple[int, ...]:
        """Each seat's chips less its loans from the bank."""
        return tuple(c - n for c, n in zip(state.chips, state.loans, strict=True))

    def outcome(self, state: PokerState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(w - s for w, s in zip(self.worth(state), state.start, strict=True))
        return Outcome(state.winners, scores, state.reasons)

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: PokerOptions | None = None
    ) -> Outcome | None:
        """After the agreed hands, or once a player's worth reaches the target, the most
        chips win (ties share); ``totals`` are each seat's chips won or lost so far."""
        options = options or PokerOptions()
        held = tuple(options.chips + t for t in totals)
        most = max(held)
        reached = bool(options.target) and most >= options.target
        if hands < options.hands and not reached:
            return None
        winners = tuple(s for s, n in enumerate(held) if n == most)
        who = " and ".join(seat_name(s) for s in winners)
        verb = "has" if len(winners) == 1 else "share"
        why = f"{who} reached the target of {options.target}" if reached else f"After {hands} hands"
        return Outcome(winners, held, (f"{why}; {who} {verb} the most chips ({most}).",))

    def invariants(self, state: PokerState) -> list[str]:
        broken = []
        total = sum(state.start) + state.carried
        if sum(state.chips) + state.pot - sum(state.loans) != total:
            broken.append("chips were made or lost: chips, pot and loans do not add up")
        if min(state.chips) < 0 or state.pot < 0:
            broken.append("a negative number of chips")
        if any(n < 0 or n % state.options.note for n in state.loans):
            broken.append("a loan that is not a whole number of bank notes")
        broken.extend(betting.session_problems(state.session))
        if state.closed is not None:
            broken.extend(betting.session_problems(state.closed))
        most = 5 if state.options.variant != "seven-card-stud" else 7
        if any(len(state.cards(s)) > most for s in range(state.players)):
            broken.append(f"a player holds more than {most} cards")
        if state.phase == "over" and state.winners and state.pot >= len(state.winners):
            broken.append("the pot was not shared out")
        return broken

    # -- scoring positions written in notation -------------------------------------------

    def score_position(self, text: str, options: PokerOptions | None = None) -> Scored:
        parts = text.split("|")
        hands = [read_cards(part, FOUR_D) for part in parts]
        seen: dict[Card, int] = {}
        for i, hand in enumerate(hands, 1):
            if not 5 <= len(hand) <= 7:
                raise PositionError(f"hand {i} has {len(hand)} cards; a poker hand is five "
                                 "cards (six or seven for stud)")  # fmt: skip
            for c in hand:
                if c in seen:
                    raise PositionError(f"{c} is in hand {seen[c]} and hand {i}")
                seen[c] = i
        described = [describe_hand(hand) for hand in hands]
        if len(hands) == 1:
            d = described[0]
            best = "" if len(hands[0]) == 5 else f"best five {names(d['five'])}: "
            return Scored(self.title, None, f"{best}{d['name']}", tuple(d["reasons"]),
                          _json(d))  # fmt: skip
        ranks = [d["rank"] for d in described]
        top = max(ranks)
        winners = [i for i, r in enumerate(ranks, 1) if r == top]
        if len(winners) == 1:
            summary = f"hand {winners[0]} wins with {top}"
        else:
            summary = f"hands {' and '.join(map(str, winners))} tie with {top}"
        reasons = tuple(f"Hand {i}: {d['name']}." for i, d in enumerate(described, 1))
        return Scored(self.title, None, summary, reasons,
                      {"winners": winners, "hands": [_json(d) for d in described]})  # fmt: skip


def describe_hand(cards: Sequence[Card]) -> dict[str, Any]:
    """A hand's rank, with its triple-flush pairs and single-flushes named as the book does."""
    if len(cards) == 5:
        rank, five = rank_hand(cards), tuple(cards)
    else:
        rank, five = best_five(cards)
    pairs = triple_flush_pairs(five)
    counts = value_counts(five)
    flushes = {n: [v.name for v, k in counts.items() if k == n] for n in (5, 4, 3)}
    reasons = []
    if pairs:
        listed = ", ".join(f"{a} / {b}" for a, b in pairs)
        reasons.append(f"The triple-flush pairs are {listed}." if len(pairs) > 1
                       else f"The triple-flush pair is {listed}.")  # fmt: skip
    else:
        reasons.append("There are no triple-flush pairs.")
    for n in (5, 4, 3):
        found = flushes[n]
        if found:
            what = _words(found)
            kind = f"{n}-card single-flush"
            reasons.append(f"The {kind}es are {what}." if len(found) > 1
                           else f"The {kind} is {what}.")  # fmt: skip
    if not any(flushes.values()):
        reasons.append("No value shows on three or more cards.")
    if len(cards) > 5:
        reasons.insert(0, f"The best five of the {len(cards)} cards are {names(five)}.")
    return {"cards": tuple(cards), "five": five, "rank": rank, "name": str(rank),
            "pairs": pairs, "flushes": flushes, "reasons": reasons}  # fmt: skip


def _json(d: dict[str, Any]) -> dict[str, Any]:
    rank = d["rank"]
    return {
        "cards": [str(c) for c in d["cards"]],
        "best_five": [str(c) for c in d["five"]],
        "rank": {"pairs": rank.pairs, "five": rank.five, "four": rank.four, "three": rank.three},
        "name": d["name"],
        "triple_flush_pairs": [[str(a), str(b)] for a, b in d["pairs"]],
        "single_flushes": {str(n): v for n, v in d["flushes"].items()},
    }


def _words(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


GAME = Poker()
