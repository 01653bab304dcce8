"""Puzzle kinds: the one registry of puzzles the engine makes, and ids that say their kind.

A *kind* (Matrix is the first) generates puzzles from a seed at a difficulty the solver
grades, solves them, checks a written answer with reasons, and explains the answer for
a key. Every puzzle has a short id that names it completely (like the game ids of Simon
Tatham's puzzles), so a worksheet, its key and the checking page need no stored copy,
and an id printed once keeps its meaning forever.

An id begins with its kind's tag, and :func:`kind_of` finds the kind that owns it:

- Matrix: the grid size, ``4x4-258n5q`` (a generated set) or ``3x3-c-fz`` (a set named by
  its cards). Matrix ids were printed before there were other kinds, so they keep this
  form;
- later kinds: their key, then their own code (``costly-tricks-...``).

>>> get_puzzle("3X3-MA1Y4E").id, kind_of("4x4-258n5q").key
('3x3-ma1y4e', 'matrix')
>>> kind_of("tarot-12")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
printables.puzzles.PuzzleIdError: 'tarot-12' is not a puzzle id; expected a Matrix id: ...

Adding a kind is one module defining ``KIND`` (a :class:`PuzzleKind`) and one line in
:data:`KIND_MODULES` (its key, module and id tag).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from printables.cards.deck import Card, Deck


class PuzzleError(ValueError):
    """A puzzle request that cannot be met; the message says why and what was expected."""


class PuzzleIdError(PuzzleError):
    """A puzzle id that cannot be read; the message says what was expected."""


class GenerationError(PuzzleError):
    """A request for a puzzle that cannot be met."""


class NotBuiltHere(GenerationError):
    """A puzzle this installation cannot make (it lacks a compiled part), though another
    can: unlike other generation errors, it says nothing of the puzzle itself."""


class UnknownKindError(PuzzleError):
    """A puzzle kind the engine does not have."""


CODE_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"
"""Crockford's base 32: the characters of every puzzle code (no i, l, o or u)."""
_READS_AS = {"o": "0", "i": "1", "l": "1"}  # what a pupil may type for a look-alike
_CODE_MASK = (1 << 30) - 1


def base32(n: int, width: int = 1) -> str:
    """``n`` written in :data:`CODE_ALPHABET`, padded with 0s to ``width`` characters.

    >>> base32(0, 6), base32(32 * 31 + 1)
    ('000000', 'z1')
    """
    digits = ""
    while n:
        n, d = divmod(n, 32)
        digits = CODE_ALPHABET[d] + digits
    return digits.rjust(width, "0")


def plain_code(code: str) -> str:
    """A code as :data:`CODE_ALPHABET` writes it: lower case, o read as 0, i and l as 1.

    >>> plain_code("L0Io")
    '1010'
    """
    return "".join(_READS_AS.get(ch, ch) for ch in code.lower())


def read_base32(code: str, text: str, what: str = "puzzle") -> int:
    """The number a code in :data:`CODE_ALPHABET` writes (o reads as 0, i and l as 1);
    any other character raises :class:`PuzzleIdError` quoting ``text``, the whole id.

    >>> read_base32("Z1", "3x3-z1"), read_base32("lo", "3x3-lo")
    (993, 32)
    """
    n = 0
    for ch in plain_code(code):
        if ch not in CODE_ALPHABET:
            raise PuzzleIdError(
                f"{text!r}: {ch!r} cannot be in a {what} code; expected digits and letters "
                "other than u"
            )
        n = n * 32 + CODE_ALPHABET.index(ch)
    return n


SHEET_SEEDS = 10**6
"""A sheet's seed (``--seed``, the print page's, a MAT session's) is a whole number below
this, for every kind."""

SHEETS = ("worksheet", "mat")
"""What a sheet of puzzles is for: a worksheet's puzzles and a MAT kit's (or session's)
sets come from separate streams, so a practice sheet never holds a competition's sets."""


def sheet_seeds(count: int, seed: int, stream: str, limit: int) -> list[int]:
    """The ``count`` puzzle seeds (distinct, below ``limit``) of the sheet printed from
    ``seed``: hashed from ``stream`` (a kind and what the sheet is for), the sheet's seed
    and the puzzle's place, so that neighbouring sheet seeds share no puzzle but by
    chance (two sheets of twelve: about 1 in 7,000 at a million seeds), and the same
    arguments give the same seeds on every machine and Python, forever.

    >>> sheet_seeds(3, 1, "matrix worksheet", 10**6)
    [74802, 324509, 49881]
    >>> set(sheet_seeds(12, 1, "matrix worksheet", 10**6)) & set(
    ...     sheet_seeds(12, 2, "matrix worksheet", 10**6))
    set()
    """
    if count > limit:
        raise GenerationError(f"a sheet holds at most {limit} puzzles, not {count}")
    seeds: list[int] = []
    place = 0
    while len(seeds) < count:
        digest = hashlib.blake2b(f"{stream}/{seed}/{place}".encode(), digest_size=8).digest()
        candidate = int.from_bytes(digest, "big") % limit
        if candidate not in seeds:  # a repeat would print one puzzle twice
            seeds.append(candidate)
        place += 1
    return seeds


