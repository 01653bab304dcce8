"""What keeps the app safe from what it is sent: secrets, cookies, CSRF, the size and the
characters of a request, response headers and rate limits. Its answers are pages of
:mod:`webapp.pages` (which imports nothing from here).

- The secret key is made once and kept in the instance folder, so every worker signs
  cookies alike and a restart logs no one out.
- Session cookies are HttpOnly and SameSite=Lax, and Secure whenever the page came over
  HTTPS (a classroom server on plain HTTP still works).
- Flask-WTF's CSRF protection covers every POST; templates put ``csrf_token()`` in each
  form, and scripts send it in the ``X-CSRFToken`` header.
- A request whose address or form holds a NUL character (which no text of the app holds,
  and PostgreSQL cannot store) is refused with a 400 before any view reads it.
- Rate limits count requests per key and minute in the database (not in a worker's
  memory), so they hold across workers and restarts. Past a limit, a page's script (see
  :func:`webapp.pages.wants_json`) gets a 429 with ``Retry-After`` and the problem in
  JSON; a page gets its message, with ``Retry-After`` too.
- Behind a reverse proxy or load balancer, set ``PRINTABLES_BEHIND_PROXY=1``: the app
  then reads the client's address, scheme and host from the proxy's ``X-Forwarded-*``
  headers (one proxy; Werkzeug's ProxyFix), and marks the session cookie Secure when the
  proxy says the page came over HTTPS (``deploy/haproxy.cfg`` sets
  ``X-Forwarded-Proto`` on every request, whatever a client sent). The first-run page
  stays reachable only from the server's own computer: the forwarded address is the one
  checked. Without the setting, those headers are ignored.
"""

from __future__ import annotations

import hashlib
import math
import os
import secrets
import time
from datetime import datetime
from pathlib import Path

from flask import Flask, Response, current_app, make_response, request
from flask.sessions import SecureCookieSessionInterface
from flask_wtf.csrf import CSRFError, CSRFProtect
from itsdangerous import SignatureExpired, TimestampSigner, URLSafeTimedSerializer
from sqlalchemy import delete
from werkzeug.middleware.proxy_fix import ProxyFix

from webapp.clock import database_time
from webapp.db import insert_or_ignore, now, read, write
from webapp.pages import error_page, wants_json
from webapp.settings import flag
from webapp.tables import HIT_KEY_MOST, hits

csrf = CSRFProtect()

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "script-src 'self'; media-src 'self' data:; object-src 'none'; "
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)


def secret_key(instance: Path) -> str:
    """The app's secret key, made on first use and kept in ``instance/secret_key``
    (created exclusively, so workers starting together agree on one)."""
    path = instance / "secret_key"
    instance.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        for _ in range(50):  # another worker is writing it this very moment
            key = path.read_text().strip()
            if key:
                return key
            time.sleep(0.02)
        raise RuntimeError(f"{path} is empty; delete it and start again") from None
    key = secrets.token_hex(32)
    with os.fdopen(fd, "w") as out:
        out.write(key + "\n")
    return key


SIGNED_AHEAD_MOST = 30
"""Seconds a cookie's signature may seem to come from the future: what two app servers'
measures of the database's clock may still differ by (a few milliseconds, but one
second's difference in whole seconds near a second's turn, and more for a measure taken
under load). itsdangerous refuses any, and a phone would lose its seat."""


class ClockSigner(TimestampSigner):
    """itsdangerous's signer, its timestamps on the database's clock (:mod:`webapp.clock`): a
    cookie signed on one app server is read on another, and a signature stamped by a
    host whose clock runs ahead would be refused as from the future. One that seems
    ahead by up to :data:`SIGNED_AHEAD_MOST` seconds is taken."""

    def get_timestamp(self) -> int:
        return int(database_time())  # the real clock: a test that sets the app's keeps it

    def unsign(  # type: ignore[override]
        self, signed_value: str | bytes, max_age: int | None = None, return_timestamp: bool = False
    ) -> tuple[bytes, datetime] | bytes:
        value, signed = super().unsign(signed_value, None, True)  # the signature checked
        if max_age is not None:
            age = self.get_timestamp() - int(signed.timestamp())
            if not -SIGNED_AHEAD_MOST <= age <= max_age:
                raise SignatureExpired(f"Signature age {age} is outside -{SIGNED_AHEAD_MOST} "
                                       f"to {max_age} seconds", payload=value,
                                       date_signed=signed)  # fmt: skip
        return (value, signed) if return_timestamp else value


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, marked Secure when the request came over HTTPS, and
    stamped on the database's clock (:class:`ClockSigner`)."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (bool(request) and request.is_secure)

    def get_signing_serializer(self, app: Flask) -> URLSafeTimedSerializer | None:
        serializer = super().get_signing_serializer(app)
        if serializer is not None:
            serializer.signer = ClockSigner
        return serializer


MAX_BODY = 64 * 1024
"""Bytes: the largest request body the app reads. Its biggest form (a MAT session's typed
sets) is a few KB; anything larger is refused with a 413 page before it is read."""


