"""The grading of an upload, run in the background: a thread of the serving process, so
no request waits for a class's pages to be read.

A run claims its upload in the database (:func:`webapp.grading.store.claim`), counts the
pages, then reads them one at a time from the stored files, writing after each page how
many are done, and beating a heartbeat every :data:`HEARTBEAT` seconds besides. When the
process dies mid-run, the heartbeat stops: the page's next poll finds the run stale and
starts another (:func:`start`), in whichever server answers it.
"""

from __future__ import annotations

import logging
import os
import tempfile
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING

from sqlalchemy import Engine

from webapp.db import now, read, write
from webapp.grading import store

if TYPE_CHECKING:
    from grading.scans import ScanPage, ScanProblem

HEARTBEAT = 10.0
"""Seconds between a run's signs of life while a page takes long (well under
:data:`webapp.grading.store.STALE_AFTER`)."""

log = logging.getLogger(__name__)


class Lost(Exception):
    """The run lost its claim: the upload was deleted, or another run took it over."""


def start(engine: Engine, upload_id: int) -> bool:
    """Start a run of the upload's grading in a thread if it waits for one or its run is
    stale; False when another run holds it (or it is graded)."""
    runner = store.new_runner()
    with write(engine) as db:
        claimed = store.claim(db, upload_id, runner, now())
    if claimed:
        threading.Thread(
            target=run, args=(engine, upload_id, runner), name=f"grade-{upload_id}", daemon=True
        ).start()
    return claimed


def run(engine: Engine, upload_id: int, runner: str) -> None:
    """Grade the upload as the run ``runner`` (which has claimed it), keeping the result
    and the pictures its reviews show. Any error ends the run as failed, saying so."""
    stop = threading.Event()
    lost = threading.Event()
    beating = threading.Thread(
        target=_beat, args=(engine, upload_id, runner, stop, lost), daemon=True
    )
    beating.start()
    try:
        _grade(engine, upload_id, runner, lost)
    except Lost:
        log.info("grading of upload %s handed over or deleted", upload_id)
    except Exception as error:  # a run never stays "running" on an error
        log.exception("grading of upload %s failed", upload_id)
        with write(engine) as db:
            store.fail(
                db,
                upload_id,
                runner,
                now(),
                f"The grading stopped on an error ({type(error).__name__}). Delete "
                "this upload and send the files again; if it happens again, send "
                "fewer files at once.",
            )
    finally:
        stop.set()


def _beat(
    engine: Engine, upload_id: int, runner: str, stop: threading.Event, lost: threading.Event
) -> None:
    while not stop.wait(HEARTBEAT):
        with write(engine) as db:
            if not store.beat(db, upload_id, runner, now()):
                lost.set()
                return


def _grade(engine: Engine, upload_id: int, runner: str, lost: threading.Event) -> None:
    from grading.scans import read_scan
    from grading.sheets import grade

    with read(engine) as db:
        files = store.files_of(db, upload_id)

    def data(position: int) -> bytes:
        with read(engine) as db:
            return store.file_data(db, upload_id, position)

    total = sum(count_pages(data(position)) for position, _ in files)
    _progress(engine, upload_id, runner, lost, pages_total=total)

    def pages() -> Iterator[ScanPage | ScanProblem]:
        for position, name in files:
            yield from read_scan(name, data(position))

    def progress(done: int) -> None:
        _progress(engine, upload_id, runner, lost, pages_done=done)

    graded = grade(pages(), progress=progress)
    with write(engine) as db:
        pictures = {**graded.pictures, **store.page_pictures(graded.page_images)}
        if not store.finish(db, upload_id, runner, now(), graded.to_json(), pictures):
            raise Lost


def _progress(
    engine: Engine, upload_id: int, runner: str, lost: threading.Event, **values: int
) -> None:
    with write(engine) as db:
        if lost.is_set() or not store.beat(db, upload_id, runner, now(), **values):
            raise Lost


def count_pages(data: bytes) -> int:
    """How many pages a file gives to read: a PDF's pages, a TIFF's images, one for any
    other image, none for a file that is neither (it is named as a problem instead)."""
    import cv2
    import pypdfium2 as pdfium

    from grading.scans import kind_of

    kind = kind_of(data)
    if kind == "pdf":
        try:
            pdf = pdfium.PdfDocument(data)
        except pdfium.PdfiumError:
            return 0
        try:
            return len(pdf)
        finally:
            pdf.close()
    if kind != "image":
        return 0
    if not data.startswith((b"II*\x00", b"MM\x00*")):
        return 1
    fd, path = tempfile.mkstemp(suffix=".tif")  # OpenCV counts a TIFF's pages from a file
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        try:
            return max(1, int(cv2.imcount(path)))
        except cv2.error:
            return 1
    finally:
        os.unlink(path)
