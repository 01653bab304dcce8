"""The checking page of a Costly Tricks problem (PARADOX), through Flask's test client: the
four hands and the table, a form to answer, and the verdict with the solver's reasons,
never the key before an answer."""

from __future__ import annotations

import html
import json

import pytest
from flask.testing import FlaskClient

from printables.cards.wording import signed
from printables.paradox.problems import KIND, Problem, generated_id, position_id
from printables.paradox.solver import COMPILED
from printables.paradox.tricks import SEATS, Position, legal_cards, winner

PLAY_ID = generated_id("play", 4, "medium", 21)
BOOK = {
    "hands": [["R10", "R5", "G4"], ["G2", "B8", "B3"], ["G3", "P10", "P1"], ["B10", "B7", "B6"]],
    "leader": 0,
}


def page_of(client: FlaskClient, problem_id: str, answer: str | None = None) -> tuple[int, str]:
    query = {} if answer is None else {"answer": answer}
    response = client.get(f"/check/{problem_id}", query_string=query)
    return response.status_code, html.unescape(response.get_data(as_text=True))


def play() -> Problem:
    problem = KIND.get(PLAY_ID)
    assert problem.solution is not None
    return problem


def test_the_page_shows_the_hands_the_table_and_the_question_but_no_key(
    client: FlaskClient,
) -> None:
    problem = play()
    assert problem.solution is not None
    status, page = page_of(client, PLAY_ID)
    assert status == 200
    assert f'Costly Tricks puzzle <span class="id">{PLAY_ID}</span>' in page
    assert problem.text in page
    assert page.count("<img ") == len(problem.cards)
    for card in problem.cards:
        assert f"<figcaption>{card}</figcaption>" in page
    for seat in SEATS:
        assert f'aria-label="{seat}\'s hand"' in page
    assert '<label for="answer">Your answer: a card, or a card and the net, such as R5 +4.' in page
    assert "Right!" not in page and "Not right yet" not in page
    best = problem.best()[0]
    for words in ("is best", "net " + signed(problem.solution.net), "Trick 1", f"{best} is"):
        assert words not in page  # the key stays on the server


def test_the_best_card_and_net_are_right(client: FlaskClient) -> None:
    problem = play()
    assert problem.solution is not None
    answer = f"{str(problem.best()[0]).lower()} {signed(problem.solution.net)}"
    status, page = page_of(client, PLAY_ID, answer)
    assert status == 200
    assert "Right!" in page and "is the best card, and" in page


def test_a_worse_card_is_told_what_it_loses_and_keeps_the_answer(client: FlaskClient) -> None:
    problem = play()
    assert problem.solution is not None
    card, value = min(problem.solution.cards.items(), key=lambda item: item[1])
    status, page = page_of(client, PLAY_ID, f"{card} +2")
    assert status == 200
    assert "Not right yet" in page
    assert f"{card} loses {problem.solution.net - value} against best play" in page
    assert "Trick 1" in page  # the line that shows it
    assert f'value="{card} +2"' in page


def test_an_unreadable_answer_says_what_is_wrong_and_keeps_what_was_typed(
    client: FlaskClient,
) -> None:
    status, page = page_of(client, PLAY_ID, "Q5 +2")
    assert status == 400
    assert "'Q5' is not a PARADOX card: 'Q' is not a color; expected R, G, P or B." in page
    assert 'value="Q5 +2"' in page and 'aria-invalid="true"' in page
    status, page = page_of(client, PLAY_ID, "   ")
    assert status == 400 and "Write your answer first." in page


def test_drills_are_checked_on_their_pages(client: FlaskClient) -> None:
    legal = KIND.get(generated_id("legal", 3, "medium", 21))
    status, page = page_of(client, legal.id)
    assert status == 200 and "Which cards may " in page and "The table" in page
    allowed = legal_cards(legal.position.hands[legal.seat], legal.position.trick)
    status, page = page_of(client, legal.id, " ".join(str(c) for c in allowed))
    assert status == 200 and "Right!" in page
    drill = KIND.get(generated_id("winner", 3, "medium", 21))
    status, page = page_of(client, drill.id)
    assert "Who wins this trick?" in page and "4. " in page
    taker = winner(drill.position.leader, drill.trick)
    status, page = page_of(client, drill.id, SEATS[(taker + 1) % 4])
    assert status == 200 and "Not right yet" in page and "does not win" in page
    status, page = page_of(client, drill.id, SEATS[taker].lower())
    assert "Right!" in page


def test_a_position_named_by_its_id_has_a_page(client: FlaskClient) -> None:
    position = Position.read(BOOK)
    problem = KIND.typed(json.dumps(BOOK))
    status, page = page_of(client, position_id(position).upper())
    assert status == 200
    assert "A to lead: which card, and what net for A?" in page and "A leads." in page
    assert problem.solution is not None
    status, page = page_of(client, problem.id, str(problem.best()[0]))
    assert "Right!" in page


def test_a_mistyped_id_is_refused(client: FlaskClient) -> None:
    status, page = page_of(client, "costly-tricks-zzzzzz")
    assert status == 404
    assert "not the id of any problem; check it for a mistyped character" in page


@pytest.mark.skipif(not COMPILED, reason="a whole deal needs the solver's compiled search")
def test_a_whole_deal_problem_is_checked_as_an_ending_is(client: FlaskClient) -> None:
    """deal_id("hard", 0), about a minute to make: all 44 cards shown, the answer checked."""
    problem_id = "costly-tricks-d-c3cj5p"
    problem = KIND.get(problem_id)
    assert problem.solution is not None
    status, page = page_of(client, problem_id)
    assert status == 200 and page.count("<img ") == 44
    assert f"<figcaption>{problem.best()[0]}</figcaption>" in page
    answer = f"{problem.best()[0]} {signed(problem.solution.net)}"
    status, page = page_of(client, problem_id, answer)
    assert status == 200 and "Right!" in page and "is the best card, and" in page
    status, page = page_of(client, problem_id.upper(), f"{problem.best()[0]} +99")
    assert status == 200 and "Not right yet" in page
