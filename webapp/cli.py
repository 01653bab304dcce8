"""Commands: ``printables serve`` starts the web app; ``printables teacher`` manages
teacher accounts. The same ``teacher`` group is ``flask --app webapp teacher`` (through
Flask's ``flask.commands`` entry point: the app never imports this module, which imports it).

They reach the ``printables`` command through the ``printables.commands`` entry points
(pyproject.toml), so the printing layer never imports the web app. The app (Flask,
SQLAlchemy) loads only when a command runs: ``printables --help`` lists these without it.
"""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext

import click

from generator.network import PORT


@click.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=PORT, show_default=True, type=click.IntRange(1, 65535),
              help="Port to listen on (worksheets' QR codes assume this one; with another, "
              "print them with --base-url).")  # fmt: skip
@click.option(
    "--workers",
    default=None,
    type=click.IntRange(1, 64),
    help="Worker processes. Default: one more than the CPUs, at most 8; 1: one process.",
)
@click.option(
    "--threads",
    default=None,
    type=click.IntRange(1, 256),
    help="Threads a worker. Default: 1 with several workers, 8 in one process.",
)
@click.option("--check-config", is_flag=True,
              help="Say what is wrong with the settings (config file, environment, the "
              "database and its clock) and exit: 1 for a problem. Changes nothing.")  # fmt: skip
def serve(
    host: str, port: int, workers: int | None, threads: int | None, check_config: bool
) -> None:
    """Start the teachers' web app (timers, MAT sessions, answer checking).

    Data is kept in an SQLite file in the app's instance folder, or in the database
    PRINTABLES_DATABASE_URL names. Settings come from the environment (PRINTABLES_...)
    and the TOML file PRINTABLES_CONFIG names (docs/deploy.md).

    On Linux and macOS the app runs in several worker processes, so that a class pressing
    Done together has every core (webapp/serving.py says why); on Windows in one.
    """

    if check_config:
        from webapp.config_check import check

        findings = check()
        for finding in findings:
            click.echo(str(finding))
        raise SystemExit(1 if any(f.level == "problem" for f in findings) else 0)

    from generator.network import lan_address
    from webapp import create_app
    from webapp.accounts.store import teacher_count
    from webapp.db import read
    from webapp.serving import default_workers, listen, serve_forever

    app = create_app()
    with app.app_context(), read() as db:
        first_run = teacher_count(db) == 0
    listener = listen(host, port)  # a port in use is said plainly, before "running"
    local = f"http://localhost:{port}"
    click.echo(f"Printables is running. On this computer open {local}")
    lan = lan_address()
    if host in {"0.0.0.0", "::"} and lan:
        click.echo(
            f"Phones and other computers on the same network: http://{lan}:{port} "
            "(the Wi-Fi must let devices reach each other)"
        )
    elif host not in {"0.0.0.0", "::"}:
        click.echo(f"Listening on {host} only; use --host 0.0.0.0 to let phones join.")
    if first_run:
        click.echo(f"First run: make your teacher account at {local}/setup")
    click.echo("Data: " + app.extensions["printables_db"].url.render_as_string(hide_password=True))
    click.echo("Press Ctrl+C to stop.")
    count = workers if workers is not None else default_workers()
    serve_forever(app, listener, count, threads or (1 if count > 1 else 8))


@click.group()
def teacher() -> None:
    """Teacher accounts: add one, change a password, list them."""


def _app_context() -> AbstractContextManager[object]:
    """The running app's context under ``flask``; a new app's under ``printables``."""
    from flask import has_app_context

    if has_app_context():
        return nullcontext()
    from webapp import create_app

    return create_app().app_context()


@teacher.command("add")
@click.argument("username")
@click.password_option(help="The password (asked for when not given).")
def add(username: str, password: str) -> None:
    """Add a teacher account called USERNAME."""
    from webapp.accounts.store import AccountError, create_teacher
    from webapp.db import write

    with _app_context():
        try:
            with write() as db:
                create_teacher(db, username, password)
        except AccountError as error:
            raise click.ClickException(str(error)) from None
    click.echo(f"Added teacher {username.strip().casefold()}.")


@teacher.command("password")
@click.argument("username")
@click.password_option(help="The new password (asked for when not given).")
def password(username: str, password: str) -> None:
    """Set a new password for USERNAME."""
    from webapp.accounts.store import AccountError, set_password
    from webapp.db import write

    with _app_context():
        try:
            with write() as db:
                set_password(db, username, password)
        except AccountError as error:
            raise click.ClickException(str(error)) from None
    click.echo(f"Changed the password of {username.strip().casefold()}.")


@teacher.command("list")
def list_teachers() -> None:
    """List the teacher accounts."""
    from webapp.accounts.store import teacher_names
    from webapp.db import read

    with _app_context(), read() as db:
        for name in teacher_names(db):
            click.echo(name)


@teacher.command("restore")
@click.argument("username")
@click.option("--from", "backup_url", required=True, metavar="BACKUP_URL",
              help="The backup's database (a pg_dump restored into a scratch database, or "
              "a copy of the SQLite file), as an SQLAlchemy URL.")  # fmt: skip
def restore_teacher(username: str, backup_url: str) -> None:
    """Bring back USERNAME's sessions, timers and scan uploads that this database no
    longer has, from a backup; everyone else's data stays as it is now (docs/deploy.md)."""
    from sqlalchemy.exc import SQLAlchemyError

    from webapp.db import make_engine, read, write
    from webapp.restore import RestoreError, restore, summary

    with _app_context():
        try:
            backup = make_engine(backup_url)
        except (SQLAlchemyError, ImportError, ValueError) as error:
            raise click.ClickException(f"--from is not a database URL: {error}") from None
        try:
            with read(backup) as old, write() as db:
                done = restore(old, db, username)
        except RestoreError as error:
            raise click.ClickException(str(error)) from None
        except SQLAlchemyError as error:
            reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
            raise click.ClickException(f"the backup could not be read: {reason}") from None
        finally:
            backup.dispose()
    for note in done.notes:
        click.echo(f"Note: {note}.")
    click.echo(summary(done) + ".")
