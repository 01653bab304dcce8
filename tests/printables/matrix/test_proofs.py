"""Proofs in words that a set is impossible: every one re-checked step by step by the
independent checker, and held against the exhaustive solver; a tampered proof fails."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card, Value
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.proofs import (
    RULES,
    Pin,
    Proof,
    ProofError,
    TooFew,
    check_proof,
    check_words,
    impossibility_proof,
    split_proof,
)
from printables.matrix.proofs.words import symbols
from printables.matrix.puzzles import generate, get_puzzle
from printables.matrix.solver import solve

BOOK = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
SIZES = [(3, 3), (3, 4), (4, 3), (3, 5), (4, 4), (4, 5), (5, 5)]


def test_the_books_set_is_proved_and_the_proof_reads_as_steps() -> None:
    proof = impossibility_proof(BOOK, 3, 3)
    check_proof(BOOK, 3, 3, proof)
    lines = proof.lines
    assert lines[0].startswith("Each row shares a value all its 3 cards show")
    assert "never share two colors, shades, patterns or shapes" in lines[0]
    assert "written as cards are: GGRz" in lines[0]  # how a list of values reads
    assert lines[1:] == (
        "Row lists: (1) BGR; (2) GgT; (3) G~z; (4) bgT; (5) b~z.",
        "Column lists: the same.",
        "Too few cards show both: 0: B b (1 x 1).",
        "Pairs left (each also the other way round; B/G x T: a row sharing B or G crossing a "
        "column sharing T):",
        "3 x 4: BwzT RgzS BgzT fit only at z x g/T: 3 cards, 2 places.",
        "Every other pair: Rb~T Rw~T fit only at T x ~/T: 2 cards, 1 place.",
    )  # the pairs left but 3 x 4 are 2 x 2 and 2 x 3
    assert "(1-3)" not in lines[0]  # no lists share a number range: nothing to explain
    # a key says the rules once, at its head, and with them how the pairs left read
    assert proof.brief_lines == (*lines[1:4], "Pairs left:", *lines[5:])
    assert proof.steps == 4  # a fact and three pairs' crowds


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_generated_impossible_set_gets_a_proof_that_checks(
    size: tuple[int, int], level: str
) -> None:
    for seed in range(3):
        puzzle = generate(*size, "impossible", level, seed)
        proof = impossibility_proof(puzzle.cards, *size)
        check_proof(puzzle.cards, *size, proof)
        assert solve(puzzle.cards, *size) is None
        text = " ".join(proof.lines)
        assert "exhaustive" not in text and "labeling" not in text
        brief = proof.brief_lines  # a key's: the same steps, the rules said once before
        check_words(brief)
        steps = [line for line in proof.lines if line.startswith(("(", "No ", "Only "))]
        assert [line for line in brief if line in steps] == steps
        assert sum(map(len, brief)) < sum(map(len, proof.lines)) or len(brief) == 1


@settings(max_examples=150)
@given(st.randoms(use_true_random=False), st.sampled_from([(3, 3), (3, 4), (4, 3)]))
def test_a_proof_exists_exactly_when_the_solver_finds_no_grid(
    rng: random.Random, size: tuple[int, int]
) -> None:
    cards = rng.sample(list(FOUR_D.cards), size[0] * size[1])
    grid = solve(cards, *size)
    if grid is not None:
        with pytest.raises(ValueError, match="solvable"):
            impossibility_proof(cards, *size)
    else:
        check_proof(cards, *size, impossibility_proof(cards, *size))


# A hard 5x5 worksheet (printables worksheet matrix --size 5x5 --kind impossible
# --difficulty hard --seed 0): two of its twelve sets need no crossing fact.
NO_FACT_SETS = ["5x5-6qqr1g", "5x5-1ak672"]


@pytest.mark.parametrize("puzzle_id", NO_FACT_SETS)
def test_a_square_proof_needing_no_crossing_fact_announces_none(puzzle_id: str) -> None:
    """The rule of crossings once announced facts that never came; a proof whose bars
    leave no list ends there, announcing nothing."""
    puzzle = get_puzzle(puzzle_id)
    proof = puzzle.proof
    assert proof is not None and not proof.facts and not proof.crowds
    check_proof(puzzle.cards, 5, 5, proof)
    assert proof.row_bars and proof.col_bars == proof.row_bars
    assert "No column list holds them either (the grid turned over)." in proof.lines
    if proof.row_options:  # the lists left, ruled out by the rule of crossings alone
        assert proof.lines[-1].startswith("Every pair of lists has a row value and a column")
    else:
        assert proof.lines[-2:] == ("Row lists left: none.", "No arrangement works.")
    assert not any(line.endswith(":") for line in proof.lines)


def test_the_checker_rejects_a_step_announced_and_not_given() -> None:
    lines = list(impossibility_proof(BOOK, 3, 3).lines)
    check_words(lines)
    assert lines[4].endswith(":")  # the pairs left, announced
    with pytest.raises(ProofError, match="step 5 announces steps that do not follow"):
        check_words([*lines[:5], "That rules out every pair of lists."])
    with pytest.raises(ProofError, match="step 5 announces"):
        check_words(lines[:5])  # the crowds announced, none given
    with pytest.raises(ProofError, match="step 4 is empty"):
        check_words([*lines[:3], "  ", *lines[4:]])


def test_pairs_of_lists_share_the_crowds_that_hold_for_them() -> None:
    """A crowd is told once for every pair of lists it holds for, with the crossings its
    cards fit in any of them and the most places those hold: this hard 4x4 set's 29 pairs
    left took 18 crowds when each pair kept the first crowd found for it, 12 when a crowd
    had to name the same crossings in every pair, 4 now."""
    puzzle = get_puzzle("4x4-4gem10")
    proof = puzzle.proof
    assert proof is not None
    check_proof(puzzle.cards, 4, 4, proof)
    assert len(proof.crowds) == 29
    assert len({crowd.why for crowd in proof.crowds}) == 4
    told = [line for line in proof.lines if line[0] in "(0123456789"]
    assert len(told) == 3
    # the crowd serving the most pairs (1 or 12 with 24 or 26, 2, 10, 14 or 23 with 24,
    # and 11 more) is told last, for every pair the others leave: its pairs go unnamed
    assert proof.lines[-1] == (
        "Every other pair: Bw~C Bw=C fit only at B/C x w/C or w x C: 2 cards, 1 place."
    )


@pytest.fixture(scope="module")
def hard() -> tuple[list, Proof]:
    """A hard 4x4 set whose proof has crossing facts and crowds."""
    for seed in range(40):
        puzzle = generate(4, 4, "impossible", "hard", seed)
        proof = impossibility_proof(puzzle.cards, 4, 4)
        if proof.facts and proof.crowds:
            return list(puzzle.cards), proof
    raise AssertionError("no hard 4x4 set with facts and crowds in 40 seeds")


def test_a_proof_missing_a_fact_fails_the_check(hard: tuple[list, Proof]) -> None:
    cards, proof = hard
    check_proof(cards, 4, 4, proof)
    fewer = dataclasses.replace(proof, facts=proof.facts[1:])
    with pytest.raises(ProofError, match="is not ruled out"):
        check_proof(cards, 4, 4, fewer)


def test_a_fact_with_a_wrong_count_fails_the_check(hard: tuple[list, Proof]) -> None:
    cards, proof = hard
    fact = proof.facts[0]
    wrong: TooFew = dataclasses.replace(fact, cards=fact.cards + 1)
    with pytest.raises(ProofError, match=f"{fact.row.name} and {fact.col.name}"):
        check_proof(cards, 4, 4, dataclasses.replace(proof, facts=(wrong, *proof.facts[1:])))


def test_a_crowd_too_small_or_missing_fails_the_check(hard: tuple[list, Proof]) -> None:
    cards, proof = hard
    crowd = proof.crowds[0]
    smaller = dataclasses.replace(
        crowd, why=dataclasses.replace(crowd.why, cards=crowd.why.cards[:-1])
    )
    with pytest.raises(ProofError, match=r"outnumber|fits a crossing"):
        check_proof(cards, 4, 4, dataclasses.replace(proof, crowds=(smaller, *proof.crowds[1:])))
    with pytest.raises(ProofError, match="is not ruled out"):
        check_proof(cards, 4, 4, dataclasses.replace(proof, crowds=proof.crowds[1:]))


def test_a_list_left_out_or_a_proof_for_another_size_fails(hard: tuple[list, Proof]) -> None:
    cards, proof = hard
    with pytest.raises(ProofError, match="row lists are not exactly"):
        check_proof(cards, 4, 4, dataclasses.replace(proof, row_options=proof.row_options[1:]))
    with pytest.raises(ProofError, match="for 4x4, not 2x8"):
        check_proof(cards, 2, 8, proof)


def test_the_proof_is_the_same_every_time() -> None:
    puzzle = generate(5, 5, "impossible", "hard", 3)
    assert impossibility_proof(puzzle.cards, 5, 5) == impossibility_proof(puzzle.cards, 5, 5)


def test_a_bar_that_leaves_its_card_a_place_or_a_list_it_hides_fails_the_check() -> None:
    """Bars are checked value by value, and the lists left are rebuilt by brute force."""
    puzzle = get_puzzle("5x5-pezgen")
    proof = puzzle.proof
    assert proof is not None and proof.row_bars
    bar = proof.row_bars[0]  # G ~ leaves Rg=T no column
    lost = dataclasses.replace(bar, values=bar.values[:1])  # G alone leaves it one
    bars = (lost, *proof.row_bars[1:])
    with pytest.raises(ProofError, match=r"a row list holding G leaves Rg=T a line sharing"):
        check_proof(puzzle.cards, 5, 5, dataclasses.replace(proof, row_bars=bars, col_bars=bars))
    with pytest.raises(ProofError, match="column bars are not its row bars"):
        check_proof(puzzle.cards, 5, 5, dataclasses.replace(proof, col_bars=proof.row_bars[1:]))
    fewer = proof.row_bars[1:]  # a barred list comes back and is not in the lists left
    with pytest.raises(ProofError, match="row lists are not exactly"):
        check_proof(puzzle.cards, 5, 5, dataclasses.replace(proof, row_bars=fewer, col_bars=fewer))


def test_a_set_with_few_row_lists_is_proved_list_by_list() -> None:
    """A 3x5 set with 2 row lists: the proof takes the row lists in turn (707 characters
    as a key prints it)."""
    puzzle = get_puzzle("3x5-3yx0ee")
    proof = puzzle.proof
    assert proof is not None and proof.listed == "rows" and not proof.col_options
    check_proof(puzzle.cards, 3, 5, proof)
    brief = proof.brief_lines
    assert brief[0].startswith("No column list holds w (BbzC would fit no row), R (GgzT)")
    assert brief[1:3] == (
        "Row lists: (1-2) Gb w/~.",
        "(1) Gbw: a column can share only G = ~ S C T. With columns sharing GG=~C, GGSCT, "
        "G=~SC, G=~CT, G=SCT, G~SCT, GSSCT, =~SCT or =SSCT: BbzC RbzC fit only at b x C: "
        "2 cards, 1 place.",
    )
    assert sum(map(len, brief)) < 750
    case = proof.cases[0]
    wrong = [
        dataclasses.replace(case, allowed=case.allowed[1:]),  # a value left out
        dataclasses.replace(case, others=case.others[1:], crowds=case.crowds[1:]),
        dataclasses.replace(case, lonely=puzzle.cards[0], others=(), crowds=()),
    ]
    messages = ["column values allowed are not", "column lists left are not", "shows a value"]
    for tampered, message in zip(wrong, messages, strict=True):
        with pytest.raises(ProofError, match=message):
            check_proof(puzzle.cards, 3, 5,
                        dataclasses.replace(proof, cases=(tampered, *proof.cases[1:])))  # fmt: skip


def test_column_lists_no_row_list_goes_with_are_left_out() -> None:
    """A 3x5 set with 2 row lists and 181 column lists: no row list goes with a column
    list holding S (R=T holds T and bST holds b, each shown with S on too few cards), and
    so on, so 44 column lists are left (those sharing their first two values written
    once), and the pairs with them take 958 characters (1,041 taken list by list)."""
    puzzle = get_puzzle("3x5-x58hdy")
    proof = puzzle.proof
    assert proof is not None and not proof.cases and not proof.row_crossed
    check_proof(puzzle.cards, 3, 5, proof)
    assert [symbols(c) for c in proof.col_crossed] == ["S", "~", "GT", "Bw", "gz", "zT", "BT",
                                                       "Gg", "Bbb"]  # fmt: skip
    brief = proof.brief_lines
    assert brief[:2] == (
        "Row lists: (1) R=T; (2) bST.",
        "No row list goes with a column list holding S, ~, GT, Bw, gz, zT, BT, Gg or Bbb.",
    )
    assert brief[2].startswith(
        "Column lists left: [BG] (1-3) RR b/=/z, (4-5) Rb =/z, (6) R=z, (7) b=z; [BR] (8) R=z,"
    )
    assert brief[2].endswith("(43) bw==T; (44) bw=TT.") and len(proof.col_options) == 44
    assert sum(map(len, brief)) < 1_041
    assert '"No row list goes with a column list holding B~ or ww"' in RULES
    assert not proof.mirrored  # (a 3x5 grid, and a square's with columns cut is not either)


def test_values_some_list_across_goes_with_or_a_list_hidden_fail_the_check() -> None:
    """The values no list across goes with are checked against every list across, value
    by value, and the lists left are rebuilt by brute force."""
    puzzle = get_puzzle("3x5-x58hdy")
    proof = puzzle.proof
    assert proof is not None and proof.col_crossed
    cards = puzzle.cards
    symbol = {v.symbol: v for card in cards for v in card.shown}
    with_b = (*proof.col_crossed, (symbol["b"],))  # R=T goes with columns sharing b
    with pytest.raises(ProofError, match="a column list holding b could go with the row list "
                                         "R=T"):  # fmt: skip
        check_proof(cards, 3, 5, dataclasses.replace(proof, col_crossed=with_b))
    fewer = proof.col_crossed[1:]  # lists holding S come back and are not listed
    with pytest.raises(ProofError, match="column lists are not exactly"):
        check_proof(cards, 3, 5, dataclasses.replace(proof, col_crossed=fewer))
    with pytest.raises(ProofError, match="column lists are not exactly"):
        check_proof(cards, 3, 5, dataclasses.replace(proof, col_options=proof.col_options[1:]))
    both = dataclasses.replace(proof, row_crossed=proof.col_crossed)
    with pytest.raises(ProofError, match="only for one side"):
        check_proof(cards, 3, 5, both)


def test_the_rows_cut_down_by_the_columns_are_listed_after_them() -> None:
    """In this 4x5 set the rows have the more lists: the columns are listed first, and the
    row lists no column list goes with are left out."""
    puzzle = get_puzzle("4x5-7krs9d")
    proof = puzzle.proof
    assert proof is not None and proof.row_crossed and not proof.col_crossed
    check_proof(puzzle.cards, 4, 5, proof)
    brief = proof.brief_lines
    at = brief.index("No column list goes with a row list holding w, g or R~.")
    assert brief[at - 1].startswith("Column lists left: (1) BBbgw;")
    assert brief[at + 1].startswith("Row lists left: (1) BRSC;")
    symbol = {v.symbol: v for card in puzzle.cards for v in card.shown}
    wrong = (*proof.row_crossed, (symbol["B"],))
    with pytest.raises(ProofError, match="a row list holding B could go with the column list"):
        check_proof(puzzle.cards, 4, 5, dataclasses.replace(proof, row_crossed=wrong))


def test_lists_where_a_card_fits_nothing_across_are_told_in_one_line() -> None:
    """With columns cut down by the rows, the row lists where a card fits no column are
    told first, each card after its lists' numbers, and take no other step."""
    puzzle = get_puzzle("4x5-qmgj0f")
    proof = puzzle.proof
    assert proof is not None and proof.col_crossed and proof.lonely
    check_proof(puzzle.cards, 4, 5, proof)
    assert "Cards fitting no column: (1, 3, 6, 13) Rg~C; (5) Gw~T." in proof.brief_lines
    assert not {n for n, _ in proof.lonely} & {c.row_list for c in proof.crowds}
    (n, card), *rest = proof.lonely
    other = next(c for c in puzzle.cards if c != card)  # a card with a column
    moved = dataclasses.replace(proof, lonely=((n, other), *rest))
    with pytest.raises(ProofError, match=f"list {n}: {other} fits a column sharing"):
        check_proof(puzzle.cards, 4, 5, moved)
    # without a card fitting no column, its lists need other steps
    assert [n for n, _ in proof.lonely] == [1, 3, 5, 6, 13]
    for left_out, message in ((0, "row list 1 with column list 14 is not ruled out"),
                              (4, "holding G= could go with the row list wSCT")):  # fmt: skip
        fewer = tuple(lonely for k, lonely in enumerate(proof.lonely) if k != left_out)
        with pytest.raises(ProofError, match=message):
            check_proof(puzzle.cards, 4, 5, dataclasses.replace(proof, lonely=fewer))
    with pytest.raises(ProofError, match="told only in a proof with values"):
        check_proof(puzzle.cards, 4, 5, dataclasses.replace(proof, col_crossed=(),
                                                            col_options=()))  # fmt: skip


