"""The Third Man (PARADOX): an outrageous bidding game for four players.

Each player has a set of ten bidding cards of one color, 0 to 9 (the 10s are out), and a
piece on the score board's START (space 0; the board runs from -20 to +20). The game is a
series of auctions, each for a prize of 10 points. The lead player bids first, openly;
then the other three bid secretly, each laying a card face down, and all are turned up.
The highest bid earns 10 less the bid, the second-highest loses the bid, the third-highest
gains double the bid and the lowest stays put (:func:`score_auction`, with the book's
ties). The cards bid are then displayed face up in front of their players, in numerical
order. The first lead is chosen by lot; after that the player whose piece is ahead leads
(:func:`player_ahead`). A series ends when a piece goes beyond +20 or -20, or after the
9th auction (the 10th card is not bid); the player ahead then wins a chip, and 3 chips
win the game.

The shared rules notes (RULES-NOTES.md, "The Third Man") settle the ties: two tied
highest each get 5 less the bid and the next bid is third; two tied second both lose the
bid and there is no third; two tied third both gain double; three or four equal bids annul
the auction (the cards go back, the same lead bids again). A shared lead goes to the
better score in the last auction, then to the first tied player clockwise from the last
auction's lead player; the series' chip goes the same way.

The project's readings (docs/rules-notes.md, PARADOX):

- A hand of the engine is one series. The secret bids are moves made in turn clockwise
  from the lead player, each face down and seen by its owner only until all four are down.
- Each series begins with the book's Preparations: every piece on START, and each player
  takes a set, drawn here by lot from the seed and the series' number (the colors make no
  difference to play). The first lead of the game is chosen by lot (the engine's lot for a
  first dealer, :func:`printables.games.dealing.first_dealer`); the first lead of every
  later series follows the book's lead rule with all four pieces on START: the better
  score in the last auction of the series before, then the first clockwise from its lead
  player. The Third Man has no dealer: the series' first lead player stands in the
  dealer's place in the engine's records (``state.dealer``).
- The book repeats an annulled auction without end, so a table set on annulling could
  play for ever. Option ``annulments`` (10) bounds it: the 10th annulment of one auction
  voids it instead: nobody scores, the cards bid are displayed as spent, and it counts as
  one of the nine. A series is therefore at most 9 x 10 x 4 = 360 moves.

>>> [auction_changes(bids) for bids in ((3, 7, 7, 2), (9, 9, 4, 1), (7, 7, 7, 2))]
[(6, -2, -2, 0), (-4, -4, 8, 0), None]
>>> state = GAME.setup(4, seed=1)
>>> GAME.to_move(state) == state.lead, len(GAME.legal_moves(state))
(True, 10)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from operator import attrgetter
from typing import Literal

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.cards.wording import signed
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Zone,
    replaced,
    seat_name,
)
from printables.games.dealing import hand_rng, left_of
from printables.games.paradox import ParadoxGame

PLAYERS = 4
PRIZE = 10
"""The house's prize fund in each auction, in points."""
BIDS = range(10)
"""The bidding cards, 0 to 9 (the 10s are out)."""
COLORS = ("red", "green", "purple", "blue")
SETS = tuple(tuple(PARADOX.card("RGPB"[color] + str(rank)) for rank in BIDS)
             for color in range(len(COLORS)))  # fmt: skip
"""Each color's set of bidding cards, 0 to 9, by color index (red, green, purple, blue)."""
NO_BIDS: tuple[Card | None, ...] = (None,) * PLAYERS
STILL = (0,) * PLAYERS

Result = Literal["scored", "annulled", "void"]


# -- one auction -------------------------------------------------------------------------


@dataclass(frozen=True)
class AuctionScore:
    """An auction's four bids scored by the book's rules: each piece's move (None when the
    auction is annulled), each bid's place (1 the highest; equal bids share the higher
    place, so two tied highest are 1, 1 and the next bid is 3) and the reasons."""

    bids: tuple[int, ...]
    changes: tuple[int, ...] | None
    places: tuple[int, ...]
    reasons: tuple[str, ...]

    @property
    def annulled(self) -> bool:
        return self.changes is None


