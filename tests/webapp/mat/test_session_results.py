"""A MAT session's results: the scoreboard, CSV and score sheet of a scripted session,
deleting, the projector's join QR code, and the checking page while a set is in play."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import zxingcpp
from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import (
    BOM,
    IMPOSSIBLE,
    SOLUTION,
    SOLVABLE,
    UNSOLVED,
    csv_rows,
    end_set,
    join,
    new_session,
    press,
    refused,
    seats,
    set_id,
    start_set,
)
from pdf_probe import lines_of
from PIL import Image, ImageDraw
from pypdf import PdfReader
from webapp_support import Clock

from printables.cards import FOUR_D
from webapp.db import read
from webapp.mat import store as mat_store


def scripted_session(app: Flask, teacher: FlaskClient, clock: Clock) -> tuple[int, str]:
    """Two sets (solvable, impossible), three players: Ann, Bob, Cy.

    Set 1: Ann right at 83 s; Bob wrong at 100 s; Cy no hand. Set 2: Ann claims impossible
    at 300 s (right); Bob at 50 s (right); Cy's hand at 50 s by the proctor, judged
    impossible (right).
    """
    session_id, code = new_session(teacher)
    teacher.post(f"/sessions/{session_id}/players", data={"names": "Ann\nBob\nCy"})
    ann, bob = join(app, code, "Ann"), join(app, code, "Bob")
    start_set(teacher, session_id)
    clock.at = 1083.9
    press(ann, code, 0, "done", SOLUTION)
    clock.at = 1100.2
    press(bob, code, 0, "done", UNSOLVED)
    clock.at = 1200.0
    end_set(teacher, session_id)
    clock.at = 2000.0
    start_set(teacher, session_id)
    clock.at = 2300.5
    press(ann, code, 1, "impossible")
    clock.at = 2050.0
    press(bob, code, 1, "impossible")
    clock.at = 2050.7
    cy = seats(app, session_id)["Cy"]
    teacher.post(f"/sessions/{session_id}/rounds/1/players/{cy}/hand")
    teacher.post(f"/sessions/{session_id}/rounds/1/players/{cy}", data={"verdict": "impossible"})
    return session_id, code


def test_the_results_and_csv_of_a_scripted_session(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, _ = scripted_session(app, teacher, clock)
    provisional = teacher.get(f"/sessions/{session_id}/results").get_data(as_text=True)
    assert "these totals are provisional" in provisional
    clock.at = 2700.0  # set 2 runs out by itself
    # By hand: Ann 83 + 300 = 383; Bob 600 (wrong) + 50 = 650; Cy 600 (no time) + 50 = 650.
    # Places: Ann 1; Bob and Cy share 2.
    one, two = set_id(SOLVABLE), set_id(IMPOSSIBLE)
    response = teacher.get(f"/sessions/{session_id}/results.csv")
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response.headers["Content-Disposition"]
        == f'attachment; filename="mat-session-{session_id}.csv"'
    )
    assert response.data.decode("utf-8-sig") == (
        f"Place,Player,Set 1 ({one}) score,Set 1 mark,Set 2 ({two}) score,Set 2 mark,Total\r\n"
        "1,Ann,83,,300,,383\r\n"
        "2,Bob,600,wrong,50,,650\r\n"
        "2,Cy,600,no time,50,,650\r\n"
    )
    page = teacher.get(f"/sessions/{session_id}/results").get_data(as_text=True)
    assert "provisional" not in page
    rows = re.findall(r"<tr>\s*<td class=\"num\">(\d)</td>\s*<th scope=\"row\">(\w+)</th>", page)
    assert rows == [("1", "Ann"), ("2", "Bob"), ("2", "Cy")]
    assert '<td class="num">600 <span class="hint">(wrong)</span></td>' in page
    assert '<td class="num">600 <span class="hint">(no time)</span></td>' in page
    assert '<td class="num"><strong>383</strong></td>' in page
    assert page.count('<td class="num"><strong>650</strong></td>') == 2


def test_the_score_sheet_pdf_of_a_scripted_session(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, _ = scripted_session(app, teacher, clock)
    clock.at = 2700.0
    response = teacher.get(f"/sessions/{session_id}/scoresheet.pdf?paper=a4")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/pdf"
    lines = [" ".join(line) for line in lines_of(response.data, [0])]
    rows = [line for line in lines if line.split(" ")[0] in {"1st", "2nd", "3rd"}]
    # Place, player, each set's score (with its mark when it scored the limit), the total.
    assert rows[0].startswith("1st Ann 83 300 383"), rows
    assert rows[1].startswith("2nd Bob 600") and rows[1].endswith("650"), rows
    assert rows[2].startswith("2nd Cy 600") and rows[2].endswith("650"), rows
    assert any("wrong" in line for line in lines) and any("no time" in line for line in lines)
    assert teacher.get(f"/sessions/{session_id}/scoresheet.pdf").status_code == 200
    # A visitor without a login gets no score sheet.
    assert app.test_client().get(f"/sessions/{session_id}/scoresheet.pdf").status_code == 302


def test_the_csv_opens_in_excel_with_every_name_as_typed(app: Flask, teacher: FlaskClient) -> None:
    """Excel takes a CSV for UTF-8 only when it starts with a byte order mark (without one,
    "Chloé" opens as "ChloÃ©"); the bytes are the BOM, then UTF-8."""
    session_id, code = new_session(teacher, sets=SOLVABLE)
    names = ["Chloé", "李华", "Дмитрий", "🦊 Fox"]
    for name in names:
        join(app, code, name)
    data = teacher.get(f"/sessions/{session_id}/results.csv").data
    assert data.startswith(BOM + b"Place,Player,")
    assert data.count(BOM) == 1
    for name in names:
        assert f",{name},".encode() in data


def test_csv_cells_never_run_as_formulas(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    nasty = ["=cmd|' /C calc'!A0", "+1", "-1", "@SUM(1)", "Ann"]
    for name in nasty:
        join(app, code, name)
    rows = csv_rows(teacher, session_id)
    players = sorted(row[1] for row in rows[1:])
    assert players == sorted(["'=cmd|' /C calc'!A0", "'+1", "'-1", "'@SUM(1)", "Ann"])
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in rows for cell in row)
    page = teacher.get(f"/sessions/{session_id}/results").get_data(as_text=True)
    assert '<th scope="row">=cmd|&#39; /C calc&#39;!A0</th>' in page  # HTML shows it as is


def test_deleting_student_data_and_the_session_need_confirmation(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = scripted_session(app, teacher, clock)
    ann = app.test_client()
    ann.post("/join", data={"code": code, "nickname": "Dee"})
    unticked = teacher.post(f"/sessions/{session_id}/delete-students")
    assert unticked.location == f"/sessions/{session_id}/results"
    assert "Tick the box to confirm: every player" in refused(teacher, unticked)
    assert len(seats(app, session_id)) == 4
    deleted = teacher.post(f"/sessions/{session_id}/delete-students", data={"confirm": "yes"})
    assert deleted.status_code == 303
    assert deleted.location == f"/sessions/{session_id}/results?deleted=1"
    notice = teacher.get(deleted.location).get_data(as_text=True)
    assert "Every player's name, times and answers have been deleted." in notice
    assert "<p>No players.</p>" in notice
    assert seats(app, session_id) == {}
    assert csv_rows(teacher, session_id)[1:] == []
    with app.app_context(), read() as db:
        assert mat_store.load(db, session_id).entries == {}
    # A student's device that held a seat is asked to join again (no redirect loop).
    back = refused(ann, ann.get(f"/play/{code}"))
    assert "You are no longer in this session" in back and 'name="nickname"' in back
    assert ann.get(f"/play/{code}").location == f"/join/{code}"
    no = teacher.post(f"/sessions/{session_id}/delete", data={"confirm": "no"})
    assert "Tick the box to confirm that the whole session" in refused(teacher, no)
    assert teacher.get(f"/sessions/{session_id}").status_code == 200
    gone = teacher.post(f"/sessions/{session_id}/delete", data={"confirm": "yes"})
    assert gone.status_code == 303 and gone.location == "/dashboard"
    assert teacher.get(f"/sessions/{session_id}").status_code == 404
    assert "Period 3" not in teacher.get("/dashboard").get_data(as_text=True)
    assert app.test_client().get(f"/join/{code}").status_code == 404


# --- projector and join QR -----------------------------------------------------------------


def decode_svg_qr(svg: str) -> str:
    """Draw the SVG's filled paths (the QR modules) and read the code back."""
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    scale = 10
    _, _, width, height = (float(v) for v in root.attrib["viewBox"].split())
    image = Image.new("L", (int(width * scale), int(height * scale)), 255)
    draw = ImageDraw.Draw(image)
    paths = root.findall(f"{ns}path")
    assert len(paths) > 100
    for path in paths:
        numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", path.attrib["d"])]
        points = [(x * scale, y * scale) for x, y in zip(numbers[::2], numbers[1::2], strict=True)]
        draw.polygon(points, fill=0 if path.attrib["fill"] == "#000000" else 255)
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1
    return str(found[0].text)


