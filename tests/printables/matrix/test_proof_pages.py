"""Long proofs in words kept short: lists, pairs and crossings grouped, many crowds told
last, and a proof in full within a page (told more briefly when it would run over),
every one still re-checked by the independent checker."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import pytest

from printables.cards.deck import Value
from printables.matrix.proofs import (
    PAGE,
    RULES,
    Proof,
    ProofError,
    TooMany,
    check_proof,
    check_words,
    finding,
    impossibility_proof,
    paging,
)
from printables.matrix.proofs.words import crowd_text
from printables.matrix.puzzles import get_puzzle


def test_long_proofs_group_their_lists_pairs_and_crossings_and_say_how_to_read_them() -> None:
    """A hard 5x5 proof: values no list may hold are barred first, lists that differ only
    in their last value share a number range, pairs and crossings are grouped, a crowd of
    most of the set is named by the cards it leaves out, and the words say once how each
    grouping reads; every list and pair the proof holds is still named."""
    puzzle = get_puzzle("5x5-pezgen")
    proof = puzzle.proof
    assert proof is not None
    check_proof(puzzle.cards, 5, 5, proof)
    lines = proof.lines
    assert lines[1].startswith("No row list holds G~ (Rg=T would fit no column), B~ (Rg=T)")
    assert lines[3].startswith(
        "Row lists left: [BG] (1-3) GR w/S/C, (4-6) Rb w/S/C, "
        "(7-10) Rw w/=/S/C, (11) RSC, (12) w=z; (13) BRbwC;"
    )
    # the brackets' example shows a number range too
    assert '"[BG] (1) RS, (2-3) b w/z" is lists BGRS, BGbw and BGbz.' in lines[0]
    assert '"(2-3) b w/z" is lists bw and bz' not in lines[0]
    assert lines[3].endswith(f"({len(proof.row_options)}) =~zSC.")
    told = [line for line in lines if line[0] in "(0123456789"]
    assert "(1, 2) x 3: 1 x 3 and 2 x 3; B/G x T: a row sharing B or G" in lines[5]
    # a crowd of most of the set, told the other way round by the cards it leaves out
    assert any(": only GwzT RbzC BbzS RbzS Rw~S Rw~T GwzS Rg=T fit at" in line
               for line in lines)  # fmt: skip
    # every pair left is named in the grouped words, read back, but those of the crowd
    # told last for "every other pair"
    named = named_pairs(told)
    assert lines[-1].startswith("Every other pair: ")
    serving: dict[object, set[tuple[int, int]]] = {}
    for c in proof.crowds:
        serving.setdefault(c.why, set()).add((c.row_list, c.col_list))
    most = max(serving, key=lambda why: len(serving[why]))
    assert lines[-1].endswith(f"{most.places} places, {len(most.cards)} cards.")
    last = serving[most]
    assert named | last == {(c.row_list, c.col_list) for c in proof.crowds}
    assert not named & last
    # 10,905 before the grouping, 6,568 before bars, 2,500 before lists written as cards are
    assert sum(len(line) for line in lines) < 2_200


OVER_A_PAGE_BEFORE = {"5x5-qd2emn": 4_901, "4x5-61wkh7": 4_624, "4x5-1t09mt": 5_250,
                 "4x5-0vpn7f": 4_776}  # fmt: skip
"""Long proofs in full found in 18,000 impossible sets (``bench_proofs.py``'s and
beyond), with their lengths when lists were written with spaces and each crowd's pairs
named: each ran over a page."""


@pytest.mark.parametrize("puzzle_id", OVER_A_PAGE_BEFORE)
def test_proofs_that_ran_over_a_page_now_fit_one(puzzle_id: str) -> None:
    """A set typed by hand gets its proof in full (the rules, then the steps): these four,
    over a page before, now fit one, 4,500 characters, every crowd's crossings named, and
    still check (longer sets: the next test)."""
    puzzle = get_puzzle(puzzle_id)
    proof = puzzle.proof
    assert proof is not None
    check_proof(puzzle.cards, puzzle.rows, puzzle.cols, proof)
    check_words(proof.lines)
    assert sum(map(len, proof.lines)) <= PAGE == 4_500 < OVER_A_PAGE_BEFORE[puzzle_id]
    assert all(crowd.why.crossings_told for crowd in proof.crowds)


OVER_A_PAGE_NAMING_EVERY_CROSSING = {"4x5-3asjxr": 5_083, "4x5-jkmxb0": 4_550,
                                     "4x5-8d7vf4": 4_546, "4x5-cpqtc6": 4_730,
                                     "4x5-z1ved3": 4_708, "4x5-180dnz": 5_602}  # fmt: skip
"""The longest of the 16 proofs in full that ran over a page with every crowd's crossings
named and the usual crowds told last, found in 40,000 hard impossible 4x5 sets beyond
``bench_proofs.py``'s own (seeds 100,000 to 139,999), with those lengths."""