def test_places_that_outnumber_the_only_cards_fitting_them_fail_the_check_if_wrong() -> None:
    """A crowd of most of the set is told the other way round, by the few cards left and
    the crossings only they fit: more places there than cards, and every place holds a
    card."""
    puzzle = get_puzzle("5x5-pezgen")
    proof = puzzle.proof
    assert proof is not None
    last = proof.lines[-1]
    assert last.startswith("Every other pair: only GwzT RbzC BbzS RbzS Rw~S Rw~T GwzS Rg=T "
                           "fit at ")  # fmt: skip
    assert last.endswith(": 9 places, 8 cards.")
    unfilled = [c for c in proof.crowds if c.why.unfilled]
    assert unfilled
    why = unfilled[0].why
    fewer = dataclasses.replace(why, cards=why.cards[1:])  # a card fitting there unnamed
    more = dataclasses.replace(why, places=why.places + 1)  # more places than there are
    for tampered, message in ((fewer, "fits a crossing named and is not named"),
                              (more, "do not outnumber the cards")):  # fmt: skip
        crowds = tuple(dataclasses.replace(c, why=tampered) if c.why == why else c
                       for c in proof.crowds)  # fmt: skip
        with pytest.raises(ProofError, match=message):
            check_proof(puzzle.cards, 5, 5, dataclasses.replace(proof, crowds=crowds))


