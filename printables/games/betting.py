"""A poker betting session, as the 4D Playing Cards rulebook's "Betting Rules" describe it.

The session is opened by a given seat (or, if that player has dropped out, the first
remaining player to the left). The player to open places a bet of one chip up to the
betting limit, or drops out, and then the next player has the chance to open. Once a
bet is placed, each next player calls (matches every chip bet or raised since his or
her last bet), calls and raises (one chip up to the limit more), or drops out, round
the table as many times as it takes. The session is over when all the remaining
players have put in the same number of chips and each has acted since the last bet or
raise, or when only one player remains. There is no checking: the book gives the
opener only "bet or drop out".

Only the bookkeeping of one session is kept here (who is in, what each has put in this
session); moving the chips themselves is the game's business (:func:`cost` says how
many a move puts in).

>>> s = open_session(3, first=1, active=(True, True, True), limit=5)
>>> s = apply_bet(apply_bet(s, Bet(2)), Raise(3))  # seat 1 opens 2, seat 2 calls 2 and raises 3
>>> s.turn, to_call(s, 0), to_call(s, 1)
(0, 5, 3)
>>> s = apply_bet(apply_bet(s, Call()), Call())
>>> s.over, s.put
(True, (5, 5, 5))
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from printables.games.base import seat_name


@dataclass(frozen=True)
class Bet:
    """Open the betting with ``amount`` chips (1 up to the limit)."""

    amount: int

    def __str__(self) -> str:
        return f"open the betting with {_chips(self.amount)}"


@dataclass(frozen=True)
class Call:
    """Match every chip bet or raised since this player's last bet."""

    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True)
class Raise:
    """Call, then add ``amount`` more chips (1 up to the limit)."""

    amount: int

    def __str__(self) -> str:
        return f"call and raise {self.amount}"


@dataclass(frozen=True)
class Drop:
    """Drop out of the hand: cards face down, no more part in it."""

    def __str__(self) -> str:
        return "drop out"


BetMove = Bet | Call | Raise | Drop


@dataclass(frozen=True)
class Session:
    """One betting session: who is still in, and what each has put in during it.

    ``turn`` is None once the session is over. ``acted`` marks the players who have
    acted since the last bet or raise; ``raises`` counts the raises (not the opening bet).
    """

    limit: int
    active: tuple[bool, ...]
    put: tuple[int, ...]
    acted: tuple[bool, ...]
    turn: int | None
    opener: int | None = None  # the seat that placed the opening bet
    last_raiser: int | None = None  # the last to bet or raise
    raises: int = 0
    max_raises: int = 0  # 0: no limit

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def opened(self) -> bool:
        return self.opener is not None

    @property
    def high(self) -> int:
        """The most any player has put in this session (what everyone must match)."""
        return max(self.put)

    @property
    def remaining(self) -> tuple[int, ...]:
        return tuple(s for s, a in enumerate(self.active) if a)


def next_active(active: tuple[bool, ...], seat: int, steps_from: int = 0) -> int | None:
    """The first seat still in, starting ``steps_from`` places left of ``seat`` (0: seat)."""
    players = len(active)
    for step in range(steps_from, steps_from + players):
        candidate = (seat + step) % players
        if active[candidate]:
            return candidate
    return None


def open_session(
    players: int, first: int, active: tuple[bool, ...], limit: int, max_raises: int = 0
) -> Session:
    """A new session opened by ``first`` (or the first remaining player to the left)."""
    if len(active) != players:
        raise ValueError(f"active has {len(active)} seats, not {players}")
    turn = next_active(active, first) if sum(active) > 1 else None
    return Session(limit, active, (0,) * players, (False,) * players, turn,
                   max_raises=max_raises)  # fmt: skip


def to_call(session: Session, seat: int) -> int:
    """The chips ``seat`` must put in to match every bet and raise since its last bet."""
    return session.high - session.put[seat]


def cost(session: Session, move: BetMove) -> int:
    """How many chips ``move`` puts in the pot for the player to move."""
    seat = session.turn
    if seat is None or isinstance(move, Drop):
        return 0
    if isinstance(move, Bet):
        return move.amount
    if isinstance(move, Call):
        return to_call(session, seat)
    return to_call(session, seat) + move.amount


