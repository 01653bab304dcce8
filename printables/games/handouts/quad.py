"""The handout of quad: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "quad",
    need="A standard deck with its two jokers (used only to make a call) and 2 players.",
    setup="Six rounds use up the deck: deal four cards each (three in the last "
    "round). The round's chooser secretly calls reds or blacks by laying a joker "
    "on top, face down.",
    turn="Turn up a card as the first stack; the chooser plays first. A card whose "
    "suit has no stack starts one; any other card goes on its own suit's stack or "
    "cancels a stack of another suit (both go away for good).",
    scoring="When the hands are empty, count the table, ace 1 to king 13: reds "
    "against blacks. If the call was right the chooser collects the table, else "
    "the other player does.",
    end="After six rounds, the player with more cards collected wins.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("reds: KH 5H / 9S 3S / QD"),
    example_note="the chooser called reds; three stacks remain on the table.",
)
