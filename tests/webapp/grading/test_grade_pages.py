"""The teacher's grading pages (/grade) through Flask's test client on a real SQLite file:
an upload of several files kept in the database, its grading in the background with its
progress, the results (gradebook, pages not graded, CSV), the decisions a teacher clicks
and types, the upload limit, a run that died restarted, and deleting."""

from __future__ import annotations

import csv
import io
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from grade_pages import (
    answer_page,
    answer_sheet,
    blank_png,
    filled_page,
    pupil_page,
    solution_marks,
    wait_done,
)
from sqlalchemy import func, select, update
from webapp_support import add_teacher, log_in

import grading.sheets
from webapp import create_app
from webapp.db import now, read, write
from webapp.grading import store
from webapp.tables import grade_decisions, grade_files, grade_pictures, grade_uploads

PUZZLES = answer_page().puzzles  # three 3x3 puzzles, all solvable


def send(client: FlaskClient, *files: tuple[str, bytes]) -> Any:
    data = {"scans": [(io.BytesIO(body), name) for name, body in files]}
    return client.post("/grade", data=data, content_type="multipart/form-data")


def upload_id(response: Any) -> int:
    assert response.status_code == 303, response.get_data(as_text=True)
    return int(response.location.rsplit("/", 1)[1])


def graded(client: FlaskClient, *files: tuple[str, bytes]) -> int:
    number = upload_id(send(client, *files))
    assert wait_done(client, number)["state"] == "done"
    return number


def gradebook(client: FlaskClient, number: int) -> list[list[str]]:
    response = client.get(f"/grade/{number}/gradebook.csv")
    assert response.status_code == 200
    assert response.data.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"))))


def review_key(app: Flask, number: int) -> str:
    with app.app_context(), read() as db:
        keys = store.picture_keys(db, number)
    (key,) = [k for k in keys if ":box" in k]
    return key


