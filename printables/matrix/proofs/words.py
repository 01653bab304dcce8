"""A proof in words: the rules said once (:data:`RULES`), and each step as a line."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import TYPE_CHECKING, TypeVar

from printables.cards.deck import Card, Value
from printables.cards.wording import or_list

if TYPE_CHECKING:
    from printables.matrix.proofs.data import Bar, Crowd, Option, Pin, Proof, TooFew, TooMany

T = TypeVar("T")

LAST_TOLD_FROM = (12, 18)
"""How many crowds a proof takes for its last line to tell two of them, and three: the
pairs left, unnamed, each ruled out by one of them, tried in turn (a long proof saves
naming those crowds' pairs)."""


CARD_VALUES = 4
"""The values a 4D card shows, one of each attribute: a list of four values of four
attributes would read as a card's name."""


def symbols(option: Sequence[Value]) -> str:
    """A list of values written as a card's are, one symbol after another: ``GGRz``; but
    with spaces when it would read as a card's name (one value of each attribute),
    ``G g z C``.

    >>> from printables.cards import FOUR_D
    >>> v = {value.symbol: value for a in FOUR_D.attributes for value in a.values}
    >>> symbols([v["G"], v["G"], v["R"], v["z"]]), symbols([v["G"], v["g"], v["z"], v["C"]])
    ('GGRz', 'G g z C')
    """
    if len(option) == CARD_VALUES == len({v.attribute for v in option}):
        return " ".join(v.symbol for v in option)
    return "".join(v.symbol for v in option)


def _numbered(options: Sequence[Option]) -> str:
    """Lists numbered from 1; lists in a row that differ only in their last value share
    one entry, the last values given in turn: ``(5-7) BGRb w/=/~`` is (5) BGRbw,
    (6) BGRb= and (7) BGRb~. When it is shorter, lists in a row that begin alike (their
    first two or three values) say those values once, in brackets, before their entries:
    ``[BG] (1-2) w/=, (3) Rw`` is (1) BGw, (2) BG= and (3) BGRw.

    >>> from printables.cards import FOUR_D
    >>> v = {value.symbol: value for a in FOUR_D.attributes for value in a.values}
    >>> def lists(*texts): return [tuple(v[s] for s in o.split()) for o in texts]
    >>> print(_numbered(lists("B G w", "B G =", "B R w")))
    (1-2) BG w/=; (3) BRw
    >>> print(_numbered(lists("B G R b w", "B G R b =", "B G R g w", "B G w = ~", "R b w = ~")))
    [BG] (1-2) Rb w/=, (3) Rgw, (4) w=~; (5) Rbw=~
    """
    return min((_headed(options, size) for size in (0, 2, 3)), key=len)


def _headed(options: Sequence[Option], size: int) -> str:
    """:func:`_numbered`'s words with each run of lists that share their first ``size``
    values (0: none) and take three entries or more grouped under those values."""
    runs: list[tuple[Option, int, list[Option]]] = []  # head, first number, the lists
    for n, option in enumerate(options, 1):
        head = option[:size] if 0 < size < len(option) - 1 else ()
        if runs and runs[-1][0] == head:
            runs[-1][2].append(option)
        else:
            runs.append((head, n, [option]))
    told: list[tuple[Option, int, list[Option]]] = []  # headless lists run together
    for head, start, run in runs:
        if head and len(_ranges([o[size:] for o in run])) < 3:
            head = ()
        if not head and told and not told[-1][0]:
            told[-1][2].extend(run)
        else:
            told.append((head, start, list(run)))

    def entries(start: int, rests: list[Option], between: str) -> str:
        return between.join(
            f"({start + first - 1}{'' if last == first else f'-{start + last - 1}'}) "
            + _entry(shared, tails)
            for first, last, shared, tails in _ranges(rests)
        )

    return "; ".join(
        f"[{symbols(head)}] {entries(start, [o[size:] for o in run], ', ')}"
        if head else entries(start, run, "; ")
        for head, start, run in told
    )  # fmt: skip


def _entry(shared: Option, tails: Sequence[Value]) -> str:
    """Lists that differ in their last value only: ``RR g/=/~`` (RRg, RR= and RR~), or one
    list, ``RRg``."""
    if len(tails) == 1:
        return symbols((*shared, *tails))
    return f"{symbols(shared)} {'/'.join(v.symbol for v in tails)}".lstrip()


def _ranges(options: Sequence[Option]) -> list[tuple[int, int, Option, list[Value]]]:
    """The lists' entries as :func:`_numbered` writes them: (first number, last number,
    the values they share, the last values in turn)."""
    entries: list[tuple[int, int, Option, list[Value]]] = []
    for n, option in enumerate(options, 1):
        head, tail = option[:-1], option[-1]
        if entries and entries[-1][2] == head:
            first, _, _, tails = entries[-1]
            entries[-1] = (first, n, head, [*tails, tail])
        else:
            entries.append((n, n, head, [tail]))
    return entries


RULES = (
    "How the proofs go. Each row shares a value that all its cards show, and so does each "
    "column. A row of n cards needs a value that at least n cards show, k rows sharing a "
    "value need k x n cards showing it, and every card needs a row whose value it shows: so "
    "the rows can share only a few lists of values (numbered; a list is written as a card "
    "is: GGRz), and the columns likewise. A row and a column cross at a card showing both "
    "their values: so they never share two colors, shades, patterns or shapes, and k rows "
    "sharing v cross m columns sharing w in k x m places, each needing a card that shows v "
    "and w. So a card fits no column when each of its values is shown on too few cards, is "
    "another value of an attribute the rows hold, or is shown with a row's value on too few "
    'cards: "No row list holds gC (Rb~T would fit no column)" bars every row list holding g '
    'and C, and "(1, 4): GbzS fits no column" rules out lists 1 and 4 ("Cards fitting no '
    'column: (1, 4) GbzS; (6) Rb~T" for several cards). "No row list goes with a column list '
    'holding B~ or ww" says that with each row list, a row value and one of those column '
    "values are two values of one attribute or shown together on too few cards. A proof "
    "then takes one side's lists in turn, saying what the other side can share with each, "
    "or rules out pairs of lists (row list x column list) by these counts; for what is left "
    "it names cards that outnumber the only places they fit, or places that outnumber the "
    "only cards that fit them (every place holds a card). In a square, each pair holds the "
    "other way round too (the grid turned over), unless a card's row and column are pinned "
    'first. "[BG] (1) RS, (2-3) b w/z" is lists BGRS, BGbw and BGbz (G g z C with spaces, '
    'a list that would read as a card); "1: ~ T (1 x 2)" says '
    "only 1 card shows ~ and T, so a row sharing ~ never crosses 2 columns sharing T; (1, 2) "
    "x 3 is 1 x 3 and 2 x 3; B/G x T is a row sharing B or G crossing a column sharing T; "
    '"every other pair" is each pair left but those named before it ("either ...; or ...": '
    "each such pair fails by one of these crowds)."
)
"""What every proof's first steps say, for a page that prints it once before its proofs
(with :attr:`Proof.brief_lines`)."""


def _case_lines(proof: Proof) -> list[str]:
    """A proof by lists, after its lists: the lists where a card has no place across,
    a line for each such card, then a line for each other list."""
    other = "column" if proof.listed == "rows" else "row"
    options = proof.row_options if proof.listed == "rows" else proof.col_options
    lines = _lonely_lines(
        [(case.option, case.lonely) for case in proof.cases if case.lonely is not None], other
    )
    for case in proof.cases:
        if case.lonely is not None:
            continue
        head = f"({case.option}) {symbols(options[case.option - 1])}: a {other} can share only "
        head += " ".join(v.symbol for v in case.allowed) if case.allowed else "no value"
        if not case.others:
            lines.append(f"{head}, and no list of them passes the counts.")
            continue
        groups: dict[TooMany, list[Option]] = {}
        for o, why in zip(case.others, case.crowds, strict=True):
            groups.setdefault(why, []).append(o)
        told = [f"With {other}s sharing {or_list([symbols(o) for o in others])}: "
                f"{_crowd_text(why, proof.cards)}" for why, others in groups.items()]  # fmt: skip
        lines.append(f"{head}. {' '.join(told)}")
    return lines


def _numbers_text(numbers: Sequence[int]) -> str:
    """List numbers, runs as ranges: ``(1, 4, 7-9)``.

    >>> _numbers_text([1, 4, 7, 8, 9])
    '(1, 4, 7-9)'
    """
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return "(" + ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r))
                           for r in runs) + ")"  # fmt: skip


