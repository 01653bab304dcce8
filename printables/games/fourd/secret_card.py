"""Secret Card (4D Playing Cards rulebook): name your own hidden card from clues.

Each player's secret card is dealt face down to another player, who holds it
and gives the clues: with two players each holds the other's card, with three
the card belongs to the holder's left-hand neighbour, with four or more to the
second player on the holder's left. Clue cards are turned up from the stock one
at a time; a clue is the number of values a player's secret card shares with
the clue card (RULES-NOTES), counted here by the engine, so no clue is ever
wrong and the book's ways of handling miscounted clues are not needed.

*Easy* (the book's default): after each clue card, from the second on, every
player in turn from the dealer's left names a card or passes, once per clue card.
The round is always finished ("if the other player hasn't made a guess yet since
the last clue card ... one guess may be made now"); then, if anybody was right,
the hand ends and each player who named the secret card scores 1.

*Competitive*: after each clue card, from the second on, players in turn announce
the intention to name their card, or pass. The three-minute timer is outside the
engine: the announcement round goes on, skipping players who have announced,
until every player still silent has passed since the last announcement ("the
timer runs out"). If nobody announced, another clue card is turned up; otherwise
the announced players name their cards in turn: right scores 1, wrong 0, and a
player who did not name scores 0, unless nobody named correctly, then 1.

Readings (docs/readings/secret_card.md): the first chance to name comes after the
second clue card, in both versions, as the book's text runs; a player may name any
of the 81 cards; when the stock is spent and the round after the last clue card
ends with nobody right (Easy) or nobody announcing (Competitive), the hand ends
and nobody scores. A game is played to ``target`` points (the book's five); tied
leaders play on, which :meth:`SecretCard.match_outcome` reports as "not over" (the
book drops players who fall behind during the play-off; the engine deals every seat).

>>> from printables.cards import card
>>> [str(c) for c in candidates([(card("Bw~T"), 2), (card("BwzT"), 2),
...                              (card("Gg=S"), 1), (card("Bb=C"), 1)])]
['Rw=T']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.reading import read_cards
from printables.cards.wording import values_text
from printables.games.base import (
    OptionError,
    Outcome,
    PositionError,
    Scored,
    Seen,
    Zone,
    seat_name,
)
from printables.games.dealing import deal, left_of
from printables.games.fourd import FourDGame


def candidates(clues: Iterable[tuple[Card, int]], seen: Iterable[Card] = ()) -> list[Card]:
    """Every card consistent with the clues (clue card, number of shared values), in deck
    order, leaving out any card in ``seen`` (cards the player can see elsewhere).

    >>> from printables.cards import card
    >>> [str(c) for c in candidates([(card("Bw~T"), 2), (card("BwzT"), 1),
    ...                              (card("Gg=S"), 1), (card("Bb=C"), 1)])]
    ['Gb~T', 'Gw~C']
    """
    given = list(clues)
    excluded = set(seen)
    return [
        c
        for c in FOUR_D.cards
        if c not in excluded and all(c.shares(clue) == n for clue, n in given)
    ]


@dataclass(frozen=True)
class SecretOptions:
    competitive: bool = field(
        default=False,
        metadata={"help": "play Competitive Secret Card (announce, then name; wrong costs)"},
    )
    target: int = field(default=5, metadata={"help": "points that win the game (the book: five)"})

    def __post_init__(self) -> None:
        if not 1 <= self.target <= 100:
            raise OptionError(f"Secret Card target must be 1 to 100 points, not {self.target}")


@dataclass(frozen=True)
class Guess:
    """Name ``card`` as one's own secret card."""

    card: Card

    def __str__(self) -> str:
        return f"name {self.card}"


@dataclass(frozen=True)
class Pass:
    """Neither name a card nor announce, this time round."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Announce:
    """Competitive: announce the intention to name one's secret card."""

    def __str__(self) -> str:
        return "announce the intention to name my card"


SecretMove = Guess | Pass | Announce
_GUESSES: tuple[SecretMove, ...] = tuple(Guess(c) for c in FOUR_D.cards)

GUESS, ANNOUNCE, NAME, OVER = "guess", "announce", "name", "over"


