"""4D Poker puzzles (4D Poker, 4D Playing Cards rulebook): a question kind (:data:`KIND`)
about the ranking of hands. A hand ranks by its triple-flush pairs (a card may be in
several), then by the values shown on all five cards, then on exactly four, then on
exactly three (:mod:`printables.fourd.poker_ranks`, whose :class:`PokerRank` names a rank
as the book does: ``Three pair, 4,4,3``).

Two questions:

- **rank**: "Rank these hands, best first": five-card hands labelled A, B, C..., dealt from
  one deck (no card in two hands), no two of the same rank, and never ranked in the order
  of their labels. The answer is the labels, best first (``B A C``). The level is graded
  by *close pairs*: the neighbouring pairs in the right order whose hands have as many
  triple-flush pairs, so that only their single-flushes tell them apart. *Easy*: three
  hands, no close pair; *medium*: four hands, one close pair; *hard*: five hands, two
  close pairs or more. Uniqueness: every order of the labels is tried, and exactly one
  puts each hand at or above the next.
- **best**: "Find the best five cards of these seven" (seven-card stud). The level is
  graded by *rivals*: the other fives with as many triple-flush pairs as the best, which
  lose on single-flushes only. *Easy*: no rival; *medium*: one to three; *hard*: four or
  more. Uniqueness: all 21 fives of the seven are ranked, and exactly one has the highest
  rank.

Hands are dealt so that a card often joins a triple-flush partner of one already dealt
(how often varies from hand to hand), for hands with pairs to compare; a try whose hands
do not grade at the level asked is dropped.

>>> puzzle = KIND.generate(5, KIND.choices(question="rank", level="easy"))
>>> puzzle.id, puzzle.level, len(puzzle.groups), KIND.solutions(puzzle)
('poker-580npc', 'easy', 3, 1)
>>> KIND.check(puzzle, puzzle.answer.lower()).right
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from itertools import combinations, pairwise, permutations
from typing import ClassVar

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.errors import NotationError
from printables.cards.reading import read_cards
from printables.cards.wording import and_list, names, or_list
from printables.fourd.flushes import is_triple_flush_pair
from printables.fourd.poker_ranks import PokerRank, rank_hand, rank_indices
from printables.games.fourd.poker import describe_hand
from printables.puzzles import Scramble
from printables.questions.base import Group, Question, QuestionKind, Verdict

KEY = "poker"
RANK, BEST = "rank", "best"
HANDS = {"easy": 3, "medium": 4, "hard": 5}
"""How many hands a "rank" puzzle shows at each level."""
LABELS = "ABCDEFG"
LEANS = (0.2, 0.4, 0.6, 0.8)
"""The chances, one drawn for each hand dealt, that its next card is a triple-flush
partner of a card already in it."""
FIELDS = (
    "triple-flush pairs",
    "five-card single-flushes",
    "four-card single-flushes",
    "three-card single-flushes",
)
"""What a rank counts, in the order hands are compared."""
_PARTNERS = tuple(
    tuple(b.index for b in FOUR_D.cards if is_triple_flush_pair(a, b)) for a in FOUR_D.cards
)


def rank_level(close: int) -> str:
    """The level of a "rank" puzzle whose right order has ``close`` close pairs."""
    return "easy" if close == 0 else "medium" if close == 1 else "hard"


def best_level(rivals: int) -> str:
    """The level of a "best" puzzle whose best five has ``rivals`` rivals."""
    return "easy" if rivals == 0 else "medium" if rivals <= 3 else "hard"


def close_pairs(ranks: Sequence[PokerRank]) -> int:
    """How many neighbouring ranks (of hands in order) have as many triple-flush pairs.

    >>> close_pairs([PokerRank(3, 0, 2, 1), PokerRank(3, 0, 0, 4), PokerRank(1, 0, 1, 0)])
    1
    """
    return sum(1 for a, b in pairwise(ranks) if a.pairs == b.pairs)


def beats(x: str, high: PokerRank, y: str, low: PokerRank) -> str:
    """Why ``x`` (of rank ``high``) ranks above ``y``: the first count that differs.

    >>> beats("B", PokerRank(3, 0, 2, 1), "C", PokerRank(3, 0, 0, 4))
    'B has more four-card single-flushes than C (2 to 0), with as many triple-flush pairs (3) \
and five-card single-flushes (0)'
    """
    k = next((k for k in range(len(FIELDS)) if high[k] != low[k]), None)
    if k is None:
        return f"{x} and {y} rank the same"
    a, b = high[k], low[k]
    if a < b:
        raise ValueError(f"{x} ({high}) does not rank above {y} ({low})")
    more = f"{x} has more {FIELDS[k]} than {y} ({a} to {b})"
    if k == 0:
        return more
    same = and_list([f"{FIELDS[j]} ({high[j]})" for j in range(k)])
    return f"{more}, with as many {same}"


def deal(size: int, lean: float, rng: random.Random, taken: set[int]) -> list[int]:
    """``size`` card indices not in ``taken``: each, with chance ``lean``, a triple-flush
    partner of a card already dealt, else any card left (bounded: one draw a card)."""
    hand: list[int] = []
    for _ in range(size):
        partners = []
        if hand and rng.random() < lean:
            partners = [p for p in _PARTNERS[rng.choice(hand)] if p not in taken]
        if partners:
            pick = rng.choice(partners)
        else:
            pick = rng.choice([i for i in range(len(FOUR_D.cards)) if i not in taken])
        hand.append(pick)
        taken.add(pick)
    return hand


def _hand_words(name: str, cards: Sequence[Card]) -> str:
    """A hand's rank and what makes it, as the book names them."""
    described = describe_hand(cards)
    return f"{name}: {described['name']}. " + " ".join(described["reasons"])


