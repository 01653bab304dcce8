"""Buddy on your Left (PARADOX): each player's score is his own plus his left neighbour's.

Three players, each with a colored set 1 to 10 (the 0s are out), laid out face up: a game
of complete information. The first player of a round plays the first card; play goes on
clockwise, one card a turn, without a break (this is not a trick-taking game). The first
card on an empty table is the *lead card*; every later card must be higher or lower than
it, never equal, except that a player holding nothing higher may play an equal card,
which then counts as higher. A higher card *sweeps*: its player takes every card on the
table, and the player on his left leads the next sequence. A lead card that is the only
highest card left among the cards still in hand (the leader's own included) has power 0,
so the next card sweeps it, whatever it is; it keeps its points. Cards left on the table
when the last card is played go to the round's first player.

Cards 1 to 6 score their number, 7 to 10 nothing: a round's own points add up to 63. A
player's round total is his own points plus those of his left neighbour (the next player
clockwise). The highest total takes 3 chips and the next 1; two tied highest take 2
each, three tied 1 each, and two tied second 1 each. The winner of a round plays first
in the next; 7 chips win the game, and when two reach 7 together the one with more
chips wins (equal: play on).

The project's readings (shared rules notes and docs/rules-notes.md, PARADOX): the sets
go to the seats red, green, purple unless the option ``colors`` says otherwise; the
first player of the first round is drawn by lot from the seed; a tie for the highest
total passes the first card to the tied winner nearest the left of the round's first
player; a round's :class:`~printables.games.base.Outcome` scores the chips it gives
(the totals are in its reasons), so a whole game adds them up to the 7 that win; players
level at the top with 7 or more play on. Nobody deals: the kit's ``dealer`` is the round's
first player. The book's "the player left of him" (of the last card's player) is the
round's first player, as the notes say; and since a last card played on an open sequence
always sweeps, only a last card led on an empty table is ever left to him. Swept cards
are all shown (the book turns the valueless ones down only so that the points show).

>>> from printables.cards import PARADOX
>>> state = GAME.setup(3, seed=1)
>>> state.first, [str(m) for m in GAME.legal_moves(state)][:3]
(2, ['play P1', 'play P2', 'play P3'])
>>> state = GAME.apply(state, Play(PARADOX.card("P5")))
>>> print(GAME.why_illegal(state, Play(PARADOX.card("R5"))))  # doctest: +NORMALIZE_WHITESPACE
R5 is equal to the lead card P5; an equal card may be played only by a player holding
nothing higher, and you hold R6.
>>> chips_for((52, 51, 23)), round_totals((12, 40, 11))
((3, 1, 0), (52, 51, 23))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.errors import NotationError
from printables.cards.reading import read_cards
from printables.cards.wording import names
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Zone,
    replaced,
    seat_name,
)
from printables.games.dealing import left_of, rng
from printables.games.paradox import ParadoxGame

PLAYERS = 3
ROUND_POINTS = 63
"""Own points of a round: 1 to 6 of each of the three sets, 3 x 21."""
COLOR_NAMES = {v.symbol: v.name for v in PARADOX.attributes[0].values}


@dataclass(frozen=True)
class BuddyOptions:
    colors: str = field(
        default="RGP", metadata={"help": "each seat's colored set, player 1 first: three of "
                                 "R, G, P, B (the book: each player chooses a set)"})  # fmt: skip
    target: int = field(default=7, metadata={"help": "chips that win the game (the book: 7)"})

    def __post_init__(self) -> None:
        colors = self.colors.upper()
        if len(colors) != PLAYERS or len(set(colors)) != PLAYERS or set(colors) - set("RGPB"):
            raise OptionError(
                f"colors must be three different colors of R, G, P and B, one a seat "
                f"(e.g. RGP), not {self.colors!r}"
            )
        object.__setattr__(self, "colors", colors)
        if not 1 <= self.target <= 100:
            raise OptionError(f"target must be 1 to 100 chips, not {self.target}")


@dataclass(frozen=True)
class Play:
    """Play ``card`` from your own set onto the table."""

    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class BuddyState:
    options: BuddyOptions
    seed: int
    first: int  # the round's first player (the kit's dealer: nobody deals)
    hands: tuple[tuple[Card, ...], ...]  # each seat's cards still in hand, face up
    table: tuple[Card, ...]  # the sequence on the table, the lead card first
    swept: tuple[tuple[Card, ...], ...]  # each seat's swept cards
    turn: int
    chips: tuple[int, ...] = (0, 0, 0)  # chips won in the earlier rounds
    leftover: tuple[Card, ...] = ()  # cards left on the table at the end (to the first player)
    hand_number: int = 0

    @property
    def dealer(self) -> int:
        """The seat that starts the round (what the game kit calls the dealer)."""
        return self.first

    @property
    def over(self) -> bool:
        return not any(self.hands)


# -- cards ------------------------------------------------------------------------------


def rank(card: Card) -> int:
    """A card's number, its capturing power.

    >>> rank(PARADOX.card("P10"))
    10
    """
    return card.values[1]


def points(cards: Iterable[Card]) -> int:
    """The points of ``cards``: 1 to 6 score their number, 7 to 10 nothing.

    >>> points(PARADOX.card(n) for n in ("R6", "G1", "B7", "P10"))
    7
    """
    return sum(rank(c) for c in cards if rank(c) <= 6)


@cache
def color_set(color: str) -> tuple[Card, ...]:
    """A colored set 1 to 10, laid out in order (``color`` is R, G, P or B)."""
    return tuple(PARADOX.card(f"{color}{n}") for n in range(1, 11))


def color_name(card: Card) -> str:
    return card.value("color").name


# -- the rule of play -------------------------------------------------------------------


def lead_power(table: Sequence[Card], hands: Iterable[Sequence[Card]]) -> int:
    """The power of the lead card ``table[0]``: its number, or 0 when it is the only highest
    card left, no card still in hand (the leader's own included) being as high.

    A sequence keeps its lead's power: a card as high as the lead always sweeps, so the
    cards still in hand that are as high stay the same until the table is swept.

    >>> r9, g8 = PARADOX.card("R9"), PARADOX.card("G8")
    >>> lead_power([r9], [[g8], [PARADOX.card("P9")]]), lead_power([r9], [[g8], []])
    (9, 0)
    """
    lead = rank(table[0])
    held = (rank(c) for hand in hands for c in hand)
    return lead if any(r >= lead for r in held) else 0


def why_illegal_card(
    card: Card, table: Sequence[Card], power: int, hand: Sequence[Card]
) -> str | None:
    """Why ``card`` from ``hand`` may not follow the lead card (None when it may): a card
    must be higher or lower than the lead, and only a player holding nothing higher may
    play an equal one."""
    if not table or power == 0 or rank(card) != power:
        return None
    higher = [c for c in hand if rank(c) > power]
    if not higher:
        return None
    return (f"{card} is equal to the lead card {table[0]}; an equal card may be played only "
            f"by a player holding nothing higher, and you hold {higher[0]}.")  # fmt: skip


def sweeps(card: Card, power: int) -> bool:
    """Whether a legal ``card`` played after a lead of ``power`` sweeps the table (an equal
    card, allowed only to a player holding nothing higher, counts as higher)."""
    return rank(card) >= power


# -- scoring ----------------------------------------------------------------------------


def round_totals(own: Sequence[int]) -> tuple[int, ...]:
    """Each seat's total: its own points plus its left neighbour's (the next clockwise).

    >>> round_totals([12, 40, 11])  # the book's example
    (52, 51, 23)
    """
    return tuple(own[s] + own[left_of(s, len(own))] for s in range(len(own)))


def chips_for(totals: Sequence[int]) -> tuple[int, ...]:
    """The chips a round's totals give: highest 3, next 1; two tied highest 2 each; three
    tied 1 each; two tied second 1 each.

    >>> chips_for([46, 46, 34]), chips_for([42, 42, 42]), chips_for([50, 38, 38])
    ((2, 2, 0), (1, 1, 1), (3, 1, 1))
    """
    best = max(totals)
    top = [s for s, t in enumerate(totals) if t == best]
    if len(top) > 1:
        each = 2 if len(top) == 2 else 1
        return tuple(each if s in top else 0 for s in range(len(totals)))
    second = max(t for s, t in enumerate(totals) if s not in top)
    return tuple(3 if s in top else int(t == second) for s, t in enumerate(totals))


def round_winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest total."""
    return tuple(s for s, t in enumerate(totals) if t == max(totals))


def next_first(first: int, totals: Sequence[int]) -> int:
    """Who plays first in the next round: the round's winner; of tied winners, the one
    nearest the left of this round's first player.

    >>> next_first(0, [52, 51, 23]), next_first(0, [46, 34, 46]), next_first(1, [42, 42, 42])
    (0, 2, 2)
    """
    winners = round_winners(totals)
    order = [left_of(first, len(totals), k) for k in range(1, len(totals) + 1)]
    return next(s for s in order if s in winners)


def next_first_reason(first: int, totals: Sequence[int]) -> str:
    """Who plays first in the next round, and why, in a sentence.

    >>> print(next_first_reason(0, [46, 34, 46]))  # doctest: +NORMALIZE_WHITESPACE
    Players 1 and 3 tie for the win; player 3, the nearer to the left of player 1 (who
    played first this round), plays first in the next.
    """
    winners, seat = round_winners(totals), next_first(first, totals)
    if len(winners) == 1:
        return f"{seat_name(seat).capitalize()} won the round and plays first in the next."
    where = "on the left" if len(winners) == PLAYERS else "the nearer to the left"
    return (
        f"{_seats(winners).capitalize()} tie for the win; {seat_name(seat)}, {where} of "
        f"{seat_name(first)} (who played first this round), plays first in the next."
    )


def _seats(seats: Sequence[int]) -> str:
    """ "player 1", "players 1 and 3" or "all three players"."""
    if len(seats) == 1:
        return seat_name(seats[0])
    if len(seats) == PLAYERS:
        return "all three players"
    return f"players {seats[0] + 1} and {seats[1] + 1}"


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def chips_reason(totals: Sequence[int]) -> str:
    """The chips of a round, in a sentence.

    >>> chips_reason([52, 51, 23])
    'Player 1 has the highest total (52) and takes 3 chips; player 2 is next (51) and takes 1 chip.'
    """
    chips = chips_for(totals)
    top = round_winners(totals)
    if len(top) == PLAYERS:
        return f"All three totals are {totals[0]}: a three-way tie, 1 chip each."
    if len(top) == 2:
        return (f"{_seats(top).capitalize()} tie for the highest total ({totals[top[0]]}) "
                "and take 2 chips each.")  # fmt: skip
    second = [s for s, n in enumerate(chips) if n == 1]
    winner = seat_name(top[0]).capitalize()
    text = f"{winner} has the highest total ({totals[top[0]]}) and takes 3 chips"
    if len(second) == 2:
        return f"{text}; {_seats(second)} tie for next ({totals[second[0]]}) and take 1 chip each."
    return f"{text}; {seat_name(second[0])} is next ({totals[second[0]]}) and takes 1 chip."


def score_reasons(own: Sequence[int]) -> list[str]:
    """The reasons of a round's score: own points, totals and chips."""
    totals = round_totals(own)
    each = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(own))
    sums = ", ".join(
        f"{seat_name(s)} {t} ({own[s]} + {own[left_of(s, len(own))]})" for s, t in enumerate(totals)
    )
    return [f"Own points: {each} ({sum(own)} in all).",
            f"Totals, own points plus the left neighbour's: {sums}.",
            chips_reason(totals)]  # fmt: skip


