"""The projector page on every classroom screen, in real headless Chromium: at 1024x768,
1280x720, 1920x1080 and 3840x2160, with 0, 30 and 60 hands up (some nicknames as long as
they may be), nothing overlaps, nothing needs scrolling, the QR code is whole and big
enough to scan, and the time is the largest thing on the screen. With the set's cards
shown (a class taking cards from its own decks), the same holds for the cards.

Read from the back of the room: the time, the join code and each hand are read from 10 m
on a screen 2.5 m wide at every size. The rule is a visual angle: a capital letter at
least 16 minutes of arc high (ANSI/HFES 100's least character height for reading), which
from 10 m is 10 000 mm x tan(16') = 46.5 mm, and on a 2.5 m screen W pixels wide is
46.5 / 2500 x W pixels: 19.0 px at 1024 wide, 35.7 at 1920, 71.4 at 3840. The test
measures each capital's rendered height in Chromium (the font's "H" ascent, or "0" for the
time). The page fills the screen at every size (content spans most of its width and
height), and once joining is closed the join code and QR code give way to the hands."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser_support import log_in, skip_without_chromium
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect

from webapp import create_app
from webapp.db import write
from webapp.mat import store

skip_without_chromium()

SIZES = [(1024, 768), (1280, 720), (1920, 1080), (3840, 2160)]
POLL_MS = 2000
"""How often the projector asks for the session's state (projector.js)."""
SOLVABLE = "RbzT RgzC RwzS Gb~T Gg=T GwzT BbzT Bw=T Bg~T"
LONG = "Maximilian-Alexander W."  # 23 of the 24 characters a nickname may have

MEASURE = """() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom,
            width: r.width, height: r.height}; };
  const key = ["join-heading", "join-address", "join-code-line", "join-qr", "round-label",
               "digits", "hands-label", "set-cards", "back"]
    .map((id) => document.getElementById(id))
    .filter((el) => el && !el.hidden && getComputedStyle(el).display !== "none")
    .map((el) => ({id: el.id, ...box(el)}));
  const hands = Array.from(document.querySelectorAll("#hands li"))
    .filter((el) => !el.hidden).map((el) => ({id: el.textContent, ...box(el)}));
  const cards = Array.from(document.querySelectorAll("#set-cards li"))
    .map((el) => ({id: el.textContent, ...box(el)}));
  const ctx = document.createElement("canvas").getContext("2d");
  const cap = (el, letter) => { const s = getComputedStyle(el);
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return ctx.measureText(letter).actualBoundingBoxAscent; };
  const shown = (id) => { const el = document.getElementById(id);
    return el && el.getClientRects().length ? el : null; };
  const caps = {digits: cap(document.getElementById("digits"), "0"),
                code: shown("join-code") ? cap(shown("join-code"), "H") : null,
                hands: Array.from(document.querySelectorAll("#hands li"))
                  .filter((el) => el.getClientRects().length).map((el) => cap(el, "H"))};
  let largest = 0, largestId = "";
  for (const el of document.querySelectorAll("body *")) {
    if (!el.textContent.trim() || el.offsetParent === null) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size > largest && !el.contains(document.getElementById("digits"))) {
      largest = size; largestId = el.id || el.tagName; }
  }
  return {key, hands, cards, largest, largestId, caps,
          digits: parseFloat(getComputedStyle(document.getElementById("digits")).fontSize),
          view: {width: innerWidth, height: innerHeight},
          scroll: {width: document.documentElement.scrollWidth,
                   height: document.documentElement.scrollHeight}};
}"""


def readable_cap(width: float) -> float:
    """Pixels: the least capital height read from 10 m on a screen 2.5 m wide and ``width``
    pixels across (16 minutes of arc: see the module's docstring)."""
    return 10_000 * math.tan(math.radians(16 / 60)) / 2500 * width


