"""The double-dummy analysis of a played round of Costly Tricks: the book's worked example
with its exact costs, and, on random small deals played by random legal cards, every
card's cost against a plain minimax written here over :meth:`Position.play`."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from played_rounds import WHOLE_AND_SLOW, RunsOut

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.paradox.analysis import Analysis, analyse, marker, render_text
from printables.paradox.rounds import BOOK_DEAL, EXAMPLE, Round, read_round
from printables.paradox.solver import COMPILED, Solver
from printables.paradox.tricks import TRICK_COST, Position, points, side_of


def names(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [str(c) for c in cards]


@cache
def best_nets(position: Position) -> tuple[int, int]:
    """A's and B's nets from ``position`` to the end with best play by both: the side to
    move picks the card that leaves it the most (a plain minimax, no solver)."""
    if position.over:
        return 0, 0
    side = side_of(position.to_move)
    return max((nets_after(position, c) for c in position.legal()), key=lambda n: n[side])


def nets_after(position: Position, card: Card) -> tuple[int, int]:
    """A's and B's nets from ``position`` when ``card`` is played, best play after it."""
    after, taker = position.play(card)
    nets = list(best_nets(after))
    if taker is not None:
        nets[side_of(taker)] += points((*position.trick, card)) - TRICK_COST
    return nets[0], nets[1]


def test_the_books_worked_example_costs_each_side_one_point() -> None:
    """A led R5 (G4 was best: 10 against 9), B answered B3 (G2 held A to 9, B's net 0;
    B3 makes it -1); A's ghost's P10 and B's ghost's B6 were best, as were P1 and B7."""
    analysis = analyse(read_round(BOOK_DEAL + "play: R5 B3 P10 B6"))
    assert analysis.start_nets == (10, -1) and analysis.start_value == 10
    cards = analysis.cards
    assert [(str(c.card), c.best, c.value, c.cost) for c in cards] == [
        ("R5", 10, 9, 1),
        ("B3", 0, -1, 1),
        ("P10", 10, 10, 0),
        ("B6", -1, -1, 0),
    ]
    assert [names(c.best_cards) for c in cards] == [["G4"], ["G2"], ["P10", "P1"], ["B7", "B6"]]
    assert [c.mark for c in cards] == ["?", "?", "", ""]
    assert analysis.losses == (1, 1)
    (trick,) = analysis.tricks
    assert (trick.leader, trick.taker, trick.points, trick.net) == (0, 2, 24, 4)
    assert analysis.nets == (4, 0) and not analysis.complete
    # After the trick, A's ghost leads and A makes 6 more with best play: 10 in all.
    assert analysis.rest_nets == (6, -1)


def test_the_example_round_played_out_adds_up() -> None:
    analysis = analyse(read_round(EXAMPLE))
    assert analysis.complete and len(analysis.tricks) == 3
    assert [(str(c.card), c.cost) for c in analysis.cards if c.cost] == [
        ("R5", 1),
        ("B3", 1),
        ("B7", 3),
    ]
    assert analysis.losses == (1, 4)
    assert analysis.nets == (13, -4)
    a, b = analysis.start_nets
    assert analysis.nets == (a - 1 + 4, b - 4 + 1)
    assert [t.taker for t in analysis.tricks] == [2, 3, 2]
    assert [c.choices for c in analysis.tricks[2].cards] == [1, 1, 1, 1]


def test_the_text_marks_costly_cards_and_gives_the_totals() -> None:
    text = render_text(analyse(read_round(EXAMPLE)))
    lines = text.splitlines()
    assert "A leads. With best play by both sides from the start: A +10, B -1." in lines
    assert "Trick 1, led by A: A's ghost takes 24 points, net +4 for A" in lines
    row = next(line for line in lines if line.strip().startswith("A          R5"))
    assert row.split() == ["A", "R5", "?", "+10", "+9", "1", "G4"]
    assert any(line.split()[:3] == ["B's", "ghost", "B7"] and "?" in line for line in lines)
    assert "  A lost 1 point in 1 card (R5? 1)" in lines
    assert "  B lost 4 points in 2 cards (B3? 1, B7? 3)" in lines
    assert "  Nets as played: A +13, B -4 (best play by both: A +10, B -1)" in lines


def test_a_round_that_stops_early_is_analysed_as_far_as_it_goes() -> None:
    analysis = analyse(read_round(BOOK_DEAL + "play: R5 B3 P10 B6 / G3"))
    assert [len(t.cards) for t in analysis.tricks] == [4, 1]
    assert analysis.tricks[1].taker is None and analysis.tricks[1].net is None
    text = render_text(analysis)
    assert "Trick 2, led by A's ghost: unfinished, the play stops here" in text
    assert "The play stops after 5 cards" in text
    data = analysis.to_data()
    assert data["complete"] is False and data["tricks"][1]["taker"] is None


def test_the_data_is_json_ready() -> None:
    data = analyse(read_round(EXAMPLE)).to_data()
    assert data["start"] == {"leader": "A", "value": 10, "nets": {"A": 10, "B": -1}}
    assert data["analysed_from"] is None
    assert data["losses"] == {"A": 1, "B": 4} and data["nets"] == {"A": 13, "B": -4}
    first = data["tricks"][0]
    assert first["leader"] == "A" and first["taker"] == "A's ghost" and first["net"] == 4
    assert first["cards"][0] == {
        "seat": 0, "hand": "A", "side": "A", "card": "R5", "analysed": True, "best": 10, "value": 9,
        "cost": 1, "mark": "?", "best_cards": ["G4"], "choices": 3,
    }  # fmt: skip
    assert read_round(json.dumps(data["round"])) == read_round(EXAMPLE)


def test_marks_grow_with_the_cost() -> None:
    assert [marker(c) for c in range(7)] == ["", "?", "?", "?", "?", "??", "??"]


# -- random small rounds against a plain minimax -----------------------------------------


@st.composite
def rounds(draw: st.DrawFn, best_only: bool = False) -> Round:
    """A deal of 2 to 4 cards a hand, played by random legal cards (or best ones), maybe
    stopping early."""
    size = draw(st.integers(2, 4))
    cards = draw(st.permutations(PARADOX.cards))[: 4 * size]
    deal = Position.checked([cards[s::4] for s in range(4)], draw(st.integers(0, 3)))
    stop = 4 * size if best_only else draw(st.integers(0, 4 * size))
    position, play = deal, []
    for _ in range(stop):
        if best_only:
            side = side_of(position.to_move)
            top = best_nets(position)[side]
            legal = [c for c in position.legal() if nets_after(position, c)[side] == top]
        else:
            legal = list(position.legal())
        card = draw(st.sampled_from(legal))
        play.append(card)
        position, _ = position.play(card)
    return Round(deal, tuple(play))


def check_against_minimax(analysis: Analysis) -> None:
    for (before, card, _, _), c in zip(analysis.round.steps(), analysis.cards, strict=True):
        side = side_of(before.to_move)
        assert c.seat == before.to_move and c.card == card
        assert c.best == best_nets(before)[side]
        assert c.value == nets_after(before, card)[side]
        assert c.cost == best_nets(before)[side] - nets_after(before, card)[side] >= 0
        best = [x for x in before.legal() if nets_after(before, x)[side] == c.best]
        assert list(c.best_cards) == best
        assert c.choices == len(before.legal())


@settings(max_examples=40)
@given(rounds())
def test_each_cost_is_the_minimax_value_lost(played: Round) -> None:
    analysis = analyse(played)
    check_against_minimax(analysis)
    assert analysis.start_nets == best_nets(played.deal)
    a, b = analysis.start_nets
    lost_a, lost_b = analysis.losses
    made_a, made_b = (n + r for n, r in zip(analysis.nets, analysis.rest_nets, strict=True))
    assert (made_a, made_b) == (a - lost_a + lost_b, b - lost_b + lost_a)
    assert (made_a, made_b) == tuple(
        n + r for n, r in zip(analysis.nets, best_nets(played.end), strict=True)
    )


@settings(max_examples=20)
@given(rounds(best_only=True))
def test_a_round_of_best_cards_loses_nothing(played: Round) -> None:
    analysis = analyse(played)
    assert analysis.complete
    assert analysis.losses == (0, 0)
    assert analysis.nets == analysis.start_nets
    assert all(c.card in c.best_cards for c in analysis.cards)


# -- partial analyses: the time ran out -------------------------------------------------


def check_partial(played: Round, most: int) -> Analysis | None:
    """The analysis of ``played`` whose time runs out past ``most`` cards, checked against
    the whole analysis; None when it reached no card (TimeoutError, checked)."""
    whole = analyse(played)
    positions = [before for before, _, _, _ in played.steps()]
    first = next((i for i, p in enumerate(positions) if p.cards_left <= most), len(positions))
    if played.end.cards_left > most or (positions and first == len(positions)):
        with pytest.raises(TimeoutError):
            analyse(played, RunsOut(played.deal, most))
        return None
    part = analyse(played, RunsOut(played.deal, most))
    assert part.analysed_from == first and part.partial == (first > 0)
    for i, (c, w) in enumerate(zip(part.cards, whole.cards, strict=True)):
        assert (c.seat, c.card, c.choices) == (w.seat, w.card, w.choices)
        if i < first:
            assert not c.analysed and c.best is c.value is None and not c.best_cards
            assert c.cost == 0 and c.mark == ""
        else:
            assert c == w
    assert [(t.number, t.leader, t.taker) for t in part.tricks] == [
        (t.number, t.leader, t.taker) for t in whole.tricks
    ]
    assert part.nets == whole.nets and part.rest_nets == whole.rest_nets
    # what each side made: its nets from the first card analysed, less its own losses
    # there, plus the other side's
    a, b = part.start_nets
    lost_a, lost_b = part.losses
    made = tuple(n + r for n, r in zip(part.nets, part.rest_nets, strict=True))
    assert made == (a - lost_a + lost_b, b - lost_b + lost_a)
    if first == 0:
        assert part == whole
    return part


def test_a_partial_analysis_starts_at_the_first_card_it_reached() -> None:
    """The book's round (3 cards a hand): with the time running out on positions of more
    than 9 cards, trick 1's last card is the first analysed; past 8, trick 2's lead."""
    played = read_round(EXAMPLE)
    part = check_partial(played, 9)
    assert part is not None and part.analysed_from == 3 and part.first_analysed == (1, 4)
    # R5 cost A 1 and B3 cost B 1: from B's ghost's card on, as from the start
    assert part.start_nets == (10, -1)
    text = render_text(part)
    assert "The solver's time ran out before it reached the first 3 cards" in text
    assert "From trick 1, card 4, with best play by both sides: A +10, B -1." in text
    assert "  A          R5     (not analysed)" in text
    assert "(from trick 1, card 4)" in text
    data = part.to_data()
    assert data["analysed_from"] == {"trick": 1, "card": 4}
    assert data["tricks"][0]["cards"][0] == {
        "seat": 0, "hand": "A", "side": "A", "card": "R5", "analysed": False, "best": None,
        "value": None, "cost": None, "mark": "", "best_cards": [], "choices": 3,
    }  # fmt: skip
    part = check_partial(played, 8)
    assert part is not None and part.first_analysed == (2, 1)
    assert "From trick 2, the tricks taken before it as played, then best play" in render_text(part)
    assert check_partial(played, 0) is None  # the round played to its end: nothing left


@settings(max_examples=40)
@given(rounds(), st.integers(0, 16))
def test_a_partial_analysis_is_the_whole_ones_end(played: Round, most: int) -> None:
    check_partial(played, most)


@pytest.mark.skipif(not COMPILED, reason="a whole round needs the compiled search")
def test_a_whole_round_past_its_time_limit_is_analysed_from_the_first_trick_or_so() -> None:
    """A real time limit: a whole round whose first lead takes the solver over 30 s, given
    5 s, is analysed from trick 1 or 2 on (its tricks 2 to 11 take it under 3 s)."""
    played = read_round(WHOLE_AND_SLOW)
    part = analyse(played, Solver(played.deal, time_limit=5))
    assert part.partial and 1 <= part.analysed_from <= 4
    a, b = part.start_nets
    lost_a, lost_b = part.losses
    made = tuple(n + r for n, r in zip(part.nets, part.rest_nets, strict=True))
    assert made == (a - lost_a + lost_b, b - lost_b + lost_a)
    with pytest.raises(TimeoutError):
        analyse(played, Solver(played.deal, time_limit=1e-9))
