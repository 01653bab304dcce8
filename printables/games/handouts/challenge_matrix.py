"""The handout of Challenge Matrix (4D Playing Cards): its rules in brief, the book's rules
it carries, and the answers of a hand as its worked example."""

from __future__ import annotations

from printables.games.fourd.matrix import grid_text
from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "players",
        "Challenge Matrix",
        "Challenge Matrix (2 to 6 players)",
        "2 to 6 players",
    ),
    BookRule(
        "deal",
        "Challenge Matrix",
        "Each player is dealt 12 cards.",
        "Deal 12 cards to each player",
    ),
    BookRule(
        "choose-nine",
        "Challenge Matrix",
        "choose nine to pass to another player to solve",
        "Each player picks 9 of them for another player to solve",
    ),
    BookRule(
        "first-hand",
        "Challenge Matrix",
        "During the first hand, pass to the player on your left.",
        "on the first hand to the player on the left",
    ),
    BookRule(
        "next-hands",
        "Challenge Matrix",
        "On the next hand, pass to the second player on your left, and so on",
        "on the next hand to the second player on the left, and so on",
        reading="docs/readings/matrix.md, Passing distance",
    ),
    BookRule(
        "face-down",
        "Challenge Matrix",
        "The cards are passed face down, and may not be looked at until all players have "
        'their cards and the word "Go" is given.',
        'Nobody looks at the cards received until everyone has theirs and someone says "Go"',
    ),
    BookRule(
        "race",
        "Challenge Matrix",
        "Then the race begins to solve the squares.",
        "everyone races to lay out the 9 cards received as a solved 3x3 grid",
    ),
    BookRule(
        "announce",
        "Challenge Matrix",
        "When you finish your square, or decide it is impossible, announce it immediately",
        "or to decide that the set is impossible, and calls out at once",
        reading="docs/readings/matrix.md, Challenge Matrix turns",
    ),
    BookRule(
        "impossible-finishes",
        "Challenge Matrix",
        "declaring that your square is impossible is one way of solving it",
        "Calling a set impossible counts as finishing",
    ),
    BookRule(
        "places",
        "Challenge Matrix",
        "First place receives a score equal to the number of players, second place gets one less",
        "The first to finish scores as many points as there are players, the next one less",
    ),
    BookRule(
        "last-place",
        "Challenge Matrix",
        "Last place gets a score of one.",
        "the last scores 1",
    ),
    BookRule(
        "equal-times",
        "Challenge Matrix (the book is silent)",
        "",
        "equal times share the better place",
        reading="docs/readings/matrix.md, Tied times",
    ),
    BookRule(
        "explain",
        "Challenge Matrix",
        "the player who has it may explain why it is impossible, but is not required to",
        "whoever called a set impossible may show why, but need not",
    ),
    BookRule(
        "challenge",
        "Challenge Matrix",
        "The other players are entitled to try to find a solution if they doubt the "
        "square's impossibility.",
        "the others may try to solve it",
    ),
    BookRule(
        "check-time",
        "Challenge Matrix",
        "A time limit for this procedure can be agreed",
        "within a time agreed beforehand",
    ),
    BookRule(
        "error",
        "Challenge Matrix",
        "the player making the error subtracts his or her score instead of adding it",
        "its player subtracts the points of that place instead of adding them",
        reading="docs/readings/matrix.md, Errors",
    ),
    BookRule(
        "others-unchanged",
        "Challenge Matrix",
        "the scores of the players do not change",
        "everyone else's score stays as it was",
    ),
    BookRule(
        "round",
        "Challenge Matrix",
        "a round is the number of hands it takes until players have passed to all their "
        "different opponents",
        "a round is one hand for each opponent",
    ),
    BookRule(
        "high-score",
        "Challenge Matrix",
        "High score wins.",
        "the highest total wins",
    ),
    BookRule(
        "variations",
        "Challenge Matrix, Variations",
        "The number of cards dealt to each player can be changed.",
        "more or fewer cards dealt, or other squares and rectangles",
    ),
)


def _answers(played: Played) -> Example:
    """Each player's answer and time, in seat order, an impossible set named by its cards."""
    last = played.last
    written = []
    for seat, answer in enumerate(last.answers):
        if answer.rows is None:
            cards = " ".join(map(str, last.sets[seat]))
            written.append(f"{answer.seconds}: impossible {cards}")
        else:
            written.append(f"{answer.seconds}: {grid_text(answer.rows)}")
    return Example("; ".join(written))


HANDOUT = Handout(
    "challenge-matrix",
    need="One 4D deck, 2 to 6 players, and paper for the scores.",
    setup="Deal 12 cards to each player, one at a time from the dealer's left. Each "
    "player picks 9 of them for another player to solve and passes them face down, "
    "keeping the other 3: on the first hand to the player on the left, on the next hand "
    "to the second player on the left, and so on. Nobody looks at the cards received until "
    'everyone has theirs and someone says "Go".',
    turn="At the word, everyone races to lay out the 9 cards received as a solved 3x3 "
    "grid (every row and every column shares a value, as in Matrix), or to decide that "
    "the set is impossible, and calls out at once. Calling a set impossible counts as "
    "finishing. In the app each player gives an answer and its time in seconds.",
    scoring="The first to finish scores as many points as there are players, the next one "
    "less, and so on: the last scores 1, and equal times share the better place. Then the "
    "answers are checked: whoever called a set impossible may show why, but need not, and "
    "the others may try to solve it, within a time agreed beforehand. For a grid that is "
    "not solved, or an impossible set that can be solved, its player subtracts the points "
    "of that place instead of adding them; everyone else's score stays as it was.",
    end="The deal passes to the left each hand. A game is the number of rounds agreed (a "
    "round is one hand for each opponent), and the highest total wins. By agreement (the "
    "app's options): more or fewer cards dealt, or other squares and rectangles.",
    replay=Replay(
        players=2,
        seed=0,
        moves=(
            "keep RwzS back",
            "keep Rg=S back",
            "keep Rw=S back",
            "keep Gg~T back",
            "keep BwzC back",
            "keep Rg=T back",
            "announce impossible at 60 s",
            "announce impossible at 120 s",
        ),
    ),
    scene=_answers,
    example_note="two players both call the set they received impossible. The first is "
    "right and finishes first; the second set can be solved, so its player is in error.",
    rules=RULES,
)
