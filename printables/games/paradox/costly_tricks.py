"""Costly Tricks (PARADOX): a trick-taking game for two in which every trick costs 20.

Each player has an invisible partner, his ghost; the four hands sit clockwise A, B,
A's ghost, B's ghost, and each player plays his own hand and his ghost's. The 44 cards
are dealt one at a time to the four hands, starting with A, and laid out face up: nothing
is hidden. The hand dealt the red 0 leads the first trick, and a trick's winner leads the
next. A hand must follow the led color; else play the trump in force; else make a new
trump with a color not yet trump in the trick; a hand that can do none of these plays any
card, and it has no power (:mod:`printables.paradox.tricks` holds these rules). A card is
worth its rank, each trick costs its taker 20; a side's net is its card points less its
tricks' cost. The 220 points of the cards and the 220 that 11 tricks cost make the nets
sum to 0: the side with a net above 0 wins the round and a chip, and a net of 0 is a
draw. The first to collect 3 chips wins the game; the book's other way to end it (option
``pass_chips``): each player starts with 3 chips, a chip passes from the loser of each
round to its winner, until one player holds all 6.

The engine's players are 0 (A) and 1 (B); :meth:`CostlyTricks.to_move` names the player
whose hand (his own or his ghost's) plays next, and a move names the card, which names
the hand it comes from.

The project's readings (docs/rules-notes.md, PARADOX): the book names no dealer, so the
first dealer is chosen as for every game and the deal passes to the other player each
round; whoever deals, the cards go one at a time starting with A, and the hand holding
the red 0 leads anyway. Won tricks lie face down (seen by nobody; their count and points
are kept in the open). A draw gives no chip, in the variation too.

>>> state = GAME.setup(players=2, seed=3)  # B's ghost was dealt the red 0: B plays it
>>> SEATS[state.position.leader], GAME.to_move(state), PARADOX.card("R0") in state.position.hands[3]
("B's ghost", 1, True)
>>> print(GAME.score_position("A: R5 B3 P10 B6").summary)
A's ghost takes the trick: 24 points less 20, net +4 for A
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.errors import NotationError
from printables.cards.reading import read_cards
from printables.cards.wording import signed
from printables.games.base import Outcome, PositionError, Scored, Zone
from printables.games.dealing import left_of
from printables.games.paradox import ParadoxGame
from printables.paradox.tricks import (
    COLORS,
    ROUND_POINTS,
    SEATS,
    SIDES,
    TRICK_COST,
    Position,
    TrickPositionError,
    color,
    next_seat,
    points,
    rank,
    seat_named,
    side_of,
    trump_of,
    why_not,
    winner,
)
from printables.paradox.wording import hand_order

TRICKS = 44 // 4
"""Tricks in a round: 11."""
CHIPS_TO_WIN = 3
"""The book's end of game: the first to win 3 rounds (collect 3 chips)."""
PASSING_CHIPS = 3
"""The book's other method: each player starts with 3 chips, the game ends at all 6."""


@dataclass(frozen=True)
class CostlyOptions:
    pass_chips: bool = field(
        default=False, metadata={"help": "the book's other end of game: each player starts "
                                 "with 3 chips, a chip passes from the loser of a round to "
                                 "its winner until one player holds all 6"})  # fmt: skip


@dataclass(frozen=True)
class Play:
    """Play ``card`` from the hand that holds it (the player's own or his ghost's)."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Taken:
    """A trick taken: the seat that led it, its cards in the order played, and its winner."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    @property
    def side(self) -> int:
        return side_of(self.winner)


@dataclass(frozen=True)
class CostlyState:
    """A round of Costly Tricks: the position of the four hands, the tricks taken and each
    side's figures, and the chips the players held when it began."""

    options: CostlyOptions
    seed: int
    dealer: int  # the player (0: A, 1: B) who shuffled and dealt
    position: Position  # the four hands, the seat leading, the trick in progress
    taken: tuple[Taken, ...] = ()  # the tricks taken so far, in order
    tricks: tuple[int, int] = (0, 0)  # tricks won by each side
    points: tuple[int, int] = (0, 0)  # card points won by each side
    chips: tuple[int, int] = (0, 0)  # chips each player held when the round began
    hand_number: int = 0

    @property
    def nets(self) -> tuple[int, int]:
        """Each side's card points less 20 a trick taken, so far."""
        return (self.points[0] - TRICK_COST * self.tricks[0],
                self.points[1] - TRICK_COST * self.tricks[1])  # fmt: skip


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"


