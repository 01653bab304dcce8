"""Puzzles on the command line: worksheets, MAT proctor kits, solving and checking.

Every command takes the puzzle kind first (``matrix``, ``costly-tricks``;
:mod:`printables.puzzles` lists the kinds) and dispatches on it; an id also says its kind,
and a kind refuses another's. How each kind is asked for (the worksheet options its
``choices`` reads, what ``solve`` passes to its ``typed``) is :data:`KIND_OPTIONS`; an
option of another kind, given explicitly, is refused.

- ``printables worksheet KIND``: puzzles with an answer key, as a PDF;
- ``printables mat-kit``: a MAT proctor kit (Simultaneous or Successive; Matrix sets);
- ``printables solve KIND --size RxC CARD...`` (Matrix), ``printables solve KIND
  POSITION`` (Costly Tricks: JSON, or ``-`` to read it from standard input), or ``--id
  ID``: the answer, with the puzzle's id and difficulty (``--count`` counts solutions);
- ``printables check KIND --id ID --answer FILE|-``: the verdict on a written answer,
  with reasons; exit status 0 when the answer is right, 1 when it is wrong, 2 when it
  cannot be read.

``solve`` and ``check`` take ``--json``. Every rule comes from :mod:`printables`.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any

import click

from generator.commands.options import paper_option, write_atomically
from generator.draw.layout import Size
from generator.network import default_base_url
from generator.parallel import puzzles_of
from generator.scan.layout import Pupil
from printables.cards.wording import or_list, stopped
from printables.matrix.mat import TIME_LIMIT, VARIANTS
from printables.matrix.puzzles import (
    KIND as MATRIX,
)
from printables.matrix.puzzles import (
    LEVELS,
    MAX_SEED,
    WANTS,
    disjoint_sets,
    parse_size,
)
from printables.puzzles import (
    GenerationError,
    PuzzleError,
    PuzzleKind,
    get_kind,
    kind_keys,
    kind_of,
)
from printables.questions.base import QuestionKind, question_kinds


@dataclass(frozen=True)
class KindOptions:
    """How the commands ask for one kind's puzzles."""

    choices: Mapping[str, str]
    """The worksheet's options this kind takes (the command's parameter names), each with
    the name the kind's ``choices`` reads it by."""
    typed: tuple[str, ...]
    """The options ``solve`` passes to the kind's ``typed`` with the text (Matrix: size)."""
    typed_what: str
    """What ``solve`` reads instead of an id (for "give either --id or ..., not both")."""
    missing: str
    """What ``solve`` says when given neither an id nor a typed puzzle."""
    typed_hint: str
    """The name a refusal of the typed text gives it."""
    label: Callable[[Any], str]
    """The choices in a worksheet's default file name (``4x4``)."""
    count_words: Callable[[Any], str]
    """What ``solve --count`` counts."""


KIND_OPTIONS: dict[str, KindOptions] = {
    "matrix": KindOptions(
        choices={"size": "size", "want": "want", "difficulty": "level"},
        typed=("size",),
        typed_what="--size with cards",
        missing="give the matrix size (--size RxC) and the cards, or --id",
        typed_hint="'CARDS'",
        label=lambda choices: f"{choices.size[0]}x{choices.size[1]}",
        count_words=lambda puzzle: (
            "Solutions, not counting reordered rows or columns"
            + (" or the transposed grid" if puzzle.rows == puzzle.cols else "")
        ),
    ),
    "costly-tricks": KindOptions(
        choices={"cards": "cards", "question": "question", "difficulty": "level"},
        typed=(),
        typed_what="a position",
        missing='give a position as JSON ({"hands": [...], "leader": 0, "trick": [...]}; '
        "- reads it from standard input), or --id",
        typed_hint="'POSITION'",
        label=lambda choices: f"{choices.question}-{choices.cards}",
        count_words=lambda puzzle: "Best cards" if puzzle.question == "play" else "Answers",
    ),
}
"""How Matrix and Costly Tricks puzzles are asked for on the command line, by kind key;
every question kind alike, by :func:`question_options`."""


