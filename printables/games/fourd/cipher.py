"""Challenge Cipher (4D Playing Cards rulebook): form sets whose pattern can't be matched.

Six cards each, three face down (the owner may look) and three face up. Bidding starts
on the dealer's left: bid a number of successful challenges (the opening bid at least 1,
each bid higher) or pass; the bidding ends when a bid is followed by passes from every
other player, and a hand where nobody bids is over. The high bidder is the challenger:
he shows three of his six cards and names their value-sharing pattern
(:mod:`printables.fourd.patterns`, 20 patterns; two sets are ciphers exactly when their
patterns match). Every other player must show three of his own six with the same
pattern if he can. A match loses the hand: the challenger subtracts the bid. Otherwise
the challenge succeeds, and the challenger goes on with a different three-card set
(the same pattern may come again, never the same three cards) until the bid is met or
lost. Once the bid is met he may stop and score his successes, or go on: a later match
then scores zero. Partnership (four players, partners sit opposite): a partner's match
is not a failure; the partner then acts as the challenger, and the partners'
successes count together. The game is four rounds (option ``rounds``), a round being
one deal by every player; the high total wins, tied players sharing the win.

The project's readings (docs/readings/cipher.md):

- Every other player who can match must (the engine knows); the book's "don't be too
  quick to admit you can't match" is about timing at the table, not a right to bluff.
  The others answer one at a time from the challenger's left; the first opponent who
  matches ends the hand.
- A player who passed may bid again when his turn comes round (the bidding ends only
  when a bid is followed by passes from all the others). A bid is at most 20, the
  number of different three-card sets in six cards.
- Partnership: the partner is asked like everyone else; when no opponent matches, the
  challenge counts as a success for the partners and the matching partner becomes the
  challenger. Both partners get the partnership's score. Four players are partners
  unless ``partnership`` is off (then four play each for themselves).
- A hand nobody bids on counts as one of the round's hands (the deal passes on).
- Each player's first three cards dealt are face down, the last three face up.
- The challenger's current set lies face up on the table (a zone seen by all) until his
  next challenge or the end of the hand; a matching player's set is shown the same way.

>>> from printables.cards import card
>>> str(pattern_of([card("Rg=T"), card("Rg=C"), card("Bg=C")]))
'3-3-2'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Literal

from printables.cards.deck import Card
from printables.cards.reading import read_cards
from printables.cards.wording import names
from printables.fourd.patterns import are_ciphers, pattern_of
from printables.games.base import OptionError, Outcome, PositionError, Scored, Zone, seat_name
from printables.games.dealing import deal, left_of
from printables.games.fourd import FourDGame

Phase = Literal["bid", "challenge", "respond", "over"]
Triple = tuple[Card, Card, Card]
HAND = 6
MAX_BID = 20  # six cards hold 20 different three-card sets


@dataclass(frozen=True)
class CipherOptions:
    rounds: int = field(
        default=4, metadata={"help": "rounds in a game (a round: every player deals once)"}
    )
    partnership: bool = field(
        default=True,
        metadata={"help": "with four players, play as two partnerships (partners opposite), "
                  "as the book; off: four play each for themselves"},
    )  # fmt: skip

    def __post_init__(self) -> None:
        if not 1 <= self.rounds <= 50:
            raise OptionError(f"rounds must be 1 to 50, not {self.rounds}")


@dataclass(frozen=True)
class Bid:
    """Bid ``number`` successful challenges."""

    number: int

    def __str__(self) -> str:
        return f"bid {self.number}"


@dataclass(frozen=True)
class Pass:
    """Pass in the bidding."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Challenge:
    """The challenger shows three of his cards and names their pattern."""

    cards: Triple

    def __str__(self) -> str:
        return f"challenge with {names(self.cards)}: {pattern_of(self.cards).spoken}"


@dataclass(frozen=True)
class Match:
    """Another player shows three cards with the challenge's pattern."""

    cards: Triple

    def __str__(self) -> str:
        return f"match with {names(self.cards)}"


