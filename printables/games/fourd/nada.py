"""Nada, Nada, Nada (4D Playing Cards rulebook): group your nine cards into three nadas.

Nine cards face down to each player; the rest is the stock, and one card is turned
face up in the middle. A turn: take the top card of the stock into your hand, or
pick any card from the middle (it stays face up in front of you, still part of
your hand; other players' face-up cards may not be taken); then discard one card
face up to the middle, but not a card picked from the middle this turn. When your
nine cards group into three separate nadas (three cards showing all twelve values)
you go out, discarding face down, and score 3; every other player scores one per
separate nada, a card counted in one nada only (:func:`~printables.fourd.flushes.disjoint_nadas`).
The first to 10 or more wins; several on the same hand: the highest; a tie plays on.

Readings (docs/readings/nada.md): going out is checked by the engine, so the book's
"erroneous claim" cannot happen, and a player whose discard leaves three nadas goes
out (the discard is placed face down) rather than discarding face up. The book does
not say what happens when the stock runs out: the hand ends after the turn that takes
the last stock card, nobody goes out and every player scores his separate nadas. As
players could pass cards through the middle for ever, a hand also ends so after as many
turns as the stock held at the deal (the length of a hand in which every player draws
from the stock; option ``turn_limit`` sets another number).

>>> from printables.cards import FOUR_D, read_cards
>>> GAME.score_position("BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T").summary
'three separate nadas: out'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import names
from printables.fourd.flushes import completes_nada, disjoint_nadas
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Seen,
    Zone,
    replaced,
    seat_name,
)
from printables.games.dealing import deal, left_of
from printables.games.fourd import FourDGame

HAND = 9


@dataclass(frozen=True)
class NadaOptions:
    target: int = field(default=10, metadata={"help": "points that win the game (the book: 10)"})
    turn_limit: int = field(
        default=0,
        metadata={"help": "turns after which a hand nobody has gone out of ends, each player "
                  "scoring his nadas; 0: as many turns as the stock held at the deal "
                  "(the book sets no limit; an empty stock also ends a hand)"},
    )  # fmt: skip

    def __post_init__(self) -> None:
        if not 1 <= self.target <= 100:
            raise OptionError(f"Nada, Nada, Nada target must be 1 to 100, not {self.target}")
        if not 0 <= self.turn_limit <= 1000:
            raise OptionError(f"turn_limit must be 0 to 1000 turns, not {self.turn_limit}")


@dataclass(frozen=True)
class Draw:
    """Take the top card of the stock into the hand."""

    def __str__(self) -> str:
        return "take the top card of the stock"


@dataclass(frozen=True)
class Pick:
    """Pick ``card`` from the middle; it stays face up in front of the player."""

    card: Card

    def __str__(self) -> str:
        return f"pick {self.card} from the middle"


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` face up to the middle, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class GoOut:
    """Discard ``card`` face down and show three separate nadas."""

    card: Card

    def __str__(self) -> str:
        return f"go out, discarding {self.card} face down"


NadaMove = Draw | Pick | Discard | GoOut


@dataclass(frozen=True)
class NadaState:
    options: NadaOptions
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]  # the face-down part of each hand
    shown: tuple[tuple[Card, ...], ...]  # cards picked from the middle, face up in front
    stock: tuple[Card, ...]  # top card first
    middle: tuple[Card, ...]  # in the order discarded
    turn: int
    taken: Card | None = None  # the card taken this turn (None: nothing taken yet)
    picked: bool = False  # the card taken this turn came from the middle
    turns: int = 0  # turns completed
    out: int | None = None
    out_discard: tuple[Card, ...] = ()  # the face-down discard of the player who went out
    finished: bool = False
    hand_number: int = 0

    def hand(self, seat: int) -> tuple[Card, ...]:
        """All of a player's hand: the face-down cards, then those face up in front."""
        return self.hands[seat] + self.shown[seat]


def three_nadas(cards: Sequence[Card]) -> bool:
    """Whether the cards group into separate nadas, every card used (nine: three nadas).

    >>> from printables.cards import FOUR_D, read_cards
    >>> three_nadas(read_cards("BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T", FOUR_D))
    True
    """
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for i, b in enumerate(rest):
        if first.shares(b):
            continue
        c = completes_nada(first, b)
        if (
            c is not None
            and c in rest[i + 1 :]
            and three_nadas([x for x in rest if x != b and x != c])
        ):
            return True
    return False


# Each card as a sum of 4-bit counters, one per value: nine cards that make three nadas
# show every value exactly three times, which a sum of codes tests at once.
_CODE = {c: sum(1 << 4 * (3 * a + v) for a, v in enumerate(c.values)) for c in FOUR_D.cards}
_ALL_THREE = sum(3 << 4 * k for k in range(12))


