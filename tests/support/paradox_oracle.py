"""An independent reading of the PARADOX rules, written from the rules text alone.

It shares no code with the project's PARADOX engine (``printables.paradox`` and
``printables.games.paradox``) and imports nothing from the project, so that a bug in the
engine cannot hide in the check. The agreement tests
(``tests/printables/paradox/test_oracle_agreement.py``, which import this module by name:
``tests/support`` is on pytest's pythonpath) hold the engine to it.

The source is the rulebook (``seeds/001_...``) as ``RULES-NOTES.md`` (section PARADOX)
reads it. Everything here is plain and slow on purpose: lists, loops and an exhaustive
minimax.

Cards are ``(color letter, rank)`` tuples: ``("R", 5)`` is the red 5. Buddy on your Left
needs only ranks (each player holds one color, 1-10), and The Third Man only bids.

Costly Tricks
    Seats 0-3 are A, B, A's ghost, B's ghost, clockwise; a seat's side is ``seat % 2``.
    Legal card, first rule that applies: follow the led color; else play the trump in
    force if the hand holds it; else play a color that has not been trump in this trick
    (it becomes the trump); else any card (no power). The trick goes to the highest card
    of the trump in force at its end, else to the highest card of the led color. A trick
    is worth its card points less 20 to its taker.

Buddy on your Left
    Players 0-2 play in turn clockwise (the next player is the left neighbour). A later
    card must be higher or lower than the lead card; an equal card only from a hand with
    nothing higher, and it counts as higher. A higher card sweeps the table. A lead card
    higher than every card still in any hand has power 0: the next card, whatever it is,
    sweeps it. Cards left on the table at the end go to the round's first player.

The Third Man
    Highest bid +(10 - bid), second -bid, third +2 x bid, fourth 0, with the book's ties;
    three or four equal bids annul the auction.

Where neither text settles a point, the oracle takes the project's documented reading:
tied winners in Buddy on your Left (:func:`bol_next_first`) and "clockwise from the
previous lead player" in The Third Man (:func:`tm_ahead`).
"""

from __future__ import annotations

from collections.abc import Sequence

Card = tuple[str, int]
"""A PARADOX card: its color letter (R, G, P or B) and its rank (0-10)."""

COLORS = ("R", "G", "P", "B")
TRICK_COST = 20
RED_ZERO: Card = ("R", 0)


# -- Costly Tricks: one trick ------------------------------------------------------------


def ct_trick_colors(trick: Sequence[Card]) -> tuple[str | None, str | None, set[str]]:
    """The led color, the trump in force and every color that has been trump, once the
    trick's cards (legally played, in order) are down."""
    if not trick:
        return None, None, set()
    led = trick[0][0]
    trump = None
    been_trump: set[str] = set()
    for card_color, _ in trick[1:]:
        if card_color in (led, trump):
            continue  # followed the led color, or played the trump in force
        if card_color in been_trump:
            continue  # an old trump: no power, changes nothing
        trump = card_color  # a new color: the new trump
        been_trump.add(card_color)
    return led, trump, been_trump


def ct_legal(hand: Sequence[Card], trick: Sequence[Card]) -> set[Card]:
    """The cards of ``hand`` that may be played to ``trick``."""
    if not trick:
        return set(hand)
    led, trump, been_trump = ct_trick_colors(trick)
    follow = {c for c in hand if c[0] == led}
    if follow:
        return follow
    if trump is not None:
        trumps = {c for c in hand if c[0] == trump}
        if trumps:
            return trumps
    new_trumps = {c for c in hand if c[0] != led and c[0] not in been_trump}
    if new_trumps:
        return new_trumps
    return set(hand)


def ct_winner(leader: int, trick: Sequence[Card]) -> int:
    """The seat that takes the trick (complete or not) led by ``leader``."""
    led, trump, _ = ct_trick_colors(trick)
    wanted = trump if trump is not None else led
    best = -1
    best_seat = -1
    for i, (card_color, card_rank) in enumerate(trick):
        if card_color == wanted and card_rank > best:
            best = card_rank
            best_seat = (leader + i) % 4
    return best_seat


def ct_points(cards: Sequence[Card]) -> int:
    """The card points of ``cards`` (a card is worth its rank)."""
    return sum(r for _, r in cards)