def question_options(kind: QuestionKind) -> KindOptions:
    """How a question kind's puzzles are asked for on the command line."""
    return KindOptions(
        choices={"question": "question", "difficulty": "level"},
        typed=(),
        typed_what=kind.typed_help or "a typed puzzle",
        missing=f"give {kind.typed_help}, or --id"
        if kind.typed_help
        else f"{kind.title} puzzles are not typed by hand: give a puzzle's id (--id)",
        typed_hint="'CARDS'",
        label=lambda choices: f"{choices.question}-{choices.level}",
        count_words=lambda puzzle: "Right answers",
    )


def kind_options(kind: PuzzleKind[Any, Any]) -> KindOptions:
    """How ``kind``'s puzzles are asked for on the command line."""
    if kind.key in KIND_OPTIONS:
        return KIND_OPTIONS[kind.key]
    if not isinstance(kind, QuestionKind):
        raise TypeError(f"the command line does not know how to ask for {kind.title} puzzles")
    return question_options(kind)


def _question_help() -> str:
    """The questions of every kind that asks them, for ``--question``'s help."""
    from printables.paradox.problems import QUESTIONS  # loads Costly Tricks: help only

    parts = [f"Costly Tricks: {', '.join(QUESTIONS.values())} (default play)"]
    for kind in question_kinds().values():
        parts.append(f"{kind.title}: {', '.join(kind.questions.values())} "
                     f"(default {kind.first})")  # fmt: skip
    return "; ".join(parts) + "."


class QuestionOption(click.Option):
    """``--question``, whose help lists every kind's questions: written when help is shown,
    so that a command that runs loads only the kind it is asked for."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.help is None:
            self.help = (
                "What is asked. " + _question_help() + " Costly Tricks' play: which card, "
                "and what net?; legal: which cards may be played?; winner: who wins the trick?"
            )
        return super().get_help_record(ctx)


class KindChoice(click.Choice[str]):
    """The kinds, refusing another name in one plain sentence: "'sudoku' is not 'matrix'
    or 'costly-tricks'"."""

    def get_invalid_choice_message(self, value: Any, ctx: click.Context | None) -> str:
        return f"{value!r} is not {or_list([repr(c) for c in self.choices])}."


def _option_name(ctx: click.Context, name: str) -> str:
    """How an option is typed (``--kind`` for the parameter ``want``)."""
    param = next(p for p in ctx.command.params if p.name == name)
    return param.opts[0]


