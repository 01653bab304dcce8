"""A class's first week, in real headless Chromium against gunicorn: two console tabs
and a late Done never send a form again by themselves; a phone reads a lower-case
answer and shows it as cards before Done; cards are placed by tapping on a 360-pixel
screen and by keyboard; a removed player's phone is told.

The server, browser and teacher come from :mod:`test_e2e`'s fixtures.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from browser_support import (
    NARROW,
    join_code,
    join_phone,
    make_session,
    skip_without_chromium,
)
from playwright.sync_api import Browser, BrowserContext, Page, Request, expect

from printables.cards import FOUR_D
from printables.cards.reading import read_cards

skip_without_chromium()

IMPOSSIBLE = "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT"
SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
STATE_POLL = re.compile(r"/state(\?.*)?$")
"""The address of a page's state poll, with or without a query."""
SOLUTION_ROWS = [["BbzT", "Bg~T", "Bw=T"], ["Gb~T", "Gg=T", "GwzT"], ["RbzT", "RgzC", "RwzS"]]


def rounds_started(page: Page, console: str) -> int:
    state = page.request.get(console + "/state").json()
    return 0 if state["round"] is None else int(state["round"]["number"]) + 1


def state_polls(*pages: Page) -> list[list[str]]:
    """From now on, the state polls each page's script completes (their addresses), one
    list a page; the lists grow while Playwright waits (``wait_for_polls``)."""
    seen: list[list[str]] = [[] for _ in pages]
    for page, urls in zip(pages, seen, strict=True):

        def finished(request: Request, urls: list[str] = urls) -> None:
            if request.url.split("?", 1)[0].endswith("/state"):
                urls.append(request.url)

        page.on("requestfinished", finished)
    return seen


def wait_for_polls(page: Page, seen: list[list[str]], count: int) -> None:
    """Wait until every page of ``seen`` has polled ``count`` times (20 s at most)."""
    deadline = time.monotonic() + 20
    while any(len(urls) < count for urls in seen):
        assert time.monotonic() < deadline, [len(urls) for urls in seen]
        page.wait_for_timeout(100)  # Playwright hands over the pages' events while it waits


def test_a_stale_console_tab_and_a_late_done_never_send_a_form_again(
    browser: Browser,
    server: Any,
    teacher_context: BrowserContext,
) -> None:
    first = teacher_context.new_page()
    console = make_session(first, "Two tabs", 10, f"{IMPOSSIBLE}\n{SOLVABLE}")
    code = join_code(first)
    phone = join_phone(browser, server, code, "Ann")
    second = teacher_context.new_page()
    second.goto(console)
    first.get_by_role("button", name="Start set 1").click()
    second.get_by_role("button", name="Start set 1").click()  # a stale tab: refused
    expect(second.locator(".problems")).to_contain_text(
        "Set 1 has already been started. Set 1 is running now; nothing was started."
    )
    assert second.url.startswith(console)  # back at the console's own address, by GET
    expect(phone.locator("#clock")).to_contain_text("left")
    # The phone has not caught up with the end of the set: its polls do not arrive (else
    # the first one after the end reloads the page, and would race the press below).
    phone.route(STATE_POLL, lambda route: route.abort())
    running = first.request.get(console + "/state").json()
    time.sleep(max(0.0, running["round"]["ends_at"] - running["now"]) + 0.2)  # set 1 runs out
    assert not first.request.get(console + "/state").json()["round"]["running"]
    # A press just after the time is up (the phone's own clock had not caught up).
    phone.evaluate(
        "() => { const b = document.querySelector('#hand-form button[value=done]');"
        " b.disabled = false; b.click(); }"
    )
    expect(phone.locator(".problems")).to_contain_text(
        "Time was up when you pressed, so this is not scored. Your answer is kept"
    )
    assert phone.url.endswith(f"/play/{code}")
    phone.unroute(STATE_POLL)  # the phone's polls arrive again
    for tab in (first, second):  # both consoles notice the set ended and reload themselves
        expect(tab.get_by_role("button", name="Start set 2")).to_be_visible(timeout=8_000)
    wait_for_polls(first, state_polls(first, second, phone), 2)  # two more of every page
    assert rounds_started(first, console) == 1, "a tab started set 2 by itself"
    first.get_by_role("button", name="Start set 2").click()
    expect(phone.locator("#hand-form")).to_be_visible(timeout=8_000)  # the phone reloads
    hands = first.request.get(console + "/state").json()["hands"]
    assert hands == [], "the phone sent its old press again"
    phone.context.close()


