"""Good Riddance placement questions: which cards of a hand may be played on the top card
(the book's rule, or Variation 2 at hard); made, graded, explained and judged by the game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.wording import and_list, counted, names
from printables.games.fourd.good_riddance import GAME as RIDDANCE
from printables.games.fourd.good_riddance import RiddanceOptions
from printables.questions.base import Group, Question, Verdict
from printables.questions.placement.common import (
    GOOD_RIDDANCE,
    KEY,
    read_set,
)

HAND_SIZES = {"easy": 5, "medium": 6, "hard": 7}
"""Good Riddance: the cards in hand at each level."""
NEAR_MISSES = 2
"""Good Riddance: the fewest near misses in a medium or hard hand."""


@dataclass(frozen=True)
class Pile:
    """A Good Riddance puzzle: the top card, the hand, the rule, and the playable cards."""

    top: Card
    hand: tuple[Card, ...]
    shared: int
    playable: tuple[Card, ...]

    @property
    def options(self) -> RiddanceOptions:
        return RiddanceOptions(shared=self.shared)


def pile_puzzle(top: Card, hand: Sequence[Card], shared: int = 0) -> Pile:
    """The Good Riddance puzzle of a top card and a hand: every card tried with the
    game's rule (``shared``: 0 the book, 2 Variation 2)."""
    options = RiddanceOptions(shared=shared)
    playable = tuple(c for c in hand if RIDDANCE.why_illegal_play(c, top, options) is None)
    return Pile(top, tuple(hand), shared, playable)


def near_misses(pile: Pile) -> int:
    """Cards one value away from playable."""
    return sum(1 for c in pile.hand if abs(c.shares(pile.top) - pile.shared) == 1)


def pile_grade(pile: Pile) -> tuple[str, int]:
    """The level of a Good Riddance puzzle and its measure, the near misses."""
    near = near_misses(pile)
    return ("hard" if pile.shared else "medium" if near else "easy"), near


def make_pile(level: str, rng: random.Random) -> Pile | None:
    shared = 2 if level == "hard" else 0
    top = rng.choice(FOUR_D.cards)
    by_count: dict[int, list[Card]] = {n: [] for n in range(4)}
    for c in FOUR_D.cards:
        if c != top:
            by_count[c.shares(top)].append(c)
    size = HAND_SIZES[level]
    legal = rng.choice((0, 1, 1, 2, 2, 3)) if level != "easy" else rng.randint(1, 3)
    near_counts = (1, 3) if shared else (1,)
    near_pool = [c for n in near_counts for c in by_count[n]]
    far_pool = [c for n in range(4) if n != shared and n not in near_counts for c in by_count[n]]
    near = 0 if level == "easy" else rng.randint(NEAR_MISSES, size - legal)
    far = size - legal - near
    if far > len(far_pool):
        return None
    hand = (rng.sample(by_count[shared], legal) + rng.sample(near_pool, near)
            + rng.sample(far_pool, far))  # fmt: skip
    rng.shuffle(hand)
    return pile_puzzle(top, hand, shared)


def _pile_key(pile: Pile) -> tuple[str, ...]:
    options = pile.options
    if pile.playable:
        lines = [f"You may play {and_list([str(c) for c in pile.playable])}."]
    else:
        lines = ["You may play none of your cards."]
    for card in pile.hand:
        reason = RIDDANCE.why_illegal_play(card, pile.top, options)
        if reason is None:
            reason = RIDDANCE.score_position(f"{card} on {pile.top}", options).reasons[0]
        lines.append(reason)
    return tuple(lines)


def pile_question(puzzle_id: str, pile: Pile) -> Question:
    level, near = pile_grade(pile)
    rule = (
        "a card may be played on the top card only if it shares no value with it"
        if not pile.shared
        else "in Variation 2, a card may be played on the top card only if it shares "
        "exactly two values with it"
    )
    misses = "no near miss" if not near else "1 near miss" if near == 1 else f"{near} near misses"
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=GOOD_RIDDANCE,
        level=level,
        text=f"Good Riddance: {rule}. Which cards of your hand may you play on the top card "
        f"{pile.top}? Name all of them, or write none.",
        groups=(
            Group("Top card", (pile.top,)),
            Group("Hand", pile.hand, f"{len(pile.hand)} cards"),
        ),
        answer_fields=("Cards:",),
        answer_hint="the card names, such as Bb=S GwzC, or none",
        entry="cards",
        options=(),
        answer=names(pile.playable) or "none",
        several=True,
        answer_groups=(1,),
        nothing="none",
        key=_pile_key(pile),
        grade=f"{level}: "
        + ("Variation 2 (exactly two shared values)" if pile.shared else "the book's rule")
        + f", {len(pile.hand)} cards, {misses} (a card one value away from playable)",
        hint=(
            "Hold each card against the top card and compare color, shade, pattern and "
            "shape one at a time"
            + (": exactly two must match." if pile.shared else ": none may match.")
        ),
        solution=pile,
    )


def judge_pile(puzzle: Question, answer: str) -> Verdict:
    pile: Pile = puzzle.solution
    cards = read_set(answer)
    if cards is None:
        if pile.playable:
            return Verdict(False, (f"{counted(len(pile.playable), 'card')} of your hand may "
                                   "be played",), "none")  # fmt: skip
        return Verdict(True, ("no card of your hand may be played",), "none")
    read = names(cards)
    reasons = []
    for card in cards:
        if card == pile.top:
            reasons.append(f"{card} is the top card, not a card of your hand")
        elif card not in pile.hand:
            reasons.append(f"{card} is not in your hand")
        else:
            reason = RIDDANCE.why_illegal_play(card, pile.top, pile.options)
            if reason:
                reasons.append(reason.rstrip("."))
    missing = sum(1 for c in pile.playable if c not in cards)
    if missing:
        reasons.append(f"{'one card' if missing == 1 else f'{missing} cards'} that may be "
                       f"played {'is' if missing == 1 else 'are'} missing")  # fmt: skip
    if reasons:
        return Verdict(False, tuple(reasons), read)
    return Verdict(True, ("exactly these cards may be played",), read)