@dataclass(frozen=True)
class NoMatch:
    """Another player has no three cards with the challenge's pattern."""

    def __str__(self) -> str:
        return "no match"


@dataclass(frozen=True)
class Stop:
    """The challenger, the bid met, ends the hand and scores the successes."""

    def __str__(self) -> str:
        return "stop"


CipherMove = Bid | Pass | Challenge | Match | NoMatch | Stop


@dataclass(frozen=True)
class CipherState:
    options: CipherOptions
    seed: int
    dealer: int
    down: tuple[tuple[Card, ...], ...]  # face-down cards, by seat
    up: tuple[tuple[Card, ...], ...]  # face-up cards, by seat
    phase: Phase
    turn: int
    high: int = 0  # the high bid (0: none yet)
    bidder: int | None = None
    passes: int = 0  # passes in a row in the bidding
    challenger: int | None = None  # who makes the next challenge (a partner may take over)
    shown: tuple[Card, ...] = ()  # the current challenge's set, face up on the table
    shown_by: int | None = None  # whose set it is
    used: tuple[Triple, ...] = ()  # every set challenged with this hand
    successes: int = 0
    partner_match: tuple[Card, ...] = ()  # a partner's match in the current challenge
    matched_by: int | None = None
    matched: tuple[Card, ...] = ()
    scores: tuple[int, ...] = ()  # the hand's scores, once over
    story: str = ""  # why the hand ended
    hand_number: int = 0

    @property
    def players(self) -> int:
        return len(self.down)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """All six cards of ``seat``, sorted."""
        return tuple(sorted(self.down[seat] + self.up[seat]))


def triples(hand: Sequence[Card]) -> list[Triple]:
    """The three-card sets of a hand, in card order."""
    return [(a, b, c) for a, b, c in combinations(sorted(hand), 3)]


def partners(state: CipherState) -> bool:
    return state.options.partnership and state.players == 4


def max_bid(state: CipherState) -> int:
    """The most challenges a side can make: 20 three-card sets in six cards, 40 for partners."""
    return MAX_BID * (2 if partners(state) else 1)


def side(state: CipherState, seat: int) -> tuple[int, ...]:
    """``seat`` and, in a partnership, the partner opposite."""
    return (seat % 2, seat % 2 + 2) if partners(state) else (seat,)


def _words(n: int, thing: str) -> str:
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


