"""The handout of lockdown: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "lockdown",
    need="A standard deck of 52 cards and 2 to 8 players.",
    setup="Deal four cards each. The dealer moves first.",
    turn="There is no fixed order: draw a card, give a card to any player, take a "
    "card blind from any player, force a player to draw, or shuffle every hand "
    "together and deal them back. Whoever an action affects moves next (when it "
    "affects nobody in particular, you name who). A card you have just been given "
    "cannot go straight back: give it away from your second turn after getting it.",
    scoring="A player who gets a fourth card of one value is out: the four leave "
    "the game and the rest of that hand is shuffled into the deck. The player who "
    "caused it moves again.",
    end="The last player standing wins.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("KS KH KD 7C"),
    example_note="a hand one king from being out.",
    lost="The sections Clear, Locking and The Rule of 3 lost their text in the "
    "source; they are left out, and every card in a hand may move.",
)
