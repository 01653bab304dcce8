"""One class on the web app, as the load benchmarks play it: the teacher's sessions, the
phones from the join page to a recorded time, and the checks that nothing was lost or
scored wrongly (``bench_webapp.py`` on one server, ``bench_cluster.py`` on several; the
way a run goes is told in ``bench_webapp.py``'s docstring).

Whether the recorded times keep the order of the presses is :class:`Fairness`.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math
import random
import re
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from urllib.parse import quote

from web_client import (  # beside this file
    Browser,
    Recorder,
    StepFailed,
    form_token,
    found,
    page_token,
)

from printables.cards import FOUR_D

STAMP_RESOLUTION = 1e-6
"""The kernel's arrival stamps are whole microseconds: one may read up to this much before
the bytes were written."""
PASSWORD = "load test password"
TIME_LIMIT = 600
SET_CARDS = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
RIGHT_ANSWER = "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT\nRbzT RgzC RwzS"
WRONG_ANSWER = "RbzT RgzC RwzS\nGb~T Gg=T GwzT\nBbzT Bw=T Bg~T"  # columns 2 and 3 fail
IN_PLAY = "not checked here"
"""What the checking page says of a set in a running competition."""
MAX_PER_SESSION = 60  # printables.matrix.session.MAX_PLAYERS
KINDS = (
    "join form", "join", "play page", "card image", "state poll", "check", "check in play",
    "done", "teacher poll", "teacher", "flood state",
)  # fmt: skip
"""The kinds of request a class makes, as its samples are recorded."""


@dataclass(frozen=True)
class Options:
    """A run's class and server, as the command line sets them."""

    students: int
    per_session: int
    workers: int
    threads: int
    database: str
    poll: float
    polls: int
    join_spread: float
    done_spread: float
    flood: float
    seed: int
    app: str = "webapp:create_app()"
    server: str = "gunicorn"  # or "serve": `printables serve`, as the README starts it
    serve_args: tuple[str, ...] = ()  # options for `printables serve` (none: its defaults)


@dataclass(frozen=True)
class Checks:
    """The checking pages a phone opens: a practice puzzle's (with a right and a wrong
    answer) and the set in play's (which is refused)."""

    practice: str
    right: str
    wrong: str
    in_play: str


def checks() -> Checks:
    from printables.cards.reading import read_cards
    from printables.matrix import check_answer
    from printables.matrix.puzzles import from_cards, generate

    practice = generate(3, 3, "solvable", "easy", 11)
    assert practice.solution is not None
    right = "\n".join(" ".join(map(str, row)) for row in practice.solution)
    wrong = "\n".join(" ".join(map(str, practice.cards[k : k + 3])) for k in (0, 3, 6))
    assert check_answer(right, practice.cards) and not check_answer(wrong, practice.cards)
    in_play = from_cards(read_cards(SET_CARDS, FOUR_D), 3, 3).id
    return Checks(f"/check/{practice.id}", right, wrong, f"/check/{in_play}")


@dataclass(frozen=True)
class Burst:
    """Calls around the Done burst, for a benchmark that reads counters there
    (``bench_cluster.py``: the database's): ``begin`` as the phones are released to press,
    ``end`` once every phone's Done is answered (or given up)."""

    begin: Callable[[], None]
    end: Callable[[], None]


@dataclass
class Student:
    number: int
    session: int  # index into the run's sessions
    nickname: str
    right: bool
    browser: Browser
    own_hand: int | None = None
    problem: str = ""
    started_at: float | None = None  # the set's start on the server's clock (its state)
    pressed: tuple[float, float] | None = None  # Done written: monotonic, before and after
    pressed_wall: tuple[float, float] | None = None  # the same on time.time()


def address(run: int, student: int) -> str:
    """Student ``student``'s phone's own address in run ``run`` (from 0): 127.R.H.L, never
    the teacher's 127.0.0.1 (every 127.x.y.z is this machine)."""
    return f"127.{run % 250 + 1}.{student // 250}.{student % 250 + 2}"


