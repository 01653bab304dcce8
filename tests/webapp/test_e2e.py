"""End to end in real headless Chromium: gunicorn with two workers on an SQLite file, a
teacher and three students' phones in browser contexts of their own.

A MAT Simultaneous session is played through (joining by code, by the projector's QR
code and by the join link; a reload mid-set; a server restart mid-set), the scoreboard
is checked against totals computed here from the seconds the server stored; a
worksheet's QR code opens its checking page; the projector timer is shown. axe-core
audits the pages, and screenshots are saved (``PRINTABLES_SCREENSHOTS`` names a folder
for them, else pytest's temporary one).
"""

from __future__ import annotations

import io
import re
import time
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
import zxingcpp
from axe_playwright_python.sync_playwright import Axe
from browser_support import (
    log_in,
    new_context,
    skip_without_chromium,
)
from live_server import LiveServer
from PIL import Image
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    expect,
)

from generator.documents.worksheet import WorksheetOptions, worksheet_pdf
from generator.draw.layout import PAPERS
from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.mat import check_answer
from printables.matrix.puzzles import generate, get_puzzle
from printables.paradox.problems import KIND as COSTLY_TRICKS
from printables.paradox.problems import problem_ids
from printables.paradox.solver import COMPILED

skip_without_chromium()

LIMIT = 60

SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
SOLUTION = "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT\nRbzT RgzC RwzS"
WRONG_GRID = "RbzT RgzC RwzS\nGb~T Gg=T GwzT\nBbzT Bw=T Bg~T"  # a column shares nothing
IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
IMPOSSIBLE_GRID = "Gb=C GbzS Gg~T\nRb~T Bg~S BwzT\nRgzS Rw~T BgzT"
# Any unsolved grid of an impossible set claims impossibility, which is right; an answer
# that cannot be read is wrong (the last card's X is not a shape).
MISSPELLED_GRID = "Gb=C GbzS Gg~T\nRb~T Bg~S BwzT\nRgzS Rw~T BgzX"

VERDICT_WORDS = re.compile(r"\b(right|wrong|score|scores|total|totals)\b", re.IGNORECASE)
SERIOUS = ("serious", "critical")

expect.set_options(timeout=10_000)


def test_the_premises_hold() -> None:
    """The sets and answers the scenario relies on are what the engine says they are."""
    solvable, impossible = read_cards(SOLVABLE, FOUR_D), read_cards(IMPOSSIBLE, FOUR_D)
    assert check_answer(SOLUTION, solvable).right
    assert not check_answer(WRONG_GRID, solvable).right
    assert check_answer("No", impossible).right
    assert check_answer(IMPOSSIBLE_GRID, impossible).right
    with pytest.raises(ValueError):
        check_answer(MISSPELLED_GRID, impossible)
    assert not check_answer("No", solvable).right


# --- fixtures --------------------------------------------------------------------------


# --- helpers ---------------------------------------------------------------------------


