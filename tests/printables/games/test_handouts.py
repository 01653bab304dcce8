"""Rules handouts: one for every game, each section written, each worked example real
cards of the game's deck scored by the game's own engine, and the words the project's
own (no run of eight words taken from a source book)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printables.games.handouts import HANDOUTS, SECTIONS
from printables.games.registry import GAMES

SEEDS = Path(__file__).resolve().parents[4] / "shared" / "seeds"
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
    assert all(len(line) <= 88 for line in text.splitlines() if not line.startswith("  "))


def test_lockdown_says_what_its_source_lost() -> None:
    lost = dict(HANDOUTS["lockdown"].sections)["Lost from the source"]
    assert "Clear, Locking and The Rule of 3" in lost
    assert all("Lost from the source" not in dict(h.sections) for k, h in HANDOUTS.items()
               if k != "lockdown")  # fmt: skip


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
    """A grid as rows, Eighty-one's columns stood up, an empty place left empty."""
    matrix = HANDOUTS["matrix"].example_grid
    assert [[str(c) for c in row] for row in matrix] == [
        ["BbzT", "Bg~T", "Bw=T"], ["Gb~T", "Gg=T", "GwzT"], ["RbzT", "RgzC", "RwzS"]
    ]  # fmt: skip
    columns = HANDOUTS["eighty-one"].example_grid
    assert [[str(c) for c in row] for row in columns] == [["Bb=S", "Rg=T"], ["Gw~S", "BwzT"]]
    tiles = HANDOUTS["tiles"].example_grid
    assert tiles[1][0] is None and str(tiles[1][1]) == "Bw=T"
    assert HANDOUTS["zodiac"].example_grid == (HANDOUTS["zodiac"].example_cards,)