def ranking(puzzle_id: str, hands: Sequence[Sequence[Card]]) -> Question:
    """The "rank" puzzle of these five-card hands (labelled A, B, ... as given), graded by
    its close pairs; ties, if any, are written in the order given."""
    labels = tuple(LABELS[: len(hands)])
    ranks = tuple(rank_hand(h) for h in hands)
    order = sorted(range(len(hands)), key=lambda i: ranks[i], reverse=True)
    close = close_pairs([ranks[i] for i in order])
    level = rank_level(close)
    answer = " ".join(labels[i] for i in order)
    key = [f"Best first: {answer}."]
    for i, j in zip(order, [*order[1:], None], strict=True):
        key.append(_hand_words(f"Hand {labels[i]}", hands[i]))
        if j is not None:
            why = beats(f"hand {labels[i]}", ranks[i], f"hand {labels[j]}", ranks[j])
            key.append(f"Hand {labels[i]} ranks above hand {labels[j]}: {why}.")
    if close == 0:
        closeness = "every hand has a different number of triple-flush pairs"
    else:
        pairs = "one neighbouring pair" if close == 1 else f"{close} neighbouring pairs"
        verb = "has" if close == 1 else "have"
        closeness = (
            f"{pairs} in the order {verb} as many triple-flush pairs, told apart by single-flushes"
        )
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=RANK,
        level=level,
        text="Rank these 4D Poker hands, best first.",
        groups=tuple(Group(f"Hand {L}", tuple(h)) for L, h in zip(labels, hands, strict=True)),
        answer_fields=("Best first:",),
        answer_hint="the hands' letters, best first, separated by spaces",
        entry="order",
        options=labels,
        answer=answer,
        key=tuple(key),
        grade=f"{level}: {len(hands)} hands; {closeness}",
        hint=(
            "Count each hand's triple-flush pairs first (two cards sharing three values; a "
            "card may be in several). Hands with as many pairs are ordered by the values "
            "shown on all five cards, then on four, then on three."
        ),
        solution=ranks,
    )


def _fives(seven: Sequence[Card]) -> list[tuple[PokerRank, tuple[Card, ...]]]:
    """Every five of the cards with its rank, in the order of ``combinations``."""
    return [(rank_indices([c.index for c in five]), five) for five in combinations(seven, 5)]


def _left_out(seven: Sequence[Card], five: Sequence[Card]) -> str:
    return and_list([str(c) for c in seven if c not in five])


