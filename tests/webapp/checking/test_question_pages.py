"""The checking page of every question kind (``/check/<id>``: nada, poker, placement,
secret card, cipher and any kind registered later), through Flask's test client, for
each of its questions at each level: the groups of cards, the question and its rules,
answers entered by tapping, building or choosing, and the verdict with the kind's
reasons. The key (``puzzle.key``) is never sent before a right answer: not on the bare
page, not after a wrong one; a right answer shows it under "Why"."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient
from question_support import wrong_answer

from printables.cards import FOUR_D
from printables.cards.wording import sentence
from printables.puzzles import PuzzleError
from printables.questions.base import LEVELS, Question, question_kinds
from webapp.checking.views import MAX_ANSWER
from webapp.pages import problem

SEED = 11
QUESTION_KINDS = question_kinds()
CASES = [
    pytest.param(key, question, level, id=f"{key}-{question}-{level}")
    for key, kind in QUESTION_KINDS.items()
    for question in kind.questions.values()
    for level in LEVELS.values()
]
QUESTIONS = [
    pytest.param(key, question, id=f"{key}-{question}")
    for key, kind in QUESTION_KINDS.items()
    for question in kind.questions.values()
]
KINDS = [pytest.param(key, id=key) for key in QUESTION_KINDS]
UNREADABLE = "Qx!! zz"
"""No question kind reads it: not a card, a column, a clue, a set's letter or a pattern."""


def puzzle_of(key: str, question: str, level: str = "medium", seed: int = SEED) -> Question:
    kind = QUESTION_KINDS[key]
    return kind.generate(seed, kind.choices(question=question, level=level))


def page_of(client: FlaskClient, puzzle_id: str, answer: str | None = None) -> tuple[int, str]:
    """The status and the page's text, entities decoded (``'`` and ``“`` as themselves)."""
    query = {} if answer is None else {"answer": answer}
    response = client.get(f"/check/{puzzle_id}", query_string=query)
    return response.status_code, html.unescape(response.get_data(as_text=True))


def names_cards(answer: str) -> bool:
    """Whether ``answer`` is card names (a ``/`` may part groups of them)."""
    names = {str(c) for c in FOUR_D}
    return all(token in names for token in answer.split() if token != "/")


def kept(page: str, typed: str) -> bool:
    """Whether the answer box holds ``typed`` (a one-line box or a textarea)."""
    return f'name="answer" value="{typed}"' in page or f">{typed}</textarea>" in page


def group_captions(page: str, label: str) -> list[str]:
    """The card names shown in the group labelled ``label``, in order."""
    found = re.search(rf'aria-label="{re.escape(label)}">(.*?)</ul>', page, re.S)
    assert found is not None, f"no group {label!r} on the page"
    return re.findall(r"<figcaption>(.*?)</figcaption>", found.group(1))


def assert_no_key(puzzle: Question, page: str) -> None:
    assert "Right!" not in page and "<h3>Why</h3>" not in page
    for line in puzzle.key:
        assert line not in page, f"the key line {line!r} was sent before a right answer"


# --- the page before an answer ---------------------------------------------------------------


@pytest.mark.parametrize(("key", "question", "level"), CASES)
def test_the_page_shows_every_group_the_question_and_the_rules_but_no_key(
    client: FlaskClient, key: str, question: str, level: str
) -> None:
    kind = QUESTION_KINDS[key]
    puzzle = puzzle_of(key, question, level)
    status, page = page_of(client, puzzle.id)
    assert status == 200
    assert f'{kind.title} puzzle <span class="id">{puzzle.id}</span>' in page
    assert f'<p class="question"><strong>{puzzle.text}</strong></p>' in page
    assert f'<p class="hint">{kind.rules_for(puzzle.question)}</p>' in page
    assert f'<label for="answer">Your answer: {puzzle.answer_hint}.</label>' in page
    for group in puzzle.groups:
        assert f"<h2>{group.label}" in page
        if group.note:
            assert f"<small>({group.note})</small>" in page
        assert group_captions(page, group.label) == [str(c) for c in group.cards]
    assert page.count("<figcaption>") == len(puzzle.cards)
    if group_marks := [g for g in puzzle.groups if g.mark >= 0]:
        assert page.count('aria-label="the marked place"') == len(group_marks)
    assert "Not right yet" not in page and 'id="problem"' not in page
    assert_no_key(puzzle, page)
    assert puzzle.hint not in page  # the checking page gives no hint either


@pytest.mark.parametrize(("key", "question"), QUESTIONS)
def test_each_way_of_entering_an_answer_is_on_the_page(
    client: FlaskClient, key: str, question: str
) -> None:
    """Cards to tap write their names; options to pick write themselves; a card to build
    has one select per attribute, with every value's symbol."""
    puzzle = puzzle_of(key, question)
    _, page = page_of(client, puzzle.id)
    adds = re.findall(r'data-add="([^"]*)"', page)
    if puzzle.entry == "cards":  # the cards, then any word to write beside them ("No")
        assert adds == [str(c) for c in puzzle.cards] + list(puzzle.options)
        for card in puzzle.cards:
            assert f'aria-label="Add {card} to the answer"' in page
    elif puzzle.entry in ("choice", "order"):
        assert adds == list(puzzle.options)
        assert f'data-mode="{puzzle.entry}"' in page
    else:
        assert adds == [] and "data-builder" in page
        for k, attribute in enumerate(FOUR_D.attributes):
            select = re.search(rf'<select data-part="{k}">(.*?)</select>', page, re.S)
            assert select is not None, attribute.name
            values = re.findall(r'<option value="([^"]*)">', select.group(1))
            assert values == ["", *(v.symbol for v in attribute.values)]
        assert page.count("<select data-part=") == len(FOUR_D.attributes)
    assert '<script src="/static/answer.js" defer></script>' in page
    assert 'action="/check/' + puzzle.id + '#answer-form"' in page


