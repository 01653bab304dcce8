"""The double-dummy analysis of a played round of Costly Tricks: the book's worked example
with its exact costs, and, on random small deals played by random legal cards, every
card's cost against a plain minimax written here over :meth:`Position.play`."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.paradox.analysis import Analysis, analyse, marker, render_text
from printables.paradox.rounds import BOOK_DEAL, EXAMPLE, Round, read_round
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
    assert data["losses"] == {"A": 1, "B": 4} and data["nets"] == {"A": 13, "B": -4}
    first = data["tricks"][0]
    assert first["leader"] == "A" and first["taker"] == "A's ghost" and first["net"] == 4
    assert first["cards"][0] == {
        "seat": 0, "hand": "A", "side": "A", "card": "R5", "best": 10, "value": 9,
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
