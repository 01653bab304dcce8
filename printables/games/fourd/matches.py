"""Matches (4D Playing Cards rulebook): score by matching the values of the top card.

Each player has three cards face up and one face down (the "hand", seen only by its
owner); the rest is the stock, and one card turned up starts the pile. On a turn a
player plays a face-up card or the hand card on the pile and scores one point for
each value it shares with the previous top card (0-3), then draws one card. A
player who played the hand card takes the drawn card as the new hand; a player who
played a face-up card chooses which card to turn face up: the hand card or the drawn
one (the other is the new hand). The game is played to 61 or 121 points; the first
player to reach the target wins at once.

The project's readings (docs/readings/matches.md): the book is silent on an empty
stock, so, as in Good Riddance, the pile but its top card is shuffled to make a new
stock and play goes on; the game is one race to the target, dealt once.

>>> from printables.cards import card
>>> GAME.points(card("Gb=S"), card("Gg~S"))
2
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any

from printables.cards.deck import Card
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
class MatchesOptions:
    target: int = field(default=61, metadata={"help": "points to win: 61 or 121 (the book)"})

    def __post_init__(self) -> None:
        if self.target not in (61, 121):
            raise OptionError(f"Matches is played to 61 or 121 points, not {self.target}")


@dataclass(frozen=True)
class Play:
    """Play ``card`` (a face-up card or the hand card) on the pile."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class TurnUp:
    """After playing a face-up card and drawing: turn ``card`` (hand or drawn card) face up."""

    card: Card

    def __str__(self) -> str:
        return f"turn up {self.card}"


MatchesMove = Play | TurnUp


@dataclass(frozen=True)
class MatchesState:
    options: MatchesOptions
    seed: int
    dealer: int
    face_up: tuple[tuple[Card, ...], ...]  # three each (two while choosing)
    hands: tuple[tuple[Card, ...], ...]  # the face-down card of each seat (none at the end)
    stock: tuple[Card, ...]  # top card first
    pile: tuple[Card, ...]  # bottom first; the top card is last
    scores: tuple[int, ...]
    turn: int
    drawn: Card | None = None  # drawn after a face-up play, waiting for the choice
    last: tuple[Card, Card, int] | None = None  # card played, card under it, points
    reshuffles: int = 0
    finished: bool = False
    hand_number: int = 0

    @property
    def top(self) -> Card:
        return self.pile[-1]


