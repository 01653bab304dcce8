"""Reading a played round of Costly Tricks as a teacher types it, or as JSON, and the
one-line errors that say which line, trick or card is wrong and why."""

from __future__ import annotations

import json

import pytest

from printables.cards.decks import PARADOX
from printables.paradox.rounds import BOOK_DEAL, EXAMPLE, Round, RoundError, read_round

DEAL = BOOK_DEAL
TRUMPS = "A: R5 G4\nB: B3 G2\nA's ghost: B8 G3\nB's ghost: P10 P1\nleader: A\n"
BOOK = {
    "hands": [["R10", "R5", "G4"], ["G2", "B8", "B3"], ["G3", "P10", "P1"], ["B10", "B7", "B6"]],
    "leader": 0,
}


def names(played: Round) -> list[str]:
    return [str(c) for c in played.play]


def test_the_example_reads_and_writes_back() -> None:
    played = read_round(EXAMPLE)
    assert played.deal.leader == 0 and played.end.over
    assert [[str(c) for c in t] for t in played.tricks] == [
        ["R5", "B3", "P10", "B6"], ["G3", "B7", "G4", "G2"], ["B10", "R10", "B8", "P1"],
    ]  # fmt: skip
    assert read_round(played.to_text()) == played
    assert read_round(json.dumps(played.to_data())) == played


def test_lower_case_commas_comments_and_tricks_on_lines_of_their_own() -> None:
    text = """
    # after the lesson
    a: r10, r5, g4
    b: g2 b8 b3
    A ghost: g3 p10 p1
    bs ghost: b10 b7 b6   # B's ghost
    leader: a
    play: r5 b3 p10 b6
      g3 b7 g4 g2
    trick 3: b10 r10 b8 p1
    """
    assert read_round(text) == read_round(EXAMPLE)


def test_tricks_may_name_their_leaders_which_are_checked() -> None:
    named = DEAL + "play: A: R5 B3 P10 B6\nA's ghost: G3 B7 G4 G2\nB's ghost: B10 R10 B8 P1"
    assert read_round(named) == read_round(EXAMPLE)
    first_named = DEAL.replace("leader: A\n", "") + "play: A: R5 B3 P10 B6 / G3"
    assert read_round(first_named).deal.leader == 0  # no R0 and no leader line: trick 1 says
    with pytest.raises(RoundError) as error:
        read_round(DEAL + "play: R5 B3 P10 B6 / A: G4")
    assert str(error.value) == (
        "trick 2 is written as led by A, but A's ghost leads it (it took trick 1)"
    )
    with pytest.raises(RoundError, match=r"led by B, but A leads it \(named as the first"):
        read_round(DEAL + "play: B: R5 B3 P10 B6")
    with pytest.raises(RoundError, match="trick 1: 'C' is not a hand"):
        read_round(DEAL + "play: C: R5 B3 P10 B6")


def test_the_hand_holding_r0_leads_unless_a_leader_is_given() -> None:
    deal = "A: R5 G4\nB: B3 G2\nA's ghost: P10 R0\nB's ghost: B6 B7\n"
    assert read_round(deal).deal.leader == 2
    assert read_round(deal + "leader: B").deal.leader == 1
    with pytest.raises(RoundError, match="no hand holds R0, whose hand leads the first trick"):
        read_round(DEAL.replace("leader: A\n", ""))


def test_json_takes_tricks_card_lists_or_the_typed_play() -> None:
    tricks = {**BOOK, "play": [["R5", "B3", "P10", "B6"], ["G3"]]}
    flat = {**BOOK, "play": ["r5", "b3", "p10", "b6", "g3"]}
    typed = {**BOOK, "leader": "A", "play": "R5 B3 P10 B6 / G3"}
    rounds = [read_round(json.dumps(data)) for data in (tricks, flat, typed)]
    assert rounds[0] == rounds[1] == rounds[2]
    assert names(rounds[0]) == ["R5", "B3", "P10", "B6", "G3"]
    assert read_round(json.dumps(BOOK)).play == ()