def brief_lines(proof: Proof) -> tuple[str, ...]:
    """The proof's steps, for a page that says :data:`RULES` once before its proofs (which
    says how the pairs of lists left read)."""
    return _steps(proof, brief=True)


def _steps(proof: Proof, brief: bool, case: bool = False) -> tuple[str, ...]:
    """The proof's steps; ``brief`` leaves out what :data:`RULES` says: where the pairs
    left come from and how their grouped numbers and crossings read. A ``case`` of a
    split says nothing of why its card is pinned (the split does)."""
    if proof.split is not None:
        return _split_lines(proof, brief)
    cols = proof.cols
    if _trivial(proof):
        return (
            f"No list of values for the rows passes the counts: a row of {cols} cards shares "
            f"a value that at least {cols} cards show, and every card needs a row whose "
            "value it shows.",
        )
    lines = [*_pin_lines(proof, case), *_bar_lines(proof)]
    pinned = proof.pin is not None
    if proof.cases:
        side = "Row" if proof.listed == "rows" else "Column"
        options = proof.row_options if proof.listed == "rows" else proof.col_options
        bars = proof.row_bars if proof.listed == "rows" else proof.col_bars
        return (*lines, f"{side} lists{_left(bars, pinned)}: {_numbered(options)}.",
                *_case_lines(proof))  # fmt: skip
    row_line = (f"Row lists{_left(proof.row_bars, pinned, proof.row_crossed)}: "
                f"{_numbered(proof.row_options) or 'none'}.")  # fmt: skip
    col_line = (f"Column lists{_left(proof.col_bars, pinned, proof.col_crossed)}: "
                f"{_numbered(proof.col_options) or 'none'}.")  # fmt: skip
    if proof.row_crossed:  # the rows cut down by the column lists, listed first
        lines += [col_line, *_lonely_lines(proof.lonely, "row"),
                  _crossed_line(proof.row_crossed, "column", "row"), row_line]  # fmt: skip
    else:
        lines.append(row_line)
        if proof.row_options:
            if proof.col_crossed:
                lines += [*_lonely_lines(proof.lonely, "column"),
                          _crossed_line(proof.col_crossed, "row", "column")]  # fmt: skip
            lines.append("Column lists: the same." if proof.mirrored else col_line)
    if not (proof.row_options and proof.col_options):
        lines.append("No arrangement works.")
        return tuple(lines)
    if proof.facts:
        lines.append(f"Too few cards show both: {_facts_text(proof.facts)}.")
    if proof.crowds:
        told = _crowd_texts(proof.crowds, proof.cards, proof.told_last)
        if not brief:
            notes = _crowd_notes(proof.crowds, proof.mirrored, proof.told_last)
            lines.append(
                ("Pairs left" if proof.facts else "Pairs not ruled out by two colors, shades, "
                 "patterns or shapes") + f"{notes}:"
            )  # fmt: skip
        elif len(told) > 1:  # one crowd says "Every pair left" itself
            lines.append("Pairs left:")
        lines += told
    elif proof.facts:
        lines.append("That rules out every pair of lists: no arrangement works.")
    else:
        lines.append(
            "Every pair of lists has a row value and a column value that are two colors, two "
            "shades, two patterns or two shapes. No arrangement works."
        )
    return tuple(lines)


