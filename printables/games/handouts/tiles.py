"""The handout of Tiles (4D Playing Cards): its rules in brief, the book's rules it carries,
and the table after the first turns of a dealt hand as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.handouts.general import FIRST_DEALER

RULES = (
    FIRST_DEALER,
    BookRule(
        "deal",
        "Tiles",
        "Deal seven cards to each player.",
        "deal seven cards each",
    ),
    BookRule(
        "stock",
        "Tiles",
        "Place the remainder of the deck face down near one side of the table. This is the stock.",
        "the rest, face down at one side, is the stock",
    ),
    BookRule(
        "starter",
        "Tiles",
        "Turn one card face up and place it in the center of the table.",
        "Lay one more card face up in the centre to start the layout",
    ),
    BookRule(
        "first-player",
        "General Rules for Card Games",
        "the player on the dealer's left is the first to have a turn, and players take turns "
        "clockwise around the table.",
        "The player on the dealer's left plays first, then the turn passes clockwise",
    ),
    BookRule(
        "table-size",
        "Tiles, Placing the Starter Card",
        "it is best to avoid disputes by deciding in advance how many rows and columns of "
        "cards will fit.",
        "Agree beforehand how many rows and columns of cards fit on the table",
        reading="docs/readings/tiles.md, Table",
    ),
    BookRule(
        "one-card",
        "Tiles",
        "You may only play one card on your turn.",
        "Put one of your cards beside a card on the table",
    ),
    BookRule(
        "next-to",
        "Tiles",
        "It should touch the card and line up with it, either side by side or end to end.",
        "lined up with it, side by side or end to end",
    ),
    BookRule(
        "every-touch",
        "Tiles",
        "it must have three values in common with every card it touches.",
        "It must share three values with each card it touches",
    ),
    BookRule(
        "diagonal",
        "Tiles",
        "Cards that are diagonal from each other are not considered to be touching.",
        "cards meeting only at a corner do not touch",
    ),
    BookRule(
        "must-play",
        "Tiles",
        "If you have any playable cards, place one next to the card on the table.",
        "If you can play, you must",
        reading="docs/readings/tiles.md, Must play",
    ),
    BookRule(
        "draw",
        "Tiles",
        "If you can't make a play, take one card from the stock.",
        "if you cannot, draw one card",
    ),
    BookRule(
        "drawn-card",
        "Tiles",
        "If that card can be played, you may play it. If not, add it to your hand, and it is "
        "the next player's turn.",
        "If it fits you may play it at once, or keep it; either way your turn ends",
        reading="docs/readings/tiles.md, Drawn card",
    ),
    BookRule(
        "stock-used-up",
        "Tiles",
        "If the stock is used up before the game is over, the game continues as long as any "
        "player can make a play. If you can't play, skip your turn.",
        "Once the stock is used up, a player who cannot play misses the turn",
    ),
    BookRule(
        "counts-known",
        "Tiles",
        "You are entitled to know how many cards each player has, at any time.",
        "Anyone may ask how many cards each player holds",
    ),
    BookRule(
        "first-out-wins",
        "Tiles",
        "The first player to run out of cards wins the game.",
        "The first player with no cards left wins",
    ),
    BookRule(
        "fewest-wins",
        "Tiles",
        "When no player can make a play, the player with the fewest cards is the winner.",
        "When nobody can play, the fewest cards win",
    ),
    BookRule(
        "ties-share",
        "Tiles (the book is silent)",
        "",
        "players tied for the fewest share the win",
        reading="docs/readings/tiles.md, End",
    ),
)


def _table(played: Played) -> Example:
    """The table as it lies, row by row, '.' for an empty place inside the layout."""
    cells = played.last.cells
    rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
    columns = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
    return Example(" / ".join(" ".join(str(cells.get((r, c), ".")) for c in columns) for r in rows))


HANDOUT = Handout(
    "tiles",
    need="One 4D deck, 2 to 5 players, and a large table (or the floor).",
    setup="The first dealer is chosen by chance. Shuffle and deal seven cards each; the rest, "
    "face down at one side, is the stock. Lay one more card face up in the centre to start the "
    "layout. Agree beforehand how many rows and columns of cards fit on the table, or play on the "
    "floor with no limit (Printables' default). The player on the dealer's left plays first, "
    "then the turn passes clockwise.",
    turn="Put one of your cards beside a card on the table, lined up with it, side by side or end "
    "to end. It must share three values with each card it touches; cards meeting only at a corner "
    "do not touch. If you can play, you must; if you cannot, draw one card. If it fits you may "
    "play it at once, or keep it; either way your turn ends. Once the stock is used up, a player "
    "who cannot play misses the turn.",
    scoring="No points: the race is to get rid of your cards. Anyone may ask how many cards "
    "each player holds.",
    end="The first player with no cards left wins. When nobody can play, the fewest cards win, "
    "and players tied for the fewest share the win.",
    replay=Replay(
        players=2,
        seed=100,
        moves=(
            "place Rg~S at row 0, column -1",
            "place RgzS at row 0, column -2",
            "place Rg~C at row 1, column -1",
            "draw",
            "place Gg~C at row 1, column 0",
        ),
    ),
    scene=_table,
    example_note="the table after five moves. The last player could not play, drew a card "
    "that fitted and played it at once: it touches two cards and shares three values with "
    "each.",
    rules=RULES,
    layout="rows",
)
