"""Costly Tricks problems (PARADOX), the puzzle kind: ids that round-trip and keep their
meaning, problems that meet their grade (checked against a plain minimax written here, not
the project's solver), drills checked by the trick rules, and verdicts with reasons."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.wording import signed
from printables.paradox import problems
from printables.paradox.problems import (
    DEAL_PREFIX,
    HAND_SIZES,
    KIND,
    LEVELS,
    QUESTIONS,
    WHOLE_DEAL,
    Problem,
    canonical_id,
    deal_id,
    generated_id,
    grade_best,
    grade_play,
    parse_id,
    play_level,
    position_id,
    problem_ids,
    read_play,
    read_seat,
)
from printables.paradox.solver import Solver, solve
from printables.paradox.tricks import (
    SEATS,
    TRICK_COST,
    Position,
    color,
    legal_cards,
    points,
    rank,
    side_of,
    trump_of,
    why_not,
    winner,
)
from printables.puzzles import (
    GenerationError,
    PuzzleError,
    PuzzleIdError,
    get_puzzle,
    kind_of,
    sheet_seeds,
)

GOLDEN = Path(__file__).parents[1] / "golden" / "puzzle-ids.json"
BOOK = {  # the book's worked trick: A leads R5, B B3, A's ghost P10, B's ghost B6
    "hands": [["R10", "R5", "G4"], ["G2", "B8", "B3"], ["G3", "P10", "P1"], ["B10", "B7", "B6"]],
    "leader": 0,
}


def cards(*names: str) -> tuple[Card, ...]:
    return tuple(PARADOX.card(n) for n in names)


@cache
def golden() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))[KIND.key]
    return entries


# -- a plain minimax, independent of the solver ----------------------------------------------


def remaining(position: Position) -> int:
    """Both sides' nets from ``position`` to the end of the round add up to this."""
    held = [c for h in position.hands for c in h]
    tricks = (len(held) + len(position.trick)) // 4
    return points(held) + points(position.trick) - TRICK_COST * tricks


@cache
def net(position: Position) -> int:
    """The net the side to move can force to the end of the round (the trick in progress
    included): every card tried, every reply tried."""
    return max(after(position, card) for card in position.legal())


def after(position: Position, card: Card) -> int:
    """The mover's net after playing ``card``, best play from then on."""
    mover = side_of(position.to_move)
    worth = points(position.trick) + rank(card)
    following, taker = position.play(card)
    gained = worth - TRICK_COST if taker is not None and side_of(taker) == mover else 0
    if following.over:
        return gained
    rest = net(following)
    if side_of(following.to_move) == mover:
        return gained + rest
    return gained + remaining(following) - rest


def minimax_values(position: Position) -> dict[Card, int]:
    return {card: after(position, card) for card in position.legal()}


def plain_line(position: Position) -> list[Card]:
    """The line of best play, ties broken by the deck's order (as the key's line is)."""
    line = []
    while not position.over:
        values = minimax_values(position)
        top = max(values.values())
        card = min((c for c, v in values.items() if v == top), key=PARADOX.cards.index)
        line.append(card)
        position, _ = position.play(card)
    return line


def nets_by_trick(position: Position, line: list[Card], side: int) -> list[int]:
    out, total, worth = [], 0, points(position.trick)
    for card in line:
        position, taker = position.play(card)
        worth += rank(card)
        if taker is not None:
            total += worth - TRICK_COST if side_of(taker) == side else 0
            out.append(total)
            worth = 0
    return out


def same(one: Position | None, other: Position) -> bool:
    """The same position, whatever the order of the cards in each hand."""
    assert one is not None
    hands_alike = [set(h) for h in one.hands] == [set(h) for h in other.hands]
    return hands_alike and (one.leader, one.trick) == (other.leader, other.trick)


def random_positions(n: int, count: int, seed: int) -> Iterator[Position]:
    rng = random.Random(seed)
    for _ in range(count):
        dealt = rng.sample(PARADOX.cards, 4 * n)
        position = Position.checked(
            [dealt[s * n : (s + 1) * n] for s in range(4)], rng.randrange(4)
        )
        for _ in range(rng.randrange(4)):
            position, _ = position.play(rng.choice(position.legal()))
        yield position


