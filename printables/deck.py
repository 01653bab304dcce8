"""Cards and decks: a card is a value, a deck is data.

A :class:`Deck` is a list of attributes (for the 4D deck: color, shade,
pattern, shape), each with its values; the deck holds one card for every
combination. A card's name is the symbols of its values in attribute order,
and :meth:`Deck.card` reads a name back:

>>> from printables.decks import FOUR_D
>>> card = FOUR_D.card("Bb=S")
>>> str(card), card.value("shape").name
('Bb=S', 'square')
>>> card
card('Bb=S')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import product

from printables.errors import CardNameError

WHITESPACE = " \t"


@dataclass(frozen=True)
class Value:
    """One value of an attribute, such as blue (``B``) for color."""

    attribute: str
    name: str
    symbol: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Attribute:
    """An attribute of a deck's cards and its values, in the deck's order."""

    name: str
    values: tuple[Value, ...]

    @classmethod
    def of(cls, name: str, values: Sequence[tuple[str, str]]) -> Attribute:
        """Build an attribute from ``(value name, symbol)`` pairs."""
        return cls(name, tuple(Value(name, value, symbol) for value, symbol in values))

    def expected(self) -> str:
        """The symbols as a list a person reads: ``"b, g or w"``.

        >>> Attribute.of("shade", [("black", "b"), ("gray", "g"), ("white", "w")]).expected()
        'b, g or w'
        """
        symbols = [v.symbol for v in self.values]
        return ", ".join(symbols[:-1]) + " or " + symbols[-1]

    def by_symbol(self, symbol: str) -> Value | None:
        for value in self.values:
            if value.symbol == symbol:
                return value
        return None


@dataclass(frozen=True, slots=True)
class Card:
    """A card of a deck: the index of its value in each attribute.

    Cards compare equal when they are the same card of the same deck.
    """

    deck: Deck = field(repr=False)
    values: tuple[int, ...]
    # Cards are hashed constantly (sets, counters, dict keys): hash once.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.deck.key, self.values)))

    def __hash__(self) -> int:
        return self._hash

    @property
    def index(self) -> int:
        """The card's position in its deck's order (0-based)."""
        return self.deck.index_of(self.values)

    @property
    def shown(self) -> tuple[Value, ...]:
        """The values the card shows, one per attribute."""
        return tuple(a.values[v] for a, v in zip(self.deck.attributes, self.values, strict=True))

    def value(self, attribute: str) -> Value:
        """The card's value of the named attribute.

        >>> from printables.decks import FOUR_D
        >>> FOUR_D.card("GwzC").value("pattern").name
        'zigzag'
        """
        position = self.deck.attribute_position(attribute)
        return self.deck.attributes[position].values[self.values[position]]

    def shared_with(self, other: Card) -> tuple[Value, ...]:
        """The values both cards show.

        >>> from printables.decks import FOUR_D
        >>> [v.name for v in FOUR_D.card("Bb=S").shared_with(FOUR_D.card("Bw=T"))]
        ['blue', 'stripe']
        """
        return tuple(
            a.values[x]
            for a, x, y in zip(self.deck.attributes, self.values, other.values, strict=True)
            if x == y
        )

    def shares(self, other: Card) -> int:
        """How many values both cards show (0-3 for two distinct 4D cards)."""
        return sum(x == y for x, y in zip(self.values, other.values, strict=True))

    def __str__(self) -> str:
        return self.deck.name_of(self)

    def __repr__(self) -> str:
        if self.deck.key == "4d":
            return f"card({str(self)!r})"
        return f"card({str(self)!r}, deck={self.deck.key!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.deck.key, self.values) < (other.deck.key, other.values)


class Deck:
    """A kind of deck: its attributes, and one card for every combination of values.

    ``spaces_inside_names`` lets a reader accept stray spaces between the
    symbols of one name (``Bg~ T``), as students and the 4D rulebook write them.
    """

    def __init__(
        self,
        key: str,
        title: str,
        attributes: Sequence[Attribute],
        *,
        spaces_inside_names: bool = True,
    ) -> None:
        self.key = key
        self.title = title
        self.attributes = tuple(attributes)
        self.spaces_inside_names = spaces_inside_names
        self._positions = {a.name: i for i, a in enumerate(self.attributes)}
        self._radix = [len(a.values) for a in self.attributes]
        self.cards: tuple[Card, ...] = tuple(
            Card(self, combo) for combo in product(*(range(n) for n in self._radix))
        )
        # Longest symbols first, so "10" is read before "1".
        self._symbols = [sorted(a.values, key=lambda v: -len(v.symbol)) for a in self.attributes]

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"<Deck {self.key}: {len(self)} cards>"

    def attribute_position(self, name: str) -> int:
        try:
            return self._positions[name]
        except KeyError:
            known = ", ".join(self._positions)
            raise KeyError(f"{self.title} cards have no {name!r}; they have {known}") from None

    def index_of(self, values: tuple[int, ...]) -> int:
        index = 0
        for radix, value in zip(self._radix, values, strict=True):
            index = index * radix + value
        return index

    def name_of(self, card: Card) -> str:
        return "".join(v.symbol for v in card.shown)

    def card(self, text: str) -> Card:
        """Read one card name; stray spaces around and (if allowed) inside it are ignored.

        >>> from printables.decks import FOUR_D
        >>> FOUR_D.card(" Bg~ T ")
        card('Bg~T')
        >>> FOUR_D.card("Bx=S")
        Traceback (most recent call last):
        ...
        printables.errors.CardNameError: 'Bx=S': 'x' is not a shade; expected b, g or w
        """
        name = text.strip(WHITESPACE)
        card, end = self.scan(name, 0, quote_to=len(name))
        rest = name[end:].lstrip(WHITESPACE)
        if rest:
            raise CardNameError(
                name,
                len(name) - len(rest),
                f"unexpected {rest!r} after the {self.attributes[-1].name}; {self.name_rule()}",
            )
        return card

    def name_rule(self) -> str:
        """How a name is written: ``"a name is color, shade, pattern, shape"``."""
        return "a name is " + ", ".join(a.name for a in self.attributes)

    def scan(self, text: str, start: int, *, quote_to: int | None = None) -> tuple[Card, int]:
        """Read one card name starting at ``text[start]``; return the card and where it ends.

        Errors quote the name from ``start`` to the end of the word where reading
        failed (or to ``quote_to``), and say which attribute was expected.
        """
        pos = start
        while pos < len(text) and text[pos] in WHITESPACE:
            pos += 1
        begin = pos
        found: list[int] = []
        for i, attribute in enumerate(self.attributes):
            if i and self.spaces_inside_names:
                while pos < len(text) and text[pos] in WHITESPACE:
                    pos += 1
            for value in self._symbols[i]:
                if text.startswith(value.symbol, pos):
                    found.append(attribute.values.index(value))
                    pos += len(value.symbol)
                    break
            else:
                raise self._name_error(text, begin, pos, i, quote_to)
        return Card(self, tuple(found)), pos

    def _name_error(
        self, text: str, begin: int, pos: int, i: int, quote_to: int | None
    ) -> CardNameError:
        attribute = self.attributes[i]
        end = quote_to if quote_to is not None else _word_end(text, pos)
        quoted = text[begin:end].rstrip(WHITESPACE)
        stops = WHITESPACE if quote_to is not None else WHITESPACE + ",;/\n"
        if pos >= len(text) or text[pos] in stops:
            reason = f"missing the {attribute.name}; expected {attribute.expected()}"
            return CardNameError(quoted, len(quoted), reason)
        char = text[pos]
        reason = f"{char!r} is not a {attribute.name}; expected {attribute.expected()}"
        hint = self._hint(char, i)
        return CardNameError(quoted, pos - begin, reason + (f" ({hint})" if hint else ""))

    def _hint(self, char: str, i: int) -> str:
        """A short hint for a character that belongs elsewhere."""
        attribute = self.attributes[i]
        swapped = attribute.by_symbol(char.swapcase())
        if swapped is not None and char.swapcase() != char:
            return f"did you mean {char.swapcase()!r}, {swapped.name}?"
        for other in self.attributes:
            value = other.by_symbol(char)
            if value is not None and other is not attribute:
                return f"{char!r} is {value.name}, a {other.name}; {self.name_rule()}"
        return ""


def _word_end(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] not in WHITESPACE + ",;/\n":
        pos += 1
    return pos
