"""The print page: worksheets, MAT kits and score sheets from the browser as PDFs, read
back (pypdf) and rasterized (pypdfium2), with QR codes that open this server's checking
pages; a session's own kit from its console."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2
import pytest
import zxingcpp
from flask import Flask
from flask.testing import FlaskClient
from mat_helpers import join as join_session
from mat_helpers import new_session, seats
from pypdf import PdfReader
from seed_draws import LONG_KEY_SEED, SHORT_KEYS_SEED, draws
from webapp_support import add_teacher, log_in

from generator.scan.layout import ATTACHMENT, SheetLayout
from generator.scan.marks import PageCode
from printables.puzzles import get_kind
from webapp import create_app
from webapp.printing import made

SERVER = "http://192.168.1.20:5000"


@pytest.fixture
def lan(tmp_path: Path) -> tuple[Flask, FlaskClient]:
    """An app whose public address is a classroom network's, and a teacher logged in."""
    app = create_app(
        {"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'print.sqlite3'}",
         "SECRET_KEY": "t", "WTF_CSRF_ENABLED": False, "BASE_URL": SERVER}
    )  # fmt: skip
    add_teacher(app, "ada")
    teacher = app.test_client()
    log_in(teacher, "ada")
    return app, teacher


def text_of(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_the_print_page_is_for_teachers(client: FlaskClient) -> None:
    assert client.get("/print").status_code == 302
    assert client.get("/print/worksheet.pdf").status_code == 302


def test_a_worksheet_downloads_with_qr_codes_to_this_server(
    lan: tuple[Flask, FlaskClient],
) -> None:
    _, teacher = lan
    page = teacher.get("/print").get_data(as_text=True)
    assert f'<a href="{SERVER}/check">{SERVER}/check</a>' in page
    response = teacher.get(
        "/print/worksheet.pdf",
        query_string={"kind": "matrix", "size": "4x4", "difficulty": "easy", "count": "4",
                      "paper": "a4", "key": "both", "seed": "31"},
    )  # fmt: skip
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert 'filename="matrix-worksheet-4x4-31.pdf"' in response.headers["Content-Disposition"]
    ids = re.findall(r"4x4-[0-9a-z]{6}", text_of(response.data))
    assert len(set(ids)) == 4
    document = pypdfium2.PdfDocument(response.data)
    image = document[0].render(scale=200 / 72).to_pil()
    urls = {code.text for code in zxingcpp.read_barcodes(image)}
    document.close()
    assert urls and all(url.startswith(f"{SERVER}/check/4x4-") for url in urls), urls
    same = {"kind": "matrix", "size": "4x4", "difficulty": "easy", "count": "4", "seed": "31"}
    again = teacher.get("/print/worksheet.pdf", query_string=same)
    assert set(re.findall(r"4x4-[0-9a-z]{6}", text_of(again.data))) == set(ids)  # the seed


def test_a_worksheet_with_no_seed_draws_one_whose_keys_fit_a_third_of_a_page(
    teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = draws(monkeypatch, LONG_KEY_SEED, SHORT_KEYS_SEED)
    asked = {"kind": "matrix", "size": "4x5", "want": "impossible", "difficulty": "hard",
             "count": "2", "seed": ""}  # fmt: skip
    response = teacher.get("/print/worksheet.pdf", query_string=asked)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert drawn.count == 2
    name = f'filename="matrix-worksheet-4x5-{SHORT_KEYS_SEED}.pdf"'
    assert name in response.headers["Content-Disposition"]
    ids = get_kind("matrix").ids(2, SHORT_KEYS_SEED, get_kind("matrix").choices(
        size="4x5", want="impossible", level="hard"))  # fmt: skip
    assert set(re.findall(r"4x5-[0-9a-z]{6}", text_of(response.data))) == set(ids)


def test_a_costly_tricks_worksheet_a_kit_and_a_score_sheet_download(
    lan: tuple[Flask, FlaskClient],
) -> None:
    _, teacher = lan
    asked = {"kind": "costly-tricks", "cards": "3", "question": "legal", "count": "3",
             "key": "students"}  # fmt: skip
    tricks = teacher.get("/print/worksheet.pdf", query_string=asked)
    assert tricks.status_code == 200 and "Costly Tricks" in text_of(tricks.data)
    assert "Answer key" not in text_of(tricks.data)
    kit = teacher.get("/print/mat-kit.pdf", query_string={
        "variant": "successive", "players": "4", "difficulty": "easy", "seed": "5"})  # fmt: skip
    assert kit.status_code == 200
    assert 'filename="mat-kit-successive-5.pdf"' in kit.headers["Content-Disposition"]
    assert "Successive" in text_of(kit.data)
    sheet = teacher.get("/print/scoresheet.pdf", query_string={"game": "matches", "paper": "a4"})
    assert sheet.status_code == 200 and "Matches" in text_of(sheet.data)
    whole = teacher.get("/print/worksheet.pdf", query_string={**asked, "cards": "11",
                                                                "question": "play"})  # fmt: skip
    assert whole.status_code == 400  # a whole deal takes minutes: the command line prints it
    assert "printables worksheet costly-tricks --cards 11" in whole.get_data(as_text=True)


@pytest.mark.parametrize("kind", ["nada", "poker", "placement", "secret-card", "cipher",
                                  "challenge"])  # fmt: skip
def test_every_question_of_every_question_kind_is_offered_and_downloads(
    lan: tuple[Flask, FlaskClient], kind: str
) -> None:
    """The kind menu offers each question (``nada:discard``); its worksheet has the ids of
    that question and their QR codes open this server's checking pages."""
    _, teacher = lan
    page = teacher.get("/print").get_data(as_text=True)
    offered = re.findall(rf'<option value="{kind}:([a-z-]+)"', page)
    assert offered == list(get_kind(kind).questions.values())
    asked = {"kind": f"{kind}:{offered[-1]}", "difficulty": "hard", "count": "2", "seed": "4",
             "paper": "a4"}  # fmt: skip
    response = teacher.get("/print/worksheet.pdf", query_string=asked)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    name = f'filename="{kind}-worksheet-{offered[-1]}-4.pdf"'
    assert name in response.headers["Content-Disposition"]
    ids = re.findall(rf"{kind}-[0-9a-z]{{6}}", text_of(response.data))
    choices = get_kind(kind).choices(question=offered[-1], level="hard")
    assert list(dict.fromkeys(ids))[:2] == get_kind(kind).ids(2, 4, choices)
    document = pypdfium2.PdfDocument(response.data)
    image = document[0].render(scale=200 / 72).to_pil()
    urls = {code.text for code in zxingcpp.read_barcodes(image)}
    document.close()
    assert urls and all(url.startswith(f"{SERVER}/check/{kind}-") for url in urls), urls
    wrong = teacher.get("/print/worksheet.pdf", query_string={**asked, "kind": f"{kind}:nope"})
    assert wrong.status_code == 400
    assert f"{kind}:{offered[0]}, " in wrong.get_data(as_text=True)  # the choices, listed


def test_the_students_pages_and_the_key_download_apart_packed_as_asked(
    lan: tuple[Flask, FlaskClient],
) -> None:
    """Thirty copies of the students' pages, one of the key: two downloads of one sheet."""
    _, teacher = lan
    page = teacher.get("/print").get_data(as_text=True)
    assert '<option value="both" selected>' in page
    asked = {"kind": "matrix", "count": "6", "seed": "8", "per_page": "2"}
    students = teacher.get("/print/worksheet.pdf", query_string={**asked, "key": "students"})
    key = teacher.get("/print/worksheet.pdf", query_string={**asked, "key": "key"})
    both = teacher.get("/print/worksheet.pdf", query_string=asked)
    assert 'filename="matrix-worksheet-3x3-8-key.pdf"' in key.headers["Content-Disposition"]
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(students.data)).pages]
    assert len(pages) == 3 and all(p.count("Impossible\n") == 2 for p in pages)
    assert all("Name:" in p for p in pages)
    key_pages = [p.extract_text() for p in PdfReader(io.BytesIO(key.data)).pages]
    assert all(p.startswith("Answer key: Matrix puzzles") for p in key_pages)
    assert len(PdfReader(io.BytesIO(both.data)).pages) == len(pages) + len(key_pages)


