"""Printables' web app for teachers (Flask).

For now it shows each deck's cards on screen (for a projector), serves the printable
PDFs, and checks written Matrix answers (``/check/<puzzle-id>``, where the worksheets'
QR codes point); timers and MAT sessions come next.

    flask --app webapp run
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask import Flask


def template_folder() -> str:
    """The templates: inside the installed package, or the project's ``templates/``."""
    installed = Path(__file__).parent / "templates"
    return str(installed if installed.is_dir() else Path(__file__).parent.parent / "templates")


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application, configured for tests when ``test_config`` is given."""
    app = Flask(__name__, template_folder=template_folder())
    if test_config:
        app.config.update(test_config)
    from webapp import checking, decks

    app.register_blueprint(decks.bp)
    app.register_blueprint(checking.bp)
    return app