def test_the_plain_minimax_agrees_with_the_solver_on_small_endings() -> None:
    for n in (1, 2, 3):
        for position in random_positions(n, 25, seed=n):
            solution = solve(position)
            assert solution.cards == minimax_values(position), position
            assert solution.net == net(position)


# -- ids ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("question", list(QUESTIONS.values()))
def test_generated_ids_round_trip_in_any_case(question: str) -> None:
    for n in HAND_SIZES:
        for level in LEVELS.values():
            for seed in (0, 1, 77, 999_999):
                problem_id = generated_id(question, n, level, seed)
                assert re.fullmatch(r"costly-tricks-[0-9a-hjkmnp-tv-z]{6}", problem_id)
                assert KIND.owns(problem_id.upper()) and kind_of(problem_id) is KIND
                spec = parse_id(f"  {problem_id.upper()} ")
                read = (spec.question, spec.cards, spec.level, spec.seed)
                assert read == (question, n, level, seed)


@pytest.mark.parametrize("question", list(QUESTIONS.values()))
def test_ids_read_o_as_zero_and_i_l_as_one_and_name_the_printed_problem(question: str) -> None:
    """A pupil typing a printed id's 0 as o, or its 1 as l or I, opens the printed
    problem, under its printed id (the problem was made from the id as typed, so such an
    id opened another deal)."""
    ids = (generated_id(question, 4, "medium", s) for s in range(200))
    problem_id = next(i for i in ids if "0" in i[14:] and "1" in i[14:])
    for ones in ("l", "I"):
        typed = problem_id[:14] + problem_id[14:].replace("0", "O").replace("1", ones)
        assert parse_id(typed) == parse_id(problem_id)
        assert canonical_id(f" {typed} ") == problem_id
        made = KIND.get(typed)
        assert made.id == problem_id and made == KIND.get(problem_id)
    whole = next(d for d in (deal_id("hard", s) for s in range(200)) if "0" in d[16:])
    assert canonical_id(whole.replace("0", "o").upper()) == whole


@pytest.mark.parametrize(
    ("problem_id", "share"),
    [(generated_id("play", 4, "medium", 4242), 0.9), (deal_id("medium", 4242), 0.99)],
)
def test_most_mistyped_ids_are_refused(problem_id: str, share: float) -> None:
    """One character of the code mistyped (an ending's id, a whole deal's)."""
    refused = tried = 0
    for k in range(problem_id.rindex("-") + 1, len(problem_id)):
        for ch in "0123456789abcdefghjkmnpqrstvwxyz":
            if ch == problem_id[k]:
                continue
            tried += 1
            try:
                parse_id(problem_id[:k] + ch + problem_id[k + 1 :])
            except PuzzleIdError:
                refused += 1
    assert refused / tried > share


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("costly-tricks-12345", "expected costly-tricks- and six letters or digits"),
        ("costly-tricks-12345u", "'u' cannot be in a problem code"),
        ("costly-tricks-zzzzzz", "not the id of any problem; check it for a mistyped character"),
        ("costly-tricks-p-1jg0j4000010x", "not the id of any position"),
        ("4x4-258n5q", "is not a Costly Tricks id"),
        ("costly-tricks-d-12345", "expected costly-tricks- and six letters or digits"),
        ("costly-tricks-d-1234567", "expected costly-tricks- and six letters or digits"),
        ("costly-tricks-d-12345u", "'u' cannot be in a problem code"),
        ("costly-tricks-d-zzzzzz", "not the id of any problem; check it for a mistyped character"),
    ],
)
def test_bad_ids_say_what_is_wrong(text: str, expected: str) -> None:
    with pytest.raises(PuzzleIdError, match=re.escape(expected)):
        parse_id(text)


def test_a_position_id_names_any_position_and_catches_typing_mistakes() -> None:
    for n in (1, 3, 6, 11):
        for position in random_positions(n, 10, seed=100 + n):
            problem_id = position_id(position)
            assert problem_id.startswith("costly-tricks-p-")
            assert same(parse_id(problem_id.upper()).position, position)
            code = problem_id[len("costly-tricks-p-") :]
            caught = 0
            for k in range(len(code)):
                wrong = "7" if code[k] != "7" else "8"
                try:
                    typo = parse_id(problem_id[: -len(code)] + code[:k] + wrong + code[k + 1 :])
                except PuzzleIdError:
                    caught += 1
                else:
                    assert not same(typo.position, position)
            assert caught >= len(code) - 2


