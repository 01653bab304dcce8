"""A MAT Successive session's scores from its graded forms, by the book's rules
(:mod:`printables.matrix.mat`): a set scores the seconds marked when the answer is right
(:func:`~printables.matrix.mat.set_score`); a wrong answer, no answer, a blank time
(not finished in time) or a time over the limit scores the limit; the lowest total wins
(:func:`~printables.matrix.mat.totals`, :func:`~printables.matrix.mat.ranking`).

A score that waits for the teacher (a review of the answer, or of the seconds of a right
answer) or a page not scanned leaves the player's total open, and places are given only
when every total is known: a decision may change them. A wrong answer scores the limit
whatever its seconds, so its seconds never wait.

``mat-scores.csv`` (UTF-8 with a byte-order mark) has a row a player, a column a set,
then the total and the place.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from generator.scan.mat_pages import KIND
from grading.mat_answers import TurnResult
from grading.sheets import Grading, Sheet
from printables.matrix.mat import TIME_LIMIT, ranking, set_score, totals

ENCODING = "utf-8-sig"
FILE = "mat-scores.csv"


@dataclass(frozen=True)
class SetScore:
    """A player's score for one set (None while it waits or its page is missing), the
    seconds read, and why."""

    set_number: int
    score: int | None
    seconds: int | None
    reason: str

    @property
    def cell(self) -> str:
        """The score as the CSV shows it: the number, ``review`` or ``missing``."""
        if self.score is not None:
            return str(self.score)
        return "missing" if self.reason.startswith("page") else "review"

    def to_json(self) -> dict[str, object]:
        return {"set": self.set_number, "score": self.score, "seconds": self.seconds,
                "reason": self.reason}  # fmt: skip


@dataclass(frozen=True)
class PlayerScores:
    """A player's scores, set by set, their total and place (None while open)."""

    player: int
    name: str
    scores: tuple[SetScore, ...]
    total: int | None
    place: int | None

    def to_json(self) -> dict[str, object]:
        return {"player": self.player, "name": self.name,
                "scores": [s.to_json() for s in self.scores], "total": self.total,
                "place": self.place}  # fmt: skip


@dataclass(frozen=True)
class MatScores:
    """The session: each set's id (set 1 first), the limit, and the players' scores."""

    sets: tuple[str, ...]
    limit: int
    players: tuple[PlayerScores, ...]

    def to_json(self) -> dict[str, object]:
        return {"time_limit": self.limit,
                "sets": [{"set": k, "puzzle": p} for k, p in enumerate(self.sets, 1)],
                "players": [p.to_json() for p in self.players],
                "final": all(p.place is not None for p in self.players)}  # fmt: skip


def turn_score(turn: TurnResult, limit: int = TIME_LIMIT) -> SetScore:
    """One set's score from its graded turn (:mod:`this module's rules
    <grading.mat_scores>`)."""
    number, seconds = turn.set_number, turn.seconds
    if turn.status == "review":
        return SetScore(number, None, seconds, "the answer waits for review")
    if turn.status == "blank":
        return SetScore(number, limit, seconds, "no answer: scores the limit")
    if turn.status == "wrong":
        return SetScore(number, limit, seconds, "a wrong answer: scores the limit")
    if turn.time == "review":
        return SetScore(number, None, seconds, "right; the seconds wait for review")
    if turn.time == "blank":
        return SetScore(number, limit, seconds, "right, but no time marked: not finished "
                        "in time, scores the limit")  # fmt: skip
    score = set_score(seconds, True, limit)
    if seconds is not None and seconds > limit:
        return SetScore(number, score, seconds, f"right, but {seconds} s is over the limit")
    return SetScore(number, score, seconds, "right")


def is_mat(sheet: Sheet) -> bool:
    return any(page.code.kind == KIND for page in sheet.pages.values())


def mat_scores(grading: Grading, limit: int = TIME_LIMIT) -> MatScores | None:
    """The session's scores from the pile's MAT forms (None when it has none)."""
    sheets = sorted((s for s in grading.sheets if is_mat(s)), key=_player)
    if not sheets:
        return None
    ids: dict[int, str] = {}
    for sheet in sheets:
        for turn in _turns(sheet):
            ids[turn.set_number] = turn.puzzle
    numbers = range(1, max(ids) + 1)
    rows = []
    for sheet in sheets:
        done = {t.set_number: turn_score(t, limit) for t in _turns(sheet)}
        scores = tuple(done.get(n, SetScore(n, None, None, "page missing")) for n in numbers)
        rows.append((sheet, scores))
    known = [all(s.score is not None for s in scores) for _, scores in rows]
    sums: list[int] = [sum(s.score or 0 for s in scores) for _, scores in rows]
    places: list[int | None] = [None] * len(rows)
    if all(known):
        table = [[scores[k].score or 0 for _, scores in rows] for k in range(len(numbers))]
        sums = list(totals(table))
        places = list(ranking(sums))
    players = tuple(
        PlayerScores(_player(sheet), sheet.label, scores, total if ok else None, place)
        for (sheet, scores), total, ok, place in zip(rows, sums, known, places, strict=True)
    )
    return MatScores(tuple(ids.get(n, "") for n in numbers), limit, players)


def _player(sheet: Sheet) -> int:
    pupil = sheet.pupil
    return pupil.number if pupil is not None else 0


def _turns(sheet: Sheet) -> list[TurnResult]:
    return [p for p in sheet.puzzles if isinstance(p, TurnResult)]


def mat_scores_rows(scores: MatScores) -> list[list[str]]:
    """The scores as rows of cells, the heading first."""
    heading = ["Player", "Name", *(f"Set {k}" for k in range(1, len(scores.sets) + 1)),
               "Total", "Place"]  # fmt: skip
    rows = [heading]
    for p in scores.players:
        total = "" if p.total is None else str(p.total)
        place = "" if p.place is None else str(p.place)
        rows.append([str(p.player), p.name, *(s.cell for s in p.scores), total, place])
    return rows


def mat_scores_csv(scores: MatScores) -> bytes:
    """``mat-scores.csv``'s bytes (:data:`ENCODING`)."""
    out = io.StringIO(newline="")
    csv.writer(out).writerows(mat_scores_rows(scores))
    return out.getvalue().encode(ENCODING)