def _given(ctx: click.Context, name: str) -> bool:
    """Whether the option was typed (not left at its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


def _refuse_others(ctx: click.Context, kind: PuzzleKind[Any, Any], takes: Sequence[str],
                   others: Sequence[str]) -> None:  # fmt: skip
    """Refuse an option of another kind that was typed: it would be silently ignored."""
    for name in others:
        if name not in takes and _given(ctx, name):
            wanted = or_list([_option_name(ctx, n) for n in takes]) if takes else "none"
            raise click.UsageError(
                f"{_option_name(ctx, name)} is not an option of {kind.title} puzzles "
                f"(they take {wanted})"
            )


def _size(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """A size as typed, checked now so that a wrong one is refused before any work."""
    if value is None:
        return None
    try:
        parse_size(value)
    except PuzzleError as error:
        raise click.BadParameter(str(error), ctx, param) from None
    return value


def _kind(ctx: click.Context, param: click.Parameter, value: str) -> PuzzleKind[Any, Any]:
    try:
        return get_kind(value)
    except PuzzleError as error:
        raise click.BadParameter(str(error), ctx, param) from None


def _load(kind: PuzzleKind[Any, Any], puzzle_id: str) -> Any:
    """The puzzle an id names, which must be of ``kind``."""
    try:
        owner = kind_of(puzzle_id)
        if owner is not kind:
            raise PuzzleError(f"{puzzle_id!r} is a {owner.title} id, not a {kind.title} one")
        return kind.get(puzzle_id)
    except PuzzleError as error:  # PuzzleIdError, GenerationError
        raise click.BadParameter(str(error), param_hint="'--id'") from None


def _seed(seed: int | None, draw: Callable[[], int]) -> int:
    """The seed given, checked, else a fresh one: ``draw()`` (a kind's
    :meth:`~printables.puzzles.PuzzleKind.fresh_seed`)."""
    if seed is None:
        try:
            return draw()
        except GenerationError as error:
            raise click.UsageError(str(error)) from None
    if not 0 <= seed < MAX_SEED:
        raise click.BadParameter(
            f"the seed must be from 0 to {MAX_SEED - 1}", param_hint="'--seed'"
        )
    return seed


def _typed_text(words: Sequence[str]) -> str:
    """The typed puzzle: the words given, or standard input when the only word is ``-``."""
    if list(words) == ["-"]:
        return sys.stdin.read()
    return " ".join(words)


def kind_argument(function: Any) -> Any:
    """The puzzle kind, as a :class:`~printables.puzzles.PuzzleKind`."""
    return click.argument(
        "kind", type=KindChoice(kind_keys(), case_sensitive=False), callback=_kind
    )(function)


def generation_options(function: Any) -> Any:
    """--size, --kind, --difficulty, --seed and --id, shared by worksheet and mat-kit."""
    for option in reversed(
        [
            click.option("--size", default="3x3", show_default=True, callback=_size,
                         help="Matrix: rows x columns: 3x3, 3x4, 3x5, 4x4, 4x5 or 5x5 (or "
                         "their transposes)."),
            click.option("--kind", "want", type=click.Choice(list(WANTS.values()),
                         case_sensitive=False), default="either", show_default=True,
                         help="Matrix: sets that can be solved, impossible ones, or either."),
            click.option("--difficulty", type=click.Choice(list(LEVELS.values()),
                         case_sensitive=False), default="medium", show_default=True,
                         help="Graded by the solver (see 'printables solve')."),
            click.option("--seed", type=int, default=None,
                         help="First seed; the same seed gives the same puzzles. Default: "
                         "a random one, printed so the sheet can be printed again (for hard "
                         "Matrix sets, one whose keys' proofs each fit a third of a page)."),
            click.option("--id", "ids", multiple=True, metavar="ID",
                         help="Use these puzzle ids instead of generating (repeatable)."),
        ]
    ):  # fmt: skip
        function = option(function)
    return function


def trick_options(function: Any) -> Any:
    """--cards (Costly Tricks) and --question (Costly Tricks and the question kinds): what is
    asked (worksheet only); a question is read by its kind, which refuses another's."""
    for option in reversed(
        [
            click.option("--cards", type=click.IntRange(3, 11), default=4, show_default=True,
                         help="Costly Tricks: cards a hand, 3 to 6 (an ending), or 11: a "
                         "whole deal, the round's first lead (play only; a minute or more "
                         "a problem)."),
            click.option("--question", cls=QuestionOption, default=None),
        ]
    ):  # fmt: skip
        function = option(function)
    return function


def _choices(kind: PuzzleKind[Any, Any], values: Mapping[str, Any]) -> Any:
    """The kind's choices from the options it takes; an option of another kind that was
    typed is refused."""
    spec = kind_options(kind)
    ctx = click.get_current_context()
    _refuse_others(ctx, kind, list(spec.choices), list(values))
    try:
        return kind.choices(**{spec.choices[name]: str(values[name]) for name in spec.choices
                               if values[name] is not None})  # fmt: skip
    except PuzzleError as error:
        raise click.UsageError(str(error)) from None


