"""4D 500 Rummy (4D Playing Cards rulebook): meld triple-flushes and double-flushes.

Two to five players; seven cards each (ten with two players), the rest is the stock and
one card turned up starts the discard pile. A turn: 1) take the top card of the stock,
the top discard, or a deeper discard together with every card above it (that card must
then be melded at once); 2) optionally meld: a three-card triple-flush, a double-flush
of four or more cards, or additions to any double-flush on the table (your own, or
another player's: those cards lie in front of you); no meld may leave your hand empty;
3) discard one card. A discard that fits a double-flush on the table may be claimed by
calling "Rummy!"; the caller closest to the discarder's left gets it and plays it as an
addition, then play goes on from the discarder's left. The hand ends when a player
discards his last card, or after the turn in which the last stock card was taken.
Melds score 30 (three-card triple-flush), 10/20/30/60/120/240 (double-flush of 4-9),
5 for each card added to another player's double-flush; each card left in hand is -5.
The game goes to 500.

The project's readings (docs/readings/rummy.md):

- A meld's owner scores it by the cards lying in front of him: those he melded, added,
  or claimed onto it. A card another player adds lies in front of that player and
  scores him 5; it does not raise the owner's meld (the book has it placed apart).
- Additions go on double-flushes (four or more cards) only, never on a three-card
  triple-flush meld, which the scoring table keeps apart; the added card must show
  both values the double-flush shares.
- A deeper discard may be taken only when its card can be melded this turn (with the
  hand and the cards taken above it) leaving a card to discard; the first meld of that
  turn must use it, and no discard is made before it is melded.
- Rummy is a claim phase after each discard that fits a double-flush: each other
  player in turn from the discarder's left may call or pass; the first caller gets it.
  There is no claim on the discard that ends the hand.
- The move list offers a double-flush meld as four cards and larger ones as four plus
  additions (same cards, same score); a meld of more cards at once is also accepted.
- A tie for the highest score of 500 or more plays on (another hand) until it is broken.

>>> from printables.cards import FOUR_D, read_cards
>>> meld = read_cards("BwzC BbzS BgzT BwzS", FOUR_D)
>>> meld_name(meld), meld_points(meld)
('four-card double-flush (blue, zigzag)', 10)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Literal

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import names, sentence, values_text
from printables.fourd.flushes import common_values
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Zone,
    replaced,
    seat_name,
)
from printables.games.dealing import deal, left_of
from printables.games.fourd import FourDGame

TRIPLE_POINTS = 30
DOUBLE_POINTS = {4: 10, 5: 20, 6: 30, 7: 60, 8: 120, 9: 240}
ADDED_POINTS = 5
IN_HAND_POINTS = -5
WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}

Phase = Literal["draw", "play", "claim"]


@dataclass(frozen=True)
class RummyOptions:
    target: int = field(default=500, metadata={"help": "score that wins the game (the book: 500)"})
    hand_size: int = field(
        default=0, metadata={"help": "cards dealt to each player; 0: the book's 7, "
                             "or 10 with two players"})  # fmt: skip
    rummy: bool = field(
        default=True, metadata={"help": "players may call Rummy on a discard that fits a "
                                "double-flush on the table"})  # fmt: skip

    def __post_init__(self) -> None:
        if self.target < 1:
            raise OptionError(f"target must be at least 1, not {self.target}")
        if self.hand_size != 0 and not 3 <= self.hand_size <= 12:
            raise OptionError(f"hand_size must be 0 (the book's) or 3 to 12, not {self.hand_size}")

    def cards_each(self, players: int) -> int:
        if self.hand_size:
            return self.hand_size
        return 10 if players == 2 else 7


# -- melds ------------------------------------------------------------------------------


def meld_points(cards: Sequence[Card]) -> int:
    """What a meld of ``cards`` scores its owner (they must form a meld)."""
    return TRIPLE_POINTS if len(cards) == 3 else DOUBLE_POINTS[len(cards)]


def why_not_meld(cards: Sequence[Card]) -> str | None:
    """Why ``cards`` are not a meld (None when they are one)."""
    if len(cards) < 3:
        return (f"{names(cards) or 'No cards'}: a meld is a three-card triple-flush "
                "or a double-flush of four or more cards.")  # fmt: skip
    shared = common_values(cards)
    have = f"only {values_text(shared)}" if shared else "no value"
    if len(cards) == 3 and len(shared) < 3:
        return (f"{names(cards)} share {have}; three cards make a meld only as a "
                "triple-flush (three shared values).")  # fmt: skip
    if len(cards) > 3 and len(shared) < 2:
        return (f"{names(cards)} share {have}; {WORDS.get(len(cards), len(cards))} cards "
                "make a meld only as a double-flush (two shared values).")  # fmt: skip
    return None


def meld_name(cards: Sequence[Card]) -> str:
    """``"four-card double-flush (blue, zigzag)"``; the cards must form a meld."""
    kind = "triple-flush" if len(cards) == 3 else "double-flush"
    shared = ", ".join(v.name for v in common_values(cards))
    return f"{WORDS[len(cards)]}-card {kind} ({shared})"


@dataclass(frozen=True)
class Meld:
    """A meld in front of ``owner``: the cards he laid down or added himself, and the
    values all of them show (attribute position, value index)."""

    owner: int
    cards: tuple[Card, ...]
    fixed: tuple[tuple[int, int], ...]
    triple: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "triple", len(self.fixed) == 3)

    def fits(self, card: Card) -> bool:
        """True when ``card`` can be added: the meld is a double-flush whose two shared
        values the card shows."""
        if self.triple:
            return False
        (a, x), (b, y) = self.fixed
        v = card.values
        return v[a] == x and v[b] == y

    def holds(self, card: Card) -> bool:
        """True when ``card`` shows every value the meld shares."""
        v = card.values
        return all(v[a] == x for a, x in self.fixed)

    def shared_text(self) -> str:
        return "/".join(FOUR_D.attributes[a].values[v].name for a, v in self.fixed)


def _meld_of(owner: int, cards: tuple[Card, ...]) -> Meld:
    first = cards[0]
    fixed = tuple((a, first.values[a]) for a in range(4)
                  if all(c.values[a] == first.values[a] for c in cards))  # fmt: skip
    return Meld(owner, cards, fixed)


@dataclass(frozen=True)
class Addition:
    """A card ``seat`` added to another player's double-flush (meld index ``meld``)."""

    seat: int
    meld: int
    card: Card