def ct_trick_net(cards: Sequence[Card]) -> int:
    """What a trick is worth to its taker: its points less 20."""
    return ct_points(cards) - TRICK_COST


# -- Costly Tricks: a round ----------------------------------------------------------------


def ct_deal(pack: Sequence[Card]) -> list[list[Card]]:
    """The four hands dealt one card at a time from ``pack``, starting with A (seat 0)."""
    hands: list[list[Card]] = [[], [], [], []]
    for i, card in enumerate(pack):
        hands[i % 4].append(card)
    return hands


def ct_first_leader(hands: Sequence[Sequence[Card]]) -> int:
    """The seat dealt the red 0: it leads the first trick."""
    for seat, hand in enumerate(hands):
        if RED_ZERO in hand:
            return seat
    raise ValueError("nobody holds the red 0")


class CTRound:
    """A Costly Tricks round played card by card, keeping each side's points and tricks."""

    def __init__(self, hands: Sequence[Sequence[Card]], leader: int | None = None) -> None:
        self.hands = [list(h) for h in hands]
        self.leader = ct_first_leader(hands) if leader is None else leader
        self.trick: list[Card] = []
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.winners: list[int] = []

    @property
    def to_move(self) -> int | None:
        if self.over:
            return None
        return (self.leader + len(self.trick)) % 4

    @property
    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def legal(self) -> set[Card]:
        seat = self.to_move
        assert seat is not None
        return ct_legal(self.hands[seat], self.trick)

    def play(self, card: Card) -> int | None:
        """Play ``card`` for the seat to move; the trick's winner if it completed one."""
        seat = self.to_move
        assert seat is not None
        if card not in self.legal():
            raise ValueError(f"{card} is not legal for seat {seat}")
        self.hands[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) < 4:
            return None
        won_by = ct_winner(self.leader, self.trick)
        self.points[won_by % 2] += ct_points(self.trick)
        self.tricks[won_by % 2] += 1
        self.winners.append(won_by)
        self.leader = won_by
        self.trick = []
        return won_by

    def nets(self) -> tuple[int, int]:
        """Each side's card points less 20 per trick taken so far."""
        return (
            self.points[0] - TRICK_COST * self.tricks[0],
            self.points[1] - TRICK_COST * self.tricks[1],
        )


def ct_round_winner(nets: Sequence[int]) -> int | None:
    """The side that wins the round's chip (net above 0), or None for a draw."""
    if nets[0] > 0:
        return 0
    if nets[1] > 0:
        return 1
    return None


def ct_match_winner(chips: Sequence[int], pass_variation: bool = False) -> int | None:
    """The side that has won the game, or None: first to 3 chips, or, in the variation
    (3 chips each, the loser passes one to the winner), the side holding all 6."""
    target = 6 if pass_variation else 3
    for side in (0, 1):
        if chips[side] >= target:
            return side
    return None


# -- Costly Tricks: exhaustive minimax -------------------------------------------------------


def _ct_side0_net(
    hands: tuple[tuple[Card, ...], ...],
    leader: int,
    trick: tuple[Card, ...],
    memo: dict[object, int],
) -> int:
    """Side 0's net over the rest of the round with best play by both sides (side 0
    maximizes it; side 1, maximizing its own net, minimizes it: the two nets always add
    up to the points left less 20 per trick left)."""
    if not trick and not any(hands):
        return 0
    key = (hands, leader, trick)
    if key in memo:
        return memo[key]
    seat = (leader + len(trick)) % 4
    results = []
    for card in ct_legal(hands[seat], trick):
        results.append(_ct_after(hands, leader, trick, card, memo))
    best = max(results) if seat % 2 == 0 else min(results)
    memo[key] = best
    return best


def _ct_after(
    hands: tuple[tuple[Card, ...], ...],
    leader: int,
    trick: tuple[Card, ...],
    card: Card,
    memo: dict[object, int],
) -> int:
    """Side 0's net over the rest of the round once the seat to move plays ``card``."""
    seat = (leader + len(trick)) % 4
    new_hands = list(hands)
    new_hands[seat] = tuple(c for c in hands[seat] if c != card)
    new_trick = (*trick, card)
    if len(new_trick) < 4:
        return _ct_side0_net(tuple(new_hands), leader, new_trick, memo)
    won_by = ct_winner(leader, new_trick)
    gain = ct_trick_net(new_trick) if won_by % 2 == 0 else 0
    return gain + _ct_side0_net(tuple(new_hands), won_by, (), memo)


