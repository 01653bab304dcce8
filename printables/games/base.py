"""The small interface every game shares, and the result types it speaks in.

A game is a :class:`Game` object that names its deck and its book. It deals a
:meth:`~Game.setup` from a seed (the first dealer chosen the book's way, any deck),
lists the legal moves of a position, says in words why a move is illegal (a move of
another game included), applies a move to give a new position (states are immutable
values), reports the :class:`Outcome` of a finished hand, deals the
:meth:`~Game.next_hand` the way the book passes the deal, and says when running totals
end the game (:meth:`~Game.match_outcome`). All chance is fixed by the seed: each hand's
pack is shuffled from the seed and the hand's number, and a game that reshuffles
mid-hand draws from a generator seeded by the state, so a seed and a list of moves
always replay the same hands.

Where cards are is told by :meth:`Game.zones`: named piles of cards, each with an
owner and who may see it. From the zones come the invariant that no card is
ever lost or duplicated, and each player's :meth:`~Game.view`, in which cards the
player may not see are only counted.

>>> from printables.games.fourd.good_riddance import GAME
>>> state = GAME.setup(players=2, seed=7)
>>> GAME.to_move(state), len(GAME.legal_moves(state)) > 0, GAME.deck.key
(1, True, '4d')
>>> GAME.check(state, "shuffle").reasons
("'shuffle' is not a move of Good Riddance; its moves are play, draw and pass.",)
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from printables.cards.deck import Card, Deck
from printables.games.dealing import first_dealer, hand_rng, left_of, rng, shuffled

State = TypeVar("State")
Move = TypeVar("Move")
Options = TypeVar("Options")

T = TypeVar("T")
Seen = Literal["all", "owner", "none"]


class IllegalMoveError(ValueError):
    """A move the rules do not allow here; the message says why, in a student's words."""

    def __init__(self, move: object, reason: str) -> None:
        self.move = move
        self.reason = reason
        super().__init__(reason)


class OptionError(ValueError):
    """An option a game does not have, or a value it cannot take."""


class PositionError(ValueError):
    """A position that cannot be read or used: written notation that does not describe a
    position of the game, or a hand asked for something it cannot do yet (the next hand
    of a hand that is not over)."""


class UnknownGameError(ValueError):
    """A game the engine does not know; the message lists the games."""


class Dealt(Protocol):
    """What a dealt hand's state records, so the next hand can be dealt from it."""

    @property
    def seed(self) -> int: ...

    @property
    def dealer(self) -> int: ...

    @property
    def hand_number(self) -> int: ...

    @property
    def options(self) -> Any: ...


@dataclass(frozen=True)
class Verdict:
    """Whether something is allowed (or right), and the reasons, each a full sentence.

    >>> bool(Verdict.yes()), Verdict.no("GwzC shares zigzag with the top card.").reasons
    (True, ('GwzC shares zigzag with the top card.',))
    """

    ok: bool
    reasons: tuple[str, ...] = ()

    @classmethod
    def yes(cls, *reasons: str) -> Verdict:
        return cls(True, reasons)

    @classmethod
    def no(cls, *reasons: str) -> Verdict:
        return cls(False, reasons)

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class Zone:
    """Cards in one place: a hand, the stock, a pile, a player's array.

    ``owner`` is a player's seat (0-based) or None for the table; ``seen_by`` says
    who may look: everyone, only the owner, or nobody (the stock, a face-down card).
    """

    name: str
    cards: tuple[Card, ...]
    owner: int | None = None
    seen_by: Seen = "all"

    def visible_to(self, player: int | None) -> bool:
        """True when ``player`` (None: an onlooker) may see the cards themselves."""
        return self.seen_by == "all" or (self.seen_by == "owner" and player == self.owner)


@dataclass(frozen=True)
class ZoneView:
    """A zone as one player sees it: its cards if visible, else only how many."""

    name: str
    owner: int | None
    count: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True)
