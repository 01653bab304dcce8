"""The Costly Tricks solver against a plain exhaustive minimax written here from the trick
rules (``Position.play``), on hundreds of small seeded positions (every leader, every
length of the trick in progress), on positions full of runs (where the solver tries only
some cards of a run), and the book's worked example; then properties of any size.

Every test runs twice: with the compiled search (``printables/paradox/_core.c``, built by
the install) and with the pure-Python one a machine without a C compiler falls back on."""

from __future__ import annotations

import random
from functools import cache
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.paradox import solver as solver_module
from printables.paradox.solver import Solution, Solver, solve, value
from printables.paradox.tricks import TRICK_COST, Position, points


@pytest.fixture(autouse=True, params=["compiled", "python"])
def search(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Which search the solver runs: every test of this module runs with both."""
    if request.param == "python":
        monkeypatch.setattr(solver_module, "_core", None)
    return str(request.param)


def test_the_compiled_search_is_built_and_taken_by_default(search: str) -> None:
    assert solver_module.COMPILED, solver_module._CORE_MISSING
    kind = type(Solver(book_position())._search.test).__name__
    assert kind == ("builtin_function_or_method" if search == "compiled" else "function")


def test_each_search_can_be_asked_for_by_name(search: str) -> None:
    position = book_position()
    assert Solver(position, compiled=False).value(position) == 10
    if search == "compiled":
        assert Solver(position, compiled=True).value(position) == 10
    else:  # as on a machine where it was not built
        with pytest.raises(RuntimeError, match="the compiled search is not built here"):
            Solver(position, compiled=True)


@cache
def plain(position: Position) -> tuple[int, int]:
    """A's and B's nets over the rest of the round (the trick in progress included) when
    the side to move, at every turn, plays the card that gives its own net the most,
    every line of play tried."""
    if position.over:
        return (0, 0)
    side = position.to_move % 2
    return max((outcome(position, card) for card in position.legal()), key=lambda n: n[side])


def outcome(position: Position, card: Card) -> tuple[int, int]:
    """Both nets after the side to move plays ``card`` (best play after)."""
    after, taker = position.play(card)
    nets = list(plain(after))
    if taker is not None:
        nets[taker % 2] += points((*position.trick, card)) - TRICK_COST
    return nets[0], nets[1]


def alpha_beta(position: Position) -> int:
    """The side to move's net by a plain alpha-beta search over ``Position.play``, with a
    table of bounds at each trick's start: for positions too big for :func:`plain`."""
    table: dict[Position, tuple[float, float]] = {}

    def search(p: Position, alpha: float, beta: float) -> float:
        """The side to move's net less the other side's, over the rest of the round."""
        if p.over:
            return 0
        if not p.trick:
            low, high = table.get(p, (-inf, inf))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start, side, best = alpha, p.to_move % 2, -inf
        for card in p.legal():
            after, taker = p.play(card)
            if taker is None:
                v = -search(after, -beta, -alpha)
            else:
                t = points((*p.trick, card)) - TRICK_COST
                if taker % 2 == side:
                    v = t + search(after, alpha - t, beta - t)
                else:
                    v = -t - search(after, -beta - t, -alpha - t)
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        if not p.trick:
            if best <= start:
                table[p] = (low, min(high, best))
            elif best >= beta:
                table[p] = (max(low, best), high)
            else:
                table[p] = (best, best)
        return best

    left = sum(points(h) for h in position.hands) + points(position.trick)
    left -= TRICK_COST * ((position.cards_left + len(position.trick)) // 4)
    return int(left + search(position, -inf, inf)) // 2


def deal(seed: int, size: int, played: int = 0, colors: str = "RGPB") -> Position:
    """``size`` cards a hand from a seeded shuffle of the cards of ``colors``, a seeded
    leader, then ``played`` random legal cards."""
    rng = random.Random(seed)
    cards = [c for c in PARADOX.cards if str(c)[0] in colors]
    rng.shuffle(cards)
    position = Position.checked([cards[s : 4 * size : 4] for s in range(4)], rng.randrange(4))
    for _ in range(played):
        position, _ = position.play(rng.choice(position.legal()))
    return position


# 2 and 3 cards a hand, 0 to 7 cards already played: every trick length and leader.
SMALL = [
    deal(seed, 2 + seed % 2, seed // 2 % 8 if seed % 2 else seed // 2 % 7) for seed in range(220)
]
# 4 cards a hand, from the full deck and from two colors only (runs everywhere: the
# solver's reductions at work), at the first trick's start and in it.
FOUR = [deal(seed, 4, seed % 4) for seed in range(12)] + [
    deal(seed, 4, seed % 4, "RG") for seed in range(12)
]


def replay(solution: Solution) -> int:
    """The side to move's net along the solution's line, played with Position.play."""
    position, side, net = solution.position, solution.position.to_move % 2, 0
    for card in solution.line:
        trick = (*position.trick, card)
        position, taker = position.play(card)
        if taker is not None and taker % 2 == side:
            net += points(trick) - TRICK_COST
    assert position.over, "the line stops before the round's end"
    return net


def check(position: Position) -> None:
    side = position.to_move % 2
    solution = solve(position)
    assert solution.net == plain(position)[side], position.to_data()
    assert value(position) == solution.net
    assert list(solution.cards) == list(position.legal())
    for card, net in solution.cards.items():
        assert net == outcome(position, card)[side], (position.to_data(), str(card))
    assert replay(solution) == solution.net
    assert solution.to_data() == {
        "to_move": position.to_move,
        "net": solution.net,
        "cards": {str(c): v for c, v in solution.cards.items()},
        "line": [str(c) for c in solution.line],
    }


def test_the_positions_cover_every_trick_length_and_leader() -> None:
    for positions in (SMALL, FOUR):
        assert {len(p.trick) for p in positions} == {0, 1, 2, 3}
        assert {p.leader for p in positions} == {0, 1, 2, 3}
    assert {(p.cards_left + len(p.trick)) // 4 for p in SMALL} == {1, 2, 3}


@pytest.mark.parametrize("chunk", range(4))
def test_the_solver_agrees_with_plain_minimax(chunk: int) -> None:
    for position in SMALL[chunk::4]:
        check(position)


@pytest.mark.parametrize("chunk", range(4))
def test_the_solver_agrees_with_plain_minimax_at_four_cards(chunk: int) -> None:
    for position in FOUR[chunk::4]:
        check(position)


# 5 cards a hand, two colors or four, at the first trick's start: the reductions at work
# two tricks deep; checked by a plain alpha-beta search.
FIVE = [deal(seed, 5, 0, "RG") for seed in range(4)] + [deal(seed, 5) for seed in range(4)]


def test_the_plain_alpha_beta_search_is_the_minimax() -> None:
    for position in SMALL[:40] + FOUR[:4]:
        assert alpha_beta(position) == plain(position)[position.to_move % 2]


def test_the_solver_agrees_with_plain_alpha_beta_at_five_cards() -> None:
    for position in FIVE:
        assert value(position) == alpha_beta(position), position.to_data()


def book_position() -> Position:
    return Position.read(
        {
            "hands": [
                ["R10", "R5", "G4"],
                ["G2", "B8", "B3"],
                ["G3", "P10", "P1"],
                ["B10", "B7", "B6"],
            ],
            "leader": 0,
        }
    )


def test_the_books_example_neither_decision_was_the_best() -> None:
    position = book_position()
    lead = solve(position)
    assert lead.net == 10
    assert lead.to_data()["cards"] == {"R10": 4, "R5": 9, "G4": 10}  # G4, not R5
    after_r5, _ = position.play(PARADOX.card("R5"))
    answer = solve(after_r5)
    assert answer.net == 0  # B's net: G2 holds A to 9
    assert answer.to_data()["cards"] == {"G2": 0, "B8": -1, "B3": -1}  # G2, not B3
    after_b3, _ = after_r5.play(PARADOX.card("B3"))
    assert value(after_b3) == 10  # the two mistakes cancel out
    for each in (position, after_r5, after_b3):
        check(each)


def test_an_empty_or_forced_position() -> None:
    empty = Position(((), (), (), ()), 2)
    assert value(empty) == 0
    assert solve(empty) == Solution(empty, 0, {}, ())
    last = Position.read({"hands": [["R5"], ["B3"], ["P10"], ["B6"]], "leader": 0})
    assert solve(last).to_data() == {
        "to_move": 0,
        "net": 4,
        "cards": {"R5": 4},
        "line": ["R5", "B3", "P10", "B6"],
    }
    last_card = Position.read(
        {"hands": [[], [], [], ["B6"]], "leader": 0, "trick": ["R5", "B3", "P10"]}
    )
    assert solve(last_card).to_data() == {
        "to_move": 3,
        "net": 0,  # B's: the trick goes to A's ghost (A's net 4), B takes nothing
        "cards": {"B6": 0},
        "line": ["B6"],
    }


def test_one_solver_answers_along_a_line_as_fresh_ones_do() -> None:
    """A solver shares its table between the positions of its round: every position
    along a line of play gets the value, card values and best cards a fresh search
    gives, and the minimax's."""
    for position in FOUR[:8] + SMALL[:20:3]:
        shared = Solver(position)
        while not position.over:
            side = position.to_move % 2
            fresh = solve(position)
            assert shared.solve(position).cards == fresh.cards
            assert shared.value(position) == fresh.net == plain(position)[side]
            top = fresh.net
            assert shared.best_cards(position) == [c for c, v in fresh.cards.items() if v == top]
            within = shared.best_cards(position, within=3)
            assert within == [c for c, v in fresh.cards.items() if v >= top - 3]
            ranked = sorted(fresh.cards.values(), reverse=True)
            margin = ranked[0] - ranked[1] if len(ranked) > 1 else 99
            single = shared.single_best(position, margin=4)
            assert (single is not None) == (margin >= 4), position.to_data()
            if single is not None:
                assert fresh.cards[single] == top
            assert shared.single_best(position) == (fresh.line[0] if margin > 0 else None)
            if len(ranked) > 1:  # the next best, without the best card
                best = fresh.line[0]
                next_net, nexts = shared.runner_up(position, best)
                rest = {c: v for c, v in fresh.cards.items() if c != best}
                assert next_net == max(rest.values())
                assert nexts == [c for c, v in rest.items() if v == next_net]
            position, _ = position.play(fresh.line[0])


def test_the_runner_up_of_a_lone_card_is_refused() -> None:
    forced = Position.read({"hands": [["B3"], ["R5"], ["P10"], ["B6"]], "leader": 0})
    with pytest.raises(ValueError, match="B3 is the only card"):
        Solver(forced).runner_up(forced, forced.hands[0][0])


def test_a_solver_refuses_a_position_of_another_round() -> None:
    solver = Solver(book_position())
    other = Position.read({"hands": [["B3"], ["R5"], ["P10"], ["B6"]], "leader": 0})
    with pytest.raises(ValueError, match="not of this solver's round"):
        solver.value(other)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3]), st.integers(0, 11))
def test_value_is_the_minimax_value(seed: int, size: int, played: int) -> None:
    position = deal(seed, size, min(played, 4 * size - 1))
    assert value(position) == plain(position)[position.to_move % 2]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(3, 5), st.integers(0, 3), st.sampled_from(["RGPB", "RG"]))