def page_of(client: FlaskClient, number: int) -> str:
    response = client.get(f"/grade/{number}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


# --- upload, progress and results ----------------------------------------------------------


def test_an_upload_of_several_files_is_graded_and_its_results_shown(teacher: FlaskClient) -> None:
    """A pupil's page (PNG), a file that is no scan and the printed PDF itself (its puzzle
    and key pages are no answer sheets; its answer page is a sheet left blank)."""
    response = send(
        teacher,
        ("7b-ann.png", pupil_page()),
        ("notes.txt", b"not a scan"),
        ("worksheet.pdf", answer_sheet()),
    )
    number = upload_id(response)
    assert response.location == f"/grade/{number}"
    done = wait_done(teacher, number)
    assert done == {"state": "done", "done": 4, "total": 4, "percent": 100, "problem": None}
    page = page_of(teacher, number)
    assert "2 sheets graded" in page and "1 mark to decide" in page
    assert "✓ right" in page and "? review" in page and "\u2013 blank" in page
    assert "<strong>notes.txt</strong>: not a PDF or an image (PNG, JPEG, TIFF)." in page
    assert "<strong>worksheet.pdf page 1</strong>:" in page  # the puzzles' page
    assert "<strong>worksheet.pdf page 3</strong>:" in page  # the answer key
    assert "Is this box filled? (&#39;Impossible&#39;)" in page
    rows = gradebook(teacher, number)
    assert [row[2:5] for row in rows[1:3]] == [
        ["right", "review", "blank"],
        ["blank", "blank", "blank"],
    ]
    assert rows[-1][1:5] == ["Right answers", "1", "0", "0"]
    listing = teacher.get("/grade").get_data(as_text=True)
    assert "7b-ann.png, notes.txt, worksheet.pdf" in listing and "Done" in listing


def test_the_results_table_counts_the_class_right_answers(teacher: FlaskClient) -> None:
    both_right = {**solution_marks(PUZZLES[0]), **solution_marks(PUZZLES[2])}
    number = graded(
        teacher,
        ("ann.png", filled_page(both_right)),
        ("bo.png", filled_page(solution_marks(PUZZLES[0]))),
    )
    page = page_of(teacher, number)
    footer = page.split("<tfoot>")[1].split("</tfoot>")[0]
    assert [c.split("<")[0] for c in footer.split('<td class="num">')[1:]] == [
        "2 / 2",
        "0 / 2",
        "1 / 2",
    ]
    assert "2 / 3" in page and "1 / 3" in page  # each pupil's total


def test_progress_is_written_page_by_page_while_the_grading_runs(
    app: Flask, teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The grading (the project's own) is held after its first page: the progress says
    1 of 3 pages, the request answered at once; released, it finishes."""
    first_page = threading.Event()
    release = threading.Event()
    real = grading.sheets.grade

    def held(
        pages: Any, decisions: Any = None, progress: Callable[[int], None] | None = None
    ) -> Any:
        def step(done: int) -> None:
            assert progress is not None
            progress(done)
            if done == 1:
                first_page.set()
                assert release.wait(60)

        return real(pages, decisions, step)

    monkeypatch.setattr(grading.sheets, "grade", held)
    number = upload_id(
        send(teacher, ("a.png", pupil_page()), ("b.png", blank_png()), ("c.png", filled_page({})))
    )
    assert first_page.wait(60)
    state = teacher.get(f"/grade/{number}/progress").get_json()
    assert state == {"state": "running", "done": 1, "total": 3, "percent": 33, "problem": None}
    page = page_of(teacher, number)
    assert 'id="progress-bar" max="100" value="33"' in page and "1 of 3 pages read" in page
    release.set()
    assert wait_done(teacher, number)["done"] == 3


# --- bad input --------------------------------------------------------------------------------


def test_files_that_are_not_scans_are_named_never_a_500(teacher: FlaskClient) -> None:
    number = graded(
        teacher,
        ("photo.gif", b"GIF89a" + bytes(200)),
        ("cut.png", pupil_page()[:3000]),
        ("empty.pdf", b""),
        ("broken.pdf", b"%PDF-1.7 nothing else"),
        ("blank.png", blank_png()),
    )
    page = page_of(teacher, number)
    for name, why in (
        ("photo.gif", "not a PDF or an image"),
        ("cut.png", "the image cannot be read"),
        ("empty.pdf", "not a PDF or an image"),
        ("broken.pdf", "cannot be read as a PDF"),
        ("blank.png page 1", "a blank page"),
    ):
        assert f"<strong>{name}</strong>: {why}" in page
    assert "0 sheets graded" in page
    assert gradebook(teacher, number)[0][:2] == ["Sheet", "Name"]


def test_an_upload_without_files_goes_back_saying_so(teacher: FlaskClient) -> None:
    response = teacher.post("/grade", data={}, content_type="multipart/form-data")
    assert response.status_code == 303 and response.location == "/grade"
    assert "Choose the scanned sheets to grade first" in teacher.get("/grade").get_data(
        as_text=True
    )


@pytest.fixture
def small_limit(tmp_path: Path) -> Iterator[tuple[Flask, FlaskClient]]:
    """An app whose uploads take 1 MB (200 MB unless set)."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'small.sqlite3'}",
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "GRADE_UPLOAD_MOST": 1024 * 1024,
        }
    )
    add_teacher(app, "ada", cheap=True)
    client = app.test_client()
    log_in(client, "ada")
    yield app, client


def test_an_upload_over_the_limit_gets_a_page_saying_so_and_loses_nothing(
    small_limit: tuple[Flask, FlaskClient],
) -> None:
    app, client = small_limit
    kept = graded(client, ("ann.png", pupil_page()))
    response = send(client, ("huge.pdf", b"%PDF-1.7" + bytes(1_200_000)))
    assert response.status_code == 413
    page = response.get_data(as_text=True)
    assert "Upload too large" in page and "more than 1 MB, the most one upload takes" in page
    assert (
        "nothing of this upload was saved" in page and "earlier uploads are all still here" in page
    )
    with app.app_context(), read() as db:
        assert db.execute(select(func.count()).select_from(grade_uploads)).scalar_one() == 1
    assert "ann.png" in client.get("/grade").get_data(as_text=True)
    assert "? review" in page_of(client, kept)
    fetched = client.post(
        "/grade",
        data={"scans": [(io.BytesIO(bytes(1_200_000)), "a.pdf")]},
        headers={"X-Requested-With": "fetch"},
    )
    assert fetched.status_code == 413 and "1 MB" in fetched.get_json()["problem"]


def test_the_upload_limit_is_the_upload_s_alone(small_limit: tuple[Flask, FlaskClient]) -> None:
    """Other forms still take 64 KB: a 100 KB name is refused by the app's own page."""
    _app, client = small_limit
    response = client.post("/timers", data={"label": "x" * 100_000, "time": "1:00"})
    assert response.status_code == 413 and "Too much sent" in response.get_data(as_text=True)


# --- decisions ----------------------------------------------------------------------------------


def test_a_decision_click_changes_the_gradebook(app: Flask, teacher: FlaskClient) -> None:
    number = graded(teacher, ("ann.png", pupil_page()))
    key = review_key(app, number)
    page = page_of(teacher, number)
    assert f'name="key" value="{key}"' in page.replace("&#39;", "'")
    assert 'value="filled">Filled</button>' in page and 'value="empty">Empty</button>' in page
    picture = teacher.get(f"/grade/{number}/picture", query_string={"key": key})
    assert picture.status_code == 200 and picture.data.startswith(b"\x89PNG")
    assert gradebook(teacher, number)[1][3] == "review"
    clicked = teacher.post(f"/grade/{number}/decide", data={"key": key, "choice": "filled"})
    assert clicked.status_code == 303 and clicked.location == f"/grade/{number}#review"
    # "Impossible" filled for a solvable puzzle: wrong, and nothing waits any more.
    assert gradebook(teacher, number)[1][2:5] == ["right", "wrong", "blank"]
    page = page_of(teacher, number)
    assert "Every mark is decided." in page and "✗ wrong" in page and "mark to decide" not in page
    by_script = teacher.post(
        f"/grade/{number}/decide",
        data={"key": key, "choice": "empty"},
        headers={"X-Requested-With": "fetch"},
    )
    assert by_script.get_json() == {"key": key, "choice": "empty"}
    assert gradebook(teacher, number)[1][3] == "blank"


def test_a_stale_tab_deciding_again_is_harmless_and_the_last_decision_counts(
    app: Flask, teacher: FlaskClient
) -> None:
    """Two tabs show the same review: the first decides "filled", the second (still
    showing the question) "empty" a moment later. The last click counts; one decision is
    kept; a choice the question does not offer, or a key no review has, is refused."""
    number = graded(teacher, ("ann.png", pupil_page()))
    key = review_key(app, number)
    for choice in ("filled", "empty"):
        response = teacher.post(f"/grade/{number}/decide", data={"key": key, "choice": choice})
        assert response.status_code == 303
    assert gradebook(teacher, number)[1][3] == "blank"
    with app.app_context(), read() as db:
        assert store.decisions_of(db, number) == {key: "empty"}
    refused = teacher.post(
        f"/grade/{number}/decide",
        data={"key": key, "choice": "maybe"},
        headers={"X-Requested-With": "fetch"},
    )
    assert refused.status_code == 409 and "not one of" in refused.get_json()["problem"]
    unknown = teacher.post(f"/grade/{number}/decide", data={"key": "x:box1", "choice": "filled"})
    assert unknown.status_code == 303
    assert "no longer waits for a decision" in page_of(teacher, number)
    with app.app_context(), read() as db:
        assert store.decisions_of(db, number) == {key: "empty"}


def test_decisions_and_typed_names_are_kept_after_a_reload_and_a_restart(
    app: Flask, teacher: FlaskClient
) -> None:
    number = graded(teacher, ("ann.png", pupil_page()))
    key = review_key(app, number)
    page = page_of(teacher, number)
    name_key = page.split('name="key" value="')[1].split('"')[0]
    assert name_key.endswith(":name")
    name_picture = teacher.get(f"/grade/{number}/picture", query_string={"key": name_key})
    assert name_picture.data.startswith(b"\x89PNG")
    teacher.post(f"/grade/{number}/decide", data={"key": name_key, "choice": "  Zoë   Ba  "})
    teacher.post(f"/grade/{number}/decide", data={"key": key, "choice": "filled"})
    assert gradebook(teacher, number)[1][:5] == ["1", "Zoë Ba", "right", "wrong", "blank"]
    again = create_app({**app.config, "DATABASE_URL": app.config["DATABASE_URL"]})
    client = again.test_client()
    log_in(client, "ada")
    page = page_of(client, number)
    assert 'value="Zoë Ba"' in page and "<h3>Sheet 1: Zoë Ba</h3>" in page
    assert "Every mark is decided." in page
    assert gradebook(client, number)[1][:5] == ["1", "Zoë Ba", "right", "wrong", "blank"]


def test_a_decision_needs_the_form_s_csrf_token(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path / 'c.sqlite3'}",
            "SECRET_KEY": "test",
        }
    )
    add_teacher(app, "ada", cheap=True)
    client = app.test_client()
    page = client.get("/login").get_data(as_text=True)
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    client.post(
        "/login", data={"username": "ada", "password": "correct horse", "csrf_token": token}
    )
    with app.app_context(), write() as db:
        number = store.create(db, 1, [("a.txt", b"x")], now())
    response = client.post(f"/grade/{number}/decide", data={"key": "k", "choice": "filled"})
    assert response.status_code == 400 and "Please try again" in response.get_data(as_text=True)