def _puzzles(
    kind: PuzzleKind[Any, Any],
    ids: Sequence[str],
    count: int,
    choices: Any,
    seed: int,
    sheet: str = "worksheet",
    ahead: Callable[[Sequence[str]], object] | None = None,
) -> list[Any]:
    """The puzzles of the ids given, else of the sheet printed from ``seed``;
    ``ahead(ids)``: what this process does while other processes make them (see
    :func:`~generator.parallel.puzzles_of`)."""
    if ids:
        return [_load(kind, i) for i in ids]
    try:
        wanted = kind.ids(count, seed, choices, sheet)
        return puzzles_of(wanted, meanwhile=None if ahead is None else partial(ahead, wanted))
    except GenerationError as error:
        raise click.UsageError(str(error)) from None


@click.command()
@kind_argument
@generation_options
@trick_options
@click.option("--count", type=click.IntRange(1, 60), default=12, show_default=True,
              help="How many puzzles.")  # fmt: skip
@click.option(
    "--base-url",
    default=None,
    help="Address of the checking pages (the web app) that the QR codes point to. Default: "
    "this computer's network address, where 'printables serve' answers pupils' phones.",
)
@click.option("--no-qr", is_flag=True, help="No QR codes (for a class without the web app).")
@click.option(
    "--per-page",
    type=click.IntRange(1, 8),
    default=None,
    help="Puzzles a page. Default: as many as fit with the cards easy to read.",
)
@click.option("--key/--no-key", default=True, show_default=True, help="Add the answer key.")
@click.option("--key-apart", is_flag=True,
              help="Write the key to a file of its own (NAME-key.pdf), to print the students' "
              "pages many times and the key once.")  # fmt: skip
@click.option("--scannable", is_flag=True,
              help="Add answer sheets to fill and scan for grading: boxes to mark, corner "
              "marks and a QR code a page, the layout attached to the PDF (Matrix, Costly "
              "Tricks and the question kinds).")  # fmt: skip
@click.option("--roster", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None,
              help="With --scannable: a CSV file of the class's names (first column; an id "
              "may follow). The answer sheets are printed once a pupil, the name printed "
              "on them and coded for the grader; the puzzle pages once, to copy.")  # fmt: skip
@paper_option
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Output file. Default: KIND-worksheet-SIZE-SEED.pdf.")  # fmt: skip
def worksheet(
    kind: PuzzleKind[Any, Any],
    size: str,
    want: str,
    difficulty: str,
    seed: int | None,
    ids: tuple[str, ...],
    cards: int,
    question: str | None,
    count: int,
    base_url: str | None,
    no_qr: bool,
    per_page: int | None,
    key: bool,
    key_apart: bool,
    scannable: bool,
    roster: Path | None,
    paper: Size,
    out: Path | None,
) -> None:
    """Print a worksheet of puzzles with its answer key.

    \b
    Examples:
        printables worksheet matrix
        printables worksheet matrix --size 4x4 --kind solvable --difficulty hard --seed 42
        printables worksheet matrix --id 3x3-c-fz --base-url http://192.168.1.20:5000
        printables worksheet costly-tricks --cards 5 --difficulty hard
        printables worksheet costly-tricks --question legal --cards 4
        printables worksheet costly-tricks --cards 11 --difficulty hard --count 4
        printables worksheet matrix --per-page 3 --key-apart --no-qr
        printables worksheet matrix --scannable --size 4x4
        printables worksheet matrix --scannable --roster class-7b.csv
        printables worksheet nada --question discard --difficulty hard
        printables worksheet secret-card --difficulty easy --paper a4
    """
    if key_apart and not key:
        raise click.UsageError("--key-apart writes the key to its own file; drop --no-key")
    pupils = _roster(roster, scannable)
    address, warning = _qr_address(base_url, no_qr)
    values = {"size": size, "want": want, "difficulty": difficulty, "cards": cards,
              "question": question}  # fmt: skip
    choices = _choices(kind, values)
    first = _seed(seed, lambda: 0 if ids else kind.fresh_seed(count, choices))
    ahead = partial(_prepare_worksheet, kind.key, address=address)
    puzzles = _puzzles(kind, ids, count, choices, first, ahead=ahead)
    # the drawing code is loaded here (or by _prepare_worksheet while the puzzles were made)
    from generator.documents.worksheet import WorksheetError, WorksheetOptions, make_worksheet

    options = WorksheetOptions(paper, address, key, per_page=per_page, scannable=scannable,
                               pupils=pupils)  # fmt: skip
    try:
        printed = make_worksheet(puzzles, options, key_apart=key_apart)
    except WorksheetError as error:
        raise click.UsageError(str(error)) from None
    name = "ids" if ids else f"{kind_options(kind).label(choices)}-{first}"
    target = out or Path(f"{kind.key}-worksheet-{name}.pdf")
    key_target = target.with_name(target.stem + "-key.pdf")
    write_atomically(target, printed.pdf)
    if printed.key_pdf is not None:
        write_atomically(key_target, printed.key_pdf)
    for line in _worksheet_summary(target, key_target, printed, len(puzzles)):
        click.echo(line)
    if printed.layout is not None:
        answer = [page.pdf_page for page in printed.layout.pages]
        where = f"page {answer[0]}" if len(answer) == 1 else f"pages {answer[0]}-{answer[-1]}"
        click.echo(f"  {where}: answer sheets to fill and scan (their layout is attached to "
                   "the PDF as printables-layout.json)")  # fmt: skip
        if pupils:
            click.echo(f"  a named set of answer sheets for each of the {len(pupils)} pupils "
                       f"on the roster (class {pupils[0].class_code}): print once")  # fmt: skip
    if address is not None:
        click.echo(f"QR codes point at {address}: run 'printables serve' on that computer "
                   "while the class checks its answers.")  # fmt: skip
    if warning:
        click.echo(warning, err=True)
    if not ids:
        click.echo(f"Seed {first}: the same command with --seed {first} prints it again.")
    click.echo("Puzzle ids: " + " ".join(p.id for p in puzzles))


