"""An independent Lockdown referee, written from the rules text and the project's rules
notes only (not from the engine): cards are plain strings ("KS", "10H", "RJ"), hands
lists, moves tuples.

It decides by itself which moves are legal, who moves next, who is eliminated and how the
game ends. What is chance in the game follows the engine's documented protocol, so that
both can be compared card for card: the generator of a move is
``random.Random(f"lockdown:{seed}:{hand_number}:{moves made before it}")``; a blind Take
is its ``choice`` of the hand (in the order cards were received); a Shuffle shuffles the
standing hands joined in seat order and deals them back in seat order; a Clear shuffles
the deck with the hand added after it and draws the first four; an elimination adds the
rest of each losing hand (in seat order) to the bottom of the deck, and the same
generator then shuffles the deck. The deal is the engine's (the test copies it).

Moves: ("draw", next), ("give", card, to), ("take", source), ("force", target),
("shuffle", next), ("clear", next).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

Move = tuple[Any, ...]


def rank(card: str) -> str:
    return "" if card in ("RJ", "BJ") else card[:-1]


@dataclass
class Oracle:
    hands: list[list[str]]
    deck: list[str]
    turn: int | None
    turns: list[int]
    seed: int
    hand_number: int
    variant: bool = False
    cap: int = 2000
    outside: list[str] = field(default_factory=list)
    out: list[int] = field(default_factory=list)
    moves: int = 0
    got: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.got:
            self.got = [dict.fromkeys(h, -2) for h in self.hands]  # dealt: given at once

    # -- the rules -------------------------------------------------------------------

    def standing(self) -> list[int]:
        return [p for p in range(len(self.hands)) if p not in self.out]

    def losing(self, hand: list[str]) -> list[str]:
        safe = {"", "A"} if self.variant else {""}
        ranks = [rank(c) for c in hand]
        return [r for r in dict.fromkeys(ranks) if ranks.count(r) >= 4 and r not in safe]

    def legal(self) -> set[Move]:
        me = self.turn
        if me is None:
            return set()
        hand = self.hands[me]
        givable = [c for c in hand if self.turns[me] >= self.got[me][c] + 2]
        aces = sum(rank(c) == "A" for c in hand)
        jokers = any(c in ("RJ", "BJ") for c in hand)
        clears = self.variant and (aces >= 2 or jokers)
        found: set[Move] = set()
        for p in self.standing():
            if p == me:
                continue
            if self.deck:
                found.add(("draw", p))
                found.add(("force", p))
            found.add(("shuffle", p))
            if self.hands[p]:
                found.add(("take", p))
            found.update(("give", card, p) for card in givable)
            if clears:
                found.add(("clear", p))
        return found

    def play(self, move: Move) -> None:
        """Apply ``move``: the rules here, the chance by the documented protocol."""
        assert move in self.legal(), move
        me = self.turn
        assert me is not None
        chance = random.Random(f"lockdown:{self.seed}:{self.hand_number}:{self.moves}")
        self.moves += 1
        kind = move[0]
        if kind == "draw":
            self.receive(me, self.deck.pop(0))
        elif kind == "force":
            self.receive(move[1], self.deck.pop(0))
        elif kind == "give":
            self.lose(me, move[1])
            self.receive(move[2], move[1])
        elif kind == "take":
            card = chance.choice(self.hands[move[1]])
            self.lose(move[1], card)
            self.receive(me, card)
        elif kind == "shuffle":
            left = self.standing()
            pool = [c for p in left for c in self.hands[p]]
            chance.shuffle(pool)
            for p in left:  # a card back in the hand it came from was not just got
                size = len(self.hands[p])
                was = self.got[p]
                self.hands[p], pool = pool[:size], pool[size:]
                self.got[p] = {c: was.get(c, self.turns[p]) for c in self.hands[p]}
        else:  # clear: the hand into the deck, shuffled, four drawn
            deck = self.deck + self.hands[me]
            chance.shuffle(deck)
            self.hands[me], self.deck = deck[:4], deck[4:]
            self.got[me] = dict.fromkeys(self.hands[me], self.turns[me])
        self.after_move(me, move, chance)

    def receive(self, player: int, card: str) -> None:
        self.hands[player].append(card)
        self.got[player][card] = self.turns[player]

    def lose(self, player: int, card: str) -> None:
        self.hands[player].remove(card)
        del self.got[player][card]

    def after_move(self, me: int, move: Move, chance: random.Random) -> None:
        """Eliminations, then the end or the next player."""
        gone = []
        for p in self.standing():
            ranks = self.losing(self.hands[p])
            if ranks:
                gone.append(p)
                self.outside += [c for c in self.hands[p] if rank(c) in ranks]
                self.deck += [c for c in self.hands[p] if rank(c) not in ranks]
                self.hands[p] = []
                self.got[p] = {}
        self.out += gone
        if gone:
            chance.shuffle(self.deck)
        left = self.standing()
        if len(left) < 2 or self.moves >= self.cap:
            self.turn = None
            return
        players = len(self.hands)
        named = move[2] if move[0] == "give" else move[1]
        if gone and me not in gone:  # he put out another player: another turn
            nxt = me
        elif named in left:  # the player affected, or the one he named
            nxt = named
        else:  # his own Shuffle put out him and the player he named: his left
            nxt = next((me + k) % players for k in range(1, players) if (me + k) % players in left)
        self.turn = nxt
        self.turns[nxt] += 1

    def result(self) -> tuple[tuple[int, ...], str]:
        """The winners, and how it ended: "won", "draw" (everyone out) or "cap"."""
        left = self.standing()
        if len(left) == 1:
            return (left[0],), "won"
        if not left:
            return (), "draw"
        return (), "cap"
