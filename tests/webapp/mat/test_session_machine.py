"""A MAT session as a state machine (Hypothesis ``RuleBasedStateMachine``): two console
tabs that reload only now and then (so often stale) and three phones act in any order,
the clock runs, and the server restarts, on a real SQLite file through the app's own
routes and forms. Whatever the order, these hold:

- no action applies to a set other than the one it names: a start or end changes the
  round its form named, or nothing, and succeeds exactly when that round was the one to
  start or end;
- no written answer is ever lost: what the database holds for a hand is the last answer
  accepted from a phone or a console, and a console edit made from a page that did not
  show the answer now stored is refused, never saved over it;
- times never go backwards: a recorded hand keeps its seconds, a round its start, and a
  hand's seconds are the whole seconds elapsed when it was first raised;
- scores always equal what the engine says of the hands the test saw recorded.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from mat_helpers import (
    FETCH,
    IMPOSSIBLE,
    SOLUTION,
    SOLVABLE,
    UNSOLVED,
    console_form,
    judge_form,
    new_session,
    scores,
    seats,
)
from webapp_support import Clock, add_teacher, log_in

import webapp.db
from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.session import Entry, MatSession, MatSet, Round, Seat, check_written
from webapp import create_app
from webapp.db import read
from webapp.mat import store

LIMIT = 60
NAMES = ("Ann", "Bo", "Cy")
ANSWERS = (SOLUTION, UNSOLVED, "No", "none.", "Bx=S junk", "")
VERDICTS = ("", "solved", "impossible", "wrong")


def _patch_clock(clock: Clock) -> list[Any]:
    """Every web-app module's ``now`` reads ``clock`` (as the ``clock`` fixture does)."""
    import sys

    real = webapp.db.now
    patches = [
        mock.patch.object(module, "now", clock)
        for name, module in list(sys.modules.items())
        if name.startswith("webapp") and getattr(module, "now", None) is real
    ]
    for patch in patches:
        patch.start()
    return patches


class Tab:
    """A console tab: the page it last drew, read as the browser would send its forms."""

    def __init__(self) -> None:
        self.page = ""

    def form(self, form_id: str) -> dict[str, str] | None:
        return console_form(self.page, form_id) if f'id="{form_id}"' in self.page else None


class MatSessionMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(_FOLDER.mkdtemp())
        self.clock = Clock(1000.0)
        self.app = self._app()  # first: the app imports every module whose clock is set
        self.patches = _patch_clock(self.clock)
        add_teacher(self.app, "ada", cheap=True)
        self.teacher = self.app.test_client()
        log_in(self.teacher, "ada")
        sets = f"{SOLVABLE}\n{IMPOSSIBLE}"
        self.session_id, self.code = new_session(self.teacher, sets=sets, limit=LIMIT)
        self.phones = [self._join(name) for name in NAMES]
        self.ids = seats(self.app, self.session_id)
        self.pids = [self.ids[name] for name in NAMES]
        self.set_cards = [tuple(read_cards(c, FOUR_D)) for c in (SOLVABLE, IMPOSSIBLE)]
        self.tabs = [Tab(), Tab()]
        for tab in self.tabs:
            self._draw(tab)
        self.phone_round: list[int | None] = [None] * len(NAMES)
        # The model: rounds as (started_at, ended_at) and every hand as the test saw it
        # recorded: seconds, claim, answer, verdict, pressed_at.
        self.rounds: list[tuple[float, float | None]] = []
        self.hands: dict[tuple[int, int], dict[str, Any]] = {}

    def _app(self) -> Flask:
        return create_app(
            {
                "TESTING": True,
                "DATABASE_URL": f"sqlite:///{self.folder / 'machine.sqlite3'}",
                "SECRET_KEY": "machine",
                "WTF_CSRF_ENABLED": False,
                "RATE_LIMITS": False,
            }
        )

    def _join(self, name: str) -> FlaskClient:
        phone = self.app.test_client()
        joined = phone.post("/join", data={"code": self.code, "nickname": name})
        assert joined.status_code == 303
        return phone

    def _draw(self, tab: Tab) -> None:
        tab.page = self.teacher.get(f"/sessions/{self.session_id}").get_data(as_text=True)

    def teardown(self) -> None:
        self.app.extensions["printables_db"].dispose()
        for patch in self.patches:
            patch.stop()

    # -- the model's view of what is on -------------------------------------------------

    def running(self) -> bool:
        if not self.rounds:
            return False
        started, ended = self.rounds[-1]
        return ended is None and self.clock.at < started + LIMIT

    def hand(self, p: int, number: int) -> dict[str, Any]:
        return self.hands.setdefault(
            (p, number),
            {"seconds": None, "claim": None, "answer": None, "verdict": None, "pressed": None},
        )

    # -- the clock and the server -------------------------------------------------------

    @rule(seconds=st.sampled_from([0.4, 1.0, 7.5, 25.0, 70.0]))
    def time_passes(self, seconds: float) -> None:
        self.clock.at += seconds

    @rule()
    def restart(self) -> None:
        """The server restarts on the same database; every device keeps its cookie."""
        self.app.extensions["printables_db"].dispose()
        self.app = self._app()
        for client in (self.teacher, *self.phones):
            client.application = self.app

    # -- console tabs ---------------------------------------------------------------------

    @rule(t=st.integers(0, 1))
    def reload_tab(self, t: int) -> None:
        self._draw(self.tabs[t])

    @rule(t=st.integers(0, 1))
    def press_start(self, t: int) -> None:
        form = self.tabs[t].form("start-form")
        if form is None:
            return
        named = int(form["round"])
        may = named == len(self.rounds) and not self.running() and named < 2
        response = self.teacher.post(
            f"/sessions/{self.session_id}/rounds", data=form, headers=FETCH
        )
        assert (response.status_code == 200) == may, (named, response.json)
        event(f"start: {'started' if may else 'refused'}")
        if may:
            self.rounds.append((self.clock.at, None))
        else:
            assert response.status_code == 409, response.json
        self._draw(self.tabs[t])  # the form's answer is the console, drawn afresh

    @rule(t=st.integers(0, 1))
    def press_end(self, t: int) -> None:
        form = self.tabs[t].form("end-form")
        if form is None:
            return
        named = int(form["round"])
        may = named == len(self.rounds) - 1 and self.running()
        response = self.teacher.post(
            f"/sessions/{self.session_id}/rounds/end", data=form, headers=FETCH
        )
        assert (response.status_code == 200) == may, (named, response.json)
        event(f"end: {'ended' if may else 'refused'}")
        if may:
            self.rounds[named] = (self.rounds[named][0], self.clock.at)
        self._draw(self.tabs[t])

    @rule(t=st.integers(0, 1), p=st.integers(0, 2))
    def hand_up(self, t: int, p: int) -> None:
        page = self.tabs[t].page
        found = re.search(
            rf'action="(/sessions/\d+/rounds/(\d+)/players/{self.pids[p]}/hand)"', page
        )
        if found is None:
            return
        number = int(found.group(2))
        hand = self.hand(p, number)
        may = number == len(self.rounds) - 1 and self.running() and hand["seconds"] is None
        response = self.teacher.post(found.group(1), headers=FETCH)
        assert (response.status_code == 200) == may, response.json
        if may:
            hand["seconds"] = int(self.clock.at - self.rounds[number][0])

    @rule(
        t=st.integers(0, 1),
        p=st.integers(0, 2),
        answer=st.sampled_from((None, *ANSWERS)),
        verdict=st.sampled_from((None, *VERDICTS)),
    )
    def save(self, t: int, p: int, answer: str | None, verdict: str | None) -> None:
        page = self.tabs[t].page
        if f'id="judge-{self.pids[p]}"' not in page:
            return
        form = judge_form(page, self.pids[p])
        action = re.search(rf'<form id="judge-{self.pids[p]}" method="post" action="([^"]+)"', page)
        assert action is not None
        number = int(action.group(1).split("/rounds/")[1].split("/")[0])
        sent = {**form}
        if answer is not None:
            sent["answer"] = answer
        if verdict is not None:
            sent["verdict"] = verdict
        hand = self.hand(p, number)
        stored_answer, stored_verdict = hand["answer"] or "", hand["verdict"] or ""
        changes_answer = sent["answer"].strip() != form["answer_was"].strip()
        changes_verdict = sent["verdict"] != form["verdict_was"]
        clash = (changes_answer and stored_answer != form["answer_was"].strip()) or (
            changes_verdict and stored_verdict != form["verdict_was"]
        )
        impossible_set = number == 1  # Simultaneous: set k in round k; set 2 is impossible
        refused_verdict = changes_verdict and sent["verdict"] == "solved" and impossible_set
        response = self.teacher.post(action.group(1), data=sent, headers=FETCH)
        if clash:
            assert response.status_code == 409, response.json
            assert response.json is not None
            assert response.json["current"] == {"answer": stored_answer, "verdict": stored_verdict}
            return
        if refused_verdict:
            assert response.status_code == 400, response.json
            return
        assert response.status_code == 200, response.json
        if changes_answer:
            hand["answer"] = sent["answer"].strip() or None
        if changes_verdict:
            hand["verdict"] = sent["verdict"] or None

    # -- phones ---------------------------------------------------------------------------

    @rule(p=st.integers(0, 2))
    def phone_reloads(self, p: int) -> None:
        page = self.phones[p].get(f"/play/{self.code}").get_data(as_text=True)
        found = re.search(r'<input type="hidden" name="round" value="(\d+)">', page)
        self.phone_round[p] = int(found.group(1)) if found else None

    @precondition(lambda self: any(r is not None for r in self.phone_round))
    @rule(
        p=st.integers(0, 2),
        claim=st.sampled_from(("done", "impossible")),
        answer=st.sampled_from(ANSWERS),
    )
    def phone_presses(self, p: int, claim: str, answer: str) -> None:
        number = self.phone_round[p]
        if number is None:
            return
        hand = self.hand(p, number)
        pressed = self.phones[p].post(
            f"/play/{self.code}/hand",
            data={"round": str(number), "claim": claim, "answer": answer},
        )
        assert pressed.status_code == 303
        if hand["claim"] is not None:
            return  # a second press changes nothing (the invariants check it)
        in_time = number == len(self.rounds) - 1 and self.running()
        if in_time and hand["seconds"] is None:
            hand["seconds"] = int(self.clock.at - self.rounds[number][0])
        hand["claim"] = claim
        hand["pressed"] = self.clock.at
        if answer.strip():
            hand["answer"] = answer.strip()

    # -- what always holds ----------------------------------------------------------------

    def view(self) -> store.SessionView:
        with self.app.app_context(), read() as db:
            return store.load(db, self.session_id)

    @invariant()
    def the_session_is_as_every_accepted_action_left_it(self) -> None:
        view = self.view()
        # No action applied to a round other than the one it named.
        assert [(r.started_at, r.ended_at) for r in view.rounds] == self.rounds
        # No answer lost, no time moved.
        for (p, number), hand in self.hands.items():
            entry = view.entry(self.pids[p], number)
            got = (None, None, None, None) if entry is None else (
                entry.seconds, entry.claim, entry.answer, entry.verdict
            )  # fmt: skip
            want = (hand["seconds"], hand["claim"], hand["answer"], hand["verdict"])
            assert got == want, (NAMES[p], number)
            if entry is not None and entry.seconds is not None:
                assert 0 <= entry.seconds <= LIMIT
        # The scores exported equal the engine's standings of the hands the test saw.
        sets = tuple(MatSet(k, "", cards, k == 1) for k, cards in enumerate(self.set_cards))
        entries = {}
        for (p, number), hand in self.hands.items():
            answer = hand["answer"]
            checked = check_written(answer, sets[number]) if answer else None
            entries[self.pids[p], number] = Entry(
                self.pids[p], number, hand["seconds"], hand["claim"], answer, hand["verdict"],
                checked, hand["pressed"],
            )  # fmt: skip
        model = MatSession(
            "simultaneous",
            LIMIT,
            sets,
            tuple(Seat(pid, k, NAMES[k]) for k, pid in enumerate(self.pids)),
            tuple(Round(k, s, e, LIMIT) for k, (s, e) in enumerate(self.rounds)),
            entries,
        )
        exported = scores(self.teacher, self.session_id)
        for standing in model.standings(self.clock.at):
            row = exported[standing.nickname]
            cells = [x for c in standing.cells for x in (str(c.score), c.mark)]
            assert row[1:] == [*cells, str(standing.total)], standing.nickname


class _Folders:
    """Fresh folders for each run of the machine, under pytest's own temporary folder."""

    def __init__(self) -> None:
        self.base: Path | None = None
        self.count = 0

    def mkdtemp(self) -> str:
        assert self.base is not None
        self.count += 1
        folder = self.base / f"run-{self.count}"
        folder.mkdir()
        return str(folder)


_FOLDER = _Folders()


@pytest.fixture
def folders(tmp_path: Path) -> None:
    _FOLDER.base = tmp_path


TestMatSession = MatSessionMachine.TestCase
TestMatSession.settings = settings(
    max_examples=20,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    # In CI a failure is reported as found: shrinking a 40-step run through the app takes
    # minutes. Run the module by hand to have it shrunk.
    phases=[p for p in Phase if not (os.environ.get("CI") and p is Phase.shrink)],
)


@pytest.fixture(autouse=True)
def _use_folders(folders: None) -> None:
    """Every test of this module gets its own folder for the machine's databases."""