def bare_crowds(proof: Proof) -> list[TooMany]:
    """The proof's crowds whose crossings its words leave to the reader."""
    return [why for why in dict.fromkeys(c.why for c in proof.crowds) if not why.crossings_told]


def retold(proof: Proof, why: TooMany, told: TooMany) -> Proof:
    """The proof with the crowd ``why`` told as ``told`` instead."""
    crowds = [dataclasses.replace(c, why=told) if c.why == why else c for c in proof.crowds]
    return dataclasses.replace(proof, crowds=tuple(crowds))


@pytest.mark.parametrize("puzzle_id", OVER_A_PAGE_NAMING_EVERY_CROSSING)
def test_a_proof_over_a_page_leaves_the_longest_crossings_to_the_reader(
    puzzle_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A proof in full that would run over a page leaves the crossings of some crowds
    for the reader to find ("4 cards, at most 3 places"), those whose crossings take the
    most words, and tells more crowds last, their pairs unnamed, as few in all as bring
    it within the page: telling any of them as found again runs over. The data still
    holds every crossing and every pair's crowd, and the checker checks them."""
    puzzle = get_puzzle(puzzle_id)
    proof = puzzle.proof
    assert proof is not None and not proof.cases and proof.split is None
    check_proof(puzzle.cards, puzzle.rows, puzzle.cols, proof)
    check_words(proof.lines)
    assert sum(map(len, proof.lines)) <= PAGE
    monkeypatch.setattr(finding, "within_a_page", lambda proof: proof)
    found = impossibility_proof(puzzle.cards, puzzle.rows, puzzle.cols)
    assert sum(map(len, found.lines)) == OVER_A_PAGE_NAMING_EVERY_CROSSING[puzzle_id]
    as_found = {(c.row_list, c.col_list): c.why for c in found.crowds}
    assert set(as_found) == {(c.row_list, c.col_list) for c in proof.crowds}  # the same pairs
    bare = bare_crowds(proof)
    assert bare and not any(why.unfilled for why in bare)
    text = "\n".join(proof.lines)
    # the words say each bare crowd's cards and places, and no more
    assert len(re.findall(r": \d+ cards, at most \d+ places?\b", text)) == len(bare)
    for why in bare:
        places = f"{why.places} place{'s' if why.places != 1 else ''}"
        assert f": {len(why.cards)} cards, at most {places}" in text
        first = next(as_found[c.row_list, c.col_list] for c in proof.crowds if c.why == why)
        assert sum(map(len, retold(proof, why, first).lines)) > PAGE
    usual = dataclasses.replace(proof, told_last=0)
    last = text.splitlines()[-1]
    assert last.startswith("Every other pair: either")
    if proof.told_last:  # more than usual: each pair left fails by one of them
        assert proof.told_last == last.count("; or ") + 1 > usual.lines[-1].count("; or ") + 1
        assert sum(map(len, dataclasses.replace(proof, told_last=proof.told_last - 1).lines)) > PAGE
    told = {c.why for c in proof.crowds if c.why.crossings_told and not c.why.unfilled}
    if len(bare) == 1:  # the crowd whose crossings take the most words goes first
        named = dataclasses.replace(bare[0], crossings_told=True)
        assert len(crowd_text(named, proof.cards)) - len(crowd_text(bare[0], proof.cards)) >= max(
            len(crowd_text(why, proof.cards))
            - len(crowd_text(dataclasses.replace(why, crossings_told=False), proof.cards))
            for why in told
        )
    # a bare crowd's count is checked as any other's
    wrong = dataclasses.replace(bare[0], places=len(bare[0].cards))
    with pytest.raises(ProofError, match="outnumber"):
        check_proof(puzzle.cards, puzzle.rows, puzzle.cols, retold(proof, bare[0], wrong))


@pytest.mark.parametrize("puzzle_id", ["4x4-m9qmdd", "3x4-z8ajjb", "5x5-874kbf"])
def test_a_crowd_told_the_other_way_round_is_told_bare_the_usual_way(puzzle_id: str) -> None:
    """Every crowd of a proof told without its crossings, those told the other way round
    ("only ... fit at ...") as the cards they leave out at the places those fit, still
    checks: in a square turned over too (4x4), in a proof by one side's lists (3x4) and
    in a split's cases (5x5). A crowd with one card fewer, or one place more, does not."""
    puzzle = get_puzzle(puzzle_id)
    proof = puzzle.proof
    assert proof is not None
    kind = proof.mirrored, bool(proof.cases), proof.split is not None
    assert kind == {"4x4": (True, False, False), "3x4": (False, True, False),
                    "5x5": (False, False, True)}[puzzle_id[:3]]  # fmt: skip
    served: dict[TooMany, list[tuple[tuple[Value, ...], tuple[Value, ...]]]] = {}
    for why, pair in paging.served(proof):
        served.setdefault(why, []).append(pair)
    assert any(why.unfilled for why in served)
    bare = {why: paging.bare_crowd(puzzle.cards, why, pairs) for why, pairs in served.items()}
    told = paging.telling(proof, bare)
    check_proof(puzzle.cards, puzzle.rows, puzzle.cols, told)
    check_words(told.lines)
    assert "fit at" not in "\n".join(told.lines)  # no crossings named anywhere
    for why in served:
        if why.unfilled:
            short = dataclasses.replace(bare[why], cards=bare[why].cards[1:])
            more = dataclasses.replace(bare[why], places=bare[why].places + 1)
            for wrong in (short, more):
                with pytest.raises(ProofError):
                    check_proof(puzzle.cards, puzzle.rows, puzzle.cols,
                                paging.telling(proof, {**bare, why: wrong}))  # fmt: skip


def named_pairs(lines: Sequence[str]) -> set[tuple[int, int]]:
    """The pairs of lists the crowds' lines name, read back from their words: ``1 x (24,
    26), (2, 10) x 24, 3 x (5-7)``."""
    group = r"\(([\d, -]+)\)|(\d+)"

    def numbers(text: str) -> list[int]:
        found: list[int] = []
        for part in text.split(", "):
            first, _, last = part.partition("-")
            found += range(int(first), int(last or first) + 1)
        return found

    named = set()
    for line in lines:
        if line[0] in "0123456789(":
            for g in re.findall(rf"(?:{group}) x (?:{group})", line.split(":")[0]):
                named |= {(r, c) for r in numbers(g[0] or g[1]) for c in numbers(g[2] or g[3])}
    return named


@pytest.mark.parametrize(
    ("puzzle_id", "last"), [("4x4-4gem10", 1), ("4x5-q2snkq", 2), ("4x5-1t09mt", 3)]
)
def test_a_proof_of_many_crowds_leaves_a_few_unnamed_each_pair_failing_by_one(
    puzzle_id: str, last: int
) -> None:
    """With 12 crowds or more, the two serving the most pairs are told last, "either ...;
    or ...", their pairs unnamed, and with 18 or more, three: every pair left is named for
    one crowd, or fails by one of those. A proof of fewer crowds tells one last."""
    puzzle = get_puzzle(puzzle_id)
    proof = puzzle.proof
    assert proof is not None
    serving: dict[TooMany, set[tuple[int, int]]] = {}
    for c in proof.crowds:
        serving.setdefault(c.why, set()).add((c.row_list, c.col_list))
    assert (len(serving) >= 12) + (len(serving) >= 18) == last - 1
    most = sorted(serving, key=lambda why: len(serving[why]), reverse=True)[:last]
    told = proof.lines[-1]
    assert told.startswith("Every other pair: either " if last > 1 else "Every other pair: ")
    assert told.count("; or ") == last - 1
    for why in most:
        assert crowd_text(why, puzzle.cards)[:-1] in told
    unnamed = set().union(*(serving[why] for why in most))
    named = named_pairs(proof.lines)
    assert named | unnamed == {(c.row_list, c.col_list) for c in proof.crowds}
    assert not named & unnamed
    assert '"either ...; or ...": each such pair fails by one of these crowds' in RULES
    either = '("either ...; or ...": by one of these).'
    assert (either in proof.lines[0]) == (last > 1)


def test_a_list_that_would_read_as_a_card_is_spaced_and_a_range_is_explained() -> None:
    """Lists are written as cards are, but one of a value of each attribute would read as
    a card (4x4-n45752's GgzC is one of its cards): it is spaced, and the opening says
    why; a proof with number ranges and no brackets explains the ranges alone."""
    puzzle = get_puzzle("4x4-n45752")
    proof = puzzle.proof
    assert proof is not None and "GgzC" in {str(card) for card in puzzle.cards}
    listed = " ".join(line for line in proof.lines[1:] if "lists" in line)
    assert "(4) G g z C" in listed and "GgzC" not in listed
    assert (
        "(numbered; written as cards are: GGRz; G g z C if it would read as a card)"
        in (proof.lines[0])
    )
    ranged = get_puzzle("3x5-3yx0ee").proof
    assert ranged is not None and "Row lists: (1-2) Gb w/~." in ranged.lines
    assert '"(2-3) b w/z" is lists bw and bz.' in ranged.lines[0]
    assert "G g z C" not in ranged.lines[0]  # no list there would read as a card
    assert "(numbered; written as cards are: GGRz)" in ranged.lines[0]