class Outcome:
    """How a hand (or a game) ended: the winners, each seat's score, and why.

    ``winners`` is empty when nobody wins (a lost solitaire, a hand annulled);
    ``scores`` has one entry per seat, in the game's own units (points, chips).
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reasons: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "scores": list(self.scores),
                "reasons": list(self.reasons)}  # fmt: skip


@dataclass(frozen=True)
class Scored:
    """A position given in notation, scored by a game's rules: points (if the game
    counts them), a one-line summary, the reasons, and details for ``--json``.

    ``top_level`` holds what a game's ``--json`` gives beside ``game`` and ``points``
    rather than inside ``details`` (The Third Man's ``changes``); it may not take the
    name of a key every game has.
    """

    game: str
    points: int | None
    summary: str
    reasons: tuple[str, ...] = ()
    details: Mapping[str, Any] = field(default_factory=dict)
    top_level: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        taken = sorted(set(self.top_level) & {"game", "points", "summary", "reasons", "details"})
        if taken:
            raise ValueError(f"top-level keys {taken} would replace keys every game has")

    def to_json(self) -> dict[str, Any]:
        return {**self.top_level, "game": self.game, "points": self.points,
                "summary": self.summary, "reasons": list(self.reasons),
                "details": dict(self.details)}  # fmt: skip


class Game(ABC, Generic[State, Move, Options]):
    """One game of the source books: rules, scoring and outcome, as data in, data out.

    Subclasses set the class attributes and implement the abstract methods;
    ``legal_moves`` defaults to the candidate moves that :meth:`why_illegal`
    accepts, and a game may override it with a faster list (the tests check
    that both agree).
    """

    key: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    players: ClassVar[tuple[int, int]]
    book: ClassVar[str]
    """The source book whose rules the game follows."""
    deck: ClassVar[Deck]
    """The deck the game is played with."""
    move_types: ClassVar[tuple[type, ...]]
    """The classes of the game's moves; any other move is refused with a reason."""
    one_hand: ClassVar[bool] = False
    """True for a game that is one hand (a race, a solitaire): the hand's outcome is the
    game's, and the next hand is a new game."""
    aliases: ClassVar[tuple[str, ...]] = ()  # short names people use ("poker")
    options_type: ClassVar[type[Any]]
    position_help: ClassVar[str] = ""

    # -- options -------------------------------------------------------------------

    def options(self, **values: Any) -> Options:
        """The game's options: the book's defaults, changed by ``values``.

        Unknown names and values of the wrong kind raise :class:`OptionError`.
        """
        known = {f.name: f for f in dataclasses.fields(self.options_type)}
        for name, value in values.items():
            if name not in known:
                choices = ", ".join(known) or "none"
                raise OptionError(f"{self.title} has no option {name!r}; its options: {choices}")
            default = known[name].default
            if default is not dataclasses.MISSING and not isinstance(value, type(default)):
                raise OptionError(
                    f"{self.title} option {name!r} takes a {type(default).__name__}, not {value!r}"
                )
        options: Options = self.options_type(**values)
        return options

    def option_help(self) -> list[tuple[str, Any, str]]:
        """Each option's name, book default and help text (from the field metadata)."""
        return [(f.name, f.default, str(f.metadata.get("help", "")))
                for f in dataclasses.fields(self.options_type)]  # fmt: skip

    def check_players(self, players: int) -> None:
        low, high = self.players
        if not low <= players <= high:
            span = f"{low}" if low == high else f"{low} to {high}"
            raise OptionError(f"{self.title} is for {span} players, not {players}")

    # -- play ------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Options | None = None) -> State:
        """Choose the first dealer the book's way and deal the first hand from ``seed``."""
        self.check_players(players)
        chosen: Options = options if options is not None else self.options()
        return self.deal(players, seed, self.first_dealer(players, seed), chosen, 0)

    def first_dealer(self, players: int, seed: int) -> int:
        """The first dealer, chosen from ``seed`` (:func:`.dealing.first_dealer`); a player
        alone deals (a solitaire shuffles no pack for it)."""
        if players == 1:
            return 0
        seat, _ = first_dealer(players, rng(seed, "dealer"), self.deck.cards)
        return seat

    def pack(self, seed: int, hand_number: int = 0, label: str = "deal") -> list[Card]:
        """The game's deck shuffled for a hand, fixed by the seed and the hand's number."""
        return shuffled(self.deck.cards, hand_rng(seed, hand_number, label))

    @abstractmethod
    def deal(
        self, players: int, seed: int, dealer: int, options: Options, hand_number: int
    ) -> State:
        """Hand ``hand_number`` (0 the first) dealt by ``dealer`` as the book says, from
        :meth:`pack` (``seed`` and the hand's number fix the shuffle)."""

    def next_hand(self, state: State) -> State:
        """The hand after a finished one, dealt the way the book passes the deal. By
        default, the 4D rulebook's general rule: the player on the dealer's left deals,
        and nothing carries over (a game that carries chips or passes the deal otherwise
        overrides this). A hand that is not over raises :class:`PositionError`."""
        outcome = self.outcome(state)
        if outcome is None:
            raise PositionError("the hand is not over yet; play it out before the next deal")
        hand: Dealt = state  # type: ignore[assignment]  # every dealt state records these
        players = len(outcome.scores)
        dealer = left_of(hand.dealer, players)
        return self.deal(players, hand.seed, dealer, hand.options, hand.hand_number + 1)

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The seat whose turn it is, or None when the hand is over."""

    @abstractmethod
    def candidate_moves(self, state: State) -> Iterable[Move]:
        """Every well-formed move of the player to move, legal or not."""

    @abstractmethod
    def why_illegal(self, state: State, move: Move) -> str | None:
        """None when ``move`` is legal, else the reason, in words a student understands."""

    @abstractmethod
    def _apply(self, state: State, move: Move) -> State:
        """The position after a legal move."""

    @abstractmethod
    def zones(self, state: State) -> tuple[Zone, ...]:
        """Where every card of the game is."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result of a finished hand; None while it goes on."""

    def universe(self, state: State) -> Counter[Card]:
        """The cards the hand is played with (by default, what the zones hold at set-up)."""
        cards: Counter[Card] = Counter()
        for zone in self.zones(state):
            cards.update(zone.cards)
        return cards

    def legal_moves(self, state: State) -> list[Move]:
        """The legal moves of the player to move, in a fixed order."""
        if self.to_move(state) is None:
            return []
        return [m for m in self.candidate_moves(state) if self.why_illegal(state, m) is None]

    def check(self, state: State, move: object) -> Verdict:
        """Whether ``move`` is legal here, with the reason when it is not (a move of another
        game is refused, whatever it looks like)."""
        if not isinstance(move, self.move_types):
            kinds = [_move_word(t) for t in self.move_types]
            listed = kinds[0] if len(kinds) == 1 else ", ".join(kinds[:-1]) + " and " + kinds[-1]
            return Verdict.no(f"{move!r} is not a move of {self.title}; its moves are {listed}.")
        if self.to_move(state) is None:
            return Verdict.no("The hand is over; no more moves can be made.")
        reason = self.why_illegal(state, move)  # type: ignore[arg-type]  # checked above
        return Verdict.no(reason) if reason else Verdict.yes()

    def apply(self, state: State, move: object) -> State:
        """The position after ``move``; an illegal move, or a move of another game, raises
        :class:`IllegalMoveError`."""
        verdict = self.check(state, move)
        if not verdict:
            raise IllegalMoveError(move, verdict.reasons[0])
        return self._apply(state, move)  # type: ignore[arg-type]  # checked

    def invariants(self, state: State) -> list[str]:
        """Game-specific facts that must hold in every position (scores follow the
        rules, sizes stay in bounds); each broken one as a sentence. Used by playouts."""
        return []

    def view(self, state: State, player: int | None) -> tuple[ZoneView, ...]:
        """What ``player`` (None: an onlooker) sees: hidden cards are only counted."""
        return tuple(
            ZoneView(z.name, z.owner, len(z.cards), z.cards if z.visible_to(player) else None)
            for z in self.zones(state)
        )

    def describe(self, state: State) -> str:
        """A short text picture of the position, for people."""
        lines = []
        for zone in self.zones(state):
            who = "table" if zone.owner is None else f"player {zone.owner + 1}"
            names = " ".join(str(c) for c in zone.cards) or "-"
            lines.append(f"{who} {zone.name}: {names}")
        return "\n".join(lines)

    # -- scoring positions written in notation -------------------------------------------

    def score_position(self, text: str, options: Options | None = None) -> Scored:
        """Score a position written in card notation (see :attr:`position_help`)."""
        raise OptionError(f"{self.title} has no position to score; it keeps no score")

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: Options | None = None
    ) -> Outcome | None:
        """Whether running totals (each seat's hand scores added up) after ``hands`` hands
        end the game (None: play on). A game of one hand (:attr:`one_hand`) leaves this as
        None: the hand's outcome is the game's (:func:`.playout.play_match`)."""
        return None


def replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """A copy of ``items`` with the one at ``index`` replaced (states are immutable).

    >>> replaced((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], item, *items[index + 1 :])


def seat_name(seat: int) -> str:
    """Seats are 0-based in code and 1-based for people.

    >>> seat_name(0)
    'player 1'
    """
    return f"player {seat + 1}"


def _move_word(move_type: type) -> str:
    """A move class as a word: ``TakeStock`` -> ``"take stock"``."""
    words = "".join(f" {ch.lower()}" if ch.isupper() else ch for ch in move_type.__name__)
    return words.strip()
