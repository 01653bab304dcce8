"""``printables serve``, run for real: what it prints, and that it serves the app."""

from __future__ import annotations

import fcntl
import json
import math
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

import pytest
from flask import Flask
from flask.testing import FlaskClient
from live_server import free_port
from mat_helpers import SOLUTION, join, new_session

from webapp import clock, create_app, serving
from webapp.serving import listen, waitress_server

BIN = Path(sys.executable).parent
WORKERS = min(8, (os.cpu_count() or 1) + 1)  # the default: one more than the CPUs
# The arbiter gives its workers 10 s (gunicorn's graceful_timeout) to finish, then kills
# them: a stop is bounded by that. Alone it takes under a second; on a machine running the
# whole suite on every core, a worker's exit has taken 7 s, so wait well past the bound.
STOP_WITHIN = 30


def start_serving(tmp_path: Path, port: int | None = None) -> tuple[int, subprocess.Popen[bytes]]:
    """``printables serve`` on ``port`` (or a free port), once it answers. A free port is
    free when picked, but any program may take it before the server listens (another
    test's connection does, now and then): the server then says so and stops, and another
    port is tried."""
    env = {
        **os.environ,
        "PRINTABLES_DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
        "PRINTABLES_SECRET_KEY": "serve-test",
    }
    env.pop("PRINTABLES_BASE_URL", None)
    for _ in range(1 if port else 5):
        chosen = port or free_port()
        process = subprocess.Popen(
            [str(BIN / "printables"), "serve", "--port", str(chosen)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while process.poll() is None:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{chosen}/", timeout=5).close()
                return chosen, process
            except OSError:
                if time.monotonic() > deadline:
                    os.killpg(process.pid, signal.SIGTERM)
                    raise
                time.sleep(0.2)
        output = process.communicate(timeout=STOP_WITHIN)[0].decode()
        assert "is in use" in output, output
    raise AssertionError(f"port {port} could not be served" if port else
                         "no free port could be served in five tries")  # fmt: skip


def stop_serving(process: subprocess.Popen[bytes], how: int = signal.SIGTERM) -> str:
    """Signal the server's whole process group as a terminal would, wait for it to stop,
    and give back what it printed."""
    os.killpg(process.pid, how)
    return process.communicate(timeout=STOP_WITHIN)[0].decode()


@pytest.fixture(scope="module")
def served_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int]]:
    """One ``printables serve`` (its port and process id) for the tests that only send it
    requests and stop nothing: starting one takes seconds."""
    port, process = start_serving(tmp_path_factory.mktemp("serving"))
    try:
        yield port, process.pid
    finally:
        stop_serving(process)


def test_serve_prints_the_addresses_and_serves_the_first_run_page(tmp_path: Path) -> None:
    port, process = start_serving(tmp_path)
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=60) as page:
            body = page.read().decode()
            final_url = page.geturl()
    finally:
        output = stop_serving(process)
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


def test_the_served_app_refuses_a_huge_body_without_reading_it(
    served_app: tuple[int, int],
) -> None:
    """``printables serve`` answers 413 from the headers alone: the 300 MB announced are
    never sent, and the answer still comes."""
    port, _pid = served_app
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(
            b"POST /join HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: 300000000\r\n\r\nname=Kim"
        )
        answer = connection.recv(4096).decode("latin-1")
    assert answer.startswith("HTTP/1.1 413"), answer[:200]


def test_serve_runs_a_process_for_each_core(served_app: tuple[int, int]) -> None:
    """A class pressing Done together needs every core: ``printables serve`` forks one
    worker process more than the CPUs (at most eight), each answering requests."""
    port, pid = served_app
    children = _workers(pid)
    assert len(children) == WORKERS, children
    for _ in range(6):  # each worker answers (requests are shared among them)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=10) as page:
            assert page.status == 200


def test_requests_sent_halfway_hold_no_worker(served_app: tuple[int, int]) -> None:
    """A pupil's script that opens more connections than there are workers and sends half
    a request on each (a slow phone does it by accident) leaves every worker free: the
    server reads a request in full before a worker sees it."""
    port, _pid = served_app
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
        stop_serving(process)


def test_ctrl_c_stops_every_worker(tmp_path: Path) -> None:
    """Ctrl+C (SIGINT to the whole terminal's group) stops the server and its workers
    promptly, with no traceback."""
    _port, process = start_serving(tmp_path)
    workers = _workers(process.pid)
    output = stop_serving(process, signal.SIGINT)  # stderr is merged into it
    assert "Traceback" not in output, output[-2000:]
    for worker in workers:
        assert not Path(f"/proc/{worker}").exists() or _is_zombie(worker), worker