def _roster(path: Path | None, scannable: bool) -> tuple[Pupil, ...]:
    """The pupils of the roster file at ``path`` (none without one); a usage error for a
    roster without --scannable or one that cannot be printed."""
    if path is None:
        return ()
    if not scannable:
        raise click.UsageError("--roster prints the answer sheets with the pupils' names: "
                               "add --scannable")  # fmt: skip
    from generator.scan.roster import RosterError, read_roster_file

    try:
        return read_roster_file(path.read_bytes()).pupils
    except OSError as error:
        raise click.UsageError(f"cannot read the roster {path}: {error.strerror}") from None
    except RosterError as error:
        raise click.UsageError(f"--roster {path.name}: {error}") from None


def _prepare_worksheet(key: str, ids: Sequence[str], *, address: str | None) -> None:
    """Load the drawing code and make ready what the worksheet draws whatever its puzzles
    (:func:`generator.documents.worksheet.prepare`), while other processes make them."""
    from generator.documents.worksheet import prepare

    prepare(key, ids, address)


def _load_kit_drawing(ids: Sequence[str]) -> None:
    """Load the MAT kit's drawing code while other processes make its sets."""
    import_module("generator.documents.matkit")


def _qr_address(base_url: str | None, no_qr: bool) -> tuple[str | None, str]:
    """Where the QR codes point (None: no QR codes), and a warning when a teacher should
    know why there are none."""
    if no_qr:
        if base_url is not None:
            raise click.UsageError("--no-qr prints no QR codes; drop --base-url or --no-qr")
        return None, ""
    if base_url is not None:
        if not base_url.startswith(("http://", "https://")):
            raise click.BadParameter(
                f"{base_url!r} is not a web address; expected http://... or https://...",
                param_hint="'--base-url'",
            )
        return base_url, ""
    found = default_base_url()
    if found is None:
        return None, (
            "Note: this computer has no network address, so the puzzles have no QR codes (a "
            "pupil's phone could not reach it). Give --base-url with the address "
            "'printables serve' prints, or --no-qr to leave them off on purpose."
        )
    return found, ""


