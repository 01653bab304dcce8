"""The handout of cross-purposes: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "cross-purposes",
    need="One 4D deck and 2 players, sitting at right angles.",
    setup="Pick a card and set aside every card that shows any of its four values: "
    "16 cards remain. Shuffle them into a packet. Your columns are your opponent's "
    "rows.",
    turn="Phase 1: in turn, place the packet's next card anywhere in the 4x4 "
    "array. Phase 2: in turn, rearrange one of your own rows, moving at least two "
    "of its cards.",
    scoring="You want every one of your four columns to be a single-flush (all "
    "four cards share a value).",
    end="When the 16 cards are down, or after any rearrangement, the first player "
    "whose four columns are all single-flushes wins (both at once: a tie).",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed(
        "Bb=S Bg=S Bb~S Bg~S / Gb=S Gg=S Gb~S Gg~S / Bb=C Bg=C Bb~C Bg~C / Gb=C Gg=C Gb~C Gg~C"
    ),
    example_note="a full array, as player 1 sees it.",
    layout="rows",
)
