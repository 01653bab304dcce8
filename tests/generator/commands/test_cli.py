"""The printables command as a teacher runs it: real processes, real files."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from generator import commands
from generator.commands import decks, options
from printables.cards import DECKS
from printables.cards.wording import or_list


def printables(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", *args],
        cwd=cwd, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip


def test_pack_with_its_defaults_writes_both_decks_and_the_score_sheets(tmp_path: Path) -> None:
    result = printables("pack", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    pack = tmp_path / "classroom-pack"
    assert sorted(p.name for p in pack.iterdir()) == [
        "4d-deck.pdf",
        "notation-cards.pdf",
        "paradox-deck.pdf",
        "rules-handouts.pdf",
        "score-sheets.pdf",
    ]
    assert len(PdfReader(pack / "rules-handouts.pdf").pages) >= 21
    notation = PdfReader(pack / "notation-cards.pdf")
    assert len(notation.pages) == 1
    assert notation.pages[0].extract_text().count("How the cards are named") == 4
    assert len(PdfReader(pack / "4d-deck.pdf").pages) == 18
    assert len(PdfReader(pack / "paradox-deck.pdf").pages) == 10
    sheets = "".join(page.extract_text() for page in PdfReader(pack / "score-sheets.pdf").pages)
    for title in ("Squares", "Zodiac", "Matches", "Rummy", "Secret Card", "Nada",
                  "Challenge Matrix", "Challenge Cipher", "4D Poker"):  # fmt: skip
        assert title in sheets
    assert "Classroom pack ready" in result.stdout
    umask = os.umask(0)
    os.umask(umask)
    assert (pack / "4d-deck.pdf").stat().st_mode & 0o777 == 0o666 & ~umask  # as usual, not 0600


def test_pack_takes_the_deck_options(tmp_path: Path) -> None:
    """Card size, bleed, duplex offset and names reach both decks of the pack."""
    result = printables(
        "pack", "--paper", "letter", "--card", "bridge", "--bleed", "2", "--duplex-offset", "1.5,0",
        "--no-names", "--out", "pk", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("6 per sheet on Letter") == 2  # the bleed leaves room for 6
    pack = tmp_path / "pk"
    by_hand = tmp_path / "by-hand.pdf"
    alone = printables(
        "deck", "paradox", "--paper", "letter", "--card", "bridge", "--bleed", "2",
        "--duplex-offset", "1.5,0", "--no-names", "--out", str(by_hand), cwd=tmp_path,
    )  # fmt: skip
    assert alone.returncode == 0, alone.stderr
    assert (pack / "paradox-deck.pdf").read_bytes() == by_hand.read_bytes()
    refused = printables("pack", "--duplex-offset", "x", cwd=tmp_path)
    assert refused.returncode == 2 and "expected X,Y" in refused.stderr


def test_deck_on_a4_bridge_without_backs(tmp_path: Path) -> None:
    out = tmp_path / "px.pdf"
    result = printables(
        "deck", "PARADOX", "--paper", "A4", "--card", "bridge", "--no-backs", "--out", str(out),
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert len(PdfReader(out).pages) == 5
    assert "44 cards, 9 per sheet on A4" in result.stdout


def test_svg_format_writes_a_folder(tmp_path: Path) -> None:
    result = printables("deck", "4d", "--format", "svg", "--out", "cards", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(list((tmp_path / "cards").glob("*.svg"))) == 82


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["deck", "4d", "--paper", "a5"], "'a5' is not one of 'letter', 'a4'"),
        (["deck", "tarot"], "'tarot' is not one of '4d', 'paradox'"),
        (["deck", "4d", "--card", "huge"], "expected poker, bridge or a size in mm"),
        (["deck", "4d", "--card", "10x10"], "too small"),
        (["deck", "4d", "--card", "200x280"], "does not fit on Letter"),
        (["deck", "4d", "--duplex-offset", "left"], "expected X,Y in mm"),
        (["deck", "4d", "--bleed", "9"], "--bleed"),
        (["deck", "4d", "--format", "png"], "'png' is not one of 'pdf', 'svg'"),
        (["shuffle"], "No such command 'shuffle'"),
    ],
)
def test_bad_arguments_get_one_clear_line_and_no_output(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = printables(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not list(tmp_path.iterdir())  # nothing written


def test_help_is_for_teachers() -> None:
    result = CliRunner().invoke(commands.main, ["deck", "--help"])
    assert result.exit_code == 0
    for words in ("4d (81 cards)", "--duplex-offset", "flip on long edge", "Examples"):
        assert words in result.output


def test_a_failed_run_leaves_the_old_file_and_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "deck.pdf"
    target.write_bytes(b"the teacher's earlier PDF")

    def broken(*args: object, **kwargs: object) -> bytes:
        raise RuntimeError("disk trouble")

    monkeypatch.setattr(decks, "deck_pdf", broken)
    result = CliRunner().invoke(commands.main, ["deck", "4d", "--out", str(target)])
    assert result.exit_code != 0
    assert target.read_bytes() == b"the teacher's earlier PDF"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.pdf"]


def test_write_atomically_cleans_up_when_the_rename_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "deck.pdf"

    def refuse(*args: object) -> None:
        raise OSError("read-only")

    monkeypatch.setattr(options.os, "replace", refuse)
    with pytest.raises(OSError, match="read-only"):
        options.write_atomically(target, b"%PDF-1.4 ...")
    assert not list(tmp_path.iterdir())


def test_calibration_command(tmp_path: Path) -> None:
    result = printables("calibration", "--paper", "a4", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert len(PdfReader(tmp_path / "duplex-calibration.pdf").pages) == 2


def test_the_help_lists_every_command_with_its_own_first_sentence() -> None:
    """``printables --help`` lists commands without importing them; each line is the
    command's own docstring (a stale line fails here)."""
    for name, (_, line) in commands.COMMANDS.items():
        command = commands.load(name)
        assert command is not None and command.get_short_help_str(10_000) == line, name
    listed = CliRunner().invoke(commands.main, ["--help"]).output
    for name in [*commands.COMMANDS, "serve", "teacher"]:
        assert f"\n  {name} " in listed
    named = listed.split("or one deck (", 1)[1].split(")", 1)[0]
    assert named == or_list(list(DECKS)), "the help names every deck printables prints"


