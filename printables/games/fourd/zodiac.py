"""Zodiac (4D Playing Cards rulebook): get all twelve values without four of any one.

A betting game against the dealer, two to eight players, each starting with the same
chips. The dealer sets a bank; before dealing shows the top card and puts it face up at
the bottom of the deck (it marks when the deck has been gone through). Everyone, the
dealer too, gets two cards face up and one face down. From the dealer's left each
player bets 1 chip up to the betting limit. Then each player in turn, the dealer last,
hits (one more card, face up) or stands; a hand holding four of any value is busted and
its bet goes to the dealer at once. A hand holding all twelve values is a *zodiac*;
closeness to it is how many of the twelve values a hand shows ("down two" shows ten).
A player closer than the dealer is paid the bet; a tie goes to the dealer (Variation 1:
a tie between hands of different sizes goes to the fewer cards). The dealer pays only
up to what the bank holds; chips the dealer wins go into the bank. Variation 2: a player
(not the dealer) dealt a zodiac in the first three cards (a nada) is paid twice the
betting limit and deals next.

The deal does not pass by turns: the dealer deals again, without reshuffling, until the
bank is used up (the player who took its last chip deals next) or a player bets the
limit and wins (the one closest on the dealer's left). :func:`next_dealer` is that rule;
:meth:`Zodiac.next_hand` deals the following hand (same deck, or a fresh shuffle for a new
dealer), and one ``setup`` is one hand.

The project's readings (docs/readings/zodiac.md): a busted dealer loses to every hand
still standing; bets are settled one at a time from the dealer's left, the bank growing
with losses and shrinking with wins; a Variation 2 player neither bets nor plays and is
paid at the settling; when several rules name the next dealer, Variation 2 comes first,
then a bet of the limit won, then the bank's last chip; a busted hand shows its face-down
card; a player with no chips sits out; the face-up marker is laid after every shuffle.
The bank is all the dealer's chips unless the option says less; the book's "time to quit"
is a number of hands (option ``hands``), after which the most chips win (ties share).

>>> from printables.cards import card
>>> closeness([card("Gg~T"), card("Rb~T"), card("BgzC"), card("RwzC"), card("BbzT")])
10
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from printables.cards.deck import Card, Value
from printables.cards.reading import read_cards
from printables.cards.wording import values_text
from printables.fourd.flushes import is_nada, value_counts
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Zone,
    replaced,
    seat_name,
)
from printables.games.dealing import left_of, rng, shuffled
from printables.games.fourd import FourDGame

Phase = Literal["bet", "play", "over"]
WORDS = dict(enumerate(("one", "two", "three", "four", "five", "six", "seven", "eight",
                        "nine", "ten", "eleven", "twelve"), 1))  # fmt: skip


@dataclass(frozen=True)
class ZodiacOptions:
    chips: int = field(default=100, metadata={"help": "chips each player starts with"})
    limit: int = field(default=5, metadata={"help": "betting limit: the most one bet may be"})
    bank: int = field(
        default=0, metadata={"help": "chips the dealer sets aside as the bank (0: all "
                             "the dealer's chips; the book leaves it to the dealer)"})  # fmt: skip
    hands: int = field(
        default=10, metadata={"help": "hands to play before the chips are counted "
                              "(the book: a time agreed in advance)"})  # fmt: skip
    fewer_cards_win: bool = field(
        default=False, metadata={"help": "Variation 1: a tie goes to the hand with fewer cards"}
    )
    zodiac_deal_pays: bool = field(
        default=False, metadata={"help": "Variation 2: a player dealt a nada is paid twice "
                                 "the limit and deals next"})  # fmt: skip

    def __post_init__(self) -> None:
        if not 1 <= self.chips <= 100_000:
            raise OptionError(f"chips must be 1 to 100000, not {self.chips}")
        if not 1 <= self.limit <= 10_000:
            raise OptionError(f"limit must be 1 to 10000, not {self.limit}")
        if not 0 <= self.bank <= self.chips:
            raise OptionError(
                f"bank must be 0 (all) to the starting chips ({self.chips}), not {self.bank}"
            )
        if not 1 <= self.hands <= 1000:
            raise OptionError(f"hands must be 1 to 1000, not {self.hands}")


@dataclass(frozen=True)
class Bet:
    """Bet ``chips`` that the final hand will beat the dealer's."""

    chips: int

    def __str__(self) -> str:
        return f"bet {self.chips}"