def test_a_restart_right_after_a_crash_gets_the_port(tmp_path: Path) -> None:
    """The server killed outright (SIGKILL: out of memory, a closed laptop's terminal) and
    started again at once on the same port: it comes up and answers, though the old
    workers held the port when it was killed (they stop with their parent, and the new
    server waits a moment for the port)."""
    port, process = start_serving(tmp_path)
    workers = _workers(process.pid)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(timeout=10)
    again = None
    try:
        _port, again = start_serving(tmp_path, port)
        assert len(_workers(again.pid)) == WORKERS  # the new server runs, with its workers
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/login", timeout=10) as page:
            assert page.status == 200
        assert again.poll() is None
        for worker in workers:  # none of the old workers is left running
            assert not Path(f"/proc/{worker}").exists() or _is_zombie(worker), worker
    finally:
        for worker in workers:
            if Path(f"/proc/{worker}").exists():
                os.kill(int(worker), signal.SIGKILL)
        if again is not None:
            stop_serving(again)


# --- a press is timed when it reaches the machine -----------------------------------------


@contextmanager
def served(app: Flask) -> Iterator[int]:
    """``app`` under ``printables serve``'s waitress server (one thread, so requests queue
    for it) on 127.0.0.1; yields the port."""
    listener = listen("127.0.0.1", 0)
    server = waitress_server(app, [listener], threads=1)
    running = threading.Thread(target=server.run, daemon=True)
    running.start()
    try:
        yield int(listener.getsockname()[1])
    finally:
        try:
            server.trigger.pull_trigger(server.close)  # closed by its own I/O thread
        except OSError:  # its wake-up pipe already closed (seen once: EBADF): close here
            server.close()
        running.join(timeout=10)