def _trivial(proof: Proof) -> bool:
    """Whether no list for the rows passes the counts at all (nothing barred)."""
    return not (proof.cases or proof.row_options or proof.row_bars or proof.pin or proof.split)


def _left(bars: Sequence[Bar], pinned: bool = False, crossed: Sequence[Option] = ()) -> str:
    """After a side's bars, a pinned card or values no list across goes with, its lists
    are those left."""
    return " left" if bars or pinned or crossed else ""


def _lonely_lines(lonely: Sequence[tuple[int, Card]], across: str) -> list[str]:
    """The lists where a card fits no line across: ``(1, 3-5): Gw~C fits no column.``,
    or for several cards one line, each card after the numbers of its lists: ``Cards
    fitting no column: (1, 3-5) Gw~C; (8) Rb~T.``"""
    numbers: dict[Card, list[int]] = {}
    for n, card in lonely:
        numbers.setdefault(card, []).append(n)
    if len(numbers) == 1:
        [(card, told)] = numbers.items()
        return [f"{_numbers_text(told)}: {card} fits no {across}."]
    if not numbers:
        return []
    each = [f"{_numbers_text(told)} {card}" for card, told in numbers.items()]
    return [f"Cards fitting no {across}: {'; '.join(each)}."]


def _crossed_line(crossed: Sequence[Option], across: str, side: str) -> str:
    """The values no list across goes with: ``No row list goes with a column list holding
    B ~, w w or C.`` (:data:`RULES` says why such a step holds)."""
    held = or_list([symbols(values) for values in crossed])
    return f"No {across} list goes with a {side} list holding {held}."


