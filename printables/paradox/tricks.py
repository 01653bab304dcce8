"""Costly Tricks' trick rules (PARADOX): which card a hand may play, who wins a trick, and
what a position of the round is.

Four hands sit clockwise: A, B, A's ghost, B's ghost (seats 0-3). A plays his own hand and
his ghost's, B likewise, so seats 0 and 2 are one side and 1 and 3 the other. A card is
worth its rank; each trick costs its taker 20.

A hand must, by the first rule that applies: follow the led color; else play the trump
in force, if a trump has been set in this trick; else play a color not yet trump in this
trick, which becomes the trump (replacing the old); only a hand holding none of these
plays any card, and that card has no power. The trick goes to the highest card of the
trump in force at its end, or, with no trump, to the highest card of the led color.

The book's worked trick: A leads R5, B makes blue trump with B3, A's ghost makes purple
trump with P10, and B's ghost, holding only blue, plays B6 with no power.

>>> from printables.cards.decks import PARADOX
>>> trick = [PARADOX.card(n) for n in ("R5", "B3", "P10", "B6")]
>>> trump_of(trick), SEATS[winner(0, trick)], points(trick)
('P', "A's ghost", 24)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.errors import CardNameError

SEATS = ("A", "B", "A's ghost", "B's ghost")
"""The four hands in clockwise order; seat numbers are their indexes."""
SIDES = ("A", "B")
"""The two players; seat ``s`` belongs to side ``s % 2``."""
TRICK_COST = 20
"""What each trick costs the side that takes it."""
COLORS = {"R": "red", "G": "green", "P": "purple", "B": "blue"}
ROUND_POINTS = sum(range(11)) * 4
"""All the card points of a round (220); eleven tricks cost as much."""


_SEAT_WORDS = {
    "a": 0, "b": 1, "a ghost": 2, "as ghost": 2, "ghost a": 2, "ghost of a": 2,
    "b ghost": 3, "bs ghost": 3, "ghost b": 3, "ghost of b": 3,
}  # fmt: skip
_COMPACT_SEATS = {words.replace(" ", ""): seat for words, seat in _SEAT_WORDS.items()}


def seat_named(text: str) -> int | None:
    """The seat a hand's name as written names (``A``, ``b``, ``A's ghost``, ``Aghost``,
    ``ghost of B``), or None.

    >>> seat_named("a\u2019s Ghost"), seat_named(" B "), seat_named("C")
    (2, 1, None)
    """
    words = re.sub(r"[^a-z0-9]+", " ", re.sub(r"['\u2019`]", "", text.lower())).strip()
    found = _SEAT_WORDS.get(words)
    return found if found is not None else _COMPACT_SEATS.get(words.replace(" ", ""))


class TrickPositionError(ValueError):
    """A Costly Tricks position that cannot arise; the message says what is wrong."""


def color(card: Card) -> str:
    """A card's color letter (``R``, ``G``, ``P`` or ``B``)."""
    return PARADOX.attributes[0].values[card.values[0]].symbol


def rank(card: Card) -> int:
    """A card's rank, which is also its points (0-10)."""
    return card.values[1]


def side_of(seat: int) -> int:
    """The side (0: A, 1: B) that plays ``seat``'s hand.

    >>> [SIDES[side_of(s)] for s in range(4)]
    ['A', 'B', 'A', 'B']
    """
    return seat % 2


