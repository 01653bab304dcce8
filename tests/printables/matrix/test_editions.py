"""The second edition of seeds (``SHORT_KEYS_FROM`` on): hard impossible Matrix sets whose
key's proof fits a third of a page, while every seed below makes what it always made (the
golden files hold those: ``test_puzzle_ids.py``, ``test_sheet_seeds.py``)."""

from __future__ import annotations

import pytest

from printables.matrix import puzzles
from printables.matrix.proofs import KEY_MOST, check_proof
from printables.matrix.puzzles import (
    MAX_SEED,
    disjoint_sets,
    generate,
    generated_id,
    key_fits,
    parse_id,
    puzzle_ids,
)
from printables.matrix.solver import solve
from printables.puzzles import SHEET_SEEDS, SHORT_KEYS_FROM, PuzzleIdError, fresh_sheet_seed

PASSED_OVER = SHORT_KEYS_FROM + 23
"""A second-edition seed whose walk first finds a 4x5 set with a proof of 4,244
characters as a key prints it (4x5-jjefwt)."""


def test_the_second_edition_passes_over_a_set_whose_key_is_too_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As a first-edition seed is made (no set passed over), this seed's walk stops at a
    set whose proof runs to most of a page; the second edition walks on to a short one."""
    second = generate(4, 5, "impossible", "hard", PASSED_OVER)
    monkeypatch.setattr(puzzles, "SHORT_KEYS_FROM", MAX_SEED)  # every seed a first edition's
    first = generate(4, 5, "impossible", "hard", PASSED_OVER)
    assert first.id == second.id == "4x5-jjefwt"
    assert first.proof is not None and first.proof.key_length > 4000
    assert second.proof is not None and second.proof.key_length <= KEY_MOST
    assert set(second.cards) != set(first.cards)
    # Still a hard impossible set, proved so by its own proof and by the solver.
    assert (second.grade.level, second.solvable) == ("hard", False)
    check_proof(second.cards, 4, 5, second.proof)
    assert solve(second.cards, 4, 5) is None


@pytest.mark.parametrize("size", [(4, 4), (4, 5), (5, 4), (5, 5)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_second_edition_hard_key_fits_a_third_of_a_page(size: tuple[int, int]) -> None:
    rows, cols = size
    for seed in range(SHORT_KEYS_FROM, SHORT_KEYS_FROM + 40 * 7919, 7919):
        puzzle = generate(rows, cols, "impossible", "hard", seed)
        assert puzzle.proof is not None
        assert puzzle.proof.key_length <= KEY_MOST, puzzle.id
        assert key_fits(puzzle)


def test_a_sheet_seed_draws_puzzle_seeds_of_its_own_edition() -> None:
    for sheet in ("worksheet", "mat"):
        old = puzzle_ids(12, 4, 5, "impossible", "hard", SHORT_KEYS_FROM - 1, sheet)
        new = puzzle_ids(12, 4, 5, "impossible", "hard", SHORT_KEYS_FROM, sheet)
        last = puzzle_ids(12, 4, 5, "impossible", "hard", SHEET_SEEDS[-1], sheet)
        assert all(parse_id(i).seed < SHORT_KEYS_FROM for i in old)
        assert all(SHORT_KEYS_FROM <= parse_id(i).seed < MAX_SEED for i in new + last)
        lane = ("worksheet", "mat").index(sheet)
        assert {parse_id(i).seed % 2 for i in old + new + last} == {lane}


def test_a_fresh_sheet_seed_is_of_the_second_edition() -> None:
    drawn = {fresh_sheet_seed() for _ in range(200)}
    assert all(SHORT_KEYS_FROM <= seed < SHEET_SEEDS.stop for seed in drawn)
    assert len(drawn) > 190


def test_second_edition_ids_read_back_and_a_seed_past_them_is_refused() -> None:
    puzzle_id = generated_id(5, 5, "impossible", "hard", MAX_SEED - 1)
    assert parse_id(puzzle_id).seed == MAX_SEED - 1
    with pytest.raises(PuzzleIdError, match=f"from 0 to {MAX_SEED - 1}"):
        generated_id(5, 5, "impossible", "hard", MAX_SEED)


def test_a_successive_kit_of_the_second_edition_keeps_its_keys_short(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Disjoint sets (MAT Successive) pass over a hard set whose key is too long, as a
    sheet does. With the limit lowered to 250 characters, a first-edition deal keeps a
    longer key; the second edition's deal of the same seed keeps none."""
    monkeypatch.setattr(puzzles, "KEY_MOST", 250)
    first = disjoint_sets(3, 3, 3, "impossible", "hard", 3)
    second = disjoint_sets(3, 3, 3, "impossible", "hard", SHORT_KEYS_FROM + 3)
    assert max(p.proof.key_length for p in first if p.proof is not None) > 250
    assert all(p.proof is not None and p.proof.key_length <= 250 for p in second)
    assert len({c for p in second for c in p.cards}) == 27  # still one deck, no card twice
