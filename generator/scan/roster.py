"""A class's roster: the pupils a scannable sheet is printed for, one set of answer pages
each with the pupil's name printed in the name box and coded in the page's code.

The roster is a CSV file (UTF-8, with or without a byte-order mark; commas, semicolons or
tabs, as its first line has them): the first column is the pupil's name, an optional
second one an id or number the school uses (kept in the layout, not coded). A first row
whose first cell is a heading word (``Name``, ``Pupil``, ``Student``, ...) is a header and
skipped; so are blank lines. A name is cut of the spaces around it and inside it to one,
in Unicode's composed form (NFC), so the same name typed twice is the same name.

The class is a short hash of the roster (:func:`class_code`: its names and ids in
order), so a grader tells a sheet of another class from this one's without the roster.

>>> roster = read_roster("Name,Id\\nAna López,17\\n\\n李小龙 , \\n")
>>> [(p.number, p.name, p.ident) for p in roster.pupils]
[(1, 'Ana López', '17'), (2, '李小龙', '')]
>>> roster.class_code
'cd8f28'
>>> read_roster("Ana\\nana\\n")
Traceback (most recent call last):
generator.scan.roster.RosterError: 'ana' is on the roster twice (rows 1 and 2)
"""

from __future__ import annotations

import csv
import hashlib
import io
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from generator.scan.layout import CLASS_DIGITS, Pupil

HEADINGS = frozenset({"name", "names", "full name", "pupil", "pupils", "student", "students",
                      "nom", "nombre", "name(s)", "pupil name", "student name"})  # fmt: skip
"""A first cell that makes the first row a header (compared case-blind)."""
SEPARATORS = ("\t", ";", ",")
"""The roster's separator: the first of these in its first line (a comma without one)."""
MOST_PUPILS = 200
"""The most names a roster holds (a class, or a year group printed at once)."""


class RosterError(ValueError):
    """A roster that cannot be printed, saying why in one line."""


@dataclass(frozen=True)
class Roster:
    """The pupils, in the roster's order, each with the class's code
    (:func:`class_code`)."""

    pupils: tuple[Pupil, ...]

    @property
    def class_code(self) -> str:
        return self.pupils[0].class_code


def class_code(rows: Sequence[tuple[str, str]]) -> str:
    """The class of a roster's (name, id) rows: the first :data:`CLASS_DIGITS`
    hexadecimal digits of the SHA-256 of its rows (name, a tab, id; a line each)."""
    text = "".join(f"{name}\t{ident}\n" for name, ident in rows)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:CLASS_DIGITS]


def clean(text: str) -> str:
    """A cell as kept: composed (NFC), its spaces cut to one and trimmed.

    >>> clean("  Ana   Mari\\u0301a ")
    'Ana María'
    """
    return " ".join(unicodedata.normalize("NFC", text).split())


def read_roster(text: str) -> Roster:
    """The roster in a CSV file's text (:mod:`this module <generator.scan.roster>`);
    raises :class:`RosterError` for a roster without names, a row without a name, a name
    twice or more than :data:`MOST_PUPILS` names."""
    text = text.removeprefix("\ufeff")
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = next((d for d in SEPARATORS if d in first_line), ",")
    rows: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    first = True
    for row_number, row in enumerate(csv.reader(io.StringIO(text), delimiter=delimiter), 1):
        cells = [clean(cell) for cell in row]
        if not any(cells):
            continue
        if first:
            first = False
            if cells[0].casefold() in HEADINGS:
                continue
        name = cells[0]
        if not name:
            raise RosterError(f"row {row_number} of the roster has no name in its first column")
        if name.casefold() in seen:
            raise RosterError(f"{name!r} is on the roster twice "
                              f"(rows {seen[name.casefold()]} and {row_number})")  # fmt: skip
        seen[name.casefold()] = row_number
        rows.append((name, cells[1] if len(cells) > 1 else ""))
    if not rows:
        raise RosterError("the roster has no names: one pupil's name a line, first column")
    if len(rows) > MOST_PUPILS:
        raise RosterError(f"the roster has {len(rows)} names; at most {MOST_PUPILS} print at once")
    code = class_code(rows)
    return Roster(tuple(Pupil(code, k, name, ident) for k, (name, ident) in enumerate(rows, 1)))


def read_roster_file(data: bytes) -> Roster:
    """The roster in a file's bytes; refuses what is not UTF-8 text."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RosterError("the roster is not UTF-8 text: save it as 'CSV UTF-8'") from None
    return read_roster(text)
