"""Shuffling, choosing the first dealer and dealing, as the 4D rulebook's general rules say.

Everything random comes from :func:`rng`, seeded by the game's seed and a label,
so the same seed always gives the same deal, and a reshuffle in the middle of a
hand is fixed by the hand's seed and how many reshuffles came before.

>>> from printables.decks import FOUR_D
>>> first_dealer(4, rng(1, "dealer"), FOUR_D.cards)[0] in range(4)
True
>>> hands, rest = deal(list(FOUR_D.cards[:10]), players=3, count=2, dealer=0)
>>> [[str(c) for c in h] for h in hands]  # the first card goes to the dealer's left
[['Bb=T', 'Bb~T'], ['Bb=S', 'Bb~S'], ['Bb=C', 'Bb~C']]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from printables.deck import Card


def rng(seed: int, *labels: object) -> random.Random:
    """A generator fixed by ``seed`` and ``labels`` (stable across runs and platforms)."""
    return random.Random(":".join(str(x) for x in (seed, *labels)))


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

    Shuffle, turn one card up, and deal one card at a time from seat 1 on until a
    player receives a card with three values in common with the turned-up card.
    """
    pack = shuffled(cards, generator)
    up = pack.pop(0)
    for i, card in enumerate(pack):
        if card.shares(up) == 3:
            seat = i % players
            return seat, f"{card} to player {seat + 1} shares three values with {up}"
    raise AssertionError("a 4D deck always holds a card sharing three values")  # pragma: no cover


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
