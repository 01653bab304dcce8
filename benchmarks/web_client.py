"""The phones and the teacher's browser of a load benchmark: one HTTP client a device,
its own cookie jar and source address and a connection kept alive, each request timed and
recorded (:class:`Sample`), and the tokens read from the pages it gets. Used by
``classroom.py``, ``bench_webapp.py`` and ``bench_cluster.py``."""

from __future__ import annotations

import http.client
import json
import re
import sys
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))
from devices import keep_cookies  # type: ignore[import-not-found]


class StepFailed(Exception):
    """A student's request failed; the student skips to the Done barrier."""


@dataclass(frozen=True)
class Sample:
    """One request: its kind, when it started, how long it took, and how it went."""

    kind: str
    start: float
    seconds: float
    status: int  # 0: no response
    ok: bool
    note: str = ""


class Recorder:
    """Samples from every thread (list.append holds the GIL, so no lock is needed)."""

    def __init__(self) -> None:
        self.samples: list[Sample] = []

    def add(self, sample: Sample) -> None:
        self.samples.append(sample)


@dataclass(frozen=True)
class Reply:
    status: int
    location: str
    text: str
    sent: tuple[float, float]  # time.monotonic() before and after the request was written
    sent_wall: tuple[float, float]  # the same moments on time.time(), the server's clock


RESENT = (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError)
"""How a kept-alive connection the server has just closed fails a request; a browser
sends the request again on a new connection, and so does :class:`Browser`."""


class Browser:
    """One device: its own cookie jar and source address, and a connection kept alive from
    request to request, as a phone's browser keeps it (a server that closes it after each
    answer, as gunicorn's sync workers do, gets a new one for the next). Each thread using
    the browser has a connection of its own, as a browser opens several for a page's
    scripts (the teacher's console polls while the teacher clicks)."""

    def __init__(self, port: int, source: str, recorder: Recorder) -> None:
        self.port = port
        self.source = source
        self.recorder = recorder
        self.cookies: dict[str, str] = {}
        self._local = threading.local()
        self._connections: list[http.client.HTTPConnection] = []

    @property
    def connection(self) -> http.client.HTTPConnection:
        """This thread's connection (opened by its first request)."""
        found: http.client.HTTPConnection | None = getattr(self._local, "connection", None)
        if found is None:
            found = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=120, source_address=(self.source, 0)
            )
            self._local.connection = found
            self._connections.append(found)
        return found

    def close(self) -> None:
        for connection in self._connections:
            connection.close()

    def request(
        self,
        kind: str,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        expect: Iterable[int] = (200,),
        script: bool = False,
    ) -> Reply:
        """Send one request and time it (from the first byte sent, or the connection
        opened, to the last byte received); raises :class:`StepFailed` on an unexpected
        status or no response (after recording the sample)."""
        body = urlencode(form).encode() if form is not None else None
        headers = {"X-Bench-Kind": kind, "User-Agent": "bench_webapp"}
        if script:  # sent by a page's script (fetch), not by a plain form
            headers["X-Requested-With"] = "fetch"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        try:
            sent, sent_wall, response, data = self._exchange(method, path, body, headers)
        except (OSError, http.client.HTTPException) as error:
            self.connection.close()  # the next request opens a new one
            took = time.perf_counter() - start
            self.recorder.add(Sample(kind, start, took, 0, False, f"{method} {path}: {error!r}"))
            raise StepFailed(f"{method} {path}: {error!r}") from None
        took = time.perf_counter() - start
        keep_cookies(self.cookies, response.headers)
        ok = response.status in tuple(expect)
        note = "" if ok else f"{method} {path} -> {response.status}"
        self.recorder.add(Sample(kind, start, took, response.status, ok, note))
        if not ok:
            raise StepFailed(note)
        location = urlsplit(response.getheader("Location") or "").path
        return Reply(response.status, location, data.decode("utf-8", "replace"), sent, sent_wall)

    def _exchange(
        self, method: str, path: str, body: bytes | None, headers: dict[str, str]
    ) -> tuple[tuple[float, float], tuple[float, float], http.client.HTTPResponse, bytes]:
        """The request written and its response read on the kept-alive connection, sent
        again on a new one if the server had closed it; with when it was written."""
        for attempt in (1, 2):
            reused = self.connection.sock is not None
            began, began_wall = time.monotonic(), time.time()
            try:
                self.connection.request(method, path, body, headers)
                written = (began, time.monotonic()), (began_wall, time.time())
                response = self.connection.getresponse()
                data = response.read()
            except RESENT:
                self.connection.close()
                if not reused or attempt == 2:
                    raise
                continue
            return written[0], written[1], response, data
        raise AssertionError("unreachable")

    def get(self, kind: str, path: str, expect: Iterable[int] = (200,)) -> Reply:
        return self.request(kind, "GET", path, expect=expect)

    def post(
        self,
        kind: str,
        path: str,
        form: dict[str, str],
        expect: Iterable[int] = (303,),
        script: bool = False,
    ) -> Reply:
        return self.request(kind, "POST", path, form, expect, script)

    def json(self, kind: str, path: str) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.get(kind, path).text)
        return found


def found(pattern: str, text: str, what: str) -> str:
    match = re.search(pattern, text)
    if match is None:
        raise StepFailed(f"no {what} on the page")
    return match.group(1)


def form_token(text: str) -> str:
    return found(r'name="csrf_token" value="([^"]+)"', text, "form CSRF token")


def page_token(text: str) -> str:
    return found(r'<meta name="csrf-token" content="([^"]+)"', text, "CSRF meta tag")