def _pin_lines(proof: Proof, case: bool = False) -> list[str]:
    """Why a pinned card fits at one crossing only (:func:`_meeting_line`; not for a
    ``case`` of a split, which takes its crossing), and what that leaves the lists: its
    row or column when the cards showing a value are just one line's worth."""
    pin = proof.pin
    if pin is None:
        return []
    rows, cols = proof.rows, proof.cols
    lines = [] if case else [
        _meeting_line(pin.card, [(pin.row, pin.col)], rows, cols, proof.cards)
    ]  # fmt: skip
    for value, length, line, others in ((pin.row, cols, "row", "columns"),
                                        (pin.col, rows, "column", "rows")):  # fmt: skip
        line_cards = _showing(proof.cards, value)
        if len(line_cards) == length:
            rest = [str(c) for c in line_cards if c != pin.card]
            lines.append(
                f"Only {length} cards show {value.symbol}: its {line} is "
                f"{', '.join(map(str, line_cards))}, so the other {others} share a value of "
                f"{', of '.join(rest[:-1])} and of {rest[-1]}."
            )
    return lines


def _showing(cards: Sequence[Card], *values: Value) -> list[Card]:
    """The set's cards showing any of ``values``, in deck order."""
    return sorted((c for c in cards if any(v in c.shown for v in values)),
                  key=lambda c: c.index)  # fmt: skip


def _meeting_line(
    card: Card, pairs: Sequence[tuple[Value, Value]], rows: int, cols: int,
    cards: Sequence[Card],
) -> str:  # fmt: skip
    """Why a card's row and column can share only ``pairs`` of its values (row value,
    column value; in a square either way round): ``Gw~C's row and column each share one
    of its values and meet only at it, so they hold 9 cards, each showing the row's value
    or the column's: of its values, only G and w are shown on that many (G or ~: 8; ...;
    each value alone: 6 at most). So its row shares G and its column w.``, or for several
    pairs, ``... only G and w or G alone are shown on that many (...). Case by case:``."""
    need = rows + cols - 1
    square = rows == cols

    def count(*values: Value) -> int:
        return len(_showing(cards, *values))

    rare: dict[Value, str] = {}  # a value too rare for a row, a column or any line
    alone: dict[Value, int] = {}  # a value shown on too few cards for both lines
    unions: dict[frozenset[Value], tuple[Value, Value]] = {}
    for a, b in [*permutations(card.shown, 2), *((v, v) for v in card.shown)]:
        if (a, b) in pairs or (square and (b, a) in pairs):
            continue
        if count(a) < cols:
            rare[a] = "row" if count(a) >= rows else "line"
        elif count(b) < rows:
            rare[b] = "column" if count(b) >= cols else "line"
        elif a == b:
            alone[a] = count(a)
        else:
            unions.setdefault(frozenset((a, b)), (a, b))
    notes = [f"{v.symbol}: {count(v)} cards, too few for a {line}" for v, line in rare.items()]
    notes += [f"{a.symbol} or {b.symbol}: {count(a, b)}" for a, b in unions.values()]
    if len(alone) == len(card.shown):  # (in fewer words than each count)
        notes.append(f"each value alone: {max(alone.values())} at most")
    else:
        notes += [f"{v.symbol}: {n}" for v, n in alone.items()]
    told = or_list([f"{a.symbol} and {b.symbol}" if a != b else f"{a.symbol} alone"
                    for a, b in pairs])  # fmt: skip
    shown = "is" if len(pairs) == 1 and pairs[0][0] == pairs[0][1] else "are"
    why = f" ({'; '.join(notes)})" if notes else ""
    turned = " (turning the grid over if need be)" if square else ""
    if len(pairs) == 1:
        [(row, col)] = pairs
        shared = (f"its row and column share {row.symbol}" if row == col else
                  f"its row shares {row.symbol} and its column {col.symbol}")  # fmt: skip
        then = f"So{turned} {shared}."
    else:
        then = f"Case by case{turned}:"
    return (
        f"{card}'s row and column each share one of its values and meet only at it, so they "
        f"hold {need} cards, each showing the row's value or the column's: of its values, "
        f"only {told} {shown} shown on that many{why}. {then}"
    )


