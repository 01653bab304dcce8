"""What the Challenge questions share: the kind's key and questions, ciphers of the whole
deck (values substituted, attributes in any order), and answers read as groups of cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D

KEY = "challenge"
LAYOUT, SPLIT, PAIR_FREE = "layout", "split", "pair-free"


@dataclass(frozen=True)
class Substitution:
    """A cipher of the whole deck: a card's attribute ``k`` becomes attribute
    ``places[k]``, its value ``v`` there becoming value ``values[k][v]``.

    >>> from printables.cards import card
    >>> str(Substitution((1, 0, 2, 3), ((1, 0, 2),) * 4)(card("Bw=S")))
    'Rg~C'
    """

    places: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]

    @classmethod
    def random(cls, rng: random.Random) -> Substitution:
        places = tuple(rng.sample(range(4), 4))
        return cls(places, tuple(tuple(rng.sample(range(3), 3)) for _ in range(4)))

    def __call__(self, card: Card) -> Card:
        out = [0, 0, 0, 0]
        for k, v in enumerate(card.values):
            out[self.places[k]] = self.values[k][v]
        return FOUR_D.with_values(tuple(out))

    def words(self, cards: Sequence[Card]) -> str:
        """The substitution of the values ``cards`` show, in words."""
        parts = []
        for k, attribute in enumerate(FOUR_D.attributes):
            target = FOUR_D.attributes[self.places[k]]
            shown = sorted({c.values[k] for c in cards})
            maps = ", ".join(
                f"{attribute.values[v].name} to {target.values[self.values[k][v]].name}"
                for v in shown
            )
            head = attribute.name if target is attribute else f"{attribute.name} as {target.name}"
            parts.append(f"{head} ({maps})")
        return "; ".join(parts)