# --- a run that died; one run at a time ------------------------------------------------------


def test_a_run_whose_heartbeat_went_stale_is_restarted_by_the_next_poll(
    app: Flask, teacher: FlaskClient
) -> None:
    with app.app_context(), write() as db:
        number = store.create(db, 1, [("ann.png", pupil_page())], now())
        # A run that claimed it, then its process died 2 minutes ago.
        assert store.claim(db, number, "dead-run", now() - 120)
    assert store.STALE_AFTER < 120
    done = wait_done(teacher, number)
    assert done["state"] == "done" and done["done"] == 1
    with app.app_context(), read() as db:
        row = db.execute(select(grade_uploads).where(grade_uploads.c.id == number)).one()
    assert row.runs == 2 and row.runner != "dead-run"
    assert "? review" in page_of(teacher, number)


def test_a_live_run_is_never_started_twice(app: Flask, teacher: FlaskClient) -> None:
    with app.app_context(), write() as db:
        number = store.create(db, 1, [("ann.png", pupil_page())], now())
        assert store.claim(db, number, "live-run", now() - 5)  # beat 5 s ago
        assert not store.claim(db, number, "second", now())
    for _ in range(3):
        state = teacher.get(f"/grade/{number}/progress").get_json()
        assert state["state"] == "running"
    with app.app_context(), read() as db:
        row = db.execute(select(grade_uploads).where(grade_uploads.c.id == number)).one()
    assert (row.runner, row.runs) == ("live-run", 1)
    with app.app_context(), write() as db:  # the live run writes on; another's write is lost
        assert store.beat(db, number, "live-run", now(), pages_done=1)
        assert not store.beat(db, number, "second", now(), pages_done=1)