def candidates(session: Session) -> list[BetMove]:
    """Every well-formed betting move, legal or not, in a fixed order."""
    amounts = range(1, session.limit + 1)
    return [*(Bet(n) for n in amounts), Call(), *(Raise(n) for n in amounts), Drop()]


def legal(session: Session) -> list[BetMove]:
    """The legal moves of the player to move, in :func:`candidates` order."""
    if session.turn is None:
        return []
    amounts = range(1, session.limit + 1)
    if not session.opened:
        return [*(Bet(n) for n in amounts), Drop()]
    if session.max_raises and session.raises >= session.max_raises:
        return [Call(), Drop()]
    return [Call(), *(Raise(n) for n in amounts), Drop()]


def why_illegal_bet(session: Session, move: BetMove) -> str | None:
    """None when ``move`` is allowed, else the reason in a student's words."""
    if session.turn is None:
        return "The betting session is over; no more bets until the next session."
    limit = session.limit
    if isinstance(move, Drop):
        return None
    if isinstance(move, Bet):
        if session.opened:
            return (f"The betting is already open ({_chips(session.high)} to match); "
                    "call, call and raise, or drop out.")  # fmt: skip
        if not 1 <= move.amount <= limit:
            return f"A bet is 1 to {limit} chips (the betting limit), not {move.amount}."
        return None
    if not session.opened:
        what = "call" if isinstance(move, Call) else "raise"
        return (f"No bet has been placed yet, so there is nothing to {what}; "
                f"open the betting with 1 to {limit} chips or drop out.")  # fmt: skip
    if isinstance(move, Raise):
        if not 1 <= move.amount <= limit:
            return f"A raise is 1 to {limit} chips (the betting limit), not {move.amount}."
        if session.max_raises and session.raises >= session.max_raises:
            done = f"{session.raises} raise" + ("" if session.raises == 1 else "s")
            return f"This session has had {done}, the most agreed; call or drop out."
    return None


def apply_bet(session: Session, move: BetMove) -> Session:
    """The session after a legal ``move`` by the player to move."""
    seat = session.turn
    if seat is None:
        raise ValueError("the betting session is over")
    put = list(session.put)
    put[seat] += cost(session, move)
    players = len(session.active)
    if isinstance(move, Drop):
        active = tuple(a and s != seat for s, a in enumerate(session.active))
        acted = tuple(a and s != seat for s, a in enumerate(session.acted))
        session = replace(session, active=active, acted=acted)
    elif isinstance(move, Call):
        acted = tuple(a or s == seat for s, a in enumerate(session.acted))
        session = replace(session, put=tuple(put), acted=acted)
    else:
        acted = tuple(s == seat for s in range(players))
        opener = seat if isinstance(move, Bet) else session.opener
        raises = session.raises + isinstance(move, Raise)
        session = replace(session, put=tuple(put), acted=acted, opener=opener,
                          last_raiser=seat, raises=raises)  # fmt: skip
    remaining = session.remaining
    if len(remaining) <= 1:
        return replace(session, turn=None)
    if session.opened and all(session.acted[s] for s in remaining):
        return replace(session, turn=None)
    return replace(session, turn=next_active(session.active, seat, 1))


def session_problems(session: Session) -> list[str]:
    """What is wrong with a session's bookkeeping (empty when all is well)."""
    broken = []
    if min(session.put) < 0:
        broken.append("a player has put a negative number of chips in")
    remaining = session.remaining
    if session.over and len(remaining) > 1 and len({session.put[s] for s in remaining}) > 1:
        amounts = ", ".join(f"{seat_name(s)} {session.put[s]}" for s in remaining)
        broken.append(f"the session ended with unequal contributions: {amounts}")
    if session.turn is not None and not session.active[session.turn]:
        broken.append(f"{seat_name(session.turn)} is to bet but has dropped out")
    return broken


def _chips(n: int) -> str:
    return f"{n} chip" if n == 1 else f"{n} chips"
