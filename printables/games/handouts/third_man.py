"""The handout of The Third Man (PARADOX): its rules in brief, the book's rules it
carries, and the first auction of a series as its worked example: two tie for the
highest bid, so the next bid is third."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.paradox.third_man import SETS

NOTES = "docs/rules-notes.md, PARADOX, The Third Man"

RULES = (
    BookRule(
        "sets",
        "Equipment",
        "4 sets of 10 bidding cards numbered 0 to 9 (discard the 10s)",
        "one color's cards 0 to 9",
    ),
    BookRule(
        "start",
        "Preparations",
        "place the four playing pieces on space 0 (START)",
        "every piece starts on START (0)",
    ),
    BookRule(
        "first-lead",
        "Procedure of an auction",
        "The first bidder for the first auction is chosen by lot.",
        "Draw lots for who leads the first auction",
    ),
    BookRule(
        "lead-ahead",
        "Procedure of an auction",
        "In subsequent auctions it is always the player who is actually in the lead",
        "The player whose piece is ahead leads the next auction",
    ),
    BookRule(
        "shared-lead",
        "Procedure of an auction",
        "the lead player is the one who had the better score in the previous auction",
        "the one of them who scored better in the auction just played",
    ),
    BookRule(
        "shared-lead-clockwise",
        "The Third Man (the book is silent)",
        "",
        "the first of them clockwise from that auction's lead player, starting on his left "
        "(he comes last)",
        reading=f"{NOTES}: Clockwise from the previous lead player",
    ),
    BookRule(
        "open-bid",
        "Procedure of an auction",
        "The lead player makes an open bid: plays a card face-up to the table.",
        "The lead player bids one card face up",
    ),
    BookRule(
        "secret-bids",
        "Procedure of an auction",
        "Then the other three make secret bids",
        "the other three each lay a card face down, and then all are turned up",
    ),
    BookRule(
        "highest",
        "What the game is about",
        "Highest bidder gets the 10 points, less the number he had bid",
        "The highest bid earns 10 less the bid",
    ),
    BookRule(
        "second",
        "What the game is about",
        "The second highest bidder loses the full amount he had bid",
        "the second highest loses the bid",
    ),
    BookRule(
        "third",
        "What the game is about",
        "the third highest bidder receives from the house double the number he had bid",
        "the third highest gains double the bid",
    ),
    BookRule(
        "fourth",
        "Procedure of an auction",
        "while fourth piece stays put",
        "the lowest does not move",
    ),
    BookRule(
        "tie-highest",
        "Procedure of an auction",
        "If two players make the same highest bid, they share the 10 points",
        "two tied highest share the 10 (each gets 5 less the bid)",
    ),
    BookRule(
        "tie-highest-next-third",
        "Procedure of an auction",
        "The next player is then third-highest (not second-highest)",
        "the next bid counts as third",
    ),
    BookRule(
        "tie-second",
        "Procedure of an auction",
        "If two players make the same second-highest bid, both pieces go down the full "
        "amount. (In that case there is no third.)",
        "two tied second both lose their bid, and there is no third",
    ),
    BookRule(
        "tie-third",
        "Procedure of an auction",
        "if two players make the same third-highest bid, both pieces go up double the number bid",
        "two tied third both gain double",
    ),
    BookRule(
        "annulled",
        "Procedure of an auction",
        "if three players make the same bid, the auction is annulled and must be repeated",
        "Three or four equal bids annul the auction: the cards go back and the same lead "
        "bids again",
    ),
    BookRule(
        "annulments-bound",
        "(the book repeats an annulled auction without end)",
        "",
        "the 10th annulment in a row makes it void",
        reading=f"{NOTES}: A bound on annulments",
    ),
    BookRule(
        "display",
        "Procedure of an auction",
        "after each auction, the bidding cards used must be displayed in front of the players",
        "The cards bid are spent and stay face up in front of their owners",
    ),
    BookRule(
        "series-end",
        "Sequence of auctions and end of game",
        "until the next-to-last bidding card has been played. (The 10th card is not bid.)",
        "A series ends when a piece goes beyond +20 or -20, or after the ninth auction",
    ),
    BookRule(
        "series-chip",
        "Sequence of auctions and end of game",
        "Player who is ahead at that point wins the series and receives 1 chip.",
        "The player then ahead, ties settled as for the lead, wins a chip",
    ),
    BookRule(
        "next-series",
        "The Third Man (the book is silent)",
        "",
        "The next series starts again on START, led by the lead rule on the last auction",
        reading=f"{NOTES}: Preparations each series; The next series' first lead",
    ),
    BookRule(
        "game",
        "Sequence of auctions and end of game",
        "To win the game, collect 3 chips.",
        "The first to 3 chips wins the game",
    ),
)


def _auction(played: Played) -> Example:
    """The last auction: its four bids in seat order, and the card each seat bid."""
    state = played.last
    bids = state.completed[-1].bids
    cards = (SETS[state.sets[seat]][bid] for seat, bid in enumerate(bids))
    return Example(" ".join(map(str, bids)), " ".join(map(str, cards)))


HANDOUT = Handout(
    "the-third-man",
    need="The PARADOX deck without the 10s, 4 players, a score board from -20 to +20, "
    "one piece a player and chips.",
    setup="Each player takes one color's cards 0 to 9 and a piece; every piece starts on "
    "START (0). Draw lots for who leads the first auction.",
    turn="Each auction is for a prize of 10 points. The lead player bids one card face "
    "up; the other three each lay a card face down, and then all are turned up. The "
    "highest bid earns 10 less the bid, the second highest loses the bid, the third "
    "highest gains double the bid, and the lowest does not move. Ties: two tied highest "
    "share the 10 (each gets 5 less the bid) and the next bid counts as third; two tied "
    "second both lose their bid, and there is no third; two tied third both gain double. "
    "Three or four equal bids annul the auction: the cards go back and the same lead "
    "bids again (the 10th annulment in a row makes it void: nobody moves, the cards are "
    "spent).",
    scoring="Each piece moves one space a point. The cards bid are spent and stay face up "
    "in front of their owners. The player whose piece is ahead leads the next auction. "
    "If pieces share the lead, the one of them who scored better in the auction just "
    "played leads; if still tied, the first of them clockwise from that auction's lead "
    "player, starting on his left (he comes last): the project's reading of the book.",
    end="A series ends when a piece goes beyond +20 or -20, or after the ninth auction "
    "(the last card is never bid). The player then ahead, ties settled as for the lead, "
    "wins a chip. The next series starts again on START, led by the lead rule on the "
    "last auction. The first to 3 chips wins the game.",
    replay=Replay(players=4, seed=5, moves=("bid R8", "bid G5", "bid P8", "bid B2")),
    scene=_auction,
    example_note="the first auction of a series, bids in seat order. The lead player's "
    "open bid is matched in secret, so the two highest share the prize, and the next "
    "bid is third.",
    rules=RULES,
)