def fmt(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def clock_seconds(text: str) -> int:
    """``"0:57 left"`` or ``"0:57"`` -> 57."""
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, f"no time in {text!r}"
    return int(found[1]) * 60 + int(found[2])


def audit(page: Page, what: str, found: list[str]) -> None:
    """Run axe-core on the page; add its serious and critical violations to ``found``."""
    response: dict[str, Any] = Axe().run(page).response
    assert len(response["passes"]) > 10, f"axe-core did not run on {what}"
    for violation in response["violations"]:
        where = "; ".join(" ".join(str(t) for t in node["target"]) for node in violation["nodes"])
        line = (
            f"{what} ({page.url}): {violation['id']} [{violation['impact']}] "
            f"{violation['help']} -> {where}"
        )
        print("axe:", line)  # lesser problems are shown with -s (or on a failure)
        if violation["impact"] in SERIOUS:
            found.append(line)


def assert_accessible(found: list[str]) -> None:
    assert not found, "axe-core found serious or critical problems:\n" + "\n".join(found)


def assert_no_verdict(page: Page) -> None:
    text = page.locator("body").inner_text()
    words = VERDICT_WORDS.findall(text)
    assert not words, f"a student's page shows {words} before the reveal:\n{text}"


def state(teacher: Page, session_id: int) -> dict[str, Any]:
    response = teacher.request.get(f"/sessions/{session_id}/state")
    assert response.ok, response.status
    body: dict[str, Any] = response.json()
    return body


def hands(teacher: Page, session_id: int, number: int) -> dict[str, int]:
    """The seconds the server stored for round ``number`` (while it is the current one)."""
    now = state(teacher, session_id)
    assert now["round"]["number"] == number
    return {h["nickname"]: h["seconds"] for h in now["hands"]}


def recorded(page: Page, seconds: int) -> None:
    expect(page.locator("#recorded")).to_contain_text(f"Recorded at {fmt(seconds)}")


def assert_console_times(teacher: Page, times: dict[str, int]) -> None:
    """The console's round table shows each player's recorded time in the Hand up column."""
    for name, seconds in times.items():
        row = teacher.locator(
            "table.round tbody tr", has=teacher.get_by_role("rowheader", name=name)
        )
        expect(row.locator("td").first).to_have_text(fmt(seconds))


def assert_countdown(page: Page, selector: str, ends_at: float) -> None:
    """The page's clock shows the time left to ``ends_at`` (server time), within 2 s."""
    page.wait_for_function(
        "s => /\\d:\\d\\d/.test(document.querySelector(s).textContent)", arg=selector
    )
    shown = clock_seconds(page.locator(selector).inner_text())
    left = ends_at - time.time()
    assert abs(shown - left) <= 2, f"{page.url} shows {shown} s left, the server says {left:.1f}"


def results_rows(page: Page) -> list[list[str]]:
    rows = page.locator("table.results tbody tr")
    return [row.locator("td, th").all_inner_texts() for row in rows.all()]


# --- the MAT session -------------------------------------------------------------------


def test_a_mat_session_from_joining_to_the_scoreboard_survives_a_restart(
    server: LiveServer, browser: Browser, shots: Path
) -> None:
    problems: list[str] = []
    teacher_context = new_context(browser, server, phone=False)
    phones = [new_context(browser, server, phone=True) for _ in range(3)]
    try:
        _play_the_session(server, teacher_context, phones, shots, problems)
    finally:
        for context in [teacher_context, *phones]:
            context.close()
    assert_accessible(problems)


def _play_the_session(
    server: LiveServer,
    teacher_context: BrowserContext,
    phones: list[BrowserContext],
    shots: Path,
    problems: list[str],
) -> None:
    # The teacher logs in and makes a two-set session with sets typed by hand.
    teacher = teacher_context.new_page()
    teacher.on("dialog", lambda dialog: dialog.accept())  # "End set 1 now, before ...?" yes
    teacher.goto("/login")
    audit(teacher, "login page", problems)
    log_in(teacher)
    teacher.goto("/sessions/new")
    teacher.fill("#name", "Period 3 MAT")
    teacher.check("input[name=variant][value=simultaneous]")
    teacher.select_option("#size", "3x3")
    teacher.fill("#limit", str(LIMIT))
    teacher.check("input[name=source][value=typed]")
    teacher.fill("#sets", f"{SOLVABLE}\n{IMPOSSIBLE}")
    teacher.get_by_role("button", name="Make the session").click()
    expect(teacher).to_have_url(re.compile(r"/sessions/\d+$"))
    session_id = int(teacher.url.rsplit("/", 1)[1])
    code = teacher.locator("strong.id").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code), code
    expect(teacher.locator("#round-heading")).to_have_text("Not started")

    # The projector shows the join QR code; it decodes to the public join link.
    projector = teacher_context.new_page()
    projector.goto(f"/sessions/{session_id}/projector")
    expect(projector.locator("#join-code")).to_have_text(code)
    qr = projector.locator("img.qr")
    expect(qr).to_be_visible()
    projector.wait_for_function("() => document.querySelector('img.qr').naturalWidth > 0")
    image = Image.open(io.BytesIO(qr.screenshot()))
    decoded = [found.text for found in zxingcpp.read_barcodes(image)]
    assert decoded == [f"{server.url}/join/{code}"]

    # Three students join: typing the code with the keyboard only, from the QR code's
    # link, and from the join link.
    avery, blake, casey = (phone.new_page() for phone in phones)
    avery.goto("/join")
    audit(avery, "join page", problems)
    focused = "() => document.activeElement && document.activeElement.id"
    assert avery.evaluate(focused) == "code"  # autofocus: a keyboard user starts here
    avery.keyboard.type(code.lower())
    avery.keyboard.press("Tab")
    assert avery.evaluate(focused) == "nickname"
    avery.keyboard.type("Avery")
    avery.keyboard.press("Enter")
    expect(avery).to_have_url(re.compile(f"/play/{code}$"))
    expect(avery.locator("#play")).to_contain_text("You are Avery")

    blake.goto(decoded[0])
    expect(blake.locator("#code")).to_have_value(code)
    blake.fill("#nickname", "Blake")
    blake.get_by_role("button", name="Join").click()
    expect(blake.locator("#play")).to_contain_text("You are Blake")

    casey.goto(f"/join/{code}")
    casey.fill("#nickname", "Casey")
    casey.get_by_role("button", name="Join").click()
    expect(casey.locator("#play")).to_contain_text("You are Casey")
    students = {"Avery": avery, "Blake": blake, "Casey": casey}
    for page in students.values():
        expect(page.locator("#play")).to_contain_text("Waiting for the teacher to start set 1")
    expect(projector.locator("#player-count")).to_have_text("3")

    # Set 1 (solvable): every phone shows its nine cards a moment after the start.
    teacher.reload()
    teacher.get_by_role("button", name="Start set 1").click()
    expect(teacher.locator("#round-heading")).to_have_text("Set 1 of 2")
    for page in students.values():
        expect(page.locator("ul.cards img")).to_have_count(9, timeout=8_000)
        expect(page.locator("#play h2")).to_have_text("Set 1 of 2")
    audit(blake, "student's play page", problems)

    avery.fill("#answer", SOLUTION)
    avery.get_by_role("button", name="Done").click()
    expect(avery.locator("#recorded")).to_contain_text("you said done")
    blake.get_by_role("button", name="Impossible").click()
    expect(blake.locator("#recorded")).to_contain_text("you said impossible")

    # Casey's draft survives a reload, in the same seat.
    casey.fill("#answer", WRONG_GRID)
    casey.reload()
    expect(casey.locator("#play")).to_contain_text("You are Casey")
    expect(casey.locator("#answer")).to_have_value(WRONG_GRID)
    assert_no_verdict(casey)
    casey.screenshot(path=shots / "student-play.png", full_page=True)

    expect(teacher.locator("button.hand")).to_have_count(1)  # only Casey's hand is down
    teacher.screenshot(path=shots / "proctor-console.png", full_page=True)
    audit(teacher, "console", problems)

    casey.get_by_role("button", name="Done").click()
    expect(casey.locator("#recorded")).to_contain_text("you said done")
    first = hands(teacher, session_id, 0)
    assert set(first) == set(students)
    assert all(0 <= s < LIMIT for s in first.values())
    for name, page in students.items():
        recorded(page, first[name])
        assert_no_verdict(page)

    # The teacher raises no hand: the console's table has no Hand up button left, and
    # shows the times the students' presses recorded.
    expect(teacher.locator("button.hand")).to_have_count(0)
    assert_console_times(teacher, first)
    teacher.get_by_role("button", name="End set 1 now").click()
    expect(teacher.locator("#clock")).to_have_text("Time is up")

    # Set 2 (impossible).
    teacher.get_by_role("button", name="Start set 2").click()
    expect(teacher.locator("#round-heading")).to_have_text("Set 2 of 2")
    for page in students.values():
        expect(page.locator("#play h2")).to_have_text("Set 2 of 2", timeout=8_000)
        expect(page.locator("ul.cards img")).to_have_count(9)
    avery.get_by_role("button", name="Impossible").click()
    expect(avery.locator("#recorded")).to_contain_text("you said impossible")
    avery_second = hands(teacher, session_id, 1)["Avery"]
    blake.fill("#answer", MISSPELLED_GRID)

    # The server goes down and comes back mid-set.
    server.restart()

    teacher.goto(f"/sessions/{session_id}?round=0")
    assert_console_times(teacher, first)
    after = state(teacher, session_id)
    assert after["round"]["number"] == 1 and after["round"]["running"]
    assert after["hands"] == [{"nickname": "Avery", "seconds": avery_second}]
    ends_at = float(after["round"]["ends_at"])
    assert ends_at == pytest.approx(after["round"]["started_at"] + LIMIT)

    avery.reload()
    expect(avery.locator("#play")).to_contain_text("You are Avery")
    recorded(avery, avery_second)
    projector.reload()
    expect(projector.locator("#round-label")).to_have_text("Set 2 of 2")
    assert_countdown(projector, "#digits", ends_at)
    projector.screenshot(path=shots / "session-projector.png")
    assert_countdown(avery, "#clock", ends_at)
    assert_countdown(casey, "#clock", ends_at)  # never reloaded: it kept polling

    # Blake's page, open through the restart, still sends his answer from his seat.
    expect(blake.locator("#answer")).to_have_value(MISSPELLED_GRID)
    blake.get_by_role("button", name="Done").click()
    expect(blake.locator("#recorded")).to_contain_text("you said done")
    expect(blake.locator("#play")).to_contain_text("You are Blake")
    second = hands(teacher, session_id, 1)
    assert set(second) == {"Avery", "Blake"} and second["Avery"] == avery_second
    expect(projector.locator("#hand-count")).to_have_text("2")

    # Casey does nothing until the teacher ends the set.
    teacher.goto(f"/sessions/{session_id}")
    teacher.get_by_role("button", name="End set 2 now").click()
    expect(casey.locator("#clock")).to_have_text("Time is up")
    # The phone says time is up; an answer sent now is kept as late, never scored.
    expect(casey.locator("#time-up")).to_contain_text("your teacher sees it as late")
    for page in students.values():
        assert_no_verdict(page)

    # The scoreboard: right -> the seconds; wrong or unfinished -> the limit.
    totals = {
        "Avery": first["Avery"] + second["Avery"],
        "Blake": LIMIT + LIMIT,
        "Casey": LIMIT + LIMIT,
    }
    names = list(totals)
    # Lowest total first; equal totals share a place, the next counts those ahead.
    places = {n: 1 + sum(1 for other in names if totals[other] < totals[n]) for n in names}
    cells = {
        "Avery": [str(first["Avery"]), str(second["Avery"])],
        "Blake": [f"{LIMIT} (wrong)", f"{LIMIT} (wrong)"],
        "Casey": [f"{LIMIT} (wrong)", f"{LIMIT} (no time)"],
    }
    expected = sorted(
        ([str(places[n]), n, *cells[n], str(totals[n])] for n in names),
        key=lambda row: (int(row[0]), names.index(row[1])),
    )
    assert [row[0] for row in expected] == ["1", "2", "2"]

    teacher.goto(f"/sessions/{session_id}/results")
    assert results_rows(teacher) == expected
    teacher.get_by_role("button", name="Reveal the results to students").click()
    expect(teacher.get_by_role("button", name="Hide the results from students")).to_be_visible()
    assert results_rows(teacher) == expected
    audit(teacher, "results page", problems)

    board = [[row[0], row[1], row[-1]] for row in expected]
    for name, page in students.items():
        expect(page.locator("#results-heading")).to_be_visible(timeout=8_000)
        expect(page.locator("#play")).to_contain_text(
            f"Your total: {totals[name]} · place {places[name]}"
        )
        table = page.locator("#play table.data").last
        rows = [r.locator("td").all_inner_texts() for r in table.locator("tbody tr").all()]
        assert rows == board
    audit(avery, "student's page after the reveal", problems)
    blake.screenshot(path=shots / "student-results.png", full_page=True)


