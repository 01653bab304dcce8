"""The proctor's console in real headless Chromium against gunicorn, as a class meets it:
a refused save never freezes the page, a stale tab's button never acts on a set its page
did not show, and a pupil's Done after the proctor's "Hand up" keeps the answer; the
phone says what was recorded to a screen reader and keeps the clock in view.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from browser_support import (
    join_code,
    join_phone,
    make_session,
    skip_without_chromium,
)
from playwright.sync_api import Browser, BrowserContext, Dialog, Page, Route, expect

skip_without_chromium()

IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
SOLUTION = "BbzT Bg~T Bw=T\nGb~T Gg=T GwzT\nRbzT RgzC RwzS"


def accept_dialogs(page: Page) -> list[str]:
    """Accept every confirm() the page asks, keeping the questions."""
    asked: list[str] = []

    def accept(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", accept)
    return asked


def phone_on_set_1(
    browser: Browser, server: Any, console_page: Page, name: str, nickname: str
) -> Page:
    """A session of the solvable set (5 minutes) made on the console page, a phone joined
    as ``nickname``, set 1 started and running on the phone, the solution typed in."""
    make_session(console_page, name, 300, SOLVABLE)
    phone = join_phone(browser, server, join_code(console_page), nickname)
    console_page.reload()
    console_page.get_by_role("button", name="Start set 1").click()
    expect(phone.locator("#clock")).to_contain_text("left", timeout=6_000)
    # The server writes the clock into the page: its script, which sends Done by fetch,
    # has run only once the page has loaded (a press before it posts the plain form).
    phone.wait_for_load_state("load")
    phone.fill("#answer", SOLUTION)
    return phone


def row(page: Page, nickname: str) -> Any:
    return page.locator("#round-table tbody tr", has=page.get_by_role("rowheader", name=nickname))


def state(page: Page, console: str) -> dict[str, Any]:
    found: dict[str, Any] = page.request.get(console + "/state").json()
    return found


def hold_answers(page: Page, ending: str) -> None:
    """From now on the page's fetches of addresses ending ``ending`` are answered by the
    server but held in the page (as a slow network holds them) while ``window.holding``
    is true, each released by a call in ``window.held``; returns once one is held. (The
    page's own policy forbids evaluating a string, so the wait polls from here.)"""
    page.evaluate(
        """(ending) => {
            const real = window.fetch;
            window.held = [];
            window.holding = true;
            window.fetch = (url, options) => {
                const answered = real(url, options);
                const path = String(url).split("?")[0];
                if (!window.holding || !path.endsWith(ending)) { return answered; }
                return new Promise((resolve) => window.held.push(() => answered.then(resolve)));
            };
        }""",
        ending,
    )
    deadline = time.monotonic() + 10
    while not page.evaluate("window.held.length") and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert page.evaluate("window.held.length"), f"nothing ending {ending} was asked for"


def test_a_refused_save_never_freezes_the_console(
    browser: Browser, server: Any, teacher_context: BrowserContext, shots: Path
) -> None:
    """Choosing "Solved" for a pupil on an impossible set is refused, rightly: the reason
    shows beside that row, what was chosen stays, and the rest of the page goes on: a new
    hand appears, and when the set ends the clock stops and the page says so."""
    console_page = teacher_context.new_page()
    console = make_session(console_page, "Frozen?", 40, IMPOSSIBLE)
    code = join_code(console_page)
    ann = join_phone(browser, server, code, "Ann")
    bo = join_phone(browser, server, code, "Bo")
    asked = accept_dialogs(console_page)
    console_page.reload()
    console_page.get_by_role("button", name="Start set 1").click()
    expect(console_page.locator("#clock")).to_contain_text("left")
    ann_row = row(console_page, "Ann")
    ann_row.get_by_label("Verdict for Ann").select_option("solved")
    ann_row.get_by_role("button", name="Save").click()
    expect(ann_row.locator(".row-problem")).to_contain_text(
        "Set 1 is impossible, so it cannot be solved"
    )
    expect(ann_row.get_by_label("Verdict for Ann")).to_have_value("solved")
    # A pupil presses Done: the other rows go on refreshing.
    bo.fill("#answer", "No")
    bo.get_by_role("button", name="Done").click()
    expect(bo.locator("#recorded")).to_contain_text("Recorded at")
    expect(row(console_page, "Bo")).to_contain_text("Done", timeout=6_000)
    expect(row(console_page, "Bo").locator("td.num strong")).to_have_text(re.compile(r"0:\d\d"))
    # Another screen ends the set: the clock stops and the page says what changed,
    # keeping Ann's unsaved row as it is.
    other = teacher_context.new_page()
    accept_dialogs(other)
    other.goto(console)
    other.get_by_role("button", name="End set 1 now").click()
    expect(other.locator("#clock")).to_contain_text("Time is up")
    expect(console_page.locator("#stale-note")).to_contain_text(
        "Set 1 is over now. Your unsaved edits below are kept", timeout=6_000
    )
    expect(console_page.locator("#clock")).to_contain_text("Time is up")
    expect(console_page.locator("#end-form")).to_be_hidden()
    expect(ann_row.get_by_label("Verdict for Ann")).to_have_value("solved")
    console_page.screenshot(path=str(shots / "console-refused-save.png"), full_page=True)
    assert asked == []  # this tab asked nothing: the set was ended elsewhere
    for phone in (ann, bo):
        phone.context.close()


def test_a_stale_tab_ends_nothing_it_did_not_show(
    browser: Browser, server: Any, teacher_context: BrowserContext
) -> None:
    """Tab B shows "End set 1 now" and has not polled since (its network is slow); tab A
    ends set 1 and starts set 2. B's button asks first, then is refused: set 2 runs on."""
    tab_a = teacher_context.new_page()
    console = make_session(tab_a, "Stale tab", 300, f"{SOLVABLE}\n{IMPOSSIBLE}")
    code = join_code(tab_a)
    phone = join_phone(browser, server, code, "Ann")
    asked_a = accept_dialogs(tab_a)
    tab_a.get_by_role("button", name="Start set 1").click()
    tab_b = teacher_context.new_page()
    asked_b = accept_dialogs(tab_b)
    tab_b.goto(console)
    expect(tab_b.get_by_role("button", name="End set 1 now")).to_be_visible()

    def held(route: Route) -> None:  # B hears nothing new until its button is pressed
        route.abort()

    tab_b.route(re.compile(r".*/(state|table)(\?.*)?$"), held)
    tab_a.get_by_role("button", name="End set 1 now").click()
    tab_a.get_by_role("button", name="Start set 2").click()
    expect(tab_a.get_by_role("button", name="End set 2 now")).to_be_visible()
    tab_b.get_by_role("button", name="End set 1 now").click()
    expect(tab_b.locator(".problems").first).to_contain_text(
        "Set 1 is already over. Set 2 is running now; nothing was ended."
    )
    running = state(tab_a, console)["round"]
    assert running["number"] == 1 and running["running"] is True
    assert asked_b and asked_b[0].startswith("End set 1 now, before its time is up?")
    assert asked_a and asked_a[0].startswith("End set 1 now, before its time is up?")
    expect(tab_b.get_by_role("button", name="End set 2 now")).to_be_visible()  # a fresh page
    phone.context.close()


def test_a_done_after_the_proctors_hand_up_keeps_the_answer_and_is_announced(
    browser: Browser, server: Any, teacher_context: BrowserContext, shots: Path
) -> None:
    console_page = teacher_context.new_page()
    phone = phone_on_set_1(browser, server, console_page, "Hand up", "Cy")
    time.sleep(1.2)
    console_page.get_by_role("button", name="Hand up: Cy").click()
    recorded = row(console_page, "Cy").locator("td.num strong")
    expect(recorded).to_have_text(re.compile(r"0:0\d"))
    hand_time = recorded.inner_text()
    # The phone learns of the hand, keeps the answer typed, and still takes Done.
    expect(phone.locator("#hand-up")).to_contain_text(
        f"Your teacher has recorded your hand at {hand_time}", timeout=6_000
    )
    expect(phone.locator("#answer")).to_have_value(SOLUTION)
    # The clock stays in view while the grid below is filled.
    phone.locator("#board").scroll_into_view_if_needed()
    box = phone.locator("p.clock").bounding_box()
    assert box is not None and box["y"] >= -1 and box["y"] < 80, box
    phone.get_by_role("button", name="Done").click()
    notice = phone.locator("#recorded")
    expect(notice).to_contain_text(f"Recorded at {hand_time} (you said done).")
    expect(notice).to_be_focused()  # a screen reader reads it out
    assert notice.get_attribute("role") == "status"
    expect(phone.locator("pre.answer")).to_contain_text("BbzT Bg~T Bw=T")
    expect(row(console_page, "Cy")).to_contain_text("Right", timeout=6_000)
    phone.screenshot(path=str(shots / "phone-recorded.png"), full_page=True)
    phone.context.close()


def test_a_done_that_cannot_reach_the_server_keeps_the_answer_and_counts_once(
    browser: Browser, server: Any, teacher_context: BrowserContext
) -> None:
    """The phone sends Done from its script: a press lost on the way says so and keeps the
    answer on screen; pressed again, it is recorded once and shown in the form's place,
    with no page loaded again (a class at the bell costs the server one request each),
    and the next polls find the page current."""
    console_page = teacher_context.new_page()
    phone = phone_on_set_1(browser, server, console_page, "Lost press", "Dee")
    phone.evaluate("window.samePage = true")
    phone.route("**/hand", lambda route: route.abort())  # the Wi-Fi drops the press
    phone.get_by_role("button", name="Done").click()
    expect(phone.locator("#said")).to_contain_text("Not sent: the connection failed")
    expect(phone.locator("#answer")).to_have_value(SOLUTION)
    phone.unroute("**/hand")
    phone.get_by_role("button", name="Done").click()
    notice = phone.locator("#recorded")
    expect(notice).to_contain_text(re.compile(r"Recorded at 0:\d\d \(you said done\)"))
    expect(notice).to_be_focused()
    expect(phone.locator("#said")).to_have_count(0)
    expect(phone.locator("#hand-form")).to_have_count(0)
    time.sleep(2.5)  # a poll or two: the page shows what the server holds, so it stays
    assert phone.evaluate("window.samePage") is True
    expect(row(console_page, "Dee")).to_contain_text("Right", timeout=6_000)
    phone.context.close()


def test_a_poll_crossing_a_slow_done_does_not_load_the_page_again(
    browser: Browser, server: Any, teacher_context: BrowserContext
) -> None:
    """The server records a press before its answer reaches the phone: polls made
    meanwhile already hold the hand. They must not load the page again under the press
    (the notice would come unfocused, and a class at the bell would cost the server a
    page each); the press's own answer shows what was recorded."""
    console_page = teacher_context.new_page()
    phone = phone_on_set_1(browser, server, console_page, "Slow press", "Eve")
    phone.evaluate("window.samePage = true")

    def slow(route: Route) -> None:
        answered = route.fetch()  # recorded on the server now
        time.sleep(4.5)  # two polls or more see the hand first
        route.fulfill(response=answered)

    phone.route("**/hand", slow)
    phone.get_by_role("button", name="Done").click()
    notice = phone.locator("#recorded")
    expect(notice).to_contain_text(re.compile(r"Recorded at 0:\d\d \(you said done\)"))
    expect(notice).to_be_focused()
    assert phone.evaluate("window.samePage") is True
    phone.context.close()


def test_a_poll_sent_before_done_and_answered_after_it_is_not_believed(
    browser: Browser, server: Any, teacher_context: BrowserContext
) -> None:
    """A poll asked before Done, answered after the press's answer, tells of no hand:
    the page does not take that old word over the press's and load itself again."""
    console_page = teacher_context.new_page()
    phone = phone_on_set_1(browser, server, console_page, "Old poll", "Fay")
    phone.evaluate("window.samePage = true")
    hold_answers(phone, "/state")  # a poll's answer, back before Done, held till after it
    phone.evaluate("window.holding = false")
    phone.get_by_role("button", name="Done").click()
    notice = phone.locator("#recorded")
    expect(notice).to_contain_text(re.compile(r"Recorded at 0:\d\d \(you said done\)"))
    phone.evaluate("window.held.forEach((release) => release())")
    phone.wait_for_timeout(1_000)
    assert phone.evaluate("window.samePage") is True
    expect(notice).to_be_focused()
    phone.context.close()


def test_a_table_asked_before_a_save_and_answered_after_it_does_not_undo_it(
    browser: Browser, server: Any, teacher_context: BrowserContext
) -> None:
    """The console asks for the table every two seconds. One asked before the proctor's
    Save and answered after the save's own refresh holds the row as it was: drawn, the
    row would show the old verdict (and the old "verdict was", so the proctor's next save
    would be refused as changed elsewhere)."""
    console_page = teacher_context.new_page()
    phone = phone_on_set_1(browser, server, console_page, "Crossed save", "Gus")
    phone.get_by_role("button", name="Done").click()
    expect(phone.locator("#recorded")).to_contain_text("Recorded at")
    gus = row(console_page, "Gus")
    expect(gus).to_contain_text("Right", timeout=6_000)
    hold_answers(console_page, "/table")
    console_page.evaluate("window.holding = false")
    gus.get_by_label("Verdict for Gus").select_option("wrong")
    gus.get_by_role("button", name="Save").click()
    expect(gus).to_contain_text("Your verdict counts")
    # the old table arrives now; the tables asked from now on are held
    console_page.evaluate("window.holding = true; window.held.splice(0).forEach((r) => r())")
    console_page.wait_for_timeout(700)
    assert gus.get_by_label("Verdict for Gus").input_value() == "wrong"
    assert gus.locator('input[name="verdict_was"]').input_value() == "wrong"
    assert "Your verdict counts" in gus.inner_text()
    phone.context.close()
