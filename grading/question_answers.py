"""A question puzzle's answer from its boxes (nada, poker, placement, secret card, cipher,
challenge), built as the text a pupil would have written, which the kind's own check
then judges. Each shape of answer (:mod:`generator.scan.question_shape`) has its lines,
of which one box at most may be filled:

- ``choice``: the options, one line (or no line at all when several may be marked);
- ``order``: each option's places (``("Hand A", "place")``);
- ``card``: each value kind's values (``("Color", "value")``);
- ``cards``: each card's fields (``("Gg~T", "nada")``), or every card when the answer
  names one card alone (``("Discard", "card")``);
- ``grid``: each card's row and its column, as a Matrix set's.

An option left without its place, two options in one place, a card built without a
value of each kind, or a card left out of a grid, is the answer's own fault, said in the
teacher's words.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import cast

from generator.scan.layout import Box
from generator.scan.question_shape import (
    claim_noun,
    label_of,
    member_fields,
    member_noun,
    one_line,
    option_label,
    order_noun,
    shape_of,
)
from grading.answers import Built, Claim, Line
from grading.matrix_answers import place_cards
from printables.cards.decks import FOUR_D
from printables.puzzles import get_puzzle
from printables.questions.base import Question


def question(puzzle_id: str) -> Question:
    return cast(Question, get_puzzle(puzzle_id))


def value_kind(place: int | None) -> str:
    """The value kind whose letter is at ``place`` of a card's name (1: ``Color``)."""
    return FOUR_D.attributes[(place or 1) - 1].name.capitalize()


class QuestionReader:
    """What a question's answer area's boxes mean (:class:`grading.answers.Reader`)."""

    def claim(self, puzzle_id: str) -> Claim:
        q = question(puzzle_id)
        word = q.nothing or "none"
        return Claim(word, word, claim_noun(q), (word.lower(), claim_noun(q)))

    def line(self, box: Box) -> Line | None:
        q = question(box.puzzle)
        if box.field == "choice":
            return None if q.several else (label_of(q), "option")
        if box.field == "rank":
            return (option_label(q, box.option), order_noun(q))
        if box.field == "attribute":
            return (value_kind(box.place), "value")
        if box.field == "member":
            return (label_of(q), "card") if one_line(q) else (box.card, member_noun(q))
        if box.field in ("row", "column"):
            return (box.card, str(box.field))
        return None

    def choice(self, box: Box) -> str:
        if box.field == "member" and one_line(question(box.puzzle)):
            return box.card
        if box.field in ("choice", "attribute"):
            return box.option
        return str(box.value)

    def describe(self, box: Box) -> str:
        q = question(box.puzzle)
        if box.field == "choice":
            return f"'{box.option}'"
        if box.field == "rank":
            return f"{option_label(q, box.option)}, {order_noun(q)} {box.value}"
        if box.field == "attribute":
            return f"{value_kind(box.place)} {box.option}"
        if box.field == "member":
            if member_fields(q) == 1:
                return box.card
            return f"{box.card}, {member_noun(q)} {box.value}"
        if box.field in ("row", "column"):
            return f"{box.card}, {box.field} {box.value}"
        if box.field == "impossible":
            return f"'{box.option}'"
        return f"'{str(box.field).capitalize()}'"

    def optional(self, line: Line) -> bool:
        return False  # two marks in a line show a change; a lone one counts

    def two_marks(self, line: Line, choices: Sequence[str]) -> str:
        subject, noun = line
        return (
            f"{subject}: {len(choices)} {noun}s are marked ({', '.join(choices)}). "
            "Which one counts?"
        )

    def build(
        self, puzzle_id: str, chosen: Mapping[Line, Box | None], free: Sequence[Box]
    ) -> Built:
        """The answer as a pupil writes it, from the shape's marks."""
        q = question(puzzle_id)
        shape = shape_of(q)
        if shape == "choice":
            return _choice(q, chosen, free)
        if shape == "order":
            return _order(q, chosen)
        if shape == "card":
            return _card(chosen)
        if shape == "grid":
            rows, cols = q.answer_grid
            grid, faults = place_cards([str(c) for c in q.cards], rows, cols, chosen)
            text = " / ".join(" ".join(row) for row in grid)
            return Built(text, text, tuple(faults))
        return _cards(q, chosen)


def _picked(chosen: Mapping[Line, Box | None], line: Line) -> Box | None:
    return chosen.get(line)


def _choice(q: Question, chosen: Mapping[Line, Box | None], free: Sequence[Box]) -> Built:
    """One option, or every option marked (in the order printed)."""
    if q.several:
        marked = {box.option for box in free if box.field == "choice"}
        text = " ".join(o for o in q.options if o in marked)
        return Built(text, text)
    box = _picked(chosen, (label_of(q), "option"))
    text = box.option if box is not None else ""
    return Built(text, text)


def _order(q: Question, chosen: Mapping[Line, Box | None]) -> Built:
    """The options in the order of their places; an option without a place, or two in one
    place, is a fault."""
    noun = order_noun(q)
    faults = []
    places: dict[int, list[str]] = defaultdict(list)
    for option in q.options:
        label = option_label(q, option)
        box = _picked(chosen, (label, noun))
        if box is None or box.value is None:
            faults.append(f"{label} has no {noun} marked.")
        else:
            places[box.value].append(label)
    for value, labels in sorted(places.items()):
        if len(labels) > 1:
            both = "both" if len(labels) == 2 else "all"
            faults.append(f"{' and '.join(labels)} are {both} given {noun} {value}.")
    by_label = {option_label(q, o): o for o in q.options}
    ordered = [by_label[label] for _, labels in sorted(places.items()) for label in labels]
    shown = " ".join(ordered)
    return Built(shown if not faults else None, shown, tuple(faults))


def _card(chosen: Mapping[Line, Box | None]) -> Built:
    """The card whose values are marked; a value kind left unmarked is a fault."""
    letters, faults = [], []
    for place, attribute in enumerate(FOUR_D.attributes, 1):
        box = _picked(chosen, (value_kind(place), "value"))
        if box is None:
            faults.append(f"The card has no {attribute.name} marked.")
            letters.append("?")
        else:
            letters.append(box.option)
    text = "".join(letters)
    return Built(text if not faults else None, text, tuple(faults))


def _cards(q: Question, chosen: Mapping[Line, Box | None]) -> Built:
    """The cards named, or each field's cards (fields separated by /, in their order)."""
    if one_line(q):
        box = _picked(chosen, (label_of(q), "card"))
        text = box.card if box is not None else ""
        return Built(text, text)
    noun = member_noun(q)
    fields: dict[int, list[str]] = defaultdict(list)
    for card in q.answer_cards:
        box = _picked(chosen, (str(card), noun))
        if box is not None and box.value is not None:
            fields[box.value].append(str(card))
    text = " / ".join(" ".join(cards) for _, cards in sorted(fields.items()))
    return Built(text, text)


READER = QuestionReader()