def _case_head(n: int, pin: Pin) -> str:
    """A case of a split: ``Case 1: its row shares G, its column w.``"""
    if pin.row == pin.col:
        return f"Case {n}: its row and column share {pin.row.symbol}."
    return f"Case {n}: its row shares {pin.row.symbol}, its column {pin.col.symbol}."


def _split_lines(proof: Proof, brief: bool) -> tuple[str, ...]:
    """A split proof's steps: why its card's row and column can share only the cases'
    pairs, then each case, headed, and its steps."""
    split = proof.split
    assert split is not None
    pinned = [case.pin for case in split.cases if case.pin is not None]
    pairs = [(pin.row, pin.col) for pin in pinned]
    lines = [_meeting_line(split.card, pairs, proof.rows, proof.cols, proof.cards)]
    for n, (pin, case) in enumerate(zip(pinned, split.cases, strict=True), 1):
        lines += [_case_head(n, pin), *_steps(case, brief, case=True)]
    return tuple(lines)


def _bar_lines(proof: Proof) -> list[str]:
    """The values no list may hold: ``No row list holds ~ (Rg=S would fit no column), S
    (Rb~T).``"""
    lines = []
    for side, other, bars in (("row", "column", proof.row_bars), ("column", "row", proof.col_bars)):
        if not bars:
            continue
        if proof.mirrored and side == "column":
            lines.append("No column list holds them either (the grid turned over).")
            continue
        first, *more = bars
        told = [f"{symbols(first.values)} ({first.card} would fit no {other})",
                *(f"{symbols(b.values)} ({b.card})" for b in more)]  # fmt: skip
        lines.append(f"No {side} list holds {or_list(told)}.")
    return lines


def _intro(proof: Proof) -> str:
    """What a proof's steps rest on, said before them when no page says :data:`RULES`:
    the rules every proof uses, then how the notations it uses read (a split's: what its
    cases use, each said once)."""
    cases = proof.split.cases if proof.split is not None else (proof,)
    return " ".join(dict.fromkeys(told for case in cases for told in _intro_parts(case)))


