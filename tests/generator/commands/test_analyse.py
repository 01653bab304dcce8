"""``printables analyse costly-tricks ROUND``: a played round reviewed card by card, as
text or JSON, from a file or standard input; a bad round is one line and exit status 2."""

from __future__ import annotations

import json
from pathlib import Path

from cli_support import one_error_line, run
from played_rounds import WHOLE_AND_SLOW

from printables.paradox.rounds import EXAMPLE


def test_the_text_goes_trick_by_trick_with_marks_and_totals(tmp_path: Path) -> None:
    path = tmp_path / "round.txt"
    path.write_text(EXAMPLE, encoding="utf-8")
    code, out, err = run("analyse", "costly-tricks", str(path))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Costly Tricks: double-dummy analysis of the round"
    tricks = [line for line in lines if line.startswith("Trick ")]
    assert tricks == [
        "Trick 1, led by A: A's ghost takes 24 points, net +4 for A",
        "Trick 2, led by A's ghost: B's ghost takes 16 points, net -4 for B",
        "Trick 3, led by B's ghost: A's ghost takes 29 points, net +9 for A",
    ]
    marked = [line.split()[:3] for line in lines if line.startswith("  ") and " ? " in line]
    assert marked == [["A", "R5", "?"], ["B", "B3", "?"], ["B's", "ghost", "B7"]]
    assert "  A lost 1 point in 1 card (R5? 1)" in lines
    assert "  B lost 4 points in 2 cards (B3? 1, B7? 3)" in lines
    assert "  Nets as played: A +13, B -4 (best play by both: A +10, B -1)" in lines


def test_json_from_standard_input() -> None:
    code, out, err = run("analyse", "costly-tricks", "-", "--json", stdin=EXAMPLE)
    assert code == 0, err
    data = json.loads(out)
    assert data["start"]["nets"] == {"A": 10, "B": -1}
    assert data["losses"] == {"A": 1, "B": 4} and data["nets"] == {"A": 13, "B": -4}
    costly = [(c["card"], c["cost"]) for t in data["tricks"] for c in t["cards"] if c["cost"]]
    assert costly == [("R5", 1), ("B3", 1), ("B7", 3)]


def test_a_bad_round_is_one_line_and_exit_status_2(tmp_path: Path) -> None:
    code, _, err = run("analyse", "costly-tricks", "-", stdin=EXAMPLE.replace("B8 P1", "B8 P10"))
    assert code == 2
    one_error_line(err, "<stdin>: trick 3, card 4 (A's ghost): P10 was already played, in trick 1")
    path = tmp_path / "round.txt"
    path.write_text("A: R10 R5 G4\nB: G2 X8 B3\n", encoding="utf-8")
    code, _, err = run("analyse", "costly-tricks", str(path))
    assert code == 2
    one_error_line(err, "round.txt: line 2 (B's hand): card 2: 'X8': 'X' is not a color")


def test_only_costly_tricks_rounds_are_analysed() -> None:
    code, _, err = run("analyse", "third-man", "-", stdin=EXAMPLE)
    assert code == 2
    one_error_line(err, "'third-man' is not 'costly-tricks'")


def test_with_seconds_a_long_round_is_analysed_from_where_the_time_ran_out() -> None:
    """A whole round whose first lead takes the solver over 30 s, given 3: its first cards
    are shown as played, the rest analysed; no card analysed in the time is one error
    line; a limit of 0 is a usage error."""
    code, out, err = run("analyse", "costly-tricks", "-", "--seconds", "3", stdin=WHOLE_AND_SLOW)
    assert code == 0, err
    assert "The solver's time ran out before it reached the first" in out
    assert "  B's ghost  P7     (not analysed)" in out
    assert "Trick 11, led by A: B's ghost takes 21 points, net +1 for B" in out
    code, _, err = run("analyse", "costly-tricks", "-", "--seconds", "1e-9", stdin=WHOLE_AND_SLOW)
    assert code == 1
    one_error_line(err, "the solver's 1e-09 s ran out before it analysed any card")
    code, _, err = run("analyse", "costly-tricks", "-", "--seconds", "0", stdin=EXAMPLE)
    assert code == 2 and "0.0 is not in the range x>0" in err
