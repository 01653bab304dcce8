"""Hostile input on every route, on SQLite and on PostgreSQL: no answer is a 500.

The routes come from the app's URL map, so a new route is walked without a line here.
Each is requested by a teacher who is also seated as a pupil in a session with players
and a running set (so the teacher's and the pupils' routes reach their code), once for
every hostile value in each path parameter, then once for every hostile value in each
query or form field the view reads, the other fields holding ordinary values. Which
fields a view reads is recorded as it runs (every ``request.args`` and ``request.form``
lookup), so a new field is walked too. Every request comes from an address of its own,
so rate limits stay on (their keys hold what was sent) without stopping the walk. Each
database's walk is in two parts (the endpoints in turn), two tests that two test
processes can share.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from itertools import count
from typing import Any
from urllib.parse import quote

import pytest
from flask import Flask, Request
from flask.testing import FlaskClient
from mat_helpers import IMPOSSIBLE, SOLUTION, SOLVABLE, new_session, seats, set_id
from sqlalchemy import select
from webapp_support import PASSWORD, add_teacher, log_in
from werkzeug.datastructures import ImmutableMultiDict
from werkzeug.routing import IntegerConverter, Rule
from werkzeug.security import generate_password_hash

from webapp.accounts import views as account_views
from webapp.db import write
from webapp.grading import jobs
from webapp.grading import store as grade_store
from webapp.tables import teachers

HOSTILE: dict[str, bytes] = {
    "2^63": b"9223372036854775808",
    "2^64": b"18446744073709551616",
    "2^31": b"2147483648",
    "-1": b"-1",
    "0": b"0",
    "1e309": b"1e309",
    "nan": b"nan",
    "Arabic-Indic digits": "\u0661\u0662".encode(),
    "empty": b"",
    "spaces": b"   ",
    "NUL": b"a\x00b",
    "lone surrogate": b"\xed\xa0\x80",  # what a lone surrogate is in WTF-8
    "invalid UTF-8": b"\xff\xfe",
    "RTL marks": "\u202e\u200fabc\u202c".encode(),
    "nickname that grows": "\ufdfa\ufdfa".encode(),  # 36 characters after NFKC
    "emoji": "\U0001f469\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466\U0001f0a1".encode(),
    "markup": b"<script>alert(1)</script>\"'&",
    "newlines": b"\r\n\r\n",
    "10 KB text": b"x" * 10240,
    "huge number": b"9" * 2000,
}
"""Each hostile value, as the bytes sent (percent-encoded) in a path, a query or a form."""

INT_PATH: dict[str, bytes] = {k: HOSTILE[k] for k in ("2^63", "2^64", "2^31", "0", "huge number")}
"""What an ``<int:...>`` path parameter can be sent (its converter matches digits only)."""

TWICE = "sent twice"
"""A field sent twice (a list where one value is expected): the wrong type a form can hold."""


class Recording(ImmutableMultiDict[str, str]):
    """Query or form values that note every field a view looks up in :data:`READ`."""

    def __getitem__(self, key: str) -> str:
        READ.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        READ.add(str(key))
        return super().__contains__(key)

    def getlist(self, key: str, type: Any = None) -> list[Any]:
        READ.add(key)
        return super().getlist(key, type)


READ: set[str] = set()

ADDRESSES = count(1)
"""Each request's own client address: rate limits stay on, and never stop the walk."""


def address() -> str:
    n = next(ADDRESSES)
    return f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}"


class RecordingRequest(Request):
    parameter_storage_class = Recording


