"""Eighty-one, rule by rule (4D Playing Cards rulebook, "Eighty-one")."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D, card
from printables.cards.reading import read_cards
from printables.fourd.flushes import common_values
from printables.games.base import OptionError
from printables.games.fourd.eighty_one import GAME, EightyOneState, Place, common_of
from printables.games.playout import playout

# The book's figure: after four sets of nine, each column shares one value.
BOOK_VALUES = ["square", "white", "square", "zigzag", "red", "blue", "triangle", "black", "stripe"]


def showing(value: str) -> list[Card]:
    return [c for c in FOUR_D.cards if value in {v.name for v in c.shown}]


def book_columns() -> list[list[Card]]:
    """Nine columns of four cards, column i sharing exactly BOOK_VALUES[i]."""
    used: set[Card] = set()
    columns = []
    for value in BOOK_VALUES:
        column: list[Card] = []
        for c in random.Random(value).sample(showing(value), 27):
            if c in used or (value != "stripe" and c.value("pattern").name == "stripe"):
                continue
            trial = [*column, c]
            if len(trial) < 4 or [v.name for v in common_values(trial)] == [value]:
                column = trial
            if len(column) == 4:
                break
        assert [v.name for v in common_values(column)] == [value]
        used.update(column)
        columns.append(column)
    return columns


def book_position() -> tuple[EightyOneState, Card, list[Card]]:
    """The book's position one card before the lost batch: column 9 awaits its fourth
    card; the next batch holds no stripe, though each of its cards fits columns 1-8."""
    columns = book_columns()
    used = {c for col in columns for c in col}
    batch: list[Card] = []
    for value in BOOK_VALUES[:8]:
        batch.append(next(c for c in showing(value) if c not in used and c not in batch
                          and c.value("pattern").name != "stripe"))  # fmt: skip
    batch.append(next(c for c in FOUR_D.cards if c not in used and c not in batch
                      and c.value("pattern").name != "stripe"))  # fmt: skip
    rest = [c for c in FOUR_D.cards if c not in used and c not in batch]
    last = columns[8].pop()
    state = GAME.setup(1, seed=1)
    state = replace(state, columns=tuple(tuple(c) for c in columns),
                    common=tuple(common_of(c) for c in columns), batch=(last,),
                    stock=(*batch, *rest), depth=3)  # fmt: skip
    return state, last, batch


def test_the_deal_starts_nine_columns_and_a_batch_of_nine() -> None:
    state = GAME.setup(1, seed=3)
    assert [len(c) for c in state.columns] == [1] * 9
    assert len(state.batch) == 9 and len(state.stock) == 81 - 18
    assert GAME.to_move(state) == 0


def test_a_card_must_share_a_value_with_the_column() -> None:
    state = GAME.setup(1, seed=3)
    top = state.columns[0][0]
    stranger = next(c for c in state.batch if c.shares(top) == 0) if any(
        c.shares(top) == 0 for c in state.batch) else None  # fmt: skip
    assert stranger is not None
    reason = GAME.why_illegal(state, Place(stranger, 0))
    assert reason is not None and reason.startswith(
        f"{stranger} shares no value with column 1, whose cards all show "
    )
    assert reason.endswith("all the cards in a column must share at least one value.")
    assert all(m.card.shares(state.columns[m.column][0]) for m in GAME.legal_moves(state))


def test_the_whole_column_must_share_a_value_not_just_the_card_below() -> None:
    # Bb=S and Gw~S share only square. Gw~T shares green, white and wavy with Gw~S,
    # the card it would lie on, but not square: the column would share nothing.
    state = GAME.setup(1, seed=3)
    columns = (read_cards("Bb=S Gw~S", FOUR_D), *((c[0],) for c in state.columns[1:]))
    batch = (card("Gw~T"), *[c for c in state.batch if c != card("Gw~T")][:8])
    state = replace(state, columns=tuple(tuple(c) for c in columns),
                    common=tuple(common_of(c) for c in columns), batch=batch, depth=2)  # fmt: skip
    assert GAME.why_illegal(state, Place(card("Gw~T"), 0)) == (
        "Gw~T shares no value with column 1, whose cards all show square; "
        "all the cards in a column must share at least one value."
    )


def test_each_column_takes_one_card_a_batch() -> None:
    state = GAME.setup(1, seed=3)
    move = GAME.legal_moves(state)[0]
    state = GAME.apply(state, move)
    other = next(m for m in GAME.candidate_moves(state) if m.column == move.column)
    assert GAME.why_illegal(state, other) == (
        f"Column {move.column + 1} already has its card from this batch ({move.card}); "
        "each column takes one card a batch."
    )
    assert all(m.column != move.column for m in GAME.legal_moves(state))


def test_a_placement_that_leaves_the_rest_of_the_batch_unplaceable_is_refused() -> None:
    columns = book_columns()
    used = {c for col in columns for c in col}
    for i, value in enumerate(BOOK_VALUES[:7]):  # columns 1-7 have had their card
        extra = next(c for c in showing(value) if c not in used)
        columns[i].append(extra)
        used.add(extra)
    both = next(c for c in showing("black") if c not in used and c.value("pattern").name
                == "stripe")  # fmt: skip
    black = next(c for c in showing("black") if c not in used and c.value("pattern").name
                 != "stripe")  # fmt: skip
    state = replace(GAME.setup(1, seed=1), columns=tuple(tuple(c) for c in columns),
                    common=tuple(common_of(c) for c in columns), batch=(both, black),
                    depth=4)  # fmt: skip
    # Column 8 is black and column 9 stripe: only one card can take column 9.
    assert GAME.why_illegal(state, Place(both, 7)) == (
        f"With {both} on column 8, the rest of the batch cannot be placed: no card left in "
        "the batch shows stripe, and nothing but a card with stripe can go on column 9."
    )
    assert GAME.legal_moves(state) == [Place(both, 8), Place(black, 7)]


def test_the_books_lost_game_no_card_shows_stripe() -> None:
    state, last, batch = book_position()
    assert GAME.legal_moves(state) == [Place(last, 8)]
    state = GAME.apply(state, Place(last, 8))
    assert [len(c) for c in state.columns] == [4] * 9
    assert [[v.name for v in common_values(c)] for c in state.columns] == [[v] for v in
                                                                           BOOK_VALUES]  # fmt: skip
    assert state.batch == tuple(batch)
    assert GAME.to_move(state) is None
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.scores == (36,)
    assert outcome.reasons[0].endswith(
        "cannot be placed, one card on each column: no card of the batch shows stripe, and "
        "nothing but a card with stripe can go on column 9."
    )
    assert outcome.reasons[1] == "The game is lost with 36 of 81 cards placed."


def test_score_position_gives_each_columns_shared_values_and_judges_a_batch() -> None:
    columns = book_columns()
    text = "\n".join(" ".join(map(str, c)) for c in columns)
    scored = GAME.score_position(text)
    assert scored.summary == "All 9 columns are single-flushes"
    assert [d["shared"] for d in scored.details["columns"]] == [[v] for v in BOOK_VALUES]
    assert scored.reasons[8].endswith("shares stripe.")
    _, _, batch = book_position()
    lost = GAME.score_position(text + "\nbatch: " + " ".join(map(str, batch)))
    assert lost.details["batch_fits"] is False
    assert lost.reasons[-1] == (
        "The batch cannot be placed: no card of the batch shows "
        "stripe, and nothing but a card with stripe can go on column 9."
    )
    bad = GAME.score_position("Bb=S Gw~S Gw~T / Rg=T")
    assert bad.summary == "Column 1 is not a single-flush"
    assert bad.details["columns"][0]["single_flush"] is False
    with pytest.raises(ValueError, match="appears twice"):
        GAME.score_position("Bb=S / Bb=S")
    with pytest.raises(ValueError, match="one card for each column"):
        GAME.score_position("Bb=S / Rg=T\nbatch: Bw=S")


def test_a_batch_that_fits_is_placed_and_the_next_batch_dealt() -> None:
    state = GAME.setup(1, seed=12)
    for _ in range(9):
        state = GAME.apply(state, GAME.legal_moves(state)[0])
    assert state.depth == 2 and [len(c) for c in state.columns] == [2] * 9
    assert len(state.batch) == 9 or GAME.to_move(state) is None
    assert len(state.stock) == 81 - 27


def test_placing_all_81_cards_wins() -> None:
    record = playout(GAME, 1, 12)  # a seed whose random play happens to win
    assert record.outcome is not None
    assert record.outcome.winners == (0,) and record.outcome.scores == (81,)
    assert record.moves == 72


def test_the_game_has_no_options_and_one_player() -> None:
    assert GAME.option_help() == []
    with pytest.raises(OptionError, match="Eighty-one is for 1 players, not 2"):
        GAME.setup(2, seed=1)


@settings(max_examples=25)
@given(st.integers(0, 10_000))
def test_legal_moves_are_exactly_the_placements_that_keep_the_batch_placeable(seed: int) -> None:
    state = GAME.setup(1, seed)
    steps = 0
    while GAME.to_move(state) is not None and steps < 30:
        legal = GAME.legal_moves(state)
        brute = [m for m in GAME.candidate_moves(state) if GAME.why_illegal(state, m) is None]
        assert legal == brute
        state = GAME.apply(state, legal[seed % len(legal)])
        steps += 1
        for column in state.columns:
            assert common_values(column), "every column stays a single-flush"


def test_many_checked_playouts_end() -> None:
    for seed in range(300):
        record = playout(GAME, 1, seed)
        assert record.outcome is not None
        assert record.outcome.scores[0] % 9 == 0 and 18 <= record.outcome.scores[0] <= 81