def spans(items: list[dict[str, Any]]) -> tuple[float, float]:
    """The width and height of the box around ``items``."""
    return (
        max(i["right"] for i in items) - min(i["left"] for i in items),
        max(i["bottom"] for i in items) - min(i["top"] for i in items),
    )


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["left"] < b["right"] - 0.5
        and b["left"] < a["right"] - 0.5
        and a["top"] < b["bottom"] - 0.5
        and b["top"] < a["bottom"] - 0.5
    )


@pytest.fixture(scope="module")
def sessions(server: LiveServer, browser: Browser) -> Iterator[tuple[Page, dict[int, int]]]:
    """Sessions with 0, 30 and 60 hands up in a running set; a logged-in teacher's page.
    The page's clock is Playwright's: time runs as it would, and a test may jump it to the
    projector's next poll rather than wait for it."""
    context = browser.new_context(base_url=server.url)
    context.clock.install()
    page = context.new_page()
    log_in(page)
    found: dict[int, int] = {}
    app = create_app({"DATABASE_URL": server.env["PRINTABLES_DATABASE_URL"], "SECRET_KEY": "x"})
    for hands in (0, 30, 60):
        page.goto("/sessions/new")
        page.fill("#name", f"Period {hands // 10 + 1}: Matrix Aptitude Test of the whole year")
        page.fill("#sets", SOLVABLE)
        page.get_by_role("button", name="Make the session").click()
        expect(page).to_have_url(re.compile(r"/sessions/\d+$"))
        session_id = int(page.url.rsplit("/", 1)[1])
        found[hands] = session_id
        with app.app_context(), write() as db:
            for n in range(max(hands, 1)):
                name = f"{LONG[:21]} {n:02d}" if n % 3 == 0 else f"Pupil {n:02d}"  # 24 at most
                store.add_player(db, store.load(db, session_id), name, with_token=False)
        page.reload()
        page.get_by_role("button", name="Start set 1").click()
        expect(page.get_by_role("button", name="End set 1 now")).to_be_visible()
        with app.app_context(), write() as db:
            view = store.load(db, session_id)
            for seat in view.seats[:hands]:
                store.raise_hand(db, store.load(db, session_id), seat.id, 0)
    app.extensions["printables_db"].dispose()
    yield page, found
    context.close()


