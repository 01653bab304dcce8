"""A MAT Successive form page's answers (``printables mat-kit --scannable``): each turn's
set read as any Matrix answer area is (:func:`grading.answers.read_answers`), and the
seconds at which the player raised a hand read from its digit boxes.

The seconds are three places (hundreds, tens, ones), a line each of which one box at most
may be filled. As everywhere, a mark is never guessed:

- a digit box neither clearly filled nor clearly empty goes to review;
- two boxes filled in one place go to review (which digit counts, or none);
- a place left blank while another is marked goes to review (the player may have meant
  ``95`` as ``_95``, or forgotten a digit): the teacher gives its digit, or none;
- no place marked at all is a **blank time**: the player did not finish in time, and a
  right answer scores the time limit (the book: "no answer by the time limit scores the
  limit"). A teacher who decides "none" for a place makes the time blank too.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from generator.scan.layout import Box, PageLayout, Rect
from generator.scan.marks import PageCode
from generator.scan.mat_pages import PLACES, TURNS_PER_PAGE, read_item
from grading.answers import (
    NONE,
    Decisions,
    PuzzleResult,
    Review,
    around,
    box_key,
    decided_states,
    line_key,
    read_answers,
    review_regions,
)
from grading.marks import BoxRead

TimeStatus = Literal["read", "blank", "review"]
LABELS = {place: label for place, label, _ in PLACES}
"""Each place's label as the form prints it (``100s``)."""
WORDS = {1: "hundreds", 2: "tens", 3: "ones"}
"""Each place in the teacher's questions."""


@dataclass(frozen=True)
class Seconds:
    """A turn's seconds as read: the number (None unless ``status`` is ``read``), the
    status, why, and what waits for the teacher."""

    seconds: int | None
    status: TimeStatus
    reasons: tuple[str, ...] = ()
    reviews: tuple[Review, ...] = ()


@dataclass(frozen=True)
class TurnResult(PuzzleResult):
    """A turn of a MAT form: the set's answer (its status and reasons are the Matrix
    answer's), the turn and the set's number in the kit, and the seconds as read (their
    reviews are among :attr:`reviews`)."""

    turn: int = 0
    set_number: int = 0
    seconds: int | None = None
    time: TimeStatus = "blank"
    time_reasons: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {**super().to_json(), "turn": self.turn, "set": self.set_number,
                "seconds": self.seconds, "time": self.time,
                "time_reasons": list(self.time_reasons)}  # fmt: skip


def turns_of(code: str) -> dict[str, tuple[int, int]]:
    """Each set's id on a form page -> (turn, set number), from the page's code."""
    read = PageCode.read(code)
    out = {}
    for k, item in enumerate(read.ids):
        set_number, puzzle_id = read_item(item)
        out[puzzle_id] = ((read.number - 1) * TURNS_PER_PAGE + k + 1, set_number)
    return out


def _split(layout: PageLayout, reads: Sequence[BoxRead]) -> tuple[list[BoxRead], list[BoxRead]]:
    """The reads of the answer areas' boxes, and of the seconds' digit boxes."""
    digits = [r for r in reads if layout.boxes[r.index].field == "digit"]
    return [r for r in reads if layout.boxes[r.index].field != "digit"], digits


def read_turns(
    page: str, layout: PageLayout, reads: Sequence[BoxRead], decisions: Decisions
) -> list[PuzzleResult]:
    """Every turn's answer and seconds on a form page whose boxes read ``reads``."""
    answers, digits = _split(layout, reads)
    turns = turns_of(layout.code)
    by_puzzle: dict[str, list[BoxRead]] = defaultdict(list)
    for read in digits:
        by_puzzle[layout.boxes[read.index].puzzle].append(read)
    results: list[PuzzleResult] = []
    for result in read_answers(page, layout, answers, decisions):
        turn, set_number = turns[result.puzzle]
        time = read_seconds(page, layout, result.puzzle, by_puzzle[result.puzzle], decisions)
        results.append(TurnResult(result.puzzle, result.status, result.answer, result.reasons,
                                  result.reviews + time.reviews, turn, set_number,
                                  time.seconds, time.status, time.reasons))  # fmt: skip
    return results