class CostlyTricks(ParadoxGame[CostlyState, Play, CostlyOptions]):
    key = "costly-tricks"
    title = "Costly Tricks"
    summary = (
        "Two players, each with a ghost partner, play tricks with all hands face up; "
        "every trick costs its taker 20."
    )
    players = (2, 2)
    move_types = (Play,)
    options_type = CostlyOptions
    position_help = (
        "a finished trick, the leading hand then its four cards in playing order "
        "(e.g. 'A: R5 B3 P10 B6'; hands A, B, A's ghost, B's ghost), giving its winner, "
        "points and net, each card's reason and what the trick alone cannot show; or a "
        "round's tally, the tricks and points of one side, optionally named (e.g. "
        "'A tricks 5 points 104'), or of both ('A tricks 5 points 104; B tricks 6 points "
        "116'), giving the nets by the 220 rule and who wins the round"
    )

    def options(self, **values: Any) -> CostlyOptions:
        options: CostlyOptions = super().options(**values)
        return options

    # -- dealing -------------------------------------------------------------------------

    def deal(
        self, players: int, seed: int, dealer: int, options: CostlyOptions, hand_number: int
    ) -> CostlyState:
        """One card at a time to A, B, A's ghost and B's ghost in turn, 11 each, whoever
        deals; the hand holding the red 0 leads."""
        self.check_players(players)
        pack = self.pack(seed, hand_number)
        hands = tuple(hand_order(pack[seat::4]) for seat in range(4))
        red_0 = PARADOX.card("R0")
        leader = next(seat for seat, hand in enumerate(hands) if red_0 in hand)
        start = PASSING_CHIPS if options.pass_chips else 0
        return CostlyState(
            options=options,
            seed=seed,
            dealer=dealer,
            position=Position(hands, leader),
            chips=(start, start),
            hand_number=hand_number,
        )

    def next_hand(self, state: CostlyState) -> CostlyState:
        """The next round: the other player deals, and the chips carry over. After the
        round that ends the game there is no next round (:class:`PositionError`)."""
        outcome = self.outcome(state)
        if outcome is None:
            raise PositionError("the hand is not over yet; play it out before the next deal")
        chips = (state.chips[0] + outcome.scores[0], state.chips[1] + outcome.scores[1])
        ended = _game_over(chips, state.options)
        if ended is not None:
            raise PositionError(f"the game is over: {ended}")
        following = self.deal(2, state.seed, left_of(state.dealer, 2), state.options,
                              state.hand_number + 1)  # fmt: skip
        return replace(following, chips=chips)

    # -- the interface ---------------------------------------------------------------------

    def to_move(self, state: CostlyState) -> int | None:
        """The player (0: A, 1: B) whose hand plays next: his own or his ghost's."""
        if state.position.over:
            return None
        return side_of(state.position.to_move)

    def seat_to_move(self, state: CostlyState) -> int | None:
        """The hand (seat 0-3: A, B, A's ghost, B's ghost) that plays next."""
        return None if state.position.over else state.position.to_move

    def candidate_moves(self, state: CostlyState) -> Iterable[Play]:
        """Every card still in a hand: the hand to play first, then the others clockwise
        (only the first hand's cards can be legal)."""
        seat = state.position.to_move
        for step in range(4):
            yield from (Play(c) for c in state.position.hands[next_seat(seat, step)])

    def legal_moves(self, state: CostlyState) -> list[Play]:
        if state.position.over:
            return []
        return [Play(c) for c in state.position.legal()]

    def why_illegal(self, state: CostlyState, move: Play) -> str | None:
        position = state.position
        seat = position.to_move
        card = move.card
        if card.deck is not PARADOX:
            return f"{card} is not a card of the PARADOX deck."
        hand = position.hands[seat]
        if card not in hand:
            if card in position.trick:
                return f"{card} has already been played to this trick."
            holder = next((s for s, h in enumerate(position.hands) if card in h), None)
            if holder is None:
                return f"{card} has already been played in an earlier trick."
            turn = f"It is {SIDES[side_of(seat)]}'s turn: {SEATS[seat]} plays next"
            return f"{turn}, and {card} is in the hand of {SEATS[holder]}."
        return why_not(hand, position.trick, card)

    def _apply(self, state: CostlyState, move: Play) -> CostlyState:
        before = state.position
        position, taker = before.play(move.card)
        state = replace(state, position=position)
        if taker is None:
            return state
        cards = (*before.trick, move.card)
        side = side_of(taker)
        tricks, won = list(state.tricks), list(state.points)
        tricks[side] += 1
        won[side] += points(cards)
        return replace(
            state,
            taken=(*state.taken, Taken(before.leader, cards, taker)),
            tricks=(tricks[0], tricks[1]),
            points=(won[0], won[1]),
        )

    def zones(self, state: CostlyState) -> tuple[Zone, ...]:
        """The four hands face up (each owned by the player who plays it), the trick on
        the table, and each side's won tricks face down."""
        hands = tuple(
            Zone(SEATS[seat], hand, side_of(seat), "all")
            for seat, hand in enumerate(state.position.hands)
        )
        piles = tuple(
            Zone(f"{SIDES[side]}'s tricks",
                 tuple(c for t in state.taken if t.side == side for c in t.cards), side, "none")
            for side in (0, 1)
        )  # fmt: skip
        return (*hands, Zone("trick", state.position.trick), *piles)

    def describe(self, state: CostlyState) -> str:
        """The four hands as in a bridge diagram's order, the trick, the tricks won."""
        position = state.position
        lines = [
            f"{SEATS[s]}: {' '.join(map(str, h)) or '-'}" for s, h in enumerate(position.hands)
        ]
        trick = " ".join(map(str, position.trick)) or "-"
        lines.append(f"trick, led by {SEATS[position.leader]}: {trick}")
        for side in (0, 1):
            lines.append(
                f"{SIDES[side]} has taken {_tricks(state.tricks[side])} and "
                f"{state.points[side]} points: net {signed(state.nets[side])}"
            )
        if not position.over:
            seat = position.to_move
            lines.append(f"to play: {SEATS[seat]} ({SIDES[side_of(seat)]} plays it)")
        return "\n".join(lines)

    def outcome(self, state: CostlyState) -> Outcome | None:
        if not state.position.over:
            return None
        nets = state.nets
        reasons = [
            f"{SIDES[side]} took {_tricks(state.tricks[side])}, costing "
            f"{TRICK_COST * state.tricks[side]}, and {state.points[side]} points: "
            f"net {signed(nets[side])}."
            for side in (0, 1)
        ]
        reasons.append(
            f"The points ({state.points[0]} + {state.points[1]} = {sum(state.points)}) and "
            f"the costs ({TRICK_COST * state.tricks[0]} + {TRICK_COST * state.tricks[1]} = "
            f"{TRICK_COST * sum(state.tricks)}) both come to {ROUND_POINTS}, so the nets "
            "sum to 0."
        )
        if nets[0] == 0:
            reasons.append("Both nets are 0: the round is a draw, and no chip is given.")
            reasons.append(f"Chips: A {state.chips[0]}, B {state.chips[1]}.")
            return Outcome((), (0, 0), tuple(reasons))
        won = 0 if nets[0] > 0 else 1
        lost = 1 - won
        if state.options.pass_chips:
            scores = (1, -1) if won == 0 else (-1, 1)
            reasons.append(f"{SIDES[won]} wins the round, and a chip passes from "
                           f"{SIDES[lost]} to {SIDES[won]}.")  # fmt: skip
        else:
            scores = (1, 0) if won == 0 else (0, 1)
            reasons.append(f"{SIDES[won]} wins the round and a chip.")
        chips = (state.chips[0] + scores[0], state.chips[1] + scores[1])
        reasons.append(f"Chips: A {chips[0]}, B {chips[1]}.")
        return Outcome((won,), scores, tuple(reasons))

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: CostlyOptions | None = None
    ) -> Outcome | None:
        """The book's end of game: the first to 3 chips (``totals`` are the chips won);
        with ``pass_chips``, the first to hold all 6 (``totals`` are chips gained, so each
        holds 3 plus his total)."""
        options = options or CostlyOptions()
        start = PASSING_CHIPS if options.pass_chips else 0
        chips = (start + totals[0], start + totals[1])
        ended = _game_over(chips, options)
        if ended is None:
            return None
        won = 0 if chips[0] > chips[1] else 1
        return Outcome((won,), chips, (f"After {hands} rounds {ended}",))

    def invariants(self, state: CostlyState) -> list[str]:
        broken = []
        position = state.position
        for side in (0, 1):
            mine = [t for t in state.taken if t.side == side]
            if state.tricks[side] != len(mine):
                broken.append(f"{SIDES[side]} is credited with {state.tricks[side]} tricks "
                              f"but took {len(mine)}")  # fmt: skip
            if state.points[side] != sum(points(t.cards) for t in mine):
                broken.append(f"{SIDES[side]}'s points {state.points[side]} are not its "
                              "tricks' card points")  # fmt: skip
        in_play = points(c for h in position.hands for c in h) + points(position.trick)
        if sum(state.points) + in_play != ROUND_POINTS:
            broken.append(f"points taken {sum(state.points)} and in play {in_play} "
                          f"do not make {ROUND_POINTS}")  # fmt: skip
        cards = position.cards_left + len(position.trick)
        if 4 * sum(state.tricks) + cards != 4 * TRICKS:
            broken.append(f"{sum(state.tricks)} tricks taken and {cards} cards in play "
                          "do not make 44 cards")  # fmt: skip
        for t in state.taken:
            if winner(t.leader, t.cards) != t.winner:
                broken.append(f"the trick {' '.join(map(str, t.cards))} went to the wrong hand")
        expected = state.taken[-1].winner if state.taken else _red_0_seat(state)
        if position.leader != expected:
            broken.append(f"{SEATS[position.leader]} leads, but {SEATS[expected]} should")
        if not position.over:  # the hands hold equal numbers and the trick was legal
            try:
                Position.checked(position.hands, position.leader, position.trick)
            except TrickPositionError as error:
                broken.append(str(error))
        if state.options.pass_chips and sum(state.chips) != 2 * PASSING_CHIPS:
            broken.append(f"the players hold {sum(state.chips)} chips, not 6")
        return broken

    # -- scoring positions written in notation ---------------------------------------------

    def score_position(self, text: str, options: CostlyOptions | None = None) -> Scored:
        """A finished trick (``A: R5 B3 P10 B6``) or a round's tally (``tricks 5 points
        104``); see :attr:`position_help`."""
        if not text.strip():
            raise PositionError(
                "write a trick ('A: R5 B3 P10 B6') or a round's tally ('tricks 5 points 104')"
            )
        if re.search(r"trick|point", text, re.IGNORECASE):
            return self.score_tally(text)
        return self.score_trick(text)

    def score_trick(self, text: str) -> Scored:
        """A finished trick: who wins it, its points and the taker's net, and why each card
        could be played, as far as the trick alone shows it."""
        leader, cards = read_trick(text)
        reasons = trick_reasons(leader, cards)
        taker = winner(leader, cards)
        side = side_of(taker)
        worth = points(cards)
        net = worth - TRICK_COST
        summary = (f"{SEATS[taker]} takes the trick: {worth} points less {TRICK_COST}, "
                   f"net {signed(net)} for {SIDES[side]}")  # fmt: skip
        trump = trump_of(cards)
        details = {
            "leader": SEATS[leader],
            "cards": [str(c) for c in cards],
            "hands": [SEATS[next_seat(leader, i)] for i in range(4)],
            "led": COLORS[color(cards[0])],
            "trump": COLORS[trump] if trump else None,
            "winner": SEATS[taker],
            "side": SIDES[side],
            "points": worth,
            "cost": TRICK_COST,
            "net": net,
            "lacking": {
                SEATS[next_seat(leader, i)]: [COLORS[c] for c in lack]
                for i, lack in enumerate(lacking(cards))
                if lack
            },
        }
        return Scored(self.title, worth, summary, tuple(reasons), details)

    def score_tally(self, text: str) -> Scored:
        """A round's tally: one side's tricks and points (or both sides'), the nets by the
        220 rule, and who wins the round."""
        parts = read_tally(text)
        first = parts[0]
        named = first.side is not None
        side = first.side if first.side is not None else 0
        tricks, won = [0, 0], [0, 0]
        tricks[side], won[side] = first.tricks, first.points
        tricks[1 - side], won[1 - side] = TRICKS - first.tricks, ROUND_POINTS - first.points
        names = SIDES if named else ("this side", "the other side")
        if len(parts) == 2:
            other = parts[1]
            if other.tricks + first.tricks != TRICKS:
                raise PositionError(
                    f"a round has {TRICKS} tricks, but {first.tricks} + {other.tricks} = "
                    f"{first.tricks + other.tricks} were written"
                )
            if other.points + first.points != ROUND_POINTS:
                raise PositionError(
                    f"the cards hold {ROUND_POINTS} points in all, but {first.points} + "
                    f"{other.points} = {first.points + other.points} were written"
                )
        nets = [won[s] - TRICK_COST * tricks[s] for s in (0, 1)]
        reasons = []
        for s in (side, 1 - side):
            given = s == side or len(parts) == 2
            label = names[s]
            cap = label[:1].upper() + label[1:]
            if given:
                reasons.append(
                    f"{cap} took {_tricks(tricks[s])}, costing {tricks[s]} x {TRICK_COST} = "
                    f"{TRICK_COST * tricks[s]}, and {won[s]} points: net {signed(nets[s])}."
                )
            else:
                reasons.append(
                    f"{cap} took the other {_tricks(tricks[s])} (costing "
                    f"{TRICK_COST * tricks[s]}) and the other {won[s]} of the {ROUND_POINTS} "
                    f"points: net {signed(nets[s])}."
                )
        reasons.append(
            f"The cards hold {ROUND_POINTS} points and {TRICKS} tricks cost "
            f"{TRICKS} x {TRICK_COST} = {TRICKS * TRICK_COST}, so the nets sum to 0: counting "
            "one side is enough."
        )
        if nets[0] == 0:
            summary = "a draw: both nets are 0"
            reasons.append("Both nets are 0: the round is a draw, and no chip is given.")
            result = None
        else:
            best = 0 if nets[0] > 0 else 1
            label = names[best]
            summary = (f"{label} wins the round and a chip: net {signed(nets[best])} "
                       f"against {signed(nets[1 - best])}")  # fmt: skip
            reasons.append(f"{label[:1].upper() + label[1:]} has a net above 0 and wins the "
                           "round and a chip.")  # fmt: skip
            result = best
        details = {
            "sides": [
                {"side": names[s], "tricks": tricks[s], "points": won[s],
                 "cost": TRICK_COST * tricks[s], "net": nets[s]}
                for s in (0, 1)
            ],
            "winner": None if result is None else names[result],
            "draw": result is None,
        }  # fmt: skip
        return Scored(self.title, None, summary, tuple(reasons), details)


