"""Checking a written answer to a Costly Tricks problem: cards, nets and seats read as a
pupil writes them, and a verdict with reasons that never give the key away."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.errors import CardNameError
from printables.cards.wording import signed
from printables.paradox.problems.grading import best_line
from printables.paradox.problems.problem import Problem
from printables.paradox.tricks import (
    COLORS,
    SEATS,
    color,
    legal_cards,
    seat_named,
    trump_of,
    why_not,
    winner,
)
from printables.paradox.wording import line_sentences, rule_sentence, side_name, taken_sentence


@dataclass(frozen=True)
class Verdict:
    """A written answer's check: right or not, the reasons, and what was read."""

    right: bool
    reasons: tuple[str, ...]
    question: str
    read: dict[str, Any]

    def __bool__(self) -> bool:
        return self.right

    def to_json(self) -> dict[str, Any]:
        return {"right": self.right, "question": self.question, **self.read,
                "reasons": list(self.reasons)}  # fmt: skip


_SEPARATORS = re.compile(r"[\s,;/]+")
_NUMBER = re.compile(r"[+\-\u2212\u2013]?\d+")


def read_card(token: str) -> Card:
    """A card name as written, in any case (``r5``, ``B10``); a wrong one raises a
    ValueError saying what is wrong."""
    try:
        return PARADOX.card(token.upper())
    except CardNameError as error:
        raise ValueError(f"{token!r} is not a PARADOX card: {error.reason}") from None


def read_play(text: str) -> tuple[Card, int | None]:
    """A "which card" answer: a card, and optionally the net (``R5``, ``r5 +4``,
    ``R5, net -2``).

    >>> read_play(" r5  net +4 ")
    (card('R5', deck='paradox'), 4)
    """
    spaced = re.sub(r"([+\-\u2212\u2013])\s+(?=\d)", r"\1", text.strip())
    tokens = [t for t in _SEPARATORS.split(spaced) if t and t.lower() not in ("net", "=")]
    if not tokens:
        raise ValueError("write a card, such as R5, or a card and the net, such as R5 +4")
    numbers = [t for t in tokens if _NUMBER.fullmatch(t)]
    words = [t for t in tokens if not _NUMBER.fullmatch(t)]
    if len(words) != 1:
        found = "no card" if not words else f"{len(words)} words ({' '.join(words)})"
        raise ValueError(
            f"write one card, and the net if you like, such as R5 +4; the answer has {found}"
        )
    if len(numbers) > 1:
        raise ValueError(f"write one net, such as +4 or -2, not {' '.join(numbers)}")
    net = None
    if numbers:
        net = int(numbers[0].replace("\u2212", "-").replace("\u2013", "-"))
    return read_card(words[0]), net


def read_cards(text: str, hand: Sequence[Card]) -> tuple[Card, ...]:
    """A list of cards as written (spaces or commas between them, ``and`` allowed), or
    ``all`` for the whole hand."""
    tokens = [t for t in _SEPARATORS.split(text.strip()) if t and t.lower() != "and"]
    if not tokens:
        raise ValueError("write the cards, such as R10 R5, or all")
    if len(tokens) == 1 and tokens[0].lower() in ("all", "any"):
        return tuple(hand)
    return tuple(dict.fromkeys(read_card(t) for t in tokens))


def read_seat(text: str, table: Sequence[tuple[int, Card]] = ()) -> int:
    """A seat as written: ``A``, ``b``, ``A's ghost``, ``ghost of B``..., or the card a seat
    played to the trick on the table.

    >>> read_seat("a\u2019s Ghost"), read_seat(" B ")
    (2, 1)
    """
    seat = seat_named(text)
    if seat is not None:
        return seat
    try:
        card = PARADOX.card(text.strip().upper())
    except CardNameError:
        card = None
    for seat, played in table:
        if played == card:
            return seat
    raise ValueError(
        f"{text.strip()!r} is not a seat; expected A, B, A's ghost or B's ghost (or the "
        "winning card)"
    )


def check_play(problem: Problem, text: str) -> Verdict:
    card, net = read_play(text)
    position, solution = problem.position, problem.solution
    assert solution is not None
    seat = position.to_move
    read: dict[str, Any] = {"card": str(card), "net": net}
    hand = position.hands[seat]
    reason = why_not(hand, position.trick, card)
    if reason is not None:
        if card not in hand:
            reason = f"{card} is not in {SEATS[seat]}'s hand."
        return Verdict(False, (reason,), "play", read)
    side = side_name(seat)
    value = solution.cards[card]
    best = solution.net
    if value < best:
        after, _ = position.play(card)
        line = line_sentences(position, (card, *best_line(after)))
        loss = best - value
        reasons = (
            f"{card} loses {loss} against best play: after it, {side} can make only net "
            f"{signed(value)}.",
            *line,
        )
        return Verdict(False, reasons, "play", read)
    one = "the best card" if len(problem.best()) == 1 else "one of the best cards"
    if net is None:
        return Verdict(True, (f"{card} is {one}. Now work out the net {side} makes.",),
                       "play", read)  # fmt: skip
    if net == best:
        return Verdict(True, (f"{card} is {one}, and {side} makes net {signed(best)} against "
                              "best play.",), "play", read)  # fmt: skip
    how = (
        f"{side} can force more than that" if net < best else
        f"the other side can hold {side} to less than that"
    )  # fmt: skip
    return Verdict(False, (f"{card} is {one}, but not for a net of {signed(net)}: {how}.",),
                   "play", read)  # fmt: skip


def check_legal(problem: Problem, text: str) -> Verdict:
    position = problem.position
    seat = position.to_move
    hand, trick = position.hands[seat], position.trick
    named = read_cards(text, hand)
    read = {"cards": [str(c) for c in named]}
    legal = set(legal_cards(hand, trick))
    reasons: list[str] = []
    for card in named:
        if card not in hand:
            reasons.append(f"{card} is not in {SEATS[seat]}'s hand.")
        elif card not in legal:
            reasons.append(why_not(hand, trick, card) or "")
    if legal - set(named):
        reasons.append(f"The answer leaves out cards that {SEATS[seat]} may play too.")
    if reasons:
        return Verdict(False, tuple(reasons), "legal", read)
    return Verdict(True, (rule_sentence(seat, hand, trick),), "legal", read)


def check_winner(problem: Problem, text: str) -> Verdict:
    leader, trick = problem.position.leader, problem.trick
    seat = read_seat(text, problem.table)
    read = {"seat": SEATS[seat]}
    taker = winner(leader, trick)
    if seat == taker:
        return Verdict(True, (taken_sentence(leader, trick),), "winner", read)
    return Verdict(False, (f"{SEATS[seat]} does not win: {why_not_winning(leader, trick, seat)}",),
                   "winner", read)  # fmt: skip


def why_not_winning(leader: int, trick: Sequence[Card], seat: int) -> str:
    """Why the card ``seat`` played does not take a whole trick (it does not say which
    card does)."""
    k = (seat - leader) % 4
    card = trick[k]
    led, trump = color(trick[0]), trump_of(trick)
    c = color(card)
    if trump is not None and c == led:
        return f"{card} is of the led color, but {COLORS[trump]} is trump at the end of the trick."
    if c == (trump or led):
        return f"{card} is not the highest {COLORS[c]} card in the trick."
    if trump_of(trick[: k + 1]) == c:
        return f"{card} made {COLORS[c]} trump, but a later card made another color trump."
    made = trump_of(trick[:k])
    if made is not None and c == made:
        return f"{card} was a trump when it was played, but a later card made another color trump."
    return f"{card} has no power: {COLORS[c]} had already been led or trump in this trick."