def ordinary(endpoint: str, world: Mapping[str, Any]) -> dict[str, str | None]:
    """An ordinary value for each field a view may read (None: left out, as a page leaves
    it out unless chosen), by field name with a feature's own where names clash."""
    values: dict[str, str | None] = {
        "code": world["code"], "nickname": "Dee", "round": "0", "claim": "done",
        "answer": SOLUTION, "name": "Period 4", "variant": "simultaneous", "size": "3x3",
        "limit": "600", "sets": f"{SOLVABLE}\n{IMPOSSIBLE}", "source": "typed",
        "generate": "1", "want": "either", "level": "easy", "seed": "1", "names": "Eve",
        "joining": "open", "verdict": "solved", "answer_was": None, "shown": "1",
        "anyway": "yes", "confirm": "no", "label": "Quiz", "time": "5:00",
        "direction": "down", "preset": None, "duration": None, "username": world["teacher"],
        "password": PASSWORD, "current": PASSWORD, "repeat": "another horse staple",
        "next": "/dashboard", "ended": "1", "deleted": "1", "streak": "3", "hint": "1",
        "paper": "a4", "card": "poker", "backs": "1", "kind": "matrix", "question": None,
        "difficulty": "easy", "count": "1", "key": "both", "per_page": "", "players": "2",
        "game": "", "sheet_players": "", "handout": "tiles", "cards": SOLVABLE,
    }  # fmt: skip
    feature = endpoint.split(".")[0]
    if feature == "practice":
        values |= {"kind": "nada", "question": "most"}
    if feature == "printing":
        values |= {"cards": "4", "sets": "1", "players": "1"}
    return values


def path_values(world: Mapping[str, Any]) -> dict[str, str]:
    """The ordinary value of every path parameter: the world's own session, player,
    running set, timer and join code."""
    return {
        "session_id": str(world["session_id"]), "player_id": str(world["player_id"]),
        "number": "0", "position": "0", "timer_id": str(world["timer_id"]),
        "code": world["code"], "puzzle_id": set_id(SOLVABLE), "key": "4d", "index": "0",
        "filename": "play.js", "upload_id": str(world["upload_id"]),
    }  # fmt: skip


TEACHER = "ada"
CHEAP = "pbkdf2:sha256:1"
"""The teacher's password hash in this test: the walk logs in hundreds of times, and how
hard a hash is to reverse is not what it tests."""


def make_world(app: Flask) -> tuple[FlaskClient, dict[str, Any]]:
    """The teacher logged in afresh (a walk may log out), seated as a pupil in a new
    session beside two others, one of whom has pressed Done in the running set, and a
    timer."""
    name = TEACHER
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address()  # logging in is limited per address
    log_in(client, name)
    session_id, code = new_session(client)
    assert client.post("/join", data={"code": code, "nickname": "Me"}).status_code == 303
    other = app.test_client()
    assert other.post("/join", data={"code": code, "nickname": "Bo"}).status_code == 303
    client.post(f"/sessions/{session_id}/players", data={"names": "Cy"})
    assert client.post(f"/sessions/{session_id}/rounds", data={"round": "0"}).status_code == 303
    other.post(f"/play/{code}/hand", data={"round": "0", "claim": "done", "answer": SOLUTION})
    made = client.post("/timers", data={"label": "Quiz", "time": "5:00", "direction": "down"})
    timer_id = int(re.findall(r"\d+", made.location)[-1])
    world = {"teacher": name, "session_id": session_id, "code": code, "timer_id": timer_id,
             "player_id": seats(app, session_id)["Me"],
             "upload_id": graded_upload(app)}  # fmt: skip
    return client, world


def graded_upload(app: Flask) -> int:
    """An upload of the teacher's, graded here and now (a file that is no scan)."""
    with app.app_context():
        with write() as db:
            teacher = db.execute(select(teachers.c.id).where(teachers.c.username == TEACHER))
            upload_id = grade_store.create(db, teacher.scalar_one(), [("a.txt", b"x")], 0.0)
            assert grade_store.claim(db, upload_id, "walk", 0.0)
        jobs.run(app.extensions["printables_db"], upload_id, "walk")
    return upload_id


def encoded(fields: Mapping[str, bytes | list[bytes]]) -> str:
    """``a=1&b=2`` from raw bytes, percent-encoded as a browser would send them."""
    pairs = []
    for key, value in fields.items():
        for one in value if isinstance(value, list) else [value]:
            pairs.append(f"{quote(key)}={quote(one, safe='')}")
    return "&".join(pairs)


def path_of(rule: Rule, values: Mapping[str, bytes]) -> str:
    """The rule's path with each parameter's value percent-encoded."""
    parts = re.split(r"<(?:[^<>:]+:)?([^<>]+)>", rule.rule)
    return "".join(
        part if k % 2 == 0 else quote(values[part], safe="") for k, part in enumerate(parts)
    )


Failure = tuple[str, str, str, str]
"""(method and path, what was hostile, the page or script asking, what went wrong)."""