def test_a_phone_reads_lower_case_shows_the_cards_and_places_cards_by_tapping(
    browser: Browser,
    server: Any,
    teacher_context: BrowserContext,
    shots: Path,
) -> None:
    page = teacher_context.new_page()
    console = make_session(page, "Tapping", 300, SOLVABLE)
    code = join_code(page)
    phone = join_phone(browser, server, code, "Bo")
    removed = join_phone(browser, server, code, "Cy")
    page.get_by_role("button", name="Start set 1").click()
    expect(phone.locator("#board")).to_be_visible(timeout=8_000)
    places = phone.locator("#slots button")
    expect(places).to_have_count(9)

    # Typed in lower case: read by position, shown as the set's cards, nothing to fix.
    typed = "\n".join(" ".join(n.lower() for n in row) for row in SOLUTION_ROWS)
    phone.fill("#answer", typed)
    expect(phone.locator("#reading")).to_contain_text("Every place reads as a card of your set.")
    expect(phone.locator("#slots img")).to_have_count(9)
    assert phone.locator("#slots button").first.get_attribute("aria-label") == (
        "Row 1, space 1: BbzT"
    )
    # A misspelt name and a missing card are named before Done.
    phone.fill("#answer", "bbzt bg~t bx=t\ngb~t gg=t gwzt\nrbzt rgzc")
    expect(phone.locator("#reading")).to_contain_text("'x' is not a shade; expected b, g or w")

    # Placed by tapping, one thumb, on a 360-pixel screen: nothing wider than the screen.
    phone.get_by_role("button", name="Clear the grid").click()
    expect(phone.locator("#answer")).to_have_value("")
    for r, row in enumerate(SOLUTION_ROWS):
        for c, name in enumerate(row):
            phone.locator(f'.cards.play li[data-name="{name}"]').tap()
            phone.locator(f'#slots button[data-slot="{r},{c}"]').tap()
    expected = "\n".join(" ".join(row) for row in SOLUTION_ROWS)
    expect(phone.locator("#answer")).to_have_value(expected)
    expect(phone.locator("#reading")).to_contain_text("Every place reads as a card of your set.")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= NARROW["width"], f"the page is {width} px wide on a 360 px phone"
    # Move a card by tapping it, then another place: the two swap.
    phone.locator('#slots button[data-slot="0,0"]').tap()
    phone.locator('#slots button[data-slot="0,1"]').tap()
    expect(phone.locator("#answer")).to_have_value(expected.replace("BbzT Bg~T", "Bg~T BbzT", 1))
    # And back by keyboard alone.
    phone.locator('#slots button[data-slot="0,0"]').focus()
    phone.keyboard.press("Enter")
    phone.keyboard.press("Tab")
    phone.keyboard.press("Enter")
    expect(phone.locator("#answer")).to_have_value(expected)
    assert set(read_cards(phone.input_value("#answer"), FOUR_D)) == set(
        read_cards(SOLVABLE, FOUR_D)
    )
    phone.screenshot(path=str(shots / "phone-grid-360.png"), full_page=True)
    phone.get_by_role("button", name="Done").click()
    expect(phone.locator("#recorded")).to_contain_text("Recorded at")

    # Cy is removed by the teacher: the phone says so and will not take a press.
    page.goto(console)
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#players summary", has_text="rename or remove").last.click()
    page.get_by_role("button", name="Remove Cy").click()
    expect(removed.locator("#removed")).to_contain_text(
        "You are no longer in this session", timeout=8_000
    )
    expect(removed.get_by_role("button", name="Done")).to_be_disabled()
    phone.context.close()
    removed.context.close()


def test_a_console_of_thirty_players_filters_to_hands_needing_a_verdict_and_moves_by_keys(
    teacher_context: BrowserContext,
) -> None:
    page = teacher_context.new_page()
    make_session(page, "Thirty", 600, SOLVABLE)
    names = [f"Pupil {n:02d}" for n in range(30)]
    page.fill("#names", "\n".join(names))
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator("#players-heading")).to_have_text("Players (30)")
    page.get_by_role("button", name="Start set 1").click()
    for name in names[5:15]:  # ten hands up, no written answers yet
        page.get_by_role("button", name=f"Hand up: {name}").click()
        expect(page.get_by_role("button", name=f"Hand up: {name}")).to_have_count(0)
    tall = "() => document.querySelector('table.round').getBoundingClientRect().height"
    whole = page.evaluate(tall)
    page.get_by_label("needs a verdict").check()
    rows = page.locator("table.round tbody tr:visible")
    expect(rows).to_have_count(10)
    expect(page.locator("#unchecked-count")).to_have_text("10")
    short = page.evaluate(tall)
    assert short < whole / 2.5, (short, whole)
    expect(rows.first.locator("p.why")).to_contain_text("needs your verdict")
    page.locator("h1").click()
    page.keyboard.press("n")
    expect(page.locator(":focus")).to_have_id(re.compile(r"answer-\d+"))
    first = page.evaluate(
        "() => document.activeElement.closest('tr').querySelector('th').textContent"
    )
    assert first == "Pupil 05"
    page.keyboard.press("Alt+ArrowDown")
    focused = page.evaluate(
        "() => document.activeElement.closest('tr').querySelector('th').textContent"
    )
    assert focused == "Pupil 06"
    # The choice survives the table's refreshes and a reload of the page.
    page.locator("h1").click()
    time.sleep(2.5)
    expect(rows).to_have_count(10)
    page.reload()
    expect(page.locator("table.round tbody tr:visible")).to_have_count(10)
    page.select_option("#order", "time")
    page.get_by_label("every player").check()
    expect(page.locator("table.round tbody tr:visible")).to_have_count(30)
    order = page.locator("table.round tbody tr th").all_inner_texts()
    assert order[:10] == names[5:15], order[:12]
