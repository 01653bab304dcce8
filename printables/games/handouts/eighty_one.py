"""The handout of Eighty-one (4D Playing Cards): its rules in brief, the book's rules it
carries, and a dealt game played to its end as its worked example."""

from __future__ import annotations

from dataclasses import dataclass

from printables.cards.deck import Card
from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "first-row",
        "Eighty-one",
        "Deal nine cards face up in a row",
        "Lay nine cards face up in a row",
    ),
    BookRule(
        "never-moved",
        "Eighty-one",
        "These are the first cards of the nine columns, and are never moved.",
        "each card starts one of nine columns and never moves",
    ),
    BookRule(
        "batch",
        "Eighty-one",
        "Deal nine more cards face up closer to you.",
        "Deal the next nine cards face up, nearer to you",
    ),
    BookRule(
        "one-on-each",
        "Eighty-one",
        "These nine cards must be placed on the first nine cards you dealt, one on each.",
        "They go one on each column",
    ),
    BookRule(
        "share-a-value",
        "Eighty-one",
        "Every card must have at least one value in common with the card it is placed on.",
        "all the cards of a column must share at least one value",
    ),
    BookRule(
        "whole-column",
        "Eighty-one",
        "always being certain that all the cards in a column share at least one value",
        "one value common to the whole column, not only to the card it covers",
        reading="RULES-NOTES.md, Eighty-one; docs/readings/eighty_one.md, The column is taken "
        "whole",
    ),
    BookRule(
        "arrange",
        "Eighty-one",
        "You may arrange and rearrange the cards to decide on which columns to place them.",
        "Arrange the nine as you like before placing them",
    ),
    BookRule(
        "card-by-card",
        "Eighty-one (the book is silent)",
        "",
        "Printables places them one at a time and refuses a card that would leave the rest "
        "of the batch without a place",
        reading="docs/readings/eighty_one.md, A batch is placed card by card",
    ),
    BookRule(
        "nine-at-a-time",
        "Eighty-one",
        "Continue dealing nine cards at a time and placing them, one on each column",
        "Then the next batch of nine, and so on",
    ),
    BookRule(
        "win",
        "Eighty-one",
        "If you succeed in placing all 81 cards, you win the game!",
        "You win when all 81 cards are placed",
    ),
    BookRule(
        "lost",
        "Eighty-one (the picture)",
        "This game is lost because no card is stripe.",
        "The game is lost when a batch cannot be placed, one card on each column",
        reading="docs/readings/eighty_one.md, A lost game",
    ),
    BookRule(
        "score",
        "(the book keeps no score)",
        "",
        "The score is the number of cards in the columns",
        reading="docs/readings/eighty_one.md, Score",
    ),
)


def _lost(played: Played) -> Example:
    """The columns when the game is lost, each first-dealt card first, and the batch that
    cannot be placed (the engine's notation: a last line ``batch: CARDS``)."""
    last = played.last
    columns = [" ".join(str(card) for card in column) for column in last.columns]
    batch = " ".join(str(card) for card in last.batch)
    return Example(" / ".join(columns) + f" / batch: {batch}")


@dataclass(frozen=True)
class ColumnsAndBatch(Handout):
    """Eighty-one's example as the table shows it: the columns stood up, first-dealt card
    at the top, and the batch in a row below them, a row apart (as the book's picture)."""

    @property
    def example_grid(self) -> tuple[tuple[Card | None, ...], ...]:
        parts = [part.strip() for part in self.example.split("/")]
        batch = [part.removeprefix("batch:").split() for part in parts if part.startswith("batch:")]
        columns = [
            [self.game.deck.card(word) for word in part.split()]
            for part in parts
            if not part.startswith("batch:")
        ]
        depth = max(len(column) for column in columns)
        rows: list[tuple[Card | None, ...]] = [
            tuple(column[k] if k < len(column) else None for column in columns)
            for k in range(depth)
        ]
        for words in batch:
            rows.append((None,) * len(columns))
            rows.append(tuple(self.game.deck.card(word) for word in words))
        return tuple(rows)


HANDOUT = ColumnsAndBatch(
    "eighty-one",
    need="One 4D deck and one player (a solitaire), at a table with room for nine columns of nine "
    "overlapping cards.",
    setup="Shuffle. Lay nine cards face up in a row, as far from you as you can reach: each "
    "card starts one of nine columns and never moves.",
    turn="Deal the next nine cards face up, nearer to you. They go one on each column, "
    "overlapping the card below so every card can still be read, and all the cards of a column "
    "must share at least one value: one value common to the whole column, not only to the card it "
    "covers. Arrange the nine as you like before placing them; Printables places them one at a "
    "time and refuses a card that would leave the rest of the batch without a place. Then the "
    "next batch of nine, and so on.",
    scoring="The score is the number of cards in the columns: 81 is a win.",
    end="You win when all 81 cards are placed. The game is lost when a batch cannot be placed, "
    "one card on each column: for instance when a column's cards share one value only and no "
    "card of the batch shows it.",
    replay=Replay(
        players=1,
        seed=926,
        moves=(
            "place BbzS on column 6",
            "place BgzC on column 8",
            "place RbzS on column 7",
            "place Bw=S on column 2",
            "place RwzC on column 5",
            "place BgzS on column 4",
            "place Rw~T on column 3",
            "place BwzC on column 1",
            "place Bg=C on column 9",
            "place Bb~S on column 6",
            "place Bb=C on column 8",
            "place Rb~T on column 3",
            "place RgzC on column 4",
            "place RgzS on column 7",
            "place Gw~S on column 2",
            "place BbzT on column 5",
            "place Rg=S on column 9",
            "place GwzT on column 1",
            "place Bg~C on column 8",
            "place Bb=T on column 6",
            "place Gg~T on column 3",
            "place Gw~T on column 1",
            "place Bg~S on column 2",
            "place Rw=C on column 9",
            "place Bg~T on column 4",
            "place Rb~C on column 7",
            "place BwzT on column 5",
        ),
    ),
    scene=_lost,
    example_note="a game lost as in the book's picture: four cards on every column, and the "
    "next nine (below) cannot go on, since the last column's cards share one value only and none "
    "of the nine shows it.",
    rules=RULES,
    layout="columns",
)
