"""Costly Tricks problem ids: what a problem's id says (a generated problem's question,
cards a hand, level and seed, scrambled; a whole deal's level and seed, scrambled; or a
position by its cards), written and read."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.wording import or_list
from printables.paradox.tricks import Position, TrickPositionError, next_seat
from printables.paradox.wording import hand_order
from printables.puzzles import (
    CODE_ALPHABET,
    PuzzleError,
    PuzzleIdError,
    Scramble,
    base32,
    plain_code,
    read_base32,
)

KEY = "costly-tricks"
PREFIX = KEY + "-"
QUESTIONS = {"p": "play", "l": "legal", "w": "winner"}
"""The three questions: which card and what net, which cards may be played, who wins."""
LEVELS = {"e": "easy", "m": "medium", "h": "hard"}
HAND_SIZES = (3, 4, 5, 6)
"""Cards a hand, at the start of the trick, in a generated problem."""
MOST_CARDS = 6
"""The largest ending the solver is asked about: a position typed or named by its id may
hold no more cards a hand (more would take the solver far too long)."""

WHOLE_DEAL = 11
"""Cards a hand in a whole deal (all 44 cards): its problem asks for the round's first
lead (ids ``costly-tricks-d-...``)."""
DEAL_PREFIX = PREFIX + "d-"

MAX_SEED = 10**6
_SCRAMBLE = Scramble(0x1B873593)  # six characters; 36 * MAX_SEED uses about 1/30 of them
_DEAL_SCRAMBLE = Scramble(0x2C1B3C6D)  # six characters; 3 * MAX_SEED uses about 1/350
_VARIANTS = len(QUESTIONS) * len(HAND_SIZES) * len(LEVELS)
_DECK_BITS = len(PARADOX.cards)
ID_HELP = (
    "costly-tricks- and six letters or digits, such as costly-tricks-fqtq5j, "
    "costly-tricks-d- and six (a whole deal), or costly-tricks-p- and a position code"
)


def generated_id(question: str, cards: int, level: str, seed: int) -> str:
    """The id of a generated problem; ``question`` and ``level`` by name or by letter.

    >>> generated_id("legal", 3, "easy", 11)
    'costly-tricks-fqtq5j'
    >>> parse_id("costly-tricks-fqtq5j")
    ProblemSpec(question='legal', cards=3, level='easy', seed=11, position=None)
    """
    q = list(QUESTIONS).index(letter_of(question, QUESTIONS, "question"))
    d = list(LEVELS).index(letter_of(level, LEVELS, "difficulty"))
    n = read_hand_size(cards)
    if not 0 <= seed < MAX_SEED:
        raise PuzzleIdError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}")
    number = ((seed * len(QUESTIONS) + q) * len(HAND_SIZES) + HAND_SIZES.index(n)) * 3 + d
    return PREFIX + base32(_SCRAMBLE(number), 6)


def deal_id(level: str, seed: int) -> str:
    """The id of a whole deal's problem (the round's first lead, :data:`WHOLE_DEAL` cards
    a hand); ``level`` by name or by letter.

    >>> deal_id("hard", 7)
    'costly-tricks-d-v7409f'
    >>> parse_id("costly-tricks-d-v7409f")
    ProblemSpec(question='play', cards=11, level='hard', seed=7, position=None)
    """
    d = list(LEVELS).index(letter_of(level, LEVELS, "difficulty"))
    if not 0 <= seed < MAX_SEED:
        raise PuzzleIdError(f"the seed must be a whole number from 0 to {MAX_SEED - 1}")
    return DEAL_PREFIX + base32(_DEAL_SCRAMBLE(seed * len(LEVELS) + d), 6)


def position_id(position: Position) -> str:
    """The id that names a position by its cards ("which card, and what net?").

    >>> p = Position.read({"hands": [["R5"], ["B3"], ["P10"], ["B6"]], "leader": 0})
    >>> position_id(p)
    'costly-tricks-p-1jg0j4000010h'
    >>> parse_id(position_id(p)).position == p
    True
    """
    where: dict[Card, int] = {}
    for seat, hand in enumerate(position.hands):
        for card in hand:
            where[card] = seat * 2
    for k, card in enumerate(position.trick):
        where[card] = next_seat(position.leader, k) * 2 + 1
    mask, number = 0, position.leader
    for i, card in reversed(list(enumerate(PARADOX.cards))):
        if card in where:
            mask |= 1 << i
            number = number * 8 + where[card]
    code = base32(number << _DECK_BITS | mask)
    return f"{PREFIX}p-{code}{_check_char(code)}"


def _check_char(code: str) -> str:
    return CODE_ALPHABET[hashlib.sha256(code.encode()).digest()[0] % 32]


def letter_of(name: str, table: dict[str, str], what: str) -> str:
    key = name.strip().lower()
    for letter, full in table.items():
        if key == full:
            return letter
    raise PuzzleIdError(f"{name!r} is not a {what}; expected {or_list(list(table.values()))}")


def read_hand_size(cards: int | str, whole: bool = False) -> int:
    """Cards a hand of a generated problem (:data:`HAND_SIZES`; with ``whole``, also
    :data:`WHOLE_DEAL`)."""
    sizes = (*HAND_SIZES, WHOLE_DEAL) if whole else HAND_SIZES
    text = str(cards).strip()
    if not text.isdigit() or int(text) not in sizes:
        names = [str(n) for n in HAND_SIZES] + ([f"{WHOLE_DEAL} (a whole deal)"] if whole else [])
        raise PuzzleError(
            f"{text!r} is not a number of cards a hand for a problem; expected {or_list(names)}"
        )
    return int(text)


@dataclass(frozen=True)
class ProblemSpec:
    """What an id says: how to generate the problem, or the position itself."""

    question: str = "play"
    cards: int = 0
    level: str = ""
    seed: int = 0
    position: Position | None = None


def parse_id(text: str) -> ProblemSpec:
    """Read a problem id (any case, surrounding spaces ignored).

    >>> parse_id("costly-tricks-zzzzzz")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    printables.puzzles.PuzzleIdError: 'costly-tricks-zzzzzz' is not the id of any problem; ...
    """
    key = text.strip().lower()
    if not key.startswith(PREFIX):
        raise PuzzleIdError(f"{text!r} is not a Costly Tricks id; expected {ID_HELP}")
    code = plain_code(key[len(PREFIX) :])
    if code.startswith("p-"):
        return ProblemSpec(position=_position_of(code[2:], text))
    if code.startswith("d-"):
        return _deal_of(code[2:], text)
    if len(code) != 6:
        raise PuzzleIdError(f"{text!r} is not a Costly Tricks id; expected {ID_HELP}")
    number = _SCRAMBLE.back(read_base32(code, text, "problem"))
    if number >= _VARIANTS * MAX_SEED:
        raise PuzzleIdError(
            f"{text!r} is not the id of any problem; check it for a mistyped character"
        )
    rest, level = divmod(number, 3)
    rest, size = divmod(rest, len(HAND_SIZES))
    seed, question = divmod(rest, len(QUESTIONS))
    return ProblemSpec(
        list(QUESTIONS.values())[question],
        HAND_SIZES[size],
        list(LEVELS.values())[level],
        seed,
    )


def canonical_id(text: str) -> str:
    """The id as it is printed, however it was typed (any case, o for 0, l or i for 1):
    the problem an id names is made from this spelling, so every spelling of one id
    names one problem.

    >>> canonical_id(" Costly-Tricks-QLS2KN "), canonical_id("costly-tricks-d-v74o9f")
    ('costly-tricks-q1s2kn', 'costly-tricks-d-v7409f')
    """
    spec = parse_id(text)
    if spec.position is not None:
        return position_id(spec.position)
    if spec.cards == WHOLE_DEAL:
        return deal_id(spec.level, spec.seed)
    return generated_id(spec.question, spec.cards, spec.level, spec.seed)


def _deal_of(code: str, text: str) -> ProblemSpec:
    if len(code) != 6:
        raise PuzzleIdError(f"{text!r} is not a Costly Tricks id; expected {ID_HELP}")
    number = _DEAL_SCRAMBLE.back(read_base32(code, text, "problem"))
    if number >= len(LEVELS) * MAX_SEED:
        raise PuzzleIdError(
            f"{text!r} is not the id of any problem; check it for a mistyped character"
        )
    seed, level = divmod(number, len(LEVELS))
    return ProblemSpec("play", WHOLE_DEAL, list(LEVELS.values())[level], seed)


def _position_of(code: str, text: str) -> Position:
    mistyped = f"{text!r} is not the id of any position; check it for a mistyped character"
    if len(code) < 2 or _check_char(code[:-1]) != code[-1]:
        raise PuzzleIdError(mistyped)
    number = read_base32(code[:-1], text, "problem")
    mask, number = number & ((1 << _DECK_BITS) - 1), number >> _DECK_BITS
    hands: list[list[Card]] = [[], [], [], []]
    trick: dict[int, Card] = {}
    for i, card in enumerate(PARADOX.cards):
        if mask >> i & 1:
            number, place = divmod(number, 8)
            seat, on_table = divmod(place, 2)
            if on_table:
                if seat in trick:
                    raise PuzzleIdError(mistyped)
                trick[seat] = card
            else:
                hands[seat].append(card)
    leader = number
    if leader > 3:
        raise PuzzleIdError(mistyped)
    order = [next_seat(leader, k) for k in range(len(trick))]
    if sorted(order) != sorted(trick):
        raise PuzzleIdError(mistyped)
    try:
        return Position.checked([hand_order(h) for h in hands], leader, [trick[s] for s in order])
    except TrickPositionError as error:
        raise PuzzleIdError(f"{text!r} names no position that can arise: {error}") from None