# -- moves ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TakeStock:
    """Take the top card of the stock."""

    def __str__(self) -> str:
        return "take the top card of the stock"


@dataclass(frozen=True)
class TakeDiscard:
    """Take ``card`` from the discard pile, with every card above it."""

    card: Card

    def __str__(self) -> str:
        return f"take {self.card} from the discard pile"


@dataclass(frozen=True)
class MeldCards:
    """Lay down a new meld from hand."""

    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"meld {names(self.cards)}"


@dataclass(frozen=True)
class AddCard:
    """Add ``card`` from hand to the double-flush ``meld`` (0-based index on the table)."""

    card: Card
    meld: int

    def __str__(self) -> str:
        return f"add {self.card} to meld {self.meld + 1}"


@dataclass(frozen=True)
class Discard:
    """Discard ``card``, ending the turn."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class CallRummy:
    """Call "Rummy!" and add the top discard to the double-flush ``meld``."""

    meld: int

    def __str__(self) -> str:
        return f"call Rummy and add the discard to meld {self.meld + 1}"


@dataclass(frozen=True)
class NoCall:
    """Let the discard lie."""

    def __str__(self) -> str:
        return "no Rummy call"


RummyMove = TakeStock | TakeDiscard | MeldCards | AddCard | Discard | CallRummy | NoCall


@dataclass(frozen=True)
class RummyState:
    options: RummyOptions
    seed: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]  # top card first
    pile: tuple[Card, ...]  # bottom card first; the top card is last
    turn: int  # the player whose turn it is (in the claim phase: the discarder)
    phase: Phase = "draw"
    melds: tuple[Meld, ...] = ()
    added: tuple[Addition, ...] = ()
    must_meld: Card | None = None  # taken from deep in the pile; meld it before anything else
    claimant: int = 0  # in the claim phase, the player asked whether to call Rummy
    last_turn: bool = False  # the last stock card was taken this turn
    finished: bool = False
    out: int | None = None  # the player who went out
    hand_number: int = 0


class Rummy(FourDGame[RummyState, RummyMove, RummyOptions]):
    key = "4d-500-rummy"
    title = "4D 500 Rummy"
    aliases = ("rummy", "500 rummy")
    summary = "Meld triple-flushes and double-flushes; first to 500 wins."
    players = (2, 5)
    move_types = (TakeStock, TakeDiscard, MeldCards, AddCard, Discard, CallRummy, NoCall)
    options_type = RummyOptions
    position_help = (
        "one player's cards at the end of a hand, in sections separated by ';': "
        "'melds:' the player's melds separated by '|' (each a three-card triple-flush or a "
        "double-flush of four or more), 'added:' cards the player added to other players' "
        "double-flushes, 'hand:' cards left in hand; e.g. "
        "'melds: BwzC BbzS BgzT BwzS | Rg~S Rg~C Rg~T ; added: ; hand:'"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: RummyOptions, hand_number: int
    ) -> RummyState:
        pack = self.pack(seed, hand_number)
        hands, rest = deal(pack, players, options.cards_each(players), dealer)
        return RummyState(
            options=options,
            seed=seed,
            dealer=dealer,
            hands=tuple(tuple(h) for h in hands),
            stock=tuple(rest[1:]),
            pile=(rest[0],),
            turn=left_of(dealer, players),
            hand_number=hand_number,
        )

    # -- rules ---------------------------------------------------------------------------

    def can_meld_with(self, card: Card, others: Sequence[Card], melds: Sequence[Meld]) -> bool:
        """Whether ``card`` can be melded from a hand of ``card`` and ``others`` with a
        card left over: added to a double-flush, or in a new meld."""
        counts: dict[int, int] = {}
        for o in others:
            for key in KEYS[o]:
                counts[key] = counts.get(key, 0) + 1
        return _meldable(card, len(others) + 1, counts, melds)

    def _meld_sets(self, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
        """Every three-card triple-flush and four-card double-flush in ``hand``."""
        groups: dict[int, list[Card]] = {}
        for c in hand:
            for key in KEYS[c]:
                groups.setdefault(key, []).append(c)
        sets: list[tuple[Card, ...]] = []
        for key in sorted(k for k, g in groups.items() if len(g) >= 3):
            g = groups[key]
            if key < 108:
                if len(g) == 3:
                    sets.append(tuple(g))
            elif len(g) >= 4:
                sets.extend(combinations(g, 4))
        return sets

    def to_move(self, state: RummyState) -> int | None:
        if state.finished:
            return None
        return state.claimant if state.phase == "claim" else state.turn

    def candidate_moves(self, state: RummyState) -> Iterable[RummyMove]:
        if state.phase == "draw":
            yield TakeStock()
            yield from (TakeDiscard(c) for c in reversed(state.pile))
        elif state.phase == "claim":
            yield from (CallRummy(i) for i, m in enumerate(state.melds) if not m.triple)
            yield NoCall()
        else:
            hand = state.hands[state.turn]
            yield from (MeldCards(s) for s in self._meld_sets(hand))
            for i, m in enumerate(state.melds):
                if not m.triple:
                    yield from (AddCard(c, i) for c in hand)
            yield from (Discard(c) for c in hand)

    def legal_moves(self, state: RummyState) -> list[RummyMove]:
        if state.finished:
            return []
        moves: list[RummyMove] = []
        if state.phase == "draw":
            moves.append(TakeStock())
            if len(state.pile) < 2:
                moves.extend(TakeDiscard(c) for c in state.pile)
                return moves
            hand = state.hands[state.turn]
            counts: dict[int, int] = {}
            for o in hand:
                for key in KEYS[o]:
                    counts[key] = counts.get(key, 0) + 1
            total = len(hand)  # the hand and the cards above the one looked at
            for depth, c in enumerate(reversed(state.pile)):
                if depth == 0 or _meldable(c, total + 1, counts, state.melds):
                    moves.append(TakeDiscard(c))
                for key in KEYS[c]:
                    counts[key] = counts.get(key, 0) + 1
                total += 1
            return moves
        if state.phase == "claim":
            top = state.pile[-1]
            moves.extend(CallRummy(i) for i, m in enumerate(state.melds) if m.fits(top))
            moves.append(NoCall())
            return moves
        hand = state.hands[state.turn]
        need = state.must_meld
        if len(hand) >= 4:
            moves.extend(MeldCards(s) for s in self._meld_sets(hand)
                         if len(s) < len(hand) and (need is None or need in s))  # fmt: skip
        if len(hand) >= 2:
            for i, m in enumerate(state.melds):
                if not m.triple:
                    (a, x), (b, y) = m.fixed
                    moves.extend(AddCard(c, i) for c in hand if c.values[a] == x
                                 and c.values[b] == y and (need is None or c == need))  # fmt: skip
        if need is None:
            moves.extend(Discard(c) for c in hand)
        return moves

    def why_illegal(self, state: RummyState, move: RummyMove) -> str | None:
        if state.finished:
            return "The hand is over; no more moves can be made."
        who = seat_name(self.to_move(state) or 0)
        if state.phase == "claim":
            if not isinstance(move, (CallRummy, NoCall)):
                return (f"{sentence(seat_name(state.turn))} has just discarded {state.pile[-1]}; "
                        f"{who} may only call Rummy or let it lie.")  # fmt: skip
            if isinstance(move, CallRummy):
                return self._why_not_added(state, state.pile[-1], move.meld, "The discard ")
            return None
        if isinstance(move, (CallRummy, NoCall)):
            return "Rummy may be called only on a discard that fits a double-flush on the table."
        if state.phase == "draw":
            if isinstance(move, TakeStock):
                return None
            if not isinstance(move, TakeDiscard):
                return f"{sentence(who)} must first take a card from the stock or the discard pile."
            if move.card not in state.pile:
                return f"{move.card} is not in the discard pile."
            depth = len(state.pile) - 1 - state.pile.index(move.card)
            if depth == 0:
                return None
            others = (*state.hands[state.turn], *state.pile[-depth:])
            if not self.can_meld_with(move.card, others, state.melds):
                return (f"{move.card} lies below the top of the discard pile, so it must be "
                        "melded at once, and it makes no meld with your cards and the "
                        f"{depth} card{'s' if depth > 1 else ''} above it.")  # fmt: skip
            return None
        # the play phase
        hand = state.hands[state.turn]
        if isinstance(move, (TakeStock, TakeDiscard)):
            return f"{sentence(who)} has already taken a card this turn; meld or discard."
        need = state.must_meld
        if isinstance(move, Discard):
            if move.card not in hand:
                return f"{move.card} is not in {who}'s hand."
            if need is not None:
                return (f"{need} was taken from deep in the discard pile and must be melded "
                        "before discarding.")  # fmt: skip
            return None
        if isinstance(move, AddCard):
            if move.card not in hand:
                return f"{move.card} is not in {who}'s hand."
            reason = self._why_not_added(state, move.card, move.meld, "")
            if reason:
                return reason
            if len(hand) < 2:
                return (f"Adding {move.card} would leave no card in your hand; "
                        "a discard must always be made.")  # fmt: skip
            if need is not None and move.card != need:
                return f"{need} was taken from deep in the discard pile and must be melded first."
            return None
        cards = move.cards
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"{names(missing)} {'is' if len(missing) == 1 else 'are'} not in {who}'s hand."
        if len(set(cards)) != len(cards):
            return "A meld may not name the same card twice."
        reason = why_not_meld(cards)
        if reason:
            return reason
        if len(cards) >= len(hand):
            return (f"Melding these {len(cards)} cards would leave no card in your hand; "
                    "a discard must always be made.")  # fmt: skip
        if need is not None and need not in cards:
            return f"{need} was taken from deep in the discard pile and must be melded first."
        return None

    def _why_not_added(self, state: RummyState, card: Card, meld: int, prefix: str) -> str | None:
        if not 0 <= meld < len(state.melds):
            return f"There is no meld {meld + 1} on the table."
        m = state.melds[meld]
        whose = f"{seat_name(m.owner)}'s meld {meld + 1}"
        if m.triple:
            return (f"{sentence(whose)} is a three-card triple-flush; cards are added only to "
                    "double-flushes.")  # fmt: skip
        if not m.fits(card):
            name = f"{prefix}{card}" if prefix else str(card)
            return (f"{name[0].upper()}{name[1:]} does not show both values {whose} shares "
                    f"({m.shared_text().replace('/', ' and ')}).")  # fmt: skip
        return None

    def _apply(self, state: RummyState, move: RummyMove) -> RummyState:
        seat = state.turn
        players = len(state.hands)
        if isinstance(move, TakeStock):
            hand = (*state.hands[seat], state.stock[0])
            return replace(state, hands=replaced(state.hands, seat, hand), stock=state.stock[1:],
                           phase="play", last_turn=len(state.stock) == 1)  # fmt: skip
        if isinstance(move, TakeDiscard):
            at = state.pile.index(move.card)
            deep = at != len(state.pile) - 1
            hand = (*state.hands[seat], *state.pile[at:])
            return replace(state, hands=replaced(state.hands, seat, hand), pile=state.pile[:at],
                           phase="play", must_meld=move.card if deep else None)  # fmt: skip
        if isinstance(move, MeldCards):
            hand = tuple(c for c in state.hands[seat] if c not in move.cards)
            melds = (*state.melds, _meld_of(seat, move.cards))
            return replace(state, hands=replaced(state.hands, seat, hand), melds=melds,
                           must_meld=None)  # fmt: skip
        if isinstance(move, AddCard):
            hand = tuple(c for c in state.hands[seat] if c != move.card)
            state = _add(state, seat, move.card, move.meld)
            return replace(state, hands=replaced(state.hands, seat, hand), must_meld=None)
        if isinstance(move, Discard):
            hand = tuple(c for c in state.hands[seat] if c != move.card)
            state = replace(state, hands=replaced(state.hands, seat, hand),
                            pile=(*state.pile, move.card))  # fmt: skip
            if not hand:
                return replace(state, finished=True, out=seat)
            if state.last_turn:
                return replace(state, finished=True)
            if state.options.rummy and any(m.fits(move.card) for m in state.melds):
                return replace(state, phase="claim", claimant=left_of(seat, players))
            return replace(state, phase="draw", turn=left_of(seat, players))
        if isinstance(move, CallRummy):
            state = _add(state, state.claimant, state.pile[-1], move.meld)
            return replace(state, pile=state.pile[:-1], phase="draw",
                           turn=left_of(seat, players))  # fmt: skip
        # NoCall
        nxt = left_of(state.claimant, players)
        if nxt == seat:
            return replace(state, phase="draw", turn=left_of(seat, players))
        return replace(state, claimant=nxt)

    def zones(self, state: RummyState) -> tuple[Zone, ...]:
        zones = [Zone("hand", h, seat, "owner") for seat, h in enumerate(state.hands)]
        for seat in range(len(state.hands)):
            cards = [c for m in state.melds if m.owner == seat for c in m.cards]
            cards.extend(a.card for a in state.added if a.seat == seat)
            zones.append(Zone("melds", tuple(cards), seat, "all"))
        zones.append(Zone("stock", state.stock, None, "none"))
        zones.append(Zone("discard pile", state.pile))
        return tuple(zones)

    # -- scoring ---------------------------------------------------------------------------

    def hand_scores(self, state: RummyState) -> tuple[tuple[int, ...], tuple[str, ...]]:
        """Each seat's score for the hand so far, and a sentence for each."""
        scores, lines = [], []
        for seat, hand in enumerate(state.hands):
            parts, total = [], 0
            for m in state.melds:
                if m.owner == seat:
                    points = meld_points(m.cards)
                    parts.append(f"{meld_name(m.cards)} {points}")
                    total += points
            added = sum(1 for a in state.added if a.seat == seat)
            if added:
                parts.append(f"{added} card{'s' if added > 1 else ''} added to other players' "
                             f"double-flushes {ADDED_POINTS * added}")  # fmt: skip
                total += ADDED_POINTS * added
            if hand:
                parts.append(f"{len(hand)} card{'s' if len(hand) > 1 else ''} left in hand "
                             f"{IN_HAND_POINTS * len(hand)}")  # fmt: skip
                total += IN_HAND_POINTS * len(hand)
            scores.append(total)
            lines.append(f"{seat_name(seat)} scores {total}: " + ("; ".join(parts) or "nothing")
                         + ".")  # fmt: skip
        return tuple(scores), tuple(lines)

    def outcome(self, state: RummyState) -> Outcome | None:
        if not state.finished:
            return None
        scores, lines = self.hand_scores(state)
        if state.out is not None:
            how = f"{seat_name(state.out)} went out by discarding the last card in hand."
        else:
            how = (f"The stock ran out; the hand ended after {seat_name(state.turn)}'s "
                   "turn.")  # fmt: skip
        best = max(scores)
        winners = tuple(s for s, n in enumerate(scores) if n == best)
        return Outcome(winners, scores, (how, *lines))

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: RummyOptions | None = None
    ) -> Outcome | None:
        """The first to the target (500) wins; several at once: the highest. A tie for the
        highest score plays on (another hand) until it is broken."""
        options = options or RummyOptions()
        best = max(totals)
        if best < options.target:
            return None
        winners = tuple(s for s, n in enumerate(totals) if n == best)
        if len(winners) > 1:
            return None
        return Outcome(winners, tuple(totals), (
            f"After {hands} hand{'s' if hands > 1 else ''}, {seat_name(winners[0])} has "
            f"{best}, reaching {options.target} with the highest score, and wins.",))  # fmt: skip

    def invariants(self, state: RummyState) -> list[str]:
        # Run after every move: cards are only ever appended, so checking the newest meld
        # whole, the last card of every meld and the last addition covers every card.
        broken = []
        on_meld = [len(m.cards) for m in state.melds]
        for a in state.added:
            on_meld[a.meld] += 1
        if state.added:
            a = state.added[-1]
            if not state.melds[a.meld].fits(a.card) or state.melds[a.meld].owner == a.seat:
                broken.append(f"{a.card} was added where it does not belong")
        for m, n in zip(state.melds, on_meld, strict=True):
            if m.triple and (len(m.cards) != 3 or n != 3):
                broken.append(f"triple-flush meld {names(m.cards)} does not hold three cards")
            if not m.triple and (len(m.fixed) != 2 or not 4 <= len(m.cards) <= n <= 9):
                broken.append(f"double-flush meld {names(m.cards)} is not 4 to 9 cards")
            last = m.cards[-1].values
            if any(last[a] != x for a, x in m.fixed):
                broken.append(f"meld {names(m.cards)} holds a card not showing its values")
        if state.melds and not all(map(state.melds[-1].holds, state.melds[-1].cards)):
            broken.append(f"meld {names(state.melds[-1].cards)} is not a meld")
        if not state.finished and any(not h for h in state.hands):
            broken.append("a player has no cards while the hand goes on")
        if state.must_meld is not None and (
            state.phase != "play" or state.must_meld not in state.hands[state.turn]
        ):
            broken.append(f"{state.must_meld} must be melded but is not in hand")
        if state.phase == "claim" and not any(m.fits(state.pile[-1]) for m in state.melds):
            broken.append("a Rummy claim on a discard that fits no double-flush")
        return broken

    # -- positions written in notation -------------------------------------------------------

    def score_position(self, text: str, options: RummyOptions | None = None) -> Scored:
        sections: dict[str, str] = {}
        for part in text.split(";"):
            if not part.strip():
                continue
            name, colon, body = part.partition(":")
            name = name.strip().lower()
            if not colon or name not in ("melds", "added", "hand"):
                raise PositionError(f"write sections 'melds: ...; added: ...; hand: ...', "
                                 f"not {part.strip()!r}")  # fmt: skip
            if name in sections:
                raise PositionError(f"the section {name!r} is written twice")
            sections[name] = body
        melds = [read_cards(group, self.deck) for group in sections.get("melds", "").split("|")]
        melds = [m for m in melds if m]
        added = read_cards(sections.get("added", ""), FOUR_D)
        hand = read_cards(sections.get("hand", ""), FOUR_D)
        every = [c for m in melds for c in m] + added + hand
        if len(set(every)) != len(every):
            twice = sorted({str(c) for c in every if every.count(c) > 1})
            raise PositionError(
                f"{', '.join(twice)} written more than once; a deck has one of each"
            )
        reasons, details = [], []
        total = 0
        for m in melds:
            why = why_not_meld(m)
            if why:
                return Scored(self.title, None, f"{names(m)} is not a meld", (why,),
                              {"meld": [str(c) for c in m], "legal": False})  # fmt: skip
            points = meld_points(m)
            total += points
            reasons.append(f"{meld_name(m)}: {points}.")
            details.append({"cards": [str(c) for c in m], "name": meld_name(m), "points": points})
        if added:
            total += ADDED_POINTS * len(added)
            reasons.append(f"{len(added)} card{'s' if len(added) > 1 else ''} added to other "
                           f"players' double-flushes: {ADDED_POINTS * len(added)}.")  # fmt: skip
        if hand:
            total += IN_HAND_POINTS * len(hand)
            reasons.append(f"{len(hand)} card{'s' if len(hand) > 1 else ''} left in hand: "
                           f"{IN_HAND_POINTS * len(hand)}.")  # fmt: skip
        summary = f"{total} points for the hand"
        return Scored(self.title, total, summary, tuple(reasons), {
            "legal": True, "melds": details, "added": len(added), "hand": len(hand),
            "points": total})  # fmt: skip


