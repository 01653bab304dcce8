"""Phones and a teacher's laptop over real HTTP, for the cluster tests: each device has
its own cookie jar and source address (127.x.y.z, so the app's per-address limits see a
class of phones, not one), and keeps its connection to an address alive from request to
request, as a browser does (a connection the other end closed is opened again, and a
request that found it closed is sent once more on the new one, as browsers do).

    phone = Device("http://127.0.0.1:8080", source="127.10.0.1")
    reply = phone.get("/join/ABC234")
    reply.server      # which app server answered, from the balancer's X-Printables-Server
"""

from __future__ import annotations

import http.client
import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urlsplit

STALE = (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError)
"""How a kept-alive connection the other end has just closed fails a request."""


def keep_cookies(cookies: dict[str, str], headers: http.client.HTTPMessage) -> None:
    """A response's ``Set-Cookie`` headers applied to a device's ``cookies`` (name ->
    value), as a browser keeps them: a cookie emptied or expired at once is dropped."""
    for header in headers.get_all("Set-Cookie") or []:
        jar: SimpleCookie = SimpleCookie()
        jar.load(header)
        for name, morsel in jar.items():
            if morsel.value == "" or morsel["max-age"] == "0":
                cookies.pop(name, None)
            else:
                cookies[name] = morsel.value


@dataclass(frozen=True)
class Reply:
    """One request's answer, with the device's clock (``time.time()``) just before the
    request was written and just after its answer was read."""

    status: int
    headers: http.client.HTTPMessage
    text: str
    sent: float
    received: float

    @property
    def server(self) -> str:
        """The app server that answered, as the balancer names it ("" without one)."""
        return self.headers.get("X-Printables-Server", "")

    @property
    def location(self) -> str:
        return urlsplit(self.headers.get("Location", "")).path

    def json(self) -> Any:
        return json.loads(self.text)


class Device:
    """One phone or laptop talking to ``url`` (the balancer, or a server); ``at`` sends a
    request to another address (a server directly) with the same cookies."""

    def __init__(self, url: str, source: str = "127.0.0.1", timeout: float = 30.0) -> None:
        self.url = url
        self.source = source
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self._connections: dict[str, http.client.HTTPConnection] = {}

    def _connection(self, url: str) -> http.client.HTTPConnection:
        found = self._connections.get(url)
        if found is None:
            parts = urlsplit(url)
            found = http.client.HTTPConnection(
                parts.hostname or "127.0.0.1",
                parts.port,
                timeout=self.timeout,
                source_address=(self.source, 0),
            )
            self._connections[url] = found
        return found

    def close(self) -> None:
        for connection in self._connections.values():
            connection.close()
        self._connections.clear()

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        *,
        fetch: bool = False,
        at: str | None = None,
    ) -> Reply:
        """Send one request (``fetch``: as a page's script sends it, asking for JSON);
        raises ``OSError`` or ``http.client.HTTPException`` when no answer came."""
        url = at or self.url
        body = urlencode(form).encode() if form is not None else None
        headers = {"Accept": "application/json" if fetch else "text/html"}
        if fetch:
            headers["X-Requested-With"] = "fetch"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        for attempt in (1, 2):
            connection = self._connection(url)
            reused = connection.sock is not None
            sent = time.time()
            try:
                connection.request(method, path, body, headers)
                response = connection.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException) as error:
                connection.close()
                if attempt == 2 or not reused or not isinstance(error, STALE):
                    raise
                continue
            received = time.time()
            if response.will_close:
                connection.close()
            self._keep_cookies(response.headers)
            text = data.decode("utf-8", "replace")
            return Reply(response.status, response.headers, text, sent, received)
        raise AssertionError("unreachable")

    def _keep_cookies(self, headers: http.client.HTTPMessage) -> None:
        keep_cookies(self.cookies, headers)

    def get(self, path: str, *, fetch: bool = False, at: str | None = None) -> Reply:
        return self.request("GET", path, fetch=fetch, at=at)

    def post(
        self, path: str, form: dict[str, str], *, fetch: bool = False, at: str | None = None
    ) -> Reply:
        return self.request("POST", path, form, fetch=fetch, at=at)


def form_token(page: str) -> str:
    """The CSRF token of a page's first form (or its meta tag, which scripts read)."""
    found = re.search(r'name="csrf_token" value="([^"]+)"', page) or re.search(
        r'<meta name="csrf-token" content="([^"]+)"', page
    )
    assert found is not None, "no CSRF token on the page"
    return found.group(1)


def source_addresses(start: int = 1) -> Iterator[str]:
    """Loopback addresses 127.10.y.z, one a device, from the ``start``-th."""
    number = start
    while True:
        yield f"127.10.{number // 250}.{number % 250 + 1}"
        number += 1