# -- the game ---------------------------------------------------------------------------


class BuddyOnYourLeft(ParadoxGame[BuddyState, Play, BuddyOptions]):
    key = "buddy-on-your-left"
    title = "Buddy on your Left"
    summary = ("Play higher or lower than the lead card and sweep the table; "
               "your score is your own plus your left neighbour's.")  # fmt: skip
    players = (PLAYERS, PLAYERS)
    move_types = (Play,)
    options_type = BuddyOptions
    position_help = (
        "the three players' own points, player 1 first (e.g. '12 40 11'), or the cards "
        "each player swept, players separated by '/' (e.g. 'R1 R6 G2 / P5 P10 / G3 R4')"
    )

    def first_dealer(self, players: int, seed: int) -> int:
        """The first player of the first round, chosen by lot (fixed by ``seed``)."""
        return rng(seed, "lot").randrange(players)

    def deal(
        self, players: int, seed: int, dealer: int, options: BuddyOptions, hand_number: int
    ) -> BuddyState:
        """Round ``hand_number``: each player lays out his set; ``dealer`` plays first."""
        return _round(options, seed, dealer, hand_number, (0,) * players)

    def next_hand(self, state: BuddyState) -> BuddyState:
        """The next round: the winner plays first, and the chips won so far carry over. A
        round not over, or a game already won, raises :class:`PositionError`."""
        outcome = self.outcome(state)
        if outcome is None:
            raise PositionError("the round is not over yet; play it out before the next round")
        chips = tuple(a + b for a, b in zip(state.chips, outcome.scores, strict=True))
        ended = self.match_outcome(chips, state.hand_number + 1, state.options)
        if ended is not None:
            raise PositionError(f"the game is over: {ended.reasons[0]}")
        first = next_first(state.first, round_totals(own_points(state)))
        return _round(state.options, state.seed, first, state.hand_number + 1, chips)

    # -- the interface ---------------------------------------------------------------

    def to_move(self, state: BuddyState) -> int | None:
        return None if state.over else state.turn

    def candidate_moves(self, state: BuddyState) -> Iterable[Play]:
        return (Play(c) for c in state.hands[state.turn])

    def why_illegal(self, state: BuddyState, move: Play) -> str | None:
        hand = state.hands[state.turn]
        if move.card not in hand:
            return self._not_in_hand(state, move.card)
        power = lead_power(state.table, state.hands) if state.table else 0
        return why_illegal_card(move.card, state.table, power, hand)

    def _not_in_hand(self, state: BuddyState, card: Card) -> str:
        mover = seat_name(state.turn)
        own = COLOR_NAMES[state.options.colors[state.turn]]
        owner = next((s for s, h in enumerate(state.hands) if card in h), None)
        if owner is not None:
            return (f"{card} is in {seat_name(owner)}'s hand; {mover} plays only from "
                    f"the {own} set.")  # fmt: skip
        if any(card in pile for pile in (state.table, state.leftover, *state.swept)):
            return f"{card} has been played already."
        return f"{card} is not one of this round's cards; {mover} plays from the {own} set."

    def _apply(self, state: BuddyState, move: Play) -> BuddyState:
        seat, card = state.turn, move.card
        hands = replaced(state.hands, seat, tuple(c for c in state.hands[seat] if c != card))
        table, swept = (*state.table, card), state.swept
        if state.table and sweeps(card, lead_power(state.table, state.hands)):
            swept = replaced(swept, seat, (*swept[seat], *table))
            table = ()
        state = replace(state, hands=hands, table=table, swept=swept,
                        turn=left_of(seat, len(hands)))  # fmt: skip
        if state.over and table:  # the last card did not sweep: the first player takes them
            first = state.first
            swept = replaced(swept, first, (*swept[first], *table))
            state = replace(state, table=(), swept=swept, leftover=table)
        return state

    def zones(self, state: BuddyState) -> tuple[Zone, ...]:
        hands = tuple(Zone("hand", h, s, "all") for s, h in enumerate(state.hands))
        swept = tuple(Zone("swept", p, s, "all") for s, p in enumerate(state.swept))
        return (*hands, Zone("table", state.table), *swept)

    def outcome(self, state: BuddyState) -> Outcome | None:
        if not state.over:
            return None
        own = own_points(state)
        totals = round_totals(own)
        chips = chips_for(totals)
        reasons = score_reasons(own)
        if state.leftover:
            reasons.insert(0, _leftover_reason(state))
        after = [a + b for a, b in zip(state.chips, chips, strict=True)]
        held = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(after))
        reasons.append(f"Chips after this round: {held}.")
        ended = self.match_outcome(after, state.hand_number + 1, state.options)
        reasons.append(ended.reasons[0] if ended else next_first_reason(state.first, totals))
        return Outcome(round_winners(totals), chips, tuple(reasons))

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: BuddyOptions | None = None
    ) -> Outcome | None:
        """The game ends when a player has the target chips (7) and more than anyone else;
        ``totals`` are each seat's chips. Two level at the top, 7 or more, play on."""
        target = (options or BuddyOptions()).target
        most = max(totals)
        leaders = [s for s, n in enumerate(totals) if n == most]
        if most < target or len(leaders) > 1:
            return None
        winner = leaders[0]
        held = [s for s, n in enumerate(totals) if n >= target]
        why = f"After {hands} round{'s' * (hands != 1)}, "
        if len(held) == 1:
            why += f"{seat_name(winner)} has {_chips(most)}, the {target} that win"
        else:
            counts = " and ".join(str(totals[s]) for s in held)
            if len(held) == PLAYERS:
                counts = f"{totals[0]}, {totals[1]} and {totals[2]}"
            why += (f"{_seats(held)} have {target} chips or more ({counts}); "
                    f"{seat_name(winner)} has the most")  # fmt: skip
        return Outcome((winner,), tuple(totals), (f"{why}, and wins the game.",))

    def invariants(self, state: BuddyState) -> list[str]:
        broken = []
        held = points(c for pile in (*state.hands, state.table, *state.swept) for c in pile)
        if held != ROUND_POINTS:
            broken.append(f"the cards hold {held} points, not the round's {ROUND_POINTS}")
        for seat, hand in enumerate(state.hands):
            own = color_set(state.options.colors[seat])
            wrong = [c for c in hand if c not in own]
            if wrong:
                broken.append(f"{seat_name(seat)} holds {names(wrong)}, not of the own set")
        played = 10 * len(state.hands) - sum(len(h) for h in state.hands)
        if state.turn != left_of(state.first, len(state.hands), played):
            broken.append(f"{seat_name(state.turn)} is to move out of turn after {played} cards")
        if len(state.table) > 1:
            power = lead_power(state.table, state.hands)
            if any(sweeps(c, power) for c in state.table[1:]):
                broken.append(f"the table {names(state.table)} holds a card that should have swept")
        if state.over and state.table:
            broken.append("the round is over but cards are still on the table")
        return broken

    # -- a written round -----------------------------------------------------------------

    def score_position(self, text: str, options: BuddyOptions | None = None) -> Scored:
        """Score a round written as the three own points ('12 40 11') or the cards each
        player swept ('R1 R6 / G2 / P5'), player 1 first."""
        options = options or BuddyOptions()
        if not text.strip():
            raise PositionError(f"Nothing to score; write {self.position_help}.")
        groups = [g.strip() for g in text.split("/")] if "/" in text else [text.strip()]
        if all(_NUMBERS.fullmatch(g) for g in groups):
            return self._score_numbers(_numbers(" ".join(groups)))
        if len(groups) != PLAYERS:
            raise PositionError(
                "Write the three players' own points (e.g. '12 40 11'), or the cards each "
                f"player swept with the three players separated by '/'; found {len(groups)} "
                f"part{'s' * (len(groups) != 1)}."
            )
        if any(g and _NUMBERS.fullmatch(g) for g in groups):
            raise PositionError("Write either three numbers or three players' cards, not both.")
        return self._score_cards(_swept_cards(groups, options), options)

    def _score_numbers(self, own: list[int]) -> Scored:
        return self._scored(own, [], {"own": own})

    def _score_cards(self, piles: list[list[Card]], options: BuddyOptions) -> Scored:
        own = [points(p) for p in piles]
        reasons = [f"{seat_name(s).capitalize()} swept {names(p) or 'nothing'}: "
                   f"{_points(own[s])}." for s, p in enumerate(piles)]  # fmt: skip
        given = {c for p in piles for c in p}
        missing = [c for c in _point_cards(options) if c not in given]
        complete = not missing
        if missing:
            lost = _points(points(missing))
            reasons.append(f"Not a whole round: {names(missing)} ({lost}) are missing, so "
                           f"the cards hold {sum(own)} of the round's {ROUND_POINTS} points; "
                           "the totals are for the cards given.")  # fmt: skip
        details = {"own": own, "cards": [[str(c) for c in p] for p in piles], "complete": complete}
        return self._scored(own, reasons, details)

    def _scored(self, own: list[int], first: list[str], details: dict[str, object]) -> Scored:
        totals = round_totals(own)
        chips = chips_for(totals)
        winners = round_winners(totals)
        verb = "wins" if len(winners) == 1 else "tie for the win"
        summary = (f"{_seats(winners)} {verb}: totals {', '.join(map(str, totals))}; "
                   f"chips {', '.join(map(str, chips))}")  # fmt: skip
        details = {**details, "totals": list(totals), "chips": list(chips),
                   "winners": list(winners)}  # fmt: skip
        return Scored(self.title, None, summary[:1].upper() + summary[1:],
                      (*first, *score_reasons(own)), details)  # fmt: skip