def init(app: Flask) -> None:
    """Cookies, CSRF, the request size limit and headers for ``app``."""
    if flag(app.config.get("BEHIND_PROXY")):  # the proxy's X-Forwarded-Proto says HTTPS
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    if app.config.get("MAX_CONTENT_LENGTH") is None:  # Flask's default is None: no limit
        app.config["MAX_CONTENT_LENGTH"] = MAX_BODY
    app.config.setdefault("SESSION_COOKIE_HTTPONLY", True)
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:  # Flask's default is None, not unset
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)  # a lesson's form may sit open for hours
    # The cookie is sent only when the session changes: a page's poll that was under way
    # while a form was sent must not put back the cookie from before it.
    app.config["SESSION_REFRESH_EACH_REQUEST"] = False
    app.session_interface = SessionInterface()
    csrf.init_app(app)

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError) -> tuple[str, int] | tuple[dict[str, str], int]:
        message = (
            "This form had expired or was sent from another page "
            f"({error.description.rstrip('.')}). Go back, reload the page and send it again."
        )
        if wants_json():
            return {"problem": message}, 400
        return error_page("Please try again", message, 400)

    @app.errorhandler(413)
    def too_large(_error: Exception) -> tuple[str, int] | tuple[dict[str, str], int]:
        limit = app.config["MAX_CONTENT_LENGTH"] // 1024
        message = (
            f"That was more than this app takes at once ({limit} KB); nothing was saved. "
            "Go back and send the form as its page has it."
        )
        if wants_json():
            return {"problem": message}, 413
        return error_page("Too much sent", message, 413)

    @app.before_request
    def refuse_nul() -> tuple[str, int] | tuple[dict[str, str], int] | None:
        if not _holds_nul():
            return None
        message = (
            "The address or the form held a NUL character, which no text here has; nothing "
            "was saved. Go back and send it as its page has it."
        )
        if wants_json():
            return {"problem": message}, 400
        return error_page("Not readable", message, 400)

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response


def _holds_nul() -> bool:
    """Whether the request's path, query or form holds a NUL character."""
    if "\x00" in request.path:
        return True
    fields = [request.args]
    if request.method == "POST" and request.mimetype == "application/x-www-form-urlencoded":
        fields.append(request.form)
    pairs = (pair for found in fields for pair in found.items(multi=True))
    return any("\x00" in key or "\x00" in value for key, value in pairs)


class RateLimited(Exception):
    """Too many requests for one key in the current minute."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(retry_after)
        self.retry_after = retry_after


def _fitting(key: str) -> str:
    """``key`` as stored: a key longer than its column (it may hold what was sent, such as
    a join code) ends in a digest of the rest, so two keys stay two keys.

    >>> _fitting("join:ABCDEF:10.0.0.1")
    'join:ABCDEF:10.0.0.1'
    >>> len(_fitting("join:" + "A" * 10_000))
    120
    """
    if len(key) <= HIT_KEY_MOST:
        return key
    digest = hashlib.sha256(key.encode()).hexdigest()
    return key[: HIT_KEY_MOST - len(digest) - 1] + "#" + digest


def limit(key: str, per_minute: int) -> None:
    """Count one request for ``key``; raise :class:`RateLimited` past ``per_minute``."""
    if current_app.config.get("RATE_LIMITS", True) is False:
        return
    key = _fitting(key)
    moment = now()
    window = math.floor(moment / 60)
    with write() as db:
        db.execute(delete(hits).where(hits.c.window < window - 1))
        db.execute(insert_or_ignore(db, hits).values(key=key, window=window, count=0))
        db.execute(
            hits.update()
            .where(hits.c.key == key, hits.c.window == window)
            .values(count=hits.c.count + 1)
        )
        count = db.execute(
            hits.select()
            .with_only_columns(hits.c.count)
            .where(hits.c.key == key, hits.c.window == window)
        ).scalar_one()
    if count > per_minute:
        raise RateLimited(_retry_after(moment))


def _retry_after(moment: float) -> int:
    """Seconds from ``moment`` to the next minute's window."""
    return max(1, math.ceil((math.floor(moment / 60) + 1) * 60 - moment))


def hits_now(key: str) -> int:
    """How many requests ``key`` has counted in the current minute (counting none)."""
    with read() as db:
        found = db.execute(
            hits.select()
            .with_only_columns(hits.c.count)
            .where(hits.c.key == _fitting(key), hits.c.window == math.floor(now() / 60))
        ).scalar()
    return int(found or 0)


def past(key: str, per_minute: int) -> None:
    """Raise :class:`RateLimited` when ``key`` has already counted ``per_minute`` this
    minute; count nothing (a read, never a write)."""
    if current_app.config.get("RATE_LIMITS", True) is False:
        return
    if hits_now(key) >= per_minute:
        raise RateLimited(_retry_after(now()))


def busy_headers(busy: RateLimited) -> dict[str, str]:
    return {"Retry-After": str(busy.retry_after)}


def busy_text(busy: RateLimited, what: str = "requests") -> str:
    """``"Too many requests from this network. Wait 12 seconds, then try again."``"""
    return f"Too many {what} from this network. Wait {busy.retry_after} seconds, then try again."


def too_many(busy: RateLimited, said: str, page: tuple[str, int] | None = None) -> Response:
    """The answer past a limit: 429 with Retry-After, and ``said`` in JSON to a page's
    script; to a page, ``page`` (its own page showing ``said``) or the plain error page."""
    if wants_json():
        return make_response(({"problem": said}, 429, busy_headers(busy)))
    shown = page[0] if page is not None else error_page("Please wait", said, 429)[0]
    return make_response((shown, 429, busy_headers(busy)))


def too_busy(scope: str, per_minute: int) -> tuple[str, int, dict[str, str]] | None:
    """Count this request against ``per_minute`` for its address in ``scope``; past it, a
    429 page saying how long to wait (with Retry-After), else None."""
    try:
        limit(f"{scope}:{client_address()}", per_minute)
    except RateLimited as busy:
        said = busy_text(busy)
        page, status = error_page("Please wait", said, 429)
        return page, status, busy_headers(busy)
    return None


def client_address() -> str:
    """The address the request came from: behind a TLS proxy, with ``BEHIND_PROXY`` set,
    the client's as the proxy forwards it (Werkzeug's ProxyFix); otherwise the peer's,
    whatever a request's headers claim."""
    return request.remote_addr or "unknown"