def _keys(card: Card) -> tuple[int, ...]:
    """The groups a card belongs to: 0-107 one for each three of its values (which three
    attributes, then the values), 108-161 one for each two."""
    a, b, d, e = card.values
    return (b * 9 + d * 3 + e, 27 + a * 9 + d * 3 + e, 54 + a * 9 + b * 3 + e,
            81 + a * 9 + b * 3 + d, 108 + a * 3 + b, 117 + a * 3 + d, 126 + a * 3 + e,
            135 + b * 3 + d, 144 + b * 3 + e, 153 + d * 3 + e)  # fmt: skip


KEYS = {c: _keys(c) for c in FOUR_D.cards}


def _meldable(card: Card, total: int, counts: dict[int, int], melds: Sequence[Meld]) -> bool:
    """Whether ``card`` can be melded from ``total`` cards (itself and others whose groups
    are counted in ``counts``) with a card left over."""
    if total >= 2 and any(m.fits(card) for m in melds):
        return True
    keys = KEYS[card]
    if total >= 4 and any(counts.get(k, 0) >= 2 for k in keys[:4]):
        return True
    return total >= 5 and any(counts.get(k, 0) >= 3 for k in keys[4:])


def _add(state: RummyState, seat: int, card: Card, index: int) -> RummyState:
    """``card`` added by ``seat`` to meld ``index``: with the meld when it is his own,
    else in front of him."""
    meld = state.melds[index]
    if meld.owner == seat:
        grown = replace(meld, cards=(*meld.cards, card))
        return replace(state, melds=(*state.melds[:index], grown, *state.melds[index + 1 :]))
    return replace(state, added=(*state.added, Addition(seat, index, card)))


GAME = Rummy()
