"""The handout of Squares (4D Playing Cards): its rules in brief, the book's rules it
carries, and a finished array as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "decks",
        "Squares",
        "two or three players with one deck",
        "One 4D deck for every three players",
    ),
    BookRule(
        "split",
        "Squares",
        "divide the deck into three portions of 27 cards by separating the three values of shade",
        "Split each deck by shade into three sets of 27 cards",
    ),
    BookRule(
        "one-set",
        "Squares",
        "Each player is given one of the sets of 27 cards.",
        "each player takes one",
    ),
    BookRule(
        "picker",
        "Squares",
        "One player is chosen to be the picker.",
        "The picker (chosen as a first dealer is)",
        reading="docs/readings/squares.md, The picker",
    ),
    BookRule(
        "picker-passes",
        "Squares (the book is silent)",
        "",
        "The picker passes left each hand",
        reading="docs/readings/squares.md, The picker",
    ),
    BookRule(
        "picker-shuffles",
        "Squares",
        "The picker shuffles his or her cards, places them face down, and draws the top card.",
        "shuffles their set and lays it face down",
    ),
    BookRule(
        "spread",
        "Squares",
        "The other players spread their cards face up",
        "the others spread theirs face up",
    ),
    BookRule(
        "matching",
        "Squares",
        "The only values that will be different on corresponding cards will be the shades.",
        "their own matching card (the same but for its shade)",
    ),
    BookRule(
        "placing",
        "Squares",
        "It may be placed in the same row as the first card, in the same column, or neither.",
        "in a row and a column already started or in a new one",
        reading="docs/readings/squares.md, Rows and columns are memberships",
    ),
    BookRule(
        "in-turn",
        "Squares (the book is silent)",
        "",
        "The app goes from the picker's left, the picker last",
        reading="docs/readings/squares.md, Simultaneous placing",
    ),
    BookRule(
        "four-at-most",
        "Squares",
        "four is the maximum number of rows or columns that can be formed",
        "at most four rows and four columns",
    ),
    BookRule(
        "no-moving",
        "Squares",
        "Once a card is played, it cannot be moved.",
        "a card once placed never moves",
    ),
    BookRule(
        "sixteen",
        "Squares",
        "When the sixteenth card is picked",
        "After the sixteenth card, count the triple-flush pairs",
    ),
    BookRule(
        "count",
        "Squares",
        "pairs that are contained in a single row or a single column are counted.",
        "only pairs inside one row or one column count",
    ),
    BookRule(
        "several",
        "Squares",
        "A card can be part of several triple-flush pairs. All should be counted.",
        "a card may be in several pairs",
    ),
    BookRule(
        "four-hands",
        "Squares",
        "Play four hands, keeping a running total after each hand. High score wins.",
        "Play four hands, adding up as you go; the highest total wins",
    ),
    BookRule(
        "ties",
        "Squares, Variations",
        "the players tied for high score can divide the winnings",
        "tied players sharing",
        reading="docs/readings/squares.md, Ties share the win",
    ),
    BookRule(
        "more-hands",
        "Squares, Variations",
        "You may play more hands, or agree on a score to play to.",
        "more hands or a target score",
    ),
    BookRule(
        "misere",
        "Squares, Variations",
        "the object of the game is to obtain the lowest score!",
        "Misere, lowest total wins",
    ),
)


def _picker_array(played: Played) -> Example:
    """The picker's array as the replay leaves it, rows top to bottom, each row left to
    right, '.' for a place not yet filled."""
    last = played.last
    cells = {(p.row, p.column): p.card for p in last.arrays[last.picker]}
    rows = max(r for r, _ in cells) + 1
    columns = max(c for _, c in cells) + 1
    return Example(
        " / ".join(
            " ".join(str(cells[r, c]) if (r, c) in cells else "." for c in range(columns))
            for r in range(rows)
        )
    )


HANDOUT = Handout(
    "squares",
    need="One 4D deck for every three players (the app seats 2 to 9).",
    setup="Split each deck by shade into three sets of 27 cards; each player takes one. "
    "The picker (chosen as a first dealer is) shuffles their set and lays it face down; "
    "the others spread theirs face up.",
    turn="The picker turns up the top card; everyone, the picker too, lays down their own "
    "matching card (the same but for its shade) in a row and a column already started or "
    "in a new one: at most four rows and four columns, and a card once placed never moves. "
    "The app goes from the picker's left, the picker last.",
    scoring="After the sixteenth card, count the triple-flush pairs (two cards sharing "
    "three values) of your 4 by 4 array: only pairs inside one row or one column count, "
    "and a card may be in several pairs.",
    end="Play four hands, adding up as you go; the highest total wins, tied players "
    "sharing. The picker passes left each hand. Options: more hands or a target score; "
    "Misere, lowest total wins.",
    replay=Replay(
        players=2,
        seed=151,
        moves=(
            "place GgzT in row 1, column 1",
            "place GbzT in row 1, column 1",
            "place Gg~T in row 1, column 2",
            "place Gb~T in row 1, column 2",
            "place Rg~T in row 1, column 3",
            "place Rb~T in row 1, column 3",
            "place Bg=T in row 2, column 2",
            "place Bb=T in row 2, column 1",
            "place BgzT in row 2, column 1",
            "place BbzT in row 3, column 1",
            "place RgzT in row 2, column 3",
            "place RbzT in row 3, column 3",
            "place Rg=T in row 3, column 3",
            "place Rb=T in row 2, column 3",
            "place Bg=S in row 3, column 2",
            "place Bb=S in row 2, column 2",
            "place BgzC in row 3, column 1",
            "place BbzC in row 3, column 2",
        ),
    ),
    scene=_picker_array,
    example_note="the picker's array after nine cards, scored so far; the last seven go "
    "in a fourth row or column.",
    rules=RULES,
    layout="rows",
)
