"""``/analyse/costly-tricks`` through Flask's test client: the form with the example typed
in, a round posted and analysed trick by trick (costly cards marked by a sign as well as a
colour), and a bad round kept as typed with the problem."""

from __future__ import annotations

import html
import re
import threading
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient
from played_rounds import MISTAKES, RunsOut

from printables.paradox.analysis import analyse
from printables.paradox.problems import generated_id
from printables.paradox.rounds import EXAMPLE, read_round
from printables.paradox.solver import COMPILED
from webapp.analysis import views

PAGE = "/analyse/costly-tricks"
DASH = "\N{EN DASH}"


def text_of(client: FlaskClient, path: str, **query: str) -> tuple[int, str]:
    response = client.get(path, query_string=query)
    return response.status_code, html.unescape(response.get_data(as_text=True))


def textarea(page: str) -> str:
    found = re.search(r'<textarea id="round" name="round"[^>]*>(.*?)</textarea>', page, re.S)
    assert found is not None, page
    return found.group(1)


def rows(page: str) -> list[tuple[str, list[str]]]:
    """Each card row of the analysis table: its class and its cells' text."""
    table = page.split('<table class="data analysis">', 1)[1].split("</table>", 1)[0]
    found = []
    for attrs, body in re.findall(r"<tr( class=\"[^\"]*\")?>(.*?)</tr>", table, re.S):
        cells = [
            re.sub(r"<[^>]+>", "", c).strip()
            for c in re.findall(r"<td[^>]*>(.*?)</td>", body, re.S)
        ]
        if cells:
            found.append((attrs.strip()[7:-1] if attrs else "", cells))
    return found


def test_the_form_comes_with_the_example_typed_in(client: FlaskClient) -> None:
    status, page = text_of(client, PAGE)
    assert status == 200
    assert f'<form class="round" method="post" action="{PAGE}">' in page
    assert 'name="csrf_token"' in page
    assert textarea(page) == EXAMPLE
    assert 'id="analysis"' not in page


def test_a_posted_round_is_analysed_trick_by_trick(client: FlaskClient) -> None:
    response = client.post(PAGE, data={"round": MISTAKES.replace("\n", "\r\n")})
    assert response.status_code == 303
    address = urlsplit(response.location)
    assert address.path == PAGE and address.fragment == "analysis"
    assert parse_qs(address.query)["round"] == [MISTAKES]
    status, page = text_of(client, PAGE, round=MISTAKES)
    assert status == 200
    assert textarea(page) == MISTAKES
    heads = re.findall(r'<th colspan="6" scope="rowgroup">(.*?)</th>', page, re.S)
    assert [" ".join(h.split()) for h in heads] == [
        "Trick 1, led by A: B's ghost takes 23 points, net +3 for B",
        "Trick 2, led by B's ghost: A's ghost takes 25 points, net +5 for A",
        "Trick 3, led by A's ghost: B's ghost takes 29 points, net +9 for B",
    ]
    cards = rows(page)
    assert len(cards) == 12
    marked = [(kind, cells[0], cells[1], cells[4]) for kind, cells in cards if kind]
    assert marked == [
        ("costly", "B's ghost", "G9?", "1 lost"),
        ("costly blunder", "A's ghost", "P9??", "9 lost"),
    ]
    assert all(cells[4] == "0" for kind, cells in cards if not kind)
    totals = page.split('<table class="data totals">', 1)[1].split("</table>", 1)[0]
    lines = [
        " ".join(re.sub(r"<[^>]+>", " ", r).split())
        for r in re.findall(r"<tr>(.*?)</tr>", totals, re.S)
    ]
    assert lines[1:] == ["A 9 P9?? (9) +5 +13", "B 1 G9? (1) +12 +4"]  # 13 - 9 + 1, 4 - 1 + 9


def test_a_bad_round_comes_back_as_typed_with_the_problem(client: FlaskClient) -> None:
    typed = EXAMPLE.replace("B8 P1", "B8 P10")
    response = client.post(PAGE, data={"round": typed})
    assert response.status_code == 303 and response.location == PAGE
    status, page = text_of(client, PAGE)
    assert status == 200
    problem = re.search(r'<p class="problems" id="problem" role="alert">(.*?)</p>', page)
    assert problem is not None
    assert problem.group(1) == "Trick 3, card 4 (A's ghost): P10 was already played, in trick 1."
    assert textarea(page) == typed
    assert 'aria-invalid="true"' in page and 'id="analysis"' not in page
    _, again = text_of(client, PAGE)  # shown once: a reload is the empty form again
    assert textarea(again) == EXAMPLE and "problems" not in again.split("<main", 1)[1]