def test_an_upload_whose_runs_keep_dying_is_failed_with_a_reason(
    app: Flask, teacher: FlaskClient
) -> None:
    with app.app_context(), write() as db:
        number = store.create(db, 1, [("ann.png", pupil_page())], now())
        db.execute(
            update(grade_uploads)
            .where(grade_uploads.c.id == number)
            .values(state="running", runner="dead", heartbeat=0.0, runs=store.MOST_RUNS)
        )
    state = teacher.get(f"/grade/{number}/progress").get_json()
    assert state["state"] == "failed" and "stopped 3 times" in state["problem"]
    assert "send the files in smaller parts" in page_of(teacher, number)


# --- delete, and teachers' own uploads ----------------------------------------------------------


def test_delete_removes_the_upload_its_files_pictures_and_decisions(
    app: Flask, teacher: FlaskClient
) -> None:
    number = graded(teacher, ("ann.png", pupil_page()))
    teacher.post(
        f"/grade/{number}/decide", data={"key": review_key(app, number), "choice": "filled"}
    )
    other = graded(teacher, ("bo.png", blank_png()))
    page = teacher.get("/grade").get_data(as_text=True)
    assert f'action="/grade/{number}/delete"' in page and "for good" in page
    response = teacher.post(f"/grade/{number}/delete")
    assert response.status_code == 303 and response.location == "/grade"
    listing = teacher.get("/grade").get_data(as_text=True)
    assert "Deleted the upload of ann.png" in listing and "bo.png" in listing
    assert teacher.get(f"/grade/{number}").status_code == 404
    with app.app_context(), read() as db:
        for table in (grade_files, grade_pictures, grade_decisions):
            left = db.execute(select(table.c.upload_id).distinct()).scalars().all()
            assert number not in left
        assert db.execute(select(grade_files.c.upload_id)).scalars().all() == [other]


