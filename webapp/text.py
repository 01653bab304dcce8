"""Messages for people: an error's text as a sentence on a page."""

from __future__ import annotations

from printables.cards.wording import sentence


def problem(error: Exception | str) -> str:
    """``"the time limit is 10 to 3600 seconds"`` -> a capital and a full stop.

    >>> problem(ValueError("set 2 is still running; end it first"))
    'Set 2 is still running; end it first.'
    """
    text = sentence(str(error).strip())
    return text if text.endswith((".", "?", "!")) else text + "."