class Walker:
    """Requests one route with hostile values and notes every answer that is a 500."""

    def __init__(self, app: Flask, teacher: FlaskClient, rule: Rule, method: str) -> None:
        self.app, self.rule, self.method = app, rule, method
        self.teacher = teacher
        self.strangers = False
        self.failures: list[Failure] = []
        self.where = f"{method} {rule.rule}"

    def send(
        self, path: str, fields: Mapping[str, bytes | list[bytes]], what: str, turn: int = 0
    ) -> set[str]:
        """One request from an address of its own, by a page on even turns and by a script
        on odd ones, from the teacher or (on a public route) a new device in turn; the
        fields it read."""
        fetch = turn % 2 == 1
        stranger = self.strangers and turn // 2 % 2 == 1
        client = self.app.test_client() if stranger else self.teacher
        headers = {"X-Requested-With": "fetch"} if fetch else {}
        body = encoded(fields)
        options: dict[str, Any] = {
            "method": self.method,
            "headers": headers,
            "environ_base": {"REMOTE_ADDR": address()},
        }
        if self.method == "GET":
            options["query_string"] = body
        else:
            options |= {"data": body, "content_type": "application/x-www-form-urlencoded"}
        READ.clear()
        asking = ("script" if fetch else "page") + (" of a stranger" if stranger else "")
        try:
            response = client.open(path, **options)
        except Exception as error:
            self.failures.append((self.where, what, asking, repr(error)[:300]))
        else:
            if response.status_code >= 500:
                said = response.get_data(as_text=True)[:200]
                self.failures.append((self.where, what, asking, said))
        return set(READ)

    def walk(self, world: Mapping[str, Any]) -> None:
        ordinary_path = {k: v.encode() for k, v in path_values(world).items()}
        path = path_of(self.rule, ordinary_path)
        base = ordinary(self.rule.endpoint, world)
        fields: set[str] = set()
        for _ in range(3):  # the fields read with ordinary values may lead to more
            sent = {k: v.encode() for k in fields if (v := base.get(k, "1")) is not None}
            found = self.send(path, sent, "nothing")
            if found <= fields:
                break
            fields |= found
        self.strangers = self.public(path)
        turns = count()
        for name, converter in self.rule._converters.items():
            hostile = INT_PATH if isinstance(converter, IntegerConverter) else HOSTILE
            for label, value in hostile.items():
                target = path_of(self.rule, {**ordinary_path, name: value})
                self.send(target, {}, f"path {name}: {label}", next(turns))
        for name in sorted(fields):
            ordinary_fields = {
                k: v.encode() for k in fields - {name} if (v := base.get(k, "1")) is not None
            }
            for label, value in [*HOSTILE.items(), (TWICE, b"")]:
                sent: dict[str, bytes | list[bytes]] = dict(ordinary_fields)
                sent[name] = [b"1", HOSTILE["10 KB text"]] if label == TWICE else value
                self.send(path, sent, f"{name}: {label}", next(turns))

    def public(self, path: str) -> bool:
        """Whether a stranger's request reaches the view (not a teacher's page)."""
        answer = self.app.test_client().open(path, method=self.method)
        return answer.status_code != 401 and "/login" not in (answer.location or "")


def routes(app: Flask) -> Iterator[tuple[Rule, str]]:
    """Every route and method of the app, the pages of its static files too."""
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: (r.rule, r.endpoint)):
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            yield rule, method


