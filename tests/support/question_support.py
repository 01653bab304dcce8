"""What tests of the question kinds share (printables/questions): a readable answer that
the kind judges wrong, found among answers a pupil might enter with a page's buttons or a
pencil, for any kind, present or future; and what a printed id means, as the golden file
holds it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from printables.cards.decks import FOUR_D
from printables.questions.base import Question, QuestionKind


def _swapped(words: list[str], i: int, j: int) -> str:
    turned = list(words)
    turned[i], turned[j] = turned[j], turned[i]
    return " ".join(turned)


def candidates(puzzle: Question) -> Iterator[str]:
    """Answers to try: the right answer disturbed (two of its words swapped, its last card
    replaced or one more card added, a group left out), the other options and their
    orders, the cards shown alone and in groups of the answer's size, every card."""
    words = puzzle.answer.split()
    cards = [k for k, w in enumerate(words) if w != "/"]
    for i, j in itertools.combinations(cards, 2):
        yield _swapped(words, i, j)
    names = [str(c) for c in puzzle.cards]
    for name in names:
        if name not in words and cards:
            yield " ".join([*words[: cards[-1]], name, *words[cards[-1] + 1 :]])
            yield " ".join([*words, name])
    if " / " in puzzle.answer:
        yield puzzle.answer.rsplit(" / ", 1)[0]
    yield from (o for o in puzzle.options if o != puzzle.answer)
    yield from itertools.islice((" ".join(o) for o in itertools.permutations(puzzle.options)), 200)
    yield from names
    size = len(cards)
    yield from itertools.islice((" ".join(c) for c in itertools.combinations(names, size)), 200)
    yield from ("none", "No")
    yield from (str(c) for c in FOUR_D)


def wrong_answer(kind: QuestionKind, puzzle: Question) -> str:
    """A readable answer that ``kind`` judges wrong for ``puzzle``."""
    for candidate in candidates(puzzle):
        try:
            if not kind.judge(puzzle, candidate).right:
                return candidate
        except ValueError:
            continue
    raise AssertionError(f"no readable wrong answer found for {puzzle.id}")


def golden_entry(puzzle: Question, kind: QuestionKind) -> dict[str, Any]:
    """What a printed id means, as the golden file holds it: its cards as laid out, its
    answer, key and grade, and the verdict on its answer."""
    verdict = kind.check(puzzle, puzzle.answer)
    return {
        "id": puzzle.id,
        "kind": puzzle.kind,
        "question": puzzle.question,
        "level": puzzle.level,
        "text": puzzle.text,
        "groups": [
            {"label": g.label, "note": g.note, "cells": [str(c) for c in g.cells]}
            for g in puzzle.groups
        ],
        "answer": puzzle.answer,
        "key": list(puzzle.key),
        "grade": puzzle.grade,
        "verdict": {"right": verdict.right, "reasons": list(verdict.reasons)},
    }
