"""How ``printables serve`` serves the app: a listening socket, then processes to answer.

A class pressing Done together needs every core. One process uses one core whatever its
threads, and the threads of one process slice each request's time among them: with 100
students on two cores, Done answered in 1.5 s at the 99th percentile in one process of 16
threads, and under 0.1 s in three processes of one thread (benchmarks/bench_webapp.py).

So on Linux and macOS gunicorn's arbiter forks the workers, restarts one that dies and
stops them all on Ctrl+C, and each worker is a waitress server on the shared socket.
Waitress reads every request in full before a thread sees it: a phone (or a pupil's
script) that sends half a request and stalls holds a connection, never a thread. (With
gunicorn's own threaded worker six such connections stopped every answer for 19 s.) On
Windows, or with ``--workers 1``, one waitress process serves alone.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
import threading
from errno import EADDRINUSE
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from flask import Flask

CONNECTIONS = 1000  # open connections a process holds: a class's phones keep theirs alive


def default_workers() -> int:
    """One worker more than the CPUs (one waits on the database while others compute),
    at most eight."""
    return min(8, (os.cpu_count() or 1) + 1)


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, or a plain sentence when the port cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind((host, port))
        listener.listen(2048)
    except OSError as error:
        listener.close()
        why = (
            "it is in use (is Printables already running?)"
            if error.errno == EADDRINUSE
            else error.strerror
        )
        raise click.ClickException(
            f"cannot listen on port {port}: {why}; choose another with --port"
        ) from None
    listener.set_inheritable(True)
    return listener


def serve_forever(app: Flask, listener: socket.socket, workers: int, threads: int) -> None:
    """Answer on ``listener`` until stopped: ``workers`` processes of ``threads`` threads
    (one process where processes cannot be forked or gunicorn is missing)."""
    app.extensions["printables_db"].dispose()  # no connection is shared with a worker
    if workers > 1 and os.name == "posix" and _has_gunicorn():
        _run_workers(app, listener, workers, threads)
    else:
        _waitress(app, [listener], threads).run()


def _waitress(app: Flask, sockets: list[socket.socket], threads: int) -> Any:
    """A waitress server for ``app`` on sockets already listening."""
    from waitress.server import create_server

    # "Task queue depth is 2" each time requests wait their turn: a class's normal load
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    return create_server(
        app,
        sockets=sockets,
        threads=threads,
        connection_limit=CONNECTIONS,
        ident="Printables",
        max_request_body_size=app.config["MAX_CONTENT_LENGTH"],  # refused unread
    )


def _has_gunicorn() -> bool:
    try:
        import gunicorn.app.base  # noqa: F401
    except ImportError:
        return False
    return True


def _run_workers(app: Flask, listener: socket.socket, workers: int, threads: int) -> None:
    """gunicorn's arbiter over ``workers`` forked waitress servers."""
    from gunicorn.app.base import BaseApplication
    from gunicorn.workers.base import Worker

    engine = app.extensions["printables_db"]

    class WaitressWorker(Worker):  # type: ignore[misc]
        """A gunicorn worker whose requests a waitress server reads and answers."""

        alive: bool  # set by gunicorn's Worker; False once the worker is to stop

        def run(self) -> None:
            server = _waitress(app, [s.sock for s in self.sockets], threads)
            threading.Thread(target=self._heartbeat, daemon=True).start()
            server.run()  # until SIGTERM, SIGINT or SIGQUIT raise SystemExit in it

        def _heartbeat(self) -> None:
            """Tell the arbiter this worker lives; stop when the arbiter is gone."""
            parent = os.getppid()
            while self.alive:
                self.notify()
                if os.getppid() != parent:
                    os.kill(os.getpid(), signal.SIGTERM)
                threading.Event().wait(1.0)

        def handle_exit(self, sig: int, frame: object) -> None:
            """SIGTERM: finish the requests in hand (waitress waits for them), then exit.
            A second signal (the arbiter's, after the terminal's) changes nothing."""
            if self.alive:
                self.alive = False
                sys.exit(0)

        handle_quit = handle_exit  # Ctrl+C (SIGINT) and SIGQUIT the same way

    class Served(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            settings = {
                "bind": [f"fd://{listener.fileno()}"],
                "workers": workers,
                "worker_class": WaitressWorker,
                "loglevel": "warning",
                "graceful_timeout": 10,
                "timeout": 60,
                "post_fork": lambda _server, _worker: engine.dispose(close=False),
            }
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Flask:
            return app

    Served().run()
