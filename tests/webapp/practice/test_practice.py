"""Practice on phones (``/practice``), through Flask's test client: the choice of kind,
question and level; a puzzle after another, each with its verdict and reasons, a hint on
request and a streak carried in the address (a wrong answer starts it again); the puzzle
of the day for the projector with its QR code. Nothing is stored: no cookie is set and
the database is not written (but for the rate limit's counter, as on the checking page).
"""

from __future__ import annotations

import html
import re
import sqlite3
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
import zxingcpp
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image, ImageDraw
from question_support import wrong_answer

import webapp.network
from printables.cards.wording import sentence
from printables.matrix.puzzles import generate as generate_matrix
from printables.paradox.problems import generated_id as paradox_id
from printables.questions.base import LEVELS, Question, question_kinds
from webapp.checking.views import MAX_ANSWER
from webapp.practice import views as practice_views
from webapp.practice.views import MOST_STREAK

SEED = 5
QUESTION_KINDS = question_kinds()
QUESTIONS = [
    pytest.param(key, question, id=f"{key}-{question}")
    for key, kind in QUESTION_KINDS.items()
    for question in kind.questions.values()
]
KINDS = [pytest.param(key, id=key) for key in QUESTION_KINDS]
LAN = "10.1.2.3"
NADA = QUESTION_KINDS["nada"]
UNREADABLE = "Qx!! zz"


def puzzle_of(key: str, question: str, level: str = "easy", seed: int = SEED) -> Question:
    kind = QUESTION_KINDS[key]
    return kind.generate(seed, kind.choices(question=question, level=level))


def discard() -> Question:
    return puzzle_of("nada", "discard")


def wrong_card(puzzle: Question) -> str:
    """A card of the hand that is not the one to discard (read, and judged wrong)."""
    wrong = next(str(c) for c in puzzle.cards if str(c) != puzzle.answer)
    assert not NADA.judge(puzzle, wrong).right
    return wrong


def get(client: FlaskClient, path: str, **query: Any) -> tuple[int, str]:
    response = client.get(path, query_string=query)
    return response.status_code, html.unescape(response.get_data(as_text=True))


def play(client: FlaskClient, puzzle: Question, **query: Any) -> tuple[int, str]:
    return get(client, f"/practice/{puzzle.id}", **query)


def links_to_next(page: str) -> list[dict[str, list[str]]]:
    """The query of every link on the page to a next puzzle."""
    return [parse_qs(urlsplit(href).query)
            for href in re.findall(r'href="(/practice/next\?[^"]*)"', page)]  # fmt: skip


def streak_shown(page: str) -> int:
    found = re.findall(r"<strong>Streak: (\d+)</strong>", page)
    assert len(found) == 1, found
    return int(found[0])


def kind_form(page: str, key: str) -> str:
    """The practice index's form for one kind."""
    found = re.search(rf'name="kind" value="{re.escape(key)}">(.*?)</form>', page, re.S)
    assert found is not None, key
    return found.group(1)


def selected(form: str, name: str) -> list[str]:
    found = re.search(rf'<select name="{name}">(.*?)</select>', form, re.S)
    assert found is not None, name
    return re.findall(r'<option value="([^"]*)" selected>', found.group(1))


# --- choosing ---------------------------------------------------------------------------------


def test_the_index_lists_every_question_kind_with_its_questions_and_levels(
    client: FlaskClient,
) -> None:
    status, page = get(client, "/practice")
    assert status == 200
    assert 'id="problem"' not in page
    assert page.count('<section class="practice-kind">') == len(QUESTION_KINDS)
    for key, kind in QUESTION_KINDS.items():
        assert f"<h2>{kind.title}</h2>" in page
        assert f'<p class="hint">{kind.rules}</p>' in page
        form = kind_form(page, key)
        shown = re.findall(r'<option value="([^"]*)"(?: selected)?>(.*?)</option>', form)
        questions = [(name, kind.question_help[name].lower())
                     for name in kind.questions.values()]  # fmt: skip
        levels = [(level, level) for level in LEVELS.values()]
        assert [(value, text.lower()) for value, text in shown] == questions + levels, key
        assert all(text[:1].isupper() for _, text in shown), key
        assert selected(form, "level") == ["medium"]
        assert '<button type="submit">Start</button>' in form
        assert 'formaction="/practice/today"' in form
    assert 'name="kind" value="matrix"' not in page  # Matrix sets are checked, not practised


