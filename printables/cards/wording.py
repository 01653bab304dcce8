"""Words for people: lists of cards and values, and reasons that open a sentence.

Every layer speaks through these, so an answer key, a web verdict and the command line
word things alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the wording names cards and values; it needs no deck to do so
    from printables.cards.deck import Card, Value


def names(cards: Iterable[Card]) -> str:
    """Card names joined with spaces.

    >>> from printables.cards import FOUR_D
    >>> names(FOUR_D.cards[:2])
    'Bb=S Bb=C'
    """
    return " ".join(str(c) for c in cards)


def sentence(text: str) -> str:
    """A reason as it opens a sentence: its first letter a capital.

    >>> sentence("row 1 shares blue.")
    'Row 1 shares blue.'
    """
    return text[:1].upper() + text[1:]


def stopped(text: str) -> str:
    """A reason as a whole sentence: a capital first, a full stop last unless it has one.

    >>> stopped("row 1 shares blue"), stopped("Right!")
    ('Row 1 shares blue.', 'Right!')
    """
    text = sentence(text.strip())
    return text if text.endswith((".", "!", "?")) else f"{text}."


def counted(n: int, word: str) -> str:
    """A number of things, the word in the plural unless there is one.

    >>> counted(1, "card"), counted(3, "nada"), counted(0, "clue")
    ('1 card', '3 nadas', '0 clues')
    """
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def values_text(values: Sequence[Value]) -> str:
    """Value names as a list in words: ``"blue, stripe and square"``."""
    words = [v.name for v in values]
    if not words:
        return "nothing"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def signed(n: int) -> str:
    """A score change or a net with its sign, as the games say it.

    >>> signed(4), signed(-6), signed(0)
    ('+4', '-6', '0')
    """
    return f"{n:+d}" if n else "0"


def or_list(words: Sequence[str]) -> str:
    """Words as a list of choices: ``"3x3, 4x4 or 5x5"``.

    >>> or_list(["a"]), or_list(["a", "b", "c"])
    ('a', 'a, b or c')
    """
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def and_list(words: Sequence[str]) -> str:
    """Words as a list: ``"Quad, Four and Lockdown"``.

    >>> and_list(["a"]), and_list(["a", "b", "c"])
    ('a', 'a, b and c')
    """
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def spoken(card: Card) -> str:
    """A card in words, for a screen reader: what it shows, or an extra card's name.

    >>> from printables.cards import FOUR_D, STANDARD
    >>> spoken(FOUR_D.card("Bb=S")), spoken(STANDARD.card("QD")), spoken(STANDARD.card("RJ"))
    ('blue, black, stripe, square', 'queen, diamonds', 'red joker')
    """
    if card.extra is not None:
        return card.extra.name
    return ", ".join(v.name for v in card.shown)