def test_a_position_id_is_the_same_whatever_the_order_of_the_hands() -> None:
    position = Position.read(BOOK)
    shuffled = Position(tuple(tuple(reversed(h)) for h in position.hands), 0)
    assert position_id(shuffled) == position_id(position)


def test_a_worksheets_problems_come_from_its_seed_and_neighbouring_seeds_share_none() -> None:
    choices = KIND.choices(cards="5", question="winner", level="hard")
    seeds = sheet_seeds(3, 40, "costly-tricks worksheet", 10**6)
    assert KIND.ids(3, 40, choices) == [generated_id("winner", 5, "hard", s) for s in seeds]
    assert not set(KIND.ids(12, 40, choices)) & set(KIND.ids(12, 41, choices))
    with pytest.raises(GenerationError, match="worksheets only"):
        KIND.ids(3, 40, choices, "mat")
    with pytest.raises(GenerationError, match="1 to 100 problems"):
        problem_ids(0, "play", 4, "easy", 1)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        (
            {"cards": "7"},
            "'7' is not a number of cards a hand for a problem; expected 3, 4, 5, 6 or 11 "
            "(a whole deal)",
        ),
        ({"cards": "four"}, "'four' is not a number of cards a hand"),
        ({"question": "bid"}, "'bid' is not a question; expected play, legal or winner"),
        ({"level": "extreme"}, "'extreme' is not a difficulty; expected easy, medium or hard"),
        ({"size": "3x3"}, "take cards, question and level, not ['size']"),
    ],
)
def test_choices_refuse_what_they_cannot_read(typed: dict[str, str], expected: str) -> None:
    with pytest.raises(PuzzleError, match=re.escape(expected)):
        KIND.choices(**typed)


# -- the printed ids keep their meaning ----------------------------------------------------------


def test_the_golden_file_covers_every_question_size_and_level() -> None:
    entries = golden()
    generated = [e for e in entries if not e["id"].startswith(("costly-tricks-p-", DEAL_PREFIX))]
    assert {(e["question"], e["cards_a_hand"], e["difficulty"]) for e in generated} == {
        (q, n, level) for q in QUESTIONS.values() for n in HAND_SIZES for level in LEVELS.values()
    }
    assert any(e["id"].startswith("costly-tricks-p-") for e in entries)
    deals = [e for e in entries if e["id"].startswith(DEAL_PREFIX)]  # a minute each to make
    assert deals and all(e["cards_a_hand"] == WHOLE_DEAL for e in deals)
    assert len({e["id"] for e in entries}) == len(entries)


@pytest.mark.parametrize("chunk", range(4))
def test_every_printed_id_keeps_its_meaning(chunk: int) -> None:
    for entry in golden()[chunk::4]:
        problem: Any = get_puzzle(entry["id"].upper())
        assert problem.id == entry["id"]
        assert problem.question == entry["question"]
        assert problem.grade.level == entry["difficulty"]
        assert problem.text == entry["text"]
        assert problem.position.to_data() == entry["position"]
        assert [str(c) for c in problem.trick] == entry["trick"]
        assert list(KIND.explain(problem)) == entry["key"], entry["id"]
        for name, expected in entry["verdicts"].items():
            verdict = KIND.check(problem, expected["answer"])
            seen = {"right": verdict.right, "reasons": list(verdict.reasons)}
            assert seen == {"right": expected["right"], "reasons": expected["reasons"]}, (
                f"{entry['id']}: the {name} answer"
            )


# -- problems meet their grade ------------------------------------------------------------------


def seeds(count: int) -> range:
    return range(500, 500 + count)