def _leftover_reason(state: BuddyState) -> str:
    left = state.leftover
    what = f"the card left on the table, {left[0]}, goes" if len(left) == 1 else (
        f"the cards left on the table, {names(left)}, go")  # fmt: skip
    return (f"The last card did not sweep: {what} to {seat_name(state.first)}, "
            "the round's first player.")  # fmt: skip


def own_points(state: BuddyState) -> tuple[int, ...]:
    """Each seat's own points: the points of the cards it swept."""
    return tuple(points(p) for p in state.swept)


def _round(
    options: BuddyOptions, seed: int, first: int, hand_number: int, chips: tuple[int, ...]
) -> BuddyState:
    """A round's start: every set laid out in its owner's hand, ``first`` to play."""
    hands = tuple(color_set(c) for c in options.colors)
    return BuddyState(options=options, seed=seed, first=first, hands=hands, table=(),
                      swept=((),) * PLAYERS, turn=first, chips=chips,
                      hand_number=hand_number)  # fmt: skip


# -- reading a written round ------------------------------------------------------------

_NUMBERS = re.compile(r"[\s,;]*-?\d+([\s,;]+-?\d+)*[\s,;]*")


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _numbers(text: str) -> list[int]:
    """Three own points, each 0 to 63, adding up to 63."""
    own = [int(n) for n in re.split(r"[\s,;]+", text.strip(" \t\n,;"))]
    if len(own) != PLAYERS:
        raise PositionError(f"Write three own points, player 1 first (e.g. '12 40 11'), "
                            f"not {len(own)} number{'s' * (len(own) != 1)}.")  # fmt: skip
    bad = [n for n in own if not 0 <= n <= ROUND_POINTS]
    if bad:
        raise PositionError(f"Own points are 0 to {ROUND_POINTS}; {bad[0]} cannot be a player's.")
    if sum(own) != ROUND_POINTS:
        raise PositionError(
            f"The own points {own[0]}, {own[1]} and {own[2]} add up to {sum(own)}, but a "
            f"round's always add up to {ROUND_POINTS} (1 to 6 of each of the three sets)."
        )
    return own


