"""The print page in real headless Chromium at a 1024x768 projector's size: a teacher
chooses answer sheets to scan, pastes the class list and downloads the worksheet, which
holds a named set of answer pages for each pupil. axe-core audits the page; a screenshot
is saved in ``PRINTABLES_SCREENSHOTS`` or pytest's temporary folder."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from browser_support import log_in, skip_without_chromium
from live_server import LiveServer
from playwright.sync_api import Browser
from pypdf import PdfReader

from generator.scan.layout import ATTACHMENT, SheetLayout

skip_without_chromium()


def test_a_class_list_pasted_on_the_print_page_names_each_pupils_answer_pages(
    browser: Browser, server: LiveServer, shots: Path
) -> None:
    context = browser.new_context(base_url=server.url, viewport={"width": 1024, "height": 768})
    context.set_default_timeout(20_000)
    page = context.new_page()
    log_in(page)
    page.goto("/print")
    page.select_option("#kind", "matrix")
    page.fill("#count", "2")
    page.select_option("#pages", "students")
    page.select_option("#scannable", "yes")
    page.fill("#roster", "Ana López\nBen Okafor\nZoë Li")
    page.locator("#roster").scroll_into_view_if_needed()
    page.screenshot(path=shots / "print-roster-1024.png")
    response: dict[str, Any] = Axe().run(page).response
    serious = [v["id"] for v in response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == []
    with page.expect_request("**/print/worksheet.pdf*") as sent, page.expect_download() as download:
        page.get_by_role("button", name="Download the worksheet").click()
    assert sent.value.method == "POST" and "Ana" not in sent.value.url  # names not in addresses
    assert "-class-" in download.value.suggested_filename
    pdf = Path(download.value.path()).read_bytes()
    layout = SheetLayout.from_json(PdfReader(io.BytesIO(pdf)).attachments[ATTACHMENT][0])
    assert [p.pupil.name for p in layout.pages if p.pupil] == ["Ana López", "Ben Okafor", "Zoë Li"]
    context.close()
