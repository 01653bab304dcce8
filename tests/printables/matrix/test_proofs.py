"""Proofs in words that a set is impossible: every one re-checked step by step by the
independent checker, and held against the exhaustive solver; a tampered proof fails."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.matrix.proofs import (
    Proof,
    ProofError,
    TooFew,
    check_proof,
    check_words,
    impossibility_proof,
)
from printables.matrix.puzzles import generate, get_puzzle
from printables.matrix.solver import solve

BOOK = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
SIZES = [(3, 3), (3, 4), (4, 3), (3, 5), (4, 4), (4, 5), (5, 5)]


def test_the_books_set_is_proved_and_the_proof_reads_as_steps() -> None:
    proof = impossibility_proof(BOOK, 3, 3)
    check_proof(BOOK, 3, 3, proof)
    lines = proof.lines
    assert lines[0].startswith("Rows: a row of 3 cards shares a value that at least 3 cards")
    assert lines[0].endswith("(1) B G R; (2) G g T; (3) G ~ z; (4) b g T; (5) b ~ z.")
    assert lines[1] == "Columns: the same holds, so they share one of the same lists."
    assert "never share two colors, two shades, two patterns or two shapes" in lines[2]
    assert lines[3:] == (
        "No card shows blue and black: a row sharing B cannot cross a column sharing b.",
        "That leaves these pairs, row list x column list, where cards outnumber their places "
        "(each also the other way round: the same grid turned over; B/G is B or G):",
        "(2) x (2): Gb=C, GbzS fit only at G row x G column: 1 place for 2 cards.",
        "(2) x (3): Rb~T, Rw~T fit only at T row x ~ column: 1 place for 2 cards.",
        "(3) x (4): BwzT, RgzS, BgzT fit only at z row x g/T column: 2 places for 3 cards.",
    )
    assert "(1-3)" not in lines[0]  # no lists share a number range: nothing to explain
    assert proof.steps == 4


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
    """The rule of crossings announced facts ("So (rows and columns alike):") that never
    came; such a proof ends with the rule itself, which rules out every pair of lists."""
    puzzle = get_puzzle(puzzle_id)
    proof = puzzle.proof
    assert proof is not None and not proof.facts and not proof.crowds
    check_proof(puzzle.cards, 5, 5, proof)
    assert proof.lines[2].endswith("cross in k x m places.")
    assert proof.lines[3].startswith("That alone rules out every pair of lists: in each, a row")
    assert len(proof.lines) == 4
    assert all(line.strip() for line in proof.lines)


def test_the_checker_rejects_a_step_announced_and_not_given() -> None:
    lines = list(impossibility_proof(BOOK, 3, 3).lines)
    check_words(lines)
    announced = lines[2] + " So (rows and columns alike):"
    with pytest.raises(ProofError, match="step 3 announces steps that do not follow"):
        check_words([*lines[:2], announced, "That rules out every pair of lists."])
    with pytest.raises(ProofError, match="step 3 announces"):
        check_words([*lines[:3], *lines[4:]])  # the fact announced, left out
    with pytest.raises(ProofError, match="step 5 is empty"):
        check_words([*lines[:4], "  ", *lines[5:]])
    with pytest.raises(ProofError, match=r"step 5 announces"):
        check_words(lines[:5])  # the crowds announced, none given


def test_pairs_of_lists_share_the_crowds_that_hold_for_them() -> None:
    """A crowd is told once for every pair of lists it holds for, and crowds are chosen so
    that few serve all the pairs: this hard 4x4 set's 29 pairs left took 18 crowds when
    each pair kept the first crowd found for it, 12 now."""
    puzzle = get_puzzle("4x4-4gem10")
    proof = puzzle.proof
    assert proof is not None
    check_proof(puzzle.cards, 4, 4, proof)
    assert len(proof.crowds) == 29
    assert len({crowd.why for crowd in proof.crowds}) == 12
    told = [line for line in proof.lines if line.startswith("(")]
    assert len(told) == 12
    # 1 or 12 with 24 or 26, and 2, 10 or 14 with 24: seven pairs, one crowd
    assert told[0].startswith("(1, 12) x (24, 26), (2, 10, 14) x (24): Bw~C, Bw=C fit only")


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


def test_long_proofs_group_their_lists_pairs_and_crossings_and_say_how_to_read_them() -> None:
    """A hard 5x5 proof: lists that differ only in their last value share a number range,
    pairs and crossings are grouped, and the words say once how each grouping reads; every
    list and pair the proof holds is still named."""
    puzzle = get_puzzle("5x5-pezgen")
    proof = puzzle.proof
    assert proof is not None
    check_proof(puzzle.cards, 5, 5, proof)
    lines = proof.lines
    assert "(1-3) ... w/=/~ is three lists, ending in w, = and ~" in lines[0]
    assert "(1-4) B G G R w/~/S/C; (5-9) B G R b w/=/~/S/C;" in lines[0]
    assert f"({len(proof.row_options)})" in lines[0] or f"-{len(proof.row_options)})" in lines[0]
    told = [line for line in lines if line.startswith("(")]
    assert "(1, 2) x (3) is 1 x 3 and 2 x 3; B/G is B or G" in lines[len(lines) - len(told) - 1]
    # every pair left is named in the grouped words, read back
    named = set()
    for line in told:
        for rows, cols in re.findall(r"\(([\d, ]+)\) x \(([\d, ]+)\)", line.split(":")[0]):
            named |= {(int(r), int(c)) for r in rows.split(", ") for c in cols.split(", ")}
    assert named == {(c.row_list, c.col_list) for c in proof.crowds}
    assert sum(len(line) for line in lines) < 7_000  # 10,905 characters before the grouping
