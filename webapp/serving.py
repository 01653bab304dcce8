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

A press is timed when its request reached the machine, never after it waited for a
worker: with keep-alive connections (as phones keep them) each phone's requests go to
one worker process, and a class pressing Done together queues there. On Linux the kernel
stamps every segment as it arrives (``SO_TIMESTAMP``, asked for on the listening socket
and inherited by each connection), and the waitress channel below reads that stamp with
the bytes; elsewhere the channel reads the clock as it reads the bytes, in the process's
I/O thread, before the request is queued for a worker thread. The request carries the
moment its last byte came (a request sent in pieces is timed when complete, so holding
back a Done's answer gains nothing) to :func:`webapp.db.arrived` in the WSGI environ.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import logging
import os
import signal
import socket
import struct
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

import click
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer, create_server
from waitress.task import WSGITask
from waitress.utilities import RequestEntityTooLarge

from webapp import clock
from webapp.db import ARRIVED
from webapp.settings import flag

if TYPE_CHECKING:
    from flask import Flask

CONNECTIONS = 1000  # open connections a process holds: a class's phones keep theirs alive
PORT_WAIT = 6.0
"""Seconds ``listen`` waits for a port in use: the workers of a server that has just
crashed let it go as they stop (a request in hand is given up to 5 s)."""

KERNEL_STAMPS = sys.platform.startswith("linux") and hasattr(socket.socket, "recvmsg")
SO_TIMESTAMP = 29
"""Linux's ``SO_TIMESTAMP`` (``SO_TIMESTAMP_OLD``; Python's socket module lacks the name):
each received segment carries a ``struct timeval`` of the moment it reached the machine."""
_TIMEVAL = struct.Struct("@ll")  # tv_sec, tv_usec
_ANCILLARY = socket.CMSG_SPACE(_TIMEVAL.size) if KERNEL_STAMPS else 0
_DISCONNECTED = frozenset(
    {errno.ECONNRESET, errno.ENOTCONN, errno.ESHUTDOWN, errno.ECONNABORTED, errno.EPIPE,
     errno.EBADF}
)  # fmt: skip
PR_SET_PDEATHSIG = 1  # linux/prctl.h


def default_workers() -> int:
    """One worker more than the CPUs (one waits on the database while others compute),
    at most eight."""
    return min(8, (os.cpu_count() or 1) + 1)


def listen(host: str, port: int, wait: float = PORT_WAIT) -> socket.socket:
    """The listening socket, or a plain sentence when the port cannot be had. A port in
    use is tried again for ``wait`` seconds: a server restarted at once after a crash
    finds it held until the old workers have stopped."""
    deadline = time.monotonic() + wait
    while True:
        try:
            listener = _bound(host, port)
        except OSError as error:
            if error.errno == errno.EADDRINUSE and time.monotonic() < deadline:
                time.sleep(0.1)
                continue
            why = (
                "it is in use (is Printables already running?)"
                if error.errno == errno.EADDRINUSE
                else error.strerror
            )
            raise click.ClickException(
                f"cannot listen on port {port}: {why}; choose another with --port"
            ) from None
        listener.set_inheritable(True)
        return listener


def _bound(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port``, whose connections' segments carry the
    kernel's time of arrival where the kernel can (Linux)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM)
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if KERNEL_STAMPS:
            with contextlib.suppress(OSError):  # refused: the I/O thread's clock stamps
                listener.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMP, 1)
        listener.bind((host, port))
        listener.listen(2048)
    except OSError:
        listener.close()
        raise
    return listener


def serve_forever(app: Flask, listener: socket.socket, workers: int, threads: int) -> None:
    """Answer on ``listener`` until stopped: ``workers`` processes of ``threads`` threads
    (one process where processes cannot be forked or gunicorn is missing)."""
    app.extensions["printables_db"].dispose()  # no connection is shared with a worker
    if workers > 1 and os.name == "posix" and _has_gunicorn():
        _run_workers(app, listener, workers, threads)
    else:
        waitress_server(app, [listener], threads).run()


def waitress_server(app: Flask, sockets: list[socket.socket], threads: int) -> Any:
    """A waitress server for ``app`` on sockets already listening, whose requests carry
    the time they arrived (:class:`StampingChannel`)."""
    # "Task queue depth is 2" each time requests wait their turn: a class's normal load
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    dispatchers: dict[int, Any] = {}
    server = create_server(
        app,
        map=dispatchers,
        sockets=sockets,
        threads=threads,
        connection_limit=CONNECTIONS,
        ident="Printables",
        max_request_body_size=body_most(app),  # refused unread
        # Behind a proxy the app reads its X-Forwarded-* headers (webapp/security.py):
        # waitress must pass them on, not drop them as from a proxy it was not told of
        # (every phone would seem to come from the proxy's address).
        clear_untrusted_proxy_headers=not flag(app.config.get("BEHIND_PROXY")),
    )
    limits = {"form_most": int(app.config["MAX_CONTENT_LENGTH"]), "upload_paths": UPLOAD_PATHS}
    channel = type("AppChannel", (StampingChannel,), limits)
    for dispatcher in dispatchers.values():  # one listening server a socket
        if isinstance(dispatcher, TcpWSGIServer):
            dispatcher.channel_class = channel
    return server


UPLOAD_PATHS = frozenset({"/grade"})
"""Where a request body may be larger than a form's (``MAX_CONTENT_LENGTH``): the upload
of scans to grade. Anywhere else a larger body is refused from its headers, unread, so no
one fills the server's disk by posting 250 MB to the login page."""


def body_most(app: Flask) -> int:
    """The largest request body waitress reads for the app: its largest form, an upload of
    scans to grade (webapp/grading/), with a quarter more, so that an upload somewhat over
    the limit reaches the app and gets its page saying so; beyond that (and for every
    other form, beyond MAX_CONTENT_LENGTH) the app refuses the body itself."""
    from webapp.grading.views import upload_most

    with app.app_context():
        most = upload_most()
    return max(int(app.config["MAX_CONTENT_LENGTH"]), most + most // 4)


class StampedTask(WSGITask):  # type: ignore[misc]
    """A request answered by the app, its arrival in the environ under ``ARRIVED``."""

    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        arrived = getattr(self.request, "arrived", None)
        if arrived is not None:  # this host's clock, told in the database's (webapp.clock)
            environ[ARRIVED] = arrived + clock.offset()
        return environ


class StampedRequest(HTTPRequestParser):  # type: ignore[misc]
    """A request being read, noting when its last byte reached the machine: the stamp of
    the bytes that completed it, read before it is queued for a worker thread."""

    arrived: float | None = None

    def __init__(self, adj: Any, channel: StampingChannel) -> None:
        super().__init__(adj)
        self.channel: StampingChannel | None = channel

    def received(self, data: bytes) -> int:
        consumed: int = super().received(data)
        if self.channel is not None and not self.completed and self.headers_finished:
            self._refuse_large_form(self.channel)
        if self.completed and self.arrived is None and self.channel is not None:
            self.arrived = self.channel.read_at
        return consumed

    def _refuse_large_form(self, channel: StampingChannel) -> None:
        """A body larger than a form's, announced or (chunked) sent so far, to any address
        but an upload's: refused now (413), the rest never read."""
        if self.path in channel.upload_paths:
            return
        size = self.body_bytes_received if self.chunked else self.content_length
        if size > channel.form_most:
            self.error = RequestEntityTooLarge(f"exceeds {channel.form_most} bytes")
            self.completed = True

    def close(self) -> None:
        self.channel = None  # the channel holds its requests: no cycle left behind
        super().close()


class StampingChannel(HTTPChannel):  # type: ignore[misc]
    """A waitress connection that notes when each read's bytes arrived (the kernel's
    stamp on Linux, the clock at the read elsewhere), in the I/O thread."""

    task_class = StampedTask
    read_at = 0.0  # when the bytes of the last read reached the machine
    form_most = 64 * 1024  # the app's MAX_CONTENT_LENGTH (set by waitress_server)
    upload_paths: frozenset[str] = frozenset()  # where a larger body may go

    def parser_class(self, adj: Any) -> StampedRequest:
        """A new request on this connection (waitress calls ``parser_class(adj)``)."""
        return StampedRequest(adj, self)

    def recv(self, buffer_size: int) -> bytes:
        """Up to ``buffer_size`` bytes, and when they came; b"" once the client left."""
        if not KERNEL_STAMPS:
            self.read_at = time.time()
            data: bytes = super().recv(buffer_size)
            return data
        try:
            data, ancillary, _flags, _address = self.socket.recvmsg(buffer_size, _ANCILLARY)
        except OSError as error:
            if error.errno not in _DISCONNECTED:
                raise
            data = b""
        if not data:
            self.handle_close()
            return b""
        self.read_at = arrival(ancillary)
        return data


def arrival(ancillary: list[tuple[int, int, bytes]]) -> float:
    """When the bytes of a ``recvmsg`` reached the machine: the kernel's stamp of the last
    segment read (``SO_TIMESTAMP``), or the clock now when there is none. Never later
    than now (a clock set back meanwhile)."""
    read = time.time()
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMP and len(data) >= _TIMEVAL.size:
            seconds, microseconds = _TIMEVAL.unpack_from(data)
            stamp = int(seconds) + int(microseconds) / 1e6
            return min(read, stamp)
    return read


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
        ppid: int  # the arbiter's process id

        def init_process(self) -> None:
            die_with_parent(self.ppid)
            super().init_process()

        def run(self) -> None:
            server = waitress_server(app, [s.sock for s in self.sockets], threads)
            threading.Thread(target=self._heartbeat, daemon=True).start()
            server.run()  # until SIGTERM, SIGINT or SIGQUIT raise SystemExit in it

        def _heartbeat(self) -> None:
            """Tell the arbiter this worker lives; stop when the arbiter is gone (where
            the kernel does not say so at once, :func:`die_with_parent`)."""
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
                # gunicorn 25.1+ listens on a control socket, one path in the home folder
                # for every server: not wanted, and two servers would fight over it
                "control_socket_disable": True,
            }
            for key, value in settings.items():
                if key in self.cfg.settings:
                    self.cfg.set(key, value)

        def load(self) -> Flask:
            return app

    Served().run()


def die_with_parent(parent: int) -> None:
    """Have this forked worker stopped (SIGTERM) the moment its parent dies (Linux's
    ``PR_SET_PDEATHSIG``), so an arbiter killed outright leaves no worker holding the
    port; stop now if the parent is gone already. Elsewhere the heartbeat notices within
    a second."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    if os.getppid() != parent:
        sys.exit(0)
