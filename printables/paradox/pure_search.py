"""The pure-Python search of the Costly Tricks solver (:mod:`printables.paradox.solver`):
the null-window test at a trick's start (:func:`make_test`) and the facts of cards and
tricks it is made of. ``printables/paradox/_core.c`` is the same search compiled, with a
second table (bounds by shape, told there) that this one leaves out; this one runs where no
C compiler built it, and the tests run the solver with both.

Hands are bit sets (one int a hand, bit ``11 * color + rank``); within one round each card
belongs to one hand for good, so a position at a trick's start is the set of cards still
held and the leader, one int. :func:`value` runs MTD(f): null-window tests "is the
difference at least beta?" (fail-soft alpha-beta), each answer a bound, until the bounds
meet. A test at a trick's start runs the four plays of the trick as nested loops and keeps
in a transposition table, per position, the lower and upper bounds found and the best lead
(tried first next time). Leads are tried in the order of a history table (leads that
refuted before first); the last hand of a trick tries first the card that does best for it
in that trick. The last trick is forced (its value is kept by its four cards); the last
two tricks and three-card hands have their own leaner loops.

Card-point bounds. A trick holds one card of each hand, so any k tricks hold at most the
k highest cards of each hand: with s_i the sum of the four hands' i-th highest cards,
either side's net is at most u = sum of max(0, s_i - 20), and the difference (twice a
side's net less the constant) lies within +-sum |s_i - 20|. A test that meets a new
position of two cards a hand, or of four or more, first compares beta with this range and
answers at once when beta is beyond it (at three cards a hand it costs more than it saves).

Equivalent cards. Points are ranks here, so no two cards are worth the same, and "adjacent
ranks are one card" is false for the value. What holds: call a *run* cards of one hand and
one color with no card of that color between them in any hand or in the trick in progress
(cards already played do not separate them). The cards of a run have the same power now
and later: exchanging them changes no trick's taker in any line of play, only points.

1. Let c < c' be cards of a run, and compare playing c now with playing c' now. Matching
   the rest of the run in order (the i-th highest left after c with the i-th highest left
   after c') matches every line of play after one with a line after the other, legal and
   with the same takers; along matched lines c' - c more points are in the current trick
   and, all in all, c' - c fewer in the later tricks that hold the run's other cards. So
   the net of the run's side is higher by 0 to c' - c along the line after c' if its side
   takes the current trick, lower by 0 to c' - c if the other side does, and minimax over
   matched game trees keeps both inequalities. When the side that takes the trick is
   settled once the card is down (no legal continuation of the trick can change it), only
   the run's highest card (its own side takes the trick) or lowest card (the other side
   does) need be tried. The trick's last hand always knows who takes it, and for it the
   cards already in the trick need not separate a run: of each run of the cards still held
   it tries one card for each outcome (the highest that takes the trick; of those that do
   not, the highest if the second hand, its partner, holds the winning card, else the
   lowest). For the other hands a small search of the rest of the trick (which sides can
   still take it) decides; when both sides can, every card of the run is tried. Values
   never change: the tests compare the solver with a plain minimax on hundreds of
   positions, among them many full of runs.
2. Merging a run into one card would be wrong: when either side may still take the trick,
   the value along a run can peak at a middle card (the value of one outcome grows with
   the card, the other's shrinks, and the opponent picks the lower). The matching only
   bounds it: the values after two cards of a run differ by at most c' - c in nets. A search
   that skipped a card of a run by that bound was no faster, so it is not used.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.paradox.tricks import TRICK_COST, color, rank

_COLORS = "RGPB"
INDEX: dict[Card, int] = {c: _COLORS.index(color(c)) * 11 + rank(c) for c in PARADOX.cards}
"""A card's bit: 11 times its color's place in ``RGPB``, plus its rank."""
CARD: dict[int, Card] = {i: c for c, i in INDEX.items()}
_COLOR_MASK = tuple(0x7FF << (11 * c) for c in range(4))
_USED_MASK = tuple(sum(_COLOR_MASK[c] for c in range(4) if used >> c & 1) for used in range(16))
"""The cards of the colors whose bits are set."""
_COLOR_OF = tuple(i // 11 for i in range(44))
RANK_OF = tuple(i % 11 for i in range(44))
INF = 1 << 20
_OFFSET = 1 << 21
"""A position's bounds are packed in one int (lighter than a tuple): lower + _OFFSET and
upper + _OFFSET (22 bits each), then, in the main table, the best lead + 1 (6 bits)."""
_MEMO_LIMIT = 1 << 20
"""The most entries a memo shared by all searches keeps before it starts again."""


def _descending(c: int) -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = [()]
    for bits in range(1, 2048):
        top = bits.bit_length() - 1
        table.append((11 * c + top, *table[bits ^ 1 << top]))
    return tuple(table)


_DESCENDING = tuple(_descending(c) for c in range(4))
"""``_DESCENDING[c][bits]``: the cards of color ``c`` whose rank bits are set, highest
first."""


def _small() -> dict[int, tuple[int, ...]]:
    order = sorted(range(44), key=lambda i: (i // 11, -i))
    found: dict[int, tuple[int, ...]] = {}
    for x, a in enumerate(order):
        one = 1 << a
        found[one] = (a,)
        for y in range(x + 1, 44):
            b = order[y]
            two = one | 1 << b
            found[two] = (a, b)
            for c in order[y + 1 :]:
                found[two | 1 << c] = (a, b, c)
    return found


_SMALL = _small()
""":func:`cards_of` of every set of one to three cards (hands near the round's end)."""
_PAIRS = {
    1 << a | 1 << b: (a % 11 + b % 11, abs(a % 11 - b % 11)) for a in range(44) for b in range(a)
}
"""Every two cards: their points and the difference of their ranks."""


def cards_of(mask: int) -> tuple[int, ...]:
    """The cards of ``mask``, color by color, highest rank first."""
    d = _DESCENDING
    return (
        d[0][mask & 0x7FF]
        + d[1][mask >> 11 & 0x7FF]
        + d[2][mask >> 22 & 0x7FF]
        + d[3][mask >> 33 & 0x7FF]
    )


def legal_in_trick(hand: int, led: int, trump: int, used: int) -> int:
    """The cards of ``hand`` that may be played to a started trick (``used``: the bits of
    the colors led or made trump in it)."""
    follow = hand & _COLOR_MASK[led]
    if follow:
        return follow
    if trump >= 0:
        ruff = hand & _COLOR_MASK[trump]
        if ruff:
            return ruff
    return hand & ~_USED_MASK[used] or hand


def trick_state(trick: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """A started trick's led color, trump (-1: none), colors led or made trump (bits),
    and its winning card's place in the trick and rank."""
    led = _COLOR_OF[trick[0]]
    trump, used, best, top = -1, 1 << led, 0, RANK_OF[trick[0]]
    for k in range(1, len(trick)):
        c, r = _COLOR_OF[trick[k]], RANK_OF[trick[k]]
        if c == trump or (c == led and trump < 0):
            if r > top:
                best, top = k, r
        elif c != led and not used >> c & 1:
            trump, used, best, top = c, used | 1 << c, k, r
    return led, trump, used, best, top


_RUNS: dict[int, tuple[tuple[int, ...], ...]] = {}


def _runs(bits: int, present: int) -> tuple[tuple[int, ...], ...]:
    """The runs of ``bits`` among ``present`` (rank bits of one color, ``bits`` within
    ``present``): ranks of ``bits`` with no rank of ``present`` between them, each run
    highest first."""
    key = bits << 11 | present
    runs = _RUNS.get(key)
    if runs is None:
        found: list[tuple[int, ...]] = []
        run: list[int] = []
        for r in range(10, -1, -1):
            if bits >> r & 1:
                run.append(r)
            elif present >> r & 1 and run:
                found.append(tuple(run))
                run = []
        if run:
            found.append(tuple(run))
        runs = _RUNS[key] = tuple(found)
    return runs


def _sides(
    hands: tuple[int, int, int, int], ply: int, led: int, trump: int, used: int, best: int, top: int
) -> int:
    """Which sides can still take a trick once ``ply`` cards are down (bit 0: the
    leader's side, bit 1: the other), whatever the later hands play (``hands`` in the
    trick's order; ``best``: the winning card's place so far, ``top`` its rank)."""
    if ply == 3:  # the last hand: can it take the trick, can it leave it?
        hand = hands[3]
        follow = hand & _COLOR_MASK[led]
        if follow and trump >= 0:
            return 1 << (best & 1)  # following, under a trump: no power
        if not follow and trump >= 0:
            follow = hand & _COLOR_MASK[trump]
        if follow:
            k = led if hand & _COLOR_MASK[led] else trump
            bits = follow >> 11 * k
            takes = 2 if bits.bit_length() - 1 > top else 0
            return takes | (1 << (best & 1) if (bits & -bits).bit_length() - 1 < top else 0)
        if hand & ~_USED_MASK[used]:
            return 2  # a new trump takes it
        return 1 << (best & 1)  # a card with no power
    found = 0
    powerless = False  # every card that cannot win leaves the same trick behind
    for c in cards_of(legal_in_trick(hands[ply], led, trump, used)):
        k, r = _COLOR_OF[c], RANK_OF[c]
        if k == trump or (k == led and trump < 0):
            if r > top:
                found |= _sides(hands, ply + 1, led, trump, used, ply, r)
            elif powerless:
                continue
            else:
                powerless = True
                found |= _sides(hands, ply + 1, led, trump, used, best, top)
        elif k != led and not used >> k & 1:
            found |= _sides(hands, ply + 1, led, k, used | 1 << k, ply, r)
        elif not powerless:
            powerless = True
            found |= _sides(hands, ply + 1, led, trump, used, best, top)
        if found == 3:
            break
    return found


def _choices(
    hands: tuple[int, int, int, int],
    ply: int,
    legal: int,
    rem: int,
    led: int,
    trump: int,
    used: int,
    best: int,
    top: int,
) -> Sequence[int]:
    """The cards the hand at ``ply`` (0-2) of a trick need try, of its ``legal`` ones:
    of a run after which the side that takes the trick is settled, only the highest (the
    hand's side takes it) or the lowest (the other side does); see the module's notes.
    ``rem``: the cards held when the trick began."""
    out: list[int] = []
    for k in range(4):
        bits = legal >> 11 * k & 0x7FF
        if not bits:
            continue
        present = rem >> 11 * k & 0x7FF
        runs = _RUNS.get(bits << 11 | present) or _runs(bits, present)
        if len(runs) == bits.bit_count():  # no two cards in a run
            out += _DESCENDING[k][bits]
            continue
        base = 11 * k
        for run in runs:
            if len(run) == 1:
                out.append(base + run[0])
                continue
            r = run[0]
            if ply == 0:
                sides = _sides(hands, 1, k, -1, 1 << k, 0, r)
            elif k == trump or (k == led and trump < 0):
                if r > top:
                    sides = _sides(hands, ply + 1, led, trump, used, ply, r)
                else:
                    sides = _sides(hands, ply + 1, led, trump, used, best, top)
            elif k != led and not used >> k & 1:
                sides = _sides(hands, ply + 1, led, k, used | 1 << k, ply, r)
            else:
                sides = _sides(hands, ply + 1, led, trump, used, best, top)
            if sides == 3:
                out.extend(base + r for r in run)
            elif sides == 1 << (ply & 1):
                out.append(base + run[0])
            else:
                out.append(base + run[-1])
    return out


def _fourth(
    legal: int, rem: int, led: int, trump: int, used: int, best: int, top: int, p3: int
) -> tuple[tuple[int, bool, int], ...]:
    """The cards the last hand of a trick need try, of its ``legal`` ones: of each run,
    the highest card that takes the trick, and the highest (when the second hand's card
    takes it: the same side) or lowest card that does not. Each comes with whether it
    takes the trick and the trick's points less 20, the best for that hand first.
    ``rem``: the cards still held; ``p3``: the trick's points so far less 20."""
    partner_takes = best == 1
    found: list[tuple[int, int, bool, int]] = []
    for k in range(4):
        bits = legal >> 11 * k & 0x7FF
        if not bits:
            continue
        if k == trump or (k == led and trump < 0):
            threshold = top  # higher cards take the trick
        elif k == led or used >> k & 1:
            threshold = 10  # no power
        else:
            threshold = -1  # a new trump
        base = 11 * k
        for run in _runs(bits, rem >> 11 * k & 0x7FF):
            if run[0] > threshold:
                t = p3 + run[0]
                found.append((t, base + run[0], True, t))
            if run[-1] <= threshold:
                r = next(r for r in run if r <= threshold) if partner_takes else run[-1]
                t = p3 + r
                found.append((t if partner_takes else -t, base + r, False, t))
    found.sort(reverse=True)
    return tuple((c, takes, t) for _, c, takes, t in found)


_FOURTH: dict[int, tuple[tuple[int, bool, int], ...]] = {}


def _fourth_of(key: int) -> tuple[tuple[int, bool, int], ...]:
    """:func:`_fourth` for a last hand whose legal cards are of one color, memoized;
    ``key`` packs (high bits first) those cards' rank bits, the rank bits of that color
    still held, the rank a card must beat plus 1 (11: none can), whether the second hand
    holds the winning card, the points so far plus 0 (less 20, plus 20), and the color."""
    found = _FOURTH.get(key)
    if found is None:
        k = key & 3
        found = _fourth(
            (key >> 23) << 11 * k,
            (key >> 12 & 0x7FF) << 11 * k,
            k,
            -1,
            1 << k,
            key >> 7 & 1,
            (key >> 8 & 15) - 1,
            (key >> 2 & 31) - 20,
        )
        if len(_FOURTH) >= _MEMO_LIMIT:
            _FOURTH.clear()
        _FOURTH[key] = found
    return found


_LAST: dict[int, int] = {}


def _last_trick(c1: int, c2: int, c3: int, c4: int) -> int:
    """The difference a trick of these four cards (in playing order) makes for its
    leader's side, memoized (the round's last trick is forced)."""
    led = _COLOR_OF[c1]
    trump, used, best, top = -1, 1 << led, 0, RANK_OF[c1]
    for k, i in ((1, c2), (2, c3), (3, c4)):
        c, r = _COLOR_OF[i], RANK_OF[i]
        if c == trump or (c == led and trump < 0):
            if r > top:
                best, top = k, r
        elif c != led and not used >> c & 1:
            trump, used, best, top = c, used | 1 << c, k, r
    t = RANK_OF[c1] + RANK_OF[c2] + RANK_OF[c3] + RANK_OF[c4] - TRICK_COST
    if len(_LAST) >= _MEMO_LIMIT:
        _LAST.clear()
    d = _LAST[((c1 * 44 + c2) * 44 + c3) * 44 + c4] = -t if best & 1 else t
    return d


_RANKS: dict[int, tuple[int, ...]] = {}


def _ranks(hand: int) -> tuple[int, ...]:
    """The ranks of a hand's cards, highest first, memoized."""
    if len(_RANKS) >= _MEMO_LIMIT:
        _RANKS.clear()
    found = _RANKS[hand] = tuple(sorted((RANK_OF[i] for i in cards_of(hand)), reverse=True))
    return found


def make_test(own: tuple[int, ...], table: dict[int, int]) -> Callable[[int, int, int], int]:
    """The null-window test at a trick's start for one round's hands ``own``: a closure
    over the transposition table (position -> lower bound, upper bound, best lead)."""
    COLOR_MASK = _COLOR_MASK
    USED_MASK = _USED_MASK
    COLOR_OF = _COLOR_OF
    rank_of = RANK_OF
    inf = INF
    OFFSET = _OFFSET
    pairs = _PAIRS
    small = _SMALL
    choices = _choices
    fourth = _fourth
    fourth_of = _fourth_of
    fourth_get = _FOURTH.get
    last_get = _LAST.get
    last_trick = _last_trick
    ranks = _ranks
    rank_get = _RANKS.get
    get = table.get
    twos: dict[int, int] = {}
    two_get = twos.get
    history = [0] * 44
    by_history = history.__getitem__

    def last(rem: int, leader: int) -> int:
        """The last trick: one card a hand."""
        return last_trick(
            (rem & own[leader]).bit_length() - 1,
            (rem & own[(leader + 1) & 3]).bit_length() - 1,
            (rem & own[(leader + 2) & 3]).bit_length() - 1,
            (rem & own[(leader + 3) & 3]).bit_length() - 1,
        )

    def two(rem: int, leader: int, beta: int) -> int:
        """:func:`test` for two cards a hand: the card-point bound (the tricks' points
        less 20 add up to at most the larger of |points - 40| and the sum of each hand's
        two cards' difference), then the first trick searched, the last one forced;
        bounds are kept in their own table."""
        key = rem << 2 | leader
        entry = two_get(key)
        if entry is not None:
            lo = (entry >> 22) - OFFSET
            if lo >= beta:
                return lo
            hi = (entry & 0x3FFFFF) - OFFSET
            if hi < beta:
                return hi
        s2 = (leader + 1) & 3
        s3 = (leader + 2) & 3
        s4 = (leader + 3) & 3
        h1 = rem & own[leader]
        h2 = rem & own[s2]
        h3 = rem & own[s3]
        h4 = rem & own[s4]
        if entry is None:
            a1, d1 = pairs[h1]
            a2, d2 = pairs[h2]
            a3, d3 = pairs[h3]
            a4, d4 = pairs[h4]
            hi = max(abs(a1 + a2 + a3 + a4 - 40), d1 + d2 + d3 + d4)
            if hi < beta or -hi >= beta:
                twos[key] = (OFFSET - hi) << 22 | (hi + OFFSET)
                return hi if hi < beta else -hi
            lo = -hi
        best1 = -inf
        for c1 in small[h1]:
            o1 = (h1 ^ 1 << c1).bit_length() - 1
            led = COLOR_OF[c1]
            r1 = rank_of[c1]
            best2 = inf
            for c2 in small[h2 & COLOR_MASK[led] or h2]:
                k2 = COLOR_OF[c2]
                r2 = rank_of[c2]
                o2 = (h2 ^ 1 << c2).bit_length() - 1
                if k2 == led:
                    trump, used = -1, 1 << led
                    bs2, top2 = (1, r2) if r2 > r1 else (0, r1)
                else:
                    trump, used, bs2, top2 = k2, 1 << led | 1 << k2, 1, r2
                m3 = h3 & COLOR_MASK[led]
                if not m3:
                    if trump >= 0:
                        m3 = h3 & COLOR_MASK[trump]
                    if not m3:
                        m3 = h3 & ~USED_MASK[used] or h3
                best3 = -inf
                for c3 in small[m3]:
                    k3 = COLOR_OF[c3]
                    r3 = rank_of[c3]
                    o3 = (h3 ^ 1 << c3).bit_length() - 1
                    trump3, used3, bs3, top3 = trump, used, bs2, top2
                    if k3 == trump or (k3 == led and trump < 0):
                        if r3 > top2:
                            bs3, top3 = 2, r3
                    elif k3 != led and not used >> k3 & 1:
                        trump3, used3, bs3, top3 = k3, used | 1 << k3, 2, r3
                    m4 = h4 & COLOR_MASK[led]
                    if not m4:
                        if trump3 >= 0:
                            m4 = h4 & COLOR_MASK[trump3]
                        if not m4:
                            m4 = h4 & ~USED_MASK[used3] or h4
                    t3 = r1 + r2 + r3 - 20
                    best4 = inf
                    for c4 in small[m4]:
                        k4 = COLOR_OF[c4]
                        r4 = rank_of[c4]
                        o4 = (h4 ^ 1 << c4).bit_length() - 1
                        if k4 == trump3 or (k4 == led and trump3 < 0):
                            wins = r4 > top3
                        else:
                            wins = k4 != led and not used3 >> k4 & 1
                        t = t3 + r4
                        # The last trick, led by the first one's taker.
                        if wins:
                            d = last_get(((o4 * 44 + o1) * 44 + o2) * 44 + o3)
                            if d is None:
                                d = last_trick(o4, o1, o2, o3)
                            v = -t - d
                        elif bs3 == 0:
                            d = last_get(((o1 * 44 + o2) * 44 + o3) * 44 + o4)
                            if d is None:
                                d = last_trick(o1, o2, o3, o4)
                            v = t + d
                        elif bs3 == 1:
                            d = last_get(((o2 * 44 + o3) * 44 + o4) * 44 + o1)
                            if d is None:
                                d = last_trick(o2, o3, o4, o1)
                            v = -t - d
                        else:
                            d = last_get(((o3 * 44 + o4) * 44 + o1) * 44 + o2)
                            if d is None:
                                d = last_trick(o3, o4, o1, o2)
                            v = t + d
                        if v < best4:
                            best4 = v
                            if v < beta:
                                break
                    if best4 > best3:
                        best3 = best4
                        if best3 >= beta:
                            break
                if best3 < best2:
                    best2 = best3
                    if best2 < beta:
                        break
            if best2 > best1:
                best1 = best2
                if best1 >= beta:
                    break
        if best1 >= beta:
            twos[key] = (best1 + OFFSET) << 22 | (hi + OFFSET)
        else:
            twos[key] = (lo + OFFSET) << 22 | (best1 + OFFSET)
        return best1

    def three(rem: int, leader: int, beta: int) -> int:
        """:func:`test` for three cards a hand: the same search without its bounds and
        reductions, which cost more than they save at this size."""
        key = rem << 2 | leader
        entry = get(key)
        if entry is not None:
            lo = (entry >> 28) - OFFSET
            if lo >= beta:
                return lo
            hi = (entry >> 6 & 0x3FFFFF) - OFFSET
            if hi < beta:
                return hi
            hint = (entry & 63) - 1
        else:
            lo, hi, hint = -inf, inf, -1
        s2 = (leader + 1) & 3
        s3 = (leader + 2) & 3
        s4 = (leader + 3) & 3
        h1 = rem & own[leader]
        h2 = rem & own[s2]
        h3 = rem & own[s3]
        h4 = rem & own[s4]
        leads = small[h1]
        if hint >= 0:
            leads = (hint, *(i for i in leads if i != hint))
        best1 = -inf
        move = -1
        for c1 in leads:
            led = COLOR_OF[c1]
            r1 = rank_of[c1]
            follow = h2 & COLOR_MASK[led]
            best2 = inf
            for c2 in small[follow or h2]:
                r2 = rank_of[c2]
                if follow:
                    trump, used = -1, 1 << led
                    bs2, top2 = (1, r2) if r2 > r1 else (0, r1)
                else:
                    trump = COLOR_OF[c2]
                    used = 1 << led | 1 << trump
                    bs2, top2 = 1, r2
                m3 = h3 & COLOR_MASK[led]
                if not m3:
                    if trump >= 0:
                        m3 = h3 & COLOR_MASK[trump]
                    if not m3:
                        m3 = h3 & ~USED_MASK[used] or h3
                best3 = -inf
                rem2 = rem & ~(1 << c1 | 1 << c2)
                p2 = r1 + r2 - 20
                for c3 in small[m3]:
                    r3 = rank_of[c3]
                    k3 = COLOR_OF[c3]
                    trump3, used3, bs3, top3 = trump, used, bs2, top2
                    if k3 == trump:
                        if r3 > top2:
                            bs3, top3 = 2, r3
                    elif k3 == led:
                        if trump < 0 and r3 > top2:
                            bs3, top3 = 2, r3
                    elif not used >> k3 & 1:
                        trump3, used3, bs3, top3 = k3, used | 1 << k3, 2, r3
                    rem3 = rem2 & ~(1 << c3)
                    p3 = p2 + r3
                    m4 = h4 & COLOR_MASK[led]
                    if not m4:
                        if trump3 >= 0:
                            m4 = h4 & COLOR_MASK[trump3]
                        if not m4:
                            m4 = h4 & ~USED_MASK[used3] or h4
                    wl = (leader + bs3) & 3
                    best4 = inf
                    for c4 in small[m4]:
                        k4 = COLOR_OF[c4]
                        r4 = rank_of[c4]
                        if k4 == trump3 or (k4 == led and trump3 < 0):
                            w = s4 if r4 > top3 else wl
                        elif k4 != led and not used3 >> k4 & 1:
                            w = s4
                        else:
                            w = wl
                        t = p3 + r4
                        rem4 = rem3 & ~(1 << c4)
                        if (w ^ leader) & 1:
                            v = -t - two(rem4, w, 1 - beta - t)
                        else:
                            v = t + two(rem4, w, beta - t)
                        if v < best4:
                            best4 = v
                            if v < beta:
                                break
                    if best4 > best3:
                        best3 = best4
                        if best3 >= beta:
                            break
                if best3 < best2:
                    best2 = best3
                    if best2 < beta:
                        break
            if best2 > best1:
                best1 = best2
                move = c1
                if best1 >= beta:
                    break
        if best1 >= beta:
            table[key] = (best1 + OFFSET) << 28 | (hi + OFFSET) << 6 | (move + 1)
        else:
            table[key] = (lo + OFFSET) << 28 | (best1 + OFFSET) << 6 | (move + 1)
        return best1

    def test(rem: int, leader: int, beta: int) -> int:
        """The fail-soft null-window test at a trick's start (``rem``: the cards still
        held; ``leader`` leads): the difference for the leader's side, a lower bound when
        at least ``beta``, else an upper bound."""
        h1 = rem & own[leader]
        size = h1.bit_count()
        if size <= 3:
            if size == 3:
                return three(rem, leader, beta)
            return two(rem, leader, beta) if size == 2 else last(rem, leader)
        key = rem << 2 | leader
        entry = get(key)
        s2 = (leader + 1) & 3
        s3 = (leader + 2) & 3
        s4 = (leader + 3) & 3
        h2 = rem & own[s2]
        h3 = rem & own[s3]
        h4 = rem & own[s4]
        if entry is not None:
            lo = (entry >> 28) - OFFSET
            if lo >= beta:
                return lo
            hi = (entry >> 6 & 0x3FFFFF) - OFFSET
            if hi < beta:
                return hi
            hint = (entry & 63) - 1
        else:
            # The card-point bounds (see the module's notes).
            spread = 0
            for a, b, c, d in zip(
                rank_get(h1) or ranks(h1),
                rank_get(h2) or ranks(h2),
                rank_get(h3) or ranks(h3),
                rank_get(h4) or ranks(h4),
                strict=True,
            ):
                spread += abs(a + b + c + d - 20)
            if spread < beta or -spread >= beta:
                table[key] = (OFFSET - spread) << 28 | (spread + OFFSET) << 6
                return spread if spread < beta else -spread
            lo, hi, hint = -spread, spread, -1
        deeper = three if size == 4 else test
        hands = (h1, h2, h3, h4)
        leads = sorted(choices(hands, 0, h1, rem, 0, -1, 0, 0, 0), key=by_history, reverse=True)
        if hint >= 0:
            leads = [hint, *(i for i in leads if i != hint)]
        best1 = -inf
        move = -1
        for c1 in leads:
            led = COLOR_OF[c1]
            r1 = rank_of[c1]
            follow = h2 & COLOR_MASK[led]
            best2 = inf
            m2 = follow or h2
            if m2 & (m2 - 1):
                seconds = choices(hands, 1, m2, rem, led, -1, 1 << led, 0, r1)
            else:
                seconds = (m2.bit_length() - 1,)
            for c2 in seconds:
                r2 = rank_of[c2]
                if follow:
                    trump, used = -1, 1 << led
                    bs2, top2 = (1, r2) if r2 > r1 else (0, r1)
                else:
                    trump = COLOR_OF[c2]
                    used = 1 << led | 1 << trump
                    bs2, top2 = 1, r2
                m3 = h3 & COLOR_MASK[led]
                if not m3:
                    if trump >= 0:
                        m3 = h3 & COLOR_MASK[trump]
                    if not m3:
                        m3 = h3 & ~USED_MASK[used] or h3
                best3 = -inf
                rem2 = rem & ~(1 << c1 | 1 << c2)
                p2 = r1 + r2 - 20
                if m3 & (m3 - 1):
                    thirds = choices(hands, 2, m3, rem, led, trump, used, bs2, top2)
                else:
                    thirds = (m3.bit_length() - 1,)
                for c3 in thirds:
                    r3 = rank_of[c3]
                    k3 = COLOR_OF[c3]
                    trump3, used3, bs3, top3 = trump, used, bs2, top2
                    if k3 == trump:
                        if r3 > top2:
                            bs3, top3 = 2, r3
                    elif k3 == led:
                        if trump < 0 and r3 > top2:
                            bs3, top3 = 2, r3
                    elif not used >> k3 & 1:
                        trump3, used3, bs3, top3 = k3, used | 1 << k3, 2, r3
                    rem3 = rem2 & ~(1 << c3)
                    p3 = p2 + r3
                    m4 = h4 & COLOR_MASK[led]
                    if m4:
                        k4 = led
                        threshold = top3 if trump3 < 0 else 10
                    elif trump3 >= 0 and h4 & COLOR_MASK[trump3]:
                        k4 = trump3
                        m4 = h4 & COLOR_MASK[k4]
                        threshold = top3
                    else:
                        k4 = -1
                    if k4 >= 0:  # one color: the memoized options
                        shift = 11 * k4
                        fkey = (m4 >> shift) << 11 | (rem3 >> shift & 0x7FF)
                        fkey = (fkey << 4 | (threshold + 1)) << 1 | (bs3 == 1)
                        fkey = (fkey << 5 | (p3 + 20)) << 2 | k4
                        options = fourth_get(fkey) or fourth_of(fkey)
                    else:
                        m4 = h4 & ~USED_MASK[used3] or h4
                        options = fourth(m4, rem3, led, trump3, used3, bs3, top3, p3)
                    beaten = (leader + bs3) & 3
                    best4 = inf
                    for c4, takes, t in options:
                        rem4 = rem3 & ~(1 << c4)
                        w = s4 if takes else beaten
                        if (w ^ leader) & 1:
                            v = -t - deeper(rem4, w, 1 - beta - t)
                        else:
                            v = t + deeper(rem4, w, beta - t)
                        if v < best4:
                            best4 = v
                            if v < beta:
                                break
                    if best4 > best3:
                        best3 = best4
                        if best3 >= beta:
                            break
                if best3 < best2:
                    best2 = best3
                    if best2 < beta:
                        break
            if best2 > best1:
                best1 = best2
                move = c1
                if best1 >= beta:
                    history[c1] += size * size
                    break
        if best1 >= beta:
            table[key] = (best1 + OFFSET) << 28 | (hi + OFFSET) << 6 | (move + 1)
        else:
            table[key] = (lo + OFFSET) << 28 | (best1 + OFFSET) << 6 | (move + 1)
        return best1

    return test