def check_layout(page: Page, hands: int, cards: bool = False, joining: bool = True) -> None:
    found = page.evaluate(MEASURE)
    width, height = found["view"]["width"], found["view"]["height"]
    where = f"{width}x{height}, {hands} hands{' and the cards' if cards else ''}"
    assert found["scroll"]["width"] <= width and found["scroll"]["height"] <= height, where
    key = found["key"]
    for item in key + found["hands"] + found["cards"]:
        assert item["left"] >= -0.5 and item["top"] >= -0.5, (where, item)
        assert item["right"] <= width + 0.5 and item["bottom"] <= height + 0.5, (where, item)
    for i, a in enumerate(key):
        for b in key[i + 1 :]:
            assert not overlap(a, b), (where, a["id"], b["id"])
    for group in (found["hands"], found["cards"]):
        for i, a in enumerate(group):
            for b in group[i + 1 :]:
                assert not overlap(a, b), (where, a["id"], b["id"])
    if joining:
        qr = next(k for k in key if k["id"] == "join-qr")
        side = min(qr["width"], qr["height"])
        assert side >= min(200, 0.25 * height), (where, side)
        assert found["caps"]["code"] >= readable_cap(width), (where, found["caps"])
    else:
        assert not {"join-qr", "join-code-line", "join-address"} & {k["id"] for k in key}, where
    assert found["digits"] > found["largest"], (where, found["largestId"], found["largest"])
    least = readable_cap(width)
    assert found["caps"]["digits"] >= least, (where, found["caps"]["digits"], least)
    assert all(c >= least for c in found["caps"]["hands"]), (where, found["caps"]["hands"], least)
    if hands >= 30 and not cards:  # a full screen is used: no crowding into a corner
        wide, high = spans(key + found["hands"])
        assert wide >= 0.85 * width and high >= 0.85 * height, (where, wide, high)
    if hands and not cards:
        shown = len(found["hands"])
        more = [h for h in found["hands"] if h["id"].startswith("+ ")]
        if more:
            assert more[0]["id"] == f"+ {hands - (shown - 1)} more", where
        else:
            assert shown == hands, where


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("hands", [0, 30, 60])
def test_the_projector_fits_every_screen(
    sessions: tuple[Page, dict[int, int]], size: tuple[int, int], hands: int, shots: Path
) -> None:
    page, found = sessions
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"/sessions/{found[hands]}/projector")
    expect(page.locator("#hand-count")).to_have_text(str(hands))
    page.wait_for_timeout(100)
    if hands == 30 or (size, hands) == ((1024, 768), 60):
        page.screenshot(path=str(shots / f"projector-{size[0]}x{size[1]}-{hands}.png"))
    check_layout(page, hands)


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
def test_the_sets_cards_shown_large_for_a_class_with_its_own_decks(
    sessions: tuple[Page, dict[int, int]], size: tuple[int, int], shots: Path
) -> None:
    page, found = sessions
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"/sessions/{found[30]}/projector")
    expect(page.locator("#hand-count")).to_have_text("30")
    page.keyboard.press("c")
    expect(page.locator("#set-cards img")).to_have_count(9)
    page.wait_for_timeout(100)
    page.screenshot(path=str(shots / f"projector-cards-{size[0]}x{size[1]}.png"))
    check_layout(page, 30, cards=True)
    names = page.locator("#set-cards span").all_inner_texts()
    assert sorted(names) == sorted(SOLVABLE.split())
    smallest = min(page.locator("#set-cards img").evaluate_all("els => els.map(e => e.height)"))
    assert smallest >= 0.12 * size[1], smallest  # large enough to read from the back
    page.keyboard.press("c")  # and off again
    expect(page.locator("#set-cards")).to_be_hidden()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_once_joining_is_closed_the_hands_take_the_join_codes_place(
    sessions: tuple[Page, dict[int, int]], size: tuple[int, int], shots: Path, server: LiveServer
) -> None:
    """The projector open while the teacher closes joining: within a poll the join code
    and QR code are gone, and more hands show, across the whole width."""
    page, found = sessions
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"/sessions/{found[60]}/projector")
    expect(page.locator("#join-qr")).to_be_visible()
    open_hands = page.locator("#hands li:not([hidden]):not(.more)").count()
    set_joining(server, found[60], False)
    try:
        page.clock.fast_forward(POLL_MS)  # the next poll, now
        expect(page.locator("#join-qr")).to_be_hidden(timeout=5000)
        expect(page.locator("#join-code")).to_be_hidden()
        page.wait_for_timeout(100)
        page.screenshot(path=str(shots / f"projector-closed-{size[0]}x{size[1]}-60.png"))
        check_layout(page, 60, joining=False)
        closed_hands = page.locator("#hands li:not([hidden]):not(.more)").count()
        assert closed_hands > open_hands, (open_hands, closed_hands)
        # As the page is first drawn, too, before its first poll has answered (held here).
        page.route("**/state", lambda route: route.abort())
        page.reload()
        expect(page.locator("#join-qr")).to_be_hidden()
        expect(page.locator("#hand-count")).to_have_text("60")
        check_layout(page, 60, joining=False)
        page.unroute("**/state")
    finally:
        set_joining(server, found[60], True)


def set_joining(server: LiveServer, session_id: int, joining: bool) -> None:
    """Open or close joining, as the console's button does."""
    app = create_app({"DATABASE_URL": server.env["PRINTABLES_DATABASE_URL"], "SECRET_KEY": "x"})
    with app.app_context(), write() as db:
        store.set_joining(db, store.load(db, session_id), joining)
    app.extensions["printables_db"].dispose()