def score_auction(bids: Sequence[int]) -> AuctionScore:
    """Score one auction: four bids (0 to 9) in seat order.

    A bid's place counts the bids above it, so tied bids share the higher place. The
    highest earns 10 less the bid (two tied highest share the 10: 5 less the bid each),
    the second-highest loses the bid, the third-highest gains double the bid, the lowest
    stays put. Two tied highest leave no second, so the next bid is third; two tied second
    leave no third; three or four equal bids annul the auction.

    >>> score_auction((9, 9, 4, 1)).reasons[0]
    'Player 1 bid 9, tied highest with player 2: they share the 10 points, so 5 less 9: down 4.'
    """
    bids = _checked(bids)
    changes, places = _scored(bids)
    if changes is None:
        bid = next(b for b in bids if bids.count(b) >= 3)
        who = _names([s for s in range(PLAYERS) if bids[s] == bid])
        reason = (f"{_sentence(who)} all bid {bid}: three or four equal bids annul the "
                  "auction; the cards go back to the hands and it is bid again.")  # fmt: skip
        return AuctionScore(bids, None, places, (reason,))
    reasons = tuple(_reason(seat, bids, places, changes[seat]) for seat in range(PLAYERS))
    return AuctionScore(bids, changes, places, reasons)


def auction_changes(bids: Sequence[int]) -> tuple[int, ...] | None:
    """How far each piece moves after an auction of four bids in seat order (up is
    positive), or None when three or four equal bids annul it (:func:`score_auction`)."""
    return _scored(_checked(bids))[0]


def _checked(bids: Sequence[int]) -> tuple[int, ...]:
    bids = tuple(bids)
    if len(bids) != PLAYERS:
        raise ValueError(f"an auction of The Third Man has four bids, not {len(bids)}")
    for bid in bids:
        if isinstance(bid, bool) or not isinstance(bid, int) or bid not in BIDS:
            raise ValueError(f"a bid is 0 to 9, not {bid!r}")
    return bids


@cache
def _scored(bids: tuple[int, ...]) -> tuple[tuple[int, ...] | None, tuple[int, ...]]:
    """The changes (None: annulled) and places of four checked bids."""
    counts = Counter(bids)
    places = tuple(1 + sum(other > bid for other in bids) for bid in bids)
    if max(counts.values()) >= 3:
        return None, places
    changes = tuple(_change(b, place, counts[b]) for b, place in zip(bids, places, strict=True))
    return changes, places


def _change(bid: int, place: int, tied: int) -> int:
    if place == 1:
        return PRIZE // tied - bid  # two tied highest share the prize
    if place == 2:
        return -bid
    if place == 3:
        return 2 * bid
    return 0


def _reason(seat: int, bids: tuple[int, ...], places: tuple[int, ...], change: int) -> str:
    bid, place = bids[seat], places[seat]
    who = seat_name(seat).capitalize()
    mates = [s for s in range(PLAYERS) if s != seat and bids[s] == bid]
    mate = seat_name(mates[0]) if mates else ""
    moves = _moves(change)
    if place == 1:
        if mate:
            return (f"{who} bid {bid}, tied highest with {mate}: they share the 10 points, "
                    f"so 5 less {bid}: {moves}.")  # fmt: skip
        return f"{who} bid {bid}, the highest bid, and earns the 10 points less {bid}: {moves}."
    if place == 2:
        if mate:
            return (f"{who} bid {bid}, tied second-highest with {mate}: both lose the full bid, "
                    f"and there is no third: {moves}.")  # fmt: skip
        return f"{who} bid {bid}, the second-highest bid, and loses the full bid: {moves}."
    if place == 3:
        since = " (two tied highest leave no second)" if places.count(1) == 2 else ""
        if mate:
            return (f"{who} bid {bid}, tied third-highest with {mate}{since}: both gain double "
                    f"the bid: {moves}.")  # fmt: skip
        return f"{who} bid {bid}, the third-highest bid{since}, and gains double the bid: {moves}."
    if 3 not in places:
        return f"{who} bid {bid}, the lowest bid; with two tied second there is no third: {moves}."
    return f"{who} bid {bid}, the lowest bid: {moves}."