def test_a_lonely_card_is_told_once_for_every_list_it_fits_nothing_across() -> None:
    """Lists where a card fits no line across share one line, their numbers as ranges."""
    for seed in range(40):
        puzzle = generate(3, 4, "impossible", "medium", seed)
        proof = puzzle.proof or impossibility_proof(puzzle.cards, 3, 4)
        if any(case.lonely for case in proof.cases):
            break
    else:
        raise AssertionError("no proof by lists with a lonely card in 40 seeds")
    check_proof(puzzle.cards, 3, 4, proof)
    lonely = {case.lonely for case in proof.cases if case.lonely}
    other = "column" if proof.listed == "rows" else "row"
    told = [line for line in proof.brief_lines if line.endswith(f"fits no {other}.")
            or line.startswith(f"Cards fitting no {other}: ")]  # fmt: skip
    assert len(told) == 1
    assert all(str(card) in told[0] for card in lonely)


def test_pairs_left_by_the_rule_of_crossings_alone_are_announced_in_one_parenthesis() -> None:
    """A proof with crowds and no crossing fact: the pairs left are those the rule of
    crossings leaves, announced once, with the notes in one pair of parentheses."""
    puzzle = get_puzzle("5x5-ret9bh")
    proof = puzzle.proof
    assert proof is not None and proof.crowds and not proof.facts
    announced = [line for line in proof.lines[1:] if line.endswith(":")]
    assert announced == [
        "Pairs not ruled out by two colors, shades, patterns or shapes (each also the other "
        "way round; (1, 2) x 3: 1 x 3 and 2 x 3; B/G x T: a row sharing B or G crossing a "
        "column sharing T):"
    ]


