"""``printables rules`` and ``printables score``, as a teacher runs them."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_support import run

from printables.games.registry import GAMES


def test_rules_lists_every_game_with_its_players() -> None:
    code, out, _ = run("rules")
    assert code == 0
    for game in GAMES.values():
        line = next(line for line in out.splitlines() if line.startswith(game.key + " "))
        assert game.title in line and ("players" in line or " 1 player " in line)
    assert "1 players" not in out


def test_rules_of_one_game_shows_options_with_book_defaults() -> None:
    code, out, _ = run("rules", "Good Riddance")
    assert code == 0
    assert "Good Riddance (4D Playing Cards), 2-5 players" in out
    assert "shared=0" in out and "draw_until_play=false" in out and "hand_size=7" in out
    assert "CARD on TOP-CARD" in out


def test_rules_json_describes_every_game() -> None:
    code, out, _ = run("rules", "--json")
    data = json.loads(out)
    assert code == 0 and [g["key"] for g in data] == list(GAMES)
    riddance = next(g for g in data if g["key"] == "good-riddance")
    assert riddance["players"] == [2, 5]
    assert next(g for g in data if g["key"] == "4d-poker")["aliases"] == ["poker"]
    assert {"name": "shared", "default": 0, "help": riddance["options"][0]["help"]} in riddance[
        "options"
    ]


def test_score_gives_the_verdict_and_the_reason() -> None:
    code, out, _ = run("score", "good-riddance", "GwzC", "on", "BbzS")
    assert code == 0
    assert out.splitlines() == [
        "Good Riddance: GwzC may not be played on BbzS",
        "  GwzC shares zigzag with the top card BbzS; Good Riddance needs no shared value.",
    ]


def test_score_json_and_options() -> None:
    code, out, _ = run("score", "good-riddance", "-o", "shared=2", "Rg=T on Rg~S", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["details"] == {"legal": True, "shared": ["red", "gray"]}
    assert data["points"] is None and data["game"] == "Good Riddance"


def test_score_reads_standard_input() -> None:
    code, out, _ = run("score", "good-riddance", "-", stdin="GwzC on Rb~S\n")
    assert code == 0 and "may be played" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "snap", "x"], "no game called 'snap'; the games are: "),
        (["score", "good-riddance", "GxzC on BbzS"], "'x' is not a shade; expected b, g or w"),
        (["score", "good-riddance", "-o", "shared=3", "GwzC on BbzS"], "0 or 2 shared values"),
        (["score", "good-riddance", "-o", "colour=red", "a"], "has no option 'colour'"),
        (["score", "good-riddance", "-o", "shared=two", "a"], "is a whole number, not 'two'"),
        (["score", "good-riddance", "-o", "draw_until_play=maybe", "a"], "true or false"),
        (["score", "good-riddance", "GwzC BbzS"], "CARD on TOP-CARD"),
    ],
)
def test_bad_input_gets_one_clear_line(args: list[str], message: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "generator", *args], capture_output=True, text=True, check=False
    )
    assert result.returncode in (1, 2)
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


# One position per game, as a teacher would type it, and what the answer must say.
EXAMPLES = {
    "4d-poker": ("Rg=T Rg=C Rg=S Bg=S Gg=S", "4D Poker: Six pair, 5,5,3,3"),
    "matrix": ("BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS", "Solved 3x3 matrix"),
    "challenge-matrix": (
        "40: BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS; "
        "55: Bb=S Bg=S Bw=S / Gb=S Gg=S Gw=S / Rb=S Rg=S Rw=S",
        "Challenge Matrix:",
    ),
    "squares": (
        "Rg=T Rg=C Rg=S Bg=S / Gg=S Gg=T Gg=C Bg=T / Rg~T Rg~C Rg~S Bg~S / Gg~S Gg~T Gg~C Bg~T",
        "26 points",
    ),
    "eighty-one": ("Bb=S Gw~S / Rg=T BwzT", "All 2 columns are single-flushes"),
    "zodiac": ("Gg~T Rb~T BgzC RwzC BbzT", "Zodiac: down two (10 values)"),
    "matches": ("Gg~S Gb=S Gw~S Bw~S Rw~S", "4 plays by 2 players in turn: player 1 5, player 2 5"),
    "4d-500-rummy": (
        "melds: BwzC BbzS BgzT BwzS | Rg~S Rg~C Rg~T ; added: ; hand:",
        "40 points",
    ),
    "secret-card": ("Bw~T=2 BwzT=1 Gg=S=1 Bb=C=1", "Gb~T Gw~C"),
    "good-riddance": ("GwzC on BbzS", "GwzC may not be played on BbzS"),
    "nada-nada-nada": ("BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T", "three separate nadas"),
    "dna": ("GbzS GbzC RbzC RgzC / Gw=C", "every neighbour sharing three values"),
    "cross-purposes": (
        "Bb=C Rw=C Bw=T Rb~T / Bb~C Rw~C Rw=T Rb=C / Rb~C Bw~T Bw~C Rw~T / Bw=C Bb~T Rb=T Bb=T",
        "Neither player has single-flushes in every column",
    ),
    "tiles": ("Bb=S Bb=T / . Bw=T", "The layout of 3 cards is legal"),
    "challenge-cipher": ("Rg=T Rg=C Bg=C / BwzS BwzC GwzC", "are ciphers"),
    "costly-tricks": ("A: R5 B3 P10 B6", "24 points: A's ghost takes the trick"),
    "buddy-on-your-left": ("12 40 11", "Player 1 wins: totals 52, 51, 23; chips 3, 1, 0"),
    "the-third-man": ("3 7 7 2", "Player 1 +6, player 2 -2, player 3 -2, player 4 0"),
    "quad": ("reds: KH 5H / 9S 3S / QD", "reds 30, blacks 12: reds; the call was reds"),
    "four": ("AS 2H 2D KC after twos", "may not go out after twos"),
    "lockdown": ("KS KH KD 7C", "one more king and you are out"),
}


def test_every_game_has_an_example_here() -> None:
    assert set(EXAMPLES) == set(GAMES)


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_score_reads_each_games_position(key: str) -> None:
    position, expected = EXAMPLES[key]
    code, out, err = run("score", key, position)
    assert code == 0, err
    assert expected in out
    code, out, _ = run("score", key, position, "--json")
    data = json.loads(out)
    assert code == 0 and data["game"] == GAMES[key].title and data["summary"]


def test_rules_checklist_reads_a_handout_against_its_book() -> None:
    """Each rule of the book: where the book says it, its words, and the handout's."""
    from printables.games.handouts import HANDOUTS

    code, out, _ = run("rules", "matches", "--checklist")
    handout = HANDOUTS["matches"]
    assert code == 0
    assert out.startswith(f"Matches (4D Playing Cards): {len(handout.rules)} rules of the book")
    flat = " ".join(out.split())
    for rule in handout.rules:
        assert f"{rule.id}: {rule.where}" in out
        assert f'handout: "{rule.handout}"' in flat
        assert (f'book: "{rule.book}"' in flat) == bool(rule.book)
    assert "reading: docs/readings/matches.md, Empty stock" in out
    code, _, err = run("rules", "--checklist")
    assert code == 2 and "--checklist reads one game's handout: name the game" in err
    code, out, _ = run("rules", "--json")
    matches = next(g for g in json.loads(out) if g["key"] == "matches")
    assert [r["id"] for r in matches["checklist"]] == [r.id for r in handout.rules]
