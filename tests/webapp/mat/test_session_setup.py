"""Making MAT sessions through Flask's test client: the form, generated and typed
sets, and each refusal with its message and the typed text kept."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from mat_helpers import (
    FETCH,
    IMPOSSIBLE,
    SOLVABLE,
    new_session,
    refused,
    set_id,
    start_set,
)
from seed_draws import draws, long_then_fitting
from webapp_support import add_teacher, log_in

from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.puzzles import KIND as MATRIX
from printables.matrix.puzzles import from_cards, get_puzzle, parse_size, puzzle_ids
from webapp.db import read
from webapp.mat import store as mat_store
from webapp.mat import views as proctor


def test_the_new_session_form_needs_a_login_and_offers_the_books_limit(
    client: FlaskClient, teacher: FlaskClient
) -> None:
    page = teacher.get("/sessions/new").get_data(as_text=True)
    assert 'name="limit" inputmode="numeric" value="600"' in page
    assert '<option value="3x3" selected>' in page
    stranger = client.application.test_client()
    response = stranger.get("/sessions/new")
    assert response.status_code == 302 and response.location == "/login?next=/sessions/new"
    assert stranger.post("/sessions", data={"name": "x"}).status_code == 401


def test_generated_sets_are_the_engines_puzzles(app: Flask, teacher: FlaskClient) -> None:
    response = teacher.post(
        "/sessions",
        data={"name": "Gen", "variant": "simultaneous", "size": "4x4", "limit": "300",
              "source": "generate", "generate": "3", "want": "solvable", "level": "easy",
              "seed": "7"},
    )  # fmt: skip
    assert response.status_code == 303
    session_id = int(response.location.rsplit("/", 1)[1])
    expected = puzzle_ids(3, *parse_size("4x4"), "solvable", "easy", 7, "mat")
    with app.app_context(), read() as db:
        view = mat_store.load(db, session_id)
    assert [s.puzzle_id for s in view.sets] == expected
    assert view.limit == 300 and (view.row.rows, view.row.cols) == (4, 4)
    page = teacher.get(response.location).get_data(as_text=True)
    for position, puzzle_id in enumerate(expected):
        assert f'/sessions/{session_id}/cards/{position}">Set {position + 1}</a>' in page
        assert f'<span class="id">{puzzle_id}</span>' in page


def test_typed_ids_and_card_lists_make_the_sets_in_order(app: Flask, teacher: FlaskClient) -> None:
    typed_id = puzzle_ids(1, 3, 3, "impossible", "medium", 3)[0]
    session_id, _ = new_session(teacher, sets=f"{SOLVABLE}\n\n  {typed_id}  \n{IMPOSSIBLE}\n")
    with app.app_context(), read() as db:
        view = mat_store.load(db, session_id)
    assert [s.puzzle_id for s in view.sets] == [set_id(SOLVABLE), typed_id, set_id(IMPOSSIBLE)]
    assert [s.impossible for s in view.sets] == [False, True, True]
    assert [s.cards for s in view.sets] == [
        from_cards(read_cards(SOLVABLE, FOUR_D), 3, 3).cards,
        get_puzzle(typed_id).cards,
        from_cards(read_cards(IMPOSSIBLE, FOUR_D), 3, 3).cards,
    ]
    assert sorted(map(str, view.sets[0].cards)) == sorted(SOLVABLE.split())


TEN = "\n".join([SOLVABLE] * 10)
ELEVEN = "\n".join([SOLVABLE] * 11)
OTHER_SIZE = puzzle_ids(1, 4, 4, "either", "easy", 1)[0]


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"sets": "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T"},
         "Set 1 (RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T): a 3x3 matrix takes 9 cards, not 8."),
        ({"sets": f"{SOLVABLE}\nRbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bx~T"},
         "Set 2 (RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T ): card 9: 'Bx~T': 'x' is not a "
         "shade; expected b, g or w."),
        ({"sets": OTHER_SIZE}, f"Set 1 ({OTHER_SIZE}): this is a 4x4 puzzle; the session is 3x3."),
        ({"sets": "   \n "},
         "Give the sets: puzzle ids or card lists, one set a line, or a number to generate."),
        ({"source": "generate", "generate": "0", "sets": ""},
         "Give the sets: puzzle ids or card lists, one set a line, or a number to generate."),
        ({"sets": ELEVEN}, "A session has 1 to 10 sets, not 11."),
        ({"source": "generate", "generate": "11", "sets": ""}, "Generate 1 to 10 sets, not 11."),
        ({"source": "generate", "generate": "two", "sets": ""},
         "The number of sets: write a number such as 3, not 'two'."),
        ({"limit": "5"}, "The time limit is 10 to 3600 seconds, not 5."),
        ({"limit": "3601"}, "The time limit is 10 to 3600 seconds, not 3601."),
        ({"limit": "ten"}, "The time limit: write seconds, such as 600, not 'ten'."),
        ({"variant": "successive", "sets": TEN},
         "MAT Successive has one set a player, at most 9."),
        ({"variant": "successive", "source": "generate", "generate": "10", "sets": ""},
         "One deck holds 1 to 9 disjoint 3x3 sets, not 10."),
        ({"name": "  "}, "Name the session (1 to 80 characters), e.g. 'Period 3 MAT'."),
        ({"variant": "relay"}, "The variant is simultaneous or successive, not 'relay'."),
        ({"size": "3x7"}, "Grid size: 3x7 is not a Matrix size of the book"),
        ({"size": "4x4"}, f"Set 1 ({SOLVABLE[:40]}): a 4x4 matrix takes 16 cards, not 9."),
    ],
)  # fmt: skip
def test_each_refusal_says_why_and_keeps_what_was_typed(
    teacher: FlaskClient, form: dict[str, str], message: str
) -> None:
    data = {"name": "Period 3", "variant": "simultaneous", "size": "3x3", "limit": "450",
            "source": "typed", "sets": SOLVABLE, "generate": "3", "want": "impossible",
            "level": "hard", "seed": "12"}  # fmt: skip
    data.update(form)
    response = teacher.post("/sessions", data=data)
    assert response.location == "/sessions/new"
    page = refused(teacher, response)
    assert f'<div class="problems" role="alert"><p>{escape(message)}' in page
    assert f'value="{escape(data["name"])}"' in page
    assert f'id="limit" name="limit" inputmode="numeric" value="{escape(data["limit"])}"' in page
    assert f">{escape(data['sets'])}</textarea>" in page
    assert f'id="seed" name="seed" inputmode="numeric" value="{data["seed"]}"' in page
    assert '<option value="impossible" selected>' in page
    assert '<option value="hard" selected>' in page
    if data["size"] in proctor.SIZES:
        assert f'<option value="{data["size"]}" selected>' in page
    checked = "successive" if data["variant"] == "successive" else "simultaneous"
    assert f'name="variant" value="{checked}" checked>' in page
    assert f'name="source" value="{data["source"]}" checked>' in page
    assert teacher.get("/dashboard").get_data(as_text=True).count("/results") == 0


def test_the_chosen_source_decides_so_typed_sets_ignore_the_generate_count(
    app: Flask, teacher: FlaskClient
) -> None:
    response = teacher.post(
        "/sessions",
        data={"name": "Typed", "variant": "simultaneous", "size": "3x3", "limit": "600",
              "source": "typed", "sets": SOLVABLE, "generate": "5"},
    )  # fmt: skip
    assert response.status_code == 303
    with app.app_context(), read() as db:
        view = mat_store.load(db, int(response.location.rsplit("/", 1)[1]))
    assert [s.puzzle_id for s in view.sets] == [set_id(SOLVABLE)]


def test_sets_typed_while_generate_is_chosen_are_not_ignored_the_form_asks(
    teacher: FlaskClient,
) -> None:
    """The form takes what the teacher filled in, or asks which is meant: typed sets
    with "Generate" chosen are asked about, with everything kept."""
    data = {"name": "Period 3", "variant": "simultaneous", "size": "3x3", "limit": "600",
            "source": "generate", "sets": SOLVABLE, "generate": "3", "want": "either",
            "level": "medium", "seed": ""}  # fmt: skip
    page = refused(teacher, teacher.post("/sessions", data=data))
    assert "Sets are typed in the box, but &#39;Generate fresh puzzles&#39; is chosen" in page
    assert f">{SOLVABLE}</textarea>" in page
    assert teacher.get("/dashboard").get_data(as_text=True).count("/results") == 0
    # Reloading the page shows the form, not the problem again.
    again = teacher.get("/sessions/new").get_data(as_text=True)
    assert "Sets are typed" not in again and f">{SOLVABLE}</textarea>" not in again


def _generated(teacher: FlaskClient, seed: str) -> tuple[list[str], str]:
    data = {"name": "Gen", "variant": "simultaneous", "size": "3x3", "limit": "600",
            "source": "generate", "sets": "", "generate": "3", "want": "either",
            "level": "easy", "seed": seed}  # fmt: skip
    response = teacher.post("/sessions", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    page = teacher.get(response.location).get_data(as_text=True)
    ids = re.findall(r'<span class="id">(3x3-[0-9a-z]{6})</span>', page)
    found = re.search(r'id="seed">(\d+)</strong>', page)
    assert found is not None and len(ids) == 3
    return ids, found.group(1)


def test_sessions_made_with_the_defaults_get_fresh_puzzles_and_show_their_seed(
    teacher: FlaskClient,
) -> None:
    """One class cannot hand the next the answers: the form's empty seed draws a fresh
    one, shown on the console, and that seed makes the same puzzles again."""
    first, first_seed = _generated(teacher, "")
    second, second_seed = _generated(teacher, "")
    assert first_seed != second_seed and not set(first) & set(second)
    again, seed = _generated(teacher, first_seed)
    assert (again, seed) == (first, first_seed)
    assert "printables mat-kit --variant simultaneous --time-limit 600 --id " + " --id ".join(
        first
    ) in teacher.get("/sessions/1").get_data(as_text=True)


def test_a_session_of_hard_sets_with_no_seed_draws_one_whose_keys_fit(
    teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The console shows each set's key: a fresh seed of hard impossible sets is one
    whose proofs each fit a third of a page."""
    kit = MATRIX.choices(size="4x5", want="impossible", level="hard")
    long, fitting = long_then_fitting(2, kit, "mat")
    drawn = draws(monkeypatch, long, fitting)
    data = {"name": "Hard", "variant": "simultaneous", "size": "4x5", "limit": "600",
            "source": "generate", "sets": "", "generate": "2", "want": "impossible",
            "level": "hard", "seed": ""}  # fmt: skip
    response = teacher.post("/sessions", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    page = teacher.get(response.location).get_data(as_text=True)
    assert f'id="seed">{fitting}</strong>' in page
    assert drawn.count == 2
    assert set(re.findall(r'<span class="id">(4x5-[0-9a-z]{6})</span>', page)) == set(
        MATRIX.ids(2, fitting, kit, "mat")
    )


def test_another_teachers_session_is_not_found(app: Flask, teacher: FlaskClient) -> None:
    session_id, _ = new_session(teacher)
    add_teacher(app, "bea")
    bea = app.test_client()
    log_in(bea, "bea")
    for path in ("", "/table", "/state", "/results", "/results.csv", "/projector",
                 "/join-qr.svg", "/cards/0"):  # fmt: skip
        response = bea.get(f"/sessions/{session_id}{path}")
        assert response.status_code == 404, path
        assert "There is no such MAT session among yours" in response.get_data(as_text=True)
    for path in ("/rounds", "/players", "/reveal", "/delete", "/rounds/end"):
        assert bea.post(f"/sessions/{session_id}{path}", data={"confirm": "yes"}).status_code == 404
    fetched = start_set(bea, session_id, headers=FETCH)
    assert fetched.status_code == 404 and "no such MAT session" in fetched.json["problem"]  # type: ignore[index]
    assert "Period 3" not in bea.get("/dashboard").get_data(as_text=True)
    assert teacher.get(f"/sessions/{session_id}").status_code == 200


# --- joining -----------------------------------------------------------------------------