def test_the_projector_shows_the_code_and_a_qr_of_the_join_url(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    app.config["BASE_URL"] = "https://mat.example.org/"
    session_id, code = new_session(teacher)
    page = teacher.get(f"/sessions/{session_id}/projector").get_data(as_text=True)
    assert "Join at <strong>https://mat.example.org/join</strong>" in page
    assert f'<strong class="big-code" id="join-code">{code}</strong>' in page
    assert f'alt="QR code that opens https://mat.example.org/join/{code}"' in page
    assert "Waiting to start" in page and ">10:00</p>" in page
    console = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert f'<a href="https://mat.example.org/join/{code}">' in console
    qr = teacher.get(f"/sessions/{session_id}/join-qr.svg")
    assert qr.headers["Content-Type"] == "image/svg+xml"
    assert qr.headers["Cache-Control"] == "no-store"
    assert decode_svg_qr(qr.get_data(as_text=True)) == f"https://mat.example.org/join/{code}"
    join(app, code, "Ann")
    start_set(teacher, session_id)
    clock.at = 1083.9
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{seats(app, session_id)['Ann']}/hand")
    running = teacher.get(f"/sessions/{session_id}/projector").get_data(as_text=True)
    assert "Set 1 of 2" in running and ">8:37</p>" in running
    assert (
        '<li title="Ann"><span class="who">Ann</span> <span class="at">1:23</span></li>' in running
    )
    assert 'Hands up: <span id="hand-count">1</span> of <span id="player-count">1</span>' in running


def test_the_public_check_page_gives_no_verdict_on_a_set_in_play(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """A competitor must not learn from /check whether the running set can be solved."""
    session_id, code = new_session(teacher, sets=SOLVABLE, limit=60)
    join(app, code, "Ann")
    page = app.test_client().get(f"/check/{set_id(SOLVABLE)}", query_string={"answer": "No"})
    assert page.status_code == 200 and "Not right yet" in page.get_data(as_text=True)
    start_set(teacher, session_id)
    student = app.test_client()
    for answer in ("No", SOLUTION):
        refused = student.get(f"/check/{set_id(SOLVABLE)}", query_string={"answer": answer})
        text = refused.get_data(as_text=True)
        assert refused.status_code == 400 and "in a MAT competition under way" in text
        assert "Right!" not in text and "Not right yet" not in text
    other = student.get(f"/check/{set_id(IMPOSSIBLE)}", query_string={"answer": "No"})
    assert other.status_code == 200 and "Right!" in other.get_data(as_text=True)
    clock.at = 1061.0  # the set's minute is over
    after = student.get(f"/check/{set_id(SOLVABLE)}", query_string={"answer": SOLUTION})
    assert after.status_code == 200 and "Right!" in after.get_data(as_text=True)


def test_a_set_in_play_is_the_same_set_in_any_orientation_or_order(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    """During a 3x4 set, the same twelve cards typed as 4x3 at /check, or as 3x4 in
    another order, are the set in play: no verdict (a transposed set got one before)."""
    cards = FOUR_D.cards[:12]  # blue and black: solvable
    typed = " ".join(str(c) for c in cards)
    response = teacher.post(
        "/sessions",
        data={"name": "Rectangles", "variant": "simultaneous", "size": "3x4", "limit": "60",
              "source": "typed", "sets": typed},
    )  # fmt: skip
    session_id = int(response.location.rsplit("/", 1)[1])
    page = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    code = re.search(r'join code <strong class="id">([A-Z2-9]{6})</strong>', page)
    assert code is not None
    join(app, code.group(1), "Ann")
    start_set(teacher, session_id)
    student = app.test_client()
    reversed_order = " ".join(str(c) for c in reversed(cards))
    for size, written in (("4x3", typed), ("3x4", reversed_order), ("4x3", reversed_order)):
        opened = student.get("/check", query_string={"size": size, "cards": written})
        assert opened.status_code == 302, opened.get_data(as_text=True)
        rows = size[0]
        grid = "\n".join(
            " ".join(str(c) for c in cards[k : k + 12 // int(rows)])
            for k in range(0, 12, 12 // int(rows))
        )
        refused = student.get(opened.location, query_string={"answer": grid})
        text = refused.get_data(as_text=True)
        assert refused.status_code == 400 and "in a MAT competition under way" in text, size
        assert "Right!" not in text and "Not right yet" not in text
    clock.at = 1061.0  # the set's minute is over: now it is checked
    opened = student.get("/check", query_string={"size": "4x3", "cards": typed})
    after = student.get(opened.location, query_string={"answer": "No"})
    assert after.status_code == 200 and "Not right yet" in after.get_data(as_text=True)


def test_a_stale_console_does_not_overwrite_an_answer_typed_since(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    ann = join(app, code, "Ann")
    start_set(teacher, session_id)
    pid = seats(app, session_id)["Ann"]
    clock.at = 1042.0
    assert press(ann, code, 0, "done", SOLUTION).status_code == 303
    # The proctor's table still showed the empty answer; they give a verdict only.
    path = f"/sessions/{session_id}/rounds/0/players/{pid}"
    form = {"answer": "", "answer_was": "", "verdict": "wrong"}
    assert teacher.post(path, data=form).status_code == 303
    with app.app_context(), read() as db:
        entry = mat_store.load(db, session_id).entry(pid, 0)
    assert entry is not None and entry.answer == SOLUTION.strip() and entry.verdict == "wrong"
    # A real correction (the text differs from what the table showed) is saved.
    form = {"answer": "No", "answer_was": SOLUTION, "verdict": ""}
    assert teacher.post(path, data=form).status_code == 303
    with app.app_context(), read() as db:
        entry = mat_store.load(db, session_id).entry(pid, 0)
    assert entry is not None and entry.answer == "No" and entry.verdict is None


def test_reveal_asks_first_while_hands_still_need_a_verdict(
    app: Flask, teacher: FlaskClient, clock: Clock
) -> None:
    session_id, code = new_session(teacher, sets=SOLVABLE)
    ann = join(app, code, "Ann")
    join(app, code, "Bo")
    ids = seats(app, session_id)
    start_set(teacher, session_id)
    clock.at += 30
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bo']}/hand")  # no answer
    press(ann, code, 0, answer=SOLUTION)
    clock.at += 600
    asked = teacher.post(f"/sessions/{session_id}/reveal", data={"shown": "1"})
    page = refused(teacher, asked)
    assert "1 hand still needs a verdict (Bo (set 1)), and unchecked hands score the limit" in page
    assert '<input type="hidden" name="anyway" value="yes">' in page and "Reveal anyway" in page
    assert ann.get(f"/play/{code}/state").json["revealed"] is False  # type: ignore[index]
    # Reloading the results page asks no more; revealing anyway reveals.
    assert "Reveal anyway" not in teacher.get(f"/sessions/{session_id}/results").text
    anyway = teacher.post(f"/sessions/{session_id}/reveal", data={"shown": "1", "anyway": "yes"})
    assert anyway.status_code == 303
    assert ann.get(f"/play/{code}/state").json["revealed"] is True  # type: ignore[index]
    # Once every hand has a verdict, Reveal needs no second word.
    teacher.post(f"/sessions/{session_id}/reveal", data={"shown": "0"})
    teacher.post(f"/sessions/{session_id}/rounds/0/players/{ids['Bo']}", data={"verdict": "wrong"})
    assert teacher.post(f"/sessions/{session_id}/reveal", data={"shown": "1"}).status_code == 303
    assert ann.get(f"/play/{code}/state").json["revealed"] is True  # type: ignore[index]


def test_the_score_sheet_prints_names_in_other_scripts(app: Flask, teacher: FlaskClient) -> None:
    session_id, code = new_session(teacher, name="Кабинет 12")
    for name in ("Zoë", "Дмитрий", "Αθηνά"):
        join(app, code, name)
    response = teacher.get(f"/sessions/{session_id}/scoresheet.pdf?paper=a4")
    assert response.status_code == 200
    text = PdfReader(io.BytesIO(response.data)).pages[0].extract_text()
    for name in ("Zoë", "Дмитрий", "Αθηνά", "Кабинет 12"):
        assert name in text, name