def _loaded_after(code: str, modules: tuple[str, ...]) -> list[str]:
    """Which of ``modules`` a fresh Python process has imported after running ``code``."""
    check = f"{code}\nimport sys\nprint('LOADED', [m for m in {modules!r} if m in sys.modules])\n"
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True)
    line = next((x for x in result.stdout.splitlines() if x.startswith("LOADED ")), None)
    assert line is not None, result.stdout + result.stderr
    return ast.literal_eval(line.removeprefix("LOADED "))


def test_the_help_imports_no_drawing_no_games_and_no_web_app() -> None:
    code = (
        "import sys\n"
        "from generator.commands import main\n"
        "sys.argv = ['printables', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
    )
    heavy = ("reportlab", "flask", "sqlalchemy", "printables.games.registry", "shapely", "svgwrite")
    assert _loaded_after(code, heavy) == []


def test_the_puzzle_commands_load_the_drawing_code_only_when_they_draw() -> None:
    """The worksheet and MAT kit commands load reportlab, shapely and the card faces while
    other processes make the puzzles (or after), not before: the processes need none (nor
    the web app's MAT sessions)."""
    code = "from generator.commands import load\nload('worksheet'), load('mat-kit')"
    heavy = ("reportlab", "shapely", "generator.draw.faces", "printables.matrix.session")
    assert _loaded_after(code, heavy) == []


def test_a_matrix_worksheet_imports_no_game_and_no_other_puzzle_kind(tmp_path: Path) -> None:
    """A kind is imported when it is asked for: printing a Matrix worksheet loads Matrix
    alone (its import was 60 % of a light sheet's CPU when every kind came with it)."""
    out = tmp_path / "sheet.pdf"
    code = (
        "import json, sys\n"
        "from generator.commands import run\n"
        "try:\n"
        f"    run(['worksheet', 'matrix', '--seed', '1', '--count', '2', '--out', {str(out)!r}])\n"
        "except SystemExit as stop:\n"
        "    assert not stop.code, stop.code\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout.splitlines()[-1])
    assert out.read_bytes().startswith(b"%PDF-")
    assert "printables.matrix.puzzles" in loaded
    others = [
        m
        for m in loaded
        if (
            m.startswith(("printables.games", "printables.paradox", "printables.questions."))
            and m != "printables.questions.base"
        )
        or m == "generator.documents.costly_tricks_blocks"
    ]
    assert others == []


def test_an_output_folder_blocked_by_a_file_gets_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder")
    for args in (["deck", "four", "--out", str(blocker / "x.pdf")],
                 ["deck", "four", "--format", "svg", "--out", str(blocker)]):  # fmt: skip
        result = printables(*args, cwd=tmp_path)
        assert result.returncode == 1, result.stderr
        assert (
            result.stderr
            == f"Error: cannot write into {blocker}: a file of that name is in the way\n"
        )