def test_a_round_may_stop_anywhere() -> None:
    assert read_round(DEAL).play == ()
    assert names(read_round(DEAL + "play: R5 B3")) == ["R5", "B3"]
    assert read_round(DEAL + "play: R5 B3").end.trick == (PARADOX.card("R5"), PARADOX.card("B3"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (DEAL.replace("B8", "X8"),
         "line 2 (B's hand): card 2: 'X8': 'X' is not a color; expected R, G, P or B"),
        (DEAL + "play: R5 B3 P10 B6 / G3 B7 G4 Q2",
         "trick 2: card 4: 'Q2': 'Q' is not a color"),
        (DEAL + "play: R5 B3 P10 B6 / G4",
         "trick 2, card 1 (A's ghost): G4 is in A's hand, but A's ghost plays now "
         "(it took trick 1, so it leads)"),
        (DEAL + "play: R5 G3",
         "trick 1, card 2 (B): G3 is in A's ghost's hand, but B plays now (it plays after A)"),
        (DEAL + "play: R5 B3 P10 B6 / G3 B7 G4 G2 / R5",
         "trick 3, card 1 (B's ghost): R5 was already played, in trick 1"),
        (DEAL + "play: R5 B3 P10 B6 / G3 B7 G4 G2 / B10 R10 B8 P1 / R0",
         "trick 4, card 1 (A's ghost): the round is over after trick 3, but R0 is written"),
        (DEAL + "play: R5 B3 P10 B6 / G3 R9",
         "trick 2, card 2 (B's ghost): R9 is in no hand of the deal"),
        (DEAL + "play: R5 B3 P10 B6 / G3 B7 R10",
         "trick 2, card 3 (A): R10 cannot be played: green was led and this hand holds green "
         "(G4)"),
        (TRUMPS + "play: R5 B3 G3",
         "trick 1, card 3 (A's ghost): G3 cannot be played: blue is trump in this trick and "
         "this hand holds blue (B8)"),
        (DEAL + "play: R5 B3 P10 B6 G3",
         "trick 1 has 5 cards (R5 B3 P10 B6 G3); a trick has four, one from each hand: put "
         "'/' or a new line between tricks"),
        (DEAL + "play: R5 B3 P10 / B6 G3",
         "trick 1 has 3 cards (R5 B3 P10); only the last trick written may be unfinished"),
        (DEAL.replace("B's ghost: B10 B7 B6\n", ""),
         "B's ghost's hand is missing; write a line such as \"B's ghost: R10 R5 G4\""),
        (DEAL + "B: G2 B8 B3", "line 6: B's hand is written twice"),
        (DEAL.replace("B8", "R5"), "the deal: R5 appears twice (A's hand and B's hand)"),
        (DEAL.replace(" B8", ""), "the deal: every hand must hold the same number of cards"),
        (DEAL + "C: R1", "line 6: 'C' is not a hand, 'leader' or 'play'"),
        (DEAL + "R5 B3", "line 6: write a hand as 'A: R10 R5 G4'"),
        (DEAL.replace("leader: A", "leader: D"), "line 5: 'D' is not a hand"),
        ('{"hands": [["R5"]]}', "hands must be a list of four hands"),
        ('{"hands": [["R5"], ["B3"], ["P10"], ["B6"]], "leader": 7}',
         "leader must be a seat number from 0 to 3"),
        ('{"hands": [], "trick": []}', "unknown field 'trick'"),
        ('{"hands": ', "the JSON does not read"),
    ],
)  # fmt: skip
def test_a_bad_round_gets_one_line_saying_where_and_why(text: str, message: str) -> None:
    with pytest.raises(RoundError) as error:
        read_round(text)
    said = str(error.value)
    assert "\n" not in said
    assert message.replace('"', "'") in said, said
