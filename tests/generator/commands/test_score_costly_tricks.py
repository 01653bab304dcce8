"""``printables score costly-tricks``: a trick or a round's tally, as a teacher types it."""

from __future__ import annotations

import json

from cli_support import run


def test_score_the_books_worked_trick() -> None:
    code, out, _ = run("score", "costly-tricks", "A:", "R5", "B3", "P10", "B6")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        "Costly Tricks: 24 points: A's ghost takes the trick: 24 points less 20, net +4 for A"
    )
    assert "  A leads R5: red is led." in lines
    assert "  B plays B3: B holds no red, so blue becomes trump." in lines
    assert any(line.endswith("so B6 has no power.") for line in lines)
    assert "  The trick holds 24 points (5 + 3 + 10 + 6) and costs its taker 20: net +4 for A." in (
        lines
    )


def test_score_a_trick_as_json() -> None:
    code, out, _ = run("score", "costly-tricks", "A: R5 B3 P10 B6", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["game"] == "Costly Tricks" and data["points"] == 24
    details = data["details"]
    assert details["winner"] == "A's ghost" and details["side"] == "A"
    assert (details["points"], details["cost"], details["net"]) == (24, 20, 4)
    assert details["trump"] == "purple"


def test_score_a_tally_of_one_side() -> None:
    code, out, _ = run("score", "costly-tricks", "tricks 5 points 104")
    assert code == 0
    assert out.splitlines() == [
        "Costly Tricks: this side wins the round and a chip: net +4 against -4",
        "  This side took 5 tricks, costing 5 x 20 = 100, and 104 points: net +4.",
        "  The other side took the other 6 tricks (costing 120) and the other 116 of the 220 "
        "points: net -4.",
        "  The cards hold 220 points and 11 tricks cost 11 x 20 = 220, so the nets sum to 0: "
        "counting one side is enough.",
        "  This side has a net above 0 and wins the round and a chip.",
    ]


def test_score_a_tally_of_both_sides_as_json_from_standard_input() -> None:
    text = "A: 4 tricks, 80 points; B: 7 tricks, 140 points\n"
    code, out, _ = run("score", "costly-tricks", "-", "--json", stdin=text)
    data = json.loads(out)
    assert code == 0 and data["points"] is None
    assert data["summary"] == "a draw: both nets are 0"
    assert data["details"]["draw"] is True
    assert [s["net"] for s in data["details"]["sides"]] == [0, 0]


def test_a_bad_position_gets_one_sentence() -> None:
    for args, message in [
        (("A: R5 B3 P10",), "a finished trick has four cards, one from each hand, not 3"),
        (("C: R5 B3 P10 B6",), "'C' is not a hand"),
        (("A tricks 5 points 104; B tricks 6 points 110",), "220 points in all"),
        (("-o", "colour=red", "tricks 5 points 104"), "has no option 'colour'"),
    ]:
        code, _, err = run("score", "costly-tricks", *args)
        assert code in (1, 2)
        assert message in err
        assert "Traceback" not in err


def test_rules_shows_the_option_and_what_score_reads() -> None:
    code, out, _ = run("rules", "costly tricks")
    assert code == 0
    assert "Costly Tricks (PARADOX), 2 players" in out
    assert "pass_chips=false" in out
    assert "'A: R5 B3 P10 B6'" in out
    assert "'A tricks 5 points 104'" in out