def class_of(
    students: int, sessions: int, run: int, port: int, recorder: Recorder
) -> list[Student]:
    """Run ``run``'s students, shared in turn among the sessions, each with a phone of
    its own address; three in four will write the right answer, the fourth a wrong one."""
    return [
        Student(k, k % sessions, f"Student {k + 1:03d}", k % 4 != 3,
                Browser(port, address(run, k), recorder))
        for k in range(students)
    ]  # fmt: skip


@dataclass(frozen=True)
class Fairness:
    """Whether the recorded times keep the order in which the phones pressed Done.

    A press's request was written to the connection between two readings of the client's
    clock: its bytes reached the server's machine within that interval. Two presses of
    one session are *certainly in order* when the first's interval ended before the
    second's began (``gap`` > 0 between them). Times are recorded in whole seconds, so two
    such presses may share a second (a tie in the ranking, as the rules have it), but an
    *inversion* is a certainly ordered pair that no correct clock could record so: the
    first recorded later than the second, or, when the gap is a second or more, the first
    recorded no earlier. A press is *late* when its recorded second is later than its
    interval allows (``floor(written - started)``), *early* when sooner."""

    pairs: int  # pairs of presses in one session certainly in order
    apart: int  # of them, pairs a second or more apart
    inversions: int
    late: int
    early: int
    latest: float  # seconds the latest press was recorded late, at least (0: none late)


def total_fairness(runs: Sequence[Fairness]) -> Fairness:
    """The counts of several runs added up, and the latest press of all."""
    return Fairness(
        pairs=sum(f.pairs for f in runs),
        apart=sum(f.apart for f in runs),
        inversions=sum(f.inversions for f in runs),
        late=sum(f.late for f in runs),
        early=sum(f.early for f in runs),
        latest=max((f.latest for f in runs), default=0.0),
    )


def fairness(students: Sequence[Student]) -> Fairness:
    """Inversions and mis-timed presses among the students' recorded hands."""
    done = [s for s in students if s.pressed and s.pressed_wall and s.own_hand is not None
            and s.started_at is not None]  # fmt: skip
    pairs = apart = inversions = late = early = 0
    latest = 0.0
    for first in done:
        assert first.pressed and first.own_hand is not None
        for second in done:
            assert second.pressed and second.own_hand is not None
            gap = second.pressed[0] - STAMP_RESOLUTION - first.pressed[1]
            if first.session != second.session or gap <= 0:
                continue
            pairs += 1
            apart += gap >= 1
            if first.own_hand > second.own_hand or (gap >= 1 and first.own_hand >= second.own_hand):
                inversions += 1
        assert first.pressed_wall and first.started_at is not None
        earliest, last = (t - first.started_at for t in first.pressed_wall)
        earliest -= STAMP_RESOLUTION
        if first.own_hand > math.floor(last):
            late += 1
            latest = max(latest, first.own_hand - last)
        elif first.own_hand < math.floor(earliest):
            early += 1
    return Fairness(pairs, apart, inversions, late, early, latest)


@dataclass
class Classroom:
    """A run's shared state: the sessions, the barriers, the teacher's browser."""

    options: Options
    port: int
    recorder: Recorder
    teacher: Browser
    session_ids: list[int]
    codes: list[str]
    checks: Checks
    joined: threading.Barrier
    ready_to_press: threading.Barrier
    paced_over: threading.Event = field(default_factory=threading.Event)
    burst: Burst | None = None
    answered: int = 0  # phones whose Done was answered or given up
    lock: threading.Lock = field(default_factory=threading.Lock)

    def press_over(self) -> None:
        """One phone's Done answered (or given up); the last one ends the burst."""
        if self.burst is None:
            return
        with self.lock:
            self.answered += 1
            last = self.answered == self.options.students
        if last:
            self.burst.end()


