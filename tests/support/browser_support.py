"""What the tests in real headless Chromium share: Debian's chromium (browsers cannot be
downloaded here; a module importing this one is skipped without it), a gunicorn server
with teacher ada, browser contexts for a laptop or a phone, and logging in.

``tests/webapp/conftest.py`` makes the fixtures ``browser`` (one Chromium a test process,
started when a test first asks for it), ``server`` (module-scoped), ``teacher_context``
and ``shots`` available to every web app test; a module calls :func:`skip_without_chromium`
first.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import LiveServer
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)
from webapp_support import add_teacher

from webapp import create_app

CHROMIUM = Path("/usr/bin/chromium")


def skip_without_chromium() -> None:
    """Skip the calling test module when Debian's chromium is not installed."""
    if not CHROMIUM.exists():
        pytest.skip(
            "end-to-end tests need Debian's chromium at /usr/bin/chromium",
            allow_module_level=True,
        )


CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE: ViewportSize = {"width": 390, "height": 844}
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
PASSWORD = "correct horse battery"
NARROW: ViewportSize = {"width": 360, "height": 740}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """gunicorn -w 2 on a fresh SQLite file, with teacher ada made first (in this process:
    the ``teacher`` commands have tests of their own, and a process would take seconds)."""
    live = LiveServer(tmp_path_factory.mktemp("e2e-server"), workers=2)
    app = create_app(
        {"DATABASE_URL": live.env["PRINTABLES_DATABASE_URL"],
         "SECRET_KEY": live.env["PRINTABLES_SECRET_KEY"]}
    )  # fmt: skip
    add_teacher(app, "ada", cheap=True, password=PASSWORD)
    app.extensions["printables_db"].dispose()
    live.start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Headless Chromium, launched once per test process and shared by every module: each
    test opens its own context (cookies, storage), so nothing leaks between tests."""
    skip_without_chromium()
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def new_context(browser: Browser, server: LiveServer, phone: bool) -> BrowserContext:
    context = browser.new_context(
        base_url=server.url,
        viewport=PHONE if phone else LAPTOP,
        is_mobile=phone,
        has_touch=phone,
    )
    context.set_default_timeout(15_000)
    return context


def log_in(page: Page) -> None:
    page.goto("/login")
    page.fill("#username", "ada")
    page.fill("#password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/dashboard$"))


@pytest.fixture
def teacher_context(browser: Browser, server: LiveServer) -> Iterator[BrowserContext]:
    """A laptop's browser for the teacher, closed after the test."""
    context = new_context(browser, server, phone=False)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go."""
    named = os.environ.get("PRINTABLES_SCREENSHOTS")
    folder = Path(named) if named else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def make_session(page: Page, name: str, limit: int, sets: str) -> str:
    """Make a MAT Simultaneous session on the form; its console's address."""
    log_in(page)
    page.goto("/sessions/new")
    page.fill("#name", name)
    page.fill("#limit", str(limit))
    page.fill("#sets", sets)  # typing sets chooses "Use these sets"
    expect(page.locator("#source-typed")).to_be_checked()
    page.get_by_role("button", name="Make the session").click()
    expect(page).to_have_url(re.compile(r"/sessions/\d+$"))
    return page.url


def join_code(page: Page) -> str:
    found = re.search(r"join code (\w{6})", page.locator("body").inner_text())
    assert found is not None
    return found.group(1)


def join_phone(browser: Browser, server: LiveServer, code: str, name: str) -> Page:
    """A phone (360 pixels wide) joined to the session ``code`` as ``name``."""
    context = browser.new_context(
        base_url=server.url, viewport=NARROW, is_mobile=True, has_touch=True
    )
    phone = context.new_page()
    phone.goto(f"/join/{code}")
    phone.fill("#nickname", name)
    phone.get_by_role("button", name="Join").click()
    expect(phone).to_have_url(re.compile(rf"/play/{code}$"))
    return phone