def test_each_cards_value_is_the_value_after_it(
    seed: int, size: int, played: int, colors: str
) -> None:
    """Bellman's equation, with the solver alone (any size): a card's value is the trick
    it completes, if any, plus the value of the position after it for the same side."""
    position = deal(seed, size, played, colors)
    side = position.to_move % 2
    solution = solve(position)
    assert solution.net == max(solution.cards.values())
    for card, net in solution.cards.items():
        after, taker = position.play(card)
        gained = 0
        if taker is not None and taker % 2 == side:
            gained = points((*position.trick, card)) - TRICK_COST
        rest = value(after)
        if not after.over and after.to_move % 2 != side:  # the other side's net
            left = sum(points(h) for h in after.hands) + points(after.trick)
            rest = left - TRICK_COST * ((after.cards_left + len(after.trick)) // 4) - rest
        assert net == gained + rest, (position.to_data(), str(card))
    assert replay(solution) == solution.net


def recolored(position: Position, order: str) -> Position:
    """The position with its colors renamed (RGPB -> ``order``)."""
    rename = dict(zip("RGPB", order, strict=True))

    def card(c: Card) -> Card:
        return PARADOX.card(rename[str(c)[0]] + str(c)[1:])

    return Position(
        tuple(tuple(card(c) for c in h) for h in position.hands),
        position.leader,
        tuple(card(c) for c in position.trick),
    )


def turned(position: Position, steps: int) -> Position:
    """The position with every hand moved ``steps`` seats on."""
    hands = tuple(position.hands[(s - steps) % 4] for s in range(4))
    return Position(hands, (position.leader + steps) % 4, position.trick)


@settings(max_examples=20, deadline=None)
@given(
    st.integers(0, 10**6),
    st.integers(3, 6),
    st.integers(0, 3),
    st.permutations("RGPB"),
    st.integers(1, 3),
)
def test_the_value_ignores_colors_names_and_seats(
    seed: int, size: int, played: int, order: list[str], steps: int
) -> None:
    """No color is special once the round has begun, and the value is the side to
    move's whichever seats the hands sit in."""
    position = deal(seed, size, played)
    net = value(position)
    assert value(recolored(position, "".join(order))) == net
    assert value(turned(position, steps)) == net


def reranked(position: Position, rng: random.Random) -> tuple[Position, int]:
    """A position of the same shape as ``position`` (at a trick's start): color by color,
    the same seats hold the cards from the highest, their ranks drawn anew; and how far
    apart the two positions' points can be: card for card (the k-th highest of a color
    in each), the sum of the ranks' differences."""
    renamed: dict[Card, Card] = {}
    apart = 0
    for color in "RGPB":
        held = sorted((c for h in position.hands for c in h if str(c)[0] == color),
                      key=lambda c: int(str(c)[1:]), reverse=True)  # fmt: skip
        ranks = sorted(rng.sample(range(11), len(held)), reverse=True)
        for card, rank in zip(held, ranks, strict=True):
            renamed[card] = PARADOX.card(f"{color}{rank}")
            apart += abs(int(str(card)[1:]) - rank)
    hands = [[renamed[c] for c in h] for h in position.hands]
    return Position.checked(hands, position.leader), apart


def difference(position: Position, net: int) -> int:
    """The side to move's net less the other side's, from its net."""
    left = sum(points(h) for h in position.hands) - TRICK_COST * (position.cards_left // 4)
    return net - (left - net)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([2, 3]), st.integers(0, 2))
def test_positions_of_one_shape_are_at_most_their_ranks_apart(
    seed: int, size: int, tricks: int
) -> None:
    """What the compiled search's table of shapes rests on, against the plain minimax:
    two positions whose cards, color by color from the highest, are held by the same
    seats play alike card for card, so their values (the side to move's net less the
    other's) differ by at most the sum of the ranks' differences."""
    position = deal(seed, size + tricks, 4 * tricks)
    other, apart = reranked(position, random.Random(seed))
    nets, other_nets = plain(position), plain(other)
    assert abs((nets[0] - nets[1]) - (other_nets[0] - other_nets[1])) <= apart
    assert (apart == 0) <= (nets == other_nets)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(4, 5), st.sampled_from(["RGPB", "RG"]))
