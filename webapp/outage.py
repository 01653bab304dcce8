"""When the database does not answer (restarting, or the network to it down), a request
gets a clear "try again" and the app carries on by itself once it is back.

- Any request whose database work fails for want of a connection is answered 503 with
  ``Retry-After``: a page's script gets ``{"problem": ..., "retry": seconds}`` (a phone's
  Done says its answer was not recorded and to press again; a poll just tries again at
  its next turn), a page gets a message and reloads itself after a few seconds. Nothing
  half-written stays: each request's writes are one transaction, rolled back.
- The connection pool tests a connection before lending it (``pool_pre_ping``, in
  :func:`webapp.db.make_engine`), so a connection the restart cut is replaced, never
  handed out again, and no request fails twice for it.
- ``GET /healthz`` says whether this server can reach its database (200 ``ok`` or 503):
  what a load balancer checks before sending it requests (``deploy/haproxy.cfg``).
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, make_response
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from webapp.db import read
from webapp.pages import error_page, wants_json

RETRY_AFTER = 3
"""Seconds a client is asked to wait before trying again; a page reloads after them."""
MESSAGE = (
    "The server cannot reach its database for a moment (it may be restarting). Nothing "
    "you sent just now was saved: try again in a few seconds."
)

bp = Blueprint("outage", __name__)


def database_unreachable(error: BaseException) -> bool:
    """Whether ``error`` says the database could not be reached or the connection was
    lost, rather than that a query was wrong."""
    if isinstance(error, OperationalError | InterfaceError | PoolTimeout):
        return True
    return isinstance(error, DBAPIError) and error.connection_invalidated


def init(app: Flask) -> None:
    """The 503 answers for ``app`` and its ``/healthz``."""
    app.register_blueprint(bp)

    @app.errorhandler(DBAPIError)
    @app.errorhandler(PoolTimeout)
    def unreachable(error: Exception) -> Response:
        if not database_unreachable(error):
            raise error
        if wants_json():
            answer = make_response({"problem": MESSAGE, "retry": RETRY_AFTER}, 503)
        else:
            page = error_page("Please try again", MESSAGE, 503, refresh=RETRY_AFTER)
            answer = make_response(page)
        answer.headers["Retry-After"] = str(RETRY_AFTER)
        answer.headers["Cache-Control"] = "no-store"
        return answer


@bp.get("/healthz")
def health() -> tuple[str, int, dict[str, str]]:
    """200 when this server reaches its database, else 503 (the error handler's)."""
    with read() as db:
        db.execute(text("SELECT 1"))
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}
