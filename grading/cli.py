"""``printables grade``: a class's scanned answer sheets graded into a folder.

The folder gets the gradebook (``gradebook.csv``), for MAT Successive forms the session's
scores (``mat-scores.csv``, :mod:`grading.mat_scores`), everything found (``results.json``),
the pages to hand back with their verdicts and the class's summary (``returned.pdf``),
and ``review.csv``: the marks that wait for the teacher and the names to type, each with
a picture of that part of the page (``pictures/``). The teacher fills review.csv's
``decision`` column and runs the command again; decisions are kept in ``decisions.json``
and never asked again for the same scan.

The command reaches ``printables`` through the ``printables.commands`` entry points
(pyproject.toml), so the printing layer never imports OpenCV.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from grading.scans import ScanPage, ScanProblem
    from grading.sheets import Grading

DECISIONS = "decisions.json"
REVIEW = "review.csv"
RETURNED = "returned.pdf"
NAME_CHOICE = "(type the name)"


@click.command()
@click.argument("scans", nargs=-1, required=True)
@click.option("--out", "out_dir", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder for the gradebook, the review list and its pictures.")  # fmt: skip
def grade(scans: tuple[str, ...], out_dir: Path) -> None:
    """Grade scanned answer sheets: PDF, PNG, JPEG or TIFF files of the pages printed by
    'printables worksheet KIND --scannable' (Matrix, Costly Tricks and every question
    kind) or the forms of 'printables mat-kit --variant successive --scannable', in any
    order and either way up.

    \b
    Example:
        printables grade class-7b.pdf --out 7b-grades

    Then open 7b-grades/gradebook.csv, and print 7b-grades/returned.pdf to hand the
    pages back with their verdicts (a MAT round's scores: 7b-grades/mat-scores.csv).
    Marks that are unclear and names to type are listed in 7b-grades/review.csv with a
    picture each: write your decision in its last column and run the same command
    again (your decisions are kept). Sheets printed with --roster carry their pupil's
    name: their pages are put together by pupil in any order, and a sheet of another
    class is named, not graded.
    """
    from grading.gradebook import gradebook_csv
    from grading.mat_scores import FILE as MAT_SCORES
    from grading.mat_scores import mat_scores, mat_scores_csv
    from grading.returned import returned_pdf
    from grading.scans import ScanProblem, read_scan
    from grading.sheets import grade as grade_pile

    out_dir.mkdir(parents=True, exist_ok=True)
    decisions, refused = _decisions(out_dir)

    def pages() -> Iterator[ScanPage | ScanProblem]:
        for name in scans:
            path = Path(name)
            try:
                data = path.read_bytes()
            except OSError as error:
                yield ScanProblem(path.name, None, f"cannot be read ({error.strerror or error})")
                continue
            yield from read_scan(path.name, data)

    graded = grade_pile(pages(), decisions)
    (out_dir / "gradebook.csv").write_bytes(gradebook_csv(graded))
    results = graded.to_json()
    session = mat_scores(graded)
    if session is not None:
        (out_dir / MAT_SCORES).write_bytes(mat_scores_csv(session))
        results["mat_scores"] = session.to_json()
    (out_dir / "results.json").write_text(
        json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (out_dir / RETURNED).write_bytes(returned_pdf(graded))
    waiting = _write_review(out_dir, graded)
    click.echo(f"{graded.pages} page(s) graded: {len(graded.sheets)} sheet(s).")
    click.echo(f"Gradebook: {out_dir / 'gradebook.csv'}")
    if session is not None:
        final = all(p.place is not None for p in session.players)
        state = "" if final else " (places wait for the decisions below)"
        click.echo(f"MAT Successive scores: {out_dir / MAT_SCORES}{state}")
    provisional = " (provisional: decisions wait)" if graded.reviews else ""
    click.echo(f"Pages to hand back, with a summary: {out_dir / RETURNED}{provisional}")
    for problem in graded.problems:
        click.echo(f"Not graded: {problem.where}: {problem.problem}.")
    for line in refused:
        click.echo(f"Decision not understood: {line}")
    if waiting:
        click.echo(
            f"{waiting} decision(s) wait for you in {out_dir / REVIEW}: write each in its "
            f"'decision' column (a picture of each is in {out_dir / 'pictures'}), then run "
            f"this command again."
        )


def _decisions(out_dir: Path) -> tuple[dict[str, str], list[str]]:
    """The decisions kept, with those newly written in review.csv added (and kept); the
    lines whose decision is not one of their choices."""
    kept_file = out_dir / DECISIONS
    kept: dict[str, str] = {}
    if kept_file.exists():
        kept = json.loads(kept_file.read_text(encoding="utf-8"))
    refused = []
    review = out_dir / REVIEW
    if review.exists():
        with review.open(encoding="utf-8-sig", newline="") as f:
            for row in csv.DictReader(f):
                decision = (row.get("decision") or "").strip()
                if not decision:
                    continue
                choices = (row.get("choices") or "").split(" / ")
                chosen = _choice_named(decision, choices)
                if NAME_CHOICE in choices:
                    kept[row["key"]] = decision
                elif chosen is not None:
                    kept[row["key"]] = chosen
                else:
                    refused.append(f"{row.get('question')}: '{decision}' is not one of "
                                   f"{', '.join(choices)}")  # fmt: skip
    kept_file.write_text(json.dumps(kept, ensure_ascii=False, indent=1), encoding="utf-8")
    return kept, refused


def _choice_named(decision: str, choices: list[str]) -> str | None:
    """The choice a decision names, as the choice is spelled: itself, or the one choice
    spelled alike in any case (``c`` for a cipher's ``C``, ``FILLED`` for ``filled``).

    >>> _choice_named("c", ["A", "C", "none"]), _choice_named("Bb=S", ["Bb=S", "Gw~C"])
    ('C', 'Bb=S')
    >>> _choice_named("b", ["A", "C"]) is None
    True
    """
    if decision in choices:
        return decision
    alike = [c for c in choices if c.lower() == decision.lower()]
    return alike[0] if len(alike) == 1 else None


def _write_review(out_dir: Path, graded: Grading) -> int:
    """review.csv and its pictures; returns how many rows wait for a decision."""
    pictures = out_dir / "pictures"
    pictures.mkdir(exist_ok=True)
    rows = []
    for sheet in graded.sheets:
        items = []
        if sheet.name_key in graded.pictures:  # a name written, not printed from a roster
            items.append((sheet.name_key, sheet.name_key, "Type the name written here",
                          NAME_CHOICE, sheet.name))  # fmt: skip
        for puzzle in sheet.puzzles:
            for r in puzzle.reviews:
                items.append((r.key, r.picture_key, f"{r.puzzle}: {r.question}",
                              " / ".join(r.choices), ""))  # fmt: skip
        for key, shown_by, question, choices, decided in items:
            shown = ""
            if shown_by in graded.pictures:
                picture = pictures / f"{_file_name(shown_by)}.png"
                picture.write_bytes(graded.pictures[shown_by])
                shown = f"pictures/{picture.name}"
            rows.append({"key": key, "sheet": sheet.number, "question": question,
                         "choices": choices, "picture": shown, "decision": decided})  # fmt: skip
    with (out_dir / REVIEW).open("w", encoding="utf-8-sig", newline="") as f:
        writer = csv.DictWriter(f, ["key", "sheet", "question", "choices", "picture", "decision"])
        writer.writeheader()
        writer.writerows(rows)
    return sum(1 for row in rows if not row["decision"])


def _file_name(key: str) -> str:
    """A review's key as a file name.

    >>> _file_name("0a1b-3:4x4-wbqs23:Gg~T:row")
    '0a1b-3_4x4-wbqs23_Gg-T_row'
    """
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", key.replace(":", "_"))