def test_a_card_with_one_crossing_pins_the_lists_and_shortens_the_proof() -> None:
    """Gw~C's row and column can share only G and w (any other two of its values are shown
    on 8 cards, any one alone on 6 at most, too few for a row and a column that meet only
    at it), and just 5 cards show each: its row and column are fixed, and so is much of
    the lists. The key printed 3,195 characters for this set before; under 1,000 now, and
    checked."""
    puzzle = get_puzzle("5x5-m5cvwf")
    proof = puzzle.proof
    assert proof is not None and proof.pin is not None
    assert (str(proof.pin.card), proof.pin.row.symbol, proof.pin.col.symbol) == ("Gw~C", "G", "w")
    check_proof(puzzle.cards, 5, 5, proof)
    brief = proof.brief_lines
    assert brief[0] == (
        "Gw~C's row and column each share one of its values and meet only at it, so they "
        "hold 9 cards, each showing the row's value or the column's: of its values, only G and "
        "w are shown on that many (G or ~: 8; G or C: 8; w or ~: 8; w or C: 8; ~ or C: 8; each "
        "value alone: 6 at most). So (turning the grid over if need be) its row shares G and "
        "its column w."
    )
    assert brief[1] == (
        "Only 5 cards show G: its row is Gb~S, Gg=S, Gg=T, Gg~C, Gw~C, so the other columns "
        "share a value of Gb~S, of Gg=S, of Gg=T and of Gg~C."
    )
    assert brief[3] == "Row lists left: [BGR] (1) RT, (2) =T, (3) ST; (4) GRzST."
    # the grid is no longer the same turned over: columns are listed, pairs one way round
    assert brief[4] == "Column lists left: [bg] (1) gwS, (2-3) w= S/T, (4) wST."
    assert not any("other way round" in line or "the same" in line for line in brief)
    assert sum(map(len, brief)) < 1_000
    assert proof.steps == 3  # the pin, and a crowd for each of the 2 pairs left