def teacher_setup(
    port: int, recorder: Recorder, username: str, sessions: int
) -> tuple[Browser, list[int], list[str]]:
    """Log in and make the sessions; returns the teacher's browser, ids and join codes."""
    teacher = Browser(port, "127.0.0.1", recorder)
    page = teacher.get("teacher", "/login")
    teacher.post(
        "teacher",
        "/login",
        {"csrf_token": form_token(page.text), "username": username, "password": PASSWORD},
        expect=(302, 303),
    )
    ids: list[int] = []
    codes: list[str] = []
    for k in range(sessions):
        page = teacher.get("teacher", "/sessions/new")
        made = teacher.post(
            "teacher",
            "/sessions",
            {
                "csrf_token": form_token(page.text), "name": f"Load test {k + 1}",
                "variant": "simultaneous", "size": "3x3", "limit": str(TIME_LIMIT),
                "source": "typed", "sets": SET_CARDS,
            },
        )  # fmt: skip
        session_id = int(found(r"^/sessions/(\d+)$", made.location, "session id"))
        console = teacher.get("teacher", made.location)
        ids.append(session_id)
        codes.append(found(r'join code <strong class="id">([A-Z0-9]+)<', console.text, "code"))
    return teacher, ids, codes


def start_sets(room: Classroom) -> None:
    for session_id in room.session_ids:
        console = room.teacher.get("teacher", f"/sessions/{session_id}")
        start = {"csrf_token": page_token(console.text), "round": "0"}  # set 1, as drawn
        room.teacher.post("teacher", f"/sessions/{session_id}/rounds", start)


def teacher_polls(room: Classroom) -> None:
    """Each session's console (table and state) and projector (state), every 2 s."""
    while not room.paced_over.wait(2.0):
        for session_id in room.session_ids:
            for path in ("table", "state", "state"):
                with contextlib.suppress(StepFailed):  # recorded as a failure
                    room.teacher.get("teacher poll", f"/sessions/{session_id}/{path}")


def play(room: Classroom, student: Student) -> None:
    """One phone, from the join page to the recorded time."""
    options, browser = room.options, student.browser
    rng = random.Random(options.seed * 100_003 + student.number)
    code = room.codes[student.session]
    pressed = over = False
    try:
        try:
            time.sleep(rng.uniform(0, options.join_spread))
            page = browser.get("join form", f"/join/{code}")
            form = {"csrf_token": form_token(page.text), "code": code,
                    "nickname": student.nickname}  # fmt: skip
            went = browser.post("join", "/join", form)
            browser.get("play page", went.location)
        finally:
            room.joined.wait(timeout=120)
        time.sleep(rng.uniform(0, options.poll))
        deadline = time.monotonic() + 60
        while (current := browser.json("state poll", f"/play/{code}/state")["round"]) is None:
            if time.monotonic() > deadline:
                raise StepFailed("set 1 never started")
            time.sleep(options.poll)
        student.started_at = float(current["started_at"])
        page = browser.get("play page", f"/play/{code}")
        token = form_token(page.text)
        number = found(r'name="round" value="(\d+)"', page.text, "set number")
        for image in re.findall(r'src="(/decks/4d/cards/\d+\.svg)"', page.text):
            browser.get("card image", image)
        answer = RIGHT_ANSWER if student.right else WRONG_ANSWER
        for poll in range(options.polls):
            time.sleep(options.poll * rng.uniform(0.9, 1.1))
            browser.json("state poll", f"/play/{code}/state")
            if poll == options.polls // 2:
                check = room.checks
                tried = check.right if student.right else check.wrong
                page = browser.get("check", f"{check.practice}?answer={quote(tried)}")
                verdict = "Right!" if student.right else "Not right yet"
                if verdict not in page.text:
                    raise StepFailed(f"the check page did not say {verdict!r}")
                refused = browser.get(
                    "check in play", f"{check.in_play}?answer={quote(answer)}", expect=(400,)
                )
                if IN_PLAY not in refused.text:
                    raise StepFailed("the set in play was checked")
        pressed = True
        room.ready_to_press.wait(timeout=300)
        time.sleep(rng.uniform(0, options.done_spread))
        form = {"csrf_token": token, "round": number, "claim": "done", "answer": answer}
        try:
            went = browser.post("done", f"/play/{code}/hand", form, expect=(200,), script=True)
        finally:
            over = True
            room.press_over()
        student.pressed, student.pressed_wall = went.sent, went.sent_wall
        if "Recorded at" not in json.loads(went.text).get("recorded", ""):
            raise StepFailed("the answer to Done shows no recorded time")
        time.sleep(rng.uniform(0, options.poll))  # play.js's next poll
        hand = browser.json("state poll", f"/play/{code}/state")["hand"]
        student.own_hand = hand if isinstance(hand, int) else None
    except (StepFailed, threading.BrokenBarrierError, ValueError, KeyError) as error:
        student.problem = str(error) or type(error).__name__
        if not pressed:
            with contextlib.suppress(threading.BrokenBarrierError):
                room.ready_to_press.wait(timeout=300)
    finally:
        if not over:
            room.press_over()


