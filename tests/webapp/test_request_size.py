"""Request bodies over a small limit are refused with a 413 page before they are read,
by the app, whatever server runs it (``printables serve``'s own: tests/webapp/test_serve.py)."""

from __future__ import annotations

from typing import Any

from webapp.security import MAX_BODY


class CountingStream:
    """A request body that would be 50 MB, counting the bytes read of it."""

    SIZE = 50_000_000

    def __init__(self) -> None:
        self.taken = 0
        self.position = 0

    def read(self, size: int = -1) -> bytes:
        size = 1 << 16 if size < 0 else size
        self.taken += size
        return b"a" * size

    def readline(self, size: int = -1) -> bytes:
        return self.read(size)

    def tell(self) -> int:
        return self.position

    def seek(self, offset: int, whence: int = 0) -> int:
        """Moving costs nothing (the test client measures the body by seeking its end)."""
        self.position = self.SIZE + offset if whence == 2 else offset
        return self.position


def test_a_huge_form_is_refused_with_a_413_page_before_it_is_read(client: Any) -> None:
    body = CountingStream()
    response = client.post(
        "/join",
        input_stream=body,
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 413
    page = response.get_data(as_text=True)
    assert "Too much sent" in page and f"({MAX_BODY // 1024} KB)" in page
    assert "nothing was saved" in page
    assert body.taken == 0


def test_a_script_is_told_in_json(client: Any) -> None:
    response = client.post(
        "/join",
        data={"name": "x" * (MAX_BODY + 1)},
        headers={"X-Requested-With": "fetch"},
    )
    assert response.status_code == 413
    assert "more than this app takes" in response.get_json()["problem"]


def test_a_form_of_ordinary_size_is_read(client: Any) -> None:
    response = client.post("/join", data={"code": "ZZZZ", "nickname": "Kim" * 100})
    assert response.status_code != 413
    assert "Too much sent" not in response.get_data(as_text=True)
