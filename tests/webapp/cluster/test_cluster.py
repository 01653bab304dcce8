"""Printables on three app servers behind HAProxy (``deploy/haproxy.cfg``), on one
PostgreSQL database: a class's phones and the teacher's console over real HTTP, each
phone with its own cookies, source address and kept-alive connection.

- A class spread over the servers is one class: the console, whichever server answers
  it, sees every join and every press.
- A server killed in the middle of a Done burst of 300 phones, its worker inside a press
  (the test holds the presses' table locked until a press waits on every server), loses
  and doubles nothing: the balancer sends a press that got no answer to another server, a
  phone whose press got an error presses again (as ``play.js`` tells the pupil), and
  every press is recorded once, timed within what the phone saw, scored as the engine
  scores it; a second tap of Done keeps the first time.
- A server whose clock is 7 s ahead (libfaketime) records the same seconds as the others:
  every time comes from the database's clock.
- The database restarted mid-set: meanwhile a clear 503 with ``Retry-After`` from the
  app (also once the balancer's health checks have failed), then the same servers carry
  on by themselves, with every press made before still there.

One cluster serves the module (the third server's clock shifted where libfaketime is
installed), on a new database of the test process's PostgreSQL cluster; each test
leaves it whole for the next.
"""

from __future__ import annotations

import contextlib
import csv
import email.utils
import http.client
import io
import math
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pytest
from cluster import Cluster, haproxy, libfaketime
from devices import Device, Reply, form_token, source_addresses
from postgres_support import PostgresCluster, postgres_bin
from webapp_support import PASSWORD, add_teacher

from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.mat import check_answer, ranking, set_score
from webapp import create_app

if haproxy() is None or postgres_bin() is None:
    pytest.skip(
        "the cluster tests need HAProxy and PostgreSQL (Debian's haproxy and postgresql)",
        allow_module_level=True,
    )

SECRET = "cluster-secret"
SHIFTED, SHIFT = 3, 7.0
"""The server whose clock runs ``SHIFT`` seconds ahead (where libfaketime is installed)."""
LIMIT = 600
SET = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
RIGHT = "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT\nRbzT RgzC RwzS"
WRONG = "RbzT RgzC RwzS\nGb~T Gg=T GwzT\nBbzT Bw=T Bg~T"
SEATS = 60  # printables.matrix.session.MAX_PLAYERS: a session seats at most so many
CLOCK_SLACK = 0.05
"""Seconds a server's time may stray from this process's clock: the database's clock is
this host's, and a server measures its offset to within half a round trip."""
RESEND = (502, 503, 504)
"""Answers after which a phone presses again: the press reached no server that could
record it (``play.js`` says "not recorded, press again")."""


def answers_right(answer: str) -> bool:
    return check_answer(answer, read_cards(SET, FOUR_D)).right


# --- the teacher and the phones --------------------------------------------------------


class Teacher:
    """The teacher's laptop: logged in through the balancer, making sessions and
    starting sets as the console's forms do."""

    def __init__(self, url: str, name: str) -> None:
        self.device = Device(url)
        page = self.device.get("/login")
        form = {"csrf_token": form_token(page.text), "username": name, "password": PASSWORD}
        assert self.device.post("/login", form).status in (302, 303)

    def new_session(self, name: str) -> tuple[int, str]:
        """A Simultaneous session of :data:`SET`: (id, join code)."""
        page = self.device.get("/sessions/new")
        assert page.status == 200, f"logged out: {page.status} to {page.location}"
        made = self.device.post(
            "/sessions",
            {"csrf_token": form_token(page.text), "name": name, "variant": "simultaneous",
             "size": "3x3", "limit": str(LIMIT), "source": "typed", "sets": SET},
        )  # fmt: skip
        assert made.status == 303, made.text
        console = self.device.get(made.location)
        code = re.search(r'join code <strong class="id">([A-Z0-9]+)<', console.text)
        assert code is not None
        return int(made.location.rsplit("/", 1)[1]), code.group(1)

    def start_set(self, session_id: int, at: str | None = None) -> Reply:
        """Press "Start set 1" on the console (through ``at``: one server directly)."""
        console = self.device.get(f"/sessions/{session_id}", at=at)
        form = {"csrf_token": form_token(console.text), "round": "0"}
        started = self.device.post(f"/sessions/{session_id}/rounds", form, at=at)
        assert started.status == 303, started.text
        return started

    def state(self, session_id: int, at: str | None = None) -> dict[str, Any]:
        """The console's poll."""
        reply = self.device.get(f"/sessions/{session_id}/state", fetch=True, at=at)
        assert reply.status == 200, reply.text
        found: dict[str, Any] = reply.json()
        return found

    def hands(self, session_id: int) -> dict[str, int]:
        """Nickname -> recorded seconds, as the console lists them (each player once)."""
        listed = self.state(session_id)["hands"]
        names = [str(h["nickname"]) for h in listed]
        assert len(names) == len(set(names)), f"a player listed twice: {sorted(names)}"
        return {str(h["nickname"]): int(h["seconds"]) for h in listed}

    def results(self, session_id: int) -> list[dict[str, str]]:
        reply = self.device.get(f"/sessions/{session_id}/results.csv")
        assert reply.status == 200
        return list(csv.DictReader(io.StringIO(reply.text.lstrip("\ufeff"))))


