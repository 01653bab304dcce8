"""The handout of squares: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "squares",
    need="One 4D deck for every three players (each takes one shade: all black, "
    "all gray or all white, 27 cards).",
    setup="One player, the picker, shuffles their set face down. The others spread "
    "their sets face up, to find each card quickly.",
    turn="The picker turns up one card; every player places the matching card of "
    "their own set (the same but for the shade) in their array, in a new or an "
    "existing row and column. At most four rows and four columns; a placed card "
    "never moves.",
    scoring="After 16 cards each 4x4 array scores one point for every triple-flush "
    "pair (two cards sharing three values) inside a row or a column.",
    end="Play four hands and add them up: the highest total wins (in Misere, the lowest).",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed(
        "Bb=S Bb=C Bb=T Bb~S / Gb=S Gb=C Gb=T Gb~S / Rb=S Rb=C Rb=T Rb~S / BbzS GbzS RbzS BbzT"
    ),
    example_note="a finished array of the black set: each triple-flush pair inside "
    "a row or a column counts.",
    layout="rows",
)
