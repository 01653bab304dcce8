"""The handout of matrix: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "matrix",
    need="One 4D deck. One player, or each player with a set of their own.",
    setup="Deal yourself 9 cards face up (16 for 4x4, 25 for 5x5; 12, 15 or 20 for "
    "the rectangles 3x4, 3x5 and 4x5).",
    turn="Move the cards into rows and columns until every row and every column "
    "shares at least one value: a color, a shade, a pattern or a shape that all its "
    "cards show.",
    scoring="A grid where every line shares a value is solved. Some sets cannot be "
    "solved; saying so, and being able to show why, is also a win.",
    end="The hand ends when the grid is solved or the set is declared impossible. "
    "In MAT, a timed competition, the quickest right answer wins each set.",
    replay=Replay(players=1, seed=0, moves=()),
    scene=typed("BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS"),
    example_note="a solved 3x3 grid: the rows share a color, the columns a shade.",
    layout="rows",
)