def _intro_parts(proof: Proof) -> list[str]:
    """:func:`_intro`'s sentences for a proof that is not split."""
    rows, cols = proof.rows, proof.cols
    lists = [*proof.row_options, *proof.col_options, *proof.row_crossed, *proof.col_crossed,
             *(bar.values for bar in (*proof.row_bars, *proof.col_bars))]  # fmt: skip
    spaced = "; G g z C if it would read as a card" if any(" " in symbols(o) for o in lists) else ""
    told = [
        f"Each row shares a value all its {cols} cards show, each column one all its {rows} "
        "show; k lines sharing a value need k times their length of cards showing it, and "
        "every card needs a row and a column whose values it shows, so each side can share "
        f"only a few lists of values (numbered; written as cards are: GGRz{spaced}). A row "
        "and a column cross at a card showing "
        "both their values: they never share two colors, shades, patterns or shapes, and k "
        "rows sharing v cross m columns sharing w in k x m places, each needing a card "
        "showing v and w."
    ]
    if proof.row_bars or proof.col_bars:
        told.append(
            '"No row list holds gC (Rb~T would fit no column)": with rows sharing g and C, '
            "each value of Rb~T is shown on too few cards for a column, is another value of g's "
            "attribute or C's, or is shown with g or with C on too few cards; and so for "
            "columns."
        )
    if any("[" in _numbered(o) for o in (proof.row_options, proof.col_options)):
        told.append('"[BG] (1) RS, (2-3) b w/z" is lists BGRS, BGbw and BGbz.')
    elif any(first < last for o in (proof.row_options, proof.col_options)
             for first, last, _, _ in _ranges(o)):  # fmt: skip
        told.append('"(2-3) b w/z" is lists bw and bz.')
    if proof.cases:
        other = "column" if proof.listed == "rows" else "row"
        told.append(
            f'Each list in turn says what a {other} can share with it; "(1, 4): GbzS fits no '
            f'{other}" holds for list 1 and for list 4 as a bar does; B/G x T is a row '
            "sharing B or G crossing a column sharing T."
        )
    crossed = "row" if proof.row_crossed else "column" if proof.col_crossed else ""
    if crossed:
        across = "column" if crossed == "row" else "row"
        told.append(
            f'"No {across} list goes with a {crossed} list holding B~": with each {across} '
            "list, one of B and ~ and a value of the list are two values of one attribute, or "
            "are shown together on fewer cards than their lines cross in."
        )
        if proof.lonely:
            told.append(
                f'"(1, 4): GbzS fits no {crossed}" rules out {across} lists 1 and 4 as a bar '
                f'does ("Cards fitting no {crossed}: (1, 4) GbzS; (6) Rb~T" for several).'
            )
    if proof.crowds:
        either = len(told_last(proof)) > 1
        told.append(
            '"Every other pair": each pair left but those named before it'
            + (' ("either ...; or ...": by one of these).' if either else ".")
        )
    whys = {crowd.why for crowd in proof.crowds} | {
        why for case in proof.cases for why in case.crowds
    }
    if any(why.unfilled for why in whys):
        told.append(
            '"Only GbzS Gg~S fit at B x ~ or b x S: 3 places, 2 cards": no other card fits '
            "there, and every place holds a card."
        )
    if proof.facts:
        told.append(
            '"1: ~ T (1 x 2)": only 1 card shows ~ and T, so a row sharing ~ never '
            "crosses 2 columns sharing T" + ("; rows and columns alike." if proof.mirrored else ".")
        )
    return told


def full_lines(proof: Proof) -> tuple[str, ...]:
    """The proof in full: what it rests on, then its steps."""
    steps = _steps(proof, brief=False)
    if _trivial(proof):
        return steps
    return (_intro(proof), *steps)


def _facts_text(facts: Sequence[TooFew]) -> str:
    """The crossing facts in few words, by how many cards show both values and then by
    how many rows and columns cannot cross: ``0: G z (1 x 1); 1: ~ T, w S (1 x 2), b ~
    (2 x 1)`` says that no card shows G and z, so a row sharing G never crosses a column
    sharing z, and that 1 card shows ~ and T, so a row sharing ~ never crosses 2 columns
    sharing T."""
    groups: dict[int, dict[tuple[int, int], list[str]]] = {}
    for f in facts:
        shapes = groups.setdefault(f.cards, {})
        shapes.setdefault((f.row_lines, f.col_lines), []).append(f"{f.row.symbol} {f.col.symbol}")
    return "; ".join(
        f"{cards}: "
        + ", ".join(f"{', '.join(pairs)} ({k} x {m})" for (k, m), pairs in shapes.items())
        for cards, shapes in sorted(groups.items())
    )


