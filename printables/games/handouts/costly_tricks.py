"""The handout of costly-tricks: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "costly-tricks",
    need="One PARADOX deck and 2 players; each also plays an invisible partner, their ghost.",
    setup="Deal all 44 cards, one at a time, to four hands sitting A, B, A's ghost, "
    "B's ghost, all face up: nothing is hidden.",
    turn="The hand with the red 0 leads. Follow the color led; else play the trump "
    "in force; else make a new trump with a color not yet trump in the trick. The "
    "highest power wins the trick and leads the next.",
    scoring="Cards are worth their rank, but every trick costs its taker 20. Your "
    "net is your cards' points less your tricks' cost; the nets of both sides add "
    "up to 0.",
    end="The side with a net above 0 wins the round and a chip; 3 chips win the game.",
    replay=Replay(players=2, seed=0, moves=()),
    scene=typed("A: R5 B3 P10 B6"),
    example_note="one finished trick, led by A.",
)
