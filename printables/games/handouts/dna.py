"""The handout of dna: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "dna",
    need="One 4D deck; a solitaire.",
    setup="Shuffle the deck: it is the stock. Leave room for four chains and a discard pile.",
    turn="Turn up a card and play it on a chain (an empty chain takes any card; "
    "else the card must share three values with the chain's top card) or on the "
    "discard pile. A card on top of the discard pile, or on top of a chain, may "
    "also move to a chain where it fits.",
    scoring="A lost game scores the cards in its longest chain.",
    end="Win when all 81 cards form one chain.",
    replay=Replay(players=1, seed=0, moves=()),
    scene=typed("GbzS GbzC RbzC RgzC / Gw=C"),
    example_note="two chains: every neighbour shares three values.",
    layout="rows",
)