def test_the_question_help_keeps_its_capitals(client: FlaskClient) -> None:
    """BUG (fails now): templates/practice/index.html writes each question's help with
    Jinja's ``capitalize``, which also lowers every other letter: "on which Eighty-one
    columns ..." is shown as "On which eighty-one columns ...", and "Good Riddance's top
    card" as "good riddance's top card". Only the first letter should be raised (as
    :func:`printables.cards.wording.sentence` does)."""
    _, page = get(client, "/practice")
    placement = QUESTION_KINDS["placement"]
    for help_text in placement.question_help.values():
        assert sentence(help_text) in page
    assert "Good Riddance's top card" in page and "Eighty-one columns" in page


@pytest.mark.parametrize(("key", "question"), QUESTIONS)
def test_next_redirects_to_a_new_puzzle_of_the_kind_asked_carrying_the_streak(
    client: FlaskClient, key: str, question: str
) -> None:
    kind = QUESTION_KINDS[key]
    seen = set()
    for level in LEVELS.values():
        query = {"kind": key, "question": question, "level": level, "streak": "4"}
        response = client.get("/practice/next", query_string=query)
        assert response.status_code == 302
        where = urlsplit(response.location)
        assert parse_qs(where.query) == {"streak": ["4"]}
        assert where.path.startswith(f"/practice/{kind.prefix}")
        puzzle = kind.get(where.path.rsplit("/", 1)[1])
        assert (puzzle.kind, puzzle.question, puzzle.level) == (key, question, level)
        seen.add(puzzle.id)
        status, page = get(client, where.path, streak="4")
        assert status == 200 and streak_shown(page) == 4
    assert len(seen) == 3


def test_next_gives_a_new_puzzle_each_time_and_reads_defaults(client: FlaskClient) -> None:
    found = [client.get("/practice/next", query_string={"kind": "nada"}).location
             for _ in range(4)]  # fmt: skip
    ids = {urlsplit(url).path.rsplit("/", 1)[1] for url in found}
    assert len(ids) >= 3  # fresh random seeds (two alike: one chance in a million)
    for puzzle_id in ids:
        puzzle = NADA.get(puzzle_id)
        assert (puzzle.question, puzzle.level) == (NADA.first, "medium")
    assert all(urlsplit(url).query == "streak=0" for url in found)


def test_next_with_a_wrong_kind_says_so_and_keeps_nothing_it_cannot(client: FlaskClient) -> None:
    for typed in ({}, {"kind": "tarot"}, {"kind": "matrix"}, {"kind": "nada-discard"}):
        response = client.get("/practice/next", query_string=typed)
        page = html.unescape(response.get_data(as_text=True))
        assert response.status_code == 400, typed
        wrong = typed.get("kind", "")
        expected = ", ".join(QUESTION_KINDS)
        assert (f'<p class="problems" id="problem" role="alert">{wrong!r} is not a kind of '
                f"practice puzzle; expected {expected}.</p>") in page  # fmt: skip
        assert page.count('<section class="practice-kind">') == len(QUESTION_KINDS)


def test_next_with_a_wrong_question_or_level_says_so_and_keeps_the_choice(
    client: FlaskClient,
) -> None:
    status, page = get(client, "/practice/next", kind="nada", question="sideways", level="hard")
    assert status == 400
    assert "'sideways' is not a question; expected most (m), discard (d) or out (o)." in page
    assert selected(kind_form(page, "nada"), "level") == ["hard"]
    assert selected(kind_form(page, "poker"), "level") == ["medium"]  # the others: as new
    status, page = get(client, "/practice/next", kind="nada", question="discard", level="brutal")
    assert status == 400
    assert "'brutal' is not a difficulty; expected easy (e), medium (m) or hard (h)." in page
    assert selected(kind_form(page, "nada"), "question") == ["discard"]
    assert selected(kind_form(page, "poker"), "question") == []


# --- playing ----------------------------------------------------------------------------------