@pytest.fixture(params=["sqlite", "postgresql"])
def hostile_app(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Flask:
    """The app on SQLite, then on PostgreSQL (skipped where it is not installed); a name
    no account has is checked against a cheap hash, as the teacher's is."""
    name = "app" if request.param == "sqlite" else "postgres_app"
    app: Flask = request.getfixturevalue(name)
    app.request_class = RecordingRequest
    unknown = generate_password_hash("no password matches this", CHEAP)
    monkeypatch.setattr(account_views, "unknown_name_hash", lambda: unknown)
    return app


NO_STORE = {"printing.index", "printing.worksheet", "printing.mat_kit", "printing.scoresheet",
            "printing.handout"}  # fmt: skip
"""Routes whose views send nothing typed to the database (the print page makes documents
from what was chosen and stores nothing; its rate limit's key is the address alone): walked
on SQLite, and not again on PostgreSQL, where only what reaches the database differs."""


PARTS = 2
"""The walk of each database in this many parts, each a test of its own, so that two
test processes share it."""


def part_of(endpoint: str, every: set[str]) -> int:
    """The part of the walk that walks ``endpoint`` (of the app's endpoints ``every``):
    the endpoints in turn, by the order of their names."""
    return sorted(every).index(endpoint) % PARTS


def test_the_parts_of_the_walk_hold_every_route_once(app: Flask) -> None:
    every = {rule.endpoint for rule in app.url_map.iter_rules()}
    parts = [{e for e in every if part_of(e, every) == k} for k in range(PARTS)]
    assert set().union(*parts) == every and sum(map(len, parts)) == len(every)
    assert all(len(part) >= len(every) // PARTS for part in parts), [len(p) for p in parts]


@pytest.mark.parametrize("part", range(PARTS))
def test_no_route_answers_hostile_input_with_a_500(hostile_app: Flask, part: int) -> None:
    app = hostile_app
    failures: list[Failure] = []
    walked = set()
    add_teacher(app, TEACHER)
    with app.app_context(), write() as db:  # each login checks it: one pass, not scrypt's
        db.execute(teachers.update().values(password_hash=generate_password_hash(PASSWORD, CHEAP)))
    postgres = app.config["DATABASE_URL"].startswith("postgresql")
    every = {rule.endpoint for rule in app.url_map.iter_rules()}
    mine = {e for e in every if part_of(e, every) == part}
    for rule, method in routes(app):
        if rule.endpoint not in mine or (postgres and rule.endpoint in NO_STORE):
            continue
        client, world = make_world(app)
        walker = Walker(app, client, rule, method)
        walker.walk(world)
        failures += walker.failures
        walked.add(rule.endpoint)
    assert every >= NO_STORE  # a renamed print route is walked on both again until named here
    assert walked == (mine - NO_STORE if postgres else mine)
    report = "\n".join(" | ".join(f) for f in failures[:60])
    assert not failures, f"{len(failures)} answers were 500s:\n{report}"


def test_an_id_no_database_column_holds_is_not_found(hostile_app: Flask) -> None:
    """2^31 and beyond (PostgreSQL's INTEGER; 2^63 overflowed SQLite) name nothing: 404."""
    app = hostile_app
    add_teacher(app, TEACHER)
    client = app.test_client()
    log_in(client, TEACHER)
    session_id, _ = new_session(client)
    for big in (2**31, 2**63, 2**64):
        assert client.get(f"/sessions/{big}").status_code == 404
        assert client.get(f"/timers/{big}/state").status_code == 404
        assert client.post(f"/sessions/{session_id}/players/{big}/remove").status_code == 404
    assert client.get(f"/sessions/{session_id}").status_code == 200


def test_a_nickname_that_grows_under_nfkc_joins_once(hostile_app: Flask) -> None:
    """ "\ufdfa\ufdfa" is 36 characters after NFKC, past its key's column: it joins, and a
    second device cannot take the same name."""
    app = hostile_app
    add_teacher(app, TEACHER)
    client = app.test_client()
    log_in(client, TEACHER)
    session_id, code = new_session(client)
    name = "\ufdfa\ufdfa"
    first = app.test_client().post("/join", data={"code": code, "nickname": name})
    assert first.status_code == 303 and first.location == f"/play/{code}"
    again = app.test_client()
    page = again.get(again.post("/join", data={"code": code, "nickname": name}).location).text
    assert "someone has already joined as" in page.casefold()
    assert list(seats(app, session_id)) == [name]


def test_a_nul_character_is_refused_before_any_view(hostile_app: Flask) -> None:
    """PostgreSQL cannot store NUL: a page and a script are told, with a 400."""
    app = hostile_app
    client = app.test_client()
    page = client.post("/join", data={"code": "ABCDEF", "nickname": "a\x00b"})
    assert page.status_code == 400 and "held a NUL character" in page.text
    script = client.get("/join/AB%00CD", headers={"X-Requested-With": "fetch"})
    assert script.status_code == 400 and "NUL" in script.get_json()["problem"]
