"""``printables serve``, run for real: what it prints, and that it serves the app."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from live_server import free_port

BIN = Path(sys.executable).parent


def test_serve_prints_the_addresses_and_serves_the_first_run_page(tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "PRINTABLES_DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
        "PRINTABLES_SECRET_KEY": "serve-test",
    }
    env.pop("PRINTABLES_BASE_URL", None)
    process = subprocess.Popen(
        [str(BIN / "printables"), "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/login") as page:
                    body = page.read().decode()
                    final_url = page.geturl()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.2)
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
