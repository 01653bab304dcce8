"""Checking a proof independently: by brute force and counting, without the solver or
the helpers that found it."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement, permutations, product

from printables.cards.deck import Card, Value
from printables.matrix.proofs.data import Bar, Option, Pin, Proof, TooMany
from printables.matrix.proofs.words import symbols


class ProofError(ValueError):
    """A proof that does not hold; the message names the step."""


def check_proof(cards: Sequence[Card], rows: int, cols: int, proof: Proof) -> None:
    """Re-check every step of ``proof`` by counting, without the solver or the builder's
    helpers: the lists by brute force over every value list, each fact's cards, each
    crowd's crossings and places, that no pair of lists is left standing, and that the
    words say all they claim (:func:`check_words`); a split proof's cases each likewise,
    and that they leave its card no other pair of values. Raises :class:`ProofError`
    naming the first step that fails."""
    if (proof.rows, proof.cols) != (rows, cols):
        raise ProofError(f"the proof is for {proof.rows}x{proof.cols}, not {rows}x{cols}")
    if proof.split is not None:
        _check_split(cards, rows, cols, proof)
    else:
        if proof.pin is not None:
            _check_pin(cards, rows, cols, proof.pin)
        _check_steps(cards, rows, cols, proof)
    check_words(proof.lines)


def _check_split(cards: Sequence[Card], rows: int, cols: int, proof: Proof) -> None:
    """That a split proof says nothing but its cases; that every pair of values its
    card's row and column can share (:func:`_meetings`) is a case's (in a square, either
    way round); and that each case, pinned to its pair, holds step by step."""
    split = proof.split
    assert split is not None
    if proof != Proof(rows, cols, (), (), (), (), proof.cards, split=split):
        raise ProofError("a split proof says nothing but its cases")
    if not split.cases:
        raise ProofError("a split has no case")
    taken: list[tuple[Value, Value]] = []
    for n, case in enumerate(split.cases, 1):
        if case.split is not None or case.pin is None or case.pin.card != split.card:
            raise ProofError(f"case {n} does not take {split.card}'s row and column")
        if (case.rows, case.cols) != (rows, cols):
            raise ProofError(f"case {n} is for {case.rows}x{case.cols}, not {rows}x{cols}")
        taken.append((case.pin.row, case.pin.col))
    for a, b in _meetings(cards, rows, cols, split.card):
        if (a, b) not in taken and not (rows == cols and (b, a) in taken):
            raise ProofError(
                f"no case takes {split.card}'s row sharing {a.symbol} and its column "
                f"sharing {b.symbol}"
            )
    for n, case in enumerate(split.cases, 1):
        try:
            _check_steps(cards, rows, cols, case)
        except ProofError as error:
            raise ProofError(f"case {n}: {error}") from error


def _check_steps(cards: Sequence[Card], rows: int, cols: int, proof: Proof) -> None:
    """Every step of a proof that is not split (its pinned card, if any, taken as given:
    :func:`check_proof` checks it, or the split it is a case of)."""
    if proof.mirrored and proof.col_bars != proof.row_bars:
        raise ProofError("a square's column bars are not its row bars")
    for bar in proof.row_bars:
        _check_bar(cards, bar, rows, "row")
    for bar in proof.col_bars:
        _check_bar(cards, bar, cols, "column")
    if (proof.row_crossed or proof.col_crossed) and (
        proof.cases or (proof.row_crossed and proof.col_crossed)
    ):
        raise ProofError("values no list across goes with are only for one side, in a "
                         "proof by pairs")  # fmt: skip
    if proof.cases:
        _check_cases(cards, rows, cols, proof)
        return
    if proof.lonely and not (proof.row_crossed or proof.col_crossed):
        raise ProofError("lists with a card that fits nothing across are told only in a "
                         "proof with values no list across goes with")  # fmt: skip
    row_lists = _options_left(cards, rows, cols, proof.row_bars, proof.pin)
    col_lists = _options_left(cards, cols, rows, proof.col_bars, _turned(proof.pin))
    # the lists of the side listed in full where a card fits nothing across: by number
    out = {n for n, _ in proof.lonely}
    if proof.col_crossed:
        _check_lonely(cards, proof.lonely, row_lists, rows, "column")
        going = [o for n, o in enumerate(row_lists, 1) if n not in out]
        _check_crossed(cards, proof.col_crossed, going, "column", "row")
        col_lists = [o for o in col_lists if not any(_holds(o, c) for c in proof.col_crossed)]
    if proof.row_crossed:
        _check_lonely(cards, proof.lonely, col_lists, cols, "row")
        going = [o for n, o in enumerate(col_lists, 1) if n not in out]
        _check_crossed(cards, proof.row_crossed, going, "row", "column")
        row_lists = [o for o in row_lists if not any(_holds(o, c) for c in proof.row_crossed)]
    if list(proof.row_options) != row_lists:
        raise ProofError("the row lists are not exactly those the counts allow")
    if list(proof.col_options) != col_lists:
        raise ProofError("the column lists are not exactly those the counts allow")
    for fact in proof.facts:
        both = sum(1 for c in cards if fact.row in c.shown and fact.col in c.shown)
        if not (both == fact.cards < fact.row_lines * fact.col_lines):
            raise ProofError(
                f"{fact.row.name} and {fact.col.name}: {both} cards show both, which fill "
                f"{fact.row_lines} x {fact.col_lines} places"
            )
    crowded = {(c.row_list, c.col_list): c.why for c in proof.crowds}
    for i, row_option in enumerate(proof.row_options, 1):
        for j, col_option in enumerate(proof.col_options, 1):
            if (i if proof.col_crossed else j) in out:
                continue  # a card fits no line across the list listed in full
            if _ruled(proof, row_option, col_option):
                continue
            if (i, j) in crowded:
                _check_crowd(cards, row_option, col_option, crowded[i, j], f"lists {i} and {j}")
            elif proof.mirrored and (j, i) in crowded:  # the same grid, turned over
                _check_crowd(cards, col_option, row_option, crowded[j, i], f"lists {j} and {i}")
            else:
                raise ProofError(f"row list {i} with column list {j} is not ruled out")


def _check_bar(cards: Sequence[Card], bar: Bar, across: int, side: str) -> None:
    """That a list holding the bar's values leaves its card no line across (of ``across``
    cards): each value the card shows is ruled out for a line across."""
    for w in bar.card.shown:
        if sum(1 for c in cards if w in c.shown) < across:
            continue  # no line across can share it at all
        if any(v != w and v.attribute == w.attribute for v in bar.values):
            continue
        both = {v: sum(1 for c in cards if v in c.shown and w in c.shown) for v in bar.values}
        if any(both[v] < bar.values.count(v) for v in bar.values):
            continue
        raise ProofError(
            f"a {side} list holding {symbols(bar.values)} leaves {bar.card} a line sharing "
            f"{w.symbol}"
        )


def _holds(option: Option, values: Option) -> bool:
    """Whether a list holds ``values``, each at least as often."""
    return all(option.count(v) >= values.count(v) for v in values)


def _check_lonely(
    cards: Sequence[Card], lonely: Sequence[tuple[int, Card]], listed: Sequence[Option],
    across: int, other: str,
) -> None:  # fmt: skip
    """That each card told fits no line across its list (of ``across`` cards): each of
    its values is shown on too few cards for one, is of an attribute the list holds
    another value of, or is shown with a value of the list on fewer cards than lines
    share it."""
    for n, card in lonely:
        if not 1 <= n <= len(listed):
            raise ProofError(f"there is no list {n}")
        option = listed[n - 1]
        for w in card.shown:
            if sum(1 for c in cards if w in c.shown) < across:
                continue
            if any(v != w and v.attribute == w.attribute for v in option):
                continue
            if any(sum(1 for c in cards if v in c.shown and w in c.shown) < option.count(v)
                   for v in option):  # fmt: skip
                continue
            raise ProofError(f"list {n}: {card} fits a {other} sharing {w.symbol}")


def _check_crossed(
    cards: Sequence[Card], crossed: Sequence[Option], across: Sequence[Option], side: str,
    other: str,
) -> None:  # fmt: skip
    """That no list across (every one the counts and bars allow) goes with a list of
    ``side`` holding any of ``crossed``: with each, a value of it and one of them are two
    values of one attribute, or shown together on fewer cards than the k lines sharing
    the one and the m lines sharing the other cross in."""
    for values in crossed:
        for option in across:
            if not any(
                (v != w and v.attribute == w.attribute)
                or sum(1 for c in cards if v in c.shown and w in c.shown)
                < option.count(v) * values.count(w)
                for v in set(option) for w in set(values)
            ):  # fmt: skip
                raise ProofError(
                    f"a {side} list holding {symbols(values)} could go with the {other} list "
                    f"{symbols(option)}"
                )


def _meetings(cards: Sequence[Card], rows: int, cols: int, card: Card) -> list[tuple[Value, Value]]:
    """The pairs of ``card``'s values (row value, column value; a value twice among them)
    that its row and column, meeting at it alone, can share: they hold rows + cols - 1
    cards, each showing the row's value or the column's, a row's worth showing the row's
    and a column's worth the column's."""
    found = []
    for a, b in product(card.shown, repeat=2):
        showing_a = sum(1 for c in cards if a in c.shown)
        showing_b = sum(1 for c in cards if b in c.shown)
        either = sum(1 for c in cards if a in c.shown or b in c.shown)
        if showing_a >= cols and showing_b >= rows and either >= rows + cols - 1:
            found.append((a, b))
    return found


def _check_pin(cards: Sequence[Card], rows: int, cols: int, pin: Pin) -> None:
    """That a row sharing one of the pinned card's values and a column sharing one (the
    same, it may be) can meet at it alone only for its row and column values (in a
    square, either way round)."""
    for a, b in _meetings(cards, rows, cols, pin.card):
        if (a, b) == (pin.row, pin.col) or (rows == cols and (b, a) == (pin.row, pin.col)):
            continue
        raise ProofError(
            f"{pin.card} could sit where a row sharing {a.symbol} crosses a column "
            f"sharing {b.symbol}"
        )


def _turned(pin: Pin | None) -> Pin | None:
    """The pinned card as the columns see it (its column value first)."""
    return None if pin is None else Pin(pin.card, pin.col, pin.row)


def _options_left(
    cards: Sequence[Card], lines: int, length: int, bars: Sequence[Bar], pin: Pin | None
) -> list[Option]:
    """The lists the counts allow (by brute force) that a pinned card allows (its
    ``row`` value being this side's) and that hold no bar's values."""
    return [
        o for o in _all_options(cards, lines, length)
        if (pin is None or _pinned(cards, o, pin, lines)) and not any(b.holds(o) for b in bars)
    ]  # fmt: skip


def _pinned(cards: Sequence[Card], option: Option, pin: Pin, lines: int) -> bool:
    """Whether a list of this side (its lines crossing the pinned card's other line,
    which has ``lines`` cards) holds the pinned value, and, when only that many cards show
    the other line's value, a value of each of the other cards of that line besides."""
    if pin.row not in option:
        return False
    across = [c for c in cards if pin.col in c.shown]
    if len(across) != lines:
        return True
    rest = list(option)
    rest.remove(pin.row)
    others = [c for c in across if c != pin.card]
    return any(all(v in card.shown for v, card in zip(rest, order, strict=True))
               for order in permutations(others))  # fmt: skip


def _check_cases(cards: Sequence[Card], rows: int, cols: int, proof: Proof) -> None:
    """Re-check a proof by one side's lists: the lists by brute force, and for each, the
    values the other side can share, the card showing none of them or the other side's
    lists over them (by brute force again) and a crowd for each."""
    listing_rows = proof.listed == "rows"
    listed = proof.row_options if listing_rows else proof.col_options
    side, other_side = ("row", "column") if listing_rows else ("column", "row")
    lines, length = (rows, cols) if listing_rows else (cols, rows)
    bars, other_bars = (
        (proof.row_bars, proof.col_bars) if listing_rows else (proof.col_bars, proof.row_bars)
    )
    pins = (proof.pin, _turned(proof.pin)) if listing_rows else (_turned(proof.pin), proof.pin)
    if list(listed) != _options_left(cards, lines, length, bars, pins[0]):
        raise ProofError(f"the {side} lists are not exactly those the counts allow")
    if [case.option for case in proof.cases] != list(range(1, len(listed) + 1)):
        raise ProofError(f"the cases are not one for each {side} list, in order")
    every_other = _options_left(cards, length, lines, other_bars, pins[1])
    values = [v for attribute in cards[0].deck.attributes for v in attribute.values]

    def both(v: Value, w: Value) -> int:
        return sum(1 for c in cards if v in c.shown and w in c.shown)

    for case, option in zip(proof.cases, listed, strict=True):
        where = f"{side} list {case.option}"
        allowed = [
            w for w in values
            if sum(1 for c in cards if w in c.shown) >= lines  # the other side's length
            and all(v == w or v.attribute != w.attribute for v in option)
            and all(both(v, w) >= option.count(v) for v in option)
        ]  # fmt: skip
        if list(case.allowed) != allowed:
            raise ProofError(f"{where}: the {other_side} values allowed are not {allowed}")
        if case.lonely is not None:
            if case.others or any(w in case.lonely.shown for w in allowed):
                raise ProofError(f"{where}: {case.lonely} shows a value allowed")
            continue
        others = [
            o for o in every_other
            if all(o.count(w) * option.count(v) <= both(v, w) for v in option for w in o)
            and all(w in allowed for w in o)
        ]  # fmt: skip
        if list(case.others) != others or len(case.crowds) != len(others):
            raise ProofError(f"{where}: the {other_side} lists left are not exactly those")
        for o, why in zip(others, case.crowds, strict=True):
            pair = (option, o) if listing_rows else (o, option)
            _check_crowd(cards, *pair, why, f"{where} with {symbols(o)}")


def check_words(lines: Sequence[str]) -> None:
    """Check that the proof's words say all they claim: no step is empty, and a step that
    announces what follows (it ends in a colon) is followed by at least one step it
    announces, not by another announcement nor by the conclusion ("That ...")."""
    for n, line in enumerate(lines, 1):
        if not line.strip():
            raise ProofError(f"step {n} is empty")
        if line.endswith(":"):
            after = lines[n] if n < len(lines) else ""
            if not after.strip() or after.endswith(":") or after.startswith("That "):
                raise ProofError(f"step {n} announces steps that do not follow: {line!r}")


def _ruled(proof: Proof, rows: Option, cols: Option) -> bool:
    """Whether the rule of one value an attribute or a crossing fact rules the pair out
    (in a square grid, either way round)."""
    if any(v != w and v.attribute == w.attribute for v in rows for w in cols):
        return True
    for f in proof.facts:
        if rows.count(f.row) >= f.row_lines and cols.count(f.col) >= f.col_lines:
            return True
        if proof.mirrored and cols.count(f.row) >= f.row_lines and rows.count(f.col) >= f.col_lines:
            return True
    return False


def _check_crowd(
    cards: Sequence[Card], rows: Option, cols: Option, why: TooMany, where: str
) -> None:
    crossings = {(v, w) for v in rows for w in cols}
    places = sum(rows.count(v) * cols.count(w) for v, w in set(why.crossings))
    if why.unfilled:  # places that only the cards named fit, more places than cards
        for card in cards:
            if card not in why.cards and any(
                v in card.shown and w in card.shown for v, w in set(why.crossings) & crossings
            ):
                raise ProofError(f"{where}: {card} fits a crossing named and is not named")
        if not (places >= why.places > len(set(why.cards))):
            raise ProofError(f"{where}: the places do not outnumber the cards that fit them")
        return
    for card in why.cards:
        fits = {(v, w) for v, w in crossings if v in card.shown and w in card.shown}
        if not fits <= set(why.crossings):
            raise ProofError(f"{where}: {card} fits a crossing not named")
    if not (places <= why.places < len(set(why.cards))):
        raise ProofError(f"{where}: the cards do not outnumber their places")


def _all_options(cards: Sequence[Card], lines: int, length: int) -> list[Option]:
    """Brute force: every value list that passes the counts and lets the cards split.

    The values are worked on by their place in the deck's list of values (a value's own
    hash is Python code, and the brute force asks millions of times)."""
    attributes = cards[0].deck.attributes
    values = [v for attribute in attributes for v in attribute.values]
    offsets = [sum(len(a.values) for a in attributes[:k]) for k in range(len(attributes))]
    shown = [frozenset(o + x for o, x in zip(offsets, c.values, strict=False)) for c in cards]
    showing = [sum(1 for s in shown if v in s) for v in range(len(values))]
    places = [v for v in range(len(values)) if showing[v] >= length]
    found = []
    for option in combinations_with_replacement(places, lines):
        if any(showing[v] < option.count(v) * length for v in option):
            continue
        if any(s.isdisjoint(option) for s in shown):
            continue
        if _can_split(shown, option, length):
            found.append(tuple(values[v] for v in option))
    return found


def _can_split(shown: Sequence[frozenset[int]], option: tuple[int, ...], length: int) -> bool:
    """Hall's condition over the option's values: every group of values can take all the
    cards that show no other value of the option (``shown``: each card's values)."""
    distinct = sorted(set(option), key=option.index)
    for mask in range(1, 1 << len(distinct)):
        group = {v for i, v in enumerate(distinct) if mask >> i & 1}
        others = set(distinct) - group
        only = sum(1 for s in shown if others.isdisjoint(s))
        if only > sum(option.count(v) for v in group) * length:
            return False
    return True