@dataclass(frozen=True)
class Hit:
    """Ask the dealer for one more card, face up."""

    def __str__(self) -> str:
        return "hit"


@dataclass(frozen=True)
class Stand:
    """Keep the cards held as the final hand."""

    def __str__(self) -> str:
        return "stand"


ZodiacMove = Bet | Hit | Stand


@dataclass(frozen=True)
class ZodiacState:
    options: ZodiacOptions
    seed: int
    dealer: int
    chips: tuple[int, ...]  # chips in front of each player (not the bank, not bets out)
    start: tuple[int, ...]  # each seat's holdings when the hand began (the dealer's with bank)
    bank: int
    up: tuple[tuple[Card, ...], ...]  # face-up cards, in the order received
    down: tuple[Card | None, ...]  # face-down card; None for a player sitting out
    bets: tuple[int, ...]
    busted: tuple[bool, ...]
    zodiac_dealt: tuple[bool, ...]  # Variation 2: dealt a nada (never the dealer)
    stock: tuple[Card, ...]  # top card first, above the marker
    marker: Card  # the card turned face up at the bottom
    under: tuple[Card, ...]  # cards collected under the marker
    phase: Phase
    turn: int
    hand_number: int = 0
    reshuffles: int = 0
    settlement: tuple[str, ...] = ()
    next_dealer: int | None = None
    next_reason: str = ""

    def hand(self, seat: int) -> tuple[Card, ...]:
        """All of a seat's cards: face-up ones and the face-down one."""
        down = self.down[seat]
        return self.up[seat] if down is None else (down, *self.up[seat])

    def playing(self, seat: int) -> bool:
        return self.down[seat] is not None

    @property
    def players(self) -> int:
        return len(self.chips)


# -- the hand's value -------------------------------------------------------------------


def closeness(cards: Sequence[Card]) -> int:
    """How many of the twelve values the cards show (12: a zodiac, if not busted)."""
    return sum(1 for n in value_counts(cards).values() if n)


def bust_values(cards: Sequence[Card]) -> list[Value]:
    """The values shown four or more times (the hand is busted when any)."""
    return [v for v, n in value_counts(cards).items() if n >= 4]


def _hand_words(cards: Sequence[Card]) -> str:
    """ "busted (four triangle)", "a zodiac" or "down two (10 values)"."""
    counts = value_counts(cards)
    bust = [f"{WORDS.get(n, str(n))} {v.name}" for v, n in counts.items() if n >= 4]
    if bust:
        return "busted (" + " and ".join(bust) + ")"
    present = sum(1 for n in counts.values() if n)
    if present == 12:
        return "a zodiac"
    return f"down {WORDS.get(12 - present, str(12 - present))} ({present} values)"


def beats_dealer(
    hand: Sequence[Card], dealer_hand: Sequence[Card], fewer_cards_win: bool = False
) -> tuple[bool, str]:
    """Whether a player's (unbusted) hand beats the dealer's, and why, as a clause."""
    mine, theirs = closeness(hand), closeness(dealer_hand)
    if bust_values(dealer_hand):
        return True, f"has {mine} values and the dealer is busted"
    if mine != theirs:
        word = "more" if mine > theirs else "fewer"
        return mine > theirs, f"has {mine} values, {word} than the dealer's {theirs}"
    if fewer_cards_win and len(hand) != len(dealer_hand):
        word = "fewer" if len(hand) < len(dealer_hand) else "more"
        return len(hand) < len(dealer_hand), (
            f"ties the dealer at {mine} values with {word} cards "
            f"({len(hand)} to {len(dealer_hand)}; Variation 1)"
        )
    return False, f"ties the dealer at {mine} values, and a tie goes to the dealer"


# -- who deals next ---------------------------------------------------------------------


