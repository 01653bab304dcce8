"""The projector page on every classroom screen, in real headless Chromium: at 1024x768,
1280x720, 1920x1080 and 3840x2160, with 0, 30 and 60 hands up (some nicknames as long as
they may be), nothing overlaps, nothing needs scrolling, the QR code is whole and big
enough to scan, and the time is the largest thing on the screen. With the set's cards
shown (a class taking cards from its own decks), the same holds for the cards."""

from __future__ import annotations

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
  let largest = 0, largestId = "";
  for (const el of document.querySelectorAll("body *")) {
    if (!el.textContent.trim() || el.offsetParent === null) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size > largest && !el.contains(document.getElementById("digits"))) {
      largest = size; largestId = el.id || el.tagName; }
  }
  return {key, hands, cards, largest, largestId,
          digits: parseFloat(getComputedStyle(document.getElementById("digits")).fontSize),
          view: {width: innerWidth, height: innerHeight},
          scroll: {width: document.documentElement.scrollWidth,
                   height: document.documentElement.scrollHeight}};
}"""


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        a["left"] < b["right"] - 0.5
        and b["left"] < a["right"] - 0.5
        and a["top"] < b["bottom"] - 0.5
        and b["top"] < a["bottom"] - 0.5
    )


@pytest.fixture(scope="module")
def sessions(server: LiveServer, browser: Browser) -> Iterator[tuple[Page, dict[int, int]]]:
    """Sessions with 0, 30 and 60 hands up in a running set; a logged-in teacher's page."""
    context = browser.new_context(base_url=server.url)
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


def check_layout(page: Page, hands: int, cards: bool = False) -> None:
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
    qr = next(k for k in key if k["id"] == "join-qr")
    side = min(qr["width"], qr["height"])
    assert side >= min(200, 0.25 * height), (where, side)
    assert found["digits"] > found["largest"], (where, found["largestId"], found["largest"])
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
    if (size, hands) in {((1024, 768), 60), ((1920, 1080), 30)}:
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