# -- who is ahead ------------------------------------------------------------------------


def player_ahead(
    positions: Sequence[int], last_changes: Sequence[int], last_lead: int
) -> tuple[int, str]:
    """The player ahead on the board, and why (a clause): the piece furthest up; a shared
    lead goes to the better score in the last auction, then to the first of those still
    tied clockwise from the last auction's lead player (who comes last himself). This
    names the lead player of each auction after the first and the winner of a series.

    >>> for part in player_ahead((4, 9, 9, -2), (0, 6, -2, 0), 3)[1].split("; "):
    ...     print(part)
    player 2 and player 3 share the lead at +9
    player 2 had the better score in the last auction (+6)
    >>> player_ahead((0, 0, 0, 0), (0, 0, 0, 0), 3)[0]
    0
    """
    seat, tied, better = _ahead(positions, last_changes, last_lead)
    top = positions[seat]
    if len(tied) == 1:
        return seat, f"{seat_name(seat)}'s piece is ahead, {_at(top)}"
    if len(tied) == len(positions) and top == 0:
        where = "all the pieces are on START"
    else:
        where = f"{_names(tied)} share the lead {_at(top)}"
    best = signed(last_changes[seat])
    if len(better) == 1:
        return seat, f"{where}; {seat_name(seat)} had the better score in the last auction ({best})"
    scored = ("they scored the same in the last auction" if len(better) == len(tied)
              else f"{_names(better)} had the better score in the last auction")  # fmt: skip
    return seat, (f"{where}; {scored} ({best}), and {seat_name(seat)} is the first of them "
                  f"clockwise from {seat_name(last_lead)}, who led it")  # fmt: skip


def _ahead(
    positions: Sequence[int], last_changes: Sequence[int], last_lead: int
) -> tuple[int, list[int], list[int]]:
    """The seat ahead, the seats sharing the lead, and those of them with the better
    score in the last auction."""
    players = len(positions)
    top = max(positions)
    tied = [s for s in range(players) if positions[s] == top]
    if len(tied) == 1:
        return tied[0], tied, tied
    best = max(last_changes[s] for s in tied)
    better = [s for s in tied if last_changes[s] == best]
    if len(better) == 1:
        return better[0], tied, better
    order = (left_of(last_lead, players, k) for k in range(1, players + 1))
    return next(s for s in order if s in better), tied, better


# -- the game's pieces ---------------------------------------------------------------------


@dataclass(frozen=True)
class ThirdManOptions:
    target: int = field(default=3, metadata={"help": "chips that win the game (the book: 3)"})
    board: int = field(
        default=20, metadata={"help": "the board's last space up and down: a piece beyond "
                              "it ends the series (the book: 20)"})  # fmt: skip
    annulments: int = field(
        default=10, metadata={"help": "annulments one auction may have: the last of them "
                              "voids it, nobody scores and the cards bid are spent (the book "
                              "repeats it without end)"})  # fmt: skip

    def __post_init__(self) -> None:
        if not 1 <= self.target <= 50:
            raise OptionError(f"target must be 1 to 50 chips, not {self.target}")
        if not 1 <= self.board <= 500:
            raise OptionError(f"board must be 1 to 500 spaces, not {self.board}")
        if not 1 <= self.annulments <= 1000:
            raise OptionError(f"annulments must be 1 to 1000, not {self.annulments}")


@dataclass(frozen=True)
class Bid:
    """Bid ``card`` from the bidder's set: the lead player's face up, the others' face down.
    The card's color names the bidder."""

    card: Card

    def __str__(self) -> str:
        return f"bid {self.card}"