def press_request(app: Flask, student: FlaskClient, port: int, code: str) -> bytes:
    """The bytes of a phone's Done (a right answer) with the student's cookie."""
    name = app.config["SESSION_COOKIE_NAME"]
    cookie = student.get_cookie(name)
    assert cookie is not None
    body = urlencode({"round": "0", "claim": "done", "answer": SOLUTION}).encode()
    head = (
        f"POST /play/{code}/hand HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Cookie: {name}={cookie.value}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


def recorded(teacher: FlaskClient, session_id: int) -> tuple[float, dict[str, int]]:
    """The set's start on the server's clock, and each recorded hand's seconds."""
    state = json.loads(teacher.get(f"/sessions/{session_id}/state").get_data(as_text=True))
    hands = {str(h["nickname"]): int(h["seconds"]) for h in state["hands"]}
    return float(state["round"]["started_at"]), hands


def answered(connection: socket.socket) -> str:
    """The status line of the response on ``connection``."""
    return connection.recv(4096).decode("latin-1").split("\r\n", 1)[0]


@pytest.mark.parametrize("kernel_stamps", [True, False], ids=["kernel", "io-thread"])
def test_a_press_queued_behind_another_is_timed_when_it_reached_the_machine(
    app: Flask,
    teacher: FlaskClient,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    kernel_stamps: bool,
) -> None:
    """Two phones press Done while the server's only worker thread is busy (Bo's press
    waits 2 s for the database, held by a queue of writers): Ann's press waits its turn
    in the server's queue, and is still timed when its bytes arrived, not 2 s later; by
    the kernel's stamp (Linux) or by the I/O thread's clock (elsewhere)."""
    if kernel_stamps and not serving.KERNEL_STAMPS:
        pytest.skip("the kernel's arrival stamps are read on Linux only")
    monkeypatch.setattr(serving, "KERNEL_STAMPS", kernel_stamps)
    session_id, code = new_session(teacher)
    ann, bo = join(app, code, "Ann"), join(app, code, "Bo")
    assert teacher.post(f"/sessions/{session_id}/rounds", data={"round": "0"}).status_code == 303
    with served(app) as port, open(tmp_path / "test.sqlite3.writers", "a") as writers:
        fcntl.flock(writers, fcntl.LOCK_EX)  # the database's writers wait for this test
        first = socket.create_connection(("127.0.0.1", port), timeout=30)
        second = socket.create_connection(("127.0.0.1", port), timeout=30)
        first.sendall(press_request(app, bo, port, code))
        time.sleep(0.5)  # Bo's press holds the worker thread, waiting for the lock
        sent = time.time()
        second.sendall(press_request(app, ann, port, code))
        delivered = time.time()
        time.sleep(2.0)
        fcntl.flock(writers, fcntl.LOCK_UN)
        assert answered(first).startswith("HTTP/1.1 303")
        assert answered(second).startswith("HTTP/1.1 303")
        first.close()
        second.close()
    started, hands = recorded(teacher, session_id)
    assert math.floor(sent - started) <= hands["Ann"] <= math.floor(delivered - started)
    assert hands["Bo"] <= hands["Ann"]


def test_a_press_sent_in_pieces_is_timed_when_complete(app: Flask, teacher: FlaskClient) -> None:
    """A pupil's script that sends a Done's headers early and its answer later gains
    nothing: the press is timed when its last byte arrived."""
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    assert teacher.post(f"/sessions/{session_id}/rounds", data={"round": "0"}).status_code == 303
    with served(app) as port:
        request = press_request(app, ann, port, code)
        connection = socket.create_connection(("127.0.0.1", port), timeout=30)
        connection.sendall(request[:-20])
        time.sleep(1.5)
        sent = time.time()
        connection.sendall(request[-20:])
        delivered = time.time()
        assert answered(connection).startswith("HTTP/1.1 303")
        connection.close()
    started, hands = recorded(teacher, session_id)
    assert math.floor(sent - started) <= hands["Ann"] <= math.floor(delivered - started)


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


def test_a_press_is_timed_in_the_databases_clock_whatever_this_hosts_says(
    app: Flask, teacher: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """This host's clock 7 s ahead of the database's (webapp/clock.py measured it): the
    set's start and a press's kernel arrival stamp are both told in the database's clock,
    so the press is timed as on any other server, not 7 s late."""
    monkeypatch.setattr(clock, "_offset", -7.0)
    session_id, code = new_session(teacher)
    ann = join(app, code, "Ann")
    assert teacher.post(f"/sessions/{session_id}/rounds", data={"round": "0"}).status_code == 303
    with served(app) as port:
        connection = socket.create_connection(("127.0.0.1", port), timeout=30)
        sent = time.time() - 7.0
        connection.sendall(press_request(app, ann, port, code))
        assert answered(connection).startswith("HTTP/1.1 303")
        delivered = time.time() - 7.0
        connection.close()
    started, hands = recorded(teacher, session_id)
    assert abs(started - (time.time() - 7.0)) < 5.0  # the start: the database's time
    assert math.floor(sent - started) <= hands["Ann"] <= math.floor(delivered - started)


def test_only_the_scans_upload_may_send_more_than_a_form(app: Flask, teacher: FlaskClient) -> None:
    """waitress reads bodies up to an upload of scans (200 MB and a quarter) for
    ``/grade``; to any other address, a body larger than a form's is refused from its
    headers (413), whether announced or sent in chunks, and never read to disk."""
    with served(app) as port:
        for head in (b"Content-Length: 1000000\r\n\r\n", b"Transfer-Encoding: chunked\r\n\r\n"):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
                connection.sendall(
                    b"POST /login HTTP/1.1\r\nHost: localhost\r\n"
                    b"Content-Type: application/x-www-form-urlencoded\r\n" + head
                )
                if b"chunked" in head:
                    piece = b"x" * 70_000
                    connection.sendall(f"{len(piece):x}\r\n".encode() + piece + b"\r\n")
                assert answered(connection).startswith("HTTP/1.1 413"), head
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            connection.sendall(b"POST /grade HTTP/1.1\r\nHost: localhost\r\n"
                               b"Content-Type: multipart/form-data; boundary=x\r\n"
                               b"Content-Length: 1000000\r\n\r\n")  # fmt: skip
            connection.settimeout(1.0)
            with pytest.raises(TimeoutError):  # waiting for the upload's bytes: no refusal
                connection.recv(4096)


@pytest.mark.parametrize("behind_proxy", [True, False], ids=["behind-proxy", "direct"])
def test_behind_a_proxy_the_served_app_sees_each_phones_address(
    tmp_path: Path, behind_proxy: bool
) -> None:
    """Under ``printables serve`` behind HAProxy, the app reads the phone's address from
    X-Forwarded-For (rate limits are per address; the first-run page opens only on the
    server's own computer); waitress must not drop the header. Served directly, a
    client's X-Forwarded-For is ignored."""
    database = f"sqlite:///{tmp_path / 'proxy.sqlite3'}"
    proxied = create_app({"DATABASE_URL": database, "SECRET_KEY": "t",
                          "BEHIND_PROXY": "1" if behind_proxy else ""})  # fmt: skip
    with served(proxied) as port:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/setup",
                                         headers={"X-Forwarded-For": "203.0.113.9"})  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=10) as page:
                status = page.status
        except urllib.error.HTTPError as refused:
            status = refused.code
    assert status == (403 if behind_proxy else 200)