def per_page_text(counts: Sequence[int]) -> str:
    """How many puzzles the pages hold, as the pages hold them.

    >>> per_page_text([4, 4, 4])
    '4 a page'
    >>> per_page_text([3, 4, 4, 3])
    '3 on page 1, 4 on pages 2-3 and 3 on page 4'
    """
    if len(set(counts)) == 1:
        return f"{counts[0]} a page"
    runs: list[tuple[int, int, int]] = []  # (count, first page, last page)
    for page, count in enumerate(counts, 1):
        if runs and runs[-1][0] == count:
            runs[-1] = (count, runs[-1][1], page)
        else:
            runs.append((count, page, page))
    parts = [f"{n} on page {a}" if a == b else f"{n} on pages {a}-{b}" for n, a, b in runs]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _worksheet_summary(target: Path, key_target: Path, printed: Any, count: int) -> list[str]:
    """What was written, naming the pages: which are the students', which the key's."""
    pages = printed.student_pages
    students = "page 1" if pages == 1 else f"pages 1-{pages}"
    layout = printed.layout
    if layout is not None and layout.pages and layout.pages[0].pupil is not None:
        puzzle_pages = layout.pages[0].pdf_page - 1
        puzzles = "page 1" if puzzle_pages == 1 else f"pages 1-{puzzle_pages}"
        answers = f"pages {puzzle_pages + 1}-{pages}"
        copies = f"{puzzles}: the puzzles (copy one each); {answers}: the named answer sheets"
    else:
        copies = f"{students}: the students' copies"
    if pages == 1:
        lines = [f"Wrote {target}: {count} puzzle{'s' if count != 1 else ''} on one page."]
    else:
        lines = [f"Wrote {target}: {count} puzzles, {per_page_text(printed.counts)}."]
    if printed.key_pdf is not None:
        lines.append(f"  {copies} (print one each)")
        lines.append(f"Wrote {key_target}: the answer key, {printed.key_pages} "
                     f"page{'s' if printed.key_pages != 1 else ''} (for the teacher).")  # fmt: skip
    elif printed.key_pages:
        first, last = pages + 1, pages + printed.key_pages
        key_pages = f"page {first}" if first == last else f"pages {first}-{last}"
        lines.append(f"  {copies}; {key_pages}: the answer key "
                     "(for the teacher)")  # fmt: skip
    else:
        lines.append(f"  {copies} (no answer key)")
    return lines


@click.command("mat-kit")
@click.option("--variant", type=click.Choice(VARIANTS, case_sensitive=False),
              default="simultaneous", show_default=True,
              help="Simultaneous: a deck per player, everyone the same set. Successive: one "
              "deck, up to nine players, sets passed round.")  # fmt: skip
@generation_options
@click.option("--sets", type=click.IntRange(1, 12), default=None,
              help="How many sets. Default: 5 (Simultaneous), or one per player "
              "(Successive).")  # fmt: skip
@click.option("--players", type=click.IntRange(1, 40), default=None,
              help="Players (rows on the score sheet, decks on the pull lists).")  # fmt: skip
@click.option("--time-limit", type=click.IntRange(10, 3600), default=TIME_LIMIT,
              show_default=True, help="Seconds per set.")  # fmt: skip
@click.option("--scannable", is_flag=True,
              help="Successive: scannable forms in place of the written ones (boxes for each "
              "card's row and column and for the seconds), graded by 'printables grade' "
              "into the session's scores.")  # fmt: skip
@click.option("--roster", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              default=None,
              help="With --scannable: a CSV of the players' names (first column), one set "
              "each, printed and coded on their forms and on the score sheet.")  # fmt: skip
