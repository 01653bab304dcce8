"""The print page for teachers: worksheets (kind, size, difficulty, count, paper), MAT
kits, score sheets, rules handouts and notation cards, and decks, as PDF downloads
from the browser, the same documents the ``printables`` commands write. The QR codes of
worksheets point at this server's own address as a pupil's phone reaches it
(:func:`webapp.network.public_url`), so they work without a flag. A session's own kit
comes from its console (:func:`session_kit`).

Printing changes nothing on the server, so the forms use GET (a link prints the same
document again), but for the worksheet's, which may carry a class list: pupils' names are
posted, never put in an address (or a server's log). A bad choice shows the page again
with the problem and every choice kept, the class list too. Puzzles are made in this
process (never a pool of processes inside a web worker).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from flask import Blueprint, Response, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue

from generator.documents.matkit import KitOptions
from generator.documents.scoresheets import SCORE_SHEETS
from generator.documents.worksheet import MOST_PER_PAGE, WorksheetOptions
from generator.draw.layout import PAPERS, LayoutError, parse_paper
from generator.scan.areas import SCANNABLE
from generator.scan.roster import read_roster
from printables.cards.decks import DECKS
from printables.games.handouts import HANDOUTS
from printables.matrix.mat import TIME_LIMIT
from printables.matrix.puzzles import KIND as MATRIX
from printables.matrix.puzzles import MAX_SEED, disjoint_sets
from printables.puzzles import PuzzleError, get_kind
from printables.questions.base import every_question
from webapp.accounts.views import login_required, teacher_id
from webapp.db import read
from webapp.mat import store
from webapp.network import public_url
from webapp.pages import back_with, kept
from webapp.printing import made
from webapp.security import too_busy

bp = Blueprint("printing", __name__)

PRINT_LIMIT = 30
"""Documents a minute from one address: each takes up to a few seconds to make."""

KINDS = {
    "matrix": "Matrix",
    "costly-tricks": "Costly Tricks (PARADOX)",
    **{
        f"{kind.key}:{question}": f"{kind.title}: {kind.question_help[question]}"
        for kind, question in every_question()
    },
}
"""The worksheets offered: Matrix, Costly Tricks, and each question of every question kind
(``nada:most``)."""
SIZES = ("3x3", "3x4", "3x5", "4x4", "4x5", "5x5")
PAGE_HAND_SIZES = ("3", "4", "5", "6")
"""Costly Tricks' cards a hand on this page: endings only (a whole deal takes the solver
a minute or more a problem, too long for a page to wait)."""
QUESTIONS = {"play": "Which card, and what net?", "legal": "Which cards may be played?",
             "winner": "Who wins the trick?"}  # fmt: skip
KEY_CHOICES = {"both": "The students' pages, then the answer key",
               "students": "The students' pages only", "key": "The answer key only"}  # fmt: skip
"""Which pages a worksheet's download holds: printing thirty copies of the students' pages
and one of the key takes the two apart."""
DEFAULTS = {"kind": "matrix", "size": "3x3", "want": "either", "difficulty": "medium",
            "cards": "4", "question": "play", "count": "12", "paper": "letter", "key": "both",
            "per_page": "",
            "seed": "", "variant": "simultaneous", "sets": "5", "players": "", "limit":
            str(TIME_LIMIT), "game": "", "sheet_players": "", "handout": "all", "scannable": "",
            "roster": ""}  # fmt: skip
ROSTER_MOST = 20_000
"""Characters of a class list typed or pasted on the print page (200 names, the most a
roster holds, and room to spare)."""


class Refused(ValueError):
    """A choice that cannot be printed; the message says why."""


def _typed() -> dict[str, str]:
    """The choices sent (in the address, or posted: the worksheet's form)."""
    return {name: request.values.get(name, default).strip() for name, default in DEFAULTS.items()}


def _page(typed: dict[str, str], problem: str | None, status: int = 200) -> tuple[str, int]:
    games = sorted(((key, sheet.title) for key, sheet in SCORE_SHEETS.items()), key=lambda g: g[1])
    handouts = [("all", "Every game's rules"), ("notation", "Notation cards (four a sheet)")]
    handouts += [(key, f"{h.game.title} ({h.game.book})") for key, h in HANDOUTS.items()]
    page = render_template(
        "printing/index.html", typed=typed, problem=problem, kinds=KINDS, sizes=SIZES,
        questions=QUESTIONS, papers=PAPERS, games=games, decks=DECKS.values(), handouts=handouts,
        key_choices=KEY_CHOICES, roster_most=ROSTER_MOST,
        check_url=public_url(url_for("checking.start")),
    )  # fmt: skip
    return page, status


def _whole(text: str, what: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise Refused(f"{what}: write a number from {low} to {high}, not {text!r}") from None
    if not low <= value <= high:
        raise Refused(f"{what}: a number from {low} to {high}, not {value}")
    return value


def _seed(text: str, draw: Callable[[], int]) -> int:
    """The seed typed, else a fresh one: ``draw()`` (a kind's ``fresh_seed``)."""
    if not text:
        return draw()
    return _whole(text, "the seed", 0, MAX_SEED - 1)


def _pdf(data: bytes, name: str) -> Response:
    return Response(
        data,
        mimetype="application/pdf",
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )


def _paper(typed: dict[str, str]) -> Any:
    try:
        return parse_paper(typed["paper"])
    except LayoutError as error:
        raise Refused(str(error)) from None


@bp.get("/print")
@login_required
def index() -> str | tuple[str, int]:
    problem, typed = kept()  # a refused worksheet's post came back here
    chosen = _typed()
    chosen.update({name: str(value) for name, value in typed.items() if name in DEFAULTS})
    return _page(chosen, problem)


def _made(make: Any) -> ResponseReturnValue:
    """Make a document, or show the print page again with the problem."""
    busy = too_busy("print", PRINT_LIMIT)
    if busy is not None:
        return busy
    typed = _typed()
    try:
        data, name = make(typed)
    except (Refused, PuzzleError, ValueError) as error:
        text = str(error)
        problem = text[:1].upper() + text[1:].rstrip(".") + "."
        if request.method == "POST":  # back to the page, as every refused post goes
            back = back_with(url_for("printing.index"), problem, typed)
            if back is not None:
                return back
        return _page(typed, problem, 400)
    return _pdf(data, name)


@bp.route("/print/worksheet.pdf", methods=["GET", "POST"])
@login_required
def worksheet() -> Any:
    def make(typed: dict[str, str]) -> tuple[bytes, str]:
        if typed["kind"] not in KINDS:
            raise Refused(f"the kind of puzzle is one of {', '.join(KINDS)}")
        key, _, question = typed["kind"].partition(":")
        kind = get_kind(key)
        count = _whole(typed["count"], "how many puzzles", 1, 24)
        if question:
            choices = kind.choices(question=question, level=typed["difficulty"])
            label = question
        elif kind is MATRIX:
            choices = kind.choices(
                size=typed["size"], want=typed["want"], level=typed["difficulty"]
            )
            label = typed["size"]
        else:
            if typed["question"] not in QUESTIONS:
                raise Refused(f"the question is one of {', '.join(QUESTIONS)}")
            if typed["cards"].strip() not in PAGE_HAND_SIZES:
                raise Refused(
                    f"the cards a hand are one of {', '.join(PAGE_HAND_SIZES)} here; a whole "
                    "deal's problems take a minute or more each: print them with 'printables "
                    "worksheet costly-tricks --cards 11'"
                )
            choices = kind.choices(
                cards=typed["cards"], question=typed["question"], level=typed["difficulty"]
            )
            label = f"{typed['cards']}-cards"
        pages = typed["key"]
        if pages not in KEY_CHOICES:
            raise Refused(f"the pages are one of {', '.join(KEY_CHOICES)}")
        per_page = typed["per_page"]
        per = _whole(per_page, "puzzles a page", 1, MOST_PER_PAGE) if per_page else None
        scannable, pupils = _answer_sheets(typed, kind.key)
        seed = _seed(typed["seed"], lambda: kind.fresh_seed(count, choices))
        ids = tuple(kind.ids(count, seed, choices))
        base = public_url("/").rstrip("/")
        options = WorksheetOptions(_paper(typed), base, key=pages != "students", per_page=per,
                                   scannable=scannable, pupils=pupils)  # fmt: skip
        printed = made.worksheet(kind.key, ids, options, pages == "key")
        name = f"{kind.key}-worksheet-{label}-{seed}"
        if pupils:
            name += f"-class-{pupils[0].class_code}"
        if pages == "key":
            assert printed.key_pdf is not None
            return printed.key_pdf, f"{name}-key.pdf"
        return printed.pdf, f"{name}.pdf"

    return _made(make)


def _answer_sheets(typed: dict[str, str], kind: str) -> tuple[bool, tuple[Any, ...]]:
    """Whether the worksheet has answer pages to scan, and the pupils of its class list
    (each a set of answer pages with their name), or a refusal saying why not."""
    if typed["scannable"] not in ("", "yes"):
        raise Refused("the answer sheets are 'yes' (to scan) or none")
    scannable = typed["scannable"] == "yes"
    if not scannable and typed["roster"]:
        raise Refused("a class list prints answer sheets with the pupils' names: choose "
                      "answer sheets to scan, or clear the class list")  # fmt: skip
    if scannable and kind not in SCANNABLE:
        raise Refused(f"{get_kind(kind).title} puzzles have no answer sheets to scan")
    if not typed["roster"]:
        return scannable, ()
    if len(typed["roster"]) > ROSTER_MOST:
        raise Refused(f"the class list is over {ROSTER_MOST:,} characters: one name a line")
    return scannable, read_roster(typed["roster"]).pupils


@bp.get("/print/mat-kit.pdf")
@login_required
def mat_kit() -> Any:
    def make(typed: dict[str, str]) -> tuple[bytes, str]:
        variant = typed["variant"]
        if variant not in ("simultaneous", "successive"):
            raise Refused("the variant is simultaneous or successive")
        players = _whole(typed["players"], "players", 1, 40) if typed["players"] else 0
        limit = _whole(typed["limit"], "the time limit", 10, 3600)
        scannable = typed["scannable"] == "yes"
        if scannable and variant != "successive":
            raise Refused("answer forms to scan are MAT Successive's: choose that variant")
        if scannable and limit != TIME_LIMIT:
            raise Refused(f"answer forms to scan are scored with the book's limit of "
                          f"{TIME_LIMIT} seconds a set")  # fmt: skip
        choices = MATRIX.choices(size=typed["size"], want=typed["want"], level=typed["difficulty"])
        if variant == "successive":
            count = _whole(typed["players"] or typed["sets"], "players", 1, 9)
            seed = _seed(typed["seed"], lambda: secrets.randbelow(MAX_SEED))
            sets = disjoint_sets(count, *choices.size, choices.want, choices.level, seed)
            ids = tuple(puzzle.id for puzzle in sets)
        else:
            count = _whole(typed["sets"], "how many sets", 1, 12)
            seed = _seed(typed["seed"], lambda: MATRIX.fresh_seed(count, choices, "mat"))
            ids = tuple(MATRIX.ids(count, seed, choices, "mat"))
        data = made.mat_kit(ids, KitOptions(_paper(typed), variant, players, limit, scannable))
        return data, f"mat-kit-{variant}-{seed}.pdf"

    return _made(make)


@bp.get("/print/scoresheet.pdf")
@login_required
def scoresheet() -> Any:
    def make(typed: dict[str, str]) -> tuple[bytes, str]:
        if typed["game"] not in SCORE_SHEETS:
            raise Refused("choose the game whose score sheet to print")
        chosen = typed["sheet_players"]
        players = _whole(chosen, "players", 1, 99) if chosen else None
        data = made.score_sheet(typed["game"], _paper(typed), players)
        return data, f"scoresheet-{typed['game']}.pdf"

    return _made(make)


@bp.get("/print/handout.pdf")
@login_required
def handout() -> Any:
    def make(typed: dict[str, str]) -> tuple[bytes, str]:
        chosen = typed["handout"]
        paper = _paper(typed)
        if chosen == "notation":
            return made.notation(paper), "notation-cards.pdf"
        if chosen == "all":
            return made.handouts(tuple(HANDOUTS), paper), "rules-handouts.pdf"
        if chosen not in HANDOUTS:
            raise Refused("choose the rules of a game, of every game, or the notation cards")
        return made.handouts((chosen,), paper), f"{chosen}-rules.pdf"

    return _made(make)


@bp.get("/sessions/<int:session_id>/kit.pdf")
@login_required
def session_kit(session_id: int) -> Any:
    """A session's own proctor kit: its sets, its variant and time limit, a row for each
    player seated."""
    try:
        with read() as db:
            view = store.load(db, session_id, teacher_id())
    except LookupError:
        abort(404)
    paper = PAPERS["a4"] if request.args.get("paper", "").lower() == "a4" else PAPERS["letter"]
    ids = tuple(s.puzzle_id for s in view.sets)
    players = min(len(view.seats), 40)
    data = made.mat_kit(ids, KitOptions(paper, view.variant, players, view.limit))
    return _pdf(data, f"mat-kit-session-{view.id}.pdf")
