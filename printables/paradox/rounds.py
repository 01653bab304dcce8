"""A played round of Costly Tricks (PARADOX) as a teacher types it, or as JSON: the deal,
who led the first trick, and the cards in playing order.

The typed form, one hand a line (seat order A, B, A's ghost, B's ghost; case and commas
do not matter), then the play, tricks separated by ``/`` or new lines, each maybe with
its leader named and checked (``A's ghost: G3 B7 G4 G2``; the form ``printables score``
reads) or on a line labelled ``trick 2:`` (``#`` starts a comment)::

    A: R10 R5 G4
    B: G2 B8 B3
    A's ghost: G3 P10 P1
    B's ghost: B10 B7 B6
    leader: A
    play: R5 B3 P10 B6
    A's ghost: G3 B7 G4 G2
    B's ghost: B10 R10 B8 P1

The hand holding R0 leads the first trick, as the game's rules say; a ``leader:`` line
names another (a deal without R0 needs one, or the first trick's leader named). A round
may stop early: its last trick may be unfinished, or the play missing. JSON: ``{"hands":
[[...], [...], [...], [...]], "leader": 0, "play": [...]}`` (``play``: card names, or
tricks as lists of names).

Every error is a :class:`RoundError` of one line that names the line, trick or card and
says why, an illegal card with the rule it breaks:

>>> read_round("A: R5 G4\\nB: R3 G2\\nA's ghost: P10 P1\\nB's ghost: B6 B7\\nleader: A\\n"
...            "play: R5 G2")
Traceback (most recent call last):
...
printables.paradox.rounds.RoundError: trick 1, card 2 (B): G2 cannot be played: red was led...
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.errors import NotationError
from printables.cards.reading import read_cards
from printables.paradox.tricks import (
    SEATS,
    Position,
    TrickPositionError,
    seat_named,
    why_not,
)

FIRST_LEADER = "R0"
"""The card whose hand leads the first trick, by the rules."""
BOOK_DEAL = """\
A: R10 R5 G4
B: G2 B8 B3
A's ghost: G3 P10 P1
B's ghost: B10 B7 B6
leader: A
"""
"""The book's worked deal typed as a round begins: three cards a hand, A leads."""
EXAMPLE = (
    "# The book's worked example: three cards a hand, A leads.\n"
    + BOOK_DEAL
    + "play: R5 B3 P10 B6 / G3 B7 G4 G2 / B10 R10 B8 P1\n"
)
"""A round typed as a teacher types one (the solver's docstring's deal, played out)."""

_LEADER_WORDS = {"leader", "lead", "leads", "first leader", "first lead", "led by"}
_PLAY_WORDS = {"play", "played", "plays", "tricks", "cards played"}


class RoundError(ValueError):
    """A round that cannot be read or cannot have been played; the message, one line,
    says where (line, trick, card) and why."""