def test_a_puzzle_page_shows_the_puzzle_the_streak_and_keeps_the_streak_in_its_form(
    client: FlaskClient,
) -> None:
    puzzle = discard()
    status, page = play(client, puzzle, streak="3")
    assert status == 200
    assert streak_shown(page) == 3
    assert f'<h1 class="practice-title">{NADA.title}, {puzzle.level}</h1>' in page
    assert f'action="/practice/{puzzle.id}#answer-form"' in page
    assert '<input type="hidden" name="streak" value="3">' in page
    assert puzzle.text in page and NADA.rules_for(puzzle.question) in page
    for card in puzzle.cards:
        assert f'data-add="{card}"' in page and f"<figcaption>{card}</figcaption>" in page
    for line in puzzle.key:
        assert line not in page
    assert "Right!" not in page and "Not right yet" not in page and puzzle.hint not in page
    assert [q["streak"] for q in links_to_next(page)] == [["0"]]  # Skip only
    assert "Skip this puzzle</a> (the streak starts again)" in page


@pytest.mark.parametrize(("key", "question"), QUESTIONS)
def test_a_right_answer_shows_why_and_links_to_the_next_puzzle_with_the_streak_up(
    client: FlaskClient, key: str, question: str
) -> None:
    kind = QUESTION_KINDS[key]
    puzzle = puzzle_of(key, question)
    status, page = play(client, puzzle, streak="6", answer=puzzle.answer)
    assert status == 200
    assert "<h2>Right!</h2>" in page
    for reason in kind.check(puzzle, puzzle.answer).reasons:
        assert f"<li>{sentence(reason)}</li>" in page
    why = page.index("<h3>Why</h3>")
    for line in puzzle.key:
        assert page.find(f"<p>{line}</p>", why) > why
    assert streak_shown(page) == 7  # the right answer counts at once
    assert "7 right in a row." in page
    assert '<input type="hidden" name="streak" value="6">' in page  # checking again adds none
    assert "Next puzzle (streak 7)</a>" in page
    assert links_to_next(page) == [{"kind": [key], "question": [question],
                                    "level": ["easy"], "streak": ["7"]}]  # fmt: skip
    assert "Show a hint" not in page and "Skip this puzzle" not in page


@pytest.mark.parametrize(("key", "question"), QUESTIONS)
def test_a_wrong_answer_starts_the_streak_again_with_reasons_and_no_key(
    client: FlaskClient, key: str, question: str
) -> None:
    kind = QUESTION_KINDS[key]
    puzzle = puzzle_of(key, question)
    wrong = wrong_answer(kind, puzzle)
    status, page = play(client, puzzle, streak="6", answer=wrong)
    assert status == 200
    assert "<h2>Not right yet</h2>" in page and "Right!" not in page
    for reason in kind.check(puzzle, wrong).reasons:
        assert f"<li>{sentence(reason)}</li>" in page
    for line in puzzle.key:
        assert line not in page
    assert streak_shown(page) == 0
    assert "(a wrong answer starts it again)" in page
    assert '<input type="hidden" name="streak" value="0">' in page  # a retry starts at 0
    nexts = links_to_next(page)
    assert nexts == [{"kind": [key], "question": [question], "level": ["easy"],
                      "streak": ["0"]}]  # fmt: skip
    assert "Next puzzle" not in page and "Skip this puzzle" in page
    hint = re.search(r'href="([^"]*)">Show a hint</a>', page)
    assert hint is not None
    assert parse_qs(urlsplit(hint.group(1)).query)["streak"] == ["0"]


def test_a_wrong_answer_at_streak_0_says_nothing_of_starting_again(client: FlaskClient) -> None:
    puzzle = discard()
    _, page = play(client, puzzle, streak="0", answer=wrong_card(puzzle))
    assert "Not right yet" in page and streak_shown(page) == 0
    assert "starts it again" not in page and "(the streak starts again)" not in page


def test_after_a_wrong_answer_the_right_one_starts_a_new_streak(client: FlaskClient) -> None:
    puzzle = discard()
    _, page = play(client, puzzle, streak="5", answer=wrong_card(puzzle))
    retry = re.search(r'<input type="hidden" name="streak" value="(\d+)">', page)
    assert retry is not None
    _, page = play(client, puzzle, streak=retry.group(1), answer=puzzle.answer.lower())
    assert "Right!" in page and "Next puzzle (streak 1)" in page


