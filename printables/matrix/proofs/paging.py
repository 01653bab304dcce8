"""A proof told within a page: a proof in full that would run over :data:`PAGE`
characters is told more briefly, its steps the same (the package's docstring says how): a
crowd told the other way round is restated the usual way, from the proof's own lists."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from printables.cards.deck import Card, Value
from printables.matrix.proofs.data import PAGE, Option, Proof, TooMany
from printables.matrix.proofs.words import crowd_text, told_last

LAST_TOLD_MOST = 6
"""The most crowds told last ("Every other pair: either ...; or ...", a reader trying
each in turn on a pair not named) in a proof that would run over a page otherwise."""


def within_a_page(proof: Proof) -> Proof:
    """The proof, or, when its words run over a :data:`PAGE`, the same proof told more
    briefly: the crossings of the crowds that take the most words to name left to the
    reader (:attr:`TooMany.crossings_told`), and more crowds told last, their pairs
    unnamed (:attr:`Proof.told_last`, up to :data:`LAST_TOLD_MOST`), the fewest of the
    two in all that bring it within the page; kept as it is when none would. A crowd
    told the other way round (the places only a few cards fit) is told without its
    crossings the usual way: every other card, at the only places those fit."""
    if proof.length <= PAGE:
        return proof
    pairs_of: dict[TooMany, list[tuple[Option, Option]]] = {}
    for why, pair in served(proof):
        pairs_of.setdefault(why, []).append(pair)
    cards = proof.cards
    bare = {why: bare_crowd(cards, why, pairs) for why, pairs in pairs_of.items()}
    saving = {why: len(crowd_text(why, cards)) - len(crowd_text(bare[why], cards)) for why in bare}
    whys = sorted((why for why in bare if saving[why] > 0), key=lambda why: -saving[why])
    usual = len(told_last(proof))
    crowds = len({crowd.why for crowd in proof.crowds})
    best: tuple[int, Proof] | None = None  # the fewest changes, and the proof so told
    # (one crowd at least stays named, for the pairs "every other pair" is told against)
    for last in range(usual, max(usual, min(crowds - 1, LAST_TOLD_MOST)) + 1):
        if best is not None and last - usual >= best[0]:
            break  # told last beyond the usual alone are as many changes as the best
        told = proof if last == usual else replace(proof, told_last=last)
        fitted = _fewest_bare(told, whys, bare, saving)
        if fitted is not None and (best is None or fitted[0] + last - usual < best[0]):
            best = (fitted[0] + last - usual, fitted[1])
    return proof if best is None else best[1]


def _fewest_bare(
    proof: Proof, whys: Sequence[TooMany], bare: dict[TooMany, TooMany], saving: dict[TooMany, int]
) -> tuple[int, Proof] | None:
    """Few of ``whys`` (most words ``saving`` first) told without their crossings, as
    ``bare`` tells them, that bring the proof within a :data:`PAGE`: how many, and the
    proof so told; None when not even all of them do. The shortest run of the first
    ``whys`` that fits is found by halving (each one more shortens the words), then any
    of them is named again that the page still has room for."""
    told: dict[frozenset[TooMany], Proof] = {}

    def telling_of(chosen: Iterable[TooMany]) -> Proof:
        key = frozenset(chosen)
        if key not in told:
            told[key] = telling(proof, {why: bare[why] for why in key}) if key else proof
        return told[key]

    def length(chosen: Iterable[TooMany]) -> int:
        return telling_of(chosen).length

    if length(()) <= PAGE:
        return 0, proof
    if length(whys) > PAGE:
        return None
    low, high = 0, len(whys)  # the fewest first whys that fit: more than low, at most high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if length(whys[:middle]) <= PAGE else (middle, high)
    chosen = list(whys[:high])
    # ``saving`` weighs one crowd's own words; the page may gain more (a crowd told in
    # several cases, an opening's sentence that goes with the last of a kind), so a crowd
    # that saves few words may be named again when the others saved more than was needed
    spare = PAGE - length(chosen)
    for why in reversed(whys[: high - 1]):
        if saving[why] <= spare:
            fewer = [w for w in chosen if w != why]
            if (shorter := length(fewer)) <= PAGE:
                chosen, spare = fewer, PAGE - shorter
    return len(chosen), telling_of(chosen)


def _places(
    cards: Sequence[Card], rows: Option, cols: Option
) -> tuple[list[tuple[Value, Value]], int]:
    """The crossings of a pair of lists where some of ``cards`` fit, and their places."""
    fitted = [(v, w) for v in dict.fromkeys(rows) for w in dict.fromkeys(cols)
              if any(v in card.shown and w in card.shown for card in cards)]  # fmt: skip
    return fitted, sum(rows.count(v) * cols.count(w) for v, w in fitted)


def bare_crowd(
    cards: Sequence[Card], why: TooMany, pairs: Sequence[tuple[Option, Option]]
) -> TooMany:
    """The crowd with its crossings left to the reader; told the other way round
    (``unfilled``), the cards it does not name, the crossings they fit in ``pairs`` (the
    lists of the rows and the columns where it serves) and the most places those hold."""
    if not why.unfilled:
        return replace(why, crossings_told=False)
    inside = tuple(card for card in cards if card not in why.cards)
    values = [value for attribute in cards[0].deck.attributes for value in attribute.values]
    order = {value: n for n, value in enumerate(values)}
    crossings: set[tuple[Value, Value]] = set()
    places = 0
    for rows, cols in pairs:
        fitted, held = _places(inside, rows, cols)
        crossings.update(fitted)
        places = max(places, held)
    named = sorted(crossings, key=lambda at: (order[at[0]], order[at[1]]))
    return TooMany(inside, tuple(named), places, crossings_told=False)


def served(proof: Proof) -> Iterable[tuple[TooMany, tuple[Option, Option]]]:
    """Every crowd the proof tells (its cases' and its split's included), with the lists
    of the rows and of the columns of each pair of lists it serves."""
    for crowd in proof.crowds:
        yield (
            crowd.why,
            (proof.row_options[crowd.row_list - 1], proof.col_options[crowd.col_list - 1]),
        )
    rows = proof.listed == "rows"
    for case in proof.cases:
        option = (proof.row_options if rows else proof.col_options)[case.option - 1]
        for other, why in zip(case.others, case.crowds, strict=True):
            yield why, ((option, other) if rows else (other, option))
    for part in proof.split.cases if proof.split is not None else ():
        yield from served(part)


def telling(proof: Proof, told: dict[TooMany, TooMany]) -> Proof:
    """The proof with each crowd of ``told`` told as its value there instead."""
    split = proof.split
    if split is not None:
        split = replace(split, cases=tuple(telling(part, told) for part in split.cases))
    return replace(
        proof,
        crowds=tuple(replace(crowd, why=told.get(crowd.why, crowd.why)) for crowd in proof.crowds),
        cases=tuple(replace(case, crowds=tuple(told.get(why, why) for why in case.crowds))
                    for case in proof.cases),
        split=split,
    )  # fmt: skip
