"""The handout of Quad: its rules in brief, the book's rules it carries, and a first round
played out as its worked example (a cancel, and a count that ends tied)."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.standard.quad import suit_of

RULES = (
    BookRule(
        "deck-and-players",
        "Setup",
        "a regular deck of 52 shuffled playing cards and 2 jokers. It requires exactly",
        "A standard deck and both jokers, and 2 players",
    ),
    BookRule(
        "deal",
        "Round Structure",
        "Each round begins with each player being dealt",
        "The dealer deals every round: four cards each",
        reading="docs/rules-notes.md, The standard-deck games, Quad: one game is one hand",
    ),
    BookRule(
        "first-chooser",
        "Quad (the book is silent)",
        "",
        "the player who did not deal is the first round's chooser",
        reading="docs/rules-notes.md, The standard-deck games, Quad: the first chooser",
    ),
    BookRule(
        "chooser-alternates",
        "Round Structure; Continuing the Game",
        "The role of chooser alternates with each round.",
        "the chooser changes every round",
    ),
    BookRule(
        "secret-call",
        "Round Structure",
        "the chooser decides secretly if he wants to shoot for",
        "the chooser looks at his cards and secretly calls reds or blacks",
    ),
    BookRule(
        "jokers-mark-the-call",
        "Round Structure",
        "He indicates his choice by placing the red or black joker, respectively, in front "
        "of the other",
        "the joker of his call on top of the other, both face down",
    ),
    BookRule(
        "up-card",
        "Round Structure",
        "one card is turned face up from the top of the deck and placed in the middle of "
        "the table.",
        "After the call, turn up the top card of the deck: it is the first stack",
    ),
    BookRule(
        "chooser-plays-first",
        "Round Structure",
        "The chooser is the first to play, and turns alternate",
        "The chooser plays first; then turns alternate until both hands are empty",
    ),
    BookRule(
        "any-card",
        "Gameplay",
        "the player may choose any one of his cards to play.",
        "Play any card of your hand",
    ),
    BookRule(
        "new-suit-starts",
        "Gameplay",
        "be played by itself on the table, face up.",
        "A card whose suit has no stack on the table must start a stack of its own",
    ),
    BookRule(
        "same-suit",
        "Gameplay",
        "The card may be played on top of a stack of other card(s) of the",
        "put it on its own suit's stack",
    ),
    BookRule(
        "cancel",
        "Gameplay",
        "in which case the whole stack is",
        "or on a stack of another suit to cancel it: that stack and your card go to the discard",
    ),
    BookRule(
        "one-stack-a-suit",
        "Gameplay",
        "Note that two stacks of the same suit cannot exist at the same time",
        "A suit never has two stacks",
    ),
    BookRule(
        "card-values",
        "Counting",
        "Aces are 1; jacks are 11; queens are 12; kings are 13.",
        "ace 1, number cards as marked, jack 11, queen 12, king 13",
    ),
    BookRule(
        "reds-and-blacks",
        "Counting",
        "Hearts and diamonds are summed to make the total reds; clubs and spades are summed "
        "for blacks.",
        "Hearts and diamonds add up to reds, clubs and spades to blacks",
    ),
    BookRule(
        "chooser-collects",
        "Scoring",
        "he collects all the cards in play on the table, both reds and blacks",
        "If the larger total is the color he called, the chooser collects every card on the table",
    ),
    BookRule(
        "tie-to-the-other",
        "Counting; Scoring",
        "if it's a tie, it's neither.",
        "if it is the other color, or the totals are equal, the other player collects them",
    ),
    BookRule(
        "cancelled-not-collected",
        "Scoring; Continuing the Game",
        "during game play are not collected by either player.",
        "Cancelled cards belong to nobody and never come back",
    ),
    BookRule(
        "no-reshuffle",
        "Continuing the Game",
        "the cards are not reshuffled",
        "Nothing is reshuffled",
    ),
    BookRule(
        "six-rounds",
        "Continuing the Game",
        "there is only enough for three cards dealt to each player",
        "six rounds use up the deck, the sixth with three cards each",
    ),
    BookRule(
        "most-cards-wins",
        "Winning",
        "The one who has collected the most cards wins.",
        "the player who collected more cards wins; their values do not count",
    ),
    BookRule(
        "equal-counts",
        "Quad (the book is silent)",
        "",
        "Equal piles are a draw",
        reading="docs/rules-notes.md, The standard-deck games, Quad: a tie",
    ),
)


def _round_counted(played: Played) -> Example:
    """The table of the round just counted, as the chooser's call and its stacks."""
    result = played.last.results[-1]
    stacks: list[list[str]] = []
    suits: list[str] = []
    for card in result.cards:  # stack by stack, each of one suit
        if suit_of(card) not in suits:
            suits.append(suit_of(card))
            stacks.append([])
        stacks[-1].append(str(card))
    return Example(f"{result.call}: " + " / ".join(" ".join(stack) for stack in stacks))


MOVES = (
    "call blacks", "add 8S", "add 9S", "start 7H", "start 7D", "add KS",
    "cancel spades with AD", "start 9C", "start 5S",
)  # fmt: skip
"""The replay's moves, as the engine writes them."""


HANDOUT = Handout(
    "quad",
    need="A standard deck and both jokers, and 2 players. The jokers only mark the call; "
    "they are never played.",
    setup="The dealer deals every round: four cards each, one at a time. Nothing is "
    "reshuffled: six rounds use up the deck, the sixth with three cards each. Each round "
    "has a chooser: the player who did not deal is the first round's chooser, and the "
    "chooser changes every round.",
    turn="First the chooser looks at his cards and secretly calls reds or blacks, laying "
    "the joker of his call on top of the other, both face down. After the call, turn up "
    "the top card of the deck: it is the first stack. The chooser plays first; then turns "
    "alternate until both hands are empty. Play any card of your hand. A card whose suit "
    "has no stack on the table must start a stack of its own. Otherwise put it on its own "
    "suit's stack, or on a stack of another suit to cancel it: that stack and your card go "
    "to the discard. A suit never has two stacks.",
    scoring="When both hands are empty, add up the cards left on the table: ace 1, number "
    "cards as marked, jack 11, queen 12, king 13. Hearts and diamonds add up to reds, "
    "clubs and spades to blacks. If the larger total is the color he called, the chooser "
    "collects every card on the table; if it is the other color, or the totals are equal, "
    "the other player collects them. Cancelled cards belong to nobody and never come back.",
    end="After the sixth round the player who collected more cards wins; their values do "
    "not count. Equal piles are a draw.",
    replay=Replay(players=2, seed=1, moves=MOVES),
    scene=_round_counted,
    example_note="a first round played out. The chooser built up the stack of his color, "
    "the other player cancelled it, and the last cards left the totals equal, which "
    "matches no call.",
    rules=RULES,
)