def _pairs_of(crowds: Sequence[Crowd]) -> dict[TooMany, list[tuple[int, int]]]:
    """Each crowd of cards (the same cards, crossings and places) and the pairs of lists
    where it outnumbers its places."""
    pairs: dict[TooMany, list[tuple[int, int]]] = {}
    for crowd in crowds:
        pairs.setdefault(crowd.why, []).append((crowd.row_list, crowd.col_list))
    return pairs


def _crowd_texts(
    crowds: Sequence[Crowd], cards: Sequence[Card] = (), last_told: int = 0
) -> list[str]:
    """A line for each crowd of cards, naming every pair of lists where it outnumbers its
    places: ``(1, 2) x 4: Rb=T Rb~T fit only at R x T: 2 cards, 1 place.``; the crowd
    serving the most pairs comes last, for "every other pair" left (the pairs the rules and
    the facts leave, but those named above), so that its pairs need not be named (in a
    proof of many crowds, two or three come last: "either ...; or ..."; ``last_told`` of
    them when given, :attr:`Proof.told_last`). A crowd of more
    than half the set's ``cards`` is named by the cards it leaves out: ``every card but
    Gw~C Rw~C``."""
    serving = _pairs_of(crowds)
    last = _told_last(serving, last_told)
    lines = [f"{_pairs_text(where)}: {_crowd_text(why, cards)}"
             for why, where in serving.items() if why not in last]  # fmt: skip
    every = "Every other pair" if lines else "Every pair left"
    if len(last) == 1:
        return [*lines, f"{every}: {_crowd_text(last[0], cards)}"]
    told = [_crowd_text(why, cards)[:-1] for why in last]
    return [*lines, f"{every}: either {'; or '.join(told)}."]


def _crowd_text(why: TooMany, cards: Sequence[Card]) -> str:
    """``Rb=T Rb~T fit only at R x T: 2 cards, 1 place.``, or the other way round,
    ``Only Bw~T Rb~T fit at R x b or ~ x w: 3 places, 2 cards.``; with its crossings left
    to the reader (:attr:`TooMany.crossings_told`), ``Rb=T Rb~T: 2 cards, at most 1
    place.`` (the most of any pair it serves: in some it may fit fewer)."""
    places = f"{why.places} place{'s' if why.places != 1 else ''}"
    count = f"{len(why.cards)} card{'s' if len(why.cards) != 1 else ''}"
    if why.unfilled:
        fit = "fits" if len(why.cards) == 1 else "fit"
        return (f"only {_cards_text(why.cards, cards)} {fit} at "
                f"{_crossings_text(why.crossings)}: {places}, {count}.")  # fmt: skip
    if not why.crossings_told:
        return f"{_cards_text(why.cards, cards)}: {count}, at most {places}."
    return (f"{_cards_text(why.cards, cards)} fit only at {_crossings_text(why.crossings)}: "
            f"{len(why.cards)} cards, {places}.")  # fmt: skip


def crowd_text(why: TooMany, cards: Sequence[Card]) -> str:
    """A crowd's words as a step gives them (for weighing one against another)."""
    return _crowd_text(why, cards)


def _cards_text(crowd: Sequence[Card], cards: Sequence[Card]) -> str:
    """The cards of a crowd, written as a set is typed (``Rb=T Rb~T``), or, when it holds
    more than half the set, the set's cards it leaves out."""
    if len(crowd) * 2 <= len(cards):
        return " ".join(str(c) for c in crowd)
    inside = set(crowd)
    left_out = [str(c) for c in cards if c not in inside]
    return f"every card but {' '.join(left_out)}" if left_out else "every card"


def told_last(proof: Proof) -> tuple[TooMany, ...]:
    """The crowds a proof by pairs tells last, for "every other pair"."""
    return _told_last(_pairs_of(proof.crowds), proof.told_last)


def _told_last(
    serving: dict[TooMany, list[tuple[int, int]]], count: int = 0
) -> tuple[TooMany, ...]:
    """The crowd serving the most pairs, told last for "every other pair"; in a proof of
    many crowds (:data:`LAST_TOLD_FROM`), the two or three serving the most, each pair
    left by one of them (their pairs unnamed: a reader tries each in turn); or the
    ``count`` serving the most, when given."""
    most = sorted(serving, key=lambda why: len(serving[why]), reverse=True)
    return tuple(most[: count or 1 + sum(len(serving) >= n for n in LAST_TOLD_FROM)])