def next_seat(seat: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise of ``seat``."""
    return (seat + steps) % 4


def points(cards: Iterable[Card]) -> int:
    """The card points of ``cards``."""
    return sum(rank(c) for c in cards)


def trump_of(trick: Sequence[Card]) -> str | None:
    """The trump in force once ``trick``'s cards (legally played, in order) are down."""
    if not trick:
        return None
    led, trump, used = color(trick[0]), None, set()
    for card in trick[1:]:
        c = color(card)
        if c != led and c != trump and c not in used:
            trump = c
            used.add(c)
    return trump


def winner(leader: int, trick: Sequence[Card]) -> int:
    """The seat that wins a complete (or partial) trick led by ``leader``: the highest
    card of the trump in force, else of the led color."""
    wanted = trump_of(trick) or color(trick[0])
    best = max((i for i, c in enumerate(trick) if color(c) == wanted), key=lambda i: rank(trick[i]))
    return next_seat(leader, best)


def duty(hand: Iterable[Card], trick: Sequence[Card]) -> tuple[str, frozenset[str]]:
    """What a hand must do now: the rule that applies (``"lead"``, ``"follow"``, ``"trump"``
    (the trump in force), ``"new trump"`` or ``"discard"`` (any card, no power)), and the
    colors it allows (empty: any card)."""
    held = {color(c) for c in hand}
    if not trick:
        return "lead", frozenset()
    led = color(trick[0])
    if led in held:
        return "follow", frozenset({led})
    trump = trump_of(trick)
    if trump is not None and trump in held:
        return "trump", frozenset({trump})
    used = {led} | {color(c) for c in trick[1:] if color(c) != led}
    fresh = frozenset(held - used)
    if fresh:
        return "new trump", fresh
    return "discard", frozenset()


def legal_cards(hand: Sequence[Card], trick: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick``, in the hand's order.

    >>> from printables.cards.decks import PARADOX
    >>> hand = [PARADOX.card(n) for n in ("G3", "P10", "P1")]
    >>> led = [PARADOX.card(n) for n in ("R5", "B3")]
    >>> [str(c) for c in legal_cards(hand, led)]  # no red, no blue: a new trump
    ['G3', 'P10', 'P1']
    """
    _, colors = duty(hand, trick)
    return tuple(hand) if not colors else tuple(c for c in hand if color(c) in colors)


def why_not(hand: Sequence[Card], trick: Sequence[Card], card: Card) -> str | None:
    """None when ``card`` may be played from ``hand`` to ``trick``; else why not, in a
    sentence a pupil understands.

    >>> from printables.cards.decks import PARADOX
    >>> hand = [PARADOX.card(n) for n in ("B8", "B3", "G2")]
    >>> why_not(hand, [PARADOX.card("R5")], PARADOX.card("G2")) is None
    True
    >>> print(why_not(hand, [PARADOX.card("R5"), PARADOX.card("B6")], PARADOX.card("G2")))
    G2 cannot be played: blue is trump in this trick and this hand holds blue (B8, B3).
    """
    if card not in hand:
        return f"{card} is not in this hand."
    rule, colors = duty(hand, trick)
    if not colors or color(card) in colors:
        return None
    have = ", ".join(str(c) for c in hand if color(c) in colors)
    if rule == "follow":
        led = COLORS[color(trick[0])]
        return f"{card} cannot be played: {led} was led and this hand holds {led} ({have})."
    if rule == "trump":
        trump = COLORS[next(iter(colors))]
        return (
            f"{card} cannot be played: {trump} is trump in this trick "
            f"and this hand holds {trump} ({have})."
        )
    named = " or ".join(COLORS[c] for c in sorted(colors, key="RGPB".index))
    return (
        f"{card} cannot be played: {COLORS[color(card)]} has already been led or trump in "
        f"this trick, and this hand must make a new trump with {named} ({have})."
    )


@dataclass(frozen=True)
class Position:
    """A moment of a Costly Tricks round: the four hands (seat order A, B, A's ghost,
    B's ghost), the seat that led the trick in progress (or leads next when it is
    empty), and the cards played to that trick, in order.

    >>> p = Position.read({"hands": [["R5"], ["B3"], ["P10"], ["B6"]], "leader": 0})
    >>> SEATS[p.to_move], p.cards_left
    ('A', 4)
    """

    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...] = ()

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return next_seat(self.leader, len(self.trick))

    @property
    def cards_left(self) -> int:
        """Cards still in hands."""
        return sum(len(h) for h in self.hands)

    @property
    def over(self) -> bool:
        """True when every card has been played."""
        return self.cards_left == 0 and not self.trick

    def legal(self) -> tuple[Card, ...]:
        """The cards the seat to move may play."""
        return legal_cards(self.hands[self.to_move], self.trick)

    def play(self, card: Card) -> tuple[Position, int | None]:
        """The position after ``card`` is played by the seat to move, and the seat that
        won the trick if this card completed it (it then leads an empty trick). An
        illegal card raises :class:`TrickPositionError` with the reason."""
        seat = self.to_move
        reason = why_not(self.hands[seat], self.trick, card)
        if reason:
            raise TrickPositionError(f"{SEATS[seat]}: {reason}")
        hands = tuple(
            tuple(c for c in h if c != card) if i == seat else h for i, h in enumerate(self.hands)
        )
        trick = (*self.trick, card)
        if len(trick) < 4:
            return Position(hands, self.leader, trick), None
        taker = winner(self.leader, trick)
        return Position(hands, taker, ()), taker

    def to_data(self) -> dict[str, Any]:
        """The position as JSON data (card names as the deck writes them)."""
        return {
            "hands": [[str(c) for c in h] for h in self.hands],
            "leader": self.leader,
            "trick": [str(c) for c in self.trick],
        }

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Position:
        """A position from JSON data (see :meth:`to_data`), checked: a position that
        cannot arise raises :class:`TrickPositionError` saying what is wrong."""
        if not isinstance(data, Mapping):
            raise TrickPositionError(
                'a position is an object: {"hands": [[...], [...], [...], [...]], '
                '"leader": 0, "trick": [...]}'
            )
        unknown = set(data) - {"hands", "leader", "trick"}
        if unknown:
            raise TrickPositionError(
                f"unknown field {sorted(unknown)[0]!r}; a position has hands, leader and trick"
            )
        hands_data = data.get("hands")
        if not isinstance(hands_data, list) or len(hands_data) != 4:
            raise TrickPositionError(
                "hands must be a list of four hands in seat order: A, B, A's ghost, B's ghost"
            )
        leader = data.get("leader")
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3:
            raise TrickPositionError(
                f"leader must be a seat number from 0 to 3 (A, B, A's ghost, B's ghost), "
                f"not {leader!r}"
            )
        hands = tuple(_cards(h, f"{SEATS[i]}'s hand") for i, h in enumerate(hands_data))
        trick = _cards(data.get("trick", []), "the trick")
        return cls.checked(hands, leader, trick)

    @classmethod
    def checked(
        cls, hands: Sequence[Sequence[Card]], leader: int, trick: Sequence[Card] = ()
    ) -> Position:
        """A position from cards, checked as :meth:`read` checks it."""
        _no_card_twice(hands, trick)
        if len(trick) > 3:
            raise TrickPositionError(
                f"the trick in progress has {len(trick)} cards; a complete trick has been "
                "taken, so at most 3 can be on the table"
            )
        played = {next_seat(leader, i) for i in range(len(trick))}
        full = {len(h) + (i in played) for i, h in enumerate(hands)}
        if len(full) != 1:
            sizes = ", ".join(f"{SEATS[i]} {len(h)}" for i, h in enumerate(hands))
            note = ", less one for each seat that has played to the trick" if trick else ""
            raise TrickPositionError(
                f"every hand must hold the same number of cards{note}; they hold {sizes}"
            )
        size = full.pop()
        if size == 0:
            raise TrickPositionError("every hand is empty; there is nothing to play")
        if size > 11:
            raise TrickPositionError(f"a hand holds at most 11 cards, not {size}")
        # Replay the trick from the hands as they were before it, to check each card.
        position = cls(
            tuple(
                (*h, *([trick[(i - leader) % 4]] if i in played else []))
                for i, h in enumerate(hands)
            ),
            leader,
        )
        for card in trick:
            try:
                position, _ = position.play(card)
            except TrickPositionError as error:
                raise TrickPositionError(f"the trick cannot have been played: {error}") from None
        return cls(tuple(tuple(h) for h in hands), leader, tuple(trick))


def _cards(names: object, where: str) -> tuple[Card, ...]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise TrickPositionError(f'{where} must be a list of card names such as "R5"')
    cards = []
    for n, name in enumerate(names, 1):
        try:
            cards.append(PARADOX.card(name))
        except CardNameError as error:
            raise TrickPositionError(f"{where}, card {n}: {error}") from None
    return tuple(cards)


def _no_card_twice(hands: Sequence[Sequence[Card]], trick: Sequence[Card]) -> None:
    where: dict[Card, str] = {}
    places = [(f"{SEATS[i]}'s hand", h) for i, h in enumerate(hands)] + [("the trick", trick)]
    for place, cards in places:
        for card in cards:
            if card in where:
                twice = place if where[card] == place else f"{where[card]} and {place}"
                raise TrickPositionError(f"{card} appears twice ({twice}); the deck has one")
            where[card] = place
