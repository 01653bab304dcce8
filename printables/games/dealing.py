"""Shuffling, choosing the first dealer and dealing, as the 4D rulebook's general rules
say, for any deck.

Everything random comes from :func:`rng`, seeded by the game's seed and a label, so the
same seed always gives the same deal; later hands add their number (:func:`hand_rng`),
and a reshuffle in the middle of a hand is fixed by the hand's seed and how many
reshuffles came before.

>>> from printables.cards import FOUR_D, STANDARD
>>> first_dealer(4, rng(1, "dealer"), FOUR_D.cards)[0] in range(4)
True
>>> first_dealer(3, rng(1, "dealer"), STANDARD.cards)[1]  # doctest: +ELLIPSIS
'... to player ... shares a value with ...'
>>> hands, rest = deal(list(FOUR_D.cards[:10]), players=3, count=2, dealer=0)
>>> [[str(c) for c in h] for h in hands]  # the first card goes to the dealer's left
[['Bb=T', 'Bb~T'], ['Bb=S', 'Bb~S'], ['Bb=C', 'Bb~C']]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printables.cards.deck import Card

_WORDS = ("no value", "a value", "two values", "three values", "four values")


def rng(seed: int, *labels: object) -> random.Random:
    """A generator fixed by ``seed`` and ``labels`` (stable across runs and platforms)."""
    return random.Random(":".join(str(x) for x in (seed, *labels)))


def hand_rng(seed: int, hand_number: int, label: str = "deal") -> random.Random:
    """The generator of hand ``hand_number`` (0 the first) of a game played from ``seed``.

    >>> hand_rng(7, 0).random() == rng(7, "deal").random()
    True
    """
    return rng(seed, label) if hand_number == 0 else rng(seed, label, hand_number)


def shuffled(cards: Sequence[Card], generator: random.Random) -> list[Card]:
    """A new list of ``cards`` in shuffled order (the first card is the top of the pack)."""
    pack = list(cards)
    generator.shuffle(pack)
    return pack


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) % players


def first_dealer(players: int, generator: random.Random, cards: Sequence[Card]) -> tuple[int, str]:
    """Choose the first dealer the rulebook's way, with the story of how.

    Shuffle, turn one card up, and deal one card at a time from seat 1 on until a player
    receives a card that shares every value but one with the turned-up card (three for a
    4D card; a color or a rank for PARADOX, a rank or a suit for standard cards). A card
    showing no values (a joker) is not turned up: the next one is. Should no card qualify
    (a deck too small for one), player 1 deals.
    """
    pack = shuffled(cards, generator)
    shown = next((i for i, card in enumerate(pack) if card.values), None)
    if shown is None:
        return 0, "no card shows a value; player 1 deals"
    up = pack.pop(shown)
    wanted = max(len(up.values) - 1, 0)
    for i, card in enumerate(pack):
        if card.values and card.shares(up) >= wanted:
            seat = i % players
            shared = _WORDS[wanted] if wanted < len(_WORDS) else f"{wanted} values"
            return seat, f"{card} to player {seat + 1} shares {shared} with {up}"
    return 0, f"no card shares enough values with {up}; player 1 deals"


def deal(
    pack: Sequence[Card], players: int, count: int, dealer: int
) -> tuple[list[list[Card]], list[Card]]:
    """Deal ``count`` cards to each player, one at a time, starting on the dealer's left.

    Returns the hands (by seat) and the rest of the pack, top card first.
    """
    if count * players > len(pack):
        raise ValueError(f"cannot deal {count} cards to {players} players from {len(pack)}")
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for _ in range(count):
        for step in range(1, players + 1):
            hands[left_of(dealer, players, step)].append(pack[position])
            position += 1
    return hands, list(pack[position:])