# --- verdicts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "question", "level"), CASES)
def test_a_wrong_answer_gets_the_kinds_reasons_and_still_no_key(
    client: FlaskClient, key: str, question: str, level: str
) -> None:
    kind = QUESTION_KINDS[key]
    puzzle = puzzle_of(key, question, level)
    wrong = wrong_answer(kind, puzzle)
    status, page = page_of(client, puzzle.id, wrong)
    assert status == 200
    assert "<h2>Not right yet</h2>" in page
    verdict = kind.check(puzzle, wrong)
    assert not verdict.right and verdict.reasons and not verdict.why
    for reason in verdict.reasons:
        assert f"<li>{sentence(reason)}</li>" in page
    assert_no_key(puzzle, page)
    assert kept(page, wrong)


@pytest.mark.parametrize(("key", "question", "level"), CASES)
def test_the_right_answer_is_right_and_the_key_follows_under_why(
    client: FlaskClient, key: str, question: str, level: str
) -> None:
    kind = QUESTION_KINDS[key]
    puzzle = puzzle_of(key, question, level)
    answers = [puzzle.answer]
    if puzzle.entry in ("cards", "card") or names_cards(puzzle.answer):
        answers.append(puzzle.answer.lower())  # as a phone's keyboard may type it
    for answer in answers:
        status, page = page_of(client, puzzle.id, answer)
        assert status == 200, answer
        assert "<h2>Right!</h2>" in page and "Not right yet" not in page, answer
        for reason in kind.check(puzzle, answer).reasons:
            assert f"<li>{sentence(reason)}</li>" in page
        why = page.index("<h3>Why</h3>")
        for line in puzzle.key:
            assert page.find(f"<p>{line}</p>", why) > why, (answer, line)
        assert kept(page, answer)


@pytest.mark.parametrize(("key", "question"), QUESTIONS)
def test_an_unreadable_answer_says_what_is_wrong_and_keeps_what_was_typed(
    client: FlaskClient, key: str, question: str
) -> None:
    kind = QUESTION_KINDS[key]
    puzzle = puzzle_of(key, question)
    with pytest.raises(ValueError) as raised:
        kind.judge(puzzle, UNREADABLE)
    status, page = page_of(client, puzzle.id, UNREADABLE)
    assert status == 400
    assert f'<p class="problems" id="problem" role="alert">{problem(raised.value)}</p>' in page
    assert kept(page, UNREADABLE) and 'aria-invalid="true"' in page
    assert "Not right yet" not in page
    assert_no_key(puzzle, page)


@pytest.mark.parametrize("key", KINDS)
def test_an_empty_answer_and_an_overlong_one_are_refused(client: FlaskClient, key: str) -> None:
    kind = QUESTION_KINDS[key]
    puzzle = puzzle_of(key, kind.first)
    for empty in ("", "   ", "\n\t"):
        status, page = page_of(client, puzzle.id, empty)
        assert status == 400, repr(empty)
        assert "Write your answer first." in page and 'aria-invalid="true"' in page
    longest = puzzle.answer + " " * (MAX_ANSWER - len(puzzle.answer))
    status, page = page_of(client, puzzle.id, longest)  # as long as may be: still checked
    assert status == 200 and "Right!" in page
    status, page = page_of(client, puzzle.id, longest + " ")
    assert status == 400
    assert f"The answer is too long ({MAX_ANSWER + 1} characters)" in page
    assert "Right!" not in page
    assert_no_key(puzzle, page)


# --- ids --------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", KINDS)
def test_a_mistyped_id_of_a_question_kind_is_not_found_with_the_reason(
    client: FlaskClient, key: str
) -> None:
    kind = QUESTION_KINDS[key]
    mistyped = f"{kind.prefix}zzzzzz"
    with pytest.raises(PuzzleError):
        kind.get(mistyped)  # no such puzzle: the page must say so, not make one up
    status, page = page_of(client, mistyped)
    assert status == 404
    assert "is not the id of any puzzle; check it for a mistyped character" in page
    status, page = page_of(client, f"{kind.prefix}uuuuuu")
    assert status == 404 and "'u' cannot be in a puzzle code" in page
    status, page = page_of(client, f"{kind.prefix}abc")
    assert status == 404 and f"is not a {kind.title} id; expected {kind.prefix}" in page


def test_an_id_of_no_kind_is_not_found_with_the_kinds_it_could_be(client: FlaskClient) -> None:
    status, page = page_of(client, "tarot-12")
    assert status == 404
    assert "'tarot-12' is not a puzzle id; expected" in page
    for kind in QUESTION_KINDS.values():
        assert f"a {kind.title} id: {kind.id_help}" in page


@pytest.mark.parametrize("key", KINDS)
def test_an_id_is_read_in_any_case_and_shown_as_printed(client: FlaskClient, key: str) -> None:
    kind = QUESTION_KINDS[key]
    puzzle = puzzle_of(key, kind.first)
    status, page = page_of(client, puzzle.id.upper())
    assert status == 200
    assert f'<span class="id">{puzzle.id}</span>' in page
    status, page = page_of(client, puzzle.id.upper(), puzzle.answer)
    assert status == 200 and "Right!" in page