GAME = CostlyTricks()


# -- the game's end ---------------------------------------------------------------------


def _game_over(chips: tuple[int, int], options: CostlyOptions) -> str | None:
    """Why the chips end the game (None: play on)."""
    goal = 2 * PASSING_CHIPS if options.pass_chips else CHIPS_TO_WIN
    for side in (0, 1):
        if chips[side] >= goal:
            if options.pass_chips:
                return f"{SIDES[side]} holds all {goal} chips and wins the game."
            return f"{SIDES[side]} has won {goal} rounds ({_chips(goal)}) and wins the game."
    return None


def _red_0_seat(state: CostlyState) -> int:
    """The seat dealt the red 0, before the first trick is taken: it leads the first trick,
    holding the red 0 still or having led it."""
    red_0 = PARADOX.card("R0")
    for seat, hand in enumerate(state.position.hands):
        if red_0 in hand:
            return seat
    trick = state.position.trick
    return next_seat(state.position.leader, trick.index(red_0))


# -- reading and explaining a trick -----------------------------------------------------


def read_seat(text: str) -> int:
    """A hand's seat from its name: ``A``, ``B``, ``A's ghost``, ``B's ghost``."""
    seat = seat_named(text)
    if seat is None:
        raise PositionError(
            f"{text.strip()!r} is not a hand; the hands are A, B, A's ghost and B's ghost"
        )
    return seat