# --- a worksheet's QR code -------------------------------------------------------------


def test_a_worksheets_qr_code_opens_the_checking_page_in_chromium(
    server: LiveServer, browser: Browser, shots: Path
) -> None:
    puzzle = get_puzzle(generate(3, 3, "solvable", "easy", 2).id)
    assert puzzle.solution is not None
    pdf = worksheet_pdf([puzzle], WorksheetOptions(PAPERS["a4"], server.url))
    image = pypdfium2.PdfDocument(io.BytesIO(pdf))[0].render(scale=200 / 72).to_pil()
    urls = [code.text for code in zxingcpp.read_barcodes(image)]
    assert urls == [f"{server.url}/check/{puzzle.id}"]

    problems: list[str] = []
    context = new_context(browser, server, phone=True)
    try:
        page = context.new_page()
        page.goto(urls[0])
        expect(page.locator("h1")).to_contain_text(puzzle.id)
        expect(page.locator("ul.cards img")).to_have_count(9)
        page.fill("#answer", "No")
        page.get_by_role("button", name="Check my answer").click()
        expect(page.locator("section.verdict h2")).to_have_text("Not right yet")
        answer = "\n".join(" ".join(str(card) for card in row) for row in puzzle.solution)
        page.fill("#answer", answer)
        page.get_by_role("button", name="Check my answer").click()
        expect(page.locator("section.verdict.right h2")).to_have_text("Right!")
        expect(page.locator("#answer")).to_have_value(answer)
        # On a phone the verdict and the answer show without scrolling past the cards.
        expect(page.locator("section.verdict")).to_be_in_viewport()
        expect(page.locator("#answer")).to_be_in_viewport()
        page.screenshot(path=shots / "check-verdict.png")
        audit(page, "check page", problems)
    finally:
        context.close()
    assert_accessible(problems)


