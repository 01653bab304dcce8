"""The handout of 4D Poker (4D Playing Cards): its rules in brief, the book's rules it
carries, and the showdown of a dealt hand of five-card draw as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.handouts.general import FIRST_DEALER

RULES = (
    BookRule(
        "chips",
        "Setting Up For Playing 4D Poker",
        "Divide the poker chips you have (or the can of change) evenly among all the players.",
        "chips shared out evenly (Printables: 100 each)",
    ),
    BookRule(
        "limit",
        "Maximum Betting Limit",
        "If each player receives one hundred chips at the beginning of the game, a maximum "
        "betting limit of five is suggested.",
        "Agree before play on the betting limit (5 with 100 chips each)",
    ),
    BookRule(
        "how-it-ends",
        "Setting Up For Playing 4D Poker",
        "decide before the game begins, how it will end.",
        "and on how the game ends: at a time, after a number of hands (Printables: 10) or when "
        "someone has a number of chips",
        reading="docs/readings/poker.md, Scores",
    ),
    FIRST_DEALER,
    BookRule(
        "next-dealer",
        "4D Five-Card Draw",
        "The player to the dealer's left becomes the dealer for the next hand.",
        "the deal passes to the left",
    ),
    BookRule(
        "ante",
        "Betting Rules",
        "Before every hand begins, every player must contribute one chip",
        "Before each hand every player puts 1 chip in the pot",
    ),
    BookRule(
        "five-card-draw",
        "4D Five-Card Draw",
        "Deal five cards to each player.",
        "Printables plays five-card draw: five cards each, face down",
        reading="docs/readings/poker.md, Default game",
    ),
    BookRule(
        "opener",
        "Betting Rules",
        "The player on the dealer's left opens the betting by placing a bet.",
        "the dealer's left-hand neighbour opens",
    ),
    BookRule(
        "bet-size",
        "Betting Rules",
        "This can be any number from one chip up to whatever maximum betting limit is agreed upon.",
        "with 1 chip up to the limit",
    ),
    BookRule(
        "no-check",
        "Betting Rules",
        "If you don't want to bet, you may drop out.",
        "or drops out and lets the next player open; there is no checking",
        reading="docs/readings/poker.md, No checking",
    ),
    BookRule(
        "three-choices",
        "Betting Rules",
        "the next player has three choices, to call, to call and raise, or to drop out.",
        "each player in turn calls, calls and raises by up to the limit, or drops out",
    ),
    BookRule(
        "match-since",
        "Betting Rules",
        "Any player only has to match the bets (raises) that were added since the player's "
        "last bet.",
        "a call matches what was bet or raised since your own last bet",
    ),
    BookRule(
        "session-over",
        "Betting Rules",
        "When this happens, the betting session is over",
        "round and round until everyone still in has put in the same",
    ),
    BookRule(
        "dropped",
        "Betting Rules",
        "When you drop out, you may no longer participate in the current hand",
        "A player who drops out lays the cards face down, unshown, and is out until the next deal",
    ),
    BookRule(
        "exchange",
        "4D Five-Card Draw",
        "the players who have not dropped out may exchange any or all the cards in their hand "
        "for new ones.",
        "each player still in may exchange up to five cards",
    ),
    BookRule(
        "exchange-order",
        "4D Five-Card Draw",
        "Beginning with the first player on the dealer's left who is still playing in the hand",
        "in turn from the dealer's left",
    ),
    BookRule(
        "exchange-bottom",
        "4D Five-Card Draw",
        "who places them on the bottom of the deck of cards.",
        "they go under the deck, and as many come from its top",
    ),
    BookRule(
        "second-opener",
        "4D Five-Card Draw",
        "The player who opened the betting for the first betting session opens the betting for "
        "the second, unless he or she has dropped out",
        "opened by the first session's opener (or, if that player dropped out, the first player "
        "still in on their left)",
    ),
    BookRule(
        "pairs-first",
        "Ranking of Hands",
        "A hand with a greater number of triple-flush pairs is ranked higher than any other "
        "hand with a lesser number.",
        "Hands rank first by their triple-flush pairs",
    ),
    BookRule(
        "card-in-several-pairs",
        "Ranking of Hands",
        "When counting the triple-flush pairs in a hand, a card may be used in more than one of "
        "them.",
        "a card may be in several pairs",
    ),
    BookRule(
        "then-flushes",
        "Ranking of Hands",
        "then the hand with the most five-card single-flushes is the highest.",
        "the most values shown on all five cards wins, then on four, then on three",
    ),
    BookRule(
        "value-once",
        "Ranking of Hands",
        "There's no point in counting the same single-flush multiple times",
        "each value counted once, at its largest",
    ),
    BookRule(
        "showdown",
        "The Showdown",
        "the collecting of the chips in the pot by the player possessing the highest-ranking hand.",
        "The highest hand takes the pot",
    ),
    BookRule(
        "tie",
        "The Showdown",
        "the tied players divide the pot equally as far as possible, leaving the remainder, if "
        "any, in the pot for the next hand.",
        "tied hands share it, and chips that do not divide stay in the pot until the next hand",
    ),
    BookRule(
        "no-show",
        "The Showdown",
        "If all the players in a hand have dropped out but you, you collect the pot, and you "
        "are not required to show your cards.",
        "If everyone else drops out, the last player takes the pot without showing",
    ),
    BookRule(
        "bank",
        "Recycling Chips",
        "There's no reason to make players quit the game if they run out of chips.",
        "A player who runs out borrows from the bank in notes of 30 chips",
        reading="docs/readings/poker.md, Running out of chips",
    ),
)


def _showdown(played: Played) -> Example:
    """The hands shown at the end, in seat order, separated by '|'."""
    last = played.last
    hands = [" ".join(str(card) for card in last.cards(seat)) for seat in sorted(last.shown)]
    return Example(" | ".join(hands))


HANDOUT = Handout(
    "4d-poker",
    need="One 4D deck, 2 to 7 players, chips shared out evenly (Printables: 100 each), paper "
    "and pencil for bank notes.",
    setup="Agree before play on the betting limit (5 with 100 chips each) and on how the game "
    "ends: at a time, after a number of hands (Printables: 10) or when someone has a number of "
    "chips. The first dealer is chosen by chance; after each hand the deal passes to the left. "
    "Before each hand every player puts 1 chip in the pot. Printables plays five-card draw: "
    "five cards each, face down (five- and seven-card stud are options).",
    turn="Betting: the dealer's left-hand neighbour opens with 1 chip up to the limit, or drops "
    "out and lets the next player open; there is no checking. Then each player in turn calls, "
    "calls and raises by up to the limit, or drops out, round and round until everyone still in "
    "has put in the same; a call matches what was bet or raised since your own last bet. A player "
    "who drops out lays the cards face down, unshown, and is out until the next deal. The draw: "
    "each player still in may exchange up to five cards, in turn from the dealer's left; they go "
    "under the deck, and as many come from its top. A second betting session follows, opened by "
    "the first session's opener (or, if that player dropped out, the first player still in on "
    "their left); then the hands are shown.",
    scoring="Hands rank first by their triple-flush pairs, the most winning; a card may be in "
    "several pairs. With equal pairs, the most values shown on all five cards wins, then on four, "
    "then on three, each value counted once, at its largest. The highest hand takes the pot; tied "
    "hands share it, and chips that do not divide stay in the pot until the next hand. If "
    "everyone else drops out, the last player takes the pot without showing.",
    end="The game ends as agreed; the most chips win. A player who runs out borrows from the "
    "bank in notes of 30 chips, to pay back later.",
    replay=Replay(
        players=2,
        seed=27,
        moves=(
            "open the betting with 2 chips",
            "call and raise 3",
            "call",
            "exchange RbzC Gw=S GgzC Bg=S Rg~S",
            "exchange Bb~C RgzC BbzS",
            "open the betting with 1 chip",
            "call",
        ),
    ),
    scene=_showdown,
    example_note="the showdown of a hand of five-card draw, player 1's hand first. One hand "
    "shows a value on all five cards, yet the other wins: it has more triple-flush pairs, and "
    "pairs count first.",
    rules=RULES,
)
