"""The handout of Nada, Nada, Nada (4D Playing Cards): its rules in brief, the book's rules
it carries, and the end of a dealt hand as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.handouts.general import FIRST_DEALER

RULES = (
    FIRST_DEALER,
    BookRule(
        "next-dealer",
        "General Rules for Card Games",
        "the player on the dealer's left becomes the next dealer.",
        "after each hand the deal passes to the left",
    ),
    BookRule(
        "deal",
        "Nada, Nada, Nada",
        "Deal nine cards face down to each player.",
        "Deal each player nine cards, face down",
    ),
    BookRule(
        "stock-and-middle",
        "Nada, Nada, Nada",
        "This is the stock. Turn one card face up in the middle of the table.",
        "The rest is the stock; turn its top card face up in the middle",
    ),
    BookRule(
        "first-player",
        "General Rules for Card Games; Nada, Nada, Nada",
        "The player on the dealer's left has the choice of drawing one card from the stock, "
        "or taking the face-up card.",
        "The player on the dealer's left goes first",
    ),
    BookRule(
        "clockwise",
        "General Rules for Card Games",
        "players take turns clockwise around the table.",
        "then the turn passes clockwise",
    ),
    BookRule(
        "take",
        "Nada, Nada, Nada",
        "If you take a card from the stock, put it in your hand, but if you take the face up "
        "card, you must leave it face up in front of you.",
        "Take one card: the top of the stock into your hand, or any card in the middle, which "
        "you keep face up in front of you",
    ),
    BookRule(
        "any-middle-card",
        "Nada, Nada, Nada",
        "Any one of the middle cards may be picked",
        "or any card in the middle",
    ),
    BookRule(
        "not-others-cards",
        "Nada, Nada, Nada",
        "(but you may not take the other players' cards)",
        "Never take a card from in front of another player",
    ),
    BookRule(
        "discard",
        "Nada, Nada, Nada",
        "you end your turn by discarding one card face up in the middle.",
        "Then discard one card face up to the middle",
    ),
    BookRule(
        "no-straight-back",
        "Nada, Nada, Nada",
        "If you pick a card from the middle, you may not discard that card on the same turn "
        "you picked it.",
        "a card picked from the middle may not go back on the same turn",
    ),
    BookRule(
        "nada",
        "Special Sets of Cards",
        "A nada is a set of three cards where all four attributes show different values on "
        "all three cards.",
        "A nada is three cards that show all twelve values",
    ),
    BookRule(
        "go-out",
        "Nada, Nada, Nada",
        "When you can group your nine cards into three separate nada, place your discard "
        "face down in the middle of the table.",
        "you go out: that discard goes face down and you show your nine cards",
        reading="docs/readings/nada.md, Going out is checked",
    ),
    BookRule(
        "wrong-claim",
        "Nada, Nada, Nada",
        "In the event of an error, your cards are left face up, and the hand continues",
        "a wrong claim leaves the claimer's cards face up and play goes on",
        reading="docs/readings/nada.md, Going out is checked",
    ),
    BookRule(
        "out-scores-three",
        "Nada, Nada, Nada",
        "The first player to do so is the winner of the hand and scores three points.",
        "Going out wins the hand and scores 3",
    ),
    BookRule(
        "others-score-nadas",
        "Nada, Nada, Nada",
        "The other players score one point for each separate nada in their hand.",
        "every other player scores 1 for each separate nada they hold",
    ),
    BookRule(
        "card-in-one-nada",
        "Nada, Nada, Nada",
        "A card can only be counted as part of one nada",
        "a card counts in one nada only",
    ),
    BookRule(
        "empty-stock",
        "Nada, Nada, Nada (the book is silent)",
        "",
        "after the turn that takes the last card of the stock",
        reading="docs/readings/nada.md, Empty stock",
    ),
    BookRule(
        "turn-limit",
        "Nada, Nada, Nada (the book is silent)",
        "",
        "after as many turns as the stock held at the deal",
        reading="docs/readings/nada.md, Turn limit",
    ),
    BookRule(
        "ten-wins",
        "Nada, Nada, Nada",
        "The first player to score 10 or more is the winner.",
        "The first player to reach 10 points wins",
    ),
    BookRule(
        "ties",
        "Nada, Nada, Nada",
        "If more than one player score 10 or more on the same hand, the player with the "
        "highest score wins. If they are tied, the game continues until no tie for the high "
        "score exists.",
        "if several reach 10 on the same hand the highest wins, and a tie for the highest plays on",
    ),
)


def _loser_at_the_end(played: Played) -> Example:
    """The nine cards of the player who did not go out, as the hand ends (two players)."""
    last = played.last
    other = 1 - last.out
    return Example(" ".join(str(card) for card in last.hand(other)))


HANDOUT = Handout(
    "nada-nada-nada",
    need="One 4D deck, 2 to 5 players, paper for the scores.",
    setup="The first dealer is chosen by chance, and after each hand the deal passes to the left. "
    "Deal each player nine cards, face down. The rest is the stock; turn its top card face up in "
    "the middle. The player on the dealer's left goes first, then the turn passes clockwise.",
    turn="Take one card: the top of the stock into your hand, or any card in the middle, which "
    "you keep face up in front of you; it still counts as one of your nine. Never take a card "
    "from in front of another player. Then discard one card face up to the middle; a card picked "
    "from the middle may not go back on the same turn.",
    scoring="A nada is three cards that show all twelve values: no color, shade, pattern or shape "
    "twice. When the nine cards you keep split into three separate nadas, you go out: that "
    "discard goes face down and you show your nine cards. At a table a wrong claim leaves the "
    "claimer's cards face up and play goes on; Printables allows no wrong claim. Going out wins "
    "the hand and scores 3; every other player scores 1 for each separate nada they hold, and a "
    "card counts in one nada only.",
    end="A hand ends when someone goes out. If nobody does, it also ends after the turn that "
    "takes the last card of the stock, or after as many turns as the stock held at the deal; then "
    "everyone scores their separate nadas. The first player to reach 10 points wins; if several "
    "reach 10 on the same hand the highest wins, and a tie for the highest plays on.",
    replay=Replay(
        players=2,
        seed=99,
        moves=(
            "pick GgzS from the middle",
            "discard RgzC",
            "take the top card of the stock",
            "discard GbzS",
            "pick GbzS from the middle",
            "discard Gb=C",
            "take the top card of the stock",
            "discard RgzS",
            "take the top card of the stock",
            "discard Gg=C",
            "take the top card of the stock",
            "discard Bb=C",
            "take the top card of the stock",
            "discard Gw=C",
            "pick Gg=C from the middle",
            "go out, discarding Gb~S face down",
        ),
    ),
    scene=_loser_at_the_end,
    example_note="the other player's nine cards when the hand ends: they hold two nadas, but the "
    "two share a card, and a card counts in one nada only.",
    rules=RULES,
)
