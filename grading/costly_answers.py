"""A Costly Tricks problem's answer from its boxes (:mod:`generator.scan.costly_area`),
written as a pupil writes it for the puzzle kind's own check: ``R5 +4`` or ``R5`` (play),
``R5 B3`` (legal), ``B's ghost`` (winner).

Lines (one box at most filled, two go to the teacher): the card to play, the seat that
wins, the net's sign, and each of the net's digit places. The legal cards are no line:
any of them may be filled.

The net is read as written digits are: a blank leading place is 0 (a pupil marks a net of
4 in the ones alone, as one writes ``4``, not ``04``). What the marks leave incomplete is
the answer's own fault, said in the teacher's words, and makes it wrong: no card marked
(with a net), a digit place left blank after a marked one (tens marked, ones not), a
sign without a digit, a net other than 0 without its sign. These are not sent to review
as a MAT form's seconds are: a time is a score the book counts even when the answer is
wrong, so a forgotten digit there costs the player points for nothing, whereas here the
net is part of the answer being judged, and an answer the pupil left incomplete is
judged as written, like a written ``R5 +1_``. (The check takes a card without a net:
no net marked at all is the card alone.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from generator.scan.costly_area import net_places, seat_cards
from generator.scan.layout import Box
from grading.answers import Built, Claim, Line
from printables.paradox.problems import KIND, Problem

CARD: Line = ("card",)
SEAT: Line = ("seat",)
SIGN: Line = ("sign",)
WORDS = {"1s": "ones", "10s": "tens", "100s": "hundreds"}
"""A digit place's label -> its name in the teacher's words."""


def digit_line(place: int) -> Line:
    """The line of the net's digit place ``place`` (1 the leftmost)."""
    return ("digit", str(place))


NO_CLAIM = Claim("Impossible", "impossible", "an answer", ("impossible", "answer"))


class CostlyReader:
    """What a Costly Tricks answer area's boxes mean (:class:`grading.answers.Reader`)."""

    def claim(self, puzzle_id: str) -> Claim:
        """A Costly Tricks area has no box naming nothing; this is never asked."""
        return NO_CLAIM

    def line(self, box: Box) -> Line | None:
        if box.field == "choice":
            return CARD if box.card else SEAT
        if box.field == "sign":
            return SIGN
        if box.field == "digit":
            return digit_line(box.place or 0)
        return None

    def choice(self, box: Box) -> str:
        if box.field == "digit":
            return str(box.value)
        return box.card or box.option

    def describe(self, box: Box) -> str:
        if box.field == "choice":
            return f"the card {box.card}" if box.card else f"the seat {box.option}"
        if box.field == "member":
            return f"the card {box.card} as one that may be played"
        if box.field == "sign":
            return f"the net's sign {box.option}"
        if box.field == "digit":
            return f"the net's digit {box.value} in place {box.place}"
        return f"'{str(box.field).capitalize()}'"

    def optional(self, line: Line) -> bool:
        """A net's sign and digit places may be left blank (a net of 4 leaves the tens
        blank; a net of 0 has no sign), so a lone mark in them may be crossed out."""
        return line[0] in ("digit", "sign")

    def two_marks(self, line: Line, choices: Sequence[str]) -> str:
        listed = ", ".join(choices)
        if line == CARD:
            return f"{len(choices)} cards are marked to play ({listed}). Which one counts?"
        if line == SEAT:
            return f"{len(choices)} seats are marked as the winner ({listed}). Which one counts?"
        if line == SIGN:
            return "Both signs of the net are marked. Which one counts?"
        return (f"{len(choices)} digits are marked in one place of the net ({listed}). "
                "Which one counts?")  # fmt: skip

    def build(
        self, puzzle_id: str, chosen: Mapping[Line, Box | None], free: Sequence[Box]
    ) -> Built:
        problem = KIND.get(puzzle_id)
        if problem.question == "legal":
            marked = {box.card for box in free if box.field == "member"}
            text = " ".join(str(c) for c in seat_cards(problem) if str(c) in marked)
            return Built(text, text) if text else Built(None, "", ("No card is marked.",))
        if problem.question == "winner":
            seat = chosen.get(SEAT)
            if seat is None:
                return Built(None, "", ("No seat is marked.",))
            return Built(seat.option, seat.option)
        return _play(problem, chosen)


def _play(problem: Problem, chosen: Mapping[Line, Box | None]) -> Built:
    """A "which card" answer: the card, and the net when one is marked."""
    card = chosen.get(CARD)
    sign = chosen.get(SIGN)
    places = net_places(problem)
    digits = {place: chosen.get(digit_line(place)) for place, _, _ in places}
    faults: list[str] = []
    net = ""
    if sign is not None or any(d is not None for d in digits.values()):
        net, faults = _net(sign, places, digits)
    shown = " ".join(part for part in ((card.card if card else "(no card)"), net) if part)
    if card is None:
        faults.insert(0, "No card is marked.")
    if faults:
        return Built(None, shown, tuple(faults))
    return Built(shown, shown)


def _net(
    sign: Box | None, places: Sequence[tuple[int, str, int]], digits: Mapping[int, Box | None]
) -> tuple[str, list[str]]:
    """The net as written (``+12``), and its faults."""
    faults = []
    marked = [place for place, box in digits.items() if box is not None]
    if not marked:
        return (sign.option if sign else ""), ["The net's sign is marked, but no digit."]
    for place, label, _ in places:
        if place > marked[0] and digits[place] is None:
            faults.append(f"The net's {WORDS[label]} ({label}) are not marked, though a "
                          "higher place is.")  # fmt: skip
    value = "".join(str(b.value) if b is not None else "_" for b in digits.values())
    value = value.lstrip("_")
    if not faults:
        value = value.lstrip("0") or "0"
    if sign is None and value != "0":
        faults.append("The net's sign (+ or -) is not marked.")
    return (sign.option if sign else "") + value, faults


READER = CostlyReader()
