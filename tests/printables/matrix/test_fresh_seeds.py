"""A sheet printed with no seed draws one (``MatrixKind.fresh_seed``): for hard Matrix
sets, one whose keys' proofs each fit a third of a page. A seed given, or drawn once,
prints the same sheet forever (the golden files hold that); only the drawing prefers."""

from __future__ import annotations

import pytest
from seed_draws import LONG_KEY_SEED, SHORT_KEYS_SEED, draws, fits, long_then_fitting

from printables.matrix.proofs import KEY_MOST
from printables.matrix.puzzles import FRESH_TRIES, KIND, Choices, get_puzzle

HARD_4X5 = KIND.choices(size="4x5", want="impossible", level="hard")


def test_the_example_seeds_are_what_they_say() -> None:
    long = [get_puzzle(i) for i in KIND.ids(2, LONG_KEY_SEED, HARD_4X5)]
    assert [p.id for p in long] == ["4x5-2r1h7c", "4x5-8d7vf4"]
    assert long[1].proof is not None and long[1].proof.key_length > KEY_MOST
    assert fits(2, SHORT_KEYS_SEED, HARD_4X5)


def test_a_seed_whose_sheet_has_a_long_key_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = draws(monkeypatch, LONG_KEY_SEED, SHORT_KEYS_SEED)
    assert KIND.fresh_seed(2, HARD_4X5) == SHORT_KEYS_SEED
    assert drawn.count == 2
    # the sheet's puzzles were made on the way, for the sheet to take at once
    assert all(get_puzzle.peek(i) is not None for i in KIND.ids(2, SHORT_KEYS_SEED, HARD_4X5))


@pytest.mark.parametrize(
    "choices",
    [KIND.choices(size="4x5", want="solvable", level="hard"),
     KIND.choices(size="4x5", want="impossible", level="medium"),
     KIND.choices(size="3x3", want="either", level="easy")],
    ids=["solvable-hard", "impossible-medium", "either-easy"],
)  # fmt: skip
def test_sheets_whose_keys_hold_no_proof_take_the_first_seed_drawn(
    monkeypatch: pytest.MonkeyPatch, choices: Choices
) -> None:
    drawn = draws(monkeypatch, LONG_KEY_SEED)
    assert KIND.fresh_seed(2, choices) == LONG_KEY_SEED
    assert drawn.count == 1


def test_either_kind_hard_sheets_are_drawn_too(monkeypatch: pytest.MonkeyPatch) -> None:
    either = KIND.choices(size="4x5", want="either", level="hard")
    long, fitting = long_then_fitting(3, either)
    drawn = draws(monkeypatch, long, fitting)
    assert KIND.fresh_seed(3, either) == fitting
    assert drawn.count == 2


def test_a_mat_kit_is_drawn_from_its_own_sheets(monkeypatch: pytest.MonkeyPatch) -> None:
    """A MAT kit's sets are other puzzle seeds than a worksheet's of the same seed: the
    drawing checks the kit's own."""
    long, fitting = long_then_fitting(2, HARD_4X5, "mat")
    drawn = draws(monkeypatch, long, fitting)
    assert KIND.fresh_seed(2, HARD_4X5, "mat") == fitting
    assert drawn.count == 2


def test_the_drawing_stops_after_so_many_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never seen (a sheet of twelve hard 4x5 sets fits about one seed in four), but a
    sheet must come: the last seed drawn is taken."""
    drawn = draws(monkeypatch, *[LONG_KEY_SEED] * FRESH_TRIES)
    assert KIND.fresh_seed(2, HARD_4X5) == LONG_KEY_SEED
    assert drawn.count == FRESH_TRIES


def test_fresh_sheets_of_twelve_hard_sets_have_every_key_within_a_third_of_a_page() -> None:
    for size in ("4x5", "5x5"):
        choices = KIND.choices(size=size, want="impossible", level="hard")
        for _ in range(2):
            seed = KIND.fresh_seed(12, choices)
            assert fits(12, seed, choices), seed
