"""What a handout is: a game's rules in five short sections, the checklist of the book's
rules it carries, and a worked example that the engine plays and scores.

A handout says what the table needs, how to set up, what a turn is, how points are
scored and how the game ends. Its checklist (:class:`BookRule`) names every rule of the
book that changes who moves, what is legal, how it scores or when it ends, with where
the book says it, the book's words and the handout's words that carry it; a test holds
every handout to its checklist. Its worked example is never typed: a hand is dealt from
a seed and played by legal moves (:class:`Replay`), and the example is written from the
position reached (:attr:`Handout.scene`), then scored by the game's own engine
(:meth:`~printables.games.base.Game.score_position`), so a handout shows only what can
happen in play and says only what the rules say.

>>> from printables.games.handouts import HANDOUTS
>>> played = HANDOUTS["matches"].played()
>>> str(played.moves[0]), played.game.to_move(played.states[0])
('play Gb=S', 1)
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from printables.cards.deck import Card
from printables.cards.wording import counted
from printables.games.base import Game, Scored
from printables.games.registry import GAMES

SECTIONS = ("You need", "Set up", "A turn", "Scoring", "The end")
"""The headings of every handout, in order."""
NEXT_HAND = "next hand"
"""A replay's word for dealing the next hand the way the book passes the deal."""


@dataclass(frozen=True)
class BookRule:
    """One rule of a source book, and the handout's words that carry it.

    ``where`` names the book's section (or, for a book without sections, its subject);
    ``book`` quotes the book's own words, short, as the source has them; ``handout`` is a
    phrase of the handout (any section) that says the rule, shortened perhaps, never
    dropped; ``reading`` names the project's reading where the book is unclear
    (docs/rules-notes.md)."""

    id: str
    where: str
    book: str
    handout: str
    reading: str = ""


class ReplayError(ValueError):
    """A replay's move is not a legal move of the position it is played in."""


@dataclass(frozen=True)
class Replay:
    """A hand dealt from ``seed`` to ``players`` and played by ``moves``, each written as
    the engine writes the move (``str(move)``); :data:`NEXT_HAND` deals the next hand."""

    players: int
    seed: int
    moves: tuple[str, ...]
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Played:
    """A replay played out: every position from the deal on, and the moves between them
    (``states[k + 1]`` is ``states[k]`` after ``moves[k]``; None for a new hand)."""

    game: Game[Any, Any, Any]
    states: tuple[Any, ...]
    moves: tuple[Any, ...]

    @property
    def last(self) -> Any:
        return self.states[-1]


def play(game: Game[Any, Any, Any], replay: Replay) -> Played:
    """Deal and play ``replay``; a move that is not legal where it is played raises
    :class:`ReplayError`, saying which, why and what was legal."""
    state = game.setup(replay.players, replay.seed, game.options(**dict(replay.options)))
    states, moves = [state], []
    for number, word in enumerate(replay.moves, 1):
        if word == NEXT_HAND:
            move, state = None, game.next_hand(state)
        else:
            move = next((m for m in game.candidate_moves(state) if str(m) == word), None)
            verdict = game.check(state, move) if move is not None else None
            if move is None or not verdict:
                legal = ", ".join(repr(str(m)) for m in game.legal_moves(state)[:12])
                why = f": {verdict.reasons[0]}" if verdict else " of this position"
                raise ReplayError(
                    f"{game.title}, move {number} {word!r} is not a legal move{why}. "
                    f"Legal here: {legal or 'none (the hand is over)'}"
                )
            state = game.apply(state, move)
        states.append(state)
        moves.append(move)
    return Played(game, tuple(states), tuple(moves))


@dataclass(frozen=True)
class Example:
    """A worked example as written: the position ``text`` the game's ``score`` reads,
    and ``shown``, the cards to draw when the text names none itself (bids written as
    numbers)."""

    text: str
    shown: str = ""


