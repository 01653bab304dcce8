"""Costly Tricks in words (PARADOX): hands laid out, the rule a hand plays by, a trick
told card by card, a line of play trick by trick. Shared by the problems, their keys and
the checking page.

>>> from printables.cards.decks import PARADOX
>>> trick = [PARADOX.card(n) for n in ("R5", "B3", "P10", "B6")]
>>> print(taken_sentence(0, trick))
P10, the highest purple, the trump, wins: A's ghost takes 24 points, net +4 for A.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from printables.cards.deck import Card
from printables.cards.wording import or_list, signed
from printables.paradox.tricks import (
    COLORS,
    SEATS,
    SIDES,
    TRICK_COST,
    Position,
    color,
    duty,
    legal_cards,
    next_seat,
    points,
    rank,
    side_of,
    trump_of,
    winner,
)

_SUIT_ORDER = "RGPB"


def hand_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards as a hand is laid out: by color (red, green, purple, blue), high to low."""
    return tuple(sorted(cards, key=lambda c: (_SUIT_ORDER.index(color(c)), -rank(c))))


def card_list(cards: Sequence[Card]) -> str:
    """``"R10, R5 and G4"``."""
    words = [str(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def side_name(seat: int) -> str:
    """The player whose side a seat is on: ``"A"`` or ``"B"``."""
    return SIDES[side_of(seat)]


def rule_sentence(seat: int, hand: Sequence[Card], trick: Sequence[Card]) -> str:
    """Why ``seat`` may play what it may, in a sentence."""
    who = SEATS[seat]
    allowed = hand_order(legal_cards(hand, trick))
    rule, _ = duty(hand, trick)
    if rule == "lead":
        return f"{who} leads: any card may be led."
    led = COLORS[color(trick[0])]
    if rule == "follow":
        must = f"{who} must follow with {_one_of(allowed)}"
        return f"{led.capitalize()} was led and {who} holds {led}: {must}."
    trump = trump_of(trick)
    if rule == "trump":
        assert trump is not None
        return (
            f"{who} holds no {led}, and {COLORS[trump]} is trump in this trick: {who} must "
            f"play trump, {_one_of(allowed)}."
        )
    used = sorted({color(c) for c in trick}, key=_SUIT_ORDER.index)
    used_words = or_list([COLORS[c] for c in used])
    if rule == "new trump":
        return (
            f"{who} holds no {led}{_no_trump(trump)}: {who} must make a new trump, a color "
            f"not yet led or trump in this trick (not {used_words}): {_one_of(allowed)}."
        )
    return (
        f"{who} holds no {led}{_no_trump(trump)}, and only colors already led or trump in "
        f"this trick: {who} may play any card, and it has no power."
    )


def _no_trump(trump: str | None) -> str:
    return "" if trump is None else f" and no {COLORS[trump]} (the trump)"


def _one_of(cards: Sequence[Card]) -> str:
    return str(cards[0]) if len(cards) == 1 else "one of " + card_list(cards)


def trick_story(leader: int, trick: Sequence[Card]) -> tuple[str, ...]:
    """How a whole trick went, card by card, and who took it, in sentences."""
    told: list[str] = []
    for k, card in enumerate(trick):
        seat = next_seat(leader, k)
        who, before = SEATS[seat], trick[:k]
        name = COLORS[color(card)]
        if k == 0:
            told.append(f"{who} leads {card}: {name} is led.")
            continue
        led = COLORS[color(trick[0])]
        trump = trump_of(before)
        now = trump_of(trick[: k + 1])
        if color(card) == color(trick[0]):
            told.append(f"{who} follows with {card}.")
        elif trump is not None and color(card) == trump:
            told.append(f"{who} has no {led} and plays {card}, a trump.")
        elif now == color(card) and now != trump:
            replaced = "" if trump is None else f" in place of {COLORS[trump]}"
            told.append(
                f"{who} has no {led}{_no_trump(trump)}: {card} makes {name} trump{replaced}."
            )
        else:
            told.append(
                f"{who} holds only colors already led or trump in this trick: {card} has no power."
            )
    told.append(taken_sentence(leader, trick))
    return tuple(told)


def taken_sentence(leader: int, trick: Sequence[Card]) -> str:
    """Who takes a whole trick and what it is worth: ``"P10, the highest purple, wins:
    A's ghost takes 24 points, net +4 for A."``."""
    taker = winner(leader, trick)
    card = trick[(taker - leader) % 4]
    trump = trump_of(trick)
    wanted = COLORS[trump or color(trick[0])]
    how = f"the highest {wanted}" + (", the trump," if trump else ", the led color,")
    worth = points(trick)
    return (
        f"{card}, {how} wins: {SEATS[taker]} takes {worth} points, net "
        f"{signed(worth - TRICK_COST)} for {side_name(taker)}."
    )


def line_sentences(position: Position, line: Sequence[Card]) -> tuple[str, ...]:
    """A line of play to the end, a sentence a trick: ``"Trick 1: A R5, B B3, A's ghost P10,
    B's ghost B6; A's ghost takes 24 (net +4 for A)."``."""
    told: list[str] = []
    number = 1
    played = [(next_seat(position.leader, k), c) for k, c in enumerate(position.trick)]
    shown = len(played)
    for card in line:
        seat = position.to_move
        position, taker = position.play(card)
        played.append((seat, card))
        if taker is None:
            continue
        cards = ", ".join(f"{SEATS[s]} {c}" for s, c in played)
        already = " (the trick on the table)" if shown else ""
        worth = sum(rank(c) for _, c in played)
        told.append(
            f"Trick {number}{already}: {cards}; {SEATS[taker]} takes {worth} "
            f"(net {signed(worth - TRICK_COST)} for {side_name(taker)})."
        )
        played, shown, number = [], 0, number + 1
    return tuple(told)


def running_nets(position: Position, line: Sequence[Card], side: int) -> list[int]:
    """After each trick of ``line`` (played from ``position``), the net ``side`` has made
    since ``position``, the trick in progress's cards included."""
    nets: list[int] = []
    net = 0
    trick_points = points(position.trick)
    for card in line:
        position, taker = position.play(card)
        trick_points += rank(card)
        if taker is not None:
            if side_of(taker) == side:
                net += trick_points - TRICK_COST
            nets.append(net)
            trick_points = 0
    return nets
