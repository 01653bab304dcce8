"""Tiles placement questions: which cards of a hand may go in the marked place of a small
layout; made, graded, explained and judged by the Tiles engine."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from printables.cards.deck import Card
from printables.cards.decks import FOUR_D
from printables.cards.wording import and_list, counted, names, values_text
from printables.games.fourd.tiles import GAME as TILES
from printables.games.fourd.tiles import PARTNERS as TILES_PARTNERS
from printables.games.fourd.tiles import STEPS, Cell, Place, TilesOptions, TilesState
from printables.questions.base import Group, Question, Verdict
from printables.questions.placement.common import (
    KEY,
    TILES_Q,
    read_set,
)

TOUCHING = {"easy": (1,), "medium": (2,), "hard": (3, 4)}
"""Tiles: how many cards touch the marked place at each level."""
TILE_HAND = {"easy": 5, "medium": 6, "hard": 6}
TILE_LEGAL = {"easy": (1, 2), "medium": (0, 1, 2), "hard": (0, 1, 1)}
"""Tiles: how many cards of the hand may go in the marked place (one drawn at random)."""
EMPTY = "."
"""An empty place, in the text of a layout."""


@dataclass(frozen=True)
class Layout:
    """A Tiles puzzle: the cards on the table (row, cell, card; 0-based), the grid's size,
    the marked place, the hand and the hand's cards that may go there."""

    table: tuple[tuple[int, int, Card], ...]
    rows: int
    columns: int
    marked: Cell
    hand: tuple[Card, ...]
    legal: tuple[Card, ...]

    @property
    def grid(self) -> dict[Cell, Card]:
        return {(r, c): card for r, c, card in self.table}

    @property
    def state(self) -> TilesState:
        """The position as the Tiles engine holds it: the hand's owner to play."""
        return TilesState(TilesOptions(), 0, 0, (self.hand,), (), self.table, 0)

    @property
    def touching(self) -> tuple[tuple[Card, str], ...]:
        """The cards touching the marked place, and where each lies from it."""
        grid, (r, c) = self.grid, self.marked
        return tuple((grid[r + dr, c + dc], w) for dr, dc, w in STEPS if (r + dr, c + dc) in grid)


def tiles_puzzle(
    table: Sequence[tuple[int, int, Card]], size: tuple[int, int], marked: Cell,
    hand: Sequence[Card],
) -> Layout:  # fmt: skip
    """The Tiles puzzle of a layout and a hand: every card of the hand tried in the marked
    place with the engine's rule."""
    state = TilesState(TilesOptions(), 0, 0, (tuple(hand),), (), tuple(table), 0)
    legal = tuple(p.card for p in TILES.placements(state, hand) if (p.row, p.column) == marked)
    return Layout(tuple(table), *size, marked, tuple(hand), legal)


def decoys(layout: Layout) -> int:
    """Hand cards that share three values with every card touching the marked place but
    one (the engine's ``why_illegal_touch`` says which)."""
    touching = layout.touching
    if len(touching) < 2:
        return 0
    return sum(
        1
        for card in layout.hand
        if sum(TILES.why_illegal_touch(card, other, w) is not None for other, w in touching) == 1
    )


def tiles_grade(layout: Layout) -> tuple[str, int]:
    """The level of a Tiles puzzle, and its decoys."""
    touching, found = len(layout.touching), decoys(layout)
    level = "easy" if touching < 2 or not found else "medium" if touching == 2 else "hard"
    return level, found