def test_a_wrong_pin_or_a_list_it_does_not_allow_fails_the_check() -> None:
    puzzle = get_puzzle("5x5-m5cvwf")
    proof = puzzle.proof
    assert proof is not None and proof.pin is not None
    values = {v.symbol: v for v in proof.pin.card.shown}
    wrong = dataclasses.replace(proof.pin, col=values["C"])  # G x C: Gg~C would be in both
    with pytest.raises(ProofError, match="could sit where a row sharing G crosses a column "
                                         "sharing w"):  # fmt: skip
        check_proof(puzzle.cards, 5, 5, dataclasses.replace(proof, pin=wrong))
    with pytest.raises(ProofError, match="column lists are not exactly"):
        check_proof(puzzle.cards, 5, 5,
                    dataclasses.replace(proof, col_options=proof.col_options[1:]))  # fmt: skip
    # without the pin the lists it rules out come back: the row lists no longer match
    with pytest.raises(ProofError, match="row lists are not exactly"):
        check_proof(puzzle.cards, 5, 5, dataclasses.replace(proof, pin=None, col_bars=()))


def test_a_pin_that_leaves_no_list_says_so_and_not_that_the_counts_do() -> None:
    """A 4x5 set where Bw=C can sit only where a B row crosses a w column, and columns
    sharing w leave Rb~S no row: no list is left, for that reason (1,662 characters
    before)."""
    puzzle = get_puzzle("4x5-pam3y7")
    proof = puzzle.proof
    assert proof is not None and proof.pin is not None
    check_proof(puzzle.cards, 4, 5, proof)
    brief = proof.brief_lines
    assert brief[0].startswith("Bw=C's row and column each share one of its values")
    assert "(w: 4 cards, too few for a row; =: 4 cards, too few for a row;" in brief[0]
    assert brief[0].endswith("So its row shares B and its column w.")  # not a square
    assert "No column list holds w (Rb~S would fit no row)." in brief
    assert brief[-2:] == ("Row lists left: none.", "No arrangement works.")
    assert not any("passes the counts" in line for line in brief)


