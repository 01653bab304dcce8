"""The handout of Cross-purposes (4D Playing Cards): its rules in brief, the book's rules it
carries, and a dealt game played to its end as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.handouts.general import FIRST_DEALER

RULES = (
    BookRule(
        "pick",
        "Cross-purposes",
        "To form the set, pick one card.",
        "Pick one card (Printables takes the top card of the shuffled deck)",
        reading="docs/readings/cross_purposes.md, The set",
    ),
    BookRule(
        "set-aside",
        "Cross-purposes",
        "set aside all the cards that display any of the four values displayed on the card you "
        "picked.",
        "put aside every card that shows any of its four values",
    ),
    BookRule(
        "sixteen",
        "Cross-purposes",
        "Make sure you have sixteen cards left. Mix the cards and place the packet face down.",
        "16 cards remain, two values of each attribute; shuffle them into a face-down packet",
    ),
    BookRule(
        "right-angles",
        "Cross-purposes",
        "The players sit at right angles to each other, so the columns for one player are the "
        "rows for the other.",
        "one player's columns are the other's rows",
    ),
    FIRST_DEALER,
    BookRule(
        "first-player",
        "General Rules for Card Games",
        "the player on the dealer's left is the first to have a turn",
        "the player on the dealer's left places the first card",
    ),
    BookRule(
        "take-turns-first",
        "Cross-purposes",
        "Players should take turns going first.",
        "the next game the other player goes first",
    ),
    BookRule(
        "place",
        "Cross-purposes",
        "the players take turns placing cards, drawn one at a time from the top of the packet, "
        "into a square array of four rows and four columns.",
        "take turns turning up the top card of the packet and placing it in a 4x4 array",
    ),
    BookRule(
        "anywhere",
        "Cross-purposes",
        "On your turn, you may place the card anywhere in the array you choose.",
        "in any empty place you like",
    ),
    BookRule(
        "variations",
        "Cross-purposes, Variations",
        "For the first phase of the game, each player is dealt eight of the sixteen cards.",
        "each player gets eight of the sixteen cards and places any one of them",
    ),
    BookRule(
        "object",
        "Cross-purposes",
        "all four cards in a column must have at least one value in common.",
        "You want each of your four columns to be a single-flush: its four cards share a value",
    ),
    BookRule(
        "different-values",
        "Cross-purposes",
        "This value may be different in different columns.",
        "not necessarily the same value in every column",
    ),
    BookRule(
        "last-card",
        "Cross-purposes",
        "The second player to play will be the one to play the final card",
        "the second player places the last one",
    ),
    BookRule(
        "phase-one-end",
        "Cross-purposes",
        "If either or both players have single-flushes in every column, the game is over (if "
        "both have it, the game is a tie).",
        "a player whose four columns are all single-flushes wins; both at once: a tie",
    ),
    BookRule(
        "rearrange",
        "Cross-purposes",
        "In the second phase, you take turns rearranging any one of your own rows. Only one "
        "row at a time may be rearranged. On a different turn, you may rearrange another row.",
        "rearrange the cards of one of your own rows (one row a turn; another turn may take "
        "another row)",
    ),
    BookRule(
        "phase-two-first",
        "(the book's picture)",
        "It is Alfie's turn in the second phase of the game.",
        "starting with the player who placed the first card",
        reading="docs/readings/cross_purposes.md, Who goes first",
    ),
    BookRule(
        "two-cards-move",
        "Cross-purposes",
        "At least two cards must be moved to new positions on each turn.",
        "at least two of them must change places",
    ),
    BookRule(
        "same-row",
        "Cross-purposes",
        "you may never move a card from one of your rows to another.",
        "no card ever leaves its row",
    ),
    BookRule(
        "win",
        "Cross-purposes",
        "If you succeed in forming a winning arrangement",
        "the first to have all four columns single-flushes after a rearrangement wins",
    ),
    BookRule(
        "draw",
        "Cross-purposes",
        "A draw may be agreed upon if the game continues for many turns with no winner.",
        "A draw may be agreed when nobody wins for a long time; Printables calls it after 100 "
        "turns of the second phase",
        reading="docs/readings/cross_purposes.md, Draw",
    ),
)


def _array(played: Played) -> Example:
    """The array when the game ends, row by row, as player 1 sees it."""
    cells = played.last.cells
    rows = [" ".join(str(cells[4 * row + column]) for column in range(4)) for row in range(4)]
    return Example(" / ".join(rows))


HANDOUT = Handout(
    "cross-purposes",
    need="One 4D deck and 2 players, sitting at right angles, one at a side of the table and the "
    "other at the next side: one player's columns are the other's rows.",
    setup="Pick one card (Printables takes the top card of the shuffled deck) and put aside every "
    "card that shows any of its four values: 16 cards remain, two values of each attribute; "
    "shuffle them into a face-down packet. The first dealer is chosen by chance; the player on "
    "the dealer's left places the first card, and the next game the other player goes first.",
    turn="First phase: take turns turning up the top card of the packet and placing it in a 4x4 "
    "array, in any empty place you like, until all 16 are down: the second player places the last "
    "one. (Variations: each player gets eight of the sixteen cards and places any one of them; or "
    "any card not yet placed may be chosen, so nothing is left to chance.) Second phase (if "
    "nobody has won): take turns, starting with the player who placed the first card, to "
    "rearrange the cards of one of your own rows (one row a turn; another turn may take another "
    "row); at least two of them must change places, and no card ever leaves its row.",
    scoring="There are no points: a game is won, tied or drawn. You want each of your four "
    "columns to be a single-flush: its four cards share a value, not necessarily the same value "
    "in every column. A rearrangement never changes the other player's columns, only which cards "
    "lie in their rows, and so what they can reach next.",
    end="When the array is full, a player whose four columns are all single-flushes wins; both at "
    "once: a tie. Else the first to have all four columns single-flushes after a rearrangement "
    "wins. A draw may be agreed when nobody wins for a long time; Printables calls it after 100 "
    "turns of the second phase.",
    replay=Replay(
        players=2,
        seed=24,
        moves=(
            "place Bb=C in row 4, column 1",
            "place Gb=C in row 4, column 3",
            "place Gb~T in row 3, column 2",
            "place Bb~T in row 1, column 3",
            "place Gb~C in row 2, column 1",
            "place Bb=T in row 1, column 4",
            "place Bw~T in row 2, column 3",
            "place Bw=C in row 2, column 2",
            "place Bb~C in row 1, column 2",
            "place Gw~C in row 4, column 2",
            "place Gw=T in row 2, column 4",
            "place Gw~T in row 3, column 3",
            "place Gb=T in row 1, column 1",
            "place Bw=T in row 3, column 4",
            "place Gw=C in row 4, column 4",
            "place Bw~C in row 3, column 1",
            "rearrange row 1 to Gb~C / Bw~C / Gb=T / Bb=C",
        ),
    ),
    scene=_array,
    example_note="the array as player 1 sees it, after the first turn of the second phase. Player "
    "2 sits at the side: player 2's columns are the rows here, and player 2's rows are the "
    "columns. Player 2 rearranged one of those rows (the first column here), and every one of "
    "player 2's columns became a single-flush.",
    rules=RULES,
    layout="rows",
)