class ChallengeCipher(FourDGame[CipherState, CipherMove, CipherOptions]):
    key = "challenge-cipher"
    title = "Challenge Cipher"
    aliases = ("cipher",)
    summary = "Bid, then show three-card sets whose value-sharing pattern nobody can match."
    players = (2, 4)
    move_types = (Bid, Pass, Challenge, Match, NoMatch, Stop)
    options_type = CipherOptions
    position_help = (
        "three cards, to name their value-sharing pattern (e.g. 'Rg=T Rg=C Bg=C'), "
        "or two sets of three, to say whether they are ciphers (e.g. 'Rg=T Rg=C Bg=C / "
        "BwzS BwzC GwzC')"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: CipherOptions, hand_number: int
    ) -> CipherState:
        hands, _ = deal(self.pack(seed, hand_number), players, HAND, dealer)
        return CipherState(
            options=options,
            seed=seed,
            dealer=dealer,
            down=tuple(tuple(h[:3]) for h in hands),
            up=tuple(tuple(h[3:]) for h in hands),
            phase="bid",
            turn=left_of(dealer, players),
            hand_number=hand_number,
        )

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: CipherState) -> int | None:
        return None if state.phase == "over" else state.turn

    def candidate_moves(self, state: CipherState) -> Iterable[CipherMove]:
        if state.phase == "bid":
            yield from (Bid(n) for n in range(1, max_bid(state) + 1))
            yield Pass()
        elif state.phase == "challenge":
            yield from (Challenge(t) for t in triples(state.hand(state.turn)))
            yield Stop()
        elif state.phase == "respond":
            yield from (Match(t) for t in triples(state.hand(state.turn)))
            yield NoMatch()

    def legal_moves(self, state: CipherState) -> list[CipherMove]:
        moves: list[CipherMove] = []
        if state.phase == "bid":
            moves.extend(Bid(n) for n in range(state.high + 1, max_bid(state) + 1))
            moves.append(Pass())
        elif state.phase == "challenge":
            moves.extend(Challenge(t) for t in self._fresh_sets(state))
            if state.successes >= state.high:
                moves.append(Stop())
        elif state.phase == "respond":
            wanted = pattern_of(state.shown)
            moves.extend(Match(t) for t in triples(state.hand(state.turn))
                         if pattern_of(t) == wanted)  # fmt: skip
            if not moves:
                moves.append(NoMatch())
        return moves

    def why_illegal(self, state: CipherState, move: CipherMove) -> str | None:
        if state.phase == "over":
            return "The hand is over; no more moves can be made."
        if isinstance(move, Bid | Pass):
            if state.phase != "bid":
                return "The bidding is over; there is no more bidding in this hand."
            if isinstance(move, Pass):
                return None
            return self.why_illegal_bid(state, move.number)
        if state.phase == "bid":
            return "The bidding is not over yet; bid or pass."
        if isinstance(move, Challenge | Stop):
            if state.phase != "challenge":
                who = seat_name(state.turn)
                return f"It is {who}'s turn to answer the challenge, not to challenge."
            if isinstance(move, Stop):
                if state.successes < state.high:
                    done = _words(state.successes, "successful challenge")
                    return (f"The bid of {state.high} is not met yet ({done} so far); "
                            "the challenger must go on until it is.")  # fmt: skip
                return None
            missing = self._not_in_hand(state, move.cards)
            if missing:
                return missing
            if tuple(sorted(move.cards)) in state.used:
                return (f"{names(move.cards)} was already shown in this hand; each challenge "
                        "needs a different three-card set.")  # fmt: skip
            return None
        if state.phase != "respond":
            return f"It is {seat_name(state.turn)}'s turn to challenge, not to answer."
        wanted = pattern_of(state.shown)
        if isinstance(move, Match):
            missing = self._not_in_hand(state, move.cards)
            if missing:
                return missing
            have = pattern_of(move.cards)
            if have != wanted:
                return (f"{names(move.cards)} has the pattern {have}, not the challenge's "
                        f"{wanted}; they are not ciphers.")  # fmt: skip
            return None
        for t in triples(state.hand(state.turn)):
            if pattern_of(t) == wanted:
                return (f"{names(t)} has the challenge's pattern {wanted}; "
                        "a player who can match must.")  # fmt: skip
        return None

    def why_illegal_bid(self, state: CipherState, number: int) -> str | None:
        """Why ``number`` may not be bid now (None when it may)."""
        if number < 1:
            return "The opening bid must be at least 1."
        if number > max_bid(state):
            held = "two partners' six cards each hold" if partners(state) else "six cards hold"
            return (f"A bid of {number} cannot be met: {held} only "
                    f"{max_bid(state)} different three-card sets.")  # fmt: skip
        if number <= state.high and state.bidder is not None:
            return (f"A bid must be higher than {seat_name(state.bidder)}'s bid "
                    f"of {state.high}.")  # fmt: skip
        return None

    def _not_in_hand(self, state: CipherState, cards: Sequence[Card]) -> str | None:
        hand = state.hand(state.turn)
        for c in cards:
            if c not in hand:
                return f"{c} is not one of {seat_name(state.turn)}'s six cards."
        if len(set(cards)) != 3:
            return "A set is three different cards."
        return None

    def _apply(self, state: CipherState, move: CipherMove) -> CipherState:
        n = state.players
        if isinstance(move, Bid):
            return replace(state, high=move.number, bidder=state.turn, passes=0,
                           turn=left_of(state.turn, n))  # fmt: skip
        if isinstance(move, Pass):
            passes = state.passes + 1
            if state.bidder is None and passes == n:
                return self._end(state, (0,) * n, "Nobody bid; the hand is over with no score.")
            if state.bidder is not None and passes == n - 1:
                return replace(state, phase="challenge", passes=passes,
                               challenger=state.bidder, turn=state.bidder)  # fmt: skip
            return replace(state, passes=passes, turn=left_of(state.turn, n))
        if isinstance(move, Challenge):
            cards = tuple(sorted(move.cards))
            return replace(state, phase="respond", shown=cards, shown_by=state.turn,
                           used=(*state.used, (cards[0], cards[1], cards[2])),
                           partner_match=(), turn=left_of(state.turn, n))  # fmt: skip
        if isinstance(move, Stop):
            done = _words(state.successes, "successful challenge")
            return self._score(state, state.successes, f"stops after {done} (bid {state.high})")
        challenger = self._challenger(state)
        if isinstance(move, Match):
            cards = tuple(sorted(move.cards))
            if state.turn in side(state, challenger):
                state = replace(state, partner_match=cards, matched_by=state.turn)
            else:
                state = replace(state, matched_by=state.turn, matched=cards)
                pattern = pattern_of(state.shown)
                what = (f"{seat_name(state.turn)} matched the {pattern} of "
                        f"{names(state.shown)} with {names(cards)}")  # fmt: skip
                if state.successes >= state.high:
                    return self._score(state, 0, f"{what}; the bid of {state.high} had been "
                                       "met, so the challenge scores zero")  # fmt: skip
                return self._score(state, -state.high, f"{what}; the bid of {state.high} "
                                   "is lost")  # fmt: skip
        following = left_of(state.turn, n)
        if following != challenger:
            return replace(state, turn=following)
        # Nobody on the other side matched: a successful challenge.
        taker = challenger
        if state.partner_match:
            assert state.matched_by is not None
            taker = state.matched_by
        state = replace(state, phase="challenge", successes=state.successes + 1,
                        challenger=taker, turn=taker, partner_match=(),
                        matched_by=None)  # fmt: skip
        if state.successes < state.high and not self._fresh_sets(state):
            return self._score(state, -state.high, f"has no three-card set left that was not "
                               f"shown, so the bid of {state.high} is lost")  # fmt: skip
        return state

    def _fresh_sets(self, state: CipherState) -> list[Triple]:
        """The challenger's sets not yet shown this hand."""
        used = set(state.used)
        return [t for t in triples(state.hand(state.turn)) if t not in used]

    def _challenger(self, state: CipherState) -> int:
        assert state.challenger is not None
        return state.challenger

    def _score(self, state: CipherState, points: int, what: str) -> CipherState:
        challenger = self._challenger(state)
        team = side(state, challenger)
        scores = tuple(points if s in team else 0 for s in range(state.players))
        who = " and ".join(seat_name(s) for s in team)
        verb = "scores" if len(team) == 1 else "score"
        if state.matched:
            story = f"{what}: {who} {verb} {points}."
        else:
            story = f"{seat_name(challenger)} {what}: {who} {verb} {points}."
        return self._end(state, scores, story)

    def _end(self, state: CipherState, scores: tuple[int, ...], story: str) -> CipherState:
        return replace(state, phase="over", scores=scores, story=story)

    def zones(self, state: CipherState) -> tuple[Zone, ...]:
        zones = []
        on_table = set(state.shown) | set(state.matched)
        for seat in range(state.players):
            zones.append(Zone("face down", tuple(c for c in state.down[seat]
                                                 if c not in on_table), seat, "owner"))  # fmt: skip
            zones.append(Zone("face up", tuple(c for c in state.up[seat]
                                               if c not in on_table), seat, "all"))  # fmt: skip
        if state.shown:
            zones.append(Zone("challenge", state.shown, state.shown_by, "all"))
        if state.matched:
            zones.append(Zone("match", state.matched, state.matched_by, "all"))
        return tuple(zones)

    def outcome(self, state: CipherState) -> Outcome | None:
        if state.phase != "over":
            return None
        best = max(state.scores)
        winners = () if best == min(state.scores) else tuple(
            s for s, n in enumerate(state.scores) if n == best)  # fmt: skip
        return Outcome(winners, state.scores, (state.story,))

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: CipherOptions | None = None
    ) -> Outcome | None:
        """After ``rounds`` rounds (every player dealing once a round), the high total
        wins; tied players share the win."""
        options = options or CipherOptions()
        players = len(totals)
        if hands < options.rounds * players:
            return None
        best = max(totals)
        winners = tuple(s for s, n in enumerate(totals) if n == best)
        who = " and ".join(seat_name(s) for s in winners)
        verb = "has" if len(winners) == 1 else "share"
        rounds = _words(options.rounds, "round")
        why = f"After {rounds} ({hands} hands) {who} {verb} the high score ({best})."
        return Outcome(winners, tuple(totals), (why,))

    def invariants(self, state: CipherState) -> list[str]:
        broken = []
        for seat in range(state.players):
            if len(state.down[seat]) != 3 or len(state.up[seat]) != 3:
                broken.append(f"{seat_name(seat)} does not hold three cards down and three up")
        if not 0 <= state.high <= max_bid(state):
            broken.append(f"the high bid {state.high} is out of bounds")
        if len(set(state.used)) != len(state.used):
            broken.append("a three-card set was challenged with twice")
        if state.successes > len(state.used):
            broken.append("more successes than challenges")
        if state.phase == "over":
            team = side(state, state.challenger) if state.challenger is not None else ()
            allowed = {0, state.successes, -state.high}
            if any(n != 0 and s not in team for s, n in enumerate(state.scores)):
                broken.append("a player outside the challenger's side scored")
            if any(n not in allowed for n in state.scores):
                broken.append(f"a score in {state.scores} is not 0, the successes or minus the bid")
        if state.phase in ("challenge", "respond") and state.bidder is None:
            broken.append("a challenge without a bid")
        return broken

    # -- scoring positions written in notation -------------------------------------------

    def score_position(self, text: str, options: CipherOptions | None = None) -> Scored:
        cards = read_cards(text, self.deck)
        if len(cards) == 3:
            pattern = pattern_of(cards)
            chart = list(pattern.chart)
            return Scored(self.title, None, f"{names(cards)}: {pattern} ({pattern.spoken})",
                          (f"{names(cards)} have the value-sharing pattern {pattern}, said "
                           f"\"{pattern.spoken}\".",),
                          {"cards": [str(c) for c in cards], "pattern": str(pattern),
                           "shares": list(pattern.shares), "common": pattern.common,
                           "spoken": pattern.spoken, "chart": chart})  # fmt: skip
        if len(cards) == 6:
            first, second = cards[:3], cards[3:]
            p, q = pattern_of(first), pattern_of(second)
            ciphers = p == q
            assert ciphers == are_ciphers(first, second)
            verdict = "are ciphers" if ciphers else "are not ciphers"
            why = (f"both have the pattern {p}" if ciphers
                   else f"{names(first)} has {p} and {names(second)} has {q}")  # fmt: skip
            return Scored(self.title, None, f"{names(first)} and {names(second)} {verdict}",
                          (f"{names(first)} and {names(second)} {verdict}: {why}.",),
                          {"ciphers": ciphers, "patterns": [str(p), str(q)]})  # fmt: skip
        raise PositionError(
            f"write three cards (a pattern) or two sets of three (ciphers?), not {len(cards)} "
            f"cards: {text!r}"
        )


GAME = ChallengeCipher()