def _swept_cards(groups: Sequence[str], options: BuddyOptions) -> list[list[Card]]:
    """Each player's swept cards, checked: of the round's sets, each card once."""
    piles: list[list[Card]] = []
    owner: dict[Card, int] = {}
    for seat, group in enumerate(groups):
        try:
            pile = read_cards(group, PARADOX)
        except NotationError as error:
            raise PositionError(f"{seat_name(seat).capitalize()}'s cards: {error}.") from None
        for card in pile:
            _check_round_card(card, options)
            if card in owner:
                raise PositionError(f"{card} is written for {seat_name(owner[card])} and "
                                    f"{seat_name(seat)}; each card is swept once.")  # fmt: skip
            owner[card] = seat
        piles.append(pile)
    return piles


def _check_round_card(card: Card, options: BuddyOptions) -> None:
    if rank(card) == 0:
        raise PositionError(f"{card}: the 0s are left out of Buddy on your Left.")
    if card.value("color").symbol not in options.colors:
        sets = ", ".join(COLOR_NAMES[c] for c in options.colors[:-1])
        raise PositionError(
            f"{card} is {color_name(card)}, but the round is played with the {sets} and "
            f"{COLOR_NAMES[options.colors[-1]]} sets (option colors={options.colors})."
        )


def _point_cards(options: BuddyOptions) -> list[Card]:
    """The round's cards that score: 1 to 6 of its three sets, in seat order."""
    return [c for color in options.colors for c in color_set(color) if rank(c) <= 6]


GAME = BuddyOnYourLeft()