@dataclass(frozen=True)
class Scramble:
    """An invertible mixing of 30-bit numbers (six code characters), so that neighbouring
    seeds get unlike codes and a code does not show what it holds; each kind keeps its own
    odd ``multiplier`` forever (its printed ids depend on it).

    >>> scramble = Scramble(0x2E5BF271)
    >>> scramble.back(scramble(12345)), scramble(1) != scramble(2) - 1
    (12345, True)
    """

    multiplier: int

    def __call__(self, n: int) -> int:
        n = n * self.multiplier & _CODE_MASK
        return n ^ (n >> 15)

    def back(self, n: int) -> int:
        """The number that :meth:`__call__` turned into ``n``."""
        n ^= n >> 15  # 2 * 15 >= 30 bits: one step undoes the shift
        return n * pow(self.multiplier, -1, 1 << 30) & _CODE_MASK


class PuzzleLike(Protocol):
    """What every kind's puzzles have: an id, and the cards shown, in the printed order."""

    @property
    def id(self) -> str: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...


class AnswerLike(Protocol):
    """What every kind's check of a written answer says: right or not, and why."""

    @property
    def right(self) -> bool: ...

    @property
    def reasons(self) -> tuple[str, ...]: ...

    def to_json(self) -> dict[str, Any]:
        """The verdict as data (``right``, ``reasons`` and the kind's own details)."""
        ...


P = TypeVar("P", bound=PuzzleLike)
C = TypeVar("C")


class PuzzleKind(ABC, Generic[P, C]):
    """One kind of puzzle: how its ids read, and how its puzzles are made, solved, checked
    and explained. ``C`` is the kind's *choices*: what a teacher asks for (a size, a
    difficulty), read from text by :meth:`choices`. Subclasses set the class attributes
    and implement the methods."""

    key: ClassVar[str]
    """Short name, as commands take it (``matrix``)."""
    title: ClassVar[str]
    deck: ClassVar[Deck]
    id_help: ClassVar[str]
    """What an id of this kind looks like, for error messages."""

    @abstractmethod
    def owns(self, puzzle_id: str) -> bool:
        """Whether ``puzzle_id`` is written as this kind's ids are (not whether it is valid)."""

    @abstractmethod
    def get(self, puzzle_id: str) -> P:
        """The puzzle an id names; a bad id raises :class:`PuzzleIdError`."""

    def ready(self, puzzle_id: str) -> bool:
        """Whether :meth:`get` gives the puzzle at once: made already, or quick to make (a
        checking page makes the others in the background). Most kinds make any puzzle in
        well under a second."""
        return True

    def stored(self, puzzle: P) -> dict[str, Any] | None:
        """A puzzle slow to make (:meth:`ready` false before it was made) as JSON data,
        from which :meth:`restored` gives it back at once: in another server process, or
        after a restart. None for a puzzle not worth keeping so (most kinds: all)."""
        return None

    def restored(self, puzzle_id: str, data: Any) -> P:
        """The puzzle of :meth:`stored`'s ``data``, kept as if made here (so that
        :meth:`ready` is true); a ValueError when the data is not that of the id's
        puzzle."""
        raise ValueError(f"{self.title} keeps no puzzle made elsewhere ({puzzle_id})")

    @abstractmethod
    def choices(self, **typed: str) -> C:
        """What is asked for, read from text as typed (each kind names its own: size,
        difficulty, ...); a value that cannot be read raises :class:`PuzzleError`."""

    @abstractmethod
    def generate(self, seed: int, choices: C) -> P:
        """A puzzle made from ``seed`` as ``choices`` ask; the same arguments give the same
        puzzle."""

    @abstractmethod
    def ids(self, count: int, seed: int, choices: C, sheet: str = "worksheet") -> list[str]:
        """The ids of the ``count`` puzzles of the sheet printed from ``seed``, as
        ``choices`` ask: a worksheet's, or with ``sheet="mat"`` a MAT kit's sets (puzzle
        seeds by :func:`sheet_seeds`)."""

    def fresh_seed(self, count: int, choices: C, sheet: str = "worksheet") -> int:
        """A seed for a sheet printed with none given: random (the seed is printed, so the
        sheet can be printed again from it). A kind may draw again until the sheet suits
        its readers; a seed once drawn prints the same sheet whatever is drawn later."""
        return secrets.randbelow(SHEET_SEEDS)

    @abstractmethod
    def typed(self, text: str, **typed: str) -> P:
        """The puzzle of a set typed by hand: card names of the kind's deck, and the kind's
        own choices as typed (Matrix: the size); bad text raises a ValueError that says
        what is wrong."""

    @abstractmethod
    def count(self, puzzle: P, limit: int | None = None) -> int:
        """How many different solutions the puzzle has (0: none), exactly, or counted no
        further than ``limit``."""

    @abstractmethod
    def describe(self, puzzle: P) -> dict[str, Any]:
        """The puzzle, its grade and its answer as data (``printables solve --json``)."""

    @abstractmethod
    def report(self, puzzle: P) -> tuple[str, ...]:
        """The puzzle's grade and answer as lines of text (``printables solve``)."""

    @abstractmethod
    def check(self, puzzle: P, answer: str) -> AnswerLike:
        """A written answer's verdict, with reasons; never the key itself. Text that cannot
        be read raises a ValueError that says what is wrong."""

    @abstractmethod
    def explain(self, puzzle: P) -> tuple[str, ...]:
        """The answer in sentences, for a key: a solution and why it works, or why none
        exists."""


