"""Typed errors for bad card notation and bad sets of cards.

Every error is a :class:`ValueError` whose message quotes the text that was
given and says what was expected, so it can be shown to a student as it is.
"""

from __future__ import annotations


class NotationError(ValueError):
    """Text that does not read in its notation: card names, a written array, a pattern."""


class CardNameError(NotationError):
    """One card name is wrong; the message says which character and what was expected.

    ``text`` is the name as written, ``position`` the index of the bad character
    in it (``len(text)`` when something is missing), ``where`` an optional place
    in a longer answer such as ``"row 2, card 3"``.
    """

    def __init__(self, text: str, position: int, reason: str, where: str = "") -> None:
        self.text = text
        self.position = position
        self.reason = reason
        self.where = where
        prefix = f"{where}: " if where else ""
        super().__init__(f"{prefix}{text!r}: {reason}")

    def located(self, where: str) -> CardNameError:
        """The same error, placed in a longer answer (``"row 2, card 3"``)."""
        return CardNameError(self.text, self.position, self.reason, where)


class DuplicateCardError(NotationError):
    """The same card appears more than once in a set."""

    def __init__(self, name: str, first: str, second: str) -> None:
        self.name = name
        super().__init__(
            f"{name} appears twice ({first} and {second}); a deck has one of each card"
        )


class GridShapeError(NotationError):
    """A written array is not rectangular, or its 'No' marks are wrong."""


class UnknownDeckError(ValueError):
    """A deck name that the project does not know."""


class SetError(ValueError):
    """A set of cards that cannot be used as asked: the wrong number of cards for it, or
    cards of another deck."""
