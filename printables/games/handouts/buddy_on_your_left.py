"""The handout of Buddy on your Left (PARADOX): its rules in brief, the book's rules it
carries, and a whole round played out as its worked example: the cards each player swept,
scored with the buddy on the left."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.paradox.buddy_on_your_left import rank

NOTES = "docs/rules-notes.md, PARADOX, Buddy on your Left"

RULES = (
    BookRule(
        "sets",
        "Equipment",
        "Use 3 colored sets numbered 1 to 10 (discard the 0's) and 19 chips.",
        "Three colors of the PARADOX deck, each 1 to 10 (no 0s)",
    ),
    BookRule(
        "face-up",
        "Preparations",
        "lays it out neatly face-up in front of him",
        "Each player lays out their color face up",
    ),
    BookRule(
        "first-player",
        "Playing a round",
        "Player who plays the first card of a round (a slight disadvantage) is chosen by lot.",
        "Lots decide who plays first in the first round",
    ),
    BookRule(
        "winner-first",
        "Playing a round",
        "In subsequent rounds, first card is always played by the winner of the preceding round.",
        "then the last round's winner does",
    ),
    BookRule(
        "tied-winners-first",
        "Buddy on your Left (the book is silent)",
        "",
        "tied winners: the nearest to the left of that round's first player",
        reading=f"{NOTES}: A tie for the highest total",
    ),
    BookRule(
        "clockwise",
        "Playing a round",
        "Play in turn clockwise.",
        "Play goes clockwise, one card a turn",
    ),
    BookRule(
        "higher-or-lower",
        "Playing a round",
        "Each card played must be either higher or lower than the lead-card of the sequence.",
        "each later card must be higher or lower than it",
    ),
    BookRule(
        "equal-card",
        "Playing a round",
        "if you don't have a higher card than the lead-card, you may, if you wish, play an "
        "equal one",
        "or equal if you hold nothing higher (it then counts as higher)",
    ),
    BookRule(
        "sweep",
        "Playing a round",
        "is not interrupted until a higher card than the lead-card is played",
        "Lower cards stay on the table; the first higher card sweeps them all to its player",
    ),
    BookRule(
        "next-lead",
        "Playing a round",
        "then enters the lead-card for the next sequence",
        "the player on the sweeper's left leads again",
    ),
    BookRule(
        "power-0",
        "Playing a round",
        "If a lead-card is the sole remaining highest card, its face value becomes 0, hence "
        "any card played after it will sweep it.",
        "counts as 0: the next card sweeps it, whatever it is",
    ),
    BookRule(
        "sole-highest",
        "Playing a round",
        "if you play your 10 as a lead-card when the other two 10s have already been played",
        "with no card as high left in any hand, the leader's included",
        reading=f"{NOTES}: The sole remaining highest card",
    ),
    BookRule(
        "power-0-points",
        "Buddy on your Left (the book is silent)",
        "",
        "its points still count",
        reading=f"{NOTES}: The sole remaining highest card",
    ),
    BookRule(
        "points",
        "Playing a round",
        "numbers 1 to 6 also indicate their value in points",
        "Cards 1 to 6 score their number, 7 to 10 nothing",
    ),
    BookRule(
        "leftover",
        "Playing a round",
        "If this last card doesn't *sweep*, remaining cards go to the player left of him",
        "if the last card did not sweep, the cards on the table go to the round's first player",
    ),
    BookRule(
        "total",
        "Scores",
        "At the end of the round tally your score and add it to your left neighbor's score.",
        "Your total is your own points plus those of the player on your left",
    ),
    BookRule(
        "chips",
        "Scores",
        "Player with highest total receives 3 chips; next highest, 1 chip.",
        "The best total takes 3 chips and the next 1",
    ),
    BookRule(
        "ties",
        "Scores",
        "If two had the same highest total, each receives 2 chips. If there is a 3-way tie, "
        "each 1 chip.",
        "two tied for best take 2 each, all three tied 1 each",
    ),
    BookRule(
        "tied-next",
        "Buddy on your Left (the book is silent)",
        "",
        "two tied for next take 1 each",
        reading=f"{NOTES}: A round's score is its chips",
    ),
    BookRule(
        "game",
        "Scores",
        "To win the game, collect 7 chips.",
        "A player with 7 chips or more, and more than anyone else, wins the game",
        reading=f"{NOTES}: The end",
    ),
)


def _round(played: Played) -> Example:
    """The cards that score, 1 to 6, each player swept in the whole round, player 1 first
    (the 7s to 10s score nothing, and a round is whole without them)."""
    piles = (" ".join(str(card) for card in pile if rank(card) <= 6) for pile in played.last.swept)
    return Example(" / ".join(piles))


HANDOUT = Handout(
    "buddy-on-your-left",
    need="Three colors of the PARADOX deck, each 1 to 10 (no 0s), 3 players and chips.",
    setup="Each player lays out their color face up. Lots decide "
    "who plays first in the first round; then the last round's winner does (tied "
    "winners: the nearest to the left of that round's first player).",
    turn="Play goes clockwise, one card a turn, with no break. The first card on an empty "
    "table is the lead card; each later card must be higher or lower than it, or equal if "
    "you hold nothing higher (it then counts as higher). Lower cards stay on the "
    "table; the first higher card sweeps them all to its player, and the player on the "
    "sweeper's left leads again. A lead card with no card as high left in any hand, "
    "the leader's included, counts as 0: the next card sweeps it, whatever it is, and "
    "its points still count.",
    scoring="Cards 1 to 6 score their number, 7 to 10 nothing (63 points a round). "
    "Your total is your own points plus those of the player on your left. The best total "
    "takes 3 chips and the next 1; two tied for best take 2 each, all three tied 1 each; "
    "two tied for next take 1 each.",
    end="When every card is played, the round is over; if the last card did not sweep, "
    "the cards on the table go to the round's first player. A player with 7 chips or "
    "more, and more than anyone else, wins the game; players level at the top play on.",
    replay=Replay(
        players=3,
        seed=0,
        moves=(
            *("play G4", "play P7", "play R7", "play G3", "play P4", "play R1", "play G1"),
            *("play P3", "play R5", "play G9", "play P2", "play R8", "play G10", "play P1"),
            *("play R6", "play G7", "play P9", "play R9", "play G8", "play P6", "play R10"),
            *("play G2", "play P8", "play R2", "play G5", "play P10", "play R4", "play G6"),
            *("play P5", "play R3"),
        ),
    ),
    scene=_round,
    example_note="a whole round played out: the scoring cards each player swept. The "
    "last card went to the round's first player, and the buddy on the left decides the "
    "winner: the most points of one's own do not win.",
    rules=RULES,
)