def _connected(cells: set[Cell]) -> bool:
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for dr, dc, _ in STEPS:
            n = (r + dr, c + dc)
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def make_layout(level: str, rng: random.Random) -> Layout | None:
    rows, columns = (2, 3) if level == "easy" else (3, 3)
    cells = [(r, c) for r in range(rows) for c in range(columns)]
    marked = rng.choice(cells)
    around = [(marked[0] + dr, marked[1] + dc) for dr, dc, _ in STEPS]
    around = [x for x in around if x in cells]
    count = rng.choice(TOUCHING[level])
    if count > len(around):
        return None
    touching = rng.sample(around, count)
    others = [x for x in cells if x != marked and x not in around and rng.random() < 0.7]
    filled = set(touching) | set(others)
    if not _connected(filled):
        return None
    if any(all((r, c) not in filled for c in range(columns)) for r in range(rows)):
        return None
    if any(all((r, c) not in filled and (r, c) != marked for r in range(rows))
           for c in range(columns)):  # fmt: skip
        return None
    # Plant a card in the marked place, fill the cells outwards from it, then lift it.
    grid: dict[Cell, Card] = {marked: rng.choice(FOUR_D.cards)}
    order = sorted(filled, key=lambda x: (abs(x[0] - marked[0]) + abs(x[1] - marked[1]), x))
    for r, c in order:
        choices = [x for x in FOUR_D.cards
                   if x not in grid.values() and TILES.fits(grid, x, r, c)]  # fmt: skip
        if not choices:
            return None
        grid[r, c] = rng.choice(choices)
    planted = grid.pop(marked)
    table = tuple((r, c, grid[r, c]) for r, c in sorted(grid))
    if not TILES.score_position(_layout_text(table, rows, columns)).details["legal"]:
        return None
    free = [x for x in FOUR_D.cards if x not in grid.values()]
    fitting = [x for x in free if TILES.fits(grid, x, *marked)]
    assert planted in fitting
    probe = Layout(table, rows, columns, marked, tuple(free), ())
    decoy = [x for x in free if x not in fitting and decoys(_with_hand(probe, (x,))) == 1]
    legal = min(rng.choice(TILE_LEGAL[level]), len(fitting))
    wanted = 0 if level == "easy" else rng.randint(1, min(2, len(decoy))) if decoy else 1
    if wanted > len(decoy):
        return None
    rest = [x for x in free if x not in fitting and x not in decoy]
    close = [x for x in rest if any(x in TILES_PARTNERS[t] for t, _ in probe.touching)]
    hand = rng.sample(fitting, legal) + rng.sample(decoy, wanted)
    hand += rng.sample(close, min(len(close), (TILE_HAND[level] - len(hand)) // 2))
    hand += rng.sample([x for x in rest if x not in hand], TILE_HAND[level] - len(hand))
    rng.shuffle(hand)
    return tiles_puzzle(table, (rows, columns), marked, hand)


def _with_hand(layout: Layout, hand: tuple[Card, ...]) -> Layout:
    return Layout(layout.table, layout.rows, layout.columns, layout.marked, hand, ())


def _layout_text(table: Sequence[tuple[int, int, Card]], rows: int, columns: int) -> str:
    grid = {(r, c): card for r, c, card in table}
    return " / ".join(
        " ".join(str(grid[r, c]) if (r, c) in grid else EMPTY for c in range(columns))
        for r in range(rows)
    )


def _tiles_key(layout: Layout) -> tuple[str, ...]:
    state = layout.state
    r, c = layout.marked
    touching = layout.touching
    if layout.legal:
        lines = [f"{and_list([str(x) for x in layout.legal])} may go in the marked place."]
    else:
        lines = ["None of your cards may go in the marked place."]
    for card in layout.hand:
        reason = TILES.why_illegal(state, Place(card, r, c))
        if reason is None:
            each = "; ".join(f"with {other} ({w} it) {values_text(card.shared_with(other))}"
                             for other, w in touching)  # fmt: skip
            lines.append(f"{card} may go there: it shares three values with every card it "
                         f"touches ({each}).")  # fmt: skip
        else:
            lines.append(reason)
    return tuple(lines)


def tiles_question(puzzle_id: str, layout: Layout) -> Question:
    level, found = tiles_grade(layout)
    r, c = layout.marked
    cells = [(i, k) for i in range(layout.rows) for k in range(layout.columns)]
    placed = [cell for cell in cells if cell in layout.grid]
    table = Group(
        "Table",
        tuple(layout.grid[cell] for cell in placed),
        f"{layout.rows} rows of {layout.columns} places; ? is the marked place",
        layout.columns,
        slots=tuple(cells.index(cell) for cell in placed),
        mark=cells.index(layout.marked),
    )
    touching = len(layout.touching)
    return Question(
        id=puzzle_id,
        kind=KEY,
        question=TILES_Q,
        level=level,
        text=f"Which of your cards may go in the marked place (?, row {r + 1}, place {c + 1})? "
        "Name all of them, or write none.",
        groups=(table, Group("Hand", layout.hand, f"{len(layout.hand)} cards")),
        answer_fields=("Cards:",),
        answer_hint="the card names, such as Bb=S GwzC, or none",
        entry="cards",
        options=(),
        answer=names(layout.legal) or "none",
        several=True,
        answer_groups=(1,),
        nothing="none",
        key=_tiles_key(layout),
        grade=f"{level}: {counted(touching, 'card')} touching the marked place, "
        + (
            f"{counted(found, 'decoy')} in hand (a card that shares three values with all "
            "of them but one)"
            if found
            else "no decoy in hand"
        ),
        hint="Find the cards above, below, left and right of the marked place; a card that "
        "goes there shares three values with each of them.",
        solution=layout,
    )


def judge_tiles(puzzle: Question, answer: str) -> Verdict:
    layout: Layout = puzzle.solution
    cards = read_set(answer)
    if cards is None:
        if layout.legal:
            return Verdict(False, (f"{counted(len(layout.legal), 'card')} of your hand may go "
                                   "there",), "none")  # fmt: skip
        return Verdict(True, ("no card of your hand may go there",), "none")
    read = names(cards)
    state, (r, c) = layout.state, layout.marked
    on_table = layout.grid.values()
    reasons = []
    for card in cards:
        if card in on_table:
            reasons.append(f"{card} is already on the table, not in your hand")
            continue
        reason = TILES.why_illegal(state, Place(card, r, c))
        if reason:
            reasons.append(reason.rstrip(".").replace("player 1's hand", "your hand"))
    missing = sum(1 for x in layout.legal if x not in cards)
    if missing:
        reasons.append(f"{'one card' if missing == 1 else f'{missing} cards'} that may go "
                       f"there {'is' if missing == 1 else 'are'} missing")  # fmt: skip
    if reasons:
        return Verdict(False, tuple(reasons), read)
    return Verdict(True, ("exactly these cards may go in the marked place",), read)