@dataclass(frozen=True)
class Auction:
    """One bidding of an auction: its lead player, each seat's bid, and what came of it
    (``changes`` are all 0 unless it was scored)."""

    lead: int
    bids: tuple[int, ...]
    result: Result
    changes: tuple[int, ...] = STILL


@dataclass(frozen=True)
class ThirdManState:
    options: ThirdManOptions
    seed: int
    hand_number: int  # the series, 0 the first
    first_lead: int  # the series' first lead player
    sets: tuple[int, ...]  # each seat's color: 0 red, 1 green, 2 purple, 3 blue
    hands: tuple[tuple[Card, ...], ...]  # cards not yet bid, 0 to 9
    shown: tuple[tuple[Card, ...], ...]  # cards bid in past auctions, face up, 0 to 9
    bids: tuple[Card | None, ...]  # the auction being bid
    lead: int
    turn: int
    positions: tuple[int, ...]  # each piece's space on the board (0: START)
    chips: tuple[int, ...]  # chips held when the series began
    auctions: tuple[Auction, ...] = ()  # this series' biddings, annulled ones too
    over: bool = False
    lead_reason: str = ""

    @property
    def dealer(self) -> int:
        """The Third Man has no dealer; the series' first lead player takes the dealer's
        place in the engine's records (the next series is decided from him)."""
        return self.first_lead

    @property
    def completed(self) -> tuple[Auction, ...]:
        """The auctions of the series that are over (scored or void), not the annulled."""
        return tuple(a for a in self.auctions if a.result != "annulled")

    @property
    def annulled(self) -> int:
        """How many times in a row the auction being bid has been annulled."""
        count = 0
        for auction in reversed(self.auctions):
            if auction.result != "annulled":
                break
            count += 1
        return count


ThirdManMove = Bid


