"""The handout of DNA (4D Playing Cards): its rules in brief, the book's rules it carries,
and the opening of a dealt game as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "stock",
        "DNA",
        "Shuffle the cards well and place the deck face down on the table. This is the stock.",
        "the deck, face down, is the stock",
    ),
    BookRule(
        "four-chains",
        "DNA",
        "The playing area consists of four piles of cards, called chains",
        "Leave room for four chains, empty at first",
    ),
    BookRule(
        "turn-up",
        "DNA",
        "One card at a time is turned up from the stock and played either on the playing area "
        "or on the discard pile.",
        "Turn up the top card of the stock; it must go on a chain or on the discard pile",
    ),
    BookRule(
        "keep-up",
        "DNA",
        "The card turned up from the stock may be kept face up on top of the stock while "
        "other plays are made",
        "It may wait face up on the stock while you make other moves",
    ),
    BookRule(
        "before-next",
        "DNA",
        "it must be played before another card is turned up.",
        "but it is played before the next card is turned up",
    ),
    BookRule(
        "what-moves",
        "DNA",
        "Besides the card turned up from the stock, only the top card of the discard pile or "
        "the top card of a chain may be moved.",
        "Only these cards may ever move: the turned-up card, the top card of the discard pile "
        "and the top card of a chain",
    ),
    BookRule(
        "any-time",
        "DNA",
        "These cards may be moved at any time, provided there is a permitted play that can be "
        "made with them.",
        "each at any time, to a chain where it fits",
    ),
    BookRule(
        "empty-chain",
        "DNA",
        "If a chain is empty, any playable card may be used to make it a chain of one card.",
        "Any card may start an empty chain",
    ),
    BookRule(
        "three-values",
        "DNA",
        "a card being played on it must have three values the same as the top card of the chain.",
        "a card put on a chain must share three values with its top card",
    ),
    BookRule(
        "discard-only-stock",
        "DNA",
        "Only a card drawn from the stock may be played on the discard pile.",
        "Only the turned-up card may go on the discard pile",
    ),
    BookRule(
        "must-discard",
        "DNA",
        "It must be placed there if there is no chain it can be played on.",
        "it must when no chain takes it",
    ),
    BookRule(
        "discard-by-choice",
        "DNA (the book is silent)",
        "",
        "it may also go there when a chain would take it",
        reading="docs/readings/dna.md, Discarding by choice",
    ),
    BookRule(
        "shortcuts",
        "DNA, Shortcuts",
        "As long as it is certain the result can be obtained by the rules, there's no reason "
        "not to simply insert the card or cards.",
        "at the table you may take such a shortcut when the moves could surely be made; "
        "Printables makes the moves one by one",
        reading="docs/readings/dna.md, Moves are the book's rules, nothing more",
    ),
    BookRule(
        "win",
        "DNA",
        "until all the cards are contained in one chain.",
        "You win, at once, when all 81 cards form one chain",
    ),
    BookRule(
        "stop",
        "DNA (the book is silent)",
        "",
        "once the stock is used up and its last card played, you may stop",
        reading="docs/readings/dna.md, The end",
    ),
    BookRule(
        "score",
        "(the book keeps no score)",
        "",
        "a lost game scores the cards in its longest chain",
        reading="docs/readings/dna.md, Score",
    ),
)


def _chains(played: Played) -> Example:
    """The chains that hold cards, each from its bottom card to its top card."""
    chains = [" ".join(str(card) for card in chain) for chain in played.last.chains if chain]
    return Example(" / ".join(chains))


HANDOUT = Handout(
    "dna",
    need="One 4D deck and one player: a solitaire. Room on the table for four chains and a "
    "discard pile.",
    setup="Shuffle well: the deck, face down, is the stock. Leave room for four chains, empty at "
    "first. Overlap the cards of each chain and of the discard pile so all can be read.",
    turn="Turn up the top card of the stock; it must go on a chain or on the discard pile. It may "
    "wait face up on the stock while you make other moves, but it is played before the next card "
    "is turned up. Only these cards may ever move: the turned-up card, the top card of the "
    "discard pile and the top card of a chain, each at any time, to a chain where it fits. Any "
    "card may start an empty chain; a card put on a chain must share three values with its top "
    "card. Only the turned-up card may go on the discard pile: it must when no chain takes it, "
    "and in Printables it may also go there when a chain would take it. With an empty chain, a "
    "whole chain can be turned round, card by card, to add a card under it or into it: at the "
    "table you may take such a shortcut when the moves could surely be made; Printables makes the "
    "moves one by one.",
    scoring="No points while you play: a lost game scores the cards in its longest chain, a won "
    "game 81.",
    end="You win, at once, when all 81 cards form one chain. The book names no losing end: once "
    "the stock is used up and its last card played, you may stop, and the game is lost.",
    replay=Replay(
        players=1,
        seed=33,
        moves=(
            "turn up a card",
            "play Bb=S from the stock to chain 1",
            "turn up a card",
            "play Bb=C from the stock to chain 1",
            "turn up a card",
            "play Bb=C from chain 1 to chain 2",
            "play Bb=S from chain 1 to chain 2",
            "play Bb~S from the stock to chain 2",
        ),
    ),
    scene=_chains,
    example_note="the first three cards. The third fits only the first card of the chain, not its "
    "top card, so the chain is turned round onto an empty chain, one card at a time, and the "
    "waiting card goes on what was its first card.",
    rules=RULES,
    layout="rows",
)
