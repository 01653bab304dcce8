"""``printables serve``, run for real: what it prints, and that it serves the app."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from live_server import free_port

BIN = Path(sys.executable).parent
WORKERS = min(8, (os.cpu_count() or 1) + 1)  # the default: one more than the CPUs


def start_serving(tmp_path: Path) -> tuple[int, subprocess.Popen[bytes]]:
    """``printables serve`` on a free port, once it answers. The port is free when picked,
    but any program may take it before the server listens (another test's connection
    does, now and then): the server then says so and stops, and another port is tried."""
    env = {
        **os.environ,
        "PRINTABLES_DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
        "PRINTABLES_SECRET_KEY": "serve-test",
    }
    env.pop("PRINTABLES_BASE_URL", None)
    for _ in range(5):
        port = free_port()
        process = subprocess.Popen(
            [str(BIN / "printables"), "serve", "--port", str(port)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while process.poll() is None:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).close()
                return port, process
            except OSError:
                if time.monotonic() > deadline:
                    os.killpg(process.pid, signal.SIGTERM)
                    raise
                time.sleep(0.2)
        output = process.communicate(timeout=10)[0].decode()
        assert "is in use" in output, output
    raise AssertionError("no free port could be served in five tries")


def test_serve_prints_the_addresses_and_serves_the_first_run_page(tmp_path: Path) -> None:
    port, process = start_serving(tmp_path)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/login") as page:
            body = page.read().decode()
            final_url = page.geturl()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        output = process.communicate(timeout=10)[0].decode()
    # No teacher yet: the login page sends the (local) visitor to the first-run page.
    assert final_url.endswith("/setup")
    assert 'name="repeat"' in body
    assert f"On this computer open http://localhost:{port}" in output
    assert f"First run: make your teacher account at http://localhost:{port}/setup" in output
    assert "serve.sqlite3" in output
    lan = [line for line in output.splitlines() if line.startswith("Phones")]
    assert len(lan) <= 1
    if lan:
        assert f":{port}" in lan[0] and "same network" in lan[0]


def test_serve_says_what_was_wrong_with_a_bad_port() -> None:
    result = subprocess.run(
        [str(BIN / "printables"), "serve", "--port", "99999"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "99999" in result.stderr and "1<=x<=65535" in result.stderr.replace(" ", "")
    assert "Traceback" not in result.stderr


def test_serve_says_plainly_when_its_port_is_taken(tmp_path: Path) -> None:
    """A second ``printables serve`` on the same port (a teacher starting it twice) says
    so and stops, before claiming to run, without a traceback."""
    env = {**os.environ, "PRINTABLES_DATABASE_URL": f"sqlite:///{tmp_path / 'taken.sqlite3'}",
           "PRINTABLES_SECRET_KEY": "serve-test"}  # fmt: skip
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [str(BIN / "printables"), "serve", "--port", str(port)],
            capture_output=True, text=True, timeout=60, env=env,
        )  # fmt: skip
    assert result.returncode == 1
    assert f"cannot listen on port {port}: it is in use" in result.stderr
    assert "--port" in result.stderr
    assert "running" not in result.stdout and "Traceback" not in result.stderr


def test_the_served_app_refuses_a_huge_body_without_reading_it(tmp_path: Path) -> None:
    """``printables serve`` answers 413 from the headers alone: the 300 MB announced are
    never sent, and the answer still comes."""
    port, process = start_serving(tmp_path)
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(
                b"POST /join HTTP/1.1\r\nHost: localhost\r\n"
                b"Content-Type: application/x-www-form-urlencoded\r\n"
                b"Content-Length: 300000000\r\n\r\nname=Kim"
            )
            answer = connection.recv(4096).decode("latin-1")
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=10)
    assert answer.startswith("HTTP/1.1 413"), answer[:200]


def test_serve_runs_a_process_for_each_core(tmp_path: Path) -> None:
    """A class pressing Done together needs every core: ``printables serve`` forks one
    worker process more than the CPUs (at most eight), each answering requests."""
    port, process = start_serving(tmp_path)
    try:
        children = _workers(process.pid)
        assert len(children) == WORKERS, children
        for _ in range(6):  # each worker answers (requests are shared among them)
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=10) as page:
                assert page.status == 200
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=10)


def test_requests_sent_halfway_hold_no_worker(tmp_path: Path) -> None:
    """A pupil's script that opens more connections than there are workers and sends half
    a request on each (a slow phone does it by accident) leaves every worker free: the
    server reads a request in full before a worker sees it."""
    port, process = start_serving(tmp_path)
    stalled = []
    try:
        for _ in range(3 * WORKERS):
            connection = socket.create_connection(("127.0.0.1", port), timeout=10)
            connection.sendall(
                b"POST /join HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\nna"
            )
            stalled.append(connection)
        started = time.monotonic()
        for _ in range(6):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=10) as page:
                assert page.status == 200
        assert time.monotonic() - started < 5  # answered at once, not after a time-out
    finally:
        for connection in stalled:
            connection.close()
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=10)


def test_a_worker_that_dies_is_replaced(tmp_path: Path) -> None:
    """A worker killed (out of memory, say) is replaced, and the app goes on answering."""
    port, process = start_serving(tmp_path)
    try:
        before = _workers(process.pid)
        os.kill(int(before[0]), signal.SIGKILL)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            after = _children(process.pid)
            if len(after) == len(before) and before[0] not in after:
                break
            time.sleep(0.2)
        assert len(after) == len(before) and before[0] not in after, (before, after)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=10) as page:
            assert page.status == 200
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=10)


def test_ctrl_c_stops_every_worker(tmp_path: Path) -> None:
    """Ctrl+C (SIGINT to the whole terminal's group) stops the server and its workers
    promptly, with no traceback."""
    _port, process = start_serving(tmp_path)
    workers = _workers(process.pid)
    os.killpg(process.pid, signal.SIGINT)
    output = process.communicate(timeout=20)[0].decode()  # stderr is merged into it
    assert "Traceback" not in output, output[-2000:]
    for worker in workers:
        assert not Path(f"/proc/{worker}").exists() or _is_zombie(worker), worker


def _workers(pid: int) -> list[str]:
    """The server's worker processes, once all are forked (or as many as there are after
    20 s)."""
    deadline = time.monotonic() + 20
    while len(children := _children(pid)) < WORKERS and time.monotonic() < deadline:
        time.sleep(0.1)
    return children


def _children(pid: int) -> list[str]:
    return subprocess.run(
        ["pgrep", "-P", str(pid)], capture_output=True, text=True, check=False
    ).stdout.split()


def _is_zombie(pid: str) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except OSError:
        return True
