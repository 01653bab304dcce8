"""Reading written answers: lists of names and rectangular arrays (MAT, Successive)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards import (
    FOUR_D,
    PARADOX,
    Card,
    CardNameError,
    DuplicateCardError,
    GridShapeError,
)
from printables.cards.reading import NO, Cell, Grid, read_cards, read_grid, split_rows

SPACE = " \t"


def names(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def grid_names(grid: Grid) -> list[list[str]]:
    return [[str(cell) for cell in row] for row in grid.rows]


# --- read_cards ----------------------------------------------------------------------------------


def test_read_cards_with_the_books_stray_spaces() -> None:
    assert names(read_cards("Bg~ T Bb~ T Bw~T", FOUR_D)) == ["Bg~T", "Bb~T", "Bw~T"]
    assert names(read_cards("Bb=S, Gw~ T  RgzC", FOUR_D)) == ["Bb=S", "Gw~T", "RgzC"]


@pytest.mark.parametrize(
    "text",
    [
        "Bb=S Gw=C Rg~T",
        "Bb=S,Gw=C,Rg~T",
        "Bb=S; Gw=C; Rg~T",
        "Bb=S / Gw=C / Rg~T",
        "Bb=S/Gw=C/Rg~T",
        "Bb=S\nGw=C\nRg~T\n",
        "\n\n  Bb=S \r\n\t Gw=C ,, ;\n\nRg~T  ",
        "B b = S\tG w = C\tR g ~ T",
        "Bb=S,Gw=C;Rg~T",
    ],
)
def test_read_cards_separators(text: str) -> None:
    assert names(read_cards(text, FOUR_D)) == ["Bb=S", "Gw=C", "Rg~T"]


def test_read_cards_blank_is_empty() -> None:
    assert read_cards("", FOUR_D) == []
    assert read_cards(" \n\t , ; / ", FOUR_D) == []


def test_read_cards_duplicate_names_both_places() -> None:
    with pytest.raises(DuplicateCardError) as info:
        read_cards("Bb=S Gw=C Rg~T Gw= C", FOUR_D)
    assert info.value.name == "Gw=C"
    assert str(info.value).startswith("Gw=C appears twice (card 2 and card 4)")
    assert isinstance(info.value, ValueError)


def test_read_cards_duplicates_allowed_on_request() -> None:
    assert names(read_cards("Bb=S Bb=S", FOUR_D, distinct=False)) == ["Bb=S", "Bb=S"]


def test_read_cards_bad_name_says_which_card() -> None:
    with pytest.raises(CardNameError) as info:
        read_cards("Bb=S Gx=C", FOUR_D)
    assert info.value.where == "card 2"
    assert str(info.value) == "card 2: 'Gx=C': 'x' is not a shade; expected b, g or w"


def test_read_cards_does_not_take_no() -> None:
    with pytest.raises(CardNameError) as info:
        read_cards("Bb=S No", FOUR_D)
    assert info.value.where == "card 2"
    assert "expected B, G or R" in str(info.value)


def test_read_cards_paradox() -> None:
    assert names(read_cards("R10 G5, P0;B 7", PARADOX)) == ["R10", "G5", "P0", "B7"]


def test_read_grid_lines_and_slashes_agree() -> None:
    by_lines = read_grid("Bb=S Bw=T Bg~C\nGb=S Gw=T Gg~C\n", FOUR_D)
    by_slash = read_grid("Bb=S Bw=T Bg~C / Gb=S Gw=T Gg~C", FOUR_D)
    with_spaces = read_grid("\n  Bb= S, Bw=T ;Bg~ C\n\n\t\nGb=S Gw =T Gg~C  \n\n", FOUR_D)
    assert by_lines == by_slash == with_spaces
    assert by_lines.shape == (2, 3)
    assert grid_names(by_lines) == [["Bb=S", "Bw=T", "Bg~C"], ["Gb=S", "Gw=T", "Gg~C"]]
    assert [[str(c) for c in col] for col in by_lines.columns] == [
        ["Bb=S", "Gb=S"],
        ["Bw=T", "Gw=T"],
        ["Bg~C", "Gg~C"],
    ]
    assert not by_lines.claims_impossible
    assert names(by_lines.cards()) == ["Bb=S", "Bw=T", "Bg~C", "Gb=S", "Gw=T", "Gg~C"]


def test_read_grid_crlf() -> None:
    assert read_grid("Bb=S Bw=T\r\nGbzC Gw~C\r\n", FOUR_D).shape == (2, 2)


@pytest.mark.parametrize("no", ["No", "no", "NO"])
def test_read_grid_one_no(no: str) -> None:
    grid = read_grid(f"Bb=S Bw=T\nGbzC {no}", FOUR_D)
    assert grid.claims_impossible
    assert grid.shape == (2, 2)
    assert grid.rows[1][1] is NO
    assert names(grid.cards()) == ["Bb=S", "Bw=T", "GbzC"]
    assert str(grid) == "Bb=S Bw=T\nGbzC No"


def test_no_followed_by_separators() -> None:
    grid = read_grid("No,Bb=S;Bw=T", FOUR_D)
    assert grid.rows[0][0] is NO
    assert grid.shape == (1, 3)


def test_no_must_be_a_whole_word() -> None:
    with pytest.raises(CardNameError) as info:
        read_grid("Bb=S Nope", FOUR_D)
    assert info.value.where == "row 1, card 2"


def test_two_nos_name_both_places() -> None:
    with pytest.raises(GridShapeError) as info:
        read_grid("Bb=S No\nno Gw=C", FOUR_D)
    message = str(info.value)
    assert "row 1, card 2" in message
    assert "row 2, card 1" in message
    assert "2 times" in message
    assert "exactly one" in message
    assert isinstance(info.value, ValueError)


def test_three_nos() -> None:
    with pytest.raises(GridShapeError, match="3 times"):
        read_grid("No No / No Bb=S", FOUR_D)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("Bb=S Bw=T\nGbzC", "row 2 has 1 card but row 1 has 2"),
        ("Bb=S Bw=T / GbzC Gw~C RgzT", "row 2 has 3 cards but row 1 has 2"),
        ("Bb=S\nBw=T\nGbzC Gw~C", "row 3 has 2 cards but row 1 has 1"),
        ("Bb=S Bw=T\nGbzC No\nRgzT", "row 3 has 1 card but row 1 has 2"),
    ],
)
def test_ragged_rows(text: str, fragment: str) -> None:
    with pytest.raises(GridShapeError) as info:
        read_grid(text, FOUR_D)
    assert fragment in str(info.value)


def test_empty_grid() -> None:
    for text in ["", "\n\n", " / / ", ",;"]:
        with pytest.raises(GridShapeError, match="no cards"):
            read_grid(text, FOUR_D)


def test_grid_duplicate_names_both_places() -> None:
    with pytest.raises(DuplicateCardError) as info:
        read_grid("Bb=S Bw=T\nGbzC Bb= S", FOUR_D)
    assert info.value.name == "Bb=S"
    assert str(info.value).startswith("Bb=S appears twice (row 1, card 1 and row 2, card 2)")


def test_grid_duplicate_after_a_no_counts_the_no() -> None:
    with pytest.raises(DuplicateCardError, match=r"\(row 1, card 3 and row 2, card 3\)"):
        read_grid("No Bw=T GbzC / RgzT Gw~C GbzC", FOUR_D)


@pytest.mark.parametrize(
    ("text", "where", "quoted"),
    [
        ("Bb=S Bw=T Bg~C\nGb=S Gw=T Gx~C", "row 2, card 3", "'Gx~C'"),
        ("Bb=S Bw=T / No Gb=Q", "row 2, card 2", "'Gb=Q'"),
        ("\n\nBb=S bx=T\n", "row 1, card 2", "'bx=T'"),
        ("Bb=S Bw=T\n\nGb=S Gw~\n", "row 2, card 2", "'Gw~'"),
    ],
)
def test_bad_name_in_a_grid_is_located(text: str, where: str, quoted: str) -> None:
    with pytest.raises(CardNameError) as info:
        read_grid(text, FOUR_D)
    assert info.value.where == where
    assert str(info.value).startswith(f"{where}: {quoted}: ")
    assert "expected" in str(info.value)


def test_bad_name_in_a_grid_message_exact() -> None:
    with pytest.raises(CardNameError) as info:
        read_grid("Bb=S Bw=T\nGbzC Gx=C", FOUR_D)
    assert str(info.value) == "row 2, card 2: 'Gx=C': 'x' is not a shade; expected b, g or w"
    assert info.value.position == 1


def test_split_rows() -> None:
    assert split_rows("a b\n\n / c\r\n,\n") == ["a b", " c"]


# --- round trips ---------------------------------------------------------------------------------


@st.composite
def grids(draw: st.DrawFn) -> Grid:
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(1, 5))
    cards = draw(
        st.lists(
            st.sampled_from(FOUR_D.cards), min_size=rows * cols, max_size=rows * cols, unique=True
        )
    )
    cells: list[Cell] = list(cards)
    if draw(st.booleans()):
        cells[draw(st.integers(0, rows * cols - 1))] = NO
    return Grid(tuple(tuple(cells[r * cols : (r + 1) * cols]) for r in range(rows)))


def scribble(data: st.DataObject, cell: Cell) -> str:
    """A cell written with random spaces/tabs inside a name and a random case of 'No'."""
    if cell is NO:
        return data.draw(st.sampled_from(["No", "no", "NO"]))
    text = ""
    for i, symbol in enumerate(str(cell)):
        if i:
            text += data.draw(st.text(alphabet=SPACE, max_size=2))
        text += symbol
    return text


@settings(max_examples=30)
@given(grids())
def test_grid_str_reads_back(grid: Grid) -> None:
    assert read_grid(str(grid), FOUR_D) == grid
    assert str(read_grid(str(grid), FOUR_D)) == str(grid)


@settings(max_examples=30)
@given(grids(), st.data())
def test_grid_with_random_whitespace_reads_back(grid: Grid, data: st.DataObject) -> None:
    draw = data.draw
    use_slash = draw(st.booleans())
    rows = []
    for row in grid.rows:
        text = draw(st.text(alphabet=SPACE, max_size=2))
        for c, cell in enumerate(row):
            if c:
                text += draw(st.sampled_from([" ", "\t", ",", ";", ", ", " ; ", "  \t"]))
            text += scribble(data, cell)
        text += draw(st.text(alphabet=SPACE + ",;", max_size=2))
        rows.append(text)
    if use_slash:
        joiner = draw(st.sampled_from(["/", " / ", "\t/\t"]))
        written = joiner.join(rows)
    else:
        written = ""
        for text in rows:
            written += text + draw(st.sampled_from(["\n", "\r\n", "\n\n", "\n \t\n"]))
        written = draw(st.sampled_from(["", "\n", " \n\n"])) + written
    read = read_grid(written, FOUR_D)
    assert read == grid
    assert read.shape == grid.shape
    assert read.claims_impossible == grid.claims_impossible
    # The same cards read as a flat list, without the 'No'.
    if not grid.claims_impossible:
        assert read_cards(written, FOUR_D) == grid.cards()


@settings(max_examples=30)
@given(st.lists(st.sampled_from(PARADOX.cards), min_size=1, max_size=12, unique=True))
def test_paradox_list_round_trip(cards: list[Card]) -> None:
    assert read_cards(" ".join(map(str, cards)), PARADOX) == cards
    assert read_cards(",".join(map(str, cards)), PARADOX) == cards
