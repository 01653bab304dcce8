"""What the MAT session tests share: known sets, and a teacher's and students' moves
through Flask's test client."""

from __future__ import annotations

import csv
import io
import json
import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.puzzles import from_cards
from webapp.db import read
from webapp.mat import store as mat_store

SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
SOLUTION = "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT\nRbzT RgzC RwzS"
UNSOLVED = "RbzT RgzC RwzS\nGb~T Gg=T GwzT\nBbzT Bw=T Bg~T"  # the set's cards, not solved
IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
IMPOSSIBLE_GRID = "Gb=C GbzS Gg~T\nRb~T Bg~S BwzT\nRgzS Rw~T BgzT"
FETCH = {"X-Requested-With": "fetch"}


def set_id(cards: str) -> str:
    return from_cards(read_cards(cards, FOUR_D), 3, 3).id


def new_session(
    teacher: FlaskClient,
    sets: str = f"{SOLVABLE}\n{IMPOSSIBLE}",
    variant: str = "simultaneous",
    limit: int = 600,
    name: str = "Period 3",
) -> tuple[int, str]:
    """A session of typed sets: (id, join code read off the console)."""
    response = teacher.post(
        "/sessions",
        data={"name": name, "variant": variant, "size": "3x3", "limit": str(limit),
              "source": "typed", "sets": sets},
    )  # fmt: skip
    assert response.status_code == 303, response.get_data(as_text=True)
    session_id = int(response.location.rsplit("/", 1)[1])
    page = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    found = re.search(r'join code <strong class="id">([A-Z2-9]{6})</strong>', page)
    assert found is not None
    return session_id, found.group(1)


BOM = b"\xef\xbb\xbf"
"""UTF-8's byte order mark, which the results CSV starts with."""


def join(app: Flask, code: str, nickname: str) -> FlaskClient:
    """A new device (cookie jar) joined as ``nickname``."""
    student = app.test_client()
    response = student.post("/join", data={"code": code, "nickname": nickname})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert response.location == f"/play/{mat_store.normal_code(code)}"
    return student


def seats(app: Flask, session_id: int) -> dict[str, int]:
    """Nickname -> player id, in seat order."""
    with app.app_context(), read() as db:
        view = mat_store.load(db, session_id)
    return {str(s.nickname): int(s.id) for s in view.seats}


def press(
    student: FlaskClient, code: str, number: int, claim: str = "done", answer: str = ""
) -> TestResponse:
    data = {"round": str(number), "claim": claim, "answer": answer}
    return student.post(f"/play/{code}/hand", data=data)


def _next_and_current(teacher: FlaskClient, session_id: int) -> tuple[int, int | None]:
    """The round a fresh console offers to start, and the round it shows (None: none)."""
    response = teacher.get(f"/sessions/{session_id}/state")
    if response.status_code != 200:  # not this teacher's session: the server says so
        return 0, 0
    current = json.loads(response.get_data(as_text=True))["round"]
    if current is None:
        return 0, None
    assert isinstance(current, dict)
    number = int(current["number"])
    return number + 1, number


def start_set(
    teacher: FlaskClient,
    session_id: int,
    number: int | None = None,
    headers: dict[str, str] | None = None,
) -> TestResponse:
    """Press "Start set N" as a console drawn now shows it (or for round ``number``)."""
    chosen = _next_and_current(teacher, session_id)[0] if number is None else number
    return _press_round(teacher, f"/sessions/{session_id}/rounds", chosen, headers)


def end_set(
    teacher: FlaskClient,
    session_id: int,
    number: int | None = None,
    headers: dict[str, str] | None = None,
) -> TestResponse:
    """Press "End set N now" as a console drawn now shows it (or for round ``number``)."""
    chosen = _next_and_current(teacher, session_id)[1] if number is None else number
    return _press_round(teacher, f"/sessions/{session_id}/rounds/end", chosen or 0, headers)


def _press_round(
    teacher: FlaskClient, path: str, number: int, headers: dict[str, str] | None
) -> TestResponse:
    """A Start or End form, naming its round as the console's page does."""
    return teacher.post(path, data={"round": str(number)}, headers=headers)


def state(client: FlaskClient, url: str) -> dict[str, object]:
    response = client.get(url)
    assert response.status_code == 200
    found: dict[str, object] = json.loads(response.get_data(as_text=True))
    return found


def csv_rows(teacher: FlaskClient, session_id: int) -> list[list[str]]:
    response = teacher.get(f"/sessions/{session_id}/results.csv")
    assert response.status_code == 200
    assert response.data.startswith(BOM), "Excel reads UTF-8 only after a byte order mark"
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))


def scores(teacher: FlaskClient, session_id: int) -> dict[str, list[str]]:
    """Player -> [place, set 1 score, set 1 mark, ..., total] from the CSV."""
    return {row[1]: [row[0], *row[2:]] for row in csv_rows(teacher, session_id)[1:]}


def row_of(page: str, player_id: int) -> str:
    """One player's row of the console's round table."""
    start = page.index(f'<tr id="player-{player_id}"')
    return page[start : page.index("</tr>", start)]


# --- making sessions -------------------------------------------------------------------


def refusal(client: FlaskClient, response: TestResponse) -> TestResponse:
    """A refused form: a 303 back to its page's own GET address (so a reload never sends
    the form again), and that page, which shows the problem once."""
    assert response.status_code == 303, response.get_data(as_text=True)
    page = client.get(response.location)
    assert page.status_code == 200
    return page


def refused(client: FlaskClient, response: TestResponse) -> str:
    """The text of the page a refused form goes back to (see :func:`refusal`)."""
    return refusal(client, response).get_data(as_text=True)


# --- reading a console page as the browser sends its forms -------------------------------


def console_form(page: str, form_id: str) -> dict[str, str]:
    """The hidden fields of one form of a console page, as the browser would send them."""
    start = page.index(f'id="{form_id}"')
    form = page[page.rindex("<form", 0, start) : page.index("</form>", start)]
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))


def judge_form(page: str, player_id: int) -> dict[str, str]:
    """The hidden fields of a row's save form, with its answer box and verdict list."""
    fields = console_form(page, f"judge-{player_id}")
    row = row_of(page, player_id)
    box = re.search(r'<textarea id="answer-\d+"[^>]*>(.*?)</textarea>', row, re.S)
    chosen = re.search(r'<option value="(\w*)" selected>', row)
    assert box is not None
    fields["answer"] = box.group(1)
    fields["verdict"] = chosen.group(1) if chosen else ""
    return fields