def test_a_teacher_sees_only_their_own_uploads(app: Flask, teacher: FlaskClient) -> None:
    number = graded(teacher, ("ann.png", blank_png()))
    add_teacher(app, "bea", cheap=True)
    bea = app.test_client()
    log_in(bea, "bea")
    for address in (
        f"/grade/{number}",
        f"/grade/{number}/progress",
        f"/grade/{number}/gradebook.csv",
    ):
        assert bea.get(address).status_code == 404
    assert bea.post(f"/grade/{number}/delete").status_code == 404
    assert "ann.png" not in bea.get("/grade").get_data(as_text=True)
    assert teacher.get(f"/grade/{number}").status_code == 200


def test_the_grading_pages_need_a_login_and_are_in_the_teacher_s_navigation(
    client: FlaskClient, teacher: FlaskClient
) -> None:
    assert 'href="/grade">Grade scans</a>' in teacher.get("/dashboard").get_data(as_text=True)
    teacher.post("/logout")
    response = client.get("/grade")
    assert response.status_code == 302 and "/login" in response.location
    assert client.post("/grade", data={}).status_code == 401


def test_an_upload_graded_and_decided_on_postgresql(postgres_app: Flask) -> None:
    """Several app servers may share one PostgreSQL database: the files, pictures and
    decisions (bytes and an upsert) work there as on SQLite."""
    app = postgres_app
    add_teacher(app, "ada", cheap=True)
    client = app.test_client()
    log_in(client, "ada")
    number = graded(client, ("ann.png", pupil_page()), ("notes.txt", b"not a scan"))
    key = review_key(app, number)
    for choice in ("empty", "filled"):
        client.post(f"/grade/{number}/decide", data={"key": key, "choice": choice})
    assert gradebook(client, number)[1][2:5] == ["right", "wrong", "blank"]
    picture = client.get(f"/grade/{number}/picture", query_string={"key": key})
    assert picture.data.startswith(b"\x89PNG")
    assert client.post(f"/grade/{number}/delete").status_code == 303
    with app.app_context(), read() as db:
        assert db.execute(select(func.count()).select_from(grade_files)).scalar_one() == 0