def read_trick(text: str) -> tuple[int, tuple[Card, ...]]:
    """The leading seat and the four cards of a trick written ``A: R5 B3 P10 B6``."""
    who, sep, rest = text.partition(":")
    if not sep:
        raise PositionError(
            "write a trick as the hand that led it, a colon and its four cards in playing "
            f"order, e.g. 'A: R5 B3 P10 B6', not {text.strip()!r}"
        )
    leader = read_seat(who)
    try:
        cards = tuple(read_cards(rest, PARADOX))
    except NotationError as error:
        raise PositionError(str(error)) from None
    if len(cards) != 4:
        raise PositionError(
            f"a finished trick has four cards, one from each hand, not {len(cards)}"
        )
    return leader, cards


def lacking(cards: Sequence[Card]) -> list[tuple[str, ...]]:
    """For each card of a trick, the colors its hand must have lacked for the card to be
    played (the rules in order: follow, trump, a new trump, anything)."""
    led = color(cards[0])
    result: list[tuple[str, ...]] = [()]
    trump: str | None = None
    used = {led}
    for card in cards[1:]:
        c = color(card)
        if c == led:
            result.append(())
        elif c == trump:
            result.append((led,))
        elif c not in used:
            result.append((led,) if trump is None else (led, trump))
            trump = c
            used.add(c)
        else:  # a color already led or trump: no power; every choice was missing
            fresh = [x for x in "RGPB" if x not in used]
            result.append((led, *([trump] if trump else []), *fresh))
    return result


