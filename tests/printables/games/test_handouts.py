"""Rules handouts: one for every game, each section written, every rule of the game's
checklist carried in the handout's words and quoted from its book, each worked example
played by the engine from a dealt hand and scored by it, and the words the project's own
(no run of eight words taken from a source book)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from printables.games.base import Game
from printables.games.handouts import HANDOUTS, SECTIONS
from printables.games.handouts.base import Replay, ReplayError, play
from printables.games.registry import GAMES

SEEDS = Path(__file__).resolve().parents[4] / "shared" / "seeds"
EXAMPLES = json.loads((Path(__file__).parent / "golden" / "handout-examples.json").read_text())
"""Each handout's example as printed (make_golden.py writes it again)."""
RUN = 8
"""Words in a row that may not appear in a source book."""


def test_every_game_of_every_book_has_a_handout() -> None:
    assert list(HANDOUTS) == list(GAMES)
    books = {handout.game.book for handout in HANDOUTS.values()}
    assert books == {"4D Playing Cards", "PARADOX", "Quad", "Four", "Lockdown"}


@pytest.mark.parametrize("key", list(HANDOUTS))
def test_each_handout_has_its_sections_and_a_worked_example_the_engine_scores(key: str) -> None:
    handout = HANDOUTS[key]
    headings = [heading for heading, _ in handout.sections]
    assert headings[:5] == list(SECTIONS)
    for _, body in handout.sections:
        assert len(body.split()) >= 5 and body.endswith(".")
    worked = handout.worked()  # the engine reads it: a ValueError would say why not
    assert worked.summary and worked.reasons
    cards = handout.example_cards
    assert len(cards) >= 2 and all(card.deck is handout.game.deck for card in cards)
    text = handout.text()
    assert text.startswith(f"{handout.game.title} ({handout.game.book}), ")
    assert worked.summary in text and handout.example in text
    players = "1 player" if handout.game.players == (1, 1) else "players"
    assert text.splitlines()[0].endswith(players) and " 1 points" not in text
    assert all(len(line) <= 88 for line in text.splitlines() if not line.startswith("  "))


def test_lockdown_says_what_its_source_lost() -> None:
    lost = dict(HANDOUTS["lockdown"].sections)["Lost from the source"]
    assert "Clear, Locking and The Rule of 3" in lost
    assert all("Lost from the source" not in dict(h.sections) for k, h in HANDOUTS.items()
               if k != "lockdown")  # fmt: skip


@pytest.mark.parametrize("key", list(HANDOUTS))
def test_every_rule_of_the_checklist_is_carried_by_the_handout(key: str) -> None:
    handout = HANDOUTS[key]
    assert len(handout.rules) >= 5
    ids = [rule.id for rule in handout.rules]
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"[a-z0-9-]+", i) for i in ids)
    assert not handout.missing(), [rule.id for rule in handout.missing()]
    for rule in handout.rules:
        assert rule.where and len(rule.handout.split()) >= 3, rule
        assert rule.book or rule.reading, f"{rule.id}: a rule the book does not say is a reading"


def test_a_rule_the_handout_drops_is_found_missing() -> None:
    handout = HANDOUTS["matches"]
    dropped = dataclasses.replace(handout, end="The first to 61 wins.")
    assert [rule.id for rule in dropped.missing()] == ["target", "empty-stock"]


def book_words(text: str) -> str:
    """A book's text as one line, to find a quote in: quotes made straight, and hyphens
    dropped, so a word broken across lines ("bid-" "ding") and a hyphened word broken at
    its hyphen ("single-" "flushes") are found as the quote writes them."""
    text = re.sub(r"(\w)-\n(\w)", r"\1\2", text).replace("-", "")
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
    return " ".join(text.replace("\u201d", '"').split()).lower()


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the source books are not at {SEEDS}")
def test_every_checklist_quote_is_the_books_own_words() -> None:
    books = book_words("\n".join(p.read_text(errors="replace") for p in SEEDS.glob("*.txt")))
    wrong = [(key, rule.id) for key, handout in HANDOUTS.items() for rule in handout.rules
             if rule.book and book_words(rule.book) not in books]  # fmt: skip
    assert not wrong


@pytest.mark.parametrize("key", list(HANDOUTS))
def test_each_worked_example_is_played_from_a_dealt_hand(key: str) -> None:
    """The example is written from the position a replay of legal moves reaches (each move
    re-checked by the engine), and it is the one printed until a change says otherwise."""
    handout = HANDOUTS[key]
    played = handout.played()
    assert len(played.states) == len(handout.replay.moves) + 1
    assert handout.scene(played) == handout.written
    assert handout.example == EXAMPLES[key]


def test_a_replay_with_an_illegal_move_says_which_and_why() -> None:
    game: Game[Any, Any, Any] = GAMES["matches"]
    with pytest.raises(ReplayError, match=r"move 1 'play Bb=S' is not a legal move") as caught:
        play(game, Replay(players=2, seed=4314, moves=("play Bb=S",)))
    assert "Legal here: 'play Rw=S', 'play Gb=S'" in str(caught.value)
    with pytest.raises(ReplayError, match=r"move 2 'turn up Gb=S'"):
        play(game, Replay(players=2, seed=4314, moves=("play Gb=S", "turn up Gb=S")))


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the source books are not at {SEEDS}")
def test_the_handouts_are_in_the_projects_own_words() -> None:
    books = " ".join(words(" ".join(p.read_text(errors="replace") for p in SEEDS.glob("*.txt"))))
    taken = []
    for key, handout in HANDOUTS.items():
        for heading, body in handout.sections:
            found = words(body)
            for start in range(len(found) - RUN + 1):
                run = " ".join(found[start : start + RUN])
                if f" {run} " in f" {books} ":
                    taken.append((key, heading, run))
    assert not taken, taken


def test_layouts_lie_as_on_the_table() -> None:
    """A grid as rows, Eighty-one's columns stood up (its batch below them), an empty place
    left empty."""
    matrix = HANDOUTS["matrix"].example_grid
    assert [[str(c) for c in row] for row in matrix] == [
        ["BbzC", "BbzS", "Bg=T"], ["RgzT", "Rw~S", "Rb~T"], ["GwzC", "Gw~S", "BwzT"]
    ]  # fmt: skip
    eighty_one = HANDOUTS["eighty-one"]
    *columns, blank, batch = eighty_one.example_grid
    written = eighty_one.example.split(" / ")
    assert [str(c) for c in columns[0]] == [column.split()[0] for column in written[:-1]]
    assert blank == (None,) * 9  # the batch that cannot be placed lies a row below
    assert [str(c) for c in batch] == written[-1].removeprefix("batch: ").split()
    tiles = HANDOUTS["tiles"].example_grid
    second = HANDOUTS["tiles"].example.split(" / ")[1].split()
    assert second[0] == "." and tiles[1][0] is None
    assert [str(c) for c in tiles[1][1:]] == second[1:]
    assert HANDOUTS["zodiac"].example_grid == (HANDOUTS["zodiac"].example_cards,)
