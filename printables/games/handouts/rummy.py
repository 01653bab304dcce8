"""The handout of 4d-500-rummy: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "4d-500-rummy",
    need="One 4D deck, 2 to 5 players, paper for the scores.",
    setup="Deal 7 cards each (10 with two players); turn one card up to start the discard pile.",
    turn="Draw from the stock, or pick up the last discard (or a deeper discard "
    "with every card above it, if you meld it at once); meld if you wish; "
    "then discard one card. Melds are three-card triple-flushes and double-flushes "
    "of four or more cards; you may add cards to any double-flush on the table.",
    scoring="A three-card triple-flush scores 30; a double-flush of 4 to 9 cards "
    "10, 20, 30, 60, 120 or 240; a card added to another player's meld 5. Each "
    "card still in your hand when the hand ends costs 5.",
    end="A hand ends when a player discards the last card, or when the stock runs "
    "out. The first to 500 wins.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("melds: BwzC BbzS BgzT BwzS | Rg~S Rg~C Rg~T ; added: ; hand:"),
    example_note="one player's cards at the end of a hand.",
)
