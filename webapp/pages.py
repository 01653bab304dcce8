"""What every feature's views share: whether a request came from a page's script, the
page that says plainly what went wrong, and an error's text as a sentence on a page."""

from __future__ import annotations

from flask import render_template, request

from printables.cards.wording import sentence


def wants_json() -> bool:
    """Whether the request came from a page's script (``X-Requested-With``, or JSON
    preferred to HTML) rather than from a plain form or link."""
    if request.headers.get("X-Requested-With"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def error_page(
    title: str, message: str, status: int, back_url: str | None = None, back_text: str = ""
) -> tuple[str, int]:
    """``templates/error.html`` with a title, the message and a way back."""
    page = render_template(
        "error.html", title=title, message=message, back_url=back_url, back_text=back_text
    )
    return page, status


def problem(error: Exception | str) -> str:
    """``"the time limit is 10 to 3600 seconds"`` -> a capital and a full stop.

    >>> problem(ValueError("set 2 is still running; end it first"))
    'Set 2 is still running; end it first.'
    """
    text = sentence(str(error).strip())
    return text if text.endswith((".", "?", "!")) else text + "."