def test_a_bad_round_in_the_address_is_refused_with_the_problem(client: FlaskClient) -> None:
    status, page = text_of(client, PAGE, round="A: R10 R5\nB: X1")
    assert status == 400
    assert "Line 2 (B's hand): card 1: 'X1': 'X' is not a color" in page
    assert textarea(page) == "A: R10 R5\nB: X1"


def nine_cards() -> str:
    """A round of 9 cards a hand, none played yet."""
    hands = [" ".join(f"{c}{r}" for r in range(9)) for c in "RGPB"]
    return "\n".join(
        f"{seat}: {hand}"
        for seat, hand in zip(("A", "B", "A's ghost", "B's ghost"), hands, strict=True)
    )


def test_long_rounds_and_empty_ones_are_refused(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "MOST_CARDS", 8)  # as where the compiled search is not built
    status, page = text_of(client, PAGE, round=nine_cards())
    assert status == 400
    assert "This page analyses hands of up to 8 cards, not 9" in page
    assert "printables analyse costly-tricks" in page
    status, page = text_of(client, PAGE, round="  \n")
    assert status == 400 and "Type the round first" in page


def test_with_the_compiled_search_whole_rounds_are_analysed(client: FlaskClient) -> None:
    assert (11 if COMPILED else views.MOST_CARDS_PURE) == views.MOST_CARDS
    assert COMPILED, "the install builds the compiled search"
    status, page = text_of(client, PAGE, round=nine_cards())
    assert status == 200, page
    assert "Nets with best play from here" in page or "best play" in page


def test_a_round_of_which_no_card_is_analysed_in_time_is_refused_and_kept(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    views.analysed.cache_clear()
    monkeypatch.setattr(views, "ANALYSE_SECONDS", 1e-6)
    status, page = text_of(client, PAGE, round=nine_cards())
    assert status == 503
    assert "could not analyse even the last card of this round within this server's 1e-06 s" in page
    assert "printables analyse costly-tricks" in page
    assert textarea(page) == nine_cards()
    views.analysed.cache_clear()


def test_a_round_whose_time_runs_out_is_analysed_from_where_it_got(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The solver's time running out past 8 cards (as a whole round's first lead past the
    page's seconds): the first trick is shown as played with a word on why and on the
    command, the rest analysed, the totals from trick 2; a 200, not a refusal."""
    views.analysed.cache_clear()
    monkeypatch.setattr(views, "Solver", lambda position, time_limit: RunsOut(position, 8))
    status, page = text_of(client, PAGE, round=EXAMPLE)
    assert status == 200, page
    said = " ".join(re.sub(r"<[^>]+>", "", page).split())
    assert "Only part of the round is analysed: this server gives an analysis 20 seconds" in said
    assert "they ran out before the first 4 cards" in said
    assert "the analysis starts at trick 2." in said
    assert "printables analyse costly-tricks on a computer analyses the whole round" in said
    assert "From trick 2, the tricks taken before it as played, then best play" in said
    found = rows(page)
    assert found[:4] == [
        ("unanalysed", [seat, card, DASH, DASH, DASH, "not analysed"])
        for seat, card in (("A", "R5"), ("B", "B3"), ("A's ghost", "P10"), ("B's ghost", "B6"))
    ]
    whole = analyse(read_round(EXAMPLE))
    assert [cells[1] for _, cells in found[4:]] == [f"{c.card}{c.mark}" for c in whole.cards[4:]]
    assert all(kind != "unanalysed" for kind, _ in found[4:])
    assert "Points lost from trick 2" in said and "Best play from trick 2" in said
    assert textarea(page) == EXAMPLE
    views.analysed.cache_clear()


def test_the_front_page_and_the_costly_tricks_checking_page_link_here(client: FlaskClient) -> None:
    _, front = text_of(client, "/")
    assert f'<a href="{PAGE}">Analyse a played round of Costly Tricks</a>' in front
    _, puzzle = text_of(client, f"/check/{generated_id('play', 3, 'easy', 1)}")
    assert f'<a href="{PAGE}">analyse a played' in puzzle


def test_a_flood_of_long_rounds_waits_its_turn_and_keeps_the_text(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every analysis place taken (a pupil pressing Analyse with round after round): a new
    round is told to come back (503, Retry-After) with its text kept, and a round already
    analysed is still answered from what is kept."""
    views.analysed.cache_clear()
    status, _ = text_of(client, PAGE, round=MISTAKES)
    assert status == 200
    taken = threading.BoundedSemaphore(1)
    taken.acquire()
    monkeypatch.setattr(views, "_searching", taken)
    monkeypatch.setattr(views, "WAIT_SECONDS", 0.01)
    response = client.get(PAGE, query_string={"round": nine_cards()})
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "60"
    assert "analysing other rounds just now; try again in a minute" in page
    assert textarea(page) == nine_cards()
    status, page = text_of(client, PAGE, round=MISTAKES)  # kept: no search needed
    assert status == 200 and "The analysis" in page
    views.analysed.cache_clear()
