"""The handout of Costly Tricks (PARADOX): its rules in brief, the book's rules it
carries, and a trick of a dealt round as its worked example: the last hand, holding
neither the color led nor the trump, must make a new trump and so takes the trick."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.paradox.tricks import SEATS

RULES = (
    BookRule(
        "deck",
        "Equipment",
        "Use the full 44-card deck (4 sets numbered 0 to 10), plus 6 chips and 1 playing piece.",
        "All 44 cards of the PARADOX deck",
    ),
    BookRule(
        "two-hands",
        "Preparations; Playing a round",
        "which of his two hands won it, his ghost's hand or his own",
        "each player plays their own hand and their ghost's",
    ),
    BookRule(
        "seats",
        "Preparations",
        "as if each had an invisible partner in front of him",
        "The hands sit clockwise A, B, A's ghost, B's ghost",
        reading="RULES-NOTES.md, PARADOX (Costly Tricks): the seats",
    ),
    BookRule(
        "deal",
        "Preparations",
        "The cards are shuffled and dealt one by one to the 4 sides",
        "deal the cards one at a time to the four hands, starting with A",
    ),
    BookRule(
        "face-up",
        "Preparations",
        "The result should be 4 hands laid out face up on the table",
        "lay all four hands face up",
    ),
    BookRule(
        "first-lead",
        "Playing a round",
        "The first trick is initiated by the hand that was dealt the red 0.",
        "The hand dealt the red 0 leads the first trick, with any of its cards",
        reading="docs/rules-notes.md, PARADOX, Costly Tricks: the red 0's hand leads",
    ),
    BookRule(
        "clockwise-follow",
        "Playing a round",
        "Play is clockwise and suit (color) must be followed.",
        "play goes clockwise. Follow the color led if you can",
    ),
    BookRule(
        "new-trump",
        "Playing a round",
        "If you cannot follow suit, play a different color, which automatically becomes trump.",
        "it becomes the trump",
    ),
    BookRule(
        "play-trump",
        "Playing a round",
        "If then a next player cannot follow the initial suit, nor trump",
        "play the trump if there is one and you hold it",
    ),
    BookRule(
        "replace-trump",
        "Playing a round",
        "he must play still another color, which in turn becomes trump, substituting the "
        "former trump.",
        "a color not yet led or trump in this trick",
    ),
    BookRule(
        "trump-once",
        "Playing a round",
        "Trump colors are of course only valid for the trick in progress, as a color "
        "cannot become trump a second time.",
        "replacing the old one. A trump lasts only for its trick",
    ),
    BookRule(
        "no-power",
        "Example of a trick",
        "who has neither red nor purple but only blue, which cannot become trump again, "
        "plays blue 6",
        "A hand that can do none of these plays any card, and that card has no power",
        reading="docs/rules-notes.md, PARADOX, Costly Tricks: What wins a trick",
    ),
    BookRule(
        "winner",
        "Playing a round",
        "Each trick is won either by highest card in the initial suit or highest trump card.",
        "The highest card of the trump in force at the end wins the trick; with no trump, "
        "the highest card of the color led wins it",
    ),
    BookRule(
        "winner-leads",
        "Playing a round",
        "then leads to the next trick, and so on to the end of the round",
        "it leads the next trick",
    ),
    BookRule(
        "values",
        "Playing a round",
        "All the cards are worth their face value",
        "Each card is worth its number",
    ),
    BookRule(
        "cost",
        "Playing a round",
        "But each trick costs 20 points!",
        "each trick costs its taker 20",
    ),
    BookRule(
        "round-end",
        "Playing a round",
        "The round is over when all the cards have been played out.",
        "The round ends after the 11th trick",
    ),
    BookRule(
        "chip",
        "Playing a round",
        "if exactly 100, the round is a draw.) Winner of the round receives 1 chip. No chip "
        "is given in case of draw.",
        "A net above 0 wins the round and a chip; nets of 0 are a draw, and nobody gets a chip",
    ),
    BookRule(
        "game",
        "End of game",
        "To win the game you must win 3 rounds",
        "The first to 3 chips wins the game",
    ),
    BookRule(
        "passing-chips",
        "End of game",
        "Each player starts out with 3 chips. After each round a chip passes from the "
        "loser to the winner and play continues until a player has all 6 chips.",
        "start with 3 chips each, pass one from the loser to the winner of each round",
    ),
)


def _forced_trick(played: Played) -> Example:
    """The last trick taken: its leading hand and its four cards in playing order."""
    trick = played.last.taken[-1]
    return Example(f"{SEATS[trick.leader]}: {' '.join(map(str, trick.cards))}")


HANDOUT = Handout(
    "costly-tricks",
    need="All 44 cards of the PARADOX deck (four colors, each 0 to 10), 2 players, 6 "
    "chips and one piece. Each player also plays for an invisible "
    "partner, their ghost.",
    setup="The hands sit clockwise A, B, A's ghost, B's ghost, and each player plays their "
    "own hand and their ghost's. Shuffle and deal the cards one at a time to the four "
    "hands, starting with A, 11 each; the players take turns to deal. Sort each hand by "
    "color and number and lay all four hands face up: nothing is hidden. Put the piece "
    "behind the hand holding the red 0.",
    turn="The hand dealt the red 0 leads the first trick, with any of its cards, and "
    "play goes clockwise. Follow the color led if you can. If not, play the trump if "
    "there is one and you hold it. If not, play a color not yet led or trump in this "
    "trick: it becomes the trump, replacing the old one. A trump lasts only for its "
    "trick. A hand that can do none of these plays any card, and that card has no power. "
    "The highest card of the trump in force at the end wins the trick; with no trump, "
    "the highest card of the color led wins it. Move the piece behind the hand that won: it "
    "leads the next trick.",
    scoring="Each card is worth its number, but each trick costs its taker 20. A side's "
    "net is the points in its tricks less 20 for each trick. The cards hold 220 points "
    "and the 11 tricks cost 220, so the two nets add up to 0: count only the side with "
    "fewer tricks.",
    end="The round ends after the 11th trick. A net above 0 wins the round and a chip; "
    "nets of 0 are a draw, and nobody gets a chip. The first to 3 chips wins the game. "
    "For a longer game, start with 3 chips each, pass one from the loser to the winner "
    "of each round, and play until one player holds all 6.",
    replay=Replay(
        players=2,
        seed=206,
        moves=(
            *("play R0", "play R9", "play R7", "play R6"),  # B's ghost leads; A wins
            *("play R2", "play R8", "play B1", "play G0"),
        ),
    ),
    scene=_forced_trick,
    example_note="the second trick of a round. The last hand to play holds neither the "
    "color led nor the trump, so it must make a new trump, and it takes the trick "
    "whatever it costs.",
    rules=RULES,
)