@dataclass
class Phone:
    """A pupil's phone: joins through the QR code's address, then presses Done with a
    written answer as ``play.js`` sends it."""

    nickname: str
    device: Device
    answer: str = RIGHT
    code: str = ""
    token: str = ""
    servers: list[str] = field(default_factory=list)

    def join(self, code: str) -> None:
        page = self.device.get(f"/join/{code}")
        assert page.status == 200, page.text
        form = {"csrf_token": form_token(page.text), "code": code, "nickname": self.nickname}
        joined = self.device.post("/join", form)
        assert joined.status == 303 and joined.location == f"/play/{code}", joined.text
        waiting = self.device.get(joined.location)
        assert waiting.status == 200, waiting.text
        self.code, self.token = code, form_token(waiting.text)
        self.servers += [page.server, joined.server, waiting.server]

    def poll(self, at: str | None = None) -> Reply:
        return self.device.get(f"/play/{self.code}/state", fetch=True, at=at)

    def press(self, at: str | None = None) -> Reply:
        form = {"csrf_token": self.token, "round": "0", "claim": "done", "answer": self.answer}
        reply = self.device.post(f"/play/{self.code}/hand", form, fetch=True, at=at)
        self.servers.append(reply.server)
        return reply


@dataclass
class Pressing:
    """A phone's presses of Done until one was answered 200 (recorded) or 409 (recorded
    before): the first one's sending and the last one's answer (this process's clock)."""

    first_sent: float
    answered: float
    final: Reply
    tries: list[str]

    @property
    def recorded_seconds(self) -> int | None:
        """The seconds the answer says were recorded (409: "already recorded at m:ss")."""
        if self.final.status == 200:
            hand = self.final.json()["hand"]
            return None if hand is None else int(hand)
        said = re.search(r"already recorded at (\d+):(\d\d)", self.final.json()["problem"], re.I)
        return None if said is None else int(said.group(1)) * 60 + int(said.group(2))


def press_until_recorded(phone: Phone, give_up: float = 30.0) -> Pressing:
    """Press, and press again after no answer or a 502, 503 or 504, until 200 or 409."""
    first = time.time()
    tries: list[str] = []
    deadline = time.monotonic() + give_up
    while time.monotonic() < deadline:
        try:
            reply = phone.press()
        except (OSError, http.client.HTTPException) as error:
            tries.append(type(error).__name__)
            time.sleep(0.2)
            continue
        tries.append(str(reply.status))
        if reply.status in (200, 409):
            return Pressing(first, reply.received, reply, tries)
        assert reply.status in RESEND, f"{phone.nickname}: {reply.status} {reply.text[:300]}"
        time.sleep(0.2)
    raise AssertionError(f"{phone.nickname} could not record a press: {tries}")


def within(seconds: int, started: float, first: float, last: float) -> bool:
    """Whether ``seconds`` after ``started`` fall in the whole seconds from ``first`` to
    ``last`` (the phone's clock, allowing :data:`CLOCK_SLACK`)."""
    return (
        math.floor(first - CLOCK_SLACK - started)
        <= seconds
        <= math.floor(last + CLOCK_SLACK - started)
    )


# --- the cluster -----------------------------------------------------------------------