def test_rules_handouts_and_notation_cards_download(lan: tuple[Flask, FlaskClient]) -> None:
    _, teacher = lan
    page = teacher.get("/print").get_data(as_text=True)
    assert '<option value="all" selected>Every game' in page
    assert '<option value="lockdown" >Lockdown (Lockdown)</option>' in page
    one = teacher.get("/print/handout.pdf", query_string={"handout": "zodiac", "paper": "a4"})
    assert one.status_code == 200
    assert 'filename="zodiac-rules.pdf"' in one.headers["Content-Disposition"]
    assert text_of(one.data).startswith("Zodiac\n")
    every = teacher.get("/print/handout.pdf")
    assert 'filename="rules-handouts.pdf"' in every.headers["Content-Disposition"]
    assert len(PdfReader(io.BytesIO(every.data)).pages) >= 21
    cards = teacher.get("/print/handout.pdf", query_string={"handout": "notation"})
    assert text_of(cards.data).count("How the cards are named") == 4


def test_a_document_asked_for_again_is_made_once(lan: tuple[Flask, FlaskClient]) -> None:
    """A double click, a reload or a second teacher gets the same bytes, made once."""
    _, teacher = lan
    seeded = {"kind": "costly-tricks", "count": "3", "seed": "8", "paper": "a4"}
    for path, query, maker in [
        ("/print/handout.pdf", {"handout": "quad", "paper": "a4"}, made.handouts),
        ("/print/worksheet.pdf", seeded, made.worksheet),
        ("/print/mat-kit.pdf", {"sets": "2", "seed": "8"}, made.mat_kit),
        ("/print/scoresheet.pdf", {"game": "zodiac", "sheet_players": "3"}, made.score_sheet),
    ]:
        before = maker.cache_info()
        first, again = (teacher.get(path, query_string=query) for _ in range(2))
        after = maker.cache_info()
        assert first.status_code == again.status_code == 200, path
        assert first.data == again.data, path
        assert after.misses - before.misses <= 1 and after.hits - before.hits >= 1, path
    other = teacher.get("/print/worksheet.pdf", query_string=seeded | {"paper": "letter"})
    assert other.data != first.data  # what was chosen is the key: a new paper, a new sheet