def best_of_seven(puzzle_id: str, seven: Sequence[Card]) -> Question:
    """The "best" puzzle of these seven cards, graded by the best five's rivals (the first
    best five is the answer when several tie)."""
    fives = _fives(seven)
    top = max(rank for rank, _ in fives)
    winners = [five for rank, five in fives if rank == top]
    best = winners[0]
    rivals = [(rank, five) for rank, five in fives if rank.pairs == top.pairs and rank < top]
    level = best_level(len(rivals))
    key = [_hand_words(f"The best five, {names(best)} (leave out {_left_out(seven, best)})",
                       best)]  # fmt: skip
    for other in winners[1:]:
        key.append(f"{names(other)} (leave out {_left_out(seven, other)}) ranks the same.")
    for rank in sorted({rank for rank, _ in rivals}, reverse=True):
        outs = ", or ".join(_left_out(seven, five) for r, five in rivals if r == rank)
        why = beats("the best five", top, "that five", rank)
        key.append(f"Leaving out {outs}{',' if ', or ' in outs else ''} gives {rank}: {why}.")
    fewer = [rank.pairs for rank, _ in fives if rank.pairs < top.pairs]
    if fewer:
        plural = "s have" if len(fewer) != 1 else " has"
        most = f"at most {max(fewer)}" if max(fewer) else "none"
        key.append(f"The other {len(fewer)} five{plural} fewer triple-flush pairs ({most}).")
    reach = "only this one reaches" if len(winners) == 1 else f"{len(winners)} reach"
    key.append(f"All 21 fives of the seven were ranked; {reach} {top}.")
    if not rivals:
        closeness = "no other five has as many triple-flush pairs as the best"
    else:
        some = "one other five has" if len(rivals) == 1 else f"{len(rivals)} other fives have"
        closeness = f"{some} as many triple-flush pairs as the best, losing on single-flushes"
    hint = "Find the cards that make the most triple-flush pairs (two cards sharing three values)."
    if rivals:
        hint += (
            " Several fives may have as many pairs: compare the values they show on all five "
            "cards, then on four, then on three."
        )
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=BEST,
        level=level,
        text="Find the best five cards of these seven (the highest-ranking 4D Poker hand).",
        groups=(Group("Seven cards", tuple(seven)),),
        answer_fields=("Best five:",),
        answer_hint="the five cards' names, separated by spaces",
        entry="cards",
        options=(),
        answer=names(best),
        key=tuple(key),
        grade=f"{level}: {closeness}",
        several=True,
        hint=hint,
        solution=top,
    )