KIND_MODULES: dict[str, tuple[str, str]] = {
    "matrix": ("printables.matrix.puzzles", r"\s*\d+\s*x\s*\d+\s*-"),
    "costly-tricks": ("printables.paradox.problems", "costly-tricks-"),
    "nada": ("printables.questions.nada", "nada-"),
    "poker": ("printables.questions.poker", "poker-"),
    "placement": ("printables.questions.placement", "placement-"),
    "secret-card": ("printables.questions.secret_card", "secret-card-"),
    "cipher": ("printables.questions.cipher", "cipher-"),
    "challenge": ("printables.questions.challenge", "challenge-"),
}
"""One line per kind, by key: the module that defines its ``KIND``, and its ids' tag (a
regular expression their beginning matches, in any case). A kind's module is imported
when the kind is first asked for, so a Matrix worksheet loads no game and no other kind."""


def kind_keys() -> list[str]:
    """Every kind's key, in the registry's order, loading none of them.

    >>> kind_keys()[:2]
    ['matrix', 'costly-tricks']
    """
    return list(KIND_MODULES)


@cache
def load_kind(key: str) -> PuzzleKind[Any, Any]:
    """The kind ``key`` (a key of :data:`KIND_MODULES`), its module imported on first use."""
    kind: PuzzleKind[Any, Any] = import_module(KIND_MODULES[key][0]).KIND
    if kind.key != key:
        raise RuntimeError(f"{KIND_MODULES[key][0]} defines the kind {kind.key!r}, not {key!r}")
    return kind


def kinds() -> dict[str, PuzzleKind[Any, Any]]:
    """Every kind, by key, loaded on first use."""
    return {key: load_kind(key) for key in KIND_MODULES}


def get_kind(name: str) -> PuzzleKind[Any, Any]:
    """The kind called ``name`` (any case), loading it alone."""
    key = name.strip().lower()
    if key not in KIND_MODULES:
        raise UnknownKindError(
            f"no puzzle kind called {name!r}; the kinds are: {', '.join(KIND_MODULES)}"
        )
    return load_kind(key)


def kind_of(puzzle_id: str) -> PuzzleKind[Any, Any]:
    """The kind whose ids are written like ``puzzle_id``: the kind whose tag the id begins
    with, loading it alone; or, when none owns it, every kind, to say what ids look like."""
    for key, (_, tag) in KIND_MODULES.items():
        if re.match(tag, puzzle_id.strip(), re.IGNORECASE):
            kind = load_kind(key)
            if kind.owns(puzzle_id):
                return kind
    for kind in kinds().values():
        if kind.owns(puzzle_id):
            return kind
    forms = "; or ".join(f"a {k.title} id: {k.id_help}" for k in kinds().values())
    raise PuzzleIdError(f"{puzzle_id!r} is not a puzzle id; expected {forms}")


def get_puzzle(puzzle_id: str) -> PuzzleLike:
    """The puzzle an id names, of whichever kind owns it."""
    puzzle: PuzzleLike = kind_of(puzzle_id).get(puzzle_id)
    return puzzle