@paper_option
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Output file. Default: mat-kit-VARIANT-SEED.pdf.")  # fmt: skip
def mat_kit(
    variant: str,
    size: str,
    want: str,
    difficulty: str,
    seed: int | None,
    ids: tuple[str, ...],
    sets: int | None,
    players: int | None,
    time_limit: int,
    scannable: bool,
    roster: Path | None,
    paper: Size,
    out: Path | None,
) -> None:
    """Print a MAT proctor kit: pull lists, answer keys, score sheet (and, for Successive,
    the rotation schedule and written-solution forms).

    \b
    Examples:
        printables mat-kit --sets 10 --players 12
        printables mat-kit --variant successive --players 6 --difficulty easy
        printables mat-kit --variant successive --players 6 --scannable
        printables mat-kit --variant successive --scannable --roster table-3.csv
    """
    variant = variant.lower()
    names = tuple(p.name for p in _roster(roster, scannable))
    if names and variant != "successive":
        raise click.UsageError("--roster names MAT Successive's players on their scannable "
                               "forms: add --variant successive")  # fmt: skip
    try:  # MAT sets are Matrix puzzles
        choices = MATRIX.choices(size=size, want=want, level=difficulty)
    except PuzzleError as error:
        raise click.UsageError(str(error)) from None
    if variant == "successive":
        if choices.size != (3, 3):
            raise click.BadParameter("MAT Successive deals nine cards a player: 3x3 only",
                                     param_hint="'--size'")  # fmt: skip
        count = players or sets or len(names) or 4
        if names and count != len(names):
            raise click.UsageError(f"MAT Successive has one set per player: the roster names "
                                   f"{len(names)} players, not {count}")  # fmt: skip
        if sets is not None and players is not None and sets != players:
            raise click.UsageError(
                f"MAT Successive has one set per player: --sets {sets} and --players "
                f"{players} differ"
            )
        if count > 9:
            raise click.BadParameter(f"one deck seats up to 9 players, not {count}",
                                     param_hint="'--players'")  # fmt: skip
    else:
        count = sets or 5
    first = _seed(seed, lambda: (
        0 if ids else
        secrets.randbelow(MAX_SEED) if variant == "successive" else
        MATRIX.fresh_seed(count, choices, "mat")
    ))  # fmt: skip
    if ids:
        puzzles = [_load(MATRIX, i) for i in ids]
    elif variant == "successive":
        try:
            rows, cols = choices.size
            puzzles = disjoint_sets(count, rows, cols, choices.want, choices.level, first)
        except GenerationError as error:
            raise click.UsageError(str(error)) from None
    else:
        puzzles = _puzzles(MATRIX, (), count, choices, first, "mat", ahead=_load_kit_drawing)
    from generator.documents.matkit import KitOptions, mat_kit_pdf  # loaded: see the next

    try:
        options = KitOptions(paper, variant, players or 0, time_limit, scannable, names)
        data = mat_kit_pdf(puzzles, options)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    target = out or Path(f"mat-kit-{variant}-{'ids' if ids else first}.pdf")
    write_atomically(target, data)
    click.echo(f"Wrote {target}: MAT {variant}, {len(puzzles)} sets, {time_limit} s each.")
    if not ids:
        click.echo(f"Seed {first}: the same command with --seed {first} prints it again.")
    click.echo("Set ids: " + " ".join(p.id for p in puzzles))
    if scannable:
        click.echo("The players' forms are scannable: scan them after the round and run "
                   "'printables grade SCANS --out DIR' for the scores "
                   "(DIR/mat-scores.csv).")  # fmt: skip


@click.command()
@kind_argument
@click.argument("cards", nargs=-1)
@click.option("--size", default=None, callback=_size,
              help="Matrix: rows x columns, such as 4x4.")  # fmt: skip
