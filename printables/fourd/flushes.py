"""Special sets of cards (4D Playing Cards rulebook, pages 1-2).

A set is *single-*, *double-* or *triple-flush* when at least one, two or
three attributes show the same value on all its cards; a triple-flush is a
pair or three cards (the fourth attribute differs on every card). A *nada* is
three cards on which every attribute shows three different values.

>>> from printables.cards import card
>>> flush_degree([card("Bb=S"), card("Bw=T"), card("Bg=C")])
2
>>> is_nada([card("BbzS"), card("Gw=C"), card("Rg~T")])
True
>>> sum(1 for _ in three_card_triple_flushes()), sum(1 for _ in nadas())
(108, 216)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from printables.cards.deck import Card, Deck, Value
from printables.cards.decks import FOUR_D
from printables.cards.errors import DuplicateCardError, SetError


def _distinct(cards: Sequence[Card]) -> Sequence[Card]:
    seen: set[Card] = set()
    for i, c in enumerate(cards, 1):
        if c in seen:
            first = cards.index(c) + 1
            raise DuplicateCardError(str(c), f"card {first}", f"card {i}")
        seen.add(c)
    return cards


def common_values(cards: Sequence[Card]) -> tuple[Value, ...]:
    """The values shown on every card of the set (the values the set "shares").

    >>> from printables.cards import card
    >>> [v.name for v in common_values([card("Gb=S"), card("Gw~S")])]
    ['green', 'square']
    """
    _distinct(cards)
    if not cards:
        return ()
    first = cards[0]
    return tuple(
        attribute.values[v]
        for position, (attribute, v) in enumerate(
            zip(first.deck.attributes, first.values, strict=True)
        )
        if all(c.values[position] == v for c in cards)
    )


def flush_degree(cards: Sequence[Card]) -> int:
    """How many attributes show one value on all the cards (0-3 for 2+ distinct 4D cards)."""
    return len(common_values(cards))


def is_single_flush(cards: Sequence[Card]) -> bool:
    """At least one value is shown on all the cards."""
    return flush_degree(cards) >= 1


def is_double_flush(cards: Sequence[Card]) -> bool:
    """At least two values are shown on all the cards (up to nine 4D cards)."""
    return flush_degree(cards) >= 2


def is_triple_flush(cards: Sequence[Card]) -> bool:
    """Two or three cards that show the same value in three attributes."""
    return len(cards) >= 2 and flush_degree(cards) >= 3


def is_triple_flush_pair(a: Card, b: Card) -> bool:
    """Two cards that share three values."""
    return a != b and a.shares(b) >= 3


def is_nada(cards: Sequence[Card]) -> bool:
    """Three cards on which every attribute shows three different values."""
    _distinct(cards)
    if len(cards) != 3:
        return False
    return all(len({c.values[i] for c in cards}) == 3 for i in range(len(cards[0].values)))


def triple_flush_pairs(cards: Sequence[Card]) -> list[tuple[Card, Card]]:
    """Every pair of cards in the set that shares three values; a card may be in several.

    >>> from printables.cards import card
    >>> len(triple_flush_pairs([card("Rg=T"), card("Rg=C"), card("Rg=S"), card("Bg=S")]))
    4
    """
    _distinct(cards)
    return [(a, b) for a, b in combinations(cards, 2) if a.shares(b) >= 3]


def _require_three_values(deck: Deck) -> None:
    if any(len(a.values) != 3 for a in deck.attributes):
        raise SetError(f"nadas need three values in every attribute; {deck.title} cards differ")


def _fixed(deck: Deck, attributes: Sequence[int], values: Sequence[int]) -> list[Card]:
    """The cards of a deck showing ``values`` in the given ``attributes``."""
    pinned = dict(zip(attributes, values, strict=True))
    return [c for c in deck if all(c.values[a] == v for a, v in pinned.items())]


def three_card_triple_flushes(deck: Deck = FOUR_D) -> Iterator[tuple[Card, ...]]:
    """Every three-card triple-flush: three values shared, the fourth attribute all
    different (108 for the 4D deck; none for a deck of fewer than four attributes)."""
    n = len(deck.attributes)
    for attributes in combinations(range(n), 3):
        sizes = [len(deck.attributes[a].values) for a in attributes]
        for values in product(*(range(s) for s in sizes)):
            cards = _fixed(deck, attributes, values)
            yield from combinations(cards, 3)


def nine_card_double_flushes(deck: Deck = FOUR_D) -> Iterator[tuple[Card, ...]]:
    """Every largest double-flush: all cards sharing two given values (54 of nine for 4D)."""
    for attributes in combinations(range(len(deck.attributes)), 2):
        sizes = [len(deck.attributes[a].values) for a in attributes]
        for values in product(*(range(s) for s in sizes)):
            yield tuple(_fixed(deck, attributes, values))


def nadas(deck: Deck = FOUR_D) -> Iterator[tuple[Card, Card, Card]]:
    """Every nada of the deck (216 for the 4D deck), each once, cards in deck order."""
    _require_three_values(deck)
    return _nadas(deck)


def _nadas(deck: Deck) -> Iterator[tuple[Card, Card, Card]]:
    cards = deck.cards
    for i, a in enumerate(cards):
        for j in range(i + 1, len(cards)):
            b = cards[j]
            if a.shares(b):
                continue
            # The third card is forced: in each attribute, the value neither shows.
            third = tuple(3 - x - y for x, y in zip(a.values, b.values, strict=True))
            c = deck.with_values(third)
            if c.index > j:
                yield a, b, c


def completes_nada(a: Card, b: Card) -> Card | None:
    """The one card that makes a nada with two cards sharing no value, else None.

    >>> from printables.cards import card
    >>> completes_nada(card("Rg=C"), card("GwzT"))
    card('Bb~S', deck='4d')
    """
    _require_three_values(a.deck)
    if a.shares(b):
        return None
    third = tuple(3 - x - y for x, y in zip(a.values, b.values, strict=True))
    return a.deck.with_values(third)


def value_counts(cards: Sequence[Card]) -> dict[Value, int]:
    """How many of the cards show each value, for every value of the deck (zeros too).

    >>> from printables.cards import FOUR_D, read_cards
    >>> counts = value_counts(read_cards("Bb=S Bw=T", FOUR_D))
    >>> [(v.name, n) for v, n in counts.items() if n]
    [('blue', 2), ('black', 1), ('white', 1), ('stripe', 2), ('square', 1), ('triangle', 1)]
    """
    if not cards:
        return {}
    deck = cards[0].deck
    counts = {v: 0 for a in deck.attributes for v in a.values}
    for c in cards:
        for v in c.shown:
            counts[v] += 1
    return counts


def disjoint_nadas(cards: Sequence[Card]) -> list[tuple[Card, Card, Card]]:
    """As many nadas as can be made from the cards with each card used once (a largest
    packing; Nada, Nada, Nada scores one point for each). Cards keep their given order.

    >>> from printables.cards import FOUR_D, read_cards
    >>> hand = read_cards("BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T", FOUR_D)
    >>> [" ".join(map(str, n)) for n in disjoint_nadas(hand)]
    ['BbzS Gw=C Rg~T', 'Rb=C BwzT Gg~S', 'Bb~S RwzC Gg=T']
    """
    _distinct(cards)
    triples = [t for t in combinations(cards, 3) if is_nada(t)]
    best: list[tuple[Card, Card, Card]] = []

    def grow(start: int, used: frozenset[Card], chosen: list[tuple[Card, Card, Card]]) -> None:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if len(chosen) + (len(cards) - len(used)) // 3 <= len(best):
            return
        for i in range(start, len(triples)):
            t = triples[i]
            if used.isdisjoint(t):
                chosen.append(t)
                grow(i + 1, used | set(t), chosen)
                chosen.pop()

    grow(0, frozenset(), [])
    return [(a, b, c) for a, b, c in best]