@pytest.mark.parametrize(
    ("path", "query", "problem"),
    [("/print/worksheet.pdf", {"count": "99"}, "How many puzzles: a number from 1 to 24, not 99."),
     ("/print/worksheet.pdf", {"size": "3x9"}, "3x9"),
     ("/print/worksheet.pdf", {"seed": "soon"}, "The seed: write a number"),
     ("/print/worksheet.pdf", {"per_page": "9"}, "Puzzles a page: a number from 1 to 8, not 9."),
     ("/print/worksheet.pdf", {"size": "5x5", "per_page": "7", "count": "7"},
      "7 5x5 puzzles do not fit on one Letter page; at most"),
     ("/print/worksheet.pdf", {"key": "1"}, "The pages are one of both, students, key."),
     ("/print/mat-kit.pdf", {"variant": "successive", "players": "12"},
      "Players: a number from 1 to 9"),
     ("/print/mat-kit.pdf", {"limit": "5"}, "The time limit: a number from 10 to 3600, not 5."),
     ("/print/scoresheet.pdf", {}, "Choose the game whose score sheet to print."),
     ("/print/handout.pdf", {"handout": "bridge"},
      "Choose the rules of a game, of every game, or the notation cards."),
     ("/print/scoresheet.pdf", {"game": "matches", "paper": "legal"}, "legal")],
)  # fmt: skip
def test_a_choice_that_cannot_be_printed_says_why_and_keeps_every_choice(
    lan: tuple[Flask, FlaskClient], path: str, query: dict[str, str], problem: str
) -> None:
    _, teacher = lan
    response = teacher.get(path, query_string={"difficulty": "hard", **query})
    page = response.get_data(as_text=True)
    assert response.status_code == 400
    assert '<div class="problems" role="alert"><p>' in page and problem in page
    assert '<option value="hard" selected>' in page


def test_a_sessions_own_kit_from_its_console(lan: tuple[Flask, FlaskClient]) -> None:
    app, teacher = lan
    session_id, code = new_session(teacher, name="Period 5")
    for name in ("Ann", "Bo", "Cy"):
        join_session(app, code, name)
    console = teacher.get(f"/sessions/{session_id}").get_data(as_text=True)
    assert f'href="/sessions/{session_id}/kit.pdf"' in console
    kit = teacher.get(f"/sessions/{session_id}/kit.pdf?paper=a4")
    assert kit.status_code == 200
    text = text_of(kit.data)
    with app.app_context():
        assert len(seats(app, session_id)) == 3
    for puzzle_id in re.findall(r'<span class="id">(3x3-[0-9a-z]{6})</span>', console):
        assert puzzle_id in text
    other = app.test_client()
    add_teacher(app, "bea")
    log_in(other, "bea")
    assert other.get(f"/sessions/{session_id}/kit.pdf").status_code == 404