@pytest.mark.parametrize("level", list(LEVELS.values()))
def test_which_card_problems_meet_their_grade_by_a_plain_minimax(level: str) -> None:
    for n, count in ((3, 6), (4, 2)):
        for seed in seeds(count):
            problem = KIND.generate(seed, KIND.choices(cards=str(n), question="play", level=level))
            position = problem.position
            assert problem.hand_size == n and problem.grade.level == level
            values = minimax_values(position)
            assert problem.solution is not None and values == problem.solution.cards
            ranked = sorted(values.values(), reverse=True)
            assert len(ranked) >= 2 and ranked[0] > ranked[1], "a unique best card"
            (best,) = [c for c, v in values.items() if v == ranked[0]]
            assert problem.best() == (best,)
            assert problem.grade.margin == ranked[0] - ranked[1]
            line = plain_line(position)
            assert list(problem.line) == line and line[0] == best
            second = min((c for c, v in values.items() if v == ranked[1]), key=PARADOX.cards.index)
            following, _ = position.play(second)
            side = side_of(position.to_move)
            good = nets_by_trick(position, line, side)
            worse = nets_by_trick(position, [second, *plain_line(following)], side)
            assert good[-1] == ranked[0] and worse[-1] == ranked[1]
            behind = [t for t in range(len(good)) if good[t] <= worse[t]]
            depth = behind[-1] + 2 if behind else 1
            assert problem.grade.depth == depth
            assert play_level(problem.grade.margin, depth) == level


def test_levels_follow_margin_and_depth() -> None:
    assert play_level(4, 1) == play_level(9, 1) == "easy"
    assert play_level(3, 1) == play_level(9, 2) == play_level(1, 2) == "medium"
    assert play_level(1, 3) == play_level(12, 5) == "hard"


@pytest.mark.parametrize("level", list(LEVELS.values()))
def test_legal_drills_follow_the_trick_rules(level: str) -> None:
    rules = {"easy": {"follow"}, "medium": {"trump"}, "hard": {"new trump", "discard"}}[level]
    for n in HAND_SIZES:
        for seed in seeds(5):
            problem = KIND.generate(seed, KIND.choices(cards=str(n), question="legal", level=level))
            position = problem.position
            hand, trick = position.hands[position.to_move], position.trick
            assert 1 <= len(trick) <= 3 and problem.hand_size == n
            allowed = {c for c in hand if why_not(hand, trick, c) is None}
            assert set(legal_cards(hand, trick)) == allowed
            assert problem.grade.rule in rules
            led = color(trick[0])
            held = {color(c) for c in hand}
            if level == "easy":
                assert led in held and allowed == {c for c in hand if color(c) == led}
            elif level == "medium":
                trump = trump_of(trick)
                assert led not in held and trump in held
                assert allowed == {c for c in hand if color(c) == trump}
            else:
                assert led not in held and trump_of(trick) not in held
            if level != "hard":
                assert allowed < set(hand), "the hand holds a card it may not play"
            verdict = KIND.check(problem, " ".join(str(c) for c in allowed))
            assert verdict.right, verdict.reasons


@pytest.mark.parametrize("level", list(LEVELS.values()))
def test_winner_drills_are_legal_tricks_of_their_level(level: str) -> None:
    for n in HAND_SIZES:
        for seed in seeds(5):
            problem = KIND.generate(
                seed, KIND.choices(cards=str(n), question="winner", level=level)
            )
            start, trick = problem.position, problem.trick
            assert not start.trick and len(trick) == 4
            position = start
            for card in trick[:3]:
                position, taken = position.play(card)  # raises on an illegal card
                assert taken is None
            _, taker = position.play(trick[3])
            assert taker == winner(start.leader, trick)
            led = color(trick[0])
            trumps = {color(c) for c in trick[1:] if color(c) != led}
            if level == "easy":
                assert trumps == set()
            elif level == "medium":
                assert len(trumps) == 1 and problem.grade.rule == "one trump was made"
            else:
                assert problem.grade.rule in (
                    "the trump changed",
                    "a card was played without power",
                )
            assert all(len(h) == n - 1 for h in problem.hands)
            assert KIND.check(problem, SEATS[taker]).right


def test_the_same_id_gives_the_same_problem_and_generation_is_bounded() -> None:
    choices = KIND.choices(cards="3", question="play", level="hard")
    first = KIND.generate(7, choices)
    problems.problem_of.cache_clear()
    again = KIND.get(first.id.upper())
    assert again == first and again is not first
    assert KIND.count(first) == 1


