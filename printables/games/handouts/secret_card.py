"""The handout of Secret Card (4D Playing Cards): its rules in brief, the book's rules it
carries, and the clues that let a player name a secret card as its worked example."""

from __future__ import annotations

from printables.games.fourd.secret_card import GAME, Guess
from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "deal",
        "Easy Secret Card - for two players",
        "Deal one card to each player face down. These are the secret cards.",
        "Deal each player one card, face down",
    ),
    BookRule(
        "two-players",
        "Easy Secret Card - for two players",
        "Both players will try to name the card the other player has.",
        "with two players you hold each other's",
    ),
    BookRule(
        "three-players",
        "Easy Secret Card - for more than two players",
        "If there are three players, it belongs to the player on your left.",
        "with three, the card you hold belongs to the player on your left",
    ),
    BookRule(
        "four-or-more",
        "Easy Secret Card - for more than two players",
        "to the second player on your left.",
        "with four or more, to the second player on your left",
    ),
    BookRule(
        "clue-cards",
        "Easy Secret Card - for two players",
        "turn the top card face up beside it. This is the first clue card.",
        "Turn up the top card of the stock as the first clue card",
    ),
    BookRule(
        "clue",
        "Easy Secret Card - for two players",
        "reveal how many of the values displayed on the card are identical to the values "
        "on the clue card",
        "how many values the secret card shares with the clue card",
    ),
    BookRule(
        "clue-range",
        "Easy Secret Card - for two players",
        "The number will be zero, one, two, or three.",
        "0, 1, 2 or 3, never which values",
    ),
    BookRule(
        "first-naming",
        "Easy Secret Card - for two players",
        "another card is taken from the top of the deck and placed face up beside the first "
        "clue card",
        "Once the second clue card has its clues",
        reading="docs/readings/secret_card.md, First chance to name",
    ),
    BookRule(
        "first-player",
        "General Rules for Card Games; Competitive Secret Card",
        "The player on the dealer's left receives the first clue",
        "each player in turn from the dealer's left",
    ),
    BookRule(
        "name-or-pass",
        "Easy Secret Card - for two players",
        "If you don't want to guess yet, you may pass.",
        "names a card (color, shade, pattern, shape) or passes",
    ),
    BookRule(
        "answer",
        "Easy Secret Card - for two players",
        "No other information may be given.",
        "otherwise says only that it is wrong",
    ),
    BookRule(
        "one-guess",
        "Easy Secret Card - for two players",
        "Only one guess is allowed for each card turned up.",
        "one name per clue card",
    ),
    BookRule(
        "round-finished",
        "Easy Secret Card - for two players",
        "If the other player hasn't made a guess yet since the last clue card was turned up, "
        "one guess may be made now.",
        "the round still goes all the way round",
        reading="docs/readings/secret_card.md, Easy: the round is finished",
    ),
    BookRule(
        "score",
        "Easy Secret Card - for two players",
        "Players score one point for naming their card correctly",
        "every player who named their own card scores 1",
    ),
    BookRule(
        "new-hand",
        "Easy Secret Card - for two players",
        "the cards are reshuffled and a new hand begun",
        "the cards are shuffled for a new hand",
    ),
    BookRule(
        "target",
        "Easy Secret Card - for two players",
        "A game may be played to five or any agreed upon number",
        "The first to 5 points (or a number agreed) wins",
    ),
    BookRule(
        "tie",
        "Easy Secret Card - for more than two players",
        "the players who are tied play additional rounds",
        "players tied at the top play on",
    ),
    BookRule(
        "competitive-announce",
        "Competitive Secret Card",
        "to announce the intention to name the secret card, to have the timer set, or to pass",
        "each player in turn announces they will name their card, or passes",
    ),
    BookRule(
        "competitive-timer",
        "Competitive Secret Card",
        "Any player may announce the intention to name their secret card any time before the "
        "timer runs out.",
        "the others may still announce until all the rest have passed",
        reading="docs/readings/secret_card.md, Competitive: the timer",
    ),
    BookRule(
        "competitive-score",
        "Competitive Secret Card",
        "Players who decided not to name their card score zero, unless no player guesses "
        "correctly, in which case they score one.",
        "right 1, wrong 0, silent 0, but if nobody is right the silent players score 1",
    ),
    BookRule(
        "empty-stock",
        "Secret Card (the book is silent)",
        "",
        "If the stock runs out before anyone is right, the hand scores nothing",
        reading="docs/readings/secret_card.md, Empty stock",
    ),
)


def _deduced(played: Played) -> Example:
    """The clues of the first player to name a card, as they stood when named (the clue
    cards and the card named are drawn)."""
    k, guess = next((k, m) for k, m in enumerate(played.moves) if isinstance(m, Guess))
    state = played.states[k]
    clues = GAME.clues_of(state, state.turn)
    text = " ".join(f"{card}={n}" for card, n in zip(state.clues, clues, strict=True))
    return Example(text, shown=" ".join(map(str, (*state.clues, guess.card))))


HANDOUT = Handout(
    "secret-card",
    need="One 4D deck, 2 to 8 players, and paper or counters to keep the clues.",
    setup="Deal each player one card, face down, from the dealer's left. The card you "
    "get is another player's secret card, never your own: with two players you hold each "
    "other's; with three, the card you hold belongs to the player on your left; with four "
    "or more, to the second player on your left. Its owner must not see it.",
    turn="Turn up the top card of the stock as the first clue card. Each holder tells "
    "the owner how many values the secret card shares with the clue card: 0, 1, 2 or 3, "
    "never which values. Once the second clue card has its clues, each player in turn from "
    "the dealer's left names a card (color, shade, pattern, shape) or passes: one name per "
    "clue card. The holder shows the card when all four values are right and otherwise "
    "says only that it is wrong. Then the next clue card is turned up.",
    scoring="Easy game: after a right name the round still goes all the way round, then "
    "every player who named their own card scores 1 and the cards are shuffled for a new "
    "hand. Competitive game (an option): instead of naming, each player in turn announces "
    "they will name their card, or passes; after an announcement the others may still "
    "announce until all the rest have passed (the book's three-minute timer). Then those "
    "who announced name their cards: right 1, wrong 0, silent 0, but if nobody is right "
    "the silent players score 1.",
    end="The first to 5 points (or a number agreed) wins; players tied at the top play "
    "on. If the stock runs out before anyone is right, the hand scores nothing.",
    replay=Replay(players=2, seed=0, moves=("name Gg~T", "pass")),
    scene=_deduced,
    example_note="the clues one player has been given on the first two clue cards (drawn "
    "first, then the card the player names). A zero rules out every value its clue card "
    "shows, so only one card is left, and the player names it at the first chance.",
    rules=RULES,
)
