"""An independent reading of Four, written from the rules text alone.

It shares no code with the project's engine (``printables.games.standard.four``) and
imports nothing from the project, so that a bug in the engine cannot hide in the check.
``tests/printables/games/standard/test_four_agreement.py`` plays both in lockstep.

The source is "Four (revised)" (``seeds/003_...``) as ``RULES-NOTES.md`` (Standard-deck
games, Four) reads it, with the project's readings where neither settles a point: a
hand that may not go out after discarding ends the turn by itself; a forfeited player
keeps his four cards face down, out of play; a hand nobody wins (nobody out, or stopped
at the move cap) gives every pot back; the move cap stops the hand with no winner.

Everything is plain on purpose: cards are names (``"AS"``, ``"2H"``), the table is a few
lists and dicts changed in place, and a move is a tuple:

``("out",)``, ``("draw",)``, ``("take", name)``, ``("discard", name)``, ``("end",)``,
``("bet",)`` and ``("forfeit",)``.
"""

from __future__ import annotations

OracleMove = tuple[str, ...]

_NEEDED = {"A": 1, "2": 2, "3": 3, "4": 4}
"""Each rank that makes a hand go out, and how many of it the hand needs."""


def hand_rank(hand: list[str]) -> int:
    """How high a hand goes out: 4 all fours, 3 three threes, 2 two twos, 1 an ace, 0 no.

    >>> hand_rank(["AS", "2H", "2D", "KC"]), hand_rank(["3S", "3H", "JD", "KC"])
    (2, 0)
    """
    best = 0
    for rank, needed in _NEEDED.items():
        if sum(1 for card in hand if card[:-1] == rank) >= needed:
            best = max(best, needed)
    return best


class FourTable:
    """One game of Four at the table, changed in place by :meth:`play`."""

    def __init__(self, pack: list[str], players: int, dealer: int, betting: bool, cap: int) -> None:
        cards = list(pack)
        self.players = players
        self.betting = betting
        self.cap = cap
        self.hands: dict[int, list[str]] = {seat: [] for seat in range(players)}
        for _ in range(4):  # one card at a time, from the dealer's left, dealer last
            for step in range(1, players + 1):
                self.hands[(dealer + step) % players].append(cards.pop(0))
        self.discards = [cards.pop(0)]  # the last is the top card
        self.stock = cards  # the first is the top card
        self.face_up: dict[int, list[str]] = {}  # seat -> cards shown, for players out
        self.went_out: list[tuple[int, int]] = []  # (seat, rank shown), in order
        self.forfeited: set[int] = set()
        self.pot = {seat: (1 if betting else 0) for seat in range(players)}
        self.seat = (dealer + 1) % players
        self.step = "begin"  # begin, holding (five cards), after, bet, done
        self.just_took = ""
        self.drew_last = False
        self.to_bet: list[int] = []
        self.count = 0
        self.capped = False

    # -- what a player may do --------------------------------------------------------------

    def playing(self, seat: int) -> bool:
        return seat not in self.face_up and seat not in self.forfeited

    def players_after(self, seat: int) -> list[int]:
        """The players still playing, in order from the left of ``seat`` (itself last)."""
        order = [(seat + step) % self.players for step in range(1, self.players + 1)]
        return [s for s in order if self.playing(s)]

    def acceptable(self, hand: list[str]) -> bool:
        shown_last = self.went_out[-1][1] if self.went_out else 0
        return hand_rank(hand) > shown_last

    def mover(self) -> int | None:
        return None if self.step == "done" else self.seat

    def legal(self) -> list[OracleMove]:
        hand = self.hands[self.seat]
        if self.step == "done":
            return []
        if self.step == "bet":
            return [("bet",), ("forfeit",)]
        if self.step == "holding":
            return [("discard", c) for c in hand if c != self.just_took]
        if self.step == "after":
            return [("out",), ("end",)]
        moves: list[OracleMove] = [("out",)] if self.acceptable(hand) else []
        moves.append(("draw",))
        moves.append(("take", self.discards[-1]))
        for seat in sorted(self.face_up):
            moves.extend(("take", c) for c in self.face_up[seat])
        return moves

    # -- playing ----------------------------------------------------------------------------

    def play(self, move: OracleMove) -> None:
        if move not in self.legal():
            raise ValueError(f"the oracle refuses {move}")
        self.count += 1
        getattr(self, "_" + move[0])(*move[1:])
        if self.step != "done" and self.count >= self.cap:
            self.step = "done"
            self.capped = True

    def _draw(self) -> None:
        card = self.stock.pop(0)
        self.drew_last = not self.stock
        self._hold(card)

    def _take(self, card: str) -> None:
        if self.discards and self.discards[-1] == card:
            self.discards.pop()
        else:
            for cards in self.face_up.values():
                if card in cards:
                    cards.remove(card)
        self._hold(card)

    def _hold(self, card: str) -> None:
        self.hands[self.seat].append(card)
        self.just_took = card
        self.step = "holding"

    def _discard(self, card: str) -> None:
        self.hands[self.seat].remove(card)
        self.discards.append(card)
        self.just_took = ""
        if self.acceptable(self.hands[self.seat]):
            self.step = "after"
        else:
            self._turn_over()

    def _end(self) -> None:
        self._turn_over()

    def _turn_over(self) -> None:
        if self.drew_last:
            self.step = "done"
            return
        self._next_player(self.seat)

    def _next_player(self, after: int) -> None:
        left = self.players_after(after)
        if not left:
            self.step = "done"
            return
        self.seat = left[0]
        self.step = "begin"
        self.drew_last = False

    def _out(self) -> None:
        seat = self.seat
        rank = hand_rank(self.hands[seat])
        self.face_up[seat] = self.hands[seat]
        self.hands[seat] = []
        self.went_out.append((seat, rank))
        if rank == 4 or self.drew_last:
            self.step = "done"
            return
        others = self.players_after(seat)
        if self.betting and others:
            self.to_bet = others
            self.seat = others[0]
            self.step = "bet"
            return
        self._next_player(seat)

    def _bet(self) -> None:
        self.pot[self.seat] += 1
        self._after_bet()

    def _forfeit(self) -> None:
        self.forfeited.add(self.seat)
        self._after_bet()

    def _after_bet(self) -> None:
        self.to_bet.pop(0)
        if self.to_bet:
            self.seat = self.to_bet[0]
            return
        self._next_player(self.went_out[-1][0])

    # -- the end ----------------------------------------------------------------------------

    def winner(self) -> int | None:
        if self.step != "done" or self.capped or not self.went_out:
            return None
        return self.went_out[-1][0]

    def scores(self) -> list[int]:
        """Each seat's score: 1 for the winner without betting, else the net chips."""
        won = self.winner()
        if not self.betting:
            return [1 if seat == won else 0 for seat in range(self.players)]
        net = [0] * self.players
        if won is None:
            return net
        safe = {seat for seat, _ in self.went_out}
        for seat in range(self.players):
            if seat not in safe:
                net[seat] -= self.pot[seat]
                net[won] += self.pot[seat]
        return net

    def all_cards(self) -> list[str]:
        """Every card on the table, wherever it is."""
        cards = [*self.stock, *self.discards]
        for seat in range(self.players):
            cards += self.hands[seat] + self.face_up.get(seat, [])
        return cards
