"""Every form's POST ends in a redirect, errors included, so that reloading any page, by
hand or by a page's script, never sends a form again (a stale console tab once started
the next set by itself). Each POST route is sent a form that it must refuse."""

from __future__ import annotations

import io
import re

from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import join, new_session


def test_every_refused_post_is_a_redirect_to_a_page(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher)
    join(app, code, "Ann")
    timer = teacher.post("/timers", data={"preset": "1"}).location
    timer_id = int(re.findall(r"\d+", timer)[-1])
    scan = {"scans": (io.BytesIO(b"not a scan"), "notes.txt")}
    upload = teacher.post("/grade", data=scan, content_type="multipart/form-data").location
    values = {"session_id": session_id, "player_id": 1, "number": 7, "timer_id": timer_id,
              "code": code, "upload_id": int(re.findall(r"\d+", upload)[-1])}  # fmt: skip
    refusing = {"label": "", "time": "never", "names": " ", "confirm": "no", "nickname": " ",
                "verdict": "maybe", "round": "9", "claim": "maybe", "joining": "x",
                "username": "nobody", "password": "x", "repeat": "y", "current": "z",
                "preset": "99", "name": "", "shown": "1", "count": "many"}  # fmt: skip
    skipped = {"accounts.logout", "mat.reveal", "mat.joining", "mat.free", "mat.remove",
               "timers.delete", "timers.start", "timers.pause", "timers.reset",
               "mat.delete_session", "mat.delete_students", "grading.delete"}  # fmt: skip
    checked = []
    for rule in app.url_map.iter_rules():
        if "POST" not in (rule.methods or ()) or rule.endpoint in skipped:
            continue
        path = rule.build({k: v for k, v in values.items() if k in rule.arguments})[1]
        response = teacher.post(path, data=refusing)
        assert response.status_code in (302, 303), (rule.endpoint, response.status_code)
        assert teacher.get(response.location).status_code == 200, rule.endpoint
        checked.append(rule.endpoint)
    assert {"mat.create", "mat.start", "mat.judge", "play.hand", "play.join_post",
            "timers.create", "timers.set_timer", "accounts.login", "grading.upload",
            "grading.decide", "printing.worksheet"} <= set(checked)  # fmt: skip