class Matches(FourDGame[MatchesState, MatchesMove, MatchesOptions]):
    key = "matches"
    title = "Matches"
    summary = "Score a point for each value your card shares with the top card of the pile."
    players = (2, 5)
    move_types = (Play, TurnUp)
    one_hand = True
    options_type = MatchesOptions
    position_help = (
        "a play 'CARD on TOP' (e.g. 'Gb=S on Gg~S'), or cards in the order played, "
        "the first being the top card the first player plays on, players taking turns "
        "(two unless it begins 'N players:'; e.g. 'Gg~S Gb=S Gw~S Bw~S Rw~S')"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: MatchesOptions, hand_number: int
    ) -> MatchesState:
        pack = self.pack(seed, hand_number)
        face_up, rest = deal(pack, players, 3, dealer)
        hands, rest = deal(rest, players, 1, dealer)
        return MatchesState(
            options=options,
            seed=seed,
            dealer=dealer,
            face_up=tuple(tuple(f) for f in face_up),
            hands=tuple(tuple(h) for h in hands),
            stock=tuple(rest[1:]),
            pile=(rest[0],),
            scores=(0,) * players,
            turn=left_of(dealer, players),
            hand_number=hand_number,
        )

    @staticmethod
    def points(card: Card, top: Card) -> int:
        """The score of playing ``card`` on ``top``: the values they share."""
        return card.shares(top)

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: MatchesState) -> int | None:
        return None if state.finished else state.turn

    def legal_moves(self, state: MatchesState) -> list[MatchesMove]:
        if state.finished:
            return []
        seat = state.turn
        if state.drawn is not None:
            return [*(TurnUp(c) for c in state.hands[seat]), TurnUp(state.drawn)]
        return [Play(c) for c in (*state.face_up[seat], *state.hands[seat])]

    def candidate_moves(self, state: MatchesState) -> Iterable[MatchesMove]:
        seat = state.turn
        yield from (Play(c) for c in (*state.face_up[seat], *state.hands[seat]))
        yield from (TurnUp(c) for c in state.hands[seat])
        if state.drawn is not None:
            yield TurnUp(state.drawn)

    def why_illegal(self, state: MatchesState, move: MatchesMove) -> str | None:
        seat = state.turn
        hand = state.hands[seat][0]
        if isinstance(move, Play):
            if state.drawn is not None:
                return (
                    f"First choose which card to turn face up: the hand card {hand} "
                    f"or the drawn card {state.drawn}."
                )
            if move.card != hand and move.card not in state.face_up[seat]:
                return (
                    f"{move.card} is neither face up in front of {seat_name(seat)} "
                    "nor the card in hand."
                )
            return None
        if state.drawn is None:
            return (
                "A card is turned face up only after playing a face-up card and "
                "drawing; play a card first."
            )
        if move.card not in (hand, state.drawn):
            return (
                f"Only the hand card {hand} or the drawn card {state.drawn} "
                f"may be turned face up, not {move.card}."
            )
        return None

    def _apply(self, state: MatchesState, move: MatchesMove) -> MatchesState:
        seat = state.turn
        players = len(state.scores)
        if isinstance(move, TurnUp):
            assert state.drawn is not None
            hand = state.hands[seat][0]
            other = state.drawn if move.card == hand else hand
            return replace(
                state,
                face_up=replaced(state.face_up, seat, (*state.face_up[seat], move.card)),
                hands=replaced(state.hands, seat, (other,)),
                drawn=None,
                turn=left_of(seat, players),
            )
        gained = self.points(move.card, state.top)
        scores = replaced(state.scores, seat, state.scores[seat] + gained)
        from_hand = move.card in state.hands[seat]
        hands, face_up = state.hands, state.face_up
        if from_hand:
            hands = replaced(hands, seat, ())
        else:
            face_up = replaced(face_up, seat, tuple(c for c in face_up[seat] if c != move.card))
        pile, stock, reshuffles = (*state.pile, move.card), state.stock, state.reshuffles
        last = (move.card, state.top, gained)
        if scores[seat] >= state.options.target:
            return replace(
                state,
                scores=scores,
                hands=hands,
                face_up=face_up,
                pile=pile,
                last=last,
                finished=True,
            )
        if not stock:
            stock = tuple(shuffled(pile[:-1], rng(state.seed, "reshuffle", reshuffles)))
            pile, reshuffles = pile[-1:], reshuffles + 1
        drawn, stock = stock[0], stock[1:]
        if from_hand:
            hands, turn, pending = replaced(hands, seat, (drawn,)), left_of(seat, players), None
        else:
            turn, pending = seat, drawn
        return replace(
            state,
            scores=scores,
            hands=hands,
            face_up=face_up,
            pile=pile,
            stock=stock,
            reshuffles=reshuffles,
            last=last,
            turn=turn,
            drawn=pending,
        )

    def zones(self, state: MatchesState) -> tuple[Zone, ...]:
        zones: list[Zone] = []
        for seat, cards in enumerate(state.face_up):
            zones.append(Zone("face up", cards, seat, "all"))
            hand = state.hands[seat]
            if state.drawn is not None and seat == state.turn:
                hand = (*hand, state.drawn)  # the drawn card, held while choosing
            zones.append(Zone("hand", hand, seat, "owner"))
        return (*zones, Zone("stock", state.stock, None, "none"), Zone("pile", state.pile))

    def outcome(self, state: MatchesState) -> Outcome | None:
        if not state.finished:
            return None
        seat = state.turn
        target = state.options.target
        reason = (
            f"{seat_name(seat)} reaches {state.scores[seat]} points, at least the "
            f"target of {target}, first and wins."
        )
        return Outcome((seat,), state.scores, (reason,))

    def invariants(self, state: MatchesState) -> list[str]:
        broken = []
        target = state.options.target
        for seat, score in enumerate(state.scores):
            if score >= target and not (state.finished and seat == state.turn):
                broken.append(f"{seat_name(seat)} has {score} points but has not won")
        if state.last is not None:
            played, under, gained = state.last
            if played.shares(under) != gained or not 0 <= gained <= 3:
                broken.append(f"{played} on {under} scored {gained}")
        for seat, cards in enumerate(state.face_up):
            want = 2 if (seat == state.turn and state.drawn is not None) else 3
            if len(cards) != want and not (state.finished and seat == state.turn):
                broken.append(f"{seat_name(seat)} has {len(cards)} face-up cards, not {want}")
        return broken

    def score_position(self, text: str, options: MatchesOptions | None = None) -> Scored:
        played, sep, top = text.partition(" on ")
        if sep:
            card, under = read_cards(played, self.deck), read_cards(top, self.deck)
            if len(card) != 1 or len(under) != 1:
                raise PositionError(f"write a play as 'CARD on TOP', one card each, not {text!r}")
            cards = [under[0], card[0]]
        else:
            players = 2
            count, colon, rest = text.partition(":")
            if colon:
                words = count.split()
                if len(words) != 2 or not words[0].isdigit() or words[1] not in ("players",):
                    raise PositionError(f"begin a sequence with 'N players:', not {count!r}")
                players = int(words[0])
                if not self.players[0] <= players <= self.players[1]:
                    raise PositionError(f"Matches is for 2 to 5 players, not {players}")
                text = rest
            cards = read_cards(text, self.deck)
            if len(cards) < 2:
                raise PositionError(
                    "write 'CARD on TOP', or at least two cards in the order played "
                    f"(the first starts the pile), not {text!r}"
                )
        plays: list[dict[str, Any]] = []
        reasons = []
        total = 0
        for under_card, card_played in pairwise(cards):
            shared = card_played.shared_with(under_card)
            plays.append(
                {
                    "card": str(card_played),
                    "on": str(under_card),
                    "points": len(shared),
                    "shared": [v.name for v in shared],
                }
            )
            total += len(shared)
            word = "point" if len(shared) == 1 else "points"
            why = f"it shares {values_text(shared)}" if shared else "it shares no value"
            reasons.append(f"{card_played} on {under_card} scores {len(shared)} {word}: {why}.")
        if len(plays) == 1:
            summary = f"{cards[1]} on {cards[0]} scores {total}"
        else:
            # Plays go round the players in turn, starting with the first to play.
            totals = [sum(int(p["points"]) for p in plays[i::players]) for i in range(players)]
            each = ", ".join(f"{seat_name(i)} {t}" for i, t in enumerate(totals))
            summary = f"{len(plays)} plays by {players} players in turn: {each}"
            return Scored(self.title, None, summary, tuple(reasons),
                          {"plays": plays, "totals": totals})  # fmt: skip
        return Scored(self.title, total, summary, tuple(reasons), {"plays": plays})


GAME = Matches()