# -- checking answers -------------------------------------------------------------------------


@cache
def play_problem() -> Problem:
    return KIND.generate(3, KIND.choices(cards="3", question="play", level="medium"))


def test_the_best_card_is_right_with_or_without_the_net() -> None:
    problem = play_problem()
    assert problem.solution is not None
    (best,) = problem.best()
    net_value = problem.solution.net
    side = "AB"[side_of(problem.seat)]
    for answer in (str(best), str(best).lower(), f" {str(best).lower()} "):
        verdict = KIND.check(problem, answer)
        assert verdict.right
        assert verdict.reasons == (f"{best} is the best card. Now work out the net {side} makes.",)
    for answer in (
        f"{best} {signed(net_value)}",
        f"{best}, net {net_value}",
        f"{best} = {net_value}",
    ):
        verdict = KIND.check(problem, answer)
        assert verdict.right, answer
        assert verdict.reasons == (
            f"{best} is the best card, and {side} makes net {signed(net_value)} against best play.",
        )
        assert verdict.to_json() == {
            "right": True, "question": "play", "card": str(best), "net": net_value,
            "reasons": list(verdict.reasons),
        }  # fmt: skip


def test_the_best_card_with_a_wrong_net_says_which_way() -> None:
    problem = play_problem()
    assert problem.solution is not None
    (best,) = problem.best()
    net_value = problem.solution.net
    low = KIND.check(problem, f"{best} {net_value - 3}")
    assert not low.right and "can force more than that" in low.reasons[0]
    high = KIND.check(problem, f"{best} {net_value + 1}")
    assert not high.right and "can hold" in high.reasons[0]
    assert "to less than that" in high.reasons[0]
    assert str(net_value) not in low.reasons[0].replace(str(best), "").replace(
        signed(net_value - 3), ""
    )


def test_a_worse_card_is_told_what_it_loses_with_the_line_that_shows_it() -> None:
    problem = play_problem()
    assert problem.solution is not None
    values = problem.solution.cards
    for card, value in values.items():
        if value == problem.solution.net:
            continue
        verdict = KIND.check(problem, f"{card} {value}")
        assert not verdict.right
        loss = problem.solution.net - value
        assert verdict.reasons[0] == (
            f"{card} loses {loss} against best play: after it, {'AB'[side_of(problem.seat)]} "
            f"can make only net {signed(value)}."
        )
        following, _ = problem.position.play(card)
        tricks = verdict.reasons[1:]
        assert len(tricks) == problem.hand_size
        assert tricks[0].startswith("Trick 1") and str(card) in tricks[0]
        played = " ".join(tricks)
        for later in plain_line(following):
            assert str(later) in played


def test_illegal_cards_and_cards_not_held_get_the_rule() -> None:
    hands = [["R10", "G4"], ["R2", "B8", "B3"], ["G3", "P10", "P1"], ["B10", "B7", "B6"]]
    position = Position.read({"hands": hands, "leader": 0, "trick": ["R5"]})
    problem = KIND.get(position_id(position))
    verdict = KIND.check(problem, "b8")
    assert not verdict.right
    assert verdict.reasons == (why_not(position.hands[1], position.trick, cards("B8")[0]),)
    assert verdict.reasons[0] == "B8 cannot be played: red was led and this hand holds red (R2)."
    stranger = KIND.check(problem, "P10 +3")
    assert not stranger.right and stranger.reasons == ("P10 is not in B's hand.",)


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("", "write a card, such as R5, or a card and the net, such as R5 +4"),
        ("   ", "write a card"),
        ("X5", "'X5' is not a PARADOX card: 'X' is not a color; expected R, G, P or B"),
        ("R11", "'R11' is not a PARADOX card"),
        ("R5 B3", "write one card, and the net if you like, such as R5 +4; the answer has 2 words"),
        ("+4", "the answer has no card"),
        ("R5 +4 -2", "write one net, such as +4 or -2, not +4 -2"),
    ],
)
def test_unreadable_play_answers_say_what_is_wrong(answer: str, expected: str) -> None:
    with pytest.raises(ValueError, match=re.escape(expected)):
        KIND.check(play_problem(), answer)


