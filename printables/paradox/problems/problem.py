"""A Costly Tricks problem: its position, its question and what a diagram and a key show
of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from printables.cards.deck import Card
from printables.paradox.problems.grading import Grade, grade_play
from printables.paradox.problems.ids import PREFIX
from printables.paradox.solver import Solution
from printables.paradox.tricks import SEATS, Position, next_seat
from printables.paradox.wording import hand_order, side_name


@dataclass(frozen=True)
class Problem:
    """A Costly Tricks problem: its id, its question and level, the position the diagram
    shows (for *winner*, the trick's start) and, for *winner*, the whole trick. A "which
    card" problem also holds the solver's :class:`~printables.paradox.solver.Solution`."""

    id: str
    question: str  # play, legal or winner
    position: Position
    trick: tuple[Card, ...] = ()
    solution: Solution | None = None
    known: tuple[Grade, tuple[Card, ...]] | None = field(default=None, compare=False, repr=False)
    """The grade (and for "which card", the line of best play), when already worked out."""

    @cached_property
    def graded(self) -> tuple[Grade, tuple[Card, ...]]:
        if self.known is not None:
            return self.known
        assert self.solution is not None
        return grade_play(self.position, self.solution)

    @property
    def grade(self) -> Grade:
        """How hard the problem is (for a position named by its id, worked out when
        first asked: it takes the solver a while)."""
        return self.graded[0]

    @property
    def line(self) -> tuple[Card, ...]:
        """A "which card" problem's line of best play (:func:`best_line`)."""
        return self.graded[1]

    @property
    def hand_size(self) -> int:
        """Cards a hand at the start of the trick."""
        return max(len(h) for h in self.position.hands)

    @property
    def size_text(self) -> str:
        return f"{self.hand_size} cards a hand"

    @property
    def named_by_position(self) -> bool:
        """Whether the id is the position's own code (``costly-tricks-p-...``)."""
        return self.id.startswith(PREFIX + "p-")

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats' names, by seat number (A, B, A's ghost, B's ghost)."""
        return SEATS

    @property
    def seat(self) -> int:
        """The seat asked about: the one to move (for *winner*, the leader)."""
        return self.position.to_move

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The hands as the diagram shows them (after the trick, for *winner*), laid out
        by color."""
        hands = self.position.hands
        if self.trick:
            hands = tuple(tuple(c for c in h if c not in self.trick) for h in self.position.hands)
        return tuple(hand_order(h) for h in hands)

    @property
    def table(self) -> tuple[tuple[int, Card], ...]:
        """The cards on the table, in the order played, with the seat of each."""
        shown = self.trick or self.position.trick
        return tuple((next_seat(self.position.leader, k), c) for k, c in enumerate(shown))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card shown: the hands in seat order, then the table."""
        return (*(c for h in self.hands for c in h), *(c for _, c in self.table))

    @property
    def text(self) -> str:
        """The question, as printed."""
        who = SEATS[self.seat]
        if self.question == "play":
            verb = "lead" if not self.position.trick else "play"
            return f"{who} to {verb}: which card, and what net for {side_name(self.seat)}?"
        if self.question == "legal":
            return f"Which cards may {who} play to this trick?"
        return "Who wins this trick?"

    @property
    def answer_hint(self) -> str:
        """How an answer is written."""
        if self.question == "play":
            return "a card, or a card and the net, such as R5 +4"
        if self.question == "legal":
            return "the cards, such as R10 R5 (or all)"
        return "a seat: A, B, A's ghost or B's ghost"

    def best(self) -> tuple[Card, ...]:
        """A "which card" problem's best cards (one, for a generated problem)."""
        assert self.solution is not None
        top = self.solution.net
        return tuple(c for c, v in self.solution.cards.items() if v == top)
