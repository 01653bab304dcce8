"""The analysis page in real headless Chromium on a 1024x768 projector: the example round
posted from the form, its analysis shown without sideways scrolling, the costly cards
marked by a sign (``?``, ``??``) as well as a tint and a bar that stay distinct in gray;
axe-core audits the page. Screenshots go to the ``shots`` folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from browser_support import skip_without_chromium
from live_server import LiveServer
from played_rounds import MISTAKES
from playwright.sync_api import Browser, Page, expect

from webapp.analysis import views

skip_without_chromium()

SCROLL = "() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]"


@pytest.fixture(scope="module")
def projector(browser: Browser, server: LiveServer) -> Iterator[Page]:
    context = browser.new_context(base_url=server.url, viewport={"width": 1024, "height": 768})
    try:
        yield context.new_page()
    finally:
        context.close()


def gray(page: Page, selector: str) -> float:
    """The luminance (0-255) of the first cell's background under ``selector`` (the white
    page where it is transparent)."""
    color = page.locator(selector).first.evaluate("el => getComputedStyle(el).backgroundColor")
    values = [float(x) for x in color[color.index("(") + 1 : color.index(")")].split(",")]
    if len(values) == 4 and values[3] == 0:
        return 255.0
    r, g, b = values[:3]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_a_round_analysed_on_a_projector(projector: Page, shots: Path) -> None:
    page = projector
    page.goto("/analyse/costly-tricks")
    page.get_by_label("The round").fill(MISTAKES)
    page.get_by_role("button", name="Analyse").click()
    expect(page.locator("#analysis h2")).to_have_text("The analysis")
    assert page.url.endswith("#analysis")
    page.screenshot(path=str(shots / "analyse-costly-tricks-1024x768.png"), full_page=True)
    width, _ = page.evaluate(SCROLL)
    assert width <= 1024, width
    expect(page.locator("table.analysis tbody tr.trick")).to_have_count(3)
    expect(page.locator("tr.costly")).to_have_count(2)
    expect(page.locator("tr.costly:not(.blunder) .mark")).to_have_text("?")
    expect(page.locator("tr.costly.blunder .mark")).to_have_text("??")
    plain = gray(page, "table.analysis tbody tr:not(.trick):not(.costly) td")
    costly = gray(page, "tr.costly:not(.blunder) td")
    blunder = gray(page, "tr.costly.blunder td")
    assert plain - costly > 8 and costly - blunder > 8, (plain, costly, blunder)
    bars = page.locator("tr.costly td:first-child").evaluate_all(
        "els => els.map((el) => getComputedStyle(el).boxShadow)"
    )
    assert all("inset" in bar for bar in bars) and bars[0] != bars[1]
    for cell in page.locator("table.analysis td, table.totals td").all():
        box = cell.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 1024 + 0.5, box
    response: dict[str, Any] = Axe().run(page).response
    serious = [v["id"] for v in response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious


def test_a_bad_round_keeps_what_was_typed(projector: Page) -> None:
    page = projector
    page.goto("/analyse/costly-tricks")
    typed = MISTAKES.replace("G4 P9", "G4 P10")
    page.get_by_label("The round").fill(typed)
    page.get_by_role("button", name="Analyse").click()
    expect(page.get_by_role("alert")).to_contain_text("Trick 2, card 4 (A's ghost): P10")
    expect(page.get_by_label("The round")).to_have_value(typed)


def test_on_a_phone_the_page_never_scrolls_sideways(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    """A pupil's phone (390 px wide): the tables scroll inside their own box, the page does
    not, and the hint names the hand size this server takes."""
    context = browser.new_context(base_url=server.url, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto("/analyse/costly-tricks")
        expect(page.locator("#round-help")).to_contain_text(
            f"Up to {views.MOST_CARDS} cards a hand here"
        )
        page.get_by_label("The round").fill(MISTAKES)
        page.get_by_role("button", name="Analyse").click()
        expect(page.locator("#analysis h2")).to_have_text("The analysis")
        page.screenshot(path=str(shots / "analyse-costly-tricks-phone.png"), full_page=True)
        width, _ = page.evaluate(SCROLL)
        assert width <= 390, width
        response: dict[str, Any] = Axe().run(page).response
        serious = [
            v["id"] for v in response["violations"] if v["impact"] in ("serious", "critical")
        ]
        assert not serious, serious
    finally:
        context.close()