@dataclass(frozen=True)
class Round:
    """A round as played: the deal (with the first trick's leader) and the cards in
    playing order, possibly stopping before the end. Built checked (:func:`read_round`,
    :meth:`read`): every card was legal when played."""

    deal: Position
    play: tuple[Card, ...]

    def steps(self) -> Iterator[tuple[Position, Card, Position, int | None]]:
        """Each card played: the position before it, the card, the position after it and
        the seat that took the trick if the card completed one."""
        position = self.deal
        for card in self.play:
            after, taker = position.play(card)
            yield position, card, after, taker
            position = after

    @property
    def end(self) -> Position:
        """The position after the last card played."""
        position = self.deal
        for card in self.play:
            position, _ = position.play(card)
        return position

    @property
    def tricks(self) -> list[tuple[Card, ...]]:
        """The cards played, four a trick (the last may be unfinished)."""
        return [self.play[i : i + 4] for i in range(0, len(self.play), 4)]

    def to_data(self) -> dict[str, Any]:
        """The round as JSON data (:meth:`read` reads it back)."""
        return {
            "hands": [[str(c) for c in h] for h in self.deal.hands],
            "leader": self.deal.leader,
            "play": [[str(c) for c in t] for t in self.tricks],
        }

    def to_text(self) -> str:
        """The round in the typed form (:func:`read_round` reads it back)."""
        lines = [f"{SEATS[s]}: {' '.join(map(str, h))}" for s, h in enumerate(self.deal.hands)]
        lines.append(f"leader: {SEATS[self.deal.leader]}")
        lines.append("play: " + " / ".join(" ".join(map(str, t)) for t in self.tricks))
        return "\n".join(lines)

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> Round:
        """A round from JSON data; ``leader`` (a seat number or name) may be left out,
        ``play`` may be card names, tricks as lists of names, or the typed form's text."""
        if not isinstance(data, Mapping):
            raise RoundError('a round is an object: {"hands": [...], "leader": 0, "play": [...]}')
        unknown = sorted(set(data) - {"hands", "leader", "play"})
        if unknown:
            raise RoundError(f"unknown field {unknown[0]!r}; a round has hands, leader and play")
        hands_data = data.get("hands")
        if not isinstance(hands_data, list) or len(hands_data) != 4:
            raise RoundError(
                "hands must be a list of four hands in seat order: A, B, A's ghost, B's ghost"
            )
        hands = [_json_cards(h, f"{SEATS[s]}'s hand") for s, h in enumerate(hands_data)]
        leader = data.get("leader")
        if isinstance(leader, str):
            seat = seat_named(leader)
            if seat is None:
                raise RoundError(f"leader: {_not_a_hand(leader)}")
            leader = seat
        elif leader is not None and (
            isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader <= 3
        ):
            raise RoundError(
                f"leader must be a seat number from 0 to 3 (A, B, A's ghost, B's ghost) or a "
                f"hand's name, not {leader!r}"
            )
        play = data.get("play", [])
        if isinstance(play, str):
            tricks = _typed_tricks(play)
        elif isinstance(play, list) and all(isinstance(t, list) for t in play):
            tricks = [(None, _json_cards(t, f"trick {n}")) for n, t in enumerate(play, 1)]
        elif isinstance(play, list):
            flat = _json_cards(play, "play")
            tricks = [(None, flat[i : i + 4]) for i in range(0, len(flat), 4)]
        else:
            raise RoundError('play must be a list of card names, such as ["R5", "B3"]')
        return _played(hands, leader, tricks)


def read_round(text: str) -> Round:
    """A round typed (see the module's notes) or as JSON (text starting with ``{``)."""
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RoundError(f"the JSON does not read: {error}") from None
        return Round.read(data)
    hands: list[tuple[Card, ...] | None] = [None] * 4
    leader: int | None = None
    play: list[str] = []
    in_play = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        label, colon, rest = line.partition(":")
        words = " ".join(re.sub(r"[^a-z0-9']+", " ", label.lower()).split())
        seat = seat_named(label) if colon else None
        if colon and (words in _PLAY_WORDS or re.fullmatch(r"trick \d+", words)):
            in_play = True
            play.append(rest)
        elif colon and words in _LEADER_WORDS:
            leader = seat_named(rest)
            if leader is None:
                raise RoundError(f"line {number}: {_not_a_hand(rest)}")
        elif seat is not None and in_play and all(h is not None for h in hands):
            play.append(line)  # a trick with its leader named: 'A: R5 B3 P10 B6'
        elif seat is not None:
            if hands[seat] is not None:
                raise RoundError(f"line {number}: {SEATS[seat]}'s hand is written twice")
            hands[seat] = _typed_cards(rest, f"line {number} ({SEATS[seat]}'s hand)")
        elif in_play and not colon:
            play.append(line)
        elif colon:
            raise RoundError(
                f"line {number}: {label.strip()!r} is not a hand, 'leader' or 'play'; the "
                "hands are A, B, A's ghost and B's ghost"
            )
        else:
            raise RoundError(
                f"line {number}: write a hand as 'A: R10 R5 G4', the first leader as "
                f"'leader: A' and the cards played as 'play: R5 B3 P10 B6 / ...', not "
                f"{line!r}"
            )
    missing = [SEATS[s] for s, h in enumerate(hands) if h is None]
    if missing:
        raise RoundError(
            f"{missing[0]}'s hand is missing; write a line such as '{missing[0]}: R10 R5 G4' "
            "for each of A, B, A's ghost and B's ghost"
        )
    return _played([h or () for h in hands], leader, _typed_tricks("\n".join(play)))


def _not_a_hand(text: str) -> str:
    return f"{text.strip()!r} is not a hand; the hands are A, B, A's ghost and B's ghost"