def test_a_costly_tricks_problems_qr_code_opens_its_checking_page_in_chromium(
    server: LiveServer, browser: Browser, shots: Path
) -> None:
    """A PARADOX "which card" problem, as a pupil meets it: the sheet's QR code opens the
    page on a phone, the four hands and the table show, and nothing of the key does
    before an answer; a card of another hand, a worse card (with the line that shows
    why), the best card in lower case, then with the wrong and the right net."""
    problem = COSTLY_TRICKS.get(problem_ids(1, "play", 4, "medium", 3)[0])
    assert problem.solution is not None
    best = problem.best()[0]
    worse = min(problem.solution.cards, key=problem.solution.cards.__getitem__)
    loss = problem.solution.net - problem.solution.cards[worse]
    net = problem.solution.net
    pdf = worksheet_pdf([problem], WorksheetOptions(PAPERS["a4"], server.url))
    image = pypdfium2.PdfDocument(io.BytesIO(pdf))[0].render(scale=200 / 72).to_pil()
    urls = [code.text for code in zxingcpp.read_barcodes(image)]
    assert urls == [f"{server.url}/check/{problem.id}"]

    problems: list[str] = []
    for phone in (True, False):
        context = new_context(browser, server, phone=phone)
        try:
            page = context.new_page()
            page.goto(urls[0])
            expect(page.locator("h1")).to_contain_text(problem.id)
            expect(page.locator(".diagram ul.cards.hand li")).to_have_count(
                sum(len(h) for h in problem.hands)
            )
            expect(page.locator(".diagram .to-play h2")).to_have_text(
                problem.seat_names[problem.seat]
            )
            body = page.locator("main").inner_text()
            assert "best card" not in body and "loses" not in body and "net +" not in body
            assert_no_verdict(page)
            if not phone:
                continue  # the laptop only shows the page; the phone answers
            page.fill(
                "#answer", "R0" if "R0" not in map(str, problem.hands[problem.seat]) else "B0"
            )
            page.get_by_role("button", name="Check my answer").click()
            expect(page.locator("section.verdict h2")).to_have_text("Not right yet")
            expect(page.locator("section.verdict")).to_contain_text("hand")
            page.fill("#answer", str(worse))
            page.get_by_role("button", name="Check my answer").click()
            expect(page.locator("section.verdict h2")).to_have_text("Not right yet")
            expect(page.locator("section.verdict")).to_contain_text(f"{worse} loses {loss}")
            expect(page.locator("section.verdict")).to_contain_text("Trick 1")
            page.fill("#answer", str(best).lower())
            page.get_by_role("button", name="Check my answer").click()
            expect(page.locator("section.verdict.right h2")).to_have_text("Right!")
            expect(page.locator("section.verdict")).to_contain_text("Now work out the net")
            page.fill("#answer", f"{str(best).lower()} {net + 2:+d}")
            page.get_by_role("button", name="Check my answer").click()
            expect(page.locator("section.verdict h2")).to_have_text("Not right yet")
            answer = f"{best}, net {net:+d}"
            page.fill("#answer", answer)
            page.get_by_role("button", name="Check my answer").click()
            expect(page.locator("section.verdict.right h2")).to_have_text("Right!")
            expect(page.locator("#answer")).to_have_value(answer)
            expect(page.locator("section.verdict")).to_be_in_viewport()
            page.screenshot(path=shots / "costly-tricks-check-phone.png", full_page=True)
            audit(page, "costly tricks check page", problems)
        finally:
            context.close()
    assert_accessible(problems)


