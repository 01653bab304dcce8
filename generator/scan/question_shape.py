"""What a question puzzle's answer area asks, in words and shapes, for the area that draws
it (:mod:`generator.scan.question_area`) and the grader that reads it back
(:mod:`grading.question_answers`) alike.

A question's answer takes one of five shapes:

- ``choice``: one of :attr:`~printables.questions.base.Question.options` (or several,
  when the question says so: :attr:`~printables.questions.base.Question.several`);
- ``order``: every option in order, each given its place (a hand's rank, a card's column);
- ``card``: one card built from its values (a color, a shade, a pattern, a shape);
- ``cards``: cards shown, each in one of the answer's fields (a nada, a set) or simply
  named (the card to discard, the cards to play);
- ``grid``: every card placed in a row and a column (a layout to lay out).

>>> field_word("Nada 1 (or No):"), field_word("Best first:"), field_word("Column 3:")
('Nada', 'Best first', 'Column')
"""

from __future__ import annotations

import re
from typing import Literal

from printables.questions.base import Question

Shape = Literal["choice", "order", "card", "cards", "grid"]


def shape_of(question: Question) -> Shape:
    """The shape of ``question``'s answer."""
    if question.answer_grid != (0, 0):
        return "grid"
    if question.entry in ("choice", "order", "card"):
        return question.entry  # type: ignore[return-value]
    return "cards"


def field_word(label: str) -> str:
    """An answer field's label without its colon, its note in brackets and its number."""
    word = re.sub(r"\(.*?\)", "", label).replace(":", "").strip()
    return re.sub(r"\s+\d+$", "", word)


def label_of(question: Question) -> str:
    """The answer's name, from its first field (``Discard``, ``Columns``, ``Nada``)."""
    return field_word(question.answer_fields[0]) if question.answer_fields else "Answer"


def member_fields(question: Question) -> int:
    """How many fields a ``cards`` answer puts cards in (nadas, sets): 1 when it only
    names cards."""
    return max(1, len(question.answer_fields))


def one_line(question: Question) -> bool:
    """Whether a ``cards`` answer names one card alone (the card to discard), so a second
    card marked is two marks where one is allowed."""
    return member_fields(question) == 1 and not question.several


def member_noun(question: Question) -> str:
    """What a ``cards`` answer's field is called, in the teacher's question (``nada``;
    ``card`` when the answer only names cards)."""
    return label_of(question).lower() if member_fields(question) > 1 else "card"


def order_noun(question: Question) -> str:
    """What an ``order`` answer gives each option: its ``column`` when the answer's
    fields are numbered columns, else its ``place``."""
    fields = question.answer_fields
    if len(fields) == len(question.options) > 1 and re.search(r"\d\s*:?$", fields[0]):
        return field_word(fields[0]).lower()
    return "place"


def option_label(question: Question, option: str) -> str:
    """An option as the puzzle pages name it (``Hand A`` for ``A``)."""
    for group in question.groups:
        if group.label.endswith(f" {option}") and len(group.label) > len(option) + 1:
            return group.label
    return option


def claim_noun(question: Question) -> str:
    """What the marks beside the ``nothing`` box are, in the teacher's question."""
    if shape_of(question) == "choice":
        return label_of(question).lower()
    return f"{member_noun(question)}s"


def note(question: Question) -> str:
    """The line above an answer area's boxes saying what to mark."""
    shape = shape_of(question)
    label = label_of(question)
    n = len(question.options)
    words = question.nothing if shape == "choice" else nothing_label(question)
    nothing = f", or '{words}'" if question.nothing else ""
    if shape == "grid":
        rows, cols = question.answer_grid
        return f"Mark each card's row (1 to {rows}) and column (1 to {cols})."
    if shape == "choice":
        if question.several:
            return f"{label}: mark every one that is right{nothing}."
        return f"{label}: mark one."
    if shape == "order":
        noun = order_noun(question)
        if noun != "place":
            return f"Mark each card's {noun} (1 to {n}); each {noun} once."
        return f"{label}: give each its place, 1 to {n}; each place once."
    if shape == "card":
        return f"{label}: mark one value of each kind."
    if member_fields(question) > 1:
        word = label.lower()
        return (
            f"Mark the {word} of each card in one ({word} 1 to {member_fields(question)}){nothing}."
        )
    if question.several:
        return f"{label}: mark every card that belongs{nothing}."
    return f"{label}: mark one card{nothing}."


def nothing_label(question: Question) -> str:
    """The words beside the box of an answer naming nothing."""
    return "None of them" if question.nothing.lower() == "none" else question.nothing