def _ct_constant(hands: Sequence[Sequence[Card]], trick: Sequence[Card]) -> int:
    """Both sides' nets added up over the rest of the round: the points left (trick in
    progress included) less 20 per trick left."""
    cards = [c for h in hands for c in h] + list(trick)
    assert len(cards) % 4 == 0, "a position's cards make whole tricks"
    return ct_points(cards) - TRICK_COST * (len(cards) // 4)


def _key(hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(h)) for h in hands)


def ct_value(hands: Sequence[Sequence[Card]], leader: int, trick: Sequence[Card] = ()) -> int:
    """The net the side to move can force over the rest of the round, the trick in
    progress (its cards' points included) counted."""
    seat = (leader + len(trick)) % 4
    side0 = _ct_side0_net(_key(hands), leader, tuple(trick), {})
    return side0 if seat % 2 == 0 else _ct_constant(hands, trick) - side0


def ct_card_values(
    hands: Sequence[Sequence[Card]], leader: int, trick: Sequence[Card] = ()
) -> dict[Card, int]:
    """For each legal card of the seat to move, the net its side can force after it."""
    seat = (leader + len(trick)) % 4
    constant = _ct_constant(hands, trick)
    memo: dict[object, int] = {}
    values = {}
    for card in ct_legal(hands[seat], trick):
        side0 = _ct_after(_key(hands), leader, tuple(trick), card, memo)
        values[card] = side0 if seat % 2 == 0 else constant - side0
    return values


# -- Buddy on your Left -----------------------------------------------------------------------


def bol_points(rank: int) -> int:
    """A card's points: 1-6 score their face, 7-10 nothing."""
    return rank if rank <= 6 else 0


def bol_legal(hand: Sequence[int], lead: int | None, lead_has_no_power: bool) -> set[int]:
    """The ranks a player may play: any card to lead (``lead`` None) or after a lead card
    of power 0; else higher or lower than the lead, equal only with nothing higher."""
    if lead is None or lead_has_no_power:
        return set(hand)
    higher = {r for r in hand if r > lead}
    lower = {r for r in hand if r < lead}
    if higher:
        return higher | lower
    equal = {r for r in hand if r == lead}
    return lower | equal


class BOLRound:
    """A round of Buddy on your Left played card by card; hands are ranks, one per
    player's set."""

    def __init__(self, hands: Sequence[Sequence[int]], first: int) -> None:
        self.hands = [list(h) for h in hands]
        self.first = first
        self.to_move: int | None = first
        self.table: list[int] = []
        self.lead: int | None = None
        self.lead_has_no_power = False
        self.own = [0, 0, 0]
        self.sweeps: list[tuple[int, tuple[int, ...]]] = []  # (sweeper, cards swept)
        self.leftover: tuple[int, ...] = ()

    def legal(self) -> set[int]:
        assert self.to_move is not None
        return bol_legal(self.hands[self.to_move], self.lead, self.lead_has_no_power)

    def play(self, rank: int) -> bool:
        """Play ``rank`` for the player to move; True when it swept the table."""
        player = self.to_move
        assert player is not None
        if rank not in self.legal():
            raise ValueError(f"{rank} is not legal for player {player}")
        self.hands[player].remove(rank)
        self.table.append(rank)
        swept = False
        if self.lead is None:
            self.lead = rank
            still_in_hand = [r for h in self.hands for r in h]
            self.lead_has_no_power = all(rank > r for r in still_in_hand)
        elif self.lead_has_no_power or rank >= self.lead:
            # higher (an equal card is legal only when it counts as higher)
            swept = True
            self.own[player] += sum(bol_points(r) for r in self.table)
            self.sweeps.append((player, tuple(self.table)))
            self.table = []
            self.lead = None
            self.lead_has_no_power = False
        if not any(self.hands):
            if self.table:
                self.leftover = tuple(self.table)
                self.own[self.first] += sum(bol_points(r) for r in self.table)
                self.table = []
            self.to_move = None
        else:
            self.to_move = (player + 1) % 3
        return swept

    def round_scores(self) -> tuple[int, int, int]:
        return bol_round_scores(self.own)


