"""Cards and decks: a card is a value, a deck is data.

A :class:`Deck` is a list of attributes, each with its values, and holds one card for
every combination of them (the 4D deck: color, shade, pattern, shape). A deck may also
hold *extra* cards that show no attribute (the standard deck's two jokers), and may be
a *stripped* copy of another that keeps only some values (Four's 28 cards of the
standard deck). A card's name is the symbols of its values in attribute order (an
extra card has a name of its own), and :meth:`Deck.card` reads a name back:

>>> from printables.cards import FOUR_D, STANDARD
>>> card = FOUR_D.card("Bb=S")
>>> str(card), card.value("shape").name
('Bb=S', 'square')
>>> card
card('Bb=S', deck='4d')
>>> STANDARD.card("10h"), STANDARD.card("RJ").extra.name
(card('10H', deck='standard'), 'red joker')

Cards are made once, by their deck: :attr:`Deck.cards` holds every card in the deck's
order, and reading a name returns one of them.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from operator import eq
from typing import Any

from printables.cards.errors import CardNameError

WHITESPACE = " \t"
STOPS = ",;/\n"
"""Characters that end a written name besides whitespace."""

Traits = tuple[tuple[str, str], ...]


def _trait(traits: Traits, name: str) -> str | None:
    for key, value in traits:
        if key == name:
            return value
    return None


@dataclass(frozen=True)
class Value:
    """One value of an attribute, such as blue (``B``) for color.

    ``aliases`` are other ways to write the symbol (``♠`` for spades); ``traits`` are
    facts that follow from the value (a heart is red).
    """

    attribute: str
    name: str
    symbol: str
    aliases: tuple[str, ...] = ()
    traits: Traits = ()

    def trait(self, name: str) -> str | None:
        """The value's trait ``name`` (``"color"`` of a suit), or None."""
        return _trait(self.traits, name)

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.symbol, *self.aliases)

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
        if len(symbols) == 1:
            return symbols[0]
        return ", ".join(symbols[:-1]) + " or " + symbols[-1]

    def by_symbol(self, symbol: str) -> Value | None:
        for value in self.values:
            if value.symbol == symbol:
                return value
        return None

    def keeping(self, symbols: Sequence[str]) -> Attribute:
        """The attribute with only the values written ``symbols`` (a stripped deck's)."""
        kept = tuple(v for v in self.values if v.symbol in symbols)
        unknown = set(symbols) - {v.symbol for v in kept}
        if unknown:
            raise ValueError(
                f"{self.name} has no value {sorted(unknown)}; it has {self.expected()}"
            )
        if not kept:
            raise ValueError(f"a stripped deck keeps at least one {self.name}")
        return Attribute(self.name, kept)