def trick_reasons(leader: int, cards: Sequence[Card]) -> list[str]:
    """Each card of a trick in words, with the colors its hand must have lacked, then who
    wins and what the trick is worth.

    >>> cards = [PARADOX.card(n) for n in ("R5", "B3", "P10", "B6")]
    >>> print(trick_reasons(0, cards)[1])
    B plays B3: B holds no red, so blue becomes trump.
    """
    led = color(cards[0])
    lines = [f"{SEATS[leader]} leads {cards[0]}: {COLORS[led]} is led."]
    trump: str | None = None
    used = {led}
    for i, card in enumerate(cards[1:], 1):
        seat = SEATS[next_seat(leader, i)]
        c = color(card)
        head = f"{seat} plays {card}"
        if c == led:
            lines.append(f"{head}, following {COLORS[led]}.")
        elif c == trump:
            lines.append(f"{head}: {seat} holds no {COLORS[led]}, so plays the trump, "
                         f"{COLORS[trump]}.")  # fmt: skip
        elif c not in used:
            if trump is None:
                lines.append(f"{head}: {seat} holds no {COLORS[led]}, so {COLORS[c]} becomes "
                             "trump.")  # fmt: skip
            else:
                lines.append(f"{head}: {seat} holds no {COLORS[led]} and no {COLORS[trump]} "
                             f"(the trump), so {COLORS[c]} becomes trump in place of "
                             f"{COLORS[trump]}.")  # fmt: skip
            trump = c
            used.add(c)
        else:
            assert trump is not None  # a used color other than the led one was trump
            # a discard comes fourth, after two trumps: one color at most is not yet used
            fresh = [x for x in "RGPB" if x not in used]
            missing = [f"no {COLORS[led]}", f"no {COLORS[trump]} (the trump)"]
            missing += [f"no {COLORS[x]} (the one color not yet trump)" for x in fresh]
            held = ", ".join(missing[:-1]) + " and " + missing[-1]
            lines.append(
                f"{head}: {seat} holds {held}, and {COLORS[c]} has already been "
                f"trump in this trick and cannot be again, so {card} has no power."
            )
    taker = winner(leader, cards)
    best = cards[(taker - leader) % 4]
    if trump is not None:
        lines.append(f"{COLORS[trump].capitalize()} is trump at the end of the trick: the "
                     f"highest {COLORS[trump]}, {best}, wins it for {SEATS[taker]} "
                     f"({SIDES[side_of(taker)]}'s side).")  # fmt: skip
    else:
        lines.append(f"No trump was made: the highest {COLORS[led]}, {best}, wins it for "
                     f"{SEATS[taker]} ({SIDES[side_of(taker)]}'s side).")  # fmt: skip
    worth = points(cards)
    sums = " + ".join(str(rank(c)) for c in cards)
    lines.append(f"The trick holds {worth} points ({sums}) and costs its taker "
                 f"{TRICK_COST}: net {signed(worth - TRICK_COST)} for "
                 f"{SIDES[side_of(taker)]}.")  # fmt: skip
    lines.append("A trick alone cannot show what the hands held (on the last trick any "
                 "four cards may be played): each card is legal if its hand lacked the "
                 "colors named.")  # fmt: skip
    return lines


