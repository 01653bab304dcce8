"""``printables score the-third-man``: one auction of The Third Man (PARADOX), four bids in
seat order, as a teacher types it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from generator import commands


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(commands.main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_an_auction_is_scored_with_a_reason_for_each_bid() -> None:
    code, out, _ = run("score", "the-third-man", "3", "7", "7", "2")
    assert code == 0
    assert out.splitlines() == [
        "The Third Man: Player 1 +6, player 2 -2, player 3 -2, player 4 0",
        "  Player 1 bid 3, the third-highest bid (two tied highest leave no second), and gains "
        "double the bid: up 6.",
        "  Player 2 bid 7, tied highest with player 3: they share the 10 points, so 5 less 7: "
        "down 2.",
        "  Player 3 bid 7, tied highest with player 2: they share the 10 points, so 5 less 7: "
        "down 2.",
        "  Player 4 bid 2, the lowest bid: the piece stays put.",
    ]


def test_the_json_gives_the_changes_at_the_top_level() -> None:
    code, out, _ = run("score", "the-third-man", "--json", "3", "7", "7", "2")
    data = json.loads(out)
    assert code == 0
    assert data["changes"] == [6, -2, -2, 0] and data["cancelled"] is False
    assert data["game"] == "The Third Man" and data["points"] is None
    assert data["details"] == {"bids": [3, 7, 7, 2], "places": [3, 1, 1, 4]}
    assert len(data["reasons"]) == 4


def test_three_or_four_equal_bids_print_cancelled() -> None:
    for bids in (["7", "7", "7", "2"], ["4", "4", "4", "4"]):
        code, out, _ = run("score", "the-third-man", *bids, "--json")
        data = json.loads(out)
        assert code == 0
        assert data["cancelled"] is True and data["changes"] is None
        assert "annul" in data["reasons"][0]


def test_the_other_games_json_keeps_its_shape() -> None:
    code, out, _ = run("score", "good-riddance", "GwzC on BbzS", "--json")
    assert code == 0
    assert list(json.loads(out)) == ["game", "points", "summary", "reasons", "details"]


@pytest.mark.parametrize(
    ("bids", "message"),
    [
        (["3", "7", "7"], "four bids in seat order, each 0 to 9 (e.g. '3 7 7 2'); 3 bids given."),
        (["3", "7", "7", "2", "5"], "5 bids given."),
        (["3", "7", "10", "2"], "10 is not a bid; bids are 0 to 9 (the 10s are out)."),
        (["3", "seven", "7", "2"], "'seven' is not a bid; a bid is a number 0 to 9."),
    ],
)
def test_bad_bids_get_one_clear_line(bids: list[str], message: str) -> None:
    code, _, err = run("score", "the-third-man", *bids)
    assert code == 1
    assert message in err and len(err.strip().splitlines()) == 1