def test_an_unreadable_empty_or_overlong_answer_keeps_the_streak(client: FlaskClient) -> None:
    """Only a judged wrong answer starts the streak again: a typo is told what is wrong."""
    puzzle = discard()
    refused = {
        UNREADABLE: "'Q' is not a color",
        "  ": "Write your answer first.",
        "x" * (MAX_ANSWER + 1): f"too long ({MAX_ANSWER + 1} characters)",
    }
    for answer, words in refused.items():
        status, page = play(client, puzzle, streak="4", answer=answer)
        assert status == 400, answer
        assert words in page and 'aria-invalid="true"' in page
        assert streak_shown(page) == 4 and "starts it again" not in page
        assert "Right!" not in page and "Not right yet" not in page
        assert [q["streak"] for q in links_to_next(page)] == [["0"]]
    _, page = play(client, puzzle, streak="4", answer=UNREADABLE)
    assert f'name="answer" value="{UNREADABLE}"' in page


def test_the_hint_is_shown_only_when_asked(client: FlaskClient) -> None:
    puzzle = discard()
    _, page = play(client, puzzle, streak="2")
    assert puzzle.hint not in page
    link = re.search(r'href="([^"]*)">Show a hint</a>', page)
    assert link is not None
    asked = urlsplit(link.group(1))
    assert asked.path == f"/practice/{puzzle.id}"
    assert parse_qs(asked.query) == {"streak": ["2"], "hint": ["1"]}
    status, page = get(client, asked.path, **parse_qs(asked.query))
    assert status == 200
    assert f'<section class="hint-box" aria-live="polite"><h2>Hint</h2><p>{puzzle.hint}</p>' in page
    assert "Show a hint" not in page and streak_shown(page) == 2
    for line in puzzle.key:
        assert line not in page  # a hint is not the key
    for other in ("0", "yes", "true"):
        assert puzzle.hint not in play(client, puzzle, hint=other)[1]


def test_the_hint_link_after_a_wrong_answer_keeps_the_answer(client: FlaskClient) -> None:
    puzzle = discard()
    wrong = wrong_card(puzzle)
    _, page = play(client, puzzle, streak="3", answer=wrong)
    link = re.search(r'href="([^"]*)">Show a hint</a>', page)
    assert link is not None
    query = parse_qs(urlsplit(link.group(1)).query)
    assert query == {"streak": ["0"], "hint": ["1"], "answer": [wrong]}
    _, page = play(client, puzzle, **query)
    assert puzzle.hint in page and f'value="{wrong}"' in page and streak_shown(page) == 0


def test_the_hint_page_closes_every_paragraph_it_opens(client: FlaskClient) -> None:
    """BUG (fails now): templates/practice/play.html opens ``<p>`` before "Show a hint"
    only when no hint is shown, but always closes one after "Skip this puzzle", so the
    page with the hint ends in a stray ``</p>`` (the "Skip this puzzle" link is then in no
    paragraph, and browsers add an empty one). The ``<p>`` should open before the
    ``{% if hint %}``... or the Skip link have its own paragraph."""
    puzzle = discard()
    for query in ({}, {"hint": "1"}, {"answer": wrong_card(puzzle)},
                  {"answer": wrong_card(puzzle), "hint": "1"}):  # fmt: skip
        _, page = play(client, puzzle, **query)
        main = page[page.index("<main") : page.index("</main>")]
        opened = len(re.findall(r"<p[\s>]", main))
        assert opened == main.count("</p>"), query


@pytest.mark.parametrize("typed", ["abc", "-5", "-1", str(10**9), str(MOST_STREAK + 1), "3.5",
                                   "", " 7 x", "1e3"])  # fmt: skip
def test_a_streak_that_is_not_a_count_reads_as_0(client: FlaskClient, typed: str) -> None:
    puzzle = discard()
    status, page = play(client, puzzle, streak=typed)
    assert status == 200 and streak_shown(page) == 0
    assert '<input type="hidden" name="streak" value="0">' in page
    _, page = play(client, puzzle, streak=typed, answer=puzzle.answer)
    assert "Next puzzle (streak 1)" in page
    assert [q["streak"] for q in links_to_next(page)] == [["1"]]
    location = client.get("/practice/next", query_string={"kind": "nada", "streak": typed}).location
    assert urlsplit(location).query == "streak=0"