@dataclass
class Room:
    """The module's cluster, its database and teacher, and source addresses for phones."""

    cluster: Cluster
    postgres: PostgresCluster
    teacher: Teacher
    shifted: bool
    addresses: Iterator[str] = field(default_factory=source_addresses)

    def phones(self, count: int, prefix: str) -> list[Phone]:
        """``count`` new phones, every fourth one with a wrong answer."""
        return [
            Phone(f"{prefix} {n:03d}", Device(self.cluster.url, next(self.addresses)),
                  WRONG if n % 4 == 3 else RIGHT)
            for n in range(count)
        ]  # fmt: skip

    def server_url(self, number: int) -> str:
        return self.cluster.servers[number - 1].url


@pytest.fixture(scope="module")
def room(
    postgres_cluster: PostgresCluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Room]:
    url = postgres_cluster.new_database()
    app = create_app({"DATABASE_URL": url, "SECRET_KEY": SECRET})  # the schema, and ada
    add_teacher(app, "ada", cheap=True)
    app.extensions["printables_db"].dispose()
    cluster = Cluster(tmp_path_factory.mktemp("cluster"), url, workers=1, secret_key=SECRET)
    shifted = libfaketime() is not None
    if shifted:
        cluster.shift_clock(SHIFTED, SHIFT)
    cluster.start()
    try:
        yield Room(cluster, postgres_cluster, Teacher(cluster.url, "ada"), shifted)
    finally:
        cluster.stop()
        with contextlib.suppress(Exception):
            postgres_cluster.drop_database(url)


def no_tracebacks(cluster: Cluster) -> None:
    logs = cluster.logs()
    assert "Traceback" not in logs, logs[-4000:]


def join_all(phones: list[Phone], code: str, threads: int = 12) -> None:
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(lambda phone: phone.join(code), phones))


def until(check: Any, seconds: float, what: str) -> Any:
    """``check()``'s first true value within ``seconds`` (polling every 0.1 s)."""
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"not within {seconds} s: {what}"
        time.sleep(0.1)


# --- the tests -------------------------------------------------------------------------


def test_a_class_spread_over_the_servers_is_one_class_on_the_console(room: Room) -> None:
    session_id, code = room.teacher.new_session("Spread")
    phones = room.phones(18, "Spread")
    join_all(phones, code)
    answered_by = {s for phone in phones for s in phone.servers}
    assert len(answered_by) >= 2, f"the balancer sent every phone to {answered_by}"
    polls = [room.teacher.device.get(f"/sessions/{session_id}/state", fetch=True)
             for _ in range(3)]  # fmt: skip
    assert len({p.server for p in polls}) >= 2
    assert all(p.json()["players"] == len(phones) for p in polls), "a join the console missed"
    console = room.teacher.device.get(f"/sessions/{session_id}").text
    assert [phone.nickname for phone in phones if phone.nickname not in console] == []

    room.teacher.start_set(session_id)
    with ThreadPoolExecutor(6) as pool:
        pressed = list(pool.map(lambda phone: phone.press(), phones))
    assert [p.status for p in pressed] == [200] * len(phones), [p.text for p in pressed]
    took = {p.server for p in pressed}
    assert len(took) >= 2, f"every press went to {took}"
    for _ in range(3):  # each poll to another server: every one sees every press
        hands = room.teacher.hands(session_id)
        assert hands == {
            phone.nickname: reply.json()["hand"]
            for phone, reply in zip(phones, pressed, strict=True)
        }
    no_tracebacks(room.cluster)


