"""The handout of zodiac: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "zodiac",
    need="One 4D deck, 2 to 8 players, and the same number of chips for each.",
    setup="The dealer sets chips aside as the bank, shows the top card and puts it "
    "face up at the bottom of the deck. Everyone, the dealer too, gets two cards "
    "face up and one face down; then each player bets from 1 chip up to the limit.",
    turn="In turn, the dealer last, take another card face up or stand. A hand "
    "with four cards of any one value is bust: its bet goes to the dealer at once.",
    scoring="A hand is measured by how many of the twelve values it shows (all "
    "twelve is a zodiac). A player closer to a zodiac than the dealer is paid the "
    "bet from the bank; a tie goes to the dealer.",
    end="The same dealer deals again until the bank runs out or a player wins a "
    "bet of the limit; play for the time agreed, and the most chips win.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("Gg~T Rb~T BgzC RwzC BbzT"),
    example_note="a five-card hand: how close is it, and how near to bust?",
)
