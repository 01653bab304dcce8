"""The teacher's grading pages: upload a class's scanned answer sheets, watch the
grading's progress, and read the results (the gradebook, the pages not graded, the marks
to decide and the names to type); download the gradebook; delete an upload.

Every page needs a teacher's login and shows the teacher's own uploads only. Uploads may
be up to :data:`UPLOAD_MOST` bytes (the app's other forms take 64 KB), and are kept in
the database until the teacher deletes them. The grading runs in the background
(:mod:`webapp.grading.jobs`); the page polls its progress. Decision buttons are plain
forms (POST, CSRF token, 303 back to the page) that the page's script sends with
``fetch`` instead, updating the page in place.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    get_flashed_messages,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from webapp.accounts.views import login_required, teacher_id
from webapp.db import engine, now, read, write
from webapp.grading import jobs, store
from webapp.grading.results import Refused, checked_decision, graded, results
from webapp.pages import back_with, error_page, kept, wants_json
from webapp.tables import GRADE_KEY_MOST

bp = Blueprint("grading", __name__)

UPLOAD_MOST = 200 * 1024 * 1024
"""Bytes: the largest upload (the ``GRADE_UPLOAD_MOST`` setting changes it): a class's
pile scanned at 300 dpi is 20-60 MB."""
FILES_MOST = 500
"""Files in one upload."""
ACCEPTED = ".pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff"


def upload_most() -> int:
    return int(current_app.config.get("GRADE_UPLOAD_MOST", UPLOAD_MOST))


def megabytes(size: int) -> str:
    """``209715200`` -> ``"200 MB"`` (a size as a teacher reads it).

    >>> megabytes(200 * 1024 * 1024), megabytes(1536 * 1024), megabytes(2000)
    ('200 MB', '1.5 MB', '2 KB')
    """
    if size < 1024 * 1024:
        return f"{max(1, round(size / 1024))} KB"
    return f"{size / (1024 * 1024):.1f}".removesuffix(".0") + " MB"


@bp.url_value_preprocessor
def _upload_limit(endpoint: str | None, _values: dict[str, Any] | None) -> None:
    """An upload may be larger than the app's other forms: its limit is set before
    anything (the CSRF check included) reads the body."""
    if endpoint == "grading.upload":
        request.max_content_length = upload_most()


@bp.errorhandler(413)
def too_large(_error: HTTPException) -> ResponseReturnValue:
    message = (
        f"Those files come to more than {megabytes(upload_most())}, the most one upload "
        "takes, so nothing of this upload was saved. Your earlier uploads are all still "
        "here. Send the scans in smaller parts (each part is graded on its own), or scan "
        "at 200 to 300 dpi in gray or black and white, which makes smaller files."
    )
    if wants_json():
        return jsonify({"problem": message}), 413
    return error_page("Upload too large", message, 413, url_for("grading.index"), "Grade scans")


@bp.errorhandler(404)
def not_found(_error: HTTPException) -> ResponseReturnValue:
    message = "There is no such upload among yours: it may have been deleted."
    if wants_json():
        return jsonify({"problem": message}), 404
    return error_page("Upload not found", message, 404, url_for("grading.index"), "Grade scans")


def _load(upload_id: int) -> store.Upload:
    with read() as db:
        found = store.load(db, teacher_id(), upload_id)
    if found is None:
        abort(404)
    return found


@bp.get("/grade")
@login_required
def index() -> ResponseReturnValue:
    problem, _typed = kept()
    with read() as db:
        uploads = store.uploads_of(db, teacher_id())
    return render_template(
        "grading/index.html",
        uploads=uploads,
        problem=problem,
        notices=get_flashed_messages(),
        most=upload_most(),
        most_text=megabytes(upload_most()),
        accepted=ACCEPTED,
        megabytes=megabytes,
        when=_when,
    )


def _when(at: float) -> str:
    return datetime.fromtimestamp(at).strftime("%Y-%m-%d %H:%M")


def _file_name(name: str | None) -> str:
    """A sent file's name without its folders or control characters.

    >>> _file_name("C:\\\\Scans\\\\7B.pdf"), _file_name("a/b\\x07.png"), _file_name("")
    ('7B.pdf', 'b.png', 'scan')
    """
    base = re.split(r"[\\/]", name or "")[-1]
    clean = "".join(c for c in base if c.isprintable()).strip()
    return clean[:255] or "scan"


@bp.post("/grade")
@login_required
def upload() -> ResponseReturnValue:
    sent = [f for f in request.files.getlist("scans") if f.filename]
    if not sent:
        return _refused("Choose the scanned sheets to grade first (PDF, PNG, JPEG or TIFF).")
    if len(sent) > FILES_MOST:
        return _refused(f"{len(sent)} files were sent; one upload takes {FILES_MOST} at most.")
    files = [(_file_name(f.filename), f.read()) for f in sent]
    with write() as db:
        upload_id = store.create(db, teacher_id(), files, now())
    jobs.start(engine(), upload_id)
    return redirect(url_for("grading.upload_page", upload_id=upload_id), 303)


def _refused(problem: str) -> ResponseReturnValue:
    if wants_json():
        return jsonify({"problem": problem}), 400
    back = back_with(url_for("grading.index"), problem)
    return back if back is not None else error_page("Not sent", problem, 400)


def _progress(upload: store.Upload) -> dict[str, Any]:
    total = upload.pages_total
    done = upload.pages_done if total is None else min(upload.pages_done, total)
    percent = 100 if upload.state == "done" else (round(100 * done / total) if total else 0)
    return {
        "state": upload.state,
        "done": done,
        "total": total,
        "percent": percent,
        "problem": upload.problem,
    }


def _restarted(upload: store.Upload) -> store.Upload:
    """The upload, its grading started again first if it waits or its run died."""
    if upload.stale(now()):
        jobs.start(engine(), upload.id)
        return _load(upload.id)
    return upload


@bp.get("/grade/<int:upload_id>/progress")
@login_required
def progress(upload_id: int) -> ResponseReturnValue:
    upload = _restarted(_load(upload_id))
    response = jsonify(_progress(upload))
    response.headers["Cache-Control"] = "no-store"
    return response


def _results(upload_id: int) -> tuple[Any, Any] | None:
    """The grading with the teacher's decisions, and the keys that have a picture."""
    with read() as db:
        result = store.result_of(db, upload_id)
        decisions = store.decisions_of(db, upload_id)
        pictures = store.picture_keys(db, upload_id)
    if result is None:
        return None
    return graded(result, decisions), pictures