def _typed_cards(text: str, where: str) -> tuple[Card, ...]:
    try:
        return tuple(read_cards(text, PARADOX))
    except NotationError as error:
        raise RoundError(f"{where}: {error}") from None


_Trick = tuple[int | None, tuple[Card, ...]]
"""A trick as written: the seat named as its leader (``A: R5 B3 P10 B6``), if any, and its
cards in playing order."""


def _typed_tricks(text: str) -> list[_Trick]:
    """The play's tricks, separated by ``/`` or new lines, each maybe with its leader."""
    parts = [p for p in re.split(r"[/\n\r]", text) if p.strip(" \t,;")]
    tricks: list[_Trick] = []
    for n, part in enumerate(parts, 1):
        label, colon, cards = part.rpartition(":")
        named = None
        if colon:
            named = seat_named(label)
            if named is None:
                raise RoundError(f"trick {n}: {_not_a_hand(label)}")
        tricks.append((named, _typed_cards(cards, f"trick {n}")))
    return tricks


def _json_cards(names: object, where: str) -> tuple[Card, ...]:
    if isinstance(names, str):
        return _typed_cards(names, where)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RoundError(f'{where} must be a list of card names such as "R5"')
    return _typed_cards(" ".join(names), where)


def _played(hands: Sequence[Sequence[Card]], leader: int | None, tricks: Sequence[_Trick]) -> Round:
    """The round, each trick and card checked against the deal and the rules."""
    why = "named as the first leader"
    if leader is None:
        red_0 = PARADOX.card(FIRST_LEADER)
        leader = next((s for s, h in enumerate(hands) if red_0 in h), None)
        why = f"its hand holds {FIRST_LEADER}; a line 'leader: A' names another"
    if leader is None and tricks and tricks[0][0] is not None:
        leader, why = tricks[0][0], "named as the first trick's leader"
    if leader is None:
        raise RoundError(
            f"no hand holds {FIRST_LEADER}, whose hand leads the first trick by the rules; "
            "name the first leader with a line such as 'leader: A'"
        )
    try:
        deal = Position.checked(hands, leader)
    except TrickPositionError as error:
        raise RoundError(f"the deal: {error}") from None
    for n, (_, trick) in enumerate(tricks, 1):
        if len(trick) > 4:
            raise RoundError(
                f"trick {n} has {len(trick)} cards ({' '.join(map(str, trick))}); a trick has "
                "four, one from each hand: put '/' or a new line between tricks"
            )
        if len(trick) < 4 and n < len(tricks):
            raise RoundError(
                f"trick {n} has {len(trick)} cards ({' '.join(map(str, trick))}); only the "
                "last trick written may be unfinished (the round stops there)"
            )
    position = deal
    played: list[Card] = []
    history: dict[Card, int] = {}
    for n, (named, trick) in enumerate(tricks, 1):
        if named is not None and named != position.leader and not position.over:
            took = why if n == 1 else f"it took trick {n - 1}"
            raise RoundError(
                f"trick {n} is written as led by {SEATS[named]}, but {SEATS[position.leader]} "
                f"leads it ({took})"
            )
        for i, card in enumerate(trick, 1):
            seat = position.to_move
            where = f"trick {n}, card {i} ({SEATS[seat]})"
            if position.over:
                raise RoundError(
                    f"{where}: the round is over after trick {n - 1}, but {card} is written"
                )
            reason = _why_not(position, card, history, n)
            if reason:
                raise RoundError(f"{where}: {reason}")
            position, _ = position.play(card)
            played.append(card)
            history[card] = n
    return Round(deal, tuple(played))


def _why_not(
    position: Position, card: Card, history: Mapping[Card, int], number: int
) -> str | None:
    """Why the seat to move cannot play ``card`` in trick ``number`` (None: it can)."""
    seat = position.to_move
    hand = position.hands[seat]
    if card not in hand:
        if card in history:
            return f"{card} was already played, in trick {history[card]}"
        holder = next((s for s, h in enumerate(position.hands) if card in h), None)
        if holder is None:
            return f"{card} is in no hand of the deal"
        if position.trick:
            turn = f"it plays after {SEATS[(seat - 1) % 4]}"
        elif number == 1:
            turn = "it leads the first trick"
        else:
            turn = f"it took trick {number - 1}, so it leads"
        return f"{card} is in {SEATS[holder]}'s hand, but {SEATS[seat]} plays now ({turn})"
    return why_not(hand, position.trick, card)