@dataclass(frozen=True)
class SecretState:
    options: SecretOptions
    seed: int
    dealer: int
    held: tuple[Card, ...]  # by holder: the card dealt to each seat (another player's secret)
    stock: tuple[Card, ...]  # top card first
    clues: tuple[Card, ...]  # clue cards in the order turned up
    turn: int
    phase: str = GUESS
    acted: int = 0  # Easy: players who have named or passed since the last clue card
    announced: tuple[bool, ...] = ()
    passes: int = 0  # Competitive: passes in a row since the round began or the last announcement
    guesses: tuple[tuple[int, Card, int], ...] = ()  # (seat, card named, clue cards shown)
    hand_number: int = 0

    @property
    def players(self) -> int:
        return len(self.held)


def owner_step(players: int) -> int:
    """How many seats to the holder's left the secret card's owner sits."""
    return 1 if players <= 3 else 2


def holder_of(seat: int, players: int) -> int:
    """The seat holding ``seat``'s secret card."""
    return (seat - owner_step(players)) % players


class SecretCard(FourDGame[SecretState, SecretMove, SecretOptions]):
    key = "secret-card"
    title = "Secret Card"
    summary = "Name your own hidden card from clues: how many values it shares with clue cards."
    players = (2, 8)
    move_types = (Guess, Pass, Announce)
    options_type = SecretOptions
    position_help = (
        "a secret card and clue cards, 'SECRET vs CLUE CLUE ...' (e.g. 'Rw=T vs Bw~T BwzT'), "
        "to count the clues; or clues 'CLUE=n CLUE=n ...' (e.g. 'Bw~T=2 BwzT=1') "
        "to list every card they fit"
    )

    def deal(
        self, players: int, seed: int, dealer: int, options: SecretOptions, hand_number: int
    ) -> SecretState:
        pack = self.pack(seed, hand_number)
        hands, rest = deal(pack, players, 1, dealer)
        return SecretState(
            options=options,
            seed=seed,
            dealer=dealer,
            held=tuple(h[0] for h in hands),
            stock=tuple(rest[2:]),
            clues=tuple(rest[:2]),
            turn=left_of(dealer, players),
            phase=ANNOUNCE if options.competitive else GUESS,
            announced=(False,) * players,
            hand_number=hand_number,
        )

    # -- the clues -----------------------------------------------------------------------

    def secret_of(self, state: SecretState, seat: int) -> Card:
        """The secret card ``seat`` tries to name (held by another player)."""
        return state.held[holder_of(seat, state.players)]

    def clues_of(self, state: SecretState, seat: int) -> tuple[int, ...]:
        """The clues ``seat`` has been given, one per clue card, in order."""
        secret = self.secret_of(state, seat)
        return tuple(secret.shares(c) for c in state.clues)

    # -- the interface -------------------------------------------------------------------

    def to_move(self, state: SecretState) -> int | None:
        return None if state.phase == OVER else state.turn

    def candidate_moves(self, state: SecretState) -> Iterable[SecretMove]:
        yield from _GUESSES
        yield Pass()
        yield Announce()

    def legal_moves(self, state: SecretState) -> list[SecretMove]:
        if state.phase == OVER:
            return []
        if state.phase == ANNOUNCE:
            return [Pass(), Announce()]
        return [*_GUESSES, Pass()] if state.phase == GUESS else list(_GUESSES)

    def why_illegal(self, state: SecretState, move: SecretMove) -> str | None:
        if isinstance(move, Guess):
            if state.phase == ANNOUNCE:
                return ("In Competitive Secret Card, first announce the intention to name "
                        "your card; the naming comes when the timer runs out.")  # fmt: skip
            return None
        if isinstance(move, Pass):
            if state.phase == NAME:
                return (f"{seat_name(state.turn).capitalize()} announced the intention to "
                        "name the secret card and must name it now.")  # fmt: skip
            return None
        if state.phase == GUESS:
            return "Easy Secret Card has no announcements; name a card or pass."
        if state.phase == NAME:
            return "The announcements are over; name your secret card."
        return None

    def _apply(self, state: SecretState, move: SecretMove) -> SecretState:
        seat = state.turn
        if state.phase == GUESS:
            if isinstance(move, Guess):
                state = replace(
                    state, guesses=(*state.guesses, (seat, move.card, len(state.clues)))
                )
            if state.acted + 1 < state.players:
                return replace(state, acted=state.acted + 1, turn=left_of(seat, state.players))
            if any(self._right(state, g) for g in self._this_round(state)):
                return replace(state, phase=OVER, acted=state.acted + 1)
            return self._next_clue(state)
        if state.phase == ANNOUNCE:
            if isinstance(move, Announce):
                announced = (*state.announced[:seat], True, *state.announced[seat + 1 :])
                state = replace(state, announced=announced, passes=0)
            else:
                state = replace(state, passes=state.passes + 1)
            silent = state.announced.count(False)
            if silent and state.passes < silent:
                nxt = left_of(seat, state.players)
                while state.announced[nxt]:
                    nxt = left_of(nxt, state.players)
                return replace(state, turn=nxt)
            first = self._next_namer(state, None)
            if first is not None:
                return replace(state, phase=NAME, turn=first)
            return self._next_clue(state)
        # NAME: the move is a Guess
        assert isinstance(move, Guess)
        state = replace(state, guesses=(*state.guesses, (seat, move.card, len(state.clues))))
        namer = self._next_namer(state, seat)
        return replace(state, phase=OVER) if namer is None else replace(state, turn=namer)

    def _this_round(self, state: SecretState) -> list[tuple[int, Card, int]]:
        return [g for g in state.guesses if g[2] == len(state.clues)]

    def _right(self, state: SecretState, guess: tuple[int, Card, int]) -> bool:
        return guess[1] == self.secret_of(state, guess[0])

    def _next_namer(self, state: SecretState, after: int | None) -> int | None:
        """The next announced seat to name, in turn from the dealer's left."""
        order = [left_of(state.dealer, state.players, k) for k in range(1, state.players + 1)]
        start = 0 if after is None else order.index(after) + 1
        for seat in order[start:]:
            if state.announced[seat]:
                return seat
        return None

    def _next_clue(self, state: SecretState) -> SecretState:
        if not state.stock:
            return replace(state, phase=OVER, acted=0, passes=0)
        return replace(
            state,
            clues=(*state.clues, state.stock[0]),
            stock=state.stock[1:],
            acted=0,
            passes=0,
            turn=left_of(state.dealer, state.players),
        )

    def zones(self, state: SecretState) -> tuple[Zone, ...]:
        shown: Seen = "all" if state.phase == OVER else "owner"
        n = state.players
        secrets = tuple(
            Zone(f"secret card of {seat_name(left_of(h, n, owner_step(n)))}", (card,), h, shown)
            for h, card in enumerate(state.held)
        )
        return (*secrets, Zone("stock", state.stock, None, "none"), Zone("clue cards", state.clues))

    def outcome(self, state: SecretState) -> Outcome | None:
        if state.phase != OVER:
            return None
        n = state.players
        named = {seat: card for seat, card, k in state.guesses if k == len(state.clues)}
        right = {s for s, c in named.items() if c == self.secret_of(state, s)}
        if not named or not (state.options.competitive or right):
            return Outcome((), (0,) * n, (
                "The stock ran out before anybody named a secret card correctly; "
                "nobody scores.",))  # fmt: skip
        reasons = []
        for seat in range(n):
            secret = self.secret_of(state, seat)
            if seat in right:
                reasons.append(f"{seat_name(seat).capitalize()} named {secret} correctly: 1 point.")
            elif seat in named:
                reasons.append(f"{seat_name(seat).capitalize()} named {named[seat]}, "
                               f"but the secret card was {secret}: 0 points.")  # fmt: skip
            elif state.options.competitive and not right:
                reasons.append(f"{seat_name(seat).capitalize()} did not name a card and "
                               "nobody named correctly: 1 point.")  # fmt: skip
            else:
                reasons.append(f"{seat_name(seat).capitalize()} did not name a card: 0 points.")
        if state.options.competitive and not right:
            scores = tuple(int(s not in named) for s in range(n))
        else:
            scores = tuple(int(s in right) for s in range(n))
        winners = tuple(s for s in range(n) if scores[s])
        return Outcome(winners, scores, tuple(reasons))

    def match_outcome(
        self, totals: Sequence[int], hands: int, options: SecretOptions | None = None
    ) -> Outcome | None:
        """The first to the target (five) wins; several at once: tied leaders play on."""
        options = options or SecretOptions()
        best = max(totals)
        leaders = tuple(s for s, t in enumerate(totals) if t == best)
        if best < options.target or len(leaders) > 1:
            return None
        return Outcome(leaders, tuple(totals), (
            f"After {hands} hand{'s' if hands != 1 else ''}, {seat_name(leaders[0])} has "
            f"{best}, reaching {options.target} alone, and wins.",))  # fmt: skip

    def invariants(self, state: SecretState) -> list[str]:
        broken = []
        if len(state.held) + len(state.stock) + len(state.clues) != len(FOUR_D.cards):
            broken.append("cards are missing from the secret cards, stock and clue cards")
        if len(state.clues) < 2:
            broken.append("fewer than two clue cards are turned up")
        if state.guesses:
            seat, _, k = state.guesses[-1]
            if sum(1 for s, _, j in state.guesses if s == seat and j == k) > 1:
                broken.append(f"{seat_name(seat)} named twice for the same clue card")
            if state.options.competitive and not state.announced[seat]:
                broken.append(f"{seat_name(seat)} named a card without announcing")
        if state.phase == NAME and not state.announced[state.turn]:
            broken.append(f"{seat_name(state.turn)} is to name without having announced")
        return broken

    # -- positions -----------------------------------------------------------------------

    def score_position(self, text: str, options: SecretOptions | None = None) -> Scored:
        secret_text, sep, clue_text = text.partition(" vs ")
        if sep:
            return self._count_clues(secret_text, clue_text)
        return self._deduce(text)

    def _count_clues(self, secret_text: str, clue_text: str) -> Scored:
        secrets = read_cards(secret_text, self.deck)
        if len(secrets) != 1:
            raise PositionError(f"write one secret card before 'vs', not {secret_text.strip()!r}")
        secret, clue_cards = secrets[0], read_cards(clue_text, self.deck)
        if not clue_cards:
            raise PositionError("write the clue cards after 'vs'")
        if secret in clue_cards:
            raise PositionError(f"{secret} cannot be both the secret card and a clue card")
        reasons, rows = [], []
        for clue in clue_cards:
            shared = secret.shared_with(clue)
            what = f"shares {values_text(shared)}" if shared else "shares no value"
            reasons.append(f"{secret} {what} with {clue}: clue {len(shared)}.")
            rows.append({"card": str(clue), "clue": len(shared),
                         "shared": [v.name for v in shared]})  # fmt: skip
        summary = f"{secret} gives the clues " + " ".join(f"{r['card']}={r['clue']}" for r in rows)
        return Scored(self.title, None, summary, tuple(reasons),
                      {"secret": str(secret), "clues": rows})  # fmt: skip

    def _deduce(self, text: str) -> Scored:
        clues = read_clues(text)
        fits = candidates(clues)
        given = " ".join(f"{c}={n}" for c, n in clues)
        if not fits:
            summary = f"No card fits the clues {given}"
        elif len(fits) == 1:
            summary = f"Only {fits[0]} fits the clues {given}"
        else:
            summary = f"{len(fits)} cards fit the clues {given}"
        listed = " ".join(map(str, fits)) or "none"
        reasons = (f"The cards sharing exactly the given number of values with every "
                   f"clue card: {listed}.",)  # fmt: skip
        return Scored(self.title, None, summary, reasons, {
            "clues": [{"card": str(c), "clue": n} for c, n in clues],
            "candidates": [str(c) for c in fits]})  # fmt: skip