class TheThirdMan(ParadoxGame[ThirdManState, ThirdManMove, ThirdManOptions]):
    key = "the-third-man"
    title = "The Third Man"
    summary = ("Bid 0 to 9 for 10 points: the highest earns 10 less the bid, the second "
               "loses the bid, the third gains double.")  # fmt: skip
    players = (PLAYERS, PLAYERS)
    move_types = (Bid,)
    options_type = ThirdManOptions
    position_help = "an auction: four bids in seat order, each 0 to 9 (e.g. '3 7 7 2')"

    # -- dealing -------------------------------------------------------------------------

    def deal(
        self, players: int, seed: int, dealer: int, options: ThirdManOptions, hand_number: int
    ) -> ThirdManState:
        """A series of a new game: nobody holds chips yet, and ``dealer`` (chosen by lot
        at set-up) leads the first auction."""
        self.check_players(players)
        why = f"{seat_name(dealer).capitalize()} leads the first auction, chosen by lot."
        return _series(seed, dealer, options, hand_number, STILL, why)

    def next_hand(self, state: ThirdManState) -> ThirdManState:
        """The next series: the chips carry over, every piece goes back to START, the sets
        are taken again, and the lead rule names the first lead player (with all pieces on
        START, the better score in the series' last auction, then the first clockwise from
        its lead player). A series not over, or a game won, raises :class:`PositionError`."""
        outcome = self.outcome(state)
        if outcome is None:
            raise PositionError("the hand is not over yet; play it out before the next deal")
        chips = tuple(c + s for c, s in zip(state.chips, outcome.scores, strict=True))
        if max(chips) >= state.options.target:
            seat = chips.index(max(chips))
            raise PositionError(f"{seat_name(seat)} has {max(chips)} chips and has won the game; "
                                "there is no next series")  # fmt: skip
        last = state.completed[-1]
        lead, why = player_ahead(STILL, last.changes, last.lead)
        reason = f"{_sentence(why)}; {seat_name(lead)} leads the first auction."
        return _series(state.seed, lead, state.options, state.hand_number + 1, chips, reason)

    # -- the interface -----------------------------------------------------------------------

    def to_move(self, state: ThirdManState) -> int | None:
        return None if state.over else state.turn

    def candidate_moves(self, state: ThirdManState) -> Iterable[ThirdManMove]:
        return (Bid(card) for card in SETS[state.sets[state.turn]])

    def legal_moves(self, state: ThirdManState) -> list[ThirdManMove]:
        if state.over:
            return []
        return [Bid(card) for card in state.hands[state.turn]]

    def why_illegal(self, state: ThirdManState, move: ThirdManMove) -> str | None:
        card = move.card
        if not isinstance(card, Card) or card.deck is not PARADOX:
            return f"{card} is not a PARADOX card; The Third Man is bid with PARADOX cards."
        color, rank = card.values
        if rank not in BIDS:
            return f"The 10s are out of The Third Man; {card} cannot be bid, only 0 to 9."
        bidder = state.sets.index(color)
        if bidder != state.turn:
            if state.bids[state.lead] is None:
                return "The lead player bids first, openly."
            return f"It is {seat_name(state.turn)}'s turn to bid."
        if card not in state.hands[bidder]:
            return f"You have already bid your {rank}."
        return None

    def _apply(self, state: ThirdManState, move: ThirdManMove) -> ThirdManState:
        seat, card = state.turn, move.card
        hand = tuple(c for c in state.hands[seat] if c != card)
        state = replace(state, hands=replaced(state.hands, seat, hand),
                        bids=replaced(state.bids, seat, card))  # fmt: skip
        following = left_of(seat, PLAYERS)
        if following != state.lead:
            return replace(state, turn=following)
        return self._settle(state)

    def _settle(self, state: ThirdManState) -> ThirdManState:
        """All four have bid: turn the cards up and score the auction, or annul it."""
        cards = tuple(c for c in state.bids if c is not None)
        ranks = tuple(c.values[1] for c in cards)
        changes = auction_changes(ranks)
        if changes is None and state.annulled + 1 < state.options.annulments:
            hands = tuple(_in_order((*h, c)) for h, c in zip(state.hands, cards, strict=True))
            why = f"The auction was annulled; {seat_name(state.lead)} leads it again."
            return replace(state, hands=hands, bids=NO_BIDS, turn=state.lead,
                           auctions=(*state.auctions, Auction(state.lead, ranks, "annulled")),
                           lead_reason=why)  # fmt: skip
        record = (Auction(state.lead, ranks, "void") if changes is None
                  else Auction(state.lead, ranks, "scored", changes))  # fmt: skip
        shown = tuple(_in_order((*s, c)) for s, c in zip(state.shown, cards, strict=True))
        positions = tuple(p + d for p, d in zip(state.positions, record.changes, strict=True))
        beyond = any(abs(p) > state.options.board for p in positions)
        if beyond or len(state.hands[0]) <= 1:  # the 9th auction leaves one card each
            lead, why, over = state.lead, "", True
        else:
            lead, why = player_ahead(positions, record.changes, record.lead)
            why, over = f"{_sentence(why)}; {seat_name(lead)} leads.", False
        return replace(state, shown=shown, bids=NO_BIDS, positions=positions,
                       auctions=(*state.auctions, record), lead=lead, turn=lead, over=over,
                       lead_reason=why)  # fmt: skip

    def zones(self, state: ThirdManState) -> tuple[Zone, ...]:
        zones = []
        for seat in range(PLAYERS):
            bid = state.bids[seat]
            down = () if bid is None else (bid,)
            bid_zone = (Zone("open bid", down, seat, "all") if seat == state.lead
                        else Zone("secret bid", down, seat, "owner"))  # fmt: skip
            zones += [Zone("hand", state.hands[seat], seat, "owner"), bid_zone,
                      Zone("cards bid", state.shown[seat], seat, "all")]  # fmt: skip
        return tuple(zones)

    def outcome(self, state: ThirdManState) -> Outcome | None:
        if not state.over:
            return None
        last = state.completed[-1]
        winner, why = player_ahead(state.positions, last.changes, last.lead)
        board = state.options.board
        beyond = [s for s, p in enumerate(state.positions) if abs(p) > board]
        if beyond:
            gone = ", ".join(f"{seat_name(s)}'s to {signed(state.positions[s])}" for s in beyond)
            ended = f"A piece has gone beyond {board} ({gone}): the series is over."
        else:
            ended = (f"The {_ordinal(len(state.completed))} auction is over and the 10th card "
                     "is not bid: the series is over.")  # fmt: skip
        spaces = ", ".join(f"{seat_name(s)} {signed(p)}" for s, p in enumerate(state.positions))
        won = f"{_sentence(why)}; {seat_name(winner)} wins the series and a chip."
        reasons = (ended, f"The pieces: {spaces}.", won)
        return Outcome((winner,), tuple(int(s == winner) for s in range(PLAYERS)), reasons)

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: ThirdManOptions | None = None
    ) -> Outcome | None:
        """The game is won by the first to collect the target's chips (3); ``totals`` are
        the chips each seat has won, one a series."""
        options = options or ThirdManOptions()
        most = max(totals)
        if most < options.target:
            return None
        winners = tuple(s for s, n in enumerate(totals) if n == most)
        names = _names(list(winners))
        return Outcome(winners, tuple(totals), (
            f"After {hands} series, {names} {'has' if len(winners) == 1 else 'have'} "
            f"{most} chips and {'wins' if len(winners) == 1 else 'win'} the game.",))  # fmt: skip

    def invariants(self, state: ThirdManState) -> list[str]:
        broken = []
        completed = state.completed
        if sorted(state.sets) != list(range(PLAYERS)):
            broken.append(f"the seats do not hold one set of each color: {state.sets}")
        for seat in range(PLAYERS):
            bid = state.bids[seat]
            held = (*state.hands[seat], *state.shown[seat], *(() if bid is None else (bid,)))
            if _in_order(held) != SETS[state.sets[seat]]:
                broken.append(f"{seat_name(seat)} does not hold exactly one set 0 to 9")
            ranks = [c.values[1] for c in state.shown[seat]]
            if ranks != sorted(a.bids[seat] for a in completed):
                broken.append(f"{seat_name(seat)}'s cards on display are not the bids made")
            if state.hands[seat] != _in_order(state.hands[seat]):
                broken.append(f"{seat_name(seat)}'s hand is out of order")
        broken += _history_problems(state)
        if state.annulled >= state.options.annulments:
            broken.append(f"an auction was annulled {state.annulled} times, past the bound")
        beyond = any(abs(p) > state.options.board for p in state.positions)
        if state.over:
            if any(b is not None for b in state.bids):
                broken.append("the series is over with bids on the table")
            if not beyond and len(completed) != len(BIDS) - 1:
                broken.append(f"the series ended after {len(completed)} auctions, nobody beyond")
        else:
            if beyond or len(completed) >= len(BIDS) - 1:
                broken.append("the series should be over")
            waiting = [left_of(state.lead, PLAYERS, k) for k in range(PLAYERS)]
            expected = next(s for s in waiting if state.bids[s] is None)
            if state.turn != expected:
                broken.append(f"{seat_name(state.turn)} is to bid, not {seat_name(expected)}")
            if any(state.bids[s] is not None for s in waiting[waiting.index(expected) :]):
                broken.append("a bid was made out of turn")
        return broken

    def describe(self, state: ThirdManState) -> str:
        spaces = ", ".join(f"{seat_name(s)} {signed(p)}" for s, p in enumerate(state.positions))
        lines = [f"pieces: {spaces}; chips: {', '.join(map(str, state.chips))}"]
        if not state.over:
            lines.append(f"auction {len(state.completed) + 1}, {seat_name(state.lead)} leads")
        return "\n".join([*lines, super().describe(state)])

    # -- scoring written positions ---------------------------------------------------------

    def score_position(self, text: str, options: ThirdManOptions | None = None) -> Scored:
        """Score an auction written as four bids in seat order (``3 7 7 2``)."""
        words = text.replace(",", " ").split()
        if len(words) != PLAYERS:
            raise PositionError(f"Write an auction as four bids in seat order, each 0 to 9 "
                                f"(e.g. '3 7 7 2'); {_count(len(words))} given.")  # fmt: skip
        bids = []
        for word in words:
            try:
                bid = int(word)
            except ValueError:
                raise PositionError(f"{word!r} is not a bid; a bid is a number 0 to 9.") from None
            if bid not in BIDS:
                raise PositionError(f"{bid} is not a bid; bids are 0 to 9 (the 10s are out).")
            bids.append(bid)
        scored = score_auction(bids)
        if scored.changes is None:
            counts = Counter(scored.bids)
            bid = max(counts, key=counts.__getitem__)
            summary = f"Annulled: {counts[bid]} equal bids of {bid}; the auction is bid again"
            return Scored(self.title, None, summary, scored.reasons,
                          {"bids": list(scored.bids), "places": None},
                          top_level={"changes": None, "cancelled": True})  # fmt: skip
        summary = ", ".join(f"{seat_name(s)} {signed(c)}" for s, c in enumerate(scored.changes))
        return Scored(self.title, None, _sentence(summary), scored.reasons,
                      {"bids": list(scored.bids), "places": list(scored.places)},
                      top_level={"changes": list(scored.changes), "cancelled": False})  # fmt: skip