def bol_round_scores(own: Sequence[int]) -> tuple[int, int, int]:
    """Each player's round score: own points plus the left neighbour's (the next player
    clockwise)."""
    return (own[0] + own[1], own[1] + own[2], own[2] + own[0])


def bol_chips(totals: Sequence[int]) -> tuple[int, int, int]:
    """The chips for the round's totals: 3 for the highest and 1 for the next; two tied
    highest 2 each; three tied 1 each; two tied second 1 each."""
    top = max(totals)
    at_top = [i for i in range(3) if totals[i] == top]
    chips = [0, 0, 0]
    if len(at_top) == 3:
        return (1, 1, 1)
    if len(at_top) == 2:
        for i in at_top:
            chips[i] = 2
        return (chips[0], chips[1], chips[2])
    chips[at_top[0]] = 3
    rest = [i for i in range(3) if i != at_top[0]]
    second = max(totals[i] for i in rest)
    for i in rest:
        if totals[i] == second:
            chips[i] = 1
    return (chips[0], chips[1], chips[2])


def bol_next_first(first: int, totals: Sequence[int]) -> int:
    """Who plays first in the next round: the round's winner. Of tied winners (the book
    and the notes leave it open), the project's reading: the first of them met going
    clockwise from the left of this round's first player, who comes last himself."""
    top = max(totals)
    for step in range(1, 4):
        seat = (first + step) % 3
        if totals[seat] == top:
            return seat
    raise AssertionError("unreachable")


def bol_match_winner(chips: Sequence[int], target: int = 7) -> int | None:
    """The player who has won the game, or None (play on): the first to ``target`` chips;
    if two or more reach it together, the one with more chips, and a tie plays on."""
    reached = [i for i in range(len(chips)) if chips[i] >= target]
    if not reached:
        return None
    best = max(chips[i] for i in reached)
    leaders = [i for i in reached if chips[i] == best]
    return leaders[0] if len(leaders) == 1 else None


# -- The Third Man -----------------------------------------------------------------------------


def tm_changes(bids: Sequence[int]) -> tuple[int, ...] | None:
    """How far each of the four pieces moves for these bids, or None when the auction
    is annulled (three or four equal bids)."""
    assert len(bids) == 4
    for b in bids:
        if bids.count(b) >= 3:
            return None
    changes = [0, 0, 0, 0]
    place = 1  # the place the next (lower) group of equal bids takes
    for b in sorted(set(bids), reverse=True):
        who = [i for i in range(4) if bids[i] == b]
        if len(who) == 1:
            if place == 1:
                changes[who[0]] = 10 - b
            elif place == 2:
                changes[who[0]] = -b
            elif place == 3:
                changes[who[0]] = 2 * b
            else:
                changes[who[0]] = 0
            place += 1
        else:  # two equal bids
            if place == 1:
                for i in who:
                    changes[i] = 5 - b
                place = 3  # the next bid is third
            elif place == 2:
                for i in who:
                    changes[i] = -b
                place = 4  # there is no third
            else:  # two equal bids below place 3 would need five bidders
                assert place == 3
                for i in who:
                    changes[i] = 2 * b
                place = 5
    return tuple(changes)


def tm_ahead(scores: Sequence[int], last_changes: Sequence[int] | None, previous_lead: int) -> int:
    """The player ahead: the highest piece; a shared lead goes to the better score in the
    last auction, then to the first of the tied players clockwise from the previous lead
    player. "Clockwise from" is read as card players read "deal clockwise from the
    dealer": starting on his left, so the previous lead player himself comes last."""
    top = max(scores)
    tied = [i for i in range(4) if scores[i] == top]
    if len(tied) > 1 and last_changes is not None:
        best = max(last_changes[i] for i in tied)
        tied = [i for i in tied if last_changes[i] == best]
    for step in range(1, 5):
        seat = (previous_lead + step) % 4
        if seat in tied:
            return seat
    raise AssertionError("unreachable")


def tm_series_over(scores: Sequence[int], auctions: int, limit: int = 20, most: int = 9) -> bool:
    """True when a piece is beyond +limit or -limit, or ``most`` auctions have been held
    (annulled ones not counted)."""
    return auctions >= most or any(s > limit or s < -limit for s in scores)