def test_nets_are_read_with_any_minus_sign() -> None:
    assert read_play("r5 \u22124")[1] == -4
    assert read_play("R5 - 4")[1] == -4
    assert read_play("R5 net +0")[1] == 0


def test_the_book_position_has_a_single_best_card_and_a_key() -> None:
    problem = KIND.typed(json.dumps(BOOK))
    assert problem.id == position_id(Position.read(BOOK))
    assert problem.solution is not None
    assert problem.solution.cards == minimax_values(problem.position)
    assert KIND.describe(problem) == solve(problem.position).to_data()
    key = KIND.explain(problem)
    assert key[0].endswith(f"A makes net {signed(problem.solution.net)} against best play.")
    for card, value in problem.solution.cards.items():
        assert f"{card} {signed(value)}" in key[1]
    assert [k[:8] for k in key[2:]] == ["Trick 1:", "Trick 2:", "Trick 3:"]
    report = KIND.report(problem)
    assert report[1] == "A to lead: which card, and what net for A?"
    assert "R10 R5 G4" in report[2]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{", "the position is not JSON"),
        ('{"hands": [["R5"], ["B3"], ["P10"]], "leader": 0}', "hands must be a list of four hands"),
        (
            '{"hands": [["R5", "R6"], ["B3"], ["P10"], ["B6"]], "leader": 0}',
            "every hand must hold the same number of cards",
        ),
        ('{"hands": [["R5"], ["R5"], ["P10"], ["B6"]], "leader": 0}', "R5 appears twice"),
        (
            '{"hands": [["R5"], ["B3", "R3"], ["P10"], ["B6"]], "leader": 0, "trick": ["R9"]}',
            "every hand must hold the same number of cards",
        ),
    ],
)
def test_typed_positions_are_checked_by_the_rules(text: str, expected: str) -> None:
    with pytest.raises(ValueError, match=re.escape(expected)):
        KIND.typed(text)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4)
    | st.sampled_from([str(c) for c in PARADOX.cards]),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(["hands", "leader", "trick", "x"]), inner, max_size=4),
    max_leaves=30,
)  # fmt: skip


@given(JSON)
@settings(max_examples=300, deadline=None)
def test_any_json_typed_as_a_position_is_read_or_refused_with_a_sentence(data: Any) -> None:
    try:
        KIND.typed(json.dumps(data))
    except ValueError as error:  # the CLI says it and exits 2; the checking page shows it
        assert str(error)[:1].isalnum() and "Traceback" not in str(error)


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_brackets_nested_past_any_position_are_refused_with_a_sentence(depth: int) -> None:
    """Python's JSON reader recurses: a deep enough nest was a RecursionError."""
    with pytest.raises(ValueError, match="nests its brackets too deeply"):
        KIND.typed("[" * depth + "]" * depth)
    with pytest.raises(ValueError, match="nests its brackets too deeply"):
        KIND.typed('{"hands": ' + "[" * depth)


def test_a_typed_position_of_more_than_six_cards_a_hand_is_refused() -> None:
    dealt = PARADOX.cards[:28]
    data = {"hands": [[str(c) for c in dealt[s::4]] for s in range(4)], "leader": 0}
    with pytest.raises(PuzzleError, match="at most 6 cards a hand"):
        KIND.typed(json.dumps(data))


@cache
def legal_problem(level: str = "medium") -> Problem:
    return KIND.generate(9, KIND.choices(cards="4", question="legal", level=level))