def test_a_puzzles_key_words_are_worked_out_once_and_travel_with_it() -> None:
    """A sheet's puzzles are made in other processes: the words its key prints come along
    with each one (pickled), so the sheet's own process does not work them out again."""
    puzzle = get_puzzle("5x5-t6px0x")  # hard, impossible: its key is a proof
    proof = puzzle.proof
    assert proof is not None
    assert proof.brief_lines is proof.brief_lines
    sent = pickle.loads(pickle.dumps(puzzle))
    assert "brief_lines" in vars(sent.proof)
    assert sent.proof.brief_lines == proof.brief_lines
    assert sent.proof.lines == proof.lines


PRINTED_PROOFS = {
    "3x3-4gem10": "9df5b18b48d17bc9",
    "3x3-n45752": "057486e106b6a521",
    "3x4-4gem10": "be06c8bc2217fd67",
    "3x4-n45752": "eb8a6da8ba762439",
    "4x3-4gem10": "d156a59eb0675bc0",
    "4x3-n45752": "034b8c4685ce6273",
    "3x5-4gem10": "08ab9016671ed2bc",
    "3x5-n45752": "1bd19420c07b1d3d",
    "4x4-4gem10": "73aa9e39926e98e0",
    "4x4-n45752": "c52709d8e1682819",
    "4x5-4gem10": "c8aefa5cae240347",
    "4x5-n45752": "1acb2ad7d3bb164c",
    "5x5-4gem10": "f80daec9d97c57ca",
    "5x5-n45752": "904d721ccf36c5a4",
}
"""Hard impossible puzzles (seeds 1 and 2 of each size) and a digest of their proofs' words
(:func:`proof_digest`), as their keys print them. The words change only on purpose (a
shorter or clearer proof, as the pinned cards were): the commit that changes them says so
and sets these again, ``proof_digest(get_puzzle(id).proof)`` for each id."""


def proof_digest(proof: Proof) -> str:
    text = json.dumps([proof.lines, proof.brief_lines])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_a_printed_puzzles_proof_keeps_its_words() -> None:
    """Making proofs faster, or anything else not meant to change them, changes no word."""
    for puzzle_id, digest in PRINTED_PROOFS.items():
        proof = get_puzzle(puzzle_id).proof
        assert proof is not None
        assert proof_digest(proof) == digest, puzzle_id


def test_a_key_announces_the_pairs_left_only_before_several_crowds() -> None:
    """A key's proof whose one crowd says "Every pair left" needs no "Pairs left:" above
    it; one with several crowds keeps it, and a proof in full keeps its announcement."""
    one = get_puzzle("5x5-m5cvwf").proof
    assert one is not None and one.brief_lines[-1].startswith("Every pair left: ")
    assert "Pairs left:" not in one.brief_lines
    assert any(line.startswith("Pairs not ruled out by") for line in one.lines)
    several = impossibility_proof(BOOK, 3, 3)
    assert several.brief_lines[-3:-1] == (
        "Pairs left:",
        "3 x 4: BwzT RgzS BgzT fit only at z x g/T: 3 cards, 2 places.",
    )