def _crowd_notes(crowds: Sequence[Crowd], square: bool, last_told: int = 0) -> str:
    """What the crowds' lines need said once before them: that a square's pair holds
    turned over too, and how grouped pairs and crossings read, when their lines use them
    (the pairs of the crowd told last go unnamed)."""
    notes = ["each also the other way round"] if square else []
    serving = _pairs_of(crowds)
    last = _told_last(serving, last_told)
    if any(_widened(where) for why, where in serving.items() if why not in last):
        notes.append("(1, 2) x 3: 1 x 3 and 2 x 3")
    if any(len(rows) > 1 or len(cols) > 1 for why in serving if why.crossings_told
           for rows, cols in _grouped(why.crossings)):  # fmt: skip
        notes.append("B/G x T: a row sharing B or G crossing a column sharing T")
    return f" ({'; '.join(notes)})" if notes else ""


def _grouped(pairs: Sequence[tuple[T, T]]) -> list[tuple[list[T], list[T]]]:
    """Pairs (row thing, column thing) as groups of rows that go with the same columns:
    ``(1, 24), (1, 26), (2, 24), (3, 24)`` is ``[1] x [24, 26]`` and ``[2, 3] x [24]``.

    >>> _grouped([(1, 24), (1, 26), (2, 24), (3, 24)])
    [([1], [24, 26]), ([2, 3], [24])]
    """
    columns: dict[T, list[T]] = {}
    for row, col in pairs:
        columns.setdefault(row, []).append(col)
    groups: dict[tuple[T, ...], list[T]] = {}
    for row, cols in columns.items():
        groups.setdefault(tuple(cols), []).append(row)
    return [(rows, list(cols)) for cols, rows in groups.items()]


def _widened(pairs: Sequence[tuple[T, T]]) -> bool:
    """Whether :func:`_grouped` writes some rows or columns of ``pairs`` together."""
    return any(len(rows) > 1 or len(cols) > 1 for rows, cols in _grouped(pairs))


def _pairs_text(pairs: Sequence[tuple[int, int]]) -> str:
    """Pairs of lists by number, the row lists that go with the same column lists grouped
    (in brackets when there are several): ``1 x (24, 26), (2, 10, 12) x 24, 3 x (5-7)`` is
    1 with 24 or 26, 2, 10 or 12 with 24, and 3 with 5, 6 or 7.

    >>> _pairs_text([(1, 24), (1, 26), (2, 24), (10, 24), (12, 24), (3, 5), (3, 6), (3, 7)])
    '1 x (24, 26), (2, 10, 12) x 24, 3 x (5-7)'
    """
    return ", ".join(f"{_group_text(rows)} x {_group_text(cols)}"
                     for rows, cols in _grouped(pairs))  # fmt: skip


def _group_text(numbers: Sequence[int]) -> str:
    """One list's number, or several in brackets, runs as ranges: ``4``, ``(4, 7-9)``."""
    return str(numbers[0]) if len(numbers) == 1 else _numbers_text(numbers)


def _crossings_text(crossings: Sequence[tuple[Value, Value]]) -> str:
    """Crossings in few words: the row values that meet the same column values grouped,
    a slash for "any of" (``B/G x =/~ or R x C``: a row sharing B or G crossing a column
    sharing = or ~, or an R row crossing a C column).

    >>> from printables.cards import FOUR_D
    >>> v = {value.symbol: value for a in FOUR_D.attributes for value in a.values}
    >>> _crossings_text([(v["B"], v["="]), (v["B"], v["~"]), (v["G"], v["="]),
    ...                  (v["G"], v["~"]), (v["R"], v["C"])])
    'B/G x =/~ or R x C'
    """
    return or_list([f"{'/'.join(v.symbol for v in rows)} x {'/'.join(w.symbol for w in cols)}"
                    for rows, cols in _grouped(crossings)])  # fmt: skip