@dataclass(frozen=True)
class Extra:
    """A card beside the product of attributes, such as a joker: its name as written, what
    it is called, and its traits (a red joker is red)."""

    symbol: str
    name: str
    aliases: tuple[str, ...] = ()
    traits: Traits = ()

    def trait(self, name: str) -> str | None:
        return _trait(self.traits, name)

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.symbol, *self.aliases)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A card of a deck: the index of its value in each attribute (none for an extra card
    such as a joker), and its place in the deck's order. Each card exists once, made by its
    deck; two cards are equal when they are the same card of the same deck."""

    deck: Deck = field(repr=False)
    values: tuple[int, ...]
    index: int
    """The card's position in its deck's order (0-based)."""
    extra: Extra | None = None

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other or (
            isinstance(other, Card) and other.deck is self.deck and other.index == self.index
        )

    def __reduce_ex__(self, protocol: Any) -> Any:
        """A card of a registered deck (:data:`printables.cards.decks.DECKS`) pickles as
        its deck's key and its place, and unpickles as that deck's card: a card sent to
        another process is still the one card, equal to its own."""
        if _registered(self.deck):
            return (_card_at, (self.deck.key, self.index))
        return object.__reduce_ex__(self, protocol)  # a slots class: no bare super()

    @property
    def shown(self) -> tuple[Value, ...]:
        """The values the card shows, one per attribute (none for an extra card)."""
        return tuple(a.values[v] for a, v in zip(self.deck.attributes, self.values, strict=False))

    def value(self, attribute: str) -> Value:
        """The card's value of the named attribute.

        >>> from printables.cards import FOUR_D
        >>> FOUR_D.card("GwzC").value("pattern").name
        'zigzag'
        """
        position = self.deck.attribute_position(attribute)
        if self.extra is not None:
            raise KeyError(f"the {self.extra.name} has no {attribute}")
        return self.deck.attributes[position].values[self.values[position]]

    def trait(self, name: str) -> str | None:
        """A trait of the card: its extra card's, else the first its values give.

        >>> from printables.cards import STANDARD
        >>> STANDARD.card("QD").trait("color"), STANDARD.card("BJ").trait("color")
        ('red', 'black')
        """
        if self.extra is not None:
            return self.extra.trait(name)
        for value in self.shown:
            found = value.trait(name)
            if found is not None:
                return found
        return None

    def shared_with(self, other: Card) -> tuple[Value, ...]:
        """The values both cards show.

        >>> from printables.cards import FOUR_D
        >>> [v.name for v in FOUR_D.card("Bb=S").shared_with(FOUR_D.card("Bw=T"))]
        ['blue', 'stripe']
        """
        return tuple(
            a.values[x]
            for a, x, y in zip(self.deck.attributes, self.values, other.values, strict=False)
            if x == y
        )

    def shares(self, other: Card) -> int:
        """How many values both cards show (0-3 for two distinct 4D cards; 0 for a joker)."""
        return sum(map(eq, self.values, other.values))  # map stops at the shorter, as zip

    def __str__(self) -> str:
        return self.deck.name_of(self)

    def __repr__(self) -> str:
        return f"card({str(self)!r}, deck={self.deck.key!r})"

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return (self.deck.key, self.index) < (other.deck.key, other.index)


class Deck:
    """A kind of deck: its attributes, one card for every combination of their values,
    then its extra cards.

    ``spaces_inside_names`` lets a reader accept stray spaces between the symbols of one
    name (``Bg~ T``), as students and the 4D rulebook write them; ``ignore_case`` reads
    names in any case (``10h``), for decks whose symbols do not differ by case alone.
    Either way, a symbol is read in any case where its attribute's values do not differ
    by case alone (``bbzt`` is ``BbzT``: names are read by position).
    ``parent`` is the deck a stripped deck is taken from.
    """

    def __init__(
        self,
        key: str,
        title: str,
        attributes: Sequence[Attribute],
        *,
        extras: Sequence[Extra] = (),
        parent: Deck | None = None,
        spaces_inside_names: bool = True,
        ignore_case: bool = False,
    ) -> None:
        self.key = key
        self.title = title
        self.attributes = tuple(attributes)
        self.extras = tuple(extras)
        self.parent = parent
        self.spaces_inside_names = spaces_inside_names
        self.ignore_case = ignore_case
        self._positions = {a.name: i for i, a in enumerate(self.attributes)}
        self._radix = [len(a.values) for a in self.attributes]
        combos = list(product(*(range(n) for n in self._radix)))
        cards = [Card(self, combo, i) for i, combo in enumerate(combos)]
        cards += [Card(self, (), len(combos) + k, extra) for k, extra in enumerate(self.extras)]
        self.cards: tuple[Card, ...] = tuple(cards)
        # Reading: per attribute, each spelling (case-folded if the deck ignores case) to
        # its value's index, tried longest first, so "10" is read before "1".
        self._spellings = [
            {self._fold(s): k for k, v in enumerate(a.values) for s in v.spellings}
            for a in self.attributes
        ]
        self._lengths = [sorted({len(s) for s in table}, reverse=True) for table in self._spellings]
        # Names are read by position, so a symbol in the wrong case is still read as the
        # attribute's value when no two of its values differ by case alone ("bbzt" is
        # BbzT: b is blue where a color stands, black where a shade does).
        self._any_case: list[dict[str, int] | None] = []
        for table in self._spellings:
            folded = {s.upper(): k for s, k in table.items()}
            clash = len(folded) < len(table) or any(
                folded.get(s.upper()) != k for s, k in table.items()
            )
            self._any_case.append(None if clash else folded)
        self._extra_spellings = sorted(
            ((self._fold(s), card) for card in cards if card.extra for s in card.extra.spellings),
            key=lambda sc: -len(sc[0]),
        )

    def __reduce_ex__(self, protocol: Any) -> Any:
        """A registered deck pickles as its key, and unpickles as the registry's deck:
        each card exists once in a process."""
        if _registered(self):
            return (_registered_deck, (self.key,))
        return super().__reduce_ex__(protocol)

    def stripped(self, key: str, title: str, keep: Mapping[str, Sequence[str]]) -> Deck:
        """A deck of this deck's cards that show only the values kept (by symbol, per
        attribute), without its extra cards.

        >>> from printables.cards import STANDARD
        >>> short = STANDARD.stripped("short", "Short", {"rank": ["A", "K"]})
        >>> len(short), short.parent is STANDARD
        (8, True)
        """
        attributes = [a.keeping(keep[a.name]) if a.name in keep else a for a in self.attributes]
        unknown = set(keep) - set(self._positions)
        if unknown:
            raise ValueError(f"the {self.title} deck's cards have no {sorted(unknown)}")
        return Deck(
            key,
            title,
            attributes,
            parent=self,
            spaces_inside_names=self.spaces_inside_names,
            ignore_case=self.ignore_case,
        )

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
            raise KeyError(
                f"the {self.title} deck's cards have no {name!r}; they have {known}"
            ) from None

    def index_of(self, values: tuple[int, ...]) -> int:
        """The position of the card showing ``values`` (indices into the attributes)."""
        index = 0
        for radix, value in zip(self._radix, values, strict=True):
            index = index * radix + value
        return index

    def with_values(self, values: tuple[int, ...]) -> Card:
        """The card showing ``values`` (indices into the attributes)."""
        return self.cards[self.index_of(values)]

    def name_of(self, card: Card) -> str:
        if card.extra is not None:
            return card.extra.symbol
        return "".join(v.symbol for v in card.shown)

    def card(self, text: str) -> Card:
        """Read one card name; stray spaces around and (if allowed) inside it are ignored.

        >>> from printables.cards import FOUR_D
        >>> FOUR_D.card(" Bg~ T ")
        card('Bg~T', deck='4d')
        >>> FOUR_D.card("Bx=S")
        Traceback (most recent call last):
        ...
        printables.cards.errors.CardNameError: 'Bx=S': 'x' is not a shade; expected b, g or w
        """
        name = text.strip(WHITESPACE)
        card, end = self.scan(name, 0, quote_to=len(name))
        rest = name[end:].lstrip(WHITESPACE)
        if rest:
            last = self.attributes[-1].name if card.extra is None else card.extra.name
            raise CardNameError(
                name,
                len(name) - len(rest),
                f"unexpected {rest!r} after the {last}; {self.name_rule()}",
            )
        return card

    def name_rule(self) -> str:
        """How a name is written: ``"a name is color, shade, pattern, shape"``."""
        return "a name is " + ", ".join(a.name for a in self.attributes)

    def _fold(self, text: str) -> str:
        return text.upper() if self.ignore_case else text

    def scan(self, text: str, start: int, *, quote_to: int | None = None) -> tuple[Card, int]:
        """Read one card name starting at ``text[start]``; return the card and where it ends.

        Errors quote the name from ``start`` to the end of the word where reading
        failed (or to ``quote_to``), and say which attribute was expected.
        """
        pos = start
        while pos < len(text) and text[pos] in WHITESPACE:
            pos += 1
        begin = pos
        for spelling, extra in self._extra_spellings:
            end = pos + len(spelling)
            if self._fold(text[pos:end]) == spelling and (
                end == len(text) or text[end] in WHITESPACE + STOPS
            ):
                return extra, end
        index = 0
        for i, (table, lengths) in enumerate(zip(self._spellings, self._lengths, strict=True)):
            if i and self.spaces_inside_names:
                while pos < len(text) and text[pos] in WHITESPACE:
                    pos += 1
            any_case = self._any_case[i]
            for length in lengths:
                chunk = self._fold(text[pos : pos + length])
                value = table.get(chunk)
                if value is None and any_case is not None:
                    value = any_case.get(chunk.upper())
                if value is not None:
                    index = index * self._radix[i] + value
                    pos += length
                    break
            else:
                raise self._name_error(text, begin, pos, i, quote_to)
        return self.cards[index], pos

    def _expected(self, i: int) -> str:
        """What may stand at position ``i`` of a name (the extra cards' names at the first)."""
        expected = self.attributes[i].expected()
        if i == 0 and self.extras:
            names = " or ".join(e.symbol for e in self.extras)
            expected += f" (or {names}: the {' and the '.join(e.name for e in self.extras)})"
        return expected

    def _name_error(
        self, text: str, begin: int, pos: int, i: int, quote_to: int | None
    ) -> CardNameError:
        attribute = self.attributes[i]
        end = quote_to if quote_to is not None else _word_end(text, pos)
        quoted = text[begin:end].rstrip(WHITESPACE)
        stops = WHITESPACE if quote_to is not None else WHITESPACE + STOPS
        if pos >= len(text) or text[pos] in stops:
            reason = f"missing the {attribute.name}; expected {self._expected(i)}"
            return CardNameError(quoted, len(quoted), reason)
        char = text[pos]
        reason = f"{char!r} is not a {attribute.name}; expected {self._expected(i)}"
        hint = self._hint(char, i)
        return CardNameError(quoted, pos - begin, reason + (f" ({hint})" if hint else ""))

    def _hint(self, char: str, i: int) -> str:
        """A short hint for a character that belongs elsewhere."""
        attribute = self.attributes[i]
        swapped = attribute.by_symbol(char.swapcase())
        if swapped is not None and char.swapcase() != char and not self.ignore_case:
            return f"did you mean {char.swapcase()!r}, {swapped.name}?"
        for other in self.attributes:
            value = other.by_symbol(self._fold(char))
            if value is not None and other is not attribute:
                return f"{char!r} is {value.name}, a {other.name}; {self.name_rule()}"
        return ""


def _word_end(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] not in WHITESPACE + STOPS:
        pos += 1
    return pos


_REGISTRY: dict[str, Deck] = {}
"""The decks registered by key (:func:`register`); :mod:`printables.cards.decks` fills it."""


def register(deck: Deck) -> Deck:
    """Make ``deck`` the registry's deck of its key, so it and its cards pickle by name and
    unpickle as the very same objects; a second deck of the same key is refused.

    >>> from printables.cards.decks import FOUR_D
    >>> register(FOUR_D) is FOUR_D, _registered_deck("4d") is FOUR_D
    (True, True)
    """
    known = _REGISTRY.setdefault(deck.key, deck)
    if known is not deck:
        raise ValueError(f"a deck called {deck.key!r} is registered already")
    return deck


def _registered(deck: Deck) -> bool:
    """Whether ``deck`` is the registry's deck of its key."""
    return _REGISTRY.get(deck.key) is deck


def _registered_deck(key: str) -> Deck:
    """The registry's deck called ``key`` (how a registered deck unpickles)."""
    return _REGISTRY[key]


def _card_at(key: str, index: int) -> Card:
    """The card at ``index`` of the registered deck ``key`` (how its cards unpickle)."""
    return _registered_deck(key).cards[index]