class PokerKind(QuestionKind):
    """4D Poker puzzles: ids ``poker-`` and six characters.

    >>> KIND.choices(question="B", level="hard")
    Choices(question='best', level='hard')
    """

    key = KEY
    title = "4D Poker"
    questions: ClassVar[dict[str, str]] = {"r": RANK, "b": BEST}
    question_help: ClassVar[dict[str, str]] = {
        RANK: "rank three to five five-card hands, best first",
        BEST: "find the best five cards of seven (seven-card stud)",
    }
    scramble = Scramble(0x4F1BBCDD)
    rules = (
        "A 4D Poker hand is five cards. The hand with more triple-flush pairs (two cards "
        "sharing three values; a card may be in several) ranks higher. Hands with as many "
        "pairs rank by the values shown on all five cards, then on exactly four, then on "
        "exactly three: more ranks higher, and a value counts once, at its largest count."
    )

    def make(
        self, puzzle_id: str, question: str, level: str, rng: random.Random
    ) -> Question | None:
        if question == RANK:
            return self._rank(puzzle_id, level, rng)
        return self._best(puzzle_id, level, rng)

    def _rank(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        taken: set[int] = set()
        hands = [deal(5, rng.choice(LEANS), rng, taken) for _ in range(HANDS[level])]
        ranks = [rank_indices(h) for h in hands]
        order = sorted(ranks, reverse=True)
        if len(set(ranks)) < len(ranks) or ranks == order:
            return None  # a tie, or the order of the labels itself
        if rank_level(close_pairs(order)) != level:
            return None
        return ranking(puzzle_id, [tuple(FOUR_D.cards[i] for i in h) for h in hands])

    def _best(self, puzzle_id: str, level: str, rng: random.Random) -> Question | None:
        seven = tuple(FOUR_D.cards[i] for i in deal(7, rng.choice(LEANS), rng, set()))
        ranks = [rank for rank, _ in _fives(seven)]
        top = max(ranks)
        if ranks.count(top) != 1:
            return None
        if best_level(sum(1 for r in ranks if r.pairs == top.pairs) - 1) != level:
            return None
        return best_of_seven(puzzle_id, seven)

    def solutions(self, puzzle: Question) -> int:
        if puzzle.question == RANK:
            ranks = [rank_hand(g.cards) for g in puzzle.groups]
            return sum(
                1
                for order in permutations(range(len(ranks)))
                if all(ranks[i] >= ranks[j] for i, j in pairwise(order))
            )
        top = max(rank for rank, _ in _fives(puzzle.cards))
        return sum(1 for rank, _ in _fives(puzzle.cards) if rank == top)

    def judge(self, puzzle: Question, answer: str) -> Verdict:
        if puzzle.question == RANK:
            return _judge_rank(puzzle, answer)
        return _judge_best(puzzle, answer)


def read_order(answer: str, labels: Sequence[str]) -> list[str]:
    """The hands' letters written, in order: separated by spaces, commas or ``>``, or run
    together (``BAC``), any case, with or without the word "hand"; each letter once.

    >>> read_order("hand b > Hand a, c", "ABC")
    ['B', 'A', 'C']
    >>> read_order("B A D", "ABC")
    Traceback (most recent call last):
    ...
    ValueError: 'D' is not a hand's letter; expected A, B or C
    """
    known = list(labels)  # each label whole: "ABC" in "ABCDE" is no label
    expected = or_list(known)
    words = re.sub(r"(?i)\bhands?\b", " ", answer)
    order: list[str] = []
    for word in re.split(r"[\s,;>/.]+", words):
        if not word:
            continue
        letters = [word.upper()] if word.upper() in known else list(word.upper())
        for letter in letters:
            if letter not in known:
                shown = word if len(letters) == 1 else letter
                raise ValueError(f"{shown!r} is not a hand's letter; expected {expected}")
            if letter in order:
                raise ValueError(f"hand {letter} is written twice; write each hand's letter once")
            order.append(letter)
    if not order:
        raise ValueError(f"no hand's letter was written; expected {expected}, best first")
    missing = [L for L in known if L not in order]
    if missing:
        what = f"hand {missing[0]} is" if len(missing) == 1 else f"hands {and_list(missing)} are"
        raise ValueError(f"{what} missing; write all {len(labels)} letters, best first")
    return order


def _judge_rank(puzzle: Question, answer: str) -> Verdict:
    labels = puzzle.options
    order = read_order(answer, labels)
    read = " ".join(order)
    ranks = dict(zip(labels, puzzle.solution, strict=True))
    for upper, lower in pairwise(order):
        if ranks[upper] < ranks[lower]:
            why = beats(f"hand {lower}", ranks[lower], f"hand {upper}", ranks[upper])
            return Verdict(False, (f"hand {upper} is ranked above hand {lower}, but {why}",), read)
    return Verdict(True, ("each hand ranks at least as high as the next",), read)


def _judge_best(puzzle: Question, answer: str) -> Verdict:
    try:
        cards = read_cards(answer, FOUR_D)
    except NotationError as error:
        raise ValueError(str(error)) from None
    if len(cards) != 5:
        raise ValueError(f"write five cards of the seven, not {len(cards)}")
    read = names(cards)
    outside = [c for c in cards if c not in puzzle.cards]
    if outside:
        return Verdict(False, tuple(f"{c} is not in this hand" for c in outside), read)
    rank, top = rank_hand(cards), puzzle.solution
    if rank == top:
        return Verdict(True, (f"{read} is {rank}, the highest rank of the 21 fives",), read)
    if rank.pairs < top.pairs:
        better = "another five of the seven has more triple-flush pairs"
    else:
        better = (
            f"another five of the seven has as many triple-flush pairs ({rank.pairs}) and "
            "ranks higher on its single-flushes"
        )
    return Verdict(False, (f"{read} is {rank}; {better}",), read)


KIND = PokerKind()
"""The 4D Poker puzzle kind, as the registry finds it."""