@dataclass(frozen=True)
class Handout:
    """One game's rules in five short sections, its book's checklist, and a worked
    example played by the engine."""

    key: str
    need: str
    setup: str
    turn: str
    scoring: str
    end: str
    replay: Replay
    """The hand the worked example comes from."""
    scene: Callable[[Played], Example]
    """Writes the example from the replay's positions."""
    example_note: str
    """What the example shows, said before the engine's verdict."""
    rules: tuple[BookRule, ...] = field(default=())
    """The book's rules this handout carries (its checklist)."""
    lost: str = ""
    """For a source that lost part of its text: what is missing and how play goes on."""
    layout: str = "flat"
    """How the example's cards lie: ``flat`` (a row of the cards named), ``rows`` (each
    group between '/' a row of a grid, '.' an empty place) or ``columns`` (each group a
    column, as Eighty-one writes its columns)."""

    def played(self) -> Played:
        """The replay, dealt and played again."""
        return play(self.game, self.replay)

    @cached_property
    def written(self) -> Example:
        """The worked example, written from the replay's positions."""
        return self.scene(self.played())

    @property
    def example(self) -> str:
        """A position the game's ``score`` reads, with real cards."""
        return self.written.text

    @property
    def example_grid(self) -> tuple[tuple[Card | None, ...], ...]:
        """The example's cards as they lie on the table: rows of cards, None for an empty
        place (a flat example is one row of its cards)."""
        if self.layout == "flat":
            return (self.example_cards,)
        groups = [
            tuple(
                None if word in (".", "-") else self.game.deck.card(word) for word in part.split()
            )
            for part in self.example.split("/")
        ]
        if self.layout == "rows":
            return tuple(groups)
        depth = max(len(group) for group in groups)
        return tuple(
            tuple(group[k] if k < len(group) else None for group in groups) for k in range(depth)
        )

    @property
    def game(self) -> Game[Any, Any, Any]:
        return GAMES[self.key]

    @property
    def sections(self) -> tuple[tuple[str, str], ...]:
        """(heading, text) in order, a note on lost text last."""
        found = tuple(
            zip(SECTIONS, (self.need, self.setup, self.turn, self.scoring, self.end), strict=True)
        )
        return (*found, ("Lost from the source", self.lost)) if self.lost else found

    def worked(self) -> Scored:
        """The example, scored by the game's engine with the book's options."""
        return self.game.score_position(self.example, self.game.options())

    @property
    def example_cards(self) -> tuple[Card, ...]:
        """The cards the example names, in order, each once (to draw them)."""
        found: list[Card] = []
        for word in re.split(r"[\s;/|:,]+", self.written.shown or self.example):
            try:
                card = self.game.deck.card(word)
            except ValueError:
                continue
            if card not in found:
                found.append(card)
        return tuple(found)

    def missing(self) -> list[BookRule]:
        """The checklist's rules whose words the handout does not say."""
        said = _flat(" ".join(body for _, body in self.sections))
        return [rule for rule in self.rules if _flat(rule.handout) not in said]

    def text(self, width: int = 88) -> str:
        """The handout as plain text (``printables rules GAME``), wrapped to ``width``."""
        game = self.game
        lines = [f"{game.title} ({game.book}), {players_text(game)}",
                 textwrap.fill(game.summary, width, break_on_hyphens=False), ""]  # fmt: skip
        for heading, body in self.sections:
            lines += [textwrap.fill(f"{heading}: {body}", width, break_on_hyphens=False), ""]
        worked = self.worked()
        points = "" if worked.points is None else f"{counted(worked.points, 'point')}: "
        note = textwrap.fill(f"Example: {self.example_note}", width, break_on_hyphens=False)
        lines += [note, f"  {self.example}",
                  f"  {points}{worked.summary}"]  # fmt: skip
        lines += [f"  {reason}" for reason in worked.reasons]
        return "\n".join(lines)


def players_text(game: Game[Any, Any, Any]) -> str:
    """How many play a game, in words.

    >>> players_text(GAMES["dna"]), players_text(GAMES["tiles"])
    ('1 player', '2-5 players')
    """
    low, high = game.players
    return counted(low, "player") if low == high else f"{low}-{high} players"


def _flat(text: str) -> str:
    """Text with its runs of white space made single spaces, to compare phrases.

    >>> _flat("a  turn\\n is")
    'a turn is'
    """
    return " ".join(text.split())


def each(handouts: Sequence[Handout]) -> dict[str, Handout]:
    """Handouts by game key, in the order of the games' registry; every game once."""
    found = {handout.key: handout for handout in handouts}
    missing = [key for key in GAMES if key not in found]
    if missing or len(found) != len(handouts) or set(found) - set(GAMES):
        raise ValueError(f"every game needs one handout: missing {missing}")
    return {key: found[key] for key in GAMES}