def test_a_pin_leaving_its_row_and_column_one_value_to_share_fails_the_check() -> None:
    """A row and a column meeting at Bw=S alone may both share S (8 cards show S, as many
    as they hold): Bw=S is not pinned to S x =, though no other two of its values are
    shown on enough cards. This set's key once printed that pin."""
    puzzle = get_puzzle("4x5-jg35pw")
    card = next(c for c in puzzle.cards if str(c) == "Bw=S")
    values = {v.symbol: v for v in card.shown}
    proof = impossibility_proof(puzzle.cards, 4, 5)
    check_proof(puzzle.cards, 4, 5, proof)
    assert proof.pin is None or proof.pin.card != card
    wrong = dataclasses.replace(proof, pin=Pin(card, values["S"], values["="]))
    with pytest.raises(ProofError, match="row sharing S crosses a column sharing S"):
        check_proof(puzzle.cards, 4, 5, wrong)


def test_a_card_with_a_few_crossings_splits_the_proof_into_cases() -> None:
    """GbzT's row and column can share only G and z, or z and T (either way round): a
    case each, each a proof pinned to its pair. The key printed 1,872 characters for this
    set before; under 1,500 now, and checked."""
    puzzle = get_puzzle("5x5-t85a0b")
    proof = puzzle.proof
    assert proof is not None and proof.split is not None
    check_proof(puzzle.cards, 5, 5, proof)
    assert str(proof.split.card) == "GbzT"
    cases = [(case.pin.row.symbol, case.pin.col.symbol) for case in proof.split.cases
             if case.pin is not None]  # fmt: skip
    assert cases == [("G", "z"), ("z", "T")]
    brief = proof.brief_lines
    assert brief[0].startswith("GbzT's row and column each share one of its values and meet "
                               "only at it, so they hold 9 cards")  # fmt: skip
    assert "only G and z or z and T are shown on that many (G or b: 8;" in brief[0]
    assert brief[0].endswith("Case by case (turning the grid over if need be):")
    heads = [line for line in brief if line.startswith("Case ")]
    assert heads == ["Case 1: its row shares G, its column z.",
                     "Case 2: its row shares z, its column T."]  # fmt: skip
    # each case's steps follow its head, as a proof pinned to its pair words them
    second = brief.index(heads[1])
    assert brief[1:second] == (heads[0], *proof.split.cases[0].brief_lines[1:])
    assert brief[second + 1 :] == proof.split.cases[1].brief_lines[1:]
    assert proof.split.cases[0].brief_lines[0].startswith("GbzT's row and column")
    assert sum(map(len, brief)) <= 1_500
    assert proof.steps == 1 + sum(case.steps for case in proof.split.cases)
    assert proof.lines[0].startswith("Each row shares a value all its 5 cards show")
    assert proof.lines[1:3] == brief[:2]


def test_a_split_missing_a_case_or_with_a_wrong_case_fails_the_check() -> None:
    puzzle = get_puzzle("5x5-t85a0b")
    proof = puzzle.proof
    assert proof is not None and proof.split is not None
    split = proof.split
    first, second = split.cases

    def with_cases(*cases: Proof) -> Proof:
        return dataclasses.replace(proof, split=dataclasses.replace(split, cases=cases))

    with pytest.raises(ProofError, match="no case takes GbzT's row sharing z and its column "
                                         "sharing T"):  # fmt: skip
        check_proof(puzzle.cards, 5, 5, with_cases(first))
    # the case turned over is the same case in a square, but not its pair and another's
    assert first.pin is not None and second.pin is not None
    turned = dataclasses.replace(second, pin=dataclasses.replace(
        second.pin, row=second.pin.col, col=second.pin.row))  # fmt: skip
    with pytest.raises(ProofError, match="case 2: "):
        check_proof(puzzle.cards, 5, 5, with_cases(first, turned))
    with pytest.raises(ProofError, match=r"case 1: .*not ruled out"):
        check_proof(puzzle.cards, 5, 5, with_cases(
            dataclasses.replace(first, crowds=first.crowds[1:]), second))  # fmt: skip
    # case 2 is cut down by values no list across goes with (and then needs no other step)
    assert second.col_crossed and not second.crowds
    with pytest.raises(ProofError, match=r"case 2: .*column lists are not exactly"):
        check_proof(puzzle.cards, 5, 5, with_cases(
            first, dataclasses.replace(second, col_crossed=second.col_crossed[1:])))  # fmt: skip
    other = next(c for c in puzzle.cards if c != split.card)
    with pytest.raises(ProofError, match="case 1 does not take GbzT's row and column"):
        check_proof(
            puzzle.cards,
            5,
            5,
            with_cases(
                dataclasses.replace(first, pin=dataclasses.replace(first.pin, card=other)), second
            ),
        )
    with pytest.raises(ProofError, match="says nothing but its cases"):
        check_proof(puzzle.cards, 5, 5, dataclasses.replace(proof, row_options=second.row_options))


