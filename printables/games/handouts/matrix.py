"""The handout of Matrix (4D Playing Cards): its rules in brief, the book's rules it
carries, and a dealt set placed into its solution as its worked example."""

from __future__ import annotations

from printables.games.fourd.matrix import grid_text
from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "players",
        "Matrix",
        "Matrix can be played solitaire or by an unlimited number of players",
        "any number can play, each with a set of their own",
    ),
    BookRule(
        "deal",
        "Three by Three Matrix Solitaire",
        "Deal yourself nine cards.",
        "deal yourself 9 cards face up",
    ),
    BookRule(
        "grid",
        "Three by Three Matrix Solitaire",
        "Arrange them into three rows and three columns",
        "Lay the cards out in 3 rows of 3",
    ),
    BookRule(
        "single-flush",
        "Three by Three Matrix Solitaire",
        "so that every row and every column is a single flush",
        "each row, and each column, is a single-flush",
    ),
    BookRule(
        "shared-value",
        "Three by Three Matrix Solitaire",
        "(A single flush is a set of cards that all have at least one value in common.)",
        "its cards all share at least one value",
    ),
    BookRule(
        "sizes",
        "Other Rectangular Matrix Solitaires",
        "Four by Four, and Five by Five are exactly the same game as Three by Three Matrix, "
        "but with 16 and 25 cards",
        "16 cards for 4x4, 25 for 5x5",
    ),
    BookRule(
        "rectangles",
        "Other Rectangular Matrix Solitaires",
        "Rectangles of 3x4, 3x5, and 4x5, are good.",
        "12, 15 or 20 for the rectangles 3x4, 3x5 and 4x5",
    ),
    BookRule(
        "placing",
        "Matrix (the book is silent)",
        "",
        "in the app the cards go down one at a time, row by row from the top left",
        reading="docs/readings/matrix.md, Reading order",
    ),
    BookRule(
        "giving-up",
        "Three by Three Matrix Solitaire",
        "some sets of cards are impossible to solve. Giving up is definitely allowed!",
        "you may give up instead by declaring the set impossible",
    ),
    BookRule(
        "declared",
        "Three by Three Matrix Solitaire",
        "Advanced players should be able to prove that a set is unsolvable.",
        "which wins only if no arrangement works, and a good player can show why",
        reading="docs/readings/matrix.md, Giving up",
    ),
    BookRule(
        "full-unsolved",
        "MAT (Matrix Aptitude Test), Simultaneous",
        "Any unsolved matrix that is claimed to be finished will be treated as if it were "
        "declared to be impossible.",
        "A full grid that is not solved counts as declaring the set impossible",
        reading="docs/readings/matrix.md, A full grid that is not solved",
    ),
)


def _solved(played: Played) -> Example:
    """The grid as the replay left it, rows separated by '/'."""
    return Example(grid_text(played.last.rows()))


HANDOUT = Handout(
    "matrix",
    need="One 4D deck. Matrix is a solitaire: any number can play, each with a set of their own.",
    setup="Shuffle and deal yourself 9 cards face up. For a longer game deal 16 cards for "
    "4x4, 25 for 5x5, or 12, 15 or 20 for the rectangles 3x4, 3x5 and 4x5.",
    turn="Lay the cards out in 3 rows of 3 so that each row, and each column, is a "
    "single-flush: its cards all share at least one value (a color, a shade, a pattern or a "
    "shape). At the table, move the cards freely; in the app the cards go down one at a "
    "time, row by row from the top left.",
    scoring="A grid whose every row and column shares a value is solved, and wins. Some "
    "sets cannot be solved: you may give up instead by declaring the set impossible, which "
    "wins only if no arrangement works, and a good player can show why. A full grid that is "
    "not solved counts as declaring the set impossible.",
    end="The hand ends when the grid is full or the set is declared impossible; after a "
    "wrong declaration the app shows a solution. For MAT, the book's timed contest for a "
    "class, print a kit: printables mat-kit.",
    replay=Replay(
        players=1,
        seed=12,
        moves=(
            "place BbzC at row 1, column 1",
            "place BbzS at row 1, column 2",
            "place Bg=T at row 1, column 3",
            "place RgzT at row 2, column 1",
            "place Rw~S at row 2, column 2",
            "place Rb~T at row 2, column 3",
            "place GwzC at row 3, column 1",
            "place Gw~S at row 3, column 2",
            "place BwzT at row 3, column 3",
        ),
    ),
    scene=_solved,
    example_note="a dealt set placed into its only solution: each line shares a value of its own.",
    rules=RULES,
    layout="rows",
)
