"""Costly Tricks as a puzzle kind (:data:`KIND`): choices, sheets of ids, solving, checking
and explaining, as the registry of puzzle kinds asks."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from printables.cards.decks import PARADOX
from printables.cards.wording import signed
from printables.paradox.problems.checking import Verdict, check_legal, check_play, check_winner
from printables.paradox.problems.ids import (
    ID_HELP,
    KEY,
    LEVELS,
    PREFIX,
    QUESTIONS,
    WHOLE_DEAL,
    canonical_id,
    deal_id,
    generated_id,
    letter_of,
    parse_id,
    read_hand_size,
)
from printables.paradox.problems.kept import deal_data, deal_problem
from printables.paradox.problems.making import position_problem, problem_ids, problem_of
from printables.paradox.problems.problem import Problem
from printables.paradox.tricks import (
    SEATS,
    Position,
    TrickPositionError,
    legal_cards,
    points,
    winner,
)
from printables.paradox.wording import (
    card_list,
    hand_order,
    line_sentences,
    rule_sentence,
    side_name,
    trick_story,
)
from printables.puzzles import GenerationError, PuzzleError, PuzzleKind


@dataclass(frozen=True)
class Choices:
    """What a teacher asks of Costly Tricks problems: the question (play, legal or
    winner), the cards a hand (3 to 6, or 11: a whole deal, whose only question is play)
    and the difficulty."""

    cards: int = 4
    question: str = "play"
    level: str = "medium"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", read_hand_size(self.cards, whole=True))
        question = QUESTIONS[letter_of(self.question, QUESTIONS, "question")]
        if self.cards == WHOLE_DEAL and question != "play":
            raise PuzzleError(
                f"a whole deal ({WHOLE_DEAL} cards a hand) asks only which card to lead "
                f"(question play), not {question}"
            )
        object.__setattr__(self, "question", question)
        object.__setattr__(self, "level", LEVELS[letter_of(self.level, LEVELS, "difficulty")])


class CostlyTricksKind(PuzzleKind[Problem, Choices]):
    """Costly Tricks as a puzzle kind: its ids begin with ``costly-tricks-``.

    >>> KIND.choices(cards="5", question="Winner", level="hard")
    Choices(cards=5, question='winner', level='hard')
    """

    key = KEY
    title = "Costly Tricks"
    deck = PARADOX
    id_help = ID_HELP

    def owns(self, puzzle_id: str) -> bool:
        return puzzle_id.strip().lower().startswith(PREFIX)

    def get(self, puzzle_id: str) -> Problem:
        return problem_of(canonical_id(puzzle_id))

    def ready(self, puzzle_id: str) -> bool:
        """A whole deal's problem takes 10 s to a minute to make; any other, well under a
        second (a bad id is refused at once).

        >>> KIND.ready("costly-tricks-d-gdk8pv"), KIND.ready("costly-tricks-fqtq5j")
        (False, True)
        """
        try:
            key = canonical_id(puzzle_id)
        except PuzzleError:
            return True
        return parse_id(key).cards != WHOLE_DEAL or problem_of.peek(key) is not None

    def stored(self, puzzle: Problem) -> dict[str, Any] | None:
        """A whole deal's problem as data (:mod:`.kept`); None for any other (each made in
        well under a second)."""
        try:
            whole = parse_id(puzzle.id).cards == WHOLE_DEAL
        except PuzzleError:
            return None
        return deal_data(puzzle) if whole else None

    def restored(self, puzzle_id: str, data: Any) -> Problem:
        return deal_problem(puzzle_id, data)

    def choices(self, **typed: str) -> Choices:
        unknown = set(typed) - {"cards", "question", "level"}
        if unknown:
            raise PuzzleError(
                f"Costly Tricks problems take cards, question and level, not {sorted(unknown)}"
            )
        return Choices(
            read_hand_size(typed.get("cards", "4"), whole=True),
            typed.get("question", "play"),
            typed.get("level", "medium"),
        )

    def generate(self, seed: int, choices: Choices) -> Problem:
        if choices.cards == WHOLE_DEAL:
            return self.get(deal_id(choices.level, seed))
        return self.get(generated_id(choices.question, choices.cards, choices.level, seed))

    def ids(self, count: int, seed: int, choices: Choices, sheet: str = "worksheet") -> list[str]:
        if sheet != "worksheet":
            raise GenerationError("Costly Tricks problems are printed on worksheets only")
        return problem_ids(count, choices.question, choices.cards, choices.level, seed)

    def typed(self, text: str, **typed: str) -> Problem:
        """The "which card" problem of a position written as JSON: ``{"hands": [[...],
        [...], [...], [...]], "leader": 0, "trick": [...]}`` (seats A, B, A's ghost,
        B's ghost)."""
        if typed:
            raise PuzzleError(f"a Costly Tricks position takes no options, not {sorted(typed)}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise TrickPositionError(
                f"the position is not JSON ({error.msg} at line {error.lineno}, column "
                f'{error.colno}); expected {{"hands": [[...], [...], [...], [...]], '
                '"leader": 0, "trick": [...]}'
            ) from None
        except RecursionError:
            raise TrickPositionError(
                "the position nests its brackets too deeply to be a position; expected "
                '{"hands": [[...], [...], [...], [...]], "leader": 0, "trick": [...]}'
            ) from None
        return position_problem(Position.read(data))

    def count(self, puzzle: Problem, limit: int | None = None) -> int:
        """A "which card" problem's best cards; a drill has one answer."""
        found = len(puzzle.best()) if puzzle.question == "play" else 1
        return found if limit is None else min(found, limit)

    def describe(self, puzzle: Problem) -> dict[str, Any]:
        """A position named by its cards: exactly the solver's answer
        (:meth:`~printables.paradox.solver.Solution.to_data`: the seat to move, the net it
        can force, each legal card's net, the solver's line of play); a generated problem:
        its id, question, grade and position, and the answer (for "which card", the
        solver's values and the line of the key, :func:`best_line`)."""
        if puzzle.named_by_position and puzzle.solution is not None:
            return puzzle.solution.to_data()
        data: dict[str, Any] = {
            "id": puzzle.id,
            "question": puzzle.question,
            "text": puzzle.text,
            "cards_a_hand": puzzle.hand_size,
            "difficulty": puzzle.grade.level,
            "position": puzzle.position.to_data(),
        }
        if puzzle.question == "play":
            assert puzzle.solution is not None
            data |= {"margin": puzzle.grade.margin, "depth": puzzle.grade.depth,
                     "best": str(puzzle.best()[0]), **puzzle.solution.to_data(),
                     "line": [str(c) for c in puzzle.line]}  # fmt: skip
        elif puzzle.question == "legal":
            hand = puzzle.position.hands[puzzle.seat]
            allowed = legal_cards(hand, puzzle.position.trick)
            data |= {"to_move": puzzle.seat, "rule": puzzle.grade.rule,
                     "answer": [str(c) for c in allowed]}  # fmt: skip
        else:
            taker = winner(puzzle.position.leader, puzzle.trick)
            data |= {"trick": [str(c) for c in puzzle.trick], "rule": puzzle.grade.rule,
                     "answer": taker, "points": points(puzzle.trick)}  # fmt: skip
        return data

    def report(self, puzzle: Problem) -> tuple[str, ...]:
        lines = [f"Puzzle {puzzle.id} ({puzzle.size_text}): {puzzle.grade.text}.", puzzle.text]
        for seat, hand in enumerate(puzzle.hands):
            lines.append(f"  {SEATS[seat]:<10} {' '.join(str(c) for c in hand) or '-'}")
        if puzzle.table:
            lines.append("  Table:     " + ", ".join(f"{SEATS[s]} {c}" for s, c in puzzle.table))
        return (*lines, *self.explain(puzzle))

    def check(self, puzzle: Problem, answer: str) -> Verdict:
        check = {"play": check_play, "legal": check_legal, "winner": check_winner}
        return check[puzzle.question](puzzle, answer)

    def explain(self, puzzle: Problem) -> tuple[str, ...]:
        position = puzzle.position
        seat = puzzle.seat
        if puzzle.question == "legal":
            hand = position.hands[seat]
            allowed = hand_order(legal_cards(hand, position.trick))
            return (f"{SEATS[seat]} may play {card_list(allowed)}.",
                    rule_sentence(seat, hand, position.trick))  # fmt: skip
        if puzzle.question == "winner":
            taker = winner(position.leader, puzzle.trick)
            card = puzzle.trick[(taker - position.leader) % 4]
            return (f"{SEATS[taker]} wins with {card}.",
                    *trick_story(position.leader, puzzle.trick))  # fmt: skip
        solution = puzzle.solution
        assert solution is not None
        side = side_name(seat)
        best = puzzle.best()
        values = ", ".join(
            f"{c} {signed(solution.cards[c])}"
            for c in sorted(solution.cards, key=lambda c: (-solution.cards[c], hand_order(
                position.hands[seat]).index(c)))
        )  # fmt: skip
        which = f"{best[0]} is best" if len(best) == 1 else f"{card_list(best)} are best"
        return (
            f"{which}: {side} makes net {signed(solution.net)} against best play.",
            f"Every card {SEATS[seat]} may play, with the net {side} makes after it: {values}.",
            *line_sentences(position, puzzle.line),
        )


KIND = CostlyTricksKind()
"""The Costly Tricks puzzle kind, as the registry finds it."""
