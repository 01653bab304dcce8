"""The handout of Good Riddance (4D Playing Cards): its rules in brief, the book's rules it
carries, and a turn that must draw as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.handouts.general import LEFT_GOES_FIRST

RULES = (
    BookRule(
        "deal",
        "Good Riddance",
        "Deal seven cards to each player.",
        "Deal 7 cards to each player",
    ),
    BookRule(
        "pile",
        "Good Riddance",
        "Turn one card face up and place it beside the stock. This is the discard pile.",
        "turn one card up to start the pile",
    ),
    LEFT_GOES_FIRST,
    BookRule(
        "no-shared-value",
        "Good Riddance",
        "play one card face up on the discard pile that has no values in common with the "
        "top card of the discard pile",
        "Play one card that shares no value at all with the top card of the pile",
    ),
    BookRule(
        "draw",
        "Good Riddance",
        "If you don't have a card that can be played, draw the top card from the stock.",
        "If none of your cards can go, draw one",
    ),
    BookRule(
        "must-play",
        "Good Riddance",
        "If you don't have a card that can be played, draw",
        "A player who can play must play; drawing is only for a hand with no card that can go",
        reading="docs/readings/good_riddance.md, Draw only when you cannot play",
    ),
    BookRule(
        "play-drawn",
        "Good Riddance",
        "You may play that card, if it is allowable",
        "you may play the drawn card if it can go, but no other",
    ),
    BookRule(
        "turn-ends",
        "Good Riddance",
        "Either way, then it's the next player's turn.",
        "Either way, the turn ends there",
    ),
    BookRule(
        "mistake",
        "Good Riddance",
        "If an error has been made, the card played is taken back and the top card is drawn "
        "from the stock by the player who made the error.",
        "a card played wrongly goes back to its owner, who draws one card instead",
    ),
    BookRule(
        "win",
        "Good Riddance",
        "When you run out of cards, you win.",
        "The first player with no cards left wins",
    ),
    BookRule(
        "empty-stock",
        "Good Riddance",
        "If the stock runs out, shuffle the discard pile (except the top card",
        "When the stock runs out, shuffle the pile, all but its top card, into a new stock",
    ),
    BookRule(
        "blocked",
        "Good Riddance (the book is silent)",
        "",
        "If nobody can play or draw, the fewest cards in hand win",
        reading="docs/readings/good_riddance.md, A blocked hand",
    ),
    BookRule(
        "variation-1",
        "Good Riddance, Variations",
        "you continue to draw cards until you make a play",
        "Variation 1 you draw until a card can go, then play it",
    ),
    BookRule(
        "variation-2",
        "Good Riddance, Variations",
        "you may only play a card having exactly two values in common with it",
        "Variation 2 a card goes only on a top card it shares exactly two values with",
    ),
)


def _drawn_and_played(played: Played) -> Example:
    """The turn's play: the drawn card on the top card of the pile it was drawn for."""
    top, move = played.states[-2].pile[-1], played.moves[-1]
    return Example(f"{move.card} on {top}")


HANDOUT = Handout(
    "good-riddance",
    need="One 4D deck and 2 to 5 players.",
    setup="Deal 7 cards to each player, one at a time from the dealer's left; the rest "
    "is the stock. Then turn one card up to start the pile. The player on the dealer's "
    "left goes first, and turns pass clockwise.",
    turn="Play one card that shares no value at all with the top card of the pile; it "
    "becomes the new top card. If none of your cards can go, draw one: you may play the "
    "drawn card if it can go, but no other. Either way, the turn ends there. A player who "
    "can play must play; drawing is only for a hand with no card that can go. At the "
    "table, a card played wrongly goes back to its owner, who draws one card instead "
    "(and may play it if it can go); the app refuses a wrong play.",
    scoring="No points are scored: the race is to be rid of every card first. Two "
    "variations are options: in Variation 1 you draw until a card can go, then play it; "
    "in Variation 2 a card goes only on a top card it shares exactly two values with.",
    end="The first player with no cards left wins. When the stock runs out, shuffle the "
    "pile, all but its top card, into a new stock. If nobody can play or draw, the "
    "fewest cards in hand win.",
    replay=Replay(players=2, seed=1, moves=("draw", "play Rw=C")),
    scene=_drawn_and_played,
    example_note="the first player holds no card that can go on the pile, so draws one; "
    "the drawn card may go, and is played.",
    rules=RULES,
)