def next_dealer(
    players: int,
    dealer: int,
    *,
    zodiac_dealt: Iterable[int] = (),
    limit_winners: Iterable[int] = (),
    bank_emptied_by: int | None = None,
) -> tuple[int, str]:
    """The next dealer and why: a Variation 2 zodiac deal first, then a bet of the
    limit won, then the player who took the bank's last chip (the closest on the
    dealer's left when several); otherwise the dealer deals again.

    >>> next_dealer(4, 0, limit_winners=[3, 2])[0]
    2
    """

    def closest(seats: Iterable[int]) -> int | None:
        found = sorted(seats, key=lambda s: (s - dealer) % players)
        return found[0] if found else None

    seat = closest(zodiac_dealt)
    if seat is not None:
        why = f"{seat_name(seat)} was dealt a zodiac (Variation 2)"
        return seat, f"{why}; {seat_name(seat)} deals next."
    seat = closest(limit_winners)
    if seat is not None:
        why = f"{seat_name(seat)} bet the limit and won"
        if len(set(limit_winners)) > 1:
            why += ", the closest such player on the dealer's left"
        return seat, f"{why}; {seat_name(seat)} deals next."
    if bank_emptied_by is not None:
        seat = bank_emptied_by
        return seat, f"{seat_name(seat)} won the last chip of the bank and deals next."
    return dealer, f"The bank is not used up; {seat_name(dealer)} deals again."


# -- the game ---------------------------------------------------------------------------