def test_the_longest_streak_is_kept(client: FlaskClient) -> None:
    puzzle = discard()
    _, page = play(client, puzzle, streak=str(MOST_STREAK), answer=puzzle.answer)
    assert streak_shown(page) == MOST_STREAK + 1
    assert f"Next puzzle (streak {MOST_STREAK + 1})" in page


def test_every_practice_page_has_one_h1(client: FlaskClient) -> None:
    """One heading names each page (a screen reader's first stop): the choice of puzzles,
    a puzzle (checked right, wrong, or with a hint), a refused choice and the puzzle of the
    day."""
    puzzle = discard()
    pages = [
        get(client, "/practice"),
        play(client, puzzle),
        play(client, puzzle, streak="2", answer=puzzle.answer),
        play(client, puzzle, streak="2", answer=wrong_card(puzzle)),
        play(client, puzzle, hint="1"),
        get(client, "/practice/next", kind="nada", question="nope"),
        get(client, "/practice/today", kind="nada", question="discard", level="easy"),
    ]
    for status, page in pages:
        assert status in {200, 400}, page[:200]
        assert len(re.findall(r"<h1[ >]", page)) == 1, page[:400]


def test_a_bad_id_is_not_found_with_the_reason_and_the_choices(client: FlaskClient) -> None:
    for bad, words in (("nada-zzzzzz", "is not the id of any puzzle; check it for a mistyped"),
                       ("tarot-12", "'tarot-12' is not a puzzle id")):  # fmt: skip
        status, page = get(client, f"/practice/{bad}")
        assert status == 404, bad
        assert words in page
        assert page.count('<section class="practice-kind">') == len(QUESTION_KINDS)
    assert client.get("/practice/nada-zzzzzz/qr.svg").status_code == 404
    assert client.get("/practice/tarot-12/qr.svg").status_code == 404


def test_a_puzzle_of_another_kind_opens_its_checking_page(client: FlaskClient) -> None:
    matrix = generate_matrix(3, 3, "solvable", "easy", 2)
    for puzzle_id in (matrix.id, matrix.id.upper(), paradox_id("play", 4, "medium", 21)):
        response = client.get(f"/practice/{puzzle_id}", query_string={"streak": "3"})
        assert response.status_code == 302, puzzle_id
        assert response.location == f"/check/{puzzle_id.lower()}"


