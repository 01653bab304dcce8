"""Printables' web app for teachers (Flask): projector timers, MAT sessions with scoring,
answer checking, scanned answer sheets graded, and each deck's cards on screen.

    printables serve                 # or: flask --app webapp run

State lives in a database, never only in a worker's memory: an SQLite file in the
instance folder unless ``PRINTABLES_DATABASE_URL`` (or the ``DATABASE_URL`` setting)
names another, such as ``postgresql+psycopg://user@host/printables``. The schema is
created or upgraded on start.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def template_folder() -> str:
    """The templates: inside the installed package, or the project's ``templates/``."""
    installed = Path(__file__).parent / "templates"
    return str(installed if installed.is_dir() else Path(__file__).parent.parent / "templates")


def database_url(app: Flask) -> str:
    """The configured database, or the SQLite file in the instance folder."""
    url = app.config.get("DATABASE_URL")
    if url:
        return str(url)
    return f"sqlite:///{Path(app.instance_path) / 'printables.sqlite3'}"


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application; ``test_config`` overrides settings (tests pass a database URL).

    Settings also come from a config file (``PRINTABLES_CONFIG``) and the environment
    with the ``PRINTABLES_`` prefix: ``PRINTABLES_DATABASE_URL``, ``PRINTABLES_SECRET_KEY``,
    ``PRINTABLES_BASE_URL`` (:mod:`webapp.settings`).
    """
    from flask import Flask

    from webapp import settings

    app = Flask(__name__, template_folder=template_folder(), instance_relative_config=True,
                instance_path=settings.instance_path())  # fmt: skip
    settings.load(app, test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    from webapp import clock, db, outage, schema, security

    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = security.secret_key(Path(app.instance_path))
    engine = db.make_engine(database_url(app))
    schema.upgrade(engine)
    app.extensions["printables_db"] = engine
    clock.follow(engine)
    app.before_request(lambda: clock.follow(engine))
    app.wsgi_app = db.stamp_arrival(app.wsgi_app)  # type: ignore[method-assign,assignment]
    security.init(app)
    outage.init(app)
    app.url_map.converters["int"] = db.IdConverter

    from printables.cards.wording import sentence, spoken
    from webapp.accounts import views as accounts
    from webapp.analysis import views as analysis
    from webapp.checking import views as checking
    from webapp.decks import views as decks
    from webapp.decks.figures import card_figure
    from webapp.grading import views as grading
    from webapp.home import views as home
    from webapp.mat import play
    from webapp.mat import views as mat
    from webapp.practice import views as practice
    from webapp.printing import views as printing
    from webapp.timers import views as timers

    features = (
        accounts,
        analysis,
        checking,
        decks,
        grading,
        home,
        mat,
        play,
        practice,
        printing,
        timers,
    )
    for feature in features:
        app.register_blueprint(feature.bp)
    app.jinja_env.filters["spoken"] = spoken
    app.jinja_env.globals["card_figure"] = card_figure
    app.jinja_env.filters["sentence"] = sentence
    return app
