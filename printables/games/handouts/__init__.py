"""Rules handouts: every game of the source books told in the project's own words, for a
class to read before it plays (``printables handout GAME`` prints one, ``printables rules
GAME`` shows the same text).

Each game's handout is a module of this package: its five sections, the checklist of
the book's rules it carries, and the hand its worked example is played from
(:mod:`printables.games.handouts.base`). The project's readings of unclear rules
(docs/rules-notes.md, ``docs/readings/``) are the engine's, and the handouts follow them.

>>> handout = HANDOUTS["matches"]
>>> handout.worked().summary
'Gb=S on Gg~S scores 2'
"""

from __future__ import annotations

from printables.games.handouts import (
    buddy_on_your_left,
    challenge_matrix,
    cipher,
    costly_tricks,
    cross_purposes,
    dna,
    eighty_one,
    four,
    good_riddance,
    lockdown,
    matches,
    matrix,
    nada,
    poker,
    quad,
    rummy,
    secret_card,
    squares,
    third_man,
    tiles,
    zodiac,
)
from printables.games.handouts.base import SECTIONS, BookRule, Handout, each

__all__ = ["HANDOUTS", "SECTIONS", "BookRule", "Handout"]

_MODULES = (
    matrix, challenge_matrix, squares, zodiac, matches, rummy, secret_card, good_riddance,
    nada, eighty_one, dna, cross_purposes, poker, tiles, cipher, costly_tricks,
    buddy_on_your_left, third_man, quad, four, lockdown,
)  # fmt: skip

HANDOUTS: dict[str, Handout] = each([module.HANDOUT for module in _MODULES])
"""Every game's handout, by game key, in the order of the games' registry."""
