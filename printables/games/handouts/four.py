"""The handout of four: its rules in brief, the book's rules it carries, and a worked
example played by the engine."""

from __future__ import annotations

from printables.games.handouts.base import Handout, Replay, typed

HANDOUT = Handout(
    "four",
    need="28 cards of a standard deck (A, 2, 3, 4, J, Q, K of each suit) and 3 to 5 players.",
    setup="Deal four cards each; the rest is the draw pile, and its top card turned "
    "up starts the discard pile.",
    turn="Go out if you may: with at least one ace, two twos, three threes or four "
    "fours, and only with a kind higher than the last one shown. Else take a card "
    "(from the draw pile, the discard pile or a player who is out) and discard "
    "another.",
    scoring="No points: the last player to go out wins.",
    end="Four fours end the game at once; otherwise it ends with the turn that "
    "takes the last card of the draw pile.",
    replay=Replay(players=3, seed=0, moves=()),
    scene=typed("2S 2H 2D KC after aces"),
    example_note="may this hand go out after someone went out with aces?",
)