def read_seconds(
    page: str, layout: PageLayout, puzzle: str, reads: Sequence[BoxRead], decisions: Decisions
) -> Seconds:
    """One turn's seconds from its digit boxes' reads (:mod:`this module's rules
    <grading.mat_answers>`)."""
    states = decided_states(page, layout, reads, decisions)
    boxes = {r.index: layout.boxes[r.index] for r in reads}
    unclear = [i for i, state in states.items() if state == "unclear"]
    if unclear:
        reviews = tuple(
            Review(box_key(page, i), page, puzzle,
                   f"Is this box filled? (the seconds, {_describe(boxes[i])})",
                   ("filled", "empty"), boxes[i].rect, (i,))
            for i in unclear
        )  # fmt: skip
        return Seconds(None, "review", ("A box of the seconds is unclear.",), reviews)
    places = _places(boxes)
    digits: dict[int, int | None] = {}
    reviews_list: list[Review] = []
    for place, members in places.items():
        marked = [i for i in members if states[i] == "filled"]
        if len(marked) <= 1:
            digits[place] = boxes[marked[0]].value if marked else None
            continue
        key = line_key(page, puzzle, ("seconds", LABELS[place]))
        names = {str(boxes[i].value): i for i in marked}
        decided = decisions.get(key)
        if decided in names:
            digits[place] = boxes[names[decided]].value
        elif decided == NONE:
            digits[place] = None
        else:
            question = (f"The seconds' {WORDS[place]} ({LABELS[place]} row): {len(marked)} "
                        f"digits are marked ({', '.join(names)}). Which one counts?")  # fmt: skip
            region = around([boxes[i] for i in members])
            reviews_list.append(Review(key, page, puzzle, question, (*names, NONE), region,
                                       tuple(marked)))  # fmt: skip
    if reviews_list:
        return Seconds(None, "review", ("Two marks in a place of the seconds.",),
                       tuple(reviews_list))  # fmt: skip
    if any(d is not None for d in digits.values()):
        for place, digit in digits.items():
            if digit is not None:
                continue
            key = line_key(page, puzzle, ("seconds", LABELS[place], "unmarked"))
            decided = decisions.get(key)
            members = places[place]
            values = [str(boxes[i].value) for i in members]
            if decided in values:
                digits[place] = int(str(decided))
            elif decided != NONE:
                question = (f"The seconds' {WORDS[place]} ({LABELS[place]} row) are not "
                            f"marked, and another place is. Which digit is meant?")  # fmt: skip
                reviews_list.append(Review(key, page, puzzle, question, (*values, NONE),
                                           around([boxes[i] for i in members])))  # fmt: skip
        if reviews_list:
            return Seconds(None, "review", ("A place of the seconds is not marked.",),
                           tuple(reviews_list))  # fmt: skip
    if not digits or any(d is None for d in digits.values()):
        return Seconds(None, "blank", ("No time is marked: not finished in time.",))
    seconds = sum(digits[place] * 10 ** (len(digits) - place) for place in digits)
    return Seconds(seconds, "read", (f"{seconds} s marked.",))


def _places(boxes: dict[int, Box]) -> dict[int, list[int]]:
    """The digit boxes' indexes, place by place (hundreds first)."""
    places: dict[int, list[int]] = defaultdict(list)
    for index, box in sorted(boxes.items()):
        places[box.place or 0].append(index)
    return dict(sorted(places.items()))


def _describe(box: Box) -> str:
    return f"{WORDS.get(box.place or 0, 'a')} digit {box.value}"


def turn_review_regions(page: str, layout: PageLayout, reads: Sequence[BoxRead]) -> dict[str, Rect]:
    """Every review a form page's reads may raise (its key -> the part of the page to
    show): the answer areas' (:func:`grading.answers.review_regions`), and the seconds':
    each unclear digit box, each place with two boxes not read empty, and each place with
    none when another has one."""
    answers, digits = _split(layout, reads)
    regions = review_regions(page, layout, answers)
    by_puzzle: dict[str, dict[int, BoxRead]] = defaultdict(dict)
    for read in digits:
        by_puzzle[layout.boxes[read.index].puzzle][read.index] = read
    for puzzle, puzzle_reads in by_puzzle.items():
        boxes = {i: layout.boxes[i] for i in puzzle_reads}
        places = _places(boxes)
        marked = {p: [i for i in m if puzzle_reads[i].state != "empty"] for p, m in places.items()}
        for place, members in places.items():
            for i in members:
                if puzzle_reads[i].state == "unclear":
                    regions[box_key(page, i)] = boxes[i].rect
            row = around([boxes[i] for i in members])
            if len(marked[place]) > 1:
                regions[line_key(page, puzzle, ("seconds", LABELS[place]))] = row
            if not marked[place] and any(marked.values()):
                regions[line_key(page, puzzle, ("seconds", LABELS[place], "unmarked"))] = row
    return regions