_CLUE = re.compile(r"\s*(.+?)\s*=\s*(\d+)(?=[\s,;]|$)[\s,;]*")


def read_clues(text: str) -> list[tuple[Card, int]]:
    """Read clues written ``CLUE=n`` (``Bw~T=2 Gg=S=1``): each clue card and its count.

    >>> [(str(c), n) for c, n in read_clues("Bw~T=2, Gg=S=1")]
    [('Bw~T', 2), ('Gg=S', 1)]
    """
    clues: list[tuple[Card, int]] = []
    position = 0
    text = text.strip()
    while position < len(text):
        found = _CLUE.match(text, position)
        if not found:
            raise PositionError(
                f"write clues as CLUE=n (e.g. 'Bw~T=2 BwzT=1'); cannot read {text[position:]!r}"
            )
        cards = read_cards(found.group(1), FOUR_D)
        if len(cards) != 1:
            raise PositionError(f"each clue names one card, not {found.group(1)!r}")
        count = int(found.group(2))
        if count > 3:
            raise PositionError(f"a clue is 0 to 3 shared values, not {count} (for {cards[0]})")
        if any(c == cards[0] for c, _ in clues):
            raise PositionError(f"{cards[0]} is given two clues")
        clues.append((cards[0], count))
        position = found.end()
    if not clues:
        raise PositionError("write clues as CLUE=n (e.g. 'Bw~T=2 BwzT=1')")
    return clues


GAME = SecretCard()
