"""Rules handouts as PDF and on the command line: each game from a new page on one or two
pages, its sections and its worked example (cards drawn, the engine's verdict printed), the
footer naming the game on each of its pages; `printables handout` and `printables rules`."""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdf_probe import fragments
from pypdf import PdfReader

from generator import commands
from generator.documents.handouts import handouts_pdf, make_handouts
from generator.draw.layout import PAPERS
from printables.games.handouts import HANDOUTS, SECTIONS


@cache
def everything(paper: str) -> tuple[bytes, tuple[int, ...]]:
    data, pages = make_handouts(list(HANDOUTS), PAPERS[paper])
    return data, tuple(pages)


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_every_game_on_one_or_two_pages_of_its_own(paper: str) -> None:
    data, pages = everything(paper)
    assert all(1 <= n <= 2 for n in pages), dict(zip(HANDOUTS, pages, strict=True))
    texts = [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]
    assert len(texts) == sum(pages)
    first = 0
    for (key, handout), count in zip(HANDOUTS.items(), pages, strict=True):
        game = handout.game
        own = texts[first : first + count]
        assert own[0].startswith(game.title + "\n")
        body = flat("\n".join(own))
        for heading in SECTIONS:
            assert heading in body, (key, heading)
        assert flat(handout.setup) in body
        worked = handout.worked()
        assert flat(worked.summary) in body and flat(worked.reasons[0]) in body
        for card in handout.example_cards:
            assert str(card) in body
        for text in own:
            assert f"{game.title} ({game.book}): the rules, in brief" in text  # the footer
        first += count


FULL_ENOUGH = 0.3
"""The share of its page that a game's second page fills, at least: a handout keeps to
whole pages, never a line or two spilling over."""


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_game_on_two_pages_fills_a_good_part_of_the_second(paper: str) -> None:
    data, pages = everything(paper)
    height = float(PdfReader(io.BytesIO(data)).pages[0].mediabox.height)
    thin = {}
    last = -1
    for key, count in zip(HANDOUTS, pages, strict=True):
        last += count
        if count == 1:
            continue
        found = fragments(data, last)
        footer = min(y for _, y, text in found if "the rules, in brief" in text)
        lowest = min(y for _, y, _ in found if y > footer + 3)
        if (height - lowest) / height < FULL_ENOUGH:
            thin[key] = round((height - lowest) / height, 2)
    assert not thin, f"second pages nearly empty (share of the page used): {thin}"


def test_a_handout_of_one_game_is_that_game_alone() -> None:
    data = handouts_pdf(["zodiac"], PAPERS["letter"])
    reader = PdfReader(io.BytesIO(data))
    assert reader.metadata.title == "Zodiac: the rules"
    assert "Matches" not in "".join(page.extract_text() for page in reader.pages)
    with pytest.raises(ValueError, match="at least one game"):
        handouts_pdf([], PAPERS["letter"])


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(commands.main, list(args))
    return result.exit_code, result.output


def test_the_handout_command_takes_a_game_by_any_name_or_all(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out = run("handout", "Good Riddance", "--paper", "a4")
    assert code == 0, out
    assert out == "Wrote good-riddance-rules.pdf: the rules of Good Riddance, 1 page.\n"
    assert (tmp_path / "good-riddance-rules.pdf").read_bytes() == handouts_pdf(
        ["good-riddance"], PAPERS["a4"]
    )
    code, out = run("handout", "all", "--out", "all.pdf")
    pages = len(PdfReader(tmp_path / "all.pdf").pages)
    assert out == (
        f"Wrote all.pdf: the rules of all {len(HANDOUTS)} games, {pages} pages, each game "
        "from a new page.\n"
    )
    code, out = run("handout", "bridge")
    assert code == 2
    assert "no game called 'bridge'" in out and "or 'all', or 'notation'" in out


def test_rules_of_a_game_shows_its_handout_then_its_options() -> None:
    code, out = run("rules", "zodiac")
    assert code == 0
    handout = HANDOUTS["zodiac"]
    assert out.startswith(handout.text() + "\n\nPrint it for the class: printables handout zodiac")
    assert out.index("You need:") < out.index("Options (printables score")
