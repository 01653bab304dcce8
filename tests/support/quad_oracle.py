"""An independent reading of Quad, written from the rules text and RULES-NOTES alone.

It shares no code with the project's engine (``printables.games.standard.quad``) and
imports nothing from the project, so that a bug in the engine cannot hide in the check.
The agreement test (``tests/printables/games/standard/test_quad_agreement.py``, which
imports this module by name: ``tests/support`` is on pytest's pythonpath) plays both in
lockstep.

Cards are ``(rank, suit)`` tuples: rank 1 (ace) to 13 (king), suit one of ``"SHDC"``;
``(7, "H")`` is the seven of hearts. The table is a dict from suit to the cards of its
stack; the deck is a list read from a moving index. Moves are tuples:
``("call", "reds")``, ``("start", card)``, ``("add", card)``, ``("cancel", card, suit)``.

The rules as read here:

- 52 cards (the jokers only mark the call), six rounds with no reshuffle: while 9 or
  more cards are left, 4 to each player, else 3; then, after the call, one card up.
- Cards are dealt one at a time from the top, first to the player who is not the
  dealer. The first round's chooser is given (the project's reading: the non-dealer);
  the role alternates each round.
- The chooser calls reds or blacks, then plays first; turns alternate until both hands
  are empty.
- A card whose suit has no stack must start one. Otherwise it goes on its own suit's
  stack, or on a stack of another suit: that stack and the card are discarded.
- At the end of a round, values (ace 1 ... king 13) are summed: hearts and diamonds are
  reds, clubs and spades blacks. The larger total is the outcome (equal: neither). The
  chooser collects the table if the outcome is his call, else the other player does.
- After the last round, more collected cards win; equal counts: no winner.
"""

from __future__ import annotations

Card = tuple[int, str]
Move = tuple[object, ...]

RED_SUITS = "HD"
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def read_card(name: str) -> Card:
    """``"10H"`` -> ``(10, "H")``; ``"QS"`` -> ``(12, "S")``."""
    rank, suit = name[:-1].upper(), name[-1].upper()
    return (RANKS[rank] if rank in RANKS else int(rank), suit)


class QuadOracle:
    """One game of Quad from a fixed order of the 52 cards (top first)."""

    def __init__(self, pack: list[Card], dealer: int, first_chooser: int) -> None:
        assert len(pack) == 52 and len(set(pack)) == 52
        self.pack = list(pack)
        self.next_card = 0
        self.dealer = dealer
        self.chooser = first_chooser
        self.hands: list[list[Card]] = [[], []]
        self.table: dict[str, list[Card]] = {}
        self.discard: list[Card] = []
        self.piles: list[list[Card]] = [[], []]
        self.call: str | None = None
        self.player = first_chooser
        self.rounds_done = 0
        self.over = False
        self.deal_round()

    # -- the round -----------------------------------------------------------------------

    def take(self) -> Card:
        card = self.pack[self.next_card]
        self.next_card += 1
        return card

    def deal_round(self) -> None:
        left = len(self.pack) - self.next_card
        each = 4 if left >= 9 else 3
        receiver = 1 - self.dealer
        for _ in range(2 * each):
            self.hands[receiver].append(self.take())
            receiver = 1 - receiver
        self.call = None
        self.player = self.chooser

    def finish_round(self) -> None:
        reds = sum(r for s, stack in self.table.items() for r, _ in stack if s in RED_SUITS)
        blacks = sum(r for s, stack in self.table.items() for r, _ in stack if s not in RED_SUITS)
        if reds > blacks:
            result = "reds"
        elif blacks > reds:
            result = "blacks"
        else:
            result = "neither"
        taker = self.chooser if result == self.call else 1 - self.chooser
        for stack in self.table.values():
            self.piles[taker].extend(stack)
        self.table = {}
        self.rounds_done += 1
        if self.next_card == len(self.pack):
            self.over = True
            return
        self.chooser = 1 - self.chooser
        self.deal_round()

    # -- moves ---------------------------------------------------------------------------

    def to_move(self) -> int | None:
        return None if self.over else self.player

    def legal(self) -> set[Move]:
        if self.over:
            return set()
        if self.call is None:
            return {("call", "reds"), ("call", "blacks")}
        moves: set[Move] = set()
        for card in self.hands[self.player]:
            suit = card[1]
            if suit not in self.table:
                moves.add(("start", card))
                continue
            moves.add(("add", card))
            for other in self.table:
                if other != suit:
                    moves.add(("cancel", card, other))
        return moves

    def play(self, move: Move) -> None:
        assert move in self.legal(), move
        if move[0] == "call":
            self.call = str(move[1])
            up = self.take()
            self.table[up[1]] = [up]
            return
        card = move[1]
        assert isinstance(card, tuple)
        self.hands[self.player].remove(card)
        if move[0] == "start":
            self.table[card[1]] = [card]
        elif move[0] == "add":
            self.table[card[1]].append(card)
        else:
            self.discard.extend(self.table.pop(str(move[2])))
            self.discard.append(card)
        self.player = 1 - self.player
        if not self.hands[0] and not self.hands[1]:
            self.finish_round()

    # -- results -------------------------------------------------------------------------

    def cards_everywhere(self) -> int:
        """Every card somewhere: deck, hands, table, discard, piles, and the two jokers."""
        in_deck = len(self.pack) - self.next_card
        on_table = sum(len(s) for s in self.table.values())
        held = len(self.hands[0]) + len(self.hands[1])
        piles = len(self.piles[0]) + len(self.piles[1])
        return in_deck + held + on_table + len(self.discard) + piles + 2

    def collected(self) -> tuple[int, int]:
        return len(self.piles[0]), len(self.piles[1])

    def winners(self) -> tuple[int, ...]:
        a, b = self.collected()
        if a == b:
            return ()
        return (0,) if a > b else (1,)