def goes_out(cards: Sequence[Card]) -> bool:
    """Whether nine cards are three separate nadas (every value shown three times first)."""
    return sum(_CODE[c] for c in cards) == _ALL_THREE and three_nadas(cards)


def _out_without(cards: Sequence[Card]) -> list[Card]:
    """The cards of a ten-card hand whose discard leaves three separate nadas."""
    total = sum(_CODE[c] for c in cards)
    return [
        c
        for c in cards
        if total - _CODE[c] == _ALL_THREE and three_nadas([x for x in cards if x != c])
    ]


class NadaNadaNada(FourDGame[NadaState, NadaMove, NadaOptions]):
    key = "nada-nada-nada"
    title = "Nada, Nada, Nada"
    aliases = ("nada",)
    summary = "Draw and discard until your nine cards group into three nadas."
    players = (2, 5)
    move_types = (Draw, Pick, Discard, GoOut)
    options_type = NadaOptions
    position_help = (
        "a hand of nine cards (e.g. 'BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T'): "
        "its separate nadas, and whether it goes out"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: NadaOptions, hand_number: int
    ) -> NadaState:
        pack = self.pack(seed, hand_number)
        hands, rest = deal(pack, players, HAND, dealer)
        return NadaState(
            options=options,
            seed=seed,
            dealer=dealer,
            hands=tuple(tuple(h) for h in hands),
            shown=((),) * players,
            stock=tuple(rest[1:]),
            middle=(rest[0],),
            turn=left_of(dealer, players),
            hand_number=hand_number,
        )

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: NadaState) -> int | None:
        return None if state.finished else state.turn

    def candidate_moves(self, state: NadaState) -> Iterable[NadaMove]:
        yield Draw()
        yield from (Pick(c) for c in state.middle)
        for c in state.hand(state.turn):
            yield Discard(c)
            yield GoOut(c)

    def legal_moves(self, state: NadaState) -> list[NadaMove]:
        if state.finished:
            return []
        if state.taken is None:
            take: list[NadaMove] = [Draw()] if state.stock else []
            return take + [Pick(c) for c in state.middle]
        hand = state.hand(state.turn)
        out = _out_without(hand)
        return [
            GoOut(c) if c in out else Discard(c)
            for c in hand
            if not (state.picked and c == state.taken)
        ]

    def why_illegal(self, state: NadaState, move: NadaMove) -> str | None:
        who = seat_name(state.turn)
        if isinstance(move, Draw | Pick):
            if state.taken is not None:
                return (f"{who.capitalize()} has already taken {state.taken} this turn; "
                        "now discard a card.")  # fmt: skip
            if isinstance(move, Draw):
                return None if state.stock else "The stock is empty; pick a card from the middle."
            if move.card not in state.middle:
                return (f"{move.card} is not in the middle; only the middle cards may be "
                        "picked, not other players' cards.")  # fmt: skip
            return None
        if state.taken is None:
            return "Take a card from the stock or the middle before discarding."
        hand = state.hand(state.turn)
        if move.card not in hand:
            return f"{move.card} is not in {who}'s hand."
        if state.picked and move.card == state.taken:
            return (f"{move.card} was picked from the middle this turn and may not be "
                    "discarded on the same turn.")  # fmt: skip
        rest = [c for c in hand if c != move.card]
        out = goes_out(rest)
        if isinstance(move, Discard):
            if out:
                return (f"Without {move.card} the nine cards group into three separate nadas "
                        f"({_nada_list(disjoint_nadas(rest))}); go out by discarding "
                        f"{move.card} face down.")  # fmt: skip
            return None
        if out:
            return None
        found = disjoint_nadas(rest)
        have = f"only {_count(len(found))} ({_nada_list(found)})" if found else "no nada"
        return (f"Without {move.card} the nine cards do not group into three separate "
                f"nadas: they hold {have}.")  # fmt: skip

    def _apply(self, state: NadaState, move: NadaMove) -> NadaState:
        seat = state.turn
        if isinstance(move, Draw):
            card = state.stock[0]
            hands = replaced(state.hands, seat, (*state.hands[seat], card))
            return replace(state, stock=state.stock[1:], taken=card, picked=False, hands=hands)
        if isinstance(move, Pick):
            middle = tuple(c for c in state.middle if c != move.card)
            shown = replaced(state.shown, seat, (*state.shown[seat], move.card))
            return replace(state, middle=middle, taken=move.card, picked=True, shown=shown)
        hands = replaced(state.hands, seat, tuple(c for c in state.hands[seat] if c != move.card))
        shown = replaced(state.shown, seat, tuple(c for c in state.shown[seat] if c != move.card))
        turns = state.turns + 1
        if isinstance(move, GoOut):
            return replace(state, hands=hands, shown=shown, taken=None, picked=False, turns=turns,
                           out=seat, out_discard=(move.card,), finished=True)  # fmt: skip
        over = not state.stock or turns >= self.turn_limit(state)
        return replace(state, hands=hands, shown=shown, taken=None, picked=False, turns=turns,
                       middle=(*state.middle, move.card), finished=over,
                       turn=state.turn if over else left_of(seat, len(state.hands)))  # fmt: skip

    def turn_limit(self, state: NadaState) -> int:
        """Turns after which the hand ends if nobody has gone out."""
        dealt_stock = len(FOUR_D.cards) - HAND * len(state.hands) - 1
        return state.options.turn_limit or dealt_stock

    def zones(self, state: NadaState) -> tuple[Zone, ...]:
        hidden: Seen = "all" if state.finished else "owner"
        zones = []
        for seat in range(len(state.hands)):
            zones.append(Zone("hand", state.hands[seat], seat, hidden))
            zones.append(Zone("face up", state.shown[seat], seat, "all"))
        return (
            *zones,
            Zone("stock", state.stock, None, "none"),
            Zone("middle", state.middle),
            Zone("face-down discard", state.out_discard, state.out, "none"),
        )

    def nadas_of(self, state: NadaState, seat: int) -> list[tuple[Card, Card, Card]]:
        """A largest set of separate nadas in a player's hand."""
        return disjoint_nadas(state.hand(seat))

    def outcome(self, state: NadaState) -> Outcome | None:
        if not state.finished:
            return None
        scores, reasons = [], []
        if state.out is None:
            why = ("The stock has run out" if not state.stock
                   else f"{self.turn_limit(state)} turns have been played")  # fmt: skip
            reasons.append(f"{why} and nobody has gone out; everyone scores his separate nadas.")
        for seat in range(len(state.hands)):
            found = self.nadas_of(state, seat)
            who = seat_name(seat).capitalize()
            if seat == state.out:
                scores.append(3)
                reasons.append(f"{who} goes out with three nadas ({_nada_list(found)}): 3 points.")
                continue
            scores.append(len(found))
            held = f"{_count(len(found))} ({_nada_list(found)})" if found else "no nada"
            reasons.append(f"{who} has {held}: {len(found)} point{'s' * (len(found) != 1)}.")
        winners = () if state.out is None else (state.out,)
        return Outcome(winners, tuple(scores), tuple(reasons))

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: NadaOptions | None = None
    ) -> Outcome | None:
        """The first to 10 or more wins; several on the same hand: the highest; a tie for
        the highest plays on until it is broken."""
        options = options or NadaOptions()
        best = max(totals)
        leaders = tuple(s for s, t in enumerate(totals) if t == best)
        if best < options.target or len(leaders) > 1:
            return None
        return Outcome(leaders, tuple(totals), (
            f"After {hands} hand{'s' if hands != 1 else ''}, {seat_name(leaders[0])} has "
            f"{best}, the highest score at {options.target} or more, and wins.",))  # fmt: skip

    def invariants(self, state: NadaState) -> list[str]:
        broken = []
        for seat in range(len(state.hands)):
            size = len(state.hands[seat]) + len(state.shown[seat])
            want = HAND + (seat == state.turn and state.taken is not None)
            if size != want:
                broken.append(f"{seat_name(seat)} holds {size} cards, not {want}")
        if state.taken is not None:
            where = state.shown if state.picked else state.hands
            if state.taken not in where[state.turn]:
                broken.append(f"the card taken this turn, {state.taken}, is not in the hand")
        if state.out is not None and not goes_out(state.hand(state.out)):
            broken.append(f"{seat_name(state.out)} went out without three nadas")
        if not state.finished and not state.stock and state.taken is None:
            broken.append("the hand goes on with an empty stock")
        return broken

    # -- positions -----------------------------------------------------------------------

    def score_position(self, text: str, options: NadaOptions | None = None) -> Scored:
        cards = read_cards(text, FOUR_D)
        if len(cards) != HAND:
            raise PositionError(f"a Nada, Nada, Nada hand has nine cards, not {len(cards)}")
        found = disjoint_nadas(cards)
        out = len(found) == 3
        if out:
            summary = "three separate nadas: out"
        else:
            summary = f"{_count(len(found))}" if found else "no nada"
        reasons = [f"Nada: {names(n)}." for n in found]
        reasons.append(
            "The nine cards group into three separate nadas; the hand goes out and scores 3."
            if out
            else f"The hand scores {len(found)}, one point for each separate nada."
        )
        return Scored(self.title, len(found), summary, tuple(reasons),
                      {"nadas": [[str(c) for c in n] for n in found], "out": out})  # fmt: skip


def _count(n: int) -> str:
    return f"{n} separate nada{'s' * (n != 1)}"


def _nada_list(found: Sequence[tuple[Card, Card, Card]]) -> str:
    return ", ".join(" / ".join(map(str, n)) for n in found)


GAME = NadaNadaNada()
