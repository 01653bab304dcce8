"""The web app served for real: gunicorn worker processes on a free port and an SQLite
file, started (and restarted) in a subprocess of its own, for end-to-end tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import IO

PROJECT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def free_port() -> int:
    """A port no one listens on now (the kernel's pick), for one server."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _no_control_socket() -> list[str]:
    """Gunicorn 25.1 and later listen on a control socket, by default one path in the home
    folder for every server: parallel test servers would fight over it."""
    major, minor = (int(part) for part in version("gunicorn").split(".")[:2])
    return ["--no-control-socket"] if (major, minor) >= (25, 1) else []


def wait_for_answer(
    process: subprocess.Popen[bytes], url: str, timeout: float, what: str, log: Callable[[], str]
) -> None:
    """Return once ``url`` answers 200; raise RuntimeError (with ``log()``) when ``process``
    exits first or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited: {log()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not answer within {timeout} s: {log()}")


class LiveServer:
    """``gunicorn -w WORKERS 'webapp:create_app()'`` on 127.0.0.1, its data in ``folder``;
    or, with ``serve``, ``printables serve --workers WORKERS`` as docs/deploy.md runs it.

    The environment names the database, the secret key and the public base URL, so a
    restart finds the same data and keeps everyone's cookies valid.
    """

    def __init__(
        self, folder: Path, workers: int = 2, secret_key: str = "e2e-secret", serve: bool = False
    ) -> None:
        self.folder = folder
        self.workers = workers
        self.serve = serve
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / "gunicorn.log"
        self.env = {
            **os.environ,
            "PRINTABLES_DATABASE_URL": f"sqlite:///{folder / 'e2e.sqlite3'}",
            "PRINTABLES_SECRET_KEY": secret_key,
            "PRINTABLES_BASE_URL": self.url,
        }
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None

    def command(self) -> list[str]:
        """The server's command line."""
        if self.serve:
            return [str(BIN / "printables"), "serve", "--host", "127.0.0.1", "--port",
                    str(self.port), "--workers", str(self.workers)]  # fmt: skip
        address, workers = f"127.0.0.1:{self.port}", str(self.workers)
        return [str(BIN / "gunicorn"), "-w", workers, "-b", address, "--graceful-timeout", "2",
                *_no_control_socket(), "webapp:create_app()"]  # fmt: skip

    def start(self, timeout: float = 30.0) -> None:
        """Start the server and wait until it answers."""
        self._log = self.log_path.open("ab")
        self._process = subprocess.Popen(
            self.command(),
            env=self.env,
            cwd=PROJECT,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stop() ends the workers too
        )
        try:
            wait_for_answer(self._process, self.url + "/login", timeout, "the server", self.log)
        except RuntimeError:
            self.stop()
            raise

    @property
    def pid(self) -> int | None:
        """The gunicorn arbiter's process id while it runs (its workers are its children)."""
        return self._process.pid if self._process is not None else None

    def stop(self) -> None:
        """Kill gunicorn's process group (the arbiter and its workers) and wait for it."""
        process, self._process = self._process, None
        if process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        if self._log is not None:
            self._log.close()
            self._log = None

    def restart(self) -> None:
        """Kill the server (as a power cut would) and start it again on the same port."""
        self.stop()
        self.start()

    def log(self) -> str:
        """What gunicorn has written so far (for failure messages)."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