class Zodiac(FourDGame[ZodiacState, ZodiacMove, ZodiacOptions]):
    key = "zodiac"
    title = "Zodiac"
    summary = "Bet against the dealer on getting all twelve values without four of any one."
    players = (2, 8)
    move_types = (Bet, Hit, Stand)
    options_type = ZodiacOptions
    position_help = "a hand of cards (e.g. 'Gg~T Rb~T BgzC RwzC BbzT')"

    def deal(
        self, players: int, seed: int, dealer: int, options: ZodiacOptions, hand_number: int
    ) -> ZodiacState:
        """A hand of a new game: every player holds the starting chips, and the dealer
        forms the bank."""
        chips, bank = _form_bank(options, (options.chips,) * players, dealer)
        labels = ("deal",) if hand_number == 0 else ("deal", hand_number)
        pack = _Pack.shuffled(self.deck.cards, seed, *labels)
        return _deal(options, seed, dealer, chips, bank, hand_number, pack)

    def next_hand(self, state: ZodiacState) -> ZodiacState:
        """Deal the hand after a finished one: the same dealer deals on from the same deck
        (the cards played go under the marker) with the same bank; a new dealer keeps
        nothing of the old bank, forms a new one and deals from a fresh shuffle."""
        if state.phase != "over" or state.next_dealer is None:
            raise PositionError("the hand is not over yet; play it out before the next deal")
        held = _holdings(state)
        dealer = state.next_dealer
        if sum(1 for s, n in enumerate(held) if n > 0 and s != dealer) == 0:
            raise PositionError(f"nobody but {seat_name(dealer)} has chips left; the game is over")
        number = state.hand_number + 1
        if dealer == state.dealer:
            used = tuple(c for s in _order(state) for c in (*state.up[s], *_down(state, s)))
            pack = _Pack(state.stock, state.marker, (*state.under, *used), state.reshuffles)
            return _deal(state.options, state.seed, dealer, state.chips, state.bank, number, pack)
        chips, bank = _form_bank(state.options, held, dealer)
        pack = _Pack.shuffled(self.deck.cards, state.seed, "deal", number)
        return _deal(state.options, state.seed, dealer, chips, bank, number, pack)

    # -- the interface ---------------------------------------------------------------

    def to_move(self, state: ZodiacState) -> int | None:
        return None if state.phase == "over" else state.turn

    def candidate_moves(self, state: ZodiacState) -> Iterable[ZodiacMove]:
        yield from (Bet(n) for n in range(state.options.limit + 1))
        yield Hit()
        yield Stand()

    def legal_moves(self, state: ZodiacState) -> list[ZodiacMove]:
        if state.phase == "bet":
            most = min(state.options.limit, state.chips[state.turn])
            return [Bet(n) for n in range(1, most + 1)]
        if state.phase == "play":
            return [Hit(), Stand()]
        return []

    def why_illegal(self, state: ZodiacState, move: ZodiacMove) -> str | None:
        who = seat_name(state.turn).capitalize()
        if state.phase == "over":
            return "The hand is over; no more moves can be made."
        if isinstance(move, Bet):
            if state.phase != "bet":
                return f"The bets are placed; {seat_name(state.turn)} now hits or stands."
            if move.chips < 1:
                return "A bet must be at least one chip."
            if move.chips > state.options.limit:
                return (f"The betting limit is {state.options.limit} chips; "
                        f"{move.chips} is too many.")  # fmt: skip
            if move.chips > state.chips[state.turn]:
                return (f"{who} has only {_chips(state.chips[state.turn])} "
                        f"and cannot bet {move.chips}.")  # fmt: skip
            return None
        if state.phase == "bet":
            return f"{who} bets first; hitting and standing come after all the bets are placed."
        return None

    def _apply(self, state: ZodiacState, move: ZodiacMove) -> ZodiacState:
        seat = state.turn
        if isinstance(move, Bet):
            state = replace(
                state,
                bets=replaced(state.bets, seat, move.chips),
                chips=replaced(state.chips, seat, state.chips[seat] - move.chips),
            )
            later = [s for s in _bettors(state) if (s - state.dealer) % state.players >
                     (seat - state.dealer) % state.players]  # fmt: skip
            if later:
                return replace(state, turn=later[0])
            return replace(state, phase="play", turn=_play_order(state)[0])
        if isinstance(move, Hit):
            card, state = _draw(state)
            hand = (*state.up[seat], card)
            state = replace(state, up=replaced(state.up, seat, hand))
            counts = value_counts(state.hand(seat))
            if not any(counts[v] >= 4 for v in card.shown):
                return state
            state = replace(state, busted=replaced(state.busted, seat, True))
            if seat != state.dealer:  # a busted player pays at once
                state = replace(state, bank=state.bank + state.bets[seat])
        return self._next_turn(state)

    def _next_turn(self, state: ZodiacState) -> ZodiacState:
        if state.turn == state.dealer:
            return _settle(state)
        order = _play_order(state)
        return replace(state, turn=order[order.index(state.turn) + 1])

    def zones(self, state: ZodiacState) -> tuple[Zone, ...]:
        zones = []
        for seat in range(state.players):
            down = state.down[seat]
            shown = state.phase == "over" or state.busted[seat] or state.zodiac_dealt[seat]
            zones.append(Zone("face up", state.up[seat], seat, "all"))
            zones.append(Zone("face down", () if down is None else (down,), seat,
                              "all" if shown else "owner"))  # fmt: skip
        return (*zones, Zone("stock", state.stock, None, "none"), Zone("marker", (state.marker,)),
                Zone("under the marker", state.under, None, "none"))  # fmt: skip

    def outcome(self, state: ZodiacState) -> Outcome | None:
        if state.phase != "over":
            return None
        now = _holdings(state)
        scores = tuple(n - s for n, s in zip(now, state.start, strict=True))
        winners = tuple(s for s, n in enumerate(scores) if n > 0)
        return Outcome(winners, scores, (*state.settlement, state.next_reason))

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: ZodiacOptions | None = None
    ) -> Outcome | None:
        """After the agreed hands (or when fewer than two players have chips), the most
        chips win; ``totals`` are each seat's chips won or lost so far."""
        options = options or ZodiacOptions()
        held = tuple(options.chips + t for t in totals)
        left = sum(1 for n in held if n > 0)
        if hands < options.hands and left >= 2:
            return None
        most = max(held)
        winners = tuple(s for s, n in enumerate(held) if n == most)
        names = " and ".join(seat_name(s) for s in winners)
        why = (f"After {hands} hands" if left >= 2
               else f"With only {left} player holding chips, after {hands} hands")  # fmt: skip
        verb = "has" if len(winners) == 1 else "share"
        return Outcome(winners, held, (f"{why}, {names} {verb} the most chips ({most}).",))

    def invariants(self, state: ZodiacState) -> list[str]:
        broken = []
        out = sum(b for s, b in enumerate(state.bets)
                  if state.phase != "over" and not state.busted[s])  # fmt: skip
        if sum(state.chips) + state.bank + out != sum(state.start):
            broken.append("chips were made or lost: chips, bank and bets do not add up")
        if state.bank < 0 or min(state.chips) < 0:
            broken.append("a negative number of chips")
        for seat in range(state.players):
            hand = state.hand(seat)
            if len(hand) > 10:
                broken.append(f"{seat_name(seat)} holds {len(hand)} cards; 10 always bust")
            if state.playing(seat) and bool(bust_values(hand)) != state.busted[seat]:
                broken.append(f"{seat_name(seat)}'s busted mark does not match the hand")
            if state.busted[seat] and state.phase != "over" and seat == state.turn:
                broken.append(f"busted {seat_name(seat)} is still to move")
        return broken

    def score_position(self, text: str, options: ZodiacOptions | None = None) -> Scored:
        cards = read_cards(text, self.deck)
        if not cards:
            raise PositionError("write a hand of cards, e.g. 'Gg~T Rb~T BgzC'")
        counts = value_counts(cards)
        missing = [v for v, n in counts.items() if n == 0]
        at_three = [v for v, n in counts.items() if n == 3]
        bust = [v for v, n in counts.items() if n >= 4]
        present = 12 - len(missing)
        summary = _hand_words(cards)
        reasons = [f"The {len(cards)} cards show {present} of the 12 values"
                   + (f"; missing {values_text(missing)}." if missing else ".")]  # fmt: skip
        if bust:
            reasons.append(f"Four or more of one value bust the hand: {summary[8:-1]}.")
        elif at_three:
            reasons.append(f"At three already ({values_text(at_three)}): "
                           "one more card showing any of them busts the hand.")  # fmt: skip
        if not bust and present == 12:
            reasons.append("All twelve values with no more than three of any: a zodiac.")
        details = {
            "cards": [str(c) for c in cards],
            "values": present,
            "down": 12 - present,
            "missing": [v.name for v in missing],
            "at_three": [v.name for v in at_three],
            "busted": [v.name for v in bust],
        }
        # Zodiac counts chips, not points: closeness is in the summary and the details.
        return Scored(self.title, None, summary, tuple(reasons), details)