def test_legal_answers_name_the_wrong_and_the_missing_cards() -> None:
    problem = legal_problem()
    position = problem.position
    hand, trick = position.hands[position.to_move], position.trick
    allowed = legal_cards(hand, trick)
    refused = [c for c in hand if c not in allowed]
    who = SEATS[position.to_move]
    right = KIND.check(problem, ", ".join(str(c).lower() for c in reversed(allowed)))
    assert right.right and right.reasons[0].startswith(f"{who} holds no ")
    wrong = KIND.check(problem, f"{refused[0]} and {allowed[0]}")
    assert not wrong.right
    assert wrong.reasons[0] == why_not(hand, trick, refused[0])
    if len(allowed) > 1:
        assert wrong.reasons[-1] == f"The answer leaves out cards that {who} may play too."
    stranger = next(c for c in PARADOX.cards if c not in problem.cards)
    assert f"{stranger} is not in {who}'s hand." in KIND.check(problem, str(stranger)).reasons
    everything = KIND.check(problem, "all")
    assert not everything.right and everything.to_json()["cards"] == [str(c) for c in hand]
    with pytest.raises(ValueError, match="write the cards, such as R10 R5, or all"):
        KIND.check(problem, " , ")


@cache
def winner_problem() -> Problem:
    return KIND.generate(4, KIND.choices(cards="4", question="winner", level="hard"))


def test_winner_answers_by_seat_or_card() -> None:
    problem = winner_problem()
    leader, trick = problem.position.leader, problem.trick
    taker = winner(leader, trick)
    card = trick[(taker - leader) % 4]
    for answer in (
        SEATS[taker],
        SEATS[taker].upper(),
        SEATS[taker].replace("'", "\u2019"),
        str(card),
    ):
        verdict = KIND.check(problem, answer)
        assert verdict.right, answer
        assert verdict.reasons[0].startswith(f"{card}, the highest ")
    for seat in range(4):
        if seat == taker:
            continue
        verdict = KIND.check(problem, SEATS[seat])
        assert not verdict.right
        assert verdict.reasons[0].startswith(f"{SEATS[seat]} does not win: ")
        assert str(card) not in verdict.reasons[0]  # the winning card is not given away
    expected = "'C' is not a seat; expected A, B, A's ghost or B's ghost"
    with pytest.raises(ValueError, match=expected):
        KIND.check(problem, "C")


def test_seats_are_read_in_many_ways() -> None:
    for text, seat in [("a", 0), ("B", 1), ("a's ghost", 2), ("ghost of A", 2), ("As ghost", 2),
                       ("B ghost", 3), ("ghost b", 3), ("b\u2019s  ghost", 3)]:  # fmt: skip
        assert read_seat(text) == seat, text


def test_the_keys_of_drills_say_the_rule() -> None:
    problem = legal_problem("easy")
    key = KIND.explain(problem)
    seat = SEATS[problem.seat]
    assert key[0].startswith(f"{seat} may play ")
    assert "was led and" in key[1] and "must follow" in key[1]
    story = KIND.explain(winner_problem())
    assert story[0].endswith(".") and " wins with " in story[0]
    assert len(story) == 6  # who wins, four cards, who takes it


def test_describe_gives_the_answer_as_data() -> None:
    play = KIND.describe(play_problem())
    assert play["question"] == "play" and play["best"] == str(play_problem().best()[0])
    assert set(play) >= {"id", "difficulty", "margin", "depth", "position", "net", "line"}
    assert list(play)[-4:] == ["to_move", "net", "cards", "line"]
    legal = KIND.describe(legal_problem())
    position = legal_problem().position
    allowed = legal_cards(position.hands[legal["to_move"]], position.trick)
    assert legal["answer"] == [str(c) for c in allowed]
    drill = KIND.describe(winner_problem())
    assert drill["answer"] == winner(winner_problem().position.leader, winner_problem().trick)


def test_grading_from_the_best_card_alone_agrees_with_grading_from_every_cards_value() -> None:
    """Generation grades a deal from its best card and the next best value
    (:func:`grade_best`) and solves every card only for a deal it keeps: the grade and
    line must be those of :func:`grade_play`, which reads every card's value."""
    rng = random.Random(13)
    compared = 0
    cards = list(PARADOX.cards)
    while compared < 40:
        rng.shuffle(cards)
        n = rng.randint(3, 5)
        position = Position(tuple(tuple(cards[s * n : (s + 1) * n]) for s in range(4)), 0)
        for _ in range(rng.randint(0, 3)):
            position, _ = position.play(rng.choice(position.legal()))
        solver = Solver(position)
        best = solver.single_best(position)
        if best is None:
            continue
        compared += 1
        assert grade_best(position, best, solver) == grade_play(position, solve(position))