def test_the_solver_gives_positions_of_one_shape_values_their_ranks_apart(
    seed: int, size: int, colors: str
) -> None:
    """The solver's values of positions of one shape, each solved afresh (4 and 5 cards a
    hand, where the compiled search's table of shapes is at work inside each search):
    within the ranks' differences of each other, and each made by its line of play."""
    position = deal(seed, size, 0, colors)
    rng = random.Random(seed)
    base = difference(position, value(position))
    for _ in range(4):
        other, apart = reranked(position, rng)
        solution = solve(other)
        assert abs(difference(other, solution.net) - base) <= apart
        assert replay(solution) == solution.net


class Interrupted(Exception):
    """Raised by the test's timer in the middle of a search."""


def test_a_long_search_stops_at_a_signal_and_its_table_stays_right(search: str) -> None:
    """Ctrl-C (or a benchmark's time limit) stops the compiled search too, within
    milliseconds, and what it had stored before is still right: the next searches of the
    same solver give the exact values."""
    import signal

    rng = random.Random(11)
    cards = list(PARADOX.cards)
    rng.shuffle(cards)
    big = Position.checked([cards[s:40:4] for s in range(4)], 0)  # 10 cards a hand
    solver = Solver(big)

    def ring(signum: int, frame: object) -> None:
        raise Interrupted

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, 0.05)
    try:
        with pytest.raises(Interrupted):
            solver.value(big)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    # Play the round down to three cards a hand and compare with the plain minimax.
    position = big
    while position.cards_left > 12 or position.trick:
        position, _ = position.play(position.legal()[0])
    assert solver.value(position) == plain(position)[position.to_move % 2]


def test_a_time_limit_stops_a_long_search_with_timeout_error(search: str) -> None:
    rng = random.Random(12)
    cards = list(PARADOX.cards)
    rng.shuffle(cards)
    big = Position.checked([cards[s:40:4] for s in range(4)], 0)  # 10 cards a hand
    limited = Solver(big, time_limit=0.02)
    with pytest.raises(TimeoutError, match="time limit ran out"):
        limited.value(big)
    with pytest.raises(TimeoutError):  # spent: every later search stops too
        limited.value(big)
    small = book_position()
    assert Solver(small, time_limit=30).value(small) == 10  # within its limit: exact
    with pytest.raises(ValueError, match="above 0"):
        Solver(small, time_limit=0)
