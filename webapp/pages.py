"""How every feature's views answer: whether a request came from a page's script, the
page that says plainly what went wrong, an error's text as a sentence on a page, and the
way back from a refused form. Answers only: what a request may be, and how often, is
:mod:`webapp.security`'s, which uses these pages.

Every form's POST ends in a redirect, errors included: a refused form goes back to its
page's own address (:func:`back_with`), which shows the problem and what was typed
(:func:`kept`). So reloading any page, by hand or by a page's script, never sends a form
again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from urllib.parse import urlsplit

from flask import redirect, render_template, request, session
from werkzeug.wrappers import Response

from printables.cards.deck import Deck
from printables.cards.wording import sentence


def wants_json() -> bool:
    """Whether the request came from a page's script (``X-Requested-With``, or JSON
    preferred to HTML) rather than from a plain form or link."""
    if request.headers.get("X-Requested-With"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json"


def error_page(
    title: str,
    message: str,
    status: int,
    back_url: str | None = None,
    back_text: str = "",
    refresh: int | None = None,
) -> tuple[str, int]:
    """``templates/error.html`` with a title, the message and a way back; ``refresh``
    seconds, the page loads itself again after that long (it may work by then)."""
    page = render_template("error.html", title=title, message=message, back_url=back_url,
                           back_text=back_text, refresh=refresh)  # fmt: skip
    return page, status


def problem(error: Exception | str) -> str:
    """``"the time limit is 10 to 3600 seconds"`` -> a capital and a full stop.

    >>> problem(ValueError("set 2 is still running; end it first"))
    'Set 2 is still running; end it first.'
    """
    text = sentence(str(error).strip())
    return text if text.endswith((".", "?", "!")) else text + "."


KEPT = "kept"
"""The session cookie's key for a refused form's problem and typed values."""

KEPT_MOST = 2500
"""Characters: the most a refused form keeps in the cookie (which browsers cap at 4 KB).
No form of the app comes near it when used as its page has it."""


def back_with(target: str, problem: str, typed: Mapping[str, str] | None = None) -> Response | None:
    """A 303 back to ``target`` (a page's GET address), which will show ``problem`` and
    the ``typed`` values once. None when what was typed is too long to keep in the
    cookie: the caller then shows the page itself, as the answer to the POST."""
    kept_typed = dict(typed or {})
    if len(json.dumps(kept_typed)) > KEPT_MOST:
        return None
    session[KEPT] = {"path": urlsplit(target).path, "problem": problem, "typed": kept_typed}
    return redirect(target, code=303)


def kept() -> tuple[str | None, dict[str, str]]:
    """The problem and typed values a refused form left for this page (the first GET of
    its address takes them), else ``(None, {})``."""
    found = session.get(KEPT)
    if not isinstance(found, dict) or found.get("path") != request.path:
        return None, {}
    session.pop(KEPT)
    typed = found.get("typed")
    return str(found.get("problem") or ""), dict(typed) if isinstance(typed, dict) else {}


def card_attributes(deck: Deck) -> list[tuple[str, list[tuple[str, str]]]]:
    """Each attribute of ``deck`` with its values' symbols and names, in the order a card's
    name writes them: what a form needs to build a card by its values.

    >>> from printables.cards import FOUR_D
    >>> card_attributes(FOUR_D)[0]
    ('color', [('B', 'blue'), ('G', 'green'), ('R', 'red')])
    """
    return [(a.name, [(v.symbol, v.name) for v in a.values]) for a in deck.attributes]
