"""The handout of Matches (4D Playing Cards): its rules in brief, the book's rules it
carries, and a first play of a dealt hand as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "deal",
        "Matches",
        "Deal three cards face up in front of each player, then one face down card.",
        "Deal each player three cards face up and one face down",
    ),
    BookRule(
        "pile",
        "Matches",
        "Turn one card face up and place it beside the stock.",
        "Turn one card up to start the pile",
    ),
    BookRule(
        "first-player",
        "General Rules for Card Games; Matches",
        "The player to the dealer's left begins by playing one card on top of the pile.",
        "The player on the dealer's left plays first, and turns go clockwise",
    ),
    BookRule(
        "which-card",
        "Matches",
        "You may play one of your face-up cards or the one in your hand",
        "Put a face-up card, or your hand card, on the pile",
    ),
    BookRule(
        "score",
        "Matches",
        "Score one point for each value on the card played that matches a value on the "
        "previous top card of the pile.",
        "Score one point for each value your card shares with the card it covers: 0 to 3",
    ),
    BookRule(
        "draw",
        "Matches",
        "Then draw one card from the stock. If the card you played was the card in your "
        "hand, the new card becomes your hand.",
        "then draw. After playing the hand card the drawn card is your new hand card",
    ),
    BookRule(
        "turn-up",
        "Matches",
        "If you played a face up card, choose which card to turn face up",
        "after a face-up card, choose which of the hand card and the drawn card to turn face up",
    ),
    BookRule(
        "target",
        "Matches",
        "The game may be played to 61 or 121.",
        "The first player to reach 61 (or 121) points wins at once",
        reading="docs/readings/matches.md, Race",
    ),
    BookRule(
        "empty-stock",
        "Matches (the book is silent)",
        "",
        "If the stock runs out, shuffle the pile but its top card to make a new stock",
        reading="docs/readings/matches.md, Empty stock",
    ),
)


def _first_play(played: Played) -> Example:
    """The hand's first play: the card played on the card turned up to start the pile."""
    before, after = played.states[0], played.states[1]
    return Example(f"{after.pile[-1]} on {before.pile[-1]}")


HANDOUT = Handout(
    "matches",
    need="One 4D deck, 2 to 5 players, paper for the scores.",
    setup="Deal each player three cards face up and one face down (the hand card, "
    "seen only by its owner). Turn one card up to start the pile. The player on the "
    "dealer's left plays first, and turns go clockwise.",
    turn="Put a face-up card, or your hand card, on the pile, then draw. After "
    "playing the hand card the drawn card is your new hand card; after "
    "a face-up card, choose which of the hand card and the drawn card to turn face "
    "up.",
    scoring="Score one point for each value your card shares with the card it covers: 0 to 3.",
    end="The first player to reach 61 (or 121) points wins at once. If the stock runs "
    "out, shuffle the pile but its top card to make a new stock.",
    replay=Replay(players=2, seed=4314, moves=("play Gb=S",)),
    scene=_first_play,
    example_note="the first play of a hand, on the card turned up to start the pile.",
    rules=RULES,
)