def test_an_upload_deleted_while_graded_stops_its_run_and_leaves_nothing(
    app: Flask, teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    first_page, release, ended = threading.Event(), threading.Event(), threading.Event()
    real = grading.sheets.grade

    def held(pages: Any, decisions: Any = None, progress: Any = None) -> Any:
        def step(done: int) -> None:
            first_page.set()
            assert release.wait(60)
            try:
                progress(done)
            except Exception:
                ended.set()
                raise

        return real(pages, decisions, step)

    monkeypatch.setattr(grading.sheets, "grade", held)
    number = upload_id(send(teacher, ("a.png", pupil_page())))
    assert first_page.wait(60)
    assert teacher.post(f"/grade/{number}/delete").status_code == 303
    release.set()
    assert ended.wait(60)  # the run found its claim gone and stopped
    time.sleep(0.2)
    with app.app_context(), read() as db:
        for table in (grade_uploads, grade_files, grade_pictures):
            assert db.execute(select(func.count()).select_from(table)).scalar_one() == 0


def test_a_grading_that_fails_says_so_never_a_500(
    teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: Any, **_kwargs: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(grading.sheets, "grade", broken)
    number = upload_id(send(teacher, ("a.png", pupil_page())))
    assert wait_done(teacher, number)["state"] == "failed"
    page = page_of(teacher, number)
    assert "The grading stopped on an error (MemoryError)" in page
    assert "Stopped" in teacher.get("/grade").get_data(as_text=True)
    assert teacher.get(f"/grade/{number}/gradebook.csv").status_code == 404


def test_printables_serve_reads_an_upload_up_to_the_grading_limit(app: Flask) -> None:
    """Waitress refuses a body over its limit unread: the limit leaves room for an upload
    a quarter over the grading's (which then gets the app's page saying so)."""
    from webapp.grading.views import UPLOAD_MOST
    from webapp.security import MAX_BODY
    from webapp.serving import waitress_server

    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        server = waitress_server(app, [listener], 1)
        try:
            assert server.adj.max_request_body_size == UPLOAD_MOST * 5 // 4 > MAX_BODY
        finally:
            server.close()


def test_the_pages_to_hand_back_carry_each_pupils_scan_and_the_decided_verdicts(
    app: Flask, teacher: FlaskClient
) -> None:
    """The returned PDF, built from the database alone: a summary, then each pupil's page
    (its scan kept as a picture) with the verdicts as the teacher's decisions make them."""
    from pypdf import PdfReader

    number = graded(teacher, ("ann.png", pupil_page()),
                    ("bo.png", filled_page(solution_marks(PUZZLES[0]))))  # fmt: skip
    assert f'href="/grade/{number}/returned.pdf"' in page_of(teacher, number)
    first = teacher.get(f"/grade/{number}/returned.pdf")
    assert first.status_code == 200 and first.mimetype == "application/pdf"
    pages = PdfReader(io.BytesIO(first.data)).pages
    assert len(pages) == 3  # the summary, then Ann's and Bo's pages
    assert "Provisional" in pages[0].extract_text()
    assert all(page.images for page in pages[1:])  # each pupil's scan is on their page
    teacher.post(f"/grade/{number}/decide", data={"key": review_key(app, number),
                                                  "choice": "filled"})  # fmt: skip
    again = PdfReader(io.BytesIO(teacher.get(f"/grade/{number}/returned.pdf").data)).pages
    assert "Provisional" not in again[0].extract_text()
    assert "1 answer waits for the teacher" in pages[1].extract_text()
    assert "waits for the teacher" not in again[1].extract_text()
    assert "Sheet 1: 1 of 3 right" in pages[1].extract_text()
    assert "Sheet 1: 1 of 3 right" in again[1].extract_text()  # "Impossible": wrong


def test_a_mat_rounds_forms_give_the_rounds_scores_on_the_page_and_as_csv(
    teacher: FlaskClient, tmp_path: Path
) -> None:
    """MAT Successive forms uploaded: the round's scores by the book (seconds for a right
    answer), a table on the page and the CSV the command writes."""
    import pypdfium2 as pdfium
    from cli_support import run as cli_run
    from pypdf import PdfReader
    from scan_support import boxes_for, fill, png, right_answer

    from generator.scan.layout import ATTACHMENT, SheetLayout

    out = tmp_path / "kit.pdf"
    code, _, err = cli_run("mat-kit", "--variant", "successive", "--players", "2",
                           "--scannable", "--out", str(out))  # fmt: skip
    assert code == 0, err
    layout = SheetLayout.from_json(PdfReader(out).attachments[ATTACHMENT][0])
    pdf = pdfium.PdfDocument(out.read_bytes())
    files = []
    for n, page in enumerate(layout.pages, 1):
        image = pdf[page.pdf_page - 1].render(scale=200 / 72, grayscale=True).to_numpy()
        chosen = [i for puzzle in page.puzzles
                  for i in boxes_for(page, {puzzle: right_answer(puzzle)})]  # fmt: skip
        digits = {1: 0, 2: 4, 3: 2}  # 42 seconds for every set
        chosen += [i for i, box in enumerate(page.boxes)
                   if box.field == "digit" and digits.get(box.place or 0) == box.value]  # fmt: skip
        files.append((f"form-{n}.png", png(fill(image.copy(), page, chosen))))
    pdf.close()
    number = graded(teacher, *files)
    assert "MAT Successive: the round's scores" in page_of(teacher, number)
    scores = teacher.get(f"/grade/{number}/mat-scores.csv")
    assert scores.status_code == 200 and scores.data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(scores.data.decode("utf-8-sig"))))
    assert rows[0] == ["Player", "Name", "Set 1", "Set 2", "Total", "Place"]
    assert [row[2:] for row in rows[1:]] == [["42", "42", "84", "1"], ["42", "42", "84", "1"]]
    worksheet = graded(teacher, ("ann.png", pupil_page()))
    assert teacher.get(f"/grade/{worksheet}/mat-scores.csv").status_code == 404