def test_practice_is_limited_by_address_like_checking(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(practice_views, "PRACTICE_LIMIT", 3)
    puzzle = discard()
    for _ in range(3):
        assert play(client, puzzle)[0] == 200
    busy = client.get(f"/practice/{puzzle.id}", query_string={"answer": puzzle.answer})
    assert busy.status_code == 429 and int(busy.headers["Retry-After"]) >= 1
    assert "Right!" not in busy.get_data(as_text=True)


# --- nothing stored ---------------------------------------------------------------------------


def practice_paths(puzzle: Question) -> list[str]:
    base = f"/practice/{puzzle.id}"
    right = urlencode({"answer": puzzle.answer})
    wrong = urlencode({"answer": wrong_card(puzzle)})
    return [
        "/practice",
        "/practice?kind=nada&question=discard",
        "/practice/next?kind=nada&question=discard&level=easy&streak=2",
        "/practice/next?kind=tarot",
        "/practice/next?kind=nada&level=brutal",
        base,
        f"{base}?streak=3",
        f"{base}?streak=3&{right}",
        f"{base}?streak=3&{wrong}",
        f"{base}?streak=3&{wrong}&hint=1",
        f"{base}?answer=Qx",
        f"{base}?answer=",
        "/practice/nada-zzzzzz",
        "/practice/today?kind=nada&question=discard&level=easy",
        "/practice/today?kind=tarot",
        f"{base}/qr.svg",
    ]


def test_practice_sets_no_cookie(app: Flask) -> None:
    """BUG (fails now): every practice page that renders templates/base.html sets a
    ``session`` cookie on a phone that had none: base.html line 7 writes
    ``<meta name="csrf-token" content="{{ csrf_token() }}">``, and Flask-WTF's
    ``generate_csrf`` keeps the new token in the session, so the response carries
    ``Set-Cookie: session=...`` (with CSRF checks on or off). Practice stores nothing and
    has no form that posts, so its pages should not make a token (for instance: base.html
    calls ``csrf_token()`` only for pages that post, or only when a session exists)."""
    puzzle = discard()
    setting = []
    for path in practice_paths(puzzle):
        response = app.test_client().get(path)  # a phone that has never been here
        assert response.status_code in (200, 302, 400, 404), path
        if response.headers.getlist("Set-Cookie"):
            setting.append(path)
    assert setting == []


def test_practice_sets_no_cookie_for_a_browser_that_has_one(app: Flask) -> None:
    """A browser holding the session cookie (it opened the home page) gets none back."""
    client = app.test_client()
    client.get("/")
    for path in practice_paths(discard()):
        response = client.get(path)
        assert response.headers.getlist("Set-Cookie") == [], path


def database_rows(app: Flask) -> dict[str, list[tuple[Any, ...]]]:
    url = str(app.config["DATABASE_URL"])
    assert url.startswith("sqlite:///")
    path = Path(url.removeprefix("sqlite:///"))
    assert path.exists()
    with sqlite3.connect(path) as db:
        listed = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        names = [row[0] for row in listed if not row[0].startswith("sqlite_")]
        return {name: sorted(db.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr)
                for name in names}  # fmt: skip


def test_practice_writes_nothing_to_the_database(app: Flask, teacher: FlaskClient) -> None:
    """Only the rate limit counts requests (the ``hits`` table, as on the checking page);
    no other table gains, loses or changes a row."""
    teacher.post("/timers", data={"preset": "1"})  # a database with some rows in it
    before = database_rows(app)
    assert len(before) >= 5 and "hits" in before
    puzzle = discard()
    for path in practice_paths(puzzle):
        for client in (app.test_client(), teacher):
            client.get(path)
    after = database_rows(app)
    assert after.keys() == before.keys()
    for table in before:
        if table != "hits":
            assert after[table] == before[table], table
    counted = {row[0] for row in after["hits"]} - {row[0] for row in before["hits"]}
    assert counted and all(key.startswith("practice:") for key in counted), counted


def test_practice_pages_have_no_inline_script(client: FlaskClient) -> None:
    """The content security policy allows scripts from files only."""
    puzzle = discard()
    for path in practice_paths(puzzle):
        page = client.get(path).get_data(as_text=True)
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == [], path
        assert re.findall(r"<[^>]+\son[a-z]+\s*=", page) == [], path


# --- the puzzle of the day --------------------------------------------------------------------


def on_day(monkeypatch: pytest.MonkeyPatch, day: date) -> None:
    """Make the practice views' ``date.today()`` say ``day``."""

    class Fixed(date):
        @classmethod
        def today(cls) -> Fixed:
            return cls(day.year, day.month, day.day)

    monkeypatch.setattr(practice_views, "date", Fixed)


@pytest.fixture
def lan(app: Flask, monkeypatch: pytest.MonkeyPatch) -> str:
    """The laptop's address on the classroom network, with no BASE_URL set."""
    app.config.pop("BASE_URL", None)
    monkeypatch.setattr(webapp.network, "lan_address", lambda: LAN)
    return LAN


def today_id(client: FlaskClient, **asked: str) -> str:
    status, page = get(client, "/practice/today", **asked)
    assert status == 200, page
    found: list[str] = re.findall(r'<img src="/practice/([^"/]+)/qr.svg"', page)
    assert len(found) == 1
    assert f"id <strong>{found[0]}</strong>" in page
    return found[0]


def test_the_puzzle_of_the_day_is_the_same_all_day_and_changes_the_next(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = {"kind": "nada", "question": "discard", "level": "easy"}
    first = date(2025, 3, 14)
    on_day(monkeypatch, first)
    found = today_id(client, **asked)
    assert today_id(client, **asked) == found
    assert today_id(app_client_again(client), **asked) == found  # everyone gets it
    puzzle = NADA.get(found)
    assert (puzzle.question, puzzle.level) == ("discard", "easy")
    days = {found}
    for k in range(1, 6):
        on_day(monkeypatch, first + timedelta(days=k))
        days.add(today_id(client, **asked))
    assert len(days) >= 5  # a new puzzle every day (two alike: one chance in 10^5 or so)
    on_day(monkeypatch, first)
    assert today_id(client, **asked) == found  # and the day's puzzle comes back with it
    assert today_id(client, **{**asked, "level": "hard"}) != found
    assert today_id(client, kind="nada", question="most", level="easy") != found


def app_client_again(client: FlaskClient) -> FlaskClient:
    """Another browser on the same app."""
    return client.application.test_client()


@pytest.mark.parametrize("key", KINDS)
def test_the_puzzle_of_the_day_shows_the_whole_puzzle_and_no_answer(
    client: FlaskClient, key: str, lan: str
) -> None:
    kind = QUESTION_KINDS[key]
    for question in kind.questions.values():
        status, page = get(client, "/practice/today", kind=key, question=question, level="hard")
        assert status == 200
        puzzle = kind.get(today_id(client, kind=key, question=question, level="hard"))
        assert (puzzle.question, puzzle.level) == (question, "hard")
        assert f"Puzzle of the day: {kind.title}, hard" in page
        assert f'<p class="question">{puzzle.text}</p>' in page
        assert kind.rules_for(question) in page
        for group in puzzle.groups:
            assert f"<h2>{group.label}" in page
        captions = re.findall(r"<figcaption>(.*?)</figcaption>", page)
        assert captions == [str(c) for c in puzzle.cards]
        for line in puzzle.key:
            assert line not in page
        assert puzzle.hint not in page and 'id="answer"' not in page
        url = f"http://{lan}/practice/{puzzle.id}"
        assert f"<strong>{url}</strong>" in page and f'alt="QR code of {url}"' in page


def test_the_puzzle_of_the_day_refuses_a_wrong_choice(client: FlaskClient) -> None:
    status, page = get(client, "/practice/today", kind="matrix")
    assert status == 400 and "'matrix' is not a kind of practice puzzle" in page
    status, page = get(client, "/practice/today", kind="poker", question="flush")
    assert status == 400 and "'flush' is not a question" in page


def qr_text(svg: str) -> list[str]:
    """The QR codes an SVG of filled rectangles shows (drawn 10 pixels a unit)."""
    scale = 10
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert box is not None
    size = (round(float(box.group(1)) * scale), round(float(box.group(2)) * scale))
    image = Image.new("L", size, 255)
    draw = ImageDraw.Draw(image)
    for d, fill in re.findall(r'<path d="([^"]+)" fill="(#[0-9a-fA-F]{6})"', svg):
        numbers = [float(n) * scale for n in re.findall(r"-?[\d.]+", d)]
        points = list(zip(numbers[0::2], numbers[1::2], strict=True))
        draw.polygon(points, fill=0 if fill.lower() == "#000000" else 255)
    return [code.text for code in zxingcpp.read_barcodes(image)]


def test_the_qr_code_opens_the_puzzles_practice_page_on_the_lan_address(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, lan: str
) -> None:
    on_day(monkeypatch, date(2025, 9, 1))
    puzzle_id = today_id(client, kind="nada", question="discard", level="easy")
    response = client.get(f"/practice/{puzzle_id}/qr.svg")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "image/svg+xml"
    svg = response.get_data(as_text=True)
    url = f"http://{lan}/practice/{puzzle_id}"
    assert f"<title>QR code: {url}</title>" in svg
    assert qr_text(svg) == [url]
    status, page = get(client, urlsplit(url).path)
    assert status == 200 and f'action="/practice/{puzzle_id}#answer-form"' in page
    typed = client.get(f"/practice/{puzzle_id.upper()}/qr.svg").get_data(as_text=True)
    assert qr_text(typed) == [url]  # an id typed in capitals: the code of the id as printed


def test_the_qr_code_uses_the_base_url_when_one_is_set(
    app: Flask, client: FlaskClient, lan: str
) -> None:
    app.config["BASE_URL"] = "https://maths.example.org/"
    puzzle = discard()
    svg = client.get(f"/practice/{puzzle.id}/qr.svg").get_data(as_text=True)
    assert qr_text(svg) == [f"https://maths.example.org/practice/{puzzle.id}"]
    assert LAN not in svg