def verify(room: Classroom, students: Sequence[Student]) -> tuple[int, int, list[str]]:
    """(lost submissions, wrongly scored students, problems) from the teacher's state
    and results CSV of every session."""
    lost = misscored = 0
    problems: list[str] = []
    for index, session_id in enumerate(room.session_ids):
        mine = {s.nickname: s for s in students if s.session == index}
        state = room.teacher.json("teacher", f"/sessions/{session_id}/state")
        hands = {str(h["nickname"]): h["seconds"] for h in state["hands"]}
        if state["players"] != len(mine):
            problems.append(f"session {session_id}: {state['players']} players, not {len(mine)}")
        for nickname in sorted(set(mine) - set(hands)):
            lost += 1
            problems.append(f"session {session_id}: no hand recorded for {nickname}")
        for nickname in sorted(set(hands) - set(mine)):
            problems.append(f"session {session_id}: a hand for an unknown {nickname}")
        text = room.teacher.get("teacher", f"/sessions/{session_id}/results.csv").text
        reader = csv.DictReader(io.StringIO(text))
        rows = {row["Player"]: row for row in reader}
        score_column = next((c for c in reader.fieldnames or () if c.endswith(" score")), "")
        mark_column = score_column.split(" (")[0] + " mark"  # "Set 1 (<id>) score", "Set 1 mark"
        for nickname, student in mine.items():
            seconds, row = hands.get(nickname), rows.get(nickname)
            if not isinstance(seconds, int) or row is None:
                if row is None:
                    problems.append(f"session {session_id}: no CSV row for {nickname}")
                continue
            if student.own_hand != seconds:
                misscored += 1
                problems.append(f"{nickname}: own state says {student.own_hand}, not {seconds}")
            want = (str(seconds), "") if student.right else (str(TIME_LIMIT), "wrong")
            got = (row[score_column], row[mark_column])
            if got != want or row["Total"] != want[0]:
                misscored += 1
                problems.append(f"{nickname}: CSV has score, mark {got}, not {want}")
        if len(rows) != len(mine):
            problems.append(f"session {session_id}: {len(rows)} CSV rows, not {len(mine)}")
    return lost, misscored, problems


def flood(students: Sequence[Student], room: Classroom, seconds: float) -> float:
    """Every student polls the state in a closed loop; returns the wall time taken."""
    start = time.perf_counter()
    end = start + seconds

    def loop(student: Student) -> None:
        path = f"/play/{room.codes[student.session]}/state"
        while time.perf_counter() < end:
            with contextlib.suppress(StepFailed):  # recorded as a failure
                student.browser.get("flood state", path)

    with ThreadPoolExecutor(max_workers=len(students)) as pool:
        list(pool.map(loop, students))
    return time.perf_counter() - start