# -- dealing, drawing, settling ---------------------------------------------------------


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"


def _order(state: ZodiacState) -> list[int]:
    """The seats from the dealer's left round to the dealer."""
    return [left_of(state.dealer, state.players, k) for k in range(1, state.players + 1)]


def _bettors(state: ZodiacState) -> list[int]:
    """Who bets and plays against the dealer, in turn from the dealer's left."""
    return [s for s in _order(state)
            if s != state.dealer and state.playing(s) and not state.zodiac_dealt[s]]  # fmt: skip


def _play_order(state: ZodiacState) -> list[int]:
    return [*_bettors(state), state.dealer]


def _holdings(state: ZodiacState) -> tuple[int, ...]:
    """Each seat's chips, counting the dealer's bank and bets still on the table."""
    return tuple(
        n
        + (state.bank if s == state.dealer else 0)
        + (state.bets[s] if state.phase != "over" and not state.busted[s] else 0)
        for s, n in enumerate(state.chips)
    )


@dataclass(frozen=True)
class _Pack:
    """The deck in play: the stock above the face-up marker and the cards under it."""

    stock: tuple[Card, ...]
    marker: Card
    under: tuple[Card, ...]
    reshuffles: int

    @classmethod
    def shuffled(cls, cards: Sequence[Card], seed: int, *labels: object) -> _Pack:
        """Shuffle, show the top card and put it face up at the bottom."""
        pack = shuffled(cards, rng(seed, *labels))
        return cls(tuple(pack[1:]), pack[0], (), 0)

    def take(self, seed: int, hand_number: int) -> tuple[Card, _Pack]:
        """The top card; at the marker the deck has been gone through: shuffle the
        marker and the cards under it, and lay a new marker."""
        pack = self
        if not pack.stock:
            again = _Pack.shuffled((self.marker, *self.under), seed, "reshuffle", hand_number,
                                   self.reshuffles)  # fmt: skip
            pack = replace(again, reshuffles=self.reshuffles + 1)
        return pack.stock[0], replace(pack, stock=pack.stock[1:])


def _draw(state: ZodiacState) -> tuple[Card, ZodiacState]:
    pack = _Pack(state.stock, state.marker, state.under, state.reshuffles)
    card, pack = pack.take(state.seed, state.hand_number)
    return card, replace(state, stock=pack.stock, marker=pack.marker, under=pack.under,
                         reshuffles=pack.reshuffles)  # fmt: skip