def test_a_server_killed_in_a_burst_of_done_loses_and_doubles_no_press(room: Room) -> None:
    sessions = [room.teacher.new_session(f"Burst {k}") for k in range(5)]
    classes = [room.phones(SEATS, f"Burst {k}") for k in range(len(sessions))]
    with ThreadPoolExecutor(len(sessions)) as pool:
        list(pool.map(join_all, classes, [code for _, code in sessions], [3] * len(sessions)))
    for session_id, _ in sessions:
        room.teacher.start_set(session_id)
    started = {sid: float(room.teacher.state(sid)["round"]["started_at"]) for sid, _ in sessions}

    phones = [phone for phones in classes for phone in phones]
    rng = random.Random(7)
    waits = [rng.uniform(0.0, 1.0) for _ in phones]  # every phone presses within a second
    pressings: dict[str, Pressing] = {}
    gate = threading.Barrier(len(phones) + 1)

    def pupil(phone: Phone, wait: float) -> None:
        gate.wait(timeout=60)
        time.sleep(wait)
        pressings[phone.nickname] = press_until_recorded(phone)

    threads = [
        threading.Thread(target=pupil, args=(phone, wait), daemon=True)
        for phone, wait in zip(phones, waits, strict=True)
    ]
    for thread in threads:
        thread.start()
    gate.wait(timeout=60)
    burst = time.time()
    victim = room.cluster.servers[1]
    time.sleep(0.3)
    with mid_press(room) as every_server_pressing:
        every_server_pressing()
        killed = time.time()
        victim.stop()  # SIGKILL, its worker inside a press
    try:
        for thread in threads:
            thread.join(timeout=60)
        assert len(pressings) == len(phones), "a phone never got its press recorded"
        sent_after = sum(1 for wait in waits if burst + wait > killed)
        assert 0 < sent_after < len(phones), "the kill was not in the middle of the burst"
        with ThreadPoolExecutor(6) as pool:  # a pupil taps Done again: the first stays
            again = list(pool.map(press_until_recorded, phones[::10]))
        for phone, pressing in zip(phones[::10], again, strict=True):
            assert pressing.final.status == 409, pressing
            assert pressing.recorded_seconds == pressings[phone.nickname].recorded_seconds
        for (session_id, _), mine in zip(sessions, classes, strict=True):
            recorded_once_in_time_and_scored(room, session_id, started[session_id], mine,
                                             pressings)  # fmt: skip
        resent = sum(len(p.tries) - 1 for p in pressings.values())
        print(f"burst: {len(phones)} phones, {resent} presses sent again, "
              f"{sum(p.final.status == 409 for p in pressings.values())} answered 409, "
              f"{sent_after} sent after the kill")  # fmt: skip
    finally:
        victim.start()
        for phone in phones:
            phone.device.close()
    until(lambda: room.teacher.device.get("/healthz").server == "app2", 8, "app2 back")


def recorded_once_in_time_and_scored(
    room: Room, session_id: int, started: float, phones: list[Phone], pressings: dict[str, Pressing]
) -> None:
    """The console lists each phone's press once, at the seconds its answer said and
    within the phone's window; the results CSV scores and places each as the engine does."""
    hands = room.teacher.hands(session_id)
    assert sorted(hands) == sorted(p.nickname for p in phones), "a press lost"
    for phone in phones:
        seconds, pressing = hands[phone.nickname], pressings[phone.nickname]
        assert within(seconds, started, pressing.first_sent, pressing.answered), (
            phone.nickname, seconds, started, pressing)  # fmt: skip
        assert pressing.recorded_seconds == seconds, (phone.nickname, pressing)
    rows = room.teacher.results(session_id)
    assert sorted(r["Player"] for r in rows) == sorted(hands), "one CSV row a phone"
    score = next(column for column in rows[0] if column.endswith(" score"))
    mark = score.split(" (")[0] + " mark"  # "Set 1 (<id>) score", "Set 1 mark"
    right = {p.nickname: answers_right(p.answer) for p in phones}
    totals = [set_score(hands[r["Player"]], right[r["Player"]], LIMIT) for r in rows]
    for row, total, place in zip(rows, totals, ranking(totals), strict=True):
        wanted = (str(total), "" if right[row["Player"]] else "wrong", str(total), str(place))
        assert (row[score], row[mark], row["Total"], row["Place"]) == wanted, row


@contextlib.contextmanager
def mid_press(room: Room) -> Iterator[Callable[[], None]]:
    """Hold the presses' table (``entries``) locked meanwhile: a press is read, timed and
    checked, then waits to be written. The function given waits until a press waits on
    every server (each one's worker is inside a press)."""
    import psycopg  # here: without it the module is skipped (the postgres_cluster fixture)

    dsn = room.postgres.dsn(room.cluster.database_url)
    with psycopg.connect(dsn) as holder, psycopg.connect(dsn, autocommit=True) as watcher:
        holder.execute("LOCK TABLE entries IN EXCLUSIVE MODE")
        waiting = (
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock'"
        )

        def presses_waiting() -> bool:
            found = watcher.execute(waiting).fetchone()
            return found is not None and found[0] >= len(room.cluster.servers)

        def every_server_pressing() -> None:
            until(presses_waiting, 10, "a press waiting on every server")

        try:
            yield every_server_pressing
        finally:
            holder.rollback()


