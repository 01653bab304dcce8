"""Practice in real headless Chromium: on a 390x844 phone, a pupil picks Nada's "discard"
question, taps cards into the answer (and clears it), is told a wrong card is wrong and
the right one right, and follows the streak to the next puzzle; builds a secret card
with the four selects; no page scrolls sideways. The puzzle of the day fits a 1024x768
projector without scrolling. Screenshots go to the ``shots`` folder."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import new_context, skip_without_chromium
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect

from printables.cards import FOUR_D, Card
from printables.puzzles import get_kind
from printables.questions.base import Question, QuestionKind

skip_without_chromium()

PHONE_WIDTH = 390
SCROLL = "() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]"


def question_kind(key: str) -> QuestionKind:
    kind = get_kind(key)
    assert isinstance(kind, QuestionKind)
    return kind


NADA = question_kind("nada")
SECRET_CARD = question_kind("secret-card")


@pytest.fixture(scope="module")
def phone(browser: Browser, server: LiveServer) -> Iterator[Page]:
    context = new_context(browser, server, phone=True)
    try:
        yield context.new_page()
    finally:
        context.close()


def shown_puzzle(page: Page, kind: QuestionKind) -> Question:
    """The puzzle the page plays, from its address (loaded here, to know the answer)."""
    found = re.search(r"/practice/([0-9a-z-]+)\?streak=(\d+)$", page.url)
    assert found is not None, page.url
    assert found.group(1).startswith(kind.prefix)
    return kind.get(found.group(1))


def no_sideways_scroll(page: Page, where: str) -> None:
    width, _ = page.evaluate(SCROLL)
    assert width <= PHONE_WIDTH, (where, width)


def script_ready(page: Page) -> None:
    """Wait for answer.js to take the form (it shows the Clear button), so that a tap
    made right after a page loads is not lost before the script listens."""
    expect(page.get_by_role("button", name="Clear")).to_be_visible()


def card_named(name: str) -> Card:
    return next(c for c in FOUR_D if str(c) == name)


def test_a_phone_plays_a_nada_discard_puzzle_and_keeps_a_streak(phone: Page, shots: Path) -> None:
    page = phone
    page.goto("/practice")
    no_sideways_scroll(page, "the practice index")
    form = page.locator("form.practice-choice", has=page.locator('input[value="nada"]'))
    form.locator('select[name="question"]').select_option("discard")
    form.locator('select[name="level"]').select_option("easy")
    form.get_by_role("button", name="Start").click()
    expect(page).to_have_url(re.compile(r"/practice/nada-[0-9a-z]{6}\?streak=0$"))
    puzzle = shown_puzzle(page, NADA)
    assert (puzzle.question, puzzle.level, puzzle.entry) == ("discard", "easy", "cards")
    expect(page.locator(".streak strong")).to_have_text("Streak: 0")
    expect(page.locator(".card-pick")).to_have_count(len(puzzle.cards))
    no_sideways_scroll(page, "a puzzle")
    page.screenshot(path=str(shots / "practice-phone-puzzle.png"), full_page=True)

    script_ready(page)
    box = page.locator("#answer")
    wrong = next(str(c) for c in puzzle.cards if str(c) != puzzle.answer)
    page.locator(f'[data-add="{wrong}"]').tap()
    expect(box).to_have_value(wrong)
    page.get_by_role("button", name="Check my answer").tap()
    expect(page.get_by_role("heading", name="Not right yet")).to_be_visible()
    expect(page.locator(".streak strong")).to_have_text("Streak: 0")
    expect(page.get_by_role("link", name="Show a hint")).to_be_visible()
    for line in puzzle.key:
        assert line not in page.content()

    expect(box).to_have_value(wrong)  # kept, to correct
    script_ready(page)
    page.get_by_role("button", name="Clear").tap()
    expect(box).to_have_value("")
    page.locator(f'[data-add="{puzzle.answer}"]').tap()
    expect(box).to_have_value(puzzle.answer)
    page.get_by_role("button", name="Check my answer").tap()
    expect(page.get_by_role("heading", name="Right!")).to_be_visible()
    expect(page.get_by_role("heading", name="Why")).to_be_visible()
    expect(page.locator(".proof p").first).to_have_text(puzzle.key[0])
    no_sideways_scroll(page, "a right answer")
    page.screenshot(path=str(shots / "practice-phone-right.png"), full_page=True)
    # The streak counts the right answer at once, in view where the page lands.
    expect(page.locator(".streak strong")).to_have_text("Streak: 1")
    expect(page.locator(".streak-up")).to_have_text("1 right in a row.")
    expect(page.locator(".streak-up")).to_be_in_viewport()
    assert page.locator("h1").count() == 1

    follow = page.get_by_role("link", name="Next puzzle (streak 1)")
    expect(follow).to_be_visible()
    follow.tap()
    expect(page).to_have_url(re.compile(r"/practice/nada-[0-9a-z]{6}\?streak=1$"))
    following = shown_puzzle(page, NADA)
    assert (following.question, following.level) == ("discard", "easy")
    assert following.id != puzzle.id
    expect(page.locator(".streak strong")).to_have_text("Streak: 1")
    no_sideways_scroll(page, "the next puzzle")


def test_a_phone_builds_the_secret_card_with_the_four_selects(phone: Page, shots: Path) -> None:
    page = phone
    page.goto("/practice/next?kind=secret-card&question=secret&level=easy&streak=2")
    expect(page).to_have_url(re.compile(r"/practice/secret-card-[0-9a-z]{6}\?streak=2$"))
    puzzle = shown_puzzle(page, SECRET_CARD)
    assert puzzle.entry == "card"
    no_sideways_scroll(page, "a secret card puzzle")
    script_ready(page)
    box = page.locator("#answer")
    parts = page.locator("[data-builder] select")
    expect(parts).to_have_count(len(FOUR_D.attributes))
    secret = card_named(puzzle.answer)
    symbols = [secret.value(a.name).symbol for a in FOUR_D.attributes]
    for k, symbol in enumerate(symbols):
        expect(box).to_have_value("")  # nothing is written until every value is chosen
        page.locator(f'select[data-part="{k}"]').select_option(symbol)
    expect(box).to_have_value(puzzle.answer)
    page.screenshot(path=str(shots / "practice-phone-secret-card.png"), full_page=True)
    page.get_by_role("button", name="Check my answer").tap()
    expect(page.get_by_role("heading", name="Right!")).to_be_visible()
    expect(page.get_by_role("link", name="Next puzzle (streak 3)")).to_be_visible()
    expect(page.locator(".streak strong")).to_have_text("Streak: 3")
    no_sideways_scroll(page, "a secret card judged right")


def test_the_puzzle_of_the_day_fits_a_1024x768_projector(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    context = browser.new_context(base_url=server.url, viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.goto("/practice/today?kind=nada&question=discard&level=easy")
        found = re.search(r"/practice/(nada-[0-9a-z]{6})/qr\.svg", page.content())
        assert found is not None
        puzzle = NADA.get(found.group(1))
        expect(page.locator(".today .cards img")).to_have_count(len(puzzle.cards))
        page.wait_for_function("() => Array.from(document.images).every((img) => img.complete)")
        page.screenshot(path=str(shots / "practice-today-1024x768.png"))
        width, height = page.evaluate(SCROLL)
        assert width <= 1024 and height <= 768, (width, height)
        boxes = page.locator(".today .cards img, .today .scan img, .today .question").evaluate_all(
            "els => els.map((el) => el.getBoundingClientRect().toJSON())"
        )
        assert len(boxes) == len(puzzle.cards) + 2
        for box in boxes:
            assert box["top"] >= 0 and box["bottom"] <= 768 + 0.5, box
            assert box["left"] >= 0 and box["right"] <= 1024 + 0.5, box
        expect(page.get_by_text(f"{server.url}/practice/{puzzle.id}")).to_be_visible()
    finally:
        context.close()