@pytest.mark.skipif(not COMPILED, reason="a whole deal needs the solver's compiled search")
def test_a_whole_deals_problem_first_opened_opens_by_itself_once_made(
    server: LiveServer, browser: Browser, shots: Path
) -> None:
    """A whole deal's problem (about 10 s to make), opened for the first time with an
    answer already typed in its address: the page says it is being made (and passes the
    accessibility audit: no timed reload), then opens the problem by itself, its 44 cards
    shown and the answer checked."""
    problem_id = "costly-tricks-d-gdk8pv"
    context = new_context(browser, server, phone=True)
    problems: list[str] = []
    try:
        page = context.new_page()
        page.goto(f"/check/{problem_id}?answer=R0+%2B99")  # +99: never the net
        expect(page.locator("h1")).to_contain_text(problem_id)
        expect(page.locator("[role=status]")).to_contain_text("This puzzle is being made.")
        expect(page.locator("[role=status]")).to_contain_text("Your answer is kept")
        page.screenshot(path=shots / "costly-tricks-being-made-phone.png", full_page=True)
        audit(page, "a puzzle being made", problems)
        expect(page.locator(".diagram ul.cards.hand li")).to_have_count(44, timeout=120_000)
        expect(page.locator("section.verdict h2")).to_have_text("Not right yet")
        expect(page.locator("#answer")).to_have_value("R0 +99")
    finally:
        context.close()
    assert_accessible(problems)


# --- the projector timer ---------------------------------------------------------------


def test_a_projector_timer_counts_down_on_its_screen(
    server: LiveServer, browser: Browser, shots: Path
) -> None:
    problems: list[str] = []
    context = new_context(browser, server, phone=False)
    try:
        page = context.new_page()
        log_in(page)
        page.goto("/timers")
        page.fill("#label", "MAT set 1")
        page.fill("#time", "10:00")
        page.get_by_role("button", name="Make the timer").click()
        expect(page).to_have_url(re.compile(r"/timers/\d+$"))
        expect(page.locator("#timer-label")).to_have_text("MAT set 1")
        expect(page.locator("#digits")).to_have_text("10:00")
        page.get_by_role("button", name="Start").click()
        expect(page.locator("#status")).to_contain_text("Counting down from 10:00")
        # The screen ticks by itself (from the server's clock), without reloading.
        expect(page.locator("#digits")).to_have_text(re.compile(r"^9:5\d$"), timeout=5_000)
        page.set_viewport_size({"width": 1280, "height": 720})
        page.screenshot(path=shots / "projector-timer.png")
        audit(page, "timer screen", problems)
    finally:
        context.close()
    assert_accessible(problems)