def test_a_server_with_its_clock_ahead_records_the_same_seconds(room: Room) -> None:
    if not room.shifted:
        pytest.skip("needs libfaketime (Debian's libfaketime) to shift a server's clock")
    ahead = room.teacher.device.get("/login", at=room.server_url(SHIFTED))
    told = email.utils.parsedate_to_datetime(ahead.headers["Date"]).timestamp()
    assert told - ahead.received == pytest.approx(SHIFT, abs=1.5), "the clock is not shifted"

    session_id, code = room.teacher.new_session("Clocks")
    phones = room.phones(6, "Clocks")
    join_all(phones, code)
    went = room.teacher.start_set(session_id, at=room.server_url(SHIFTED))
    states = [room.teacher.state(session_id, at=room.server_url(n)) for n in (1, 2, 3)]
    begun = float(states[0]["round"]["started_at"])
    assert went.sent - CLOCK_SLACK <= begun <= went.received + CLOCK_SLACK, (went, begun)
    assert {s["round"]["ends_at"] for s in states} == {begun + LIMIT}
    for n in (1, 2, 3):
        phone = phones[n - 1]
        reply = phone.poll(at=room.server_url(n))
        told_now = float(reply.json()["now"])
        assert reply.sent - 1 <= told_now <= reply.received + 1, (n, told_now, reply)
        assert reply.json()["round"]["started_at"] == begun

    def press_at(phone: Phone, server: int, moment: float) -> Reply:
        time.sleep(max(0.0, begun + moment - time.time()))
        return phone.press(at=room.server_url(server))

    moments = [(phone, k % 3 + 1, 0.5 + k // 3) for k, phone in enumerate(phones)]
    with ThreadPoolExecutor(len(phones)) as pool:
        done = list(pool.map(lambda m: press_at(*m), moments))
    hands = room.teacher.hands(session_id)
    for (phone, server, moment), reply in zip(moments, done, strict=True):
        assert reply.status == 200, reply.text
        seconds = hands[phone.nickname]
        assert reply.json()["hand"] == seconds
        assert within(seconds, begun, reply.sent, reply.received), (server, moment, seconds)


def test_the_database_restarted_mid_set_gets_a_503_then_everything_carries_on(
    room: Room,
) -> None:
    session_id, code = room.teacher.new_session("Outage")
    phones = room.phones(6, "Outage")
    join_all(phones, code)
    room.teacher.start_set(session_id)
    before = {p.nickname: p.press().json()["hand"] for p in phones[:3]}
    processes = [s._process for s in room.cluster.servers]

    def checks_failed() -> bool:
        """Whether the balancer has taken every server out (``deploy/haproxy.cfg`` then
        sends requests to its unchecked backups: the same servers)."""
        return phones[5].poll().server not in ("app1", "app2", "app3")

    room.postgres.stop()
    try:
        for checked in (False, True):  # at once, then once the balancer's checks failed
            if checked:
                until(checks_failed, 10, "the balancer's health checks fail")
            for reply in (phones[3].poll(), phones[3].press()):
                assert reply.status == 503, reply.text
                assert int(reply.headers.get("Retry-After", 0)) > 0, (checked, reply.text)
                assert "problem" in reply.json()
            page = phones[4].device.get(f"/play/{code}")
            assert page.status == 503 and "Please try again" in page.text, page.text[:500]
            assert '<meta http-equiv="refresh"' in page.text, "the page does not reload itself"
        for n in (1, 2, 3):
            health = room.teacher.device.get("/healthz", at=room.server_url(n))
            assert health.status == 503
    finally:
        room.postgres.start()

    back = time.monotonic()
    until(lambda: phones[3].poll().status == 200, 10, "a poll answered again")
    print(f"database back: polls answered again after {time.monotonic() - back:.2f} s")
    for phone in phones[3:]:  # 200, not 409: a press refused in the outage left nothing
        reply = until(lambda p=phone: (r := p.press()).status == 200 and r, 10, "a press")
        assert reply.json()["hand"] is not None
    hands = room.teacher.hands(session_id)
    assert {n: hands[n] for n in before} == before, "a press made before the outage changed"
    assert sorted(hands) == sorted(p.nickname for p in phones)
    for n in (1, 2, 3):
        assert room.teacher.device.get("/healthz", at=room.server_url(n)).status == 200
    assert [s._process for s in room.cluster.servers] == processes, "a server was restarted"
    no_tracebacks(room.cluster)