# -- reading a round's tally -------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """One side's figures at the end of a round, as written."""

    side: int | None  # 0 (A), 1 (B), or None when not named
    tricks: int
    points: int


_TOKEN = re.compile(
    r"(?P<side>\b[ab](?:'s|s)?(?:\s+side)?\b\s*:?)"
    r"|(?P<word>tricks?|points?)\s*[:=]?\s*(?P<n1>\d+)"
    r"|(?P<n2>\d+)\s*(?P<word2>tricks?|points?)"
    r"|(?P<gap>[\s,;/]+|\band\b)",
    re.IGNORECASE,
)


def read_tally(text: str) -> list[Tally]:
    """One or two sides' tricks and points: ``tricks 5 points 104``, ``A: 5 tricks, 104
    points; B: 6 tricks, 116 points``. Each is checked against what the cards allow."""
    example = "e.g. 'tricks 5 points 104' or 'A tricks 5 points 104; B tricks 6 points 116'"
    parts: list[dict[str, int | None]] = []
    pos = 0
    while pos < len(text):
        found = _TOKEN.match(text, pos)
        if found is None or found.end() == pos:
            bad = text[pos:].split()[0] if text[pos:].split() else text[pos:]
            raise PositionError(f"{bad!r} is not part of a round's tally; write {example}")
        pos = found.end()
        if found["gap"]:
            continue
        if found["side"]:
            letter = found["side"].strip()[0].upper()
            if parts and parts[-1].get("tricks") is None and parts[-1].get("points") is None:
                raise PositionError(f"side {letter} is named twice in a row; write {example}")
            parts.append({"side": SIDES.index(letter)})
            continue
        word = (found["word"] or found["word2"]).lower().rstrip("s")
        key = "tricks" if word == "trick" else "points"
        number = int(found["n1"] or found["n2"])
        if not parts or parts[-1].get(key) is not None:
            parts.append({"side": None})
        parts[-1][key] = number
    if not parts:
        raise PositionError(f"write a round's tally, {example}")
    if len(parts) > 2:
        raise PositionError(f"a round has two sides, not {len(parts)}; write {example}")
    tallies = []
    for part in parts:
        side, tricks, won = part.get("side"), part.get("tricks"), part.get("points")
        who = f"side {SIDES[side]}" if side is not None else "a side"
        if tricks is None or won is None:
            missing = "tricks" if tricks is None else "points"
            raise PositionError(f"the tally of {who} has no {missing}; write {example}")
        _check_figures(tricks, won, who)
        tallies.append(Tally(side, tricks, won))
    if len(tallies) == 2:
        a, b = tallies
        if (a.side is None) != (b.side is None):
            raise PositionError("name both sides (A and B) or neither")
        if a.side is not None and a.side == b.side:
            raise PositionError(f"side {SIDES[a.side]} is written twice; name A and B")
        if a.side is None:
            tallies = [replace(a, side=0), replace(b, side=1)]
    return tallies


def fewest_points(tricks: int) -> int:
    """The fewest card points ``tricks`` tricks can hold: their 4 x tricks cards the lowest
    of the deck (four of each rank).

    >>> fewest_points(1), fewest_points(11), most_points(1)
    (0, 220, 40)
    """
    return 4 * sum(range(tricks))


def most_points(tricks: int) -> int:
    """The most card points ``tricks`` tricks can hold."""
    return ROUND_POINTS - fewest_points(TRICKS - tricks)


def _check_figures(tricks: int, won: int, who: str) -> None:
    if tricks > TRICKS:
        raise PositionError(f"a round has {TRICKS} tricks; {who} cannot take {tricks}")
    low, high = fewest_points(tricks), most_points(tricks)
    if not low <= won <= high:
        raise PositionError(
            f"{_tricks(tricks)} {'holds' if tricks == 1 else 'hold'} {4 * tricks} cards, "
            f"worth {low} to {high} points; "
            f"{who} cannot have {won}"
        )
