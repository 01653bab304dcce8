"""Matrix puzzles on the command line: worksheets, MAT proctor kits, solving and checking.

- ``printables worksheet matrix``: puzzles with an answer key, as a PDF;
- ``printables mat-kit``: a MAT proctor kit (Simultaneous or Successive);
- ``printables solve matrix --size RxC CARD...`` (or ``--id ID``): a solution or why
  there is none, with the puzzle's id and difficulty (``--count`` counts solutions);
- ``printables check matrix --id ID --answer FILE|-``: the verdict on a written answer,
  with reasons; exit status 0 when the answer is right, 1 when it is wrong.

``solve`` and ``check`` take ``--json``. Every rule comes from :mod:`printables`.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from generator.files import paper_option, write_atomically
from generator.layout import PAPERS
from generator.matkit import VARIANTS, KitOptions, mat_kit_pdf
from generator.worksheet import DEFAULT_BASE_URL, WorksheetOptions, worksheet_pdf
from printables.cards import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import sentence
from printables.matrix import check_grid
from printables.matrix.mat import TIME_LIMIT, check_answer
from printables.matrix.puzzles import (
    LEVELS,
    MAX_SEED,
    WANTS,
    Puzzle,
    disjoint_sets,
    from_cards,
    get_puzzle,
    parse_size,
    puzzle_ids,
)
from printables.matrix.solver import count_solutions
from printables.puzzles import GenerationError

PUZZLE_KINDS = ("matrix",)
"""Puzzle kinds the commands know; Matrix is the first."""


def _size(ctx: click.Context, param: click.Parameter, value: str | None) -> Any:
    if value is None:
        return None
    try:
        return parse_size(value)
    except ValueError as error:
        raise click.BadParameter(str(error), ctx, param) from None


def _load(puzzle_id: str) -> Puzzle:
    try:
        return get_puzzle(puzzle_id)
    except ValueError as error:  # PuzzleIdError, GenerationError
        raise click.BadParameter(str(error), param_hint="'--id'") from None


def _seed(seed: int | None, count: int) -> int:
    if seed is None:
        return secrets.randbelow(MAX_SEED - count)
    if not 0 <= seed <= MAX_SEED - count:
        raise click.BadParameter(
            f"the seed must be from 0 to {MAX_SEED - count}", param_hint="'--seed'"
        )
    return seed


def kind_argument(function: Any) -> Any:
    return click.argument("kind", type=click.Choice(PUZZLE_KINDS, case_sensitive=False))(function)


def generation_options(function: Any) -> Any:
    """--size, --kind, --difficulty, --seed and --id, shared by worksheet and mat-kit."""
    for option in reversed(
        [
            click.option("--size", default="3x3", show_default=True, callback=_size,
                         help="Rows x columns: 3x3, 3x4, 3x5, 4x4, 4x5 or 5x5 (or their "
                         "transposes)."),
            click.option("--kind", "want", type=click.Choice(list(WANTS.values()),
                         case_sensitive=False), default="either", show_default=True,
                         help="Sets that can be solved, impossible ones, or either."),
            click.option("--difficulty", type=click.Choice(list(LEVELS.values()),
                         case_sensitive=False), default="medium", show_default=True,
                         help="Graded by the solver (see 'printables solve')."),
            click.option("--seed", type=int, default=None,
                         help="First seed; the same seed gives the same puzzles. Default: "
                         "a random one, printed so the sheet can be printed again."),
            click.option("--id", "ids", multiple=True, metavar="ID",
                         help="Use these puzzle ids instead of generating (repeatable)."),
        ]
    ):  # fmt: skip
        function = option(function)
    return function


def _puzzles(
    ids: Sequence[str], count: int, size: tuple[int, int], want: str, difficulty: str, seed: int
) -> list[Puzzle]:
    if ids:
        return [_load(i) for i in ids]
    try:
        return [get_puzzle(i) for i in puzzle_ids(count, *size, want, difficulty, seed)]
    except GenerationError as error:
        raise click.UsageError(str(error)) from None


@click.command()
@kind_argument
@generation_options
@click.option("--count", type=click.IntRange(1, 60), default=12, show_default=True,
              help="How many puzzles.")  # fmt: skip
@click.option(
    "--base-url",
    default=DEFAULT_BASE_URL,
    show_default=True,
    help="Address of the checking pages (the web app) that the QR codes point to.",
)
@click.option("--key/--no-key", default=True, show_default=True, help="Add the answer key.")
@paper_option
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Output file. Default: matrix-worksheet-SIZE-SEED.pdf.")  # fmt: skip
def worksheet(
    kind: str,
    size: tuple[int, int],
    want: str,
    difficulty: str,
    seed: int | None,
    ids: tuple[str, ...],
    count: int,
    base_url: str,
    key: bool,
    paper: str,
    out: Path | None,
) -> None:
    """Print a worksheet of Matrix puzzles with its answer key.

    \b
    Examples:
        printables worksheet matrix
        printables worksheet matrix --size 4x4 --kind solvable --difficulty hard --seed 42
        printables worksheet matrix --id 3x3-c-fz --base-url http://192.168.1.20:5000
    """
    if not base_url.startswith(("http://", "https://")):
        raise click.BadParameter(
            f"{base_url!r} is not a web address; expected http://... or https://...",
            param_hint="'--base-url'",
        )
    first = _seed(seed, count)
    puzzles = _puzzles(ids, count, size, want, difficulty, first)
    options = WorksheetOptions(PAPERS[paper.lower()], base_url, key)
    name = "ids" if ids else f"{size[0]}x{size[1]}-{first}"
    target = out or Path(f"matrix-worksheet-{name}.pdf")
    write_atomically(target, worksheet_pdf(puzzles, options))
    click.echo(f"Wrote {target}: {len(puzzles)} puzzles" + (" and the answer key." if key else "."))
    if not ids:
        click.echo(f"Seed {first}: the same command with --seed {first} prints it again.")
    click.echo("Puzzle ids: " + " ".join(p.id for p in puzzles))


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
@paper_option
@click.option("--out", type=click.Path(path_type=Path, dir_okay=False), default=None,
              help="Output file. Default: mat-kit-VARIANT-SEED.pdf.")  # fmt: skip
def mat_kit(
    variant: str,
    size: tuple[int, int],
    want: str,
    difficulty: str,
    seed: int | None,
    ids: tuple[str, ...],
    sets: int | None,
    players: int | None,
    time_limit: int,
    paper: str,
    out: Path | None,
) -> None:
    """Print a MAT proctor kit: pull lists, answer keys, score sheet (and, for Successive,
    the rotation schedule and written-solution forms).

    \b
    Examples:
        printables mat-kit --sets 10 --players 12
        printables mat-kit --variant successive --players 6 --difficulty easy
    """
    variant = variant.lower()
    if variant == "successive":
        if size != (3, 3):
            raise click.BadParameter("MAT Successive deals nine cards a player: 3x3 only",
                                     param_hint="'--size'")  # fmt: skip
        count = players or sets or 4
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
    first = _seed(seed, count)
    if ids:
        puzzles = [_load(i) for i in ids]
    elif variant == "successive":
        try:
            puzzles = disjoint_sets(count, *size, want, difficulty, first)
        except GenerationError as error:
            raise click.UsageError(str(error)) from None
    else:
        puzzles = _puzzles((), count, size, want, difficulty, first)
    try:
        options = KitOptions(PAPERS[paper.lower()], variant, players or 0, time_limit)
        data = mat_kit_pdf(puzzles, options)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    target = out or Path(f"mat-kit-{variant}-{'ids' if ids else first}.pdf")
    write_atomically(target, data)
    click.echo(f"Wrote {target}: MAT {variant}, {len(puzzles)} sets, {time_limit} s each.")
    if not ids:
        click.echo(f"Seed {first}: the same command with --seed {first} prints it again.")
    click.echo("Set ids: " + " ".join(p.id for p in puzzles))


def _solution_json(puzzle: Puzzle) -> dict[str, Any]:
    grade = puzzle.grade
    data: dict[str, Any] = {
        "id": puzzle.id,
        "card_id": puzzle.card_id,
        "size": puzzle.size_text,
        "cards": [str(c) for c in puzzle.cards],
        "solvable": puzzle.solvable,
        "difficulty": grade.level,
        "measure": round(grade.measure, 3),
        "labelings": grade.labelings,
        "plans": grade.plans,
    }
    if puzzle.solution is not None:
        verdict = check_grid(puzzle.solution)
        data["solution"] = [[str(c) for c in row] for row in puzzle.solution]
        data["lines"] = [
            {"line": line.name, "shares": [v.name for v in line.shared]} for line in verdict.lines
        ]
    else:
        assert grade.reason is not None
        data["reason"] = {"kind": grade.reason.kind, "text": grade.reason.text}
    return data


@click.command()
@kind_argument
@click.argument("cards", nargs=-1)
@click.option("--size", default=None, callback=_size, help="Rows x columns, such as 4x4.")
@click.option("--id", "puzzle_id", default=None, help="Solve the puzzle with this id instead.")
@click.option("--count", is_flag=True, help="Also count the solutions (exactly).")
@click.option("--limit", type=click.IntRange(1), default=None,
              help="With --count, count no further than this.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def solve(
    kind: str,
    cards: tuple[str, ...],
    size: tuple[int, int] | None,
    puzzle_id: str | None,
    count: bool,
    limit: int | None,
    as_json: bool,
) -> None:
    """Solve a Matrix set: a solution, or why none exists (proved by exhaustive search).

    \b
    Examples:
        printables solve matrix --size 3x3 Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT
        printables solve matrix --id 4x4-258n5q --count --json
    """
    if puzzle_id is not None:
        if cards or size:
            raise click.UsageError("give either --id or --size with cards, not both")
        puzzle = _load(puzzle_id)
    else:
        if size is None:
            raise click.UsageError("give the matrix size (--size RxC) and the cards, or --id")
        try:
            puzzle = from_cards(read_cards(" ".join(cards), FOUR_D), *size)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="'CARDS'") from None
    data = _solution_json(puzzle)
    if count:
        found = count_solutions(puzzle.cards, puzzle.rows, puzzle.cols, limit=limit)
        data["solutions"] = found
        data["solutions_complete"] = limit is None or found < limit
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    click.echo(f"Puzzle {puzzle.id} ({puzzle.size_text}): {puzzle.grade.text}.")
    if puzzle.solution is not None:
        click.echo("\n".join(" ".join(str(c) for c in row) for row in puzzle.solution))
        click.echo("\n".join(sentence(line.sentence) for line in check_grid(puzzle.solution).lines))
    else:
        click.echo("Impossible. " + data["reason"]["text"])
    if count:
        more = "" if data["solutions_complete"] else " or more (stopped at --limit)"
        click.echo(
            f"Solutions, not counting reordered rows or columns"
            f"{' or the transposed grid' if puzzle.rows == puzzle.cols else ''}: "
            f"{data['solutions']}{more}."
        )


@click.command()
@kind_argument
@click.option("--id", "puzzle_id", required=True, help="The puzzle's id, as printed on the sheet.")
@click.option("--answer", type=click.File("r", encoding="utf-8"), required=True,
              help="The written answer: a file, or - to read it from standard input. One row "
              "a line (or rows separated by /); No in place of one card, or No alone, "
              "claims the set is impossible.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def check(kind: str, puzzle_id: str, answer: Any, as_json: bool) -> None:
    """Check a student's written answer to a puzzle; exit status 0 when it is right.

    \b
    Example:
        printf 'Gb=C ...\\n...' | printables check matrix --id 3x3-ma1y4e --answer -
    """
    puzzle = _load(puzzle_id)
    text = answer.read()
    try:
        verdict = check_answer(text, puzzle.cards)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--answer'") from None
    if as_json:
        click.echo(
            json.dumps(
                {
                    "id": puzzle.id,
                    "right": verdict.right,
                    "claim": verdict.claim,
                    "set_impossible": verdict.set_impossible,
                    "reasons": list(verdict.reasons),
                },
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        reasons = " ".join(sentence(r) for r in verdict.reasons)
        click.echo(("Right. " if verdict.right else "Wrong. ") + reasons)
    sys.exit(0 if verdict.right else 1)