def _deal(
    options: ZodiacOptions,
    seed: int,
    dealer: int,
    chips: tuple[int, ...],
    bank: int,
    hand_number: int,
    pack: _Pack,
) -> ZodiacState:
    """Two cards face up and one face down to each player with chips, the dealer too."""
    players = len(chips)
    seats = [left_of(dealer, players, k) for k in range(1, players + 1)]
    seats = [s for s in seats if s == dealer or chips[s] > 0]
    dealt: dict[int, list[Card]] = {s: [] for s in seats}
    for _ in range(3):
        for seat in seats:
            card, pack = pack.take(seed, hand_number)
            dealt[seat].append(card)
    up = tuple(tuple(dealt[s][:2]) if s in dealt else () for s in range(players))
    down = tuple(dealt[s][2] if s in dealt else None for s in range(players))
    zodiac = tuple(
        options.zodiac_deal_pays and s != dealer and s in dealt and is_nada(dealt[s])
        for s in range(players)
    )
    state = ZodiacState(
        options=options, seed=seed, dealer=dealer, chips=chips,
        start=tuple(n + (bank if s == dealer else 0) for s, n in enumerate(chips)),
        bank=bank, up=up, down=down, bets=(0,) * players, busted=(False,) * players,
        zodiac_dealt=zodiac, stock=pack.stock, marker=pack.marker, under=pack.under,
        phase="bet", turn=dealer, hand_number=hand_number, reshuffles=pack.reshuffles,
    )  # fmt: skip
    bettors = _bettors(state)
    if bettors:
        return replace(state, turn=bettors[0])
    return replace(state, phase="play")


def _form_bank(
    options: ZodiacOptions, chips: tuple[int, ...], dealer: int
) -> tuple[tuple[int, ...], int]:
    bank = min(options.bank or chips[dealer], chips[dealer])
    return replaced(chips, dealer, chips[dealer] - bank), bank


def _settle(state: ZodiacState) -> ZodiacState:
    """Settle the bets one at a time from the dealer's left, paying from the bank
    as far as it holds, and name the next dealer."""
    options, dealer = state.options, state.dealer
    chips, bank = list(state.chips), state.bank
    dealer_hand = state.hand(dealer)
    lines = [f"The dealer, {seat_name(dealer)}, has {_hand_words(dealer_hand)}."]
    emptied: int | None = None
    limit_winners: list[int] = []
    zodiacs: list[int] = []
    for seat in _order(state)[:-1]:
        name, bet = seat_name(seat), state.bets[seat]
        who = name.capitalize()
        hand = state.hand(seat)
        if not state.playing(seat):
            lines.append(f"{who} has no chips and sits out.")
            continue
        if state.zodiac_dealt[seat]:
            owed = 2 * options.limit
            pay = min(owed, bank)
            zodiacs.append(seat)
            lines.append(f"{who} was dealt a zodiac (a nada) and is paid {_chips(pay)}"
                         + (", twice the limit (Variation 2)." if pay == owed
                            else f" of {owed}, all the bank held (Variation 2)."))  # fmt: skip
        elif state.busted[seat]:
            lines.append(f"{who} is {_hand_words(hand)} and paid {_chips(bet)} to the dealer.")
            continue
        else:
            won, why = beats_dealer(hand, dealer_hand, options.fewer_cards_win)
            if not won:
                bank += bet
                lines.append(f"{who} {why}, and pays {_chips(bet)} to the dealer.")
                continue
            pay = min(bet, bank)
            chips[seat] += bet
            if bet == options.limit:
                limit_winners.append(seat)
            lines.append(f"{who} {why}, and is paid {_chips(pay)}"
                         + ("." if pay == bet else f" of {bet}, all the bank held."))  # fmt: skip
        chips[seat] += pay
        bank -= pay
        if bank == 0 and pay > 0 and emptied is None:
            emptied = seat
    seat, why = next_dealer(state.players, dealer, zodiac_dealt=zodiacs,
                            limit_winners=limit_winners, bank_emptied_by=emptied)  # fmt: skip
    return replace(state, chips=tuple(chips), bank=bank, phase="over", settlement=tuple(lines),
                   next_dealer=seat, next_reason=why)  # fmt: skip


def _down(state: ZodiacState, seat: int) -> tuple[Card, ...]:
    down = state.down[seat]
    return () if down is None else (down,)


GAME = Zodiac()