def test_a_scannable_worksheet_with_a_class_list_prints_a_named_set_for_each_pupil(
    lan: tuple[Flask, FlaskClient],
) -> None:
    """The class list is posted (names never in an address); the download has the puzzle
    pages once, then each pupil's answer pages with their name printed and coded."""
    _, teacher = lan
    page = teacher.get("/print").get_data(as_text=True)
    assert '<form class="stack" method="post" action="/print/worksheet.pdf">' in page
    asked = {"kind": "matrix", "size": "3x3", "count": "2", "seed": "12", "key": "students",
             "scannable": "yes", "roster": "Name\nAna López\n李小龙\n"}  # fmt: skip
    response = teacher.post("/print/worksheet.pdf", data=asked)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    layout = SheetLayout.from_json(reader.attachments[ATTACHMENT][0])
    named = [p.pupil.name for p in layout.pages if p.pupil is not None]
    assert named == ["Ana López", "李小龙"]  # one answer page each, in the list's order
    class_code = layout.pages[0].pupil.class_code  # type: ignore[union-attr]
    assert f"-class-{class_code}.pdf" in response.headers["Content-Disposition"]
    document = pypdfium2.PdfDocument(response.data)
    last = document[len(document) - 1].render(scale=200 / 72).to_pil()
    document.close()
    codes = [c.text for c in zxingcpp.read_barcodes(last) if c.text.startswith("printables")]
    assert codes == [layout.pages[-1].code] and PageCode.read(codes[0]).pupil.name == "李小龙"  # type: ignore[union-attr]
    plain = teacher.get("/print/worksheet.pdf", query_string={**asked, "roster": ""})
    unnamed = SheetLayout.from_json(PdfReader(io.BytesIO(plain.data)).attachments[ATTACHMENT][0])
    assert len(unnamed.pages) == 1 and unnamed.pages[0].pupil is None  # one set, names written


@pytest.mark.parametrize(
    ("asked", "problem"),
    [({"roster": "Ana\nana"}, "&#39;ana&#39; is on the roster twice (rows 1 and 2)."),
     ({"scannable": "", "roster": "Ana"},
      "A class list prints answer sheets with the pupils&#39; names: choose answer sheets to "
      "scan, or clear the class list."),
     ({"roster": "x" * 20_001}, "The class list is over 20,000 characters: one name a line.")],
)  # fmt: skip
def test_a_class_list_that_cannot_be_printed_says_why_and_is_kept(
    lan: tuple[Flask, FlaskClient], asked: dict[str, str], problem: str
) -> None:
    _, teacher = lan
    sent = {"kind": "matrix", "count": "2", "difficulty": "hard", "scannable": "yes", **asked}
    response = teacher.post("/print/worksheet.pdf", data=sent)
    if len(asked["roster"]) < 1000:  # back to the page, which shows the problem once
        assert (response.status_code, response.location) == (303, "/print")
        response = teacher.get("/print")
        assert problem not in teacher.get("/print").get_data(as_text=True)
    else:  # too long to keep in the cookie: the page is the post's answer
        assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert problem in page
    kept = asked["roster"][:200]
    assert f'placeholder="Ana López&#10;Ben Okafor">{kept}' in page  # what was typed stays
    assert '<option value="hard" selected>' in page


def test_a_successive_kit_with_answer_forms_to_scan(lan: tuple[Flask, FlaskClient]) -> None:
    _, teacher = lan
    asked = {"variant": "successive", "players": "3", "difficulty": "easy", "seed": "5",
             "scannable": "yes"}  # fmt: skip
    kit = teacher.get("/print/mat-kit.pdf", query_string=asked)
    assert kit.status_code == 200
    layout = SheetLayout.from_json(PdfReader(io.BytesIO(kit.data)).attachments[ATTACHMENT][0])
    assert {PageCode.read(p.code).kind for p in layout.pages} == {"mat"}
    written = teacher.get("/print/mat-kit.pdf", query_string={**asked, "scannable": ""})
    assert ATTACHMENT not in PdfReader(io.BytesIO(written.data)).attachments
    refused = teacher.get("/print/mat-kit.pdf", query_string={**asked, "variant": "simultaneous"})
    assert refused.status_code == 400
    assert "Answer forms to scan are MAT Successive&#39;s" in refused.get_data(as_text=True)
    limit = teacher.get("/print/mat-kit.pdf", query_string={**asked, "limit": "300"})
    assert "scored with the book&#39;s limit of 600 seconds" in limit.get_data(as_text=True)