# -- series --------------------------------------------------------------------------------


def _series(
    seed: int,
    lead: int,
    options: ThirdManOptions,
    hand_number: int,
    chips: tuple[int, ...],
    lead_reason: str,
) -> ThirdManState:
    """A series from the book's Preparations: every piece on START and each player's set
    taken (by lot, from the seed and the series' number), ``lead`` to bid first."""
    sets = list(range(PLAYERS))
    hand_rng(seed, hand_number, "sets").shuffle(sets)
    return ThirdManState(
        options=options, seed=seed, hand_number=hand_number, first_lead=lead,
        sets=tuple(sets), hands=tuple(SETS[c] for c in sets), shown=((),) * PLAYERS,
        bids=NO_BIDS, lead=lead, turn=lead, positions=STILL, chips=chips,
        lead_reason=lead_reason,
    )  # fmt: skip


def _history_problems(state: ThirdManState) -> list[str]:
    """The series' auctions replayed: each scored by the rules, each lead as the rule
    names him, the pieces where the scores put them."""
    broken = []
    positions = STILL
    lead = state.first_lead
    for number, auction in enumerate(state.auctions, 1):
        if auction.lead != lead:
            broken.append(f"bidding {number} was led by {seat_name(auction.lead)}, "
                          f"not {seat_name(lead)}")  # fmt: skip
        changes = auction_changes(auction.bids)
        if auction.result == "scored" and changes != auction.changes:
            broken.append(f"bidding {number} {auction.bids} scored {auction.changes}, "
                          f"not {changes}")  # fmt: skip
        if auction.result != "scored" and (changes is not None or auction.changes != STILL):
            broken.append(f"bidding {number} {auction.bids} was {auction.result} wrongly")
        if auction.result == "annulled":
            continue
        positions = tuple(p + d for p, d in zip(positions, auction.changes, strict=True))
        lead = _ahead(positions, auction.changes, auction.lead)[0]
    if positions != state.positions:
        broken.append(f"the pieces are at {state.positions}, not {positions}")
    if not state.over and state.lead != lead:
        broken.append(f"{seat_name(state.lead)} leads, not {seat_name(lead)}")
    return broken


def _in_order(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards of one set in numerical order."""
    return tuple(sorted(cards, key=attrgetter("index")))


# -- words ---------------------------------------------------------------------------------


def _at(space: int) -> str:
    return "on START" if space == 0 else f"at {space:+d}"


def _moves(change: int) -> str:
    if change > 0:
        return f"up {change}"
    if change < 0:
        return f"down {-change}"
    return "the piece stays put"


def _names(seats: list[int]) -> str:
    words = [seat_name(s) for s in seats]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _count(n: int) -> str:
    return "no bid" if n == 0 else f"{n} bid" if n == 1 else f"{n} bids"


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


GAME = TheThirdMan()