def meeting_pairs(cards: list[Card], rows: int, cols: int, card: Card) -> int:
    """How many pairs of a card's values (a value twice among them) its row and column can
    share, counted as the rule says (each pair once in a square)."""
    found: set[tuple[Value, ...]] = set()
    for a in card.shown:
        for b in card.shown:
            either = sum(1 for c in cards if a in c.shown or b in c.shown)
            if (sum(1 for c in cards if a in c.shown) >= cols
                    and sum(1 for c in cards if b in c.shown) >= rows
                    and either >= rows + cols - 1):  # fmt: skip
                found.add(tuple(sorted((a, b), key=str)) if rows == cols else (a, b))
    return len(found)


def test_a_split_that_leaves_a_case_is_rejected_whatever_the_card() -> None:
    """Each card of the set with two to five cases splits a proof that checks; with one
    case left out, the checker finds it."""
    puzzle = get_puzzle("5x5-t85a0b")
    cards = list(puzzle.cards)
    few = [c for c in cards if 1 < meeting_pairs(cards, 5, 5, c) <= 5]
    assert [str(c) for c in few] == ["GbzS", "BbzT", "GbzT"]
    for card in few:
        proof = split_proof(cards, 5, 5, card)
        assert proof.split is not None
        assert len(proof.split.cases) == meeting_pairs(cards, 5, 5, card)
        check_proof(cards, 5, 5, proof)
        for left_out in range(len(proof.split.cases)):
            cases = proof.split.cases[:left_out] + proof.split.cases[left_out + 1 :]
            short = dataclasses.replace(proof.split, cases=cases)
            with pytest.raises(ProofError, match="no case takes"):
                check_proof(cards, 5, 5, dataclasses.replace(proof, split=short))


SPLIT_SIZES = [(3, 3), (3, 4), (4, 3), (4, 4), (4, 5), (5, 5)]


@pytest.mark.parametrize("size", SPLIT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_proofs_split_on_a_card_check_over_many_impossible_sets(size: tuple[int, int]) -> None:
    """Over generated impossible sets of every level, a proof split on a card with two to
    four cases (two cards a set at most) checks, and so does the proof kept."""
    split = 0
    for seed in range(6):
        for level in ("easy", "medium", "hard"):
            puzzle = generate(*size, "impossible", level, seed)
            cards = list(puzzle.cards)
            check_proof(cards, *size, impossibility_proof(cards, *size))
            few = [c for c in cards if 1 < meeting_pairs(cards, *size, c) <= 4]
            for card in few[:2]:
                proof = split_proof(cards, *size, card)
                assert proof.split is not None
                check_proof(cards, *size, proof)
                heads = [line for line in proof.brief_lines if line.startswith("Case ")]
                assert len(heads) == len(proof.split.cases) == meeting_pairs(cards, *size, card)
                split += 1
    assert split >= 5


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([(3, 3), (3, 4), (4, 4)]))
def test_a_split_proof_of_a_random_impossible_set_checks(
    rng: random.Random, size: tuple[int, int]
) -> None:
    cards = rng.sample(list(FOUR_D.cards), size[0] * size[1])
    if solve(cards, *size) is not None:
        return
    for card in [c for c in cards if 0 < meeting_pairs(cards, *size, c) <= 4][:2]:
        check_proof(cards, *size, split_proof(cards, *size, card))


def test_a_split_longer_than_the_proof_by_pairs_checks_and_is_not_kept() -> None:
    """4x5-sv56yc's key: Bg=C's row and column can share six pairs of its values (no card
    of the set fewer), and split so the proof checks but runs longer than the one kept."""
    puzzle = get_puzzle("4x5-sv56yc")
    cards = list(puzzle.cards)
    card = next(c for c in cards if str(c) == "Bg=C")
    assert min(meeting_pairs(cards, 4, 5, c) for c in cards) == 6
    split = split_proof(cards, 4, 5, card)
    assert split.split is not None and len(split.split.cases) == 6
    check_proof(cards, 4, 5, split)
    kept = impossibility_proof(cards, 4, 5)
    assert kept.split is None
    assert sum(map(len, kept.brief_lines)) < sum(map(len, split.brief_lines))
