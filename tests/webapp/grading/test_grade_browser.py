"""The grading page in real headless Chromium, served by gunicorn with two workers: a
teacher uploads a pupil's page and the printed worksheet at 1024x768, watches the
progress bar, reads the results and decides the one unclear mark with a click, the page
updating in place. axe-core audits the pages; screenshots are saved (at 1024x768 and on
a phone) in ``PRINTABLES_SCREENSHOTS`` or pytest's temporary folder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from browser_support import PHONE, log_in, skip_without_chromium
from grade_pages import answer_page, answer_sheet, box_index, filled_page, solution_marks
from live_server import LiveServer
from playwright.sync_api import Browser, Page, expect

skip_without_chromium()

SMALL_SCREEN = {"width": 1024, "height": 768}


def serious_problems(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page."""
    response: dict[str, Any] = Axe().run(page).response
    assert len(response["passes"]) > 10
    return [f"{v['id']}: {v['help']}" for v in response["violations"]
            if v["impact"] in ("serious", "critical")]  # fmt: skip


def test_upload_progress_results_and_one_review_click(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    puzzles = answer_page().puzzles
    marks = solution_marks(puzzles[0])
    marks[box_index(puzzles[1], "impossible")] = 0.35  # a third filled: unclear
    pupils = [filled_page(marks)]  # each later pupil marks a row of puzzle 3 besides
    for row in (1, 2, 3):
        pupils.append(filled_page({**marks, box_index(puzzles[2], "row", "Bb=C", row): 1.0}))
    context = browser.new_context(base_url=server.url, viewport=SMALL_SCREEN)  # type: ignore[arg-type]
    context.set_default_timeout(20_000)
    page = context.new_page()
    log_in(page)
    page.get_by_role("link", name="Grade scans").first.click()
    expect(page).to_have_url(re.compile(r"/grade$"))
    page.screenshot(path=shots / "grade-upload-1024.png", full_page=True)
    assert serious_problems(page) == []

    pages = [{"name": f"pupil-{n}.png", "mimeType": "image/png", "buffer": pupil}
             for n, pupil in enumerate(pupils, 1)]  # fmt: skip
    files = [*pages, {"name": "worksheet.pdf", "mimeType": "application/pdf",
                      "buffer": answer_sheet()}]  # fmt: skip
    page.set_input_files("#scans", files)  # type: ignore[arg-type]
    page.get_by_role("button", name="Upload and grade").click()
    expect(page).to_have_url(re.compile(r"/grade/\d+$"))
    bar = page.locator("#progress-bar")
    expect(bar).to_be_visible()
    expect(page.locator("#progress-text")).to_contain_text(re.compile(r"of 7 pages read"))
    page.screenshot(path=shots / "grade-progress-1024.png")

    expect(page.get_by_role("heading", name="Results")).to_be_visible(timeout=90_000)
    expect(page.locator("#summary")).to_contain_text("5 sheets graded; 4 marks to decide")
    first = page.locator("table.gradebook tbody tr").first
    expect(first.locator("td.status")).to_have_text(["✓ right", "? review", "\u2013 blank"])
    expect(page.locator("ul.not-graded")).to_contain_text("worksheet.pdf page 1")
    cutout = page.locator("#sheet-1 img.cutout.box")
    expect(cutout).to_be_visible()
    assert cutout.evaluate("img => img.naturalWidth") > 10  # the picture is served
    page.screenshot(path=shots / "grade-results-1024.png", full_page=True)
    assert serious_problems(page) == []

    page.evaluate("window.stillHere = true")  # a reload would forget it
    page.locator("#sheet-1").get_by_role("button", name="Filled").click()
    expect(first.locator("td.status")).to_have_text(["✓ right", "✗ wrong", "\u2013 blank"])
    expect(page.locator("#summary")).to_contain_text("3 marks to decide")
    assert page.evaluate("window.stillHere") is True
    page.reload()
    expect(first.locator("td.status")).to_have_text(["✓ right", "✗ wrong", "\u2013 blank"])

    page.goto("/grade")
    expect(page.locator("table.uploads")).to_contain_text("pupil-1.png")
    page.screenshot(path=shots / "grade-uploads-1024.png", full_page=True)

    page.go_back()
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "grade-results-phone.png", full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px)"
    context.close()