@bp.get("/grade/<int:upload_id>")
@login_required
def upload_page(upload_id: int) -> ResponseReturnValue:
    upload = _restarted(_load(upload_id))
    problem, _typed = kept()
    shown = None
    if upload.state == "done":
        found = _results(upload_id)
        if found is not None:
            shown = results(*found)
    page = render_template(
        "grading/upload.html",
        upload=upload,
        progress=_progress(upload),
        results=shown,
        problem=problem,
    )
    return page, 200, {"Cache-Control": "no-store"}


def _download(data: bytes, mimetype: str, name: str) -> Response:
    """A file to save, never cached (a decision may change it)."""
    headers = {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"}
    return Response(data, mimetype=mimetype, headers=headers)


@bp.get("/grade/<int:upload_id>/gradebook.csv")
@login_required
def gradebook(upload_id: int) -> ResponseReturnValue:
    from grading.gradebook import gradebook_csv

    _load(upload_id)
    found = _results(upload_id)
    if found is None:
        abort(404)
    return _download(gradebook_csv(found[0]), "text/csv", f"gradebook-{upload_id}.csv")


@bp.get("/grade/<int:upload_id>/mat-scores.csv")
@login_required
def mat_scores_file(upload_id: int) -> ResponseReturnValue:
    """A MAT Successive round's scores, as ``printables grade`` writes them."""
    from grading.mat_scores import mat_scores, mat_scores_csv

    _load(upload_id)
    found = _results(upload_id)
    scores = mat_scores(found[0]) if found is not None else None
    if scores is None:
        abort(404)
    return _download(mat_scores_csv(scores), "text/csv", f"mat-scores-{upload_id}.csv")


@bp.get("/grade/<int:upload_id>/returned.pdf")
@login_required
def returned(upload_id: int) -> ResponseReturnValue:
    """The pages to hand back, each answer's verdict beside it, after a summary."""
    from grading.returned import returned_pdf

    _load(upload_id)
    found = _results(upload_id)
    if found is None:
        abort(404)
    grading = found[0]
    with read() as db:
        grading.page_images = store.page_images(db, upload_id)
    return _download(returned_pdf(grading), "application/pdf", f"returned-{upload_id}.pdf")


@bp.get("/grade/<int:upload_id>/picture")
@login_required
def picture(upload_id: int) -> ResponseReturnValue:
    _load(upload_id)
    key = request.args.get("key", "")
    with read() as db:
        png = store.picture(db, upload_id, key[:GRADE_KEY_MOST]) if key else None
    if png is None:
        abort(404)
    kind = "image/jpeg" if key.endswith(store.PAGE) else "image/png"
    return Response(png, mimetype=kind, headers={"Cache-Control": "private, max-age=3600"})


@bp.post("/grade/<int:upload_id>/decide")
@login_required
def decide(upload_id: int) -> ResponseReturnValue:
    _load(upload_id)
    key = request.form.get("key", "")[:GRADE_KEY_MOST]
    choice = request.form.get("choice", "")
    back = url_for("grading.upload_page", upload_id=upload_id)
    try:
        with read() as db:  # checked outside the write, which other pages queue behind
            result = store.result_of(db, upload_id)
            decisions = store.decisions_of(db, upload_id)
        if result is None:
            raise Refused("The grading is not finished yet: wait for its results.")
        taken = checked_decision(result, decisions, key, choice)
        with write() as db:
            if not store.decide(db, upload_id, key, taken, now()):
                abort(404)
    except Refused as error:
        if wants_json():
            return jsonify({"problem": str(error)}), 409
        refused = back_with(back, str(error))
        return refused if refused is not None else error_page("Not decided", str(error), 409)
    if wants_json():
        return jsonify({"key": key, "choice": taken})
    return redirect(back + "#review", 303)


@bp.post("/grade/<int:upload_id>/delete")
@login_required
def delete(upload_id: int) -> ResponseReturnValue:
    upload = _load(upload_id)
    with write() as db:
        store.delete_upload(db, teacher_id(), upload_id)
    flash(f"Deleted the upload of {upload.title}, with its results and your decisions.")
    return redirect(url_for("grading.index"), 303)
