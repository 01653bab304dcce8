"""A Matrix set's answer from its boxes: each card's row and column (a line each, one
box at most), which place it in the grid the Matrix puzzle kind checks.

A card left without a row or a column, or two cards in one place, is the answer's own
fault, said in the teacher's words.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from generator.scan.layout import Box
from grading.answers import Built, Claim, Line
from printables.matrix.puzzles import get_puzzle

CLAIM = Claim("Impossible", "impossible", "places for cards", ("impossible", "placements"))
"""A Matrix set's "Impossible" box."""


class MatrixReader:
    """What a Matrix answer area's boxes mean (:class:`grading.answers.Reader`)."""

    def claim(self, puzzle_id: str) -> Claim:
        return CLAIM

    def line(self, box: Box) -> Line | None:
        return (box.card, str(box.field)) if box.field in ("row", "column") else None

    def choice(self, box: Box) -> str:
        return str(box.value)

    def describe(self, box: Box) -> str:
        if box.field in ("row", "column"):
            return f"{box.card}, {box.field} {box.value}"
        return f"'{str(box.field).capitalize()}'"

    def optional(self, line: Line) -> bool:
        return False  # a right answer gives every card a row and a column

    def two_marks(self, line: Line, choices: Sequence[str]) -> str:
        card, field = line
        return (
            f"{card}: {len(choices)} {field}s are marked ({', '.join(choices)}). Which one counts?"
        )

    def build(
        self, puzzle_id: str, chosen: Mapping[Line, Box | None], free: Sequence[Box]
    ) -> Built:
        """The grid the marked rows and columns make."""
        puzzle = get_puzzle(puzzle_id)
        grid, faults = place_cards([str(c) for c in puzzle.cards], puzzle.rows, puzzle.cols,
                                   chosen)  # fmt: skip
        text = "\n".join(" ".join(row) for row in grid)
        return Built(text, text, tuple(faults))


def place_cards(
    cards: Sequence[str], rows: int, cols: int, chosen: Mapping[Line, Box | None]
) -> tuple[list[list[str]], list[str]]:
    """The grid the cards' marked rows and columns make (``?`` where no card is), and its
    faults: a card left without a row or a column, two cards in one place."""
    faults = []
    places: dict[tuple[int, int], list[str]] = defaultdict(list)
    for card in cards:
        row_box, column_box = chosen.get((card, "row")), chosen.get((card, "column"))
        row = row_box.value if row_box is not None else None
        column = column_box.value if column_box is not None else None
        if row is None and column is None:
            faults.append(f"{card} is not placed.")
        elif row is None:
            faults.append(f"{card} has no row marked.")
        elif column is None:
            faults.append(f"{card} has no column marked.")
        else:
            places[(row, column)].append(card)
    for (row, column), placed in sorted(places.items()):
        if len(placed) > 1:
            both = "both" if len(placed) == 2 else "all"
            where = f"row {row}, column {column}"
            faults.append(f"{' and '.join(placed)} are {both} placed at {where}.")
    grid = [[places.get((r, c), ["?"])[0] for c in range(1, cols + 1)]
            for r in range(1, rows + 1)]  # fmt: skip
    return grid, faults


READER = MatrixReader()