@click.option("--id", "puzzle_id", default=None, help="Solve the puzzle with this id instead.")
@click.option("--count", is_flag=True, help="Also count the solutions (exactly).")
@click.option("--limit", type=click.IntRange(1), default=None,
              help="With --count, count no further than this.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def solve(
    kind: PuzzleKind[Any, Any],
    cards: tuple[str, ...],
    size: str | None,
    puzzle_id: str | None,
    count: bool,
    limit: int | None,
    as_json: bool,
) -> None:
    """Solve a puzzle: a solution, or why none exists (a short reason or a proof case by case).

    CARDS are a Matrix set's card names; for Costly Tricks, a position as JSON
    ({"hands": [[...], [...], [...], [...]], "leader": 0, "trick": [...]}, seats A, B, A's
    ghost, B's ghost), or - to read it from standard input. --json then prints the solver's
    answer: the seat to move, the net it can force, each legal card's net, a line of play.

    \b
    Examples:
        printables solve matrix --size 3x3 Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT
        printables solve matrix --id 4x4-258n5q --count --json
        printables solve costly-tricks --json - < position.json
        printables solve costly-tricks --id costly-tricks-fqtq5j
        printables solve nada BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T
        printables solve poker --id poker-580npc --count
    """
    spec = kind_options(kind)
    typed = {"size": size}  # the typed options of every kind (Matrix's size only, so far)
    if puzzle_id is not None:
        if cards or any(value is not None for value in typed.values()):
            raise click.UsageError(f"give either --id or {spec.typed_what}, not both")
        puzzle = _load(kind, puzzle_id)
    else:
        _refuse_others(click.get_current_context(), kind, spec.typed, list(typed))
        if any(typed[name] is None for name in spec.typed) or not (
            cards or any(typed[name] for name in spec.typed)
        ):
            raise click.UsageError(spec.missing)
        given = {name: value for name in spec.typed if (value := typed[name]) is not None}
        try:
            puzzle = kind.typed(_typed_text(cards), **given)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint=spec.typed_hint) from None
    if limit is not None and not count:
        raise click.UsageError("--limit says where --count stops: give it with --count")
    data = kind.describe(puzzle)
    if count:
        found = kind.count(puzzle, limit=limit)
        data["solutions"] = found
        data["solutions_complete"] = limit is None or found < limit
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo("\n".join(kind.report(puzzle)))
    if count:
        more = "" if data["solutions_complete"] else " or more (stopped at --limit)"
        click.echo(f"{spec.count_words(puzzle)}: {data['solutions']}{more}.")


@click.command()
@kind_argument
@click.option("--id", "puzzle_id", required=True, help="The puzzle's id, as printed on the sheet.")
@click.option("--answer", type=click.File("rb"), required=True,
              help="The written answer: a file, or - to read it from standard input. Matrix: "
              "one row a line (or rows separated by /); No in place of one card, or No "
              "alone, claims the set is impossible. Costly Tricks: a card, or a card and the "
              "net (R5 +4); the cards a hand may play; or a seat (A's ghost). The other kinds: "
              "as the sheet's answer lines ask (card names, a letter, column numbers or No), "
              "with or without the lines' labels.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def check(kind: PuzzleKind[Any, Any], puzzle_id: str, answer: Any, as_json: bool) -> None:
    """Check a student's written answer to a puzzle; exit status 0 when it is right.

    \b
    Examples:
        printf 'Gb=C ...\\n...' | printables check matrix --id 3x3-ma1y4e --answer -
        echo 'R5 +4' | printables check costly-tricks --id costly-tricks-... --answer -
    """
    puzzle = _load(kind, puzzle_id)
    try:  # Notepad starts UTF-8 files with a byte-order mark: it is no part of the answer
        text = answer.read().decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise click.BadParameter(
            f"the answer is not text in UTF-8 (byte {error.start + 1} is "
            f"{error.object[error.start]:#04x}); save it as UTF-8 or plain text",
            param_hint="'--answer'",
        ) from None
    try:
        verdict = kind.check(puzzle, text)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--answer'") from None
    if as_json:
        data = {"id": puzzle.id, **verdict.to_json()}
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        reasons = " ".join(stopped(r) for r in verdict.reasons)
        click.echo(("Right. " if verdict.right else "Wrong. ") + reasons)
        for line in getattr(verdict, "why", ()):
            click.echo(line)
    sys.exit(0 if verdict.right else 1)
