"""The handout of Zodiac (4D Playing Cards): its rules in brief, the book's rules it carries,
and a hand that asks for one card too many as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "chips",
        "Setting Up For Playing Zodiac",
        "divide the poker chips or coins evenly among the players",
        "the same number of chips for each",
    ),
    BookRule(
        "limit",
        "Setting Up For Playing Zodiac",
        "If each player receives 100 chips or cents, make the limit five.",
        "100 chips each and a betting limit of 5",
    ),
    BookRule(
        "first-dealer",
        "Setting Up For Playing Zodiac; General Rules for Card Games",
        "The player to deal first is decided by chance",
        "The first dealer is chosen by chance",
    ),
    BookRule(
        "bank",
        "Setting Up For Playing Zodiac",
        "The dealer sets the amount of chips in the bank by separating part of his or her "
        "chips from the rest.",
        "The dealer sets chips aside as the bank",
        reading="docs/readings/zodiac.md, The bank",
    ),
    BookRule(
        "marker",
        "The Play",
        "shows it to all the players, and places it on the bottom of the deck, face up",
        "shows the top card of the deck and puts it face up at the bottom",
    ),
    BookRule(
        "deal",
        "The Play",
        "Deal each player, including the dealer, two cards face up, then one card face down.",
        "everyone, the dealer too, gets two cards face up and then one face down",
    ),
    BookRule(
        "bet",
        "The Play",
        "You may bet any number of chips from one chip up to the betting limit.",
        "each player looks at the hidden card and bets 1 chip up to the limit",
    ),
    BookRule(
        "dealer-no-bet",
        "The Play",
        "The dealer does not bet",
        "the dealer does not bet",
    ),
    BookRule(
        "play-order",
        "The Play",
        "Each player in turn plays out his or her hand, the dealer last.",
        "each player in turn, the dealer last, asks for one more card face up",
    ),
    BookRule(
        "bust",
        "The Play",
        "or you bust, by acquiring four of any single value. If you bust, you immediately "
        "pay your bet to the dealer.",
        "Four cards showing any one value bust the hand, and its bet is paid to the dealer at once",
    ),
    BookRule(
        "closeness",
        "The Play",
        "The best hand you can have has all twelve values in it",
        "A hand is as close to a zodiac as the number of the twelve values it shows",
        reading="RULES-NOTES.md, Other 4D games (Zodiac)",
    ),
    BookRule(
        "win-bet",
        "The Play",
        "The dealer pays you the amount of your bet if your hand is closer to a zodiac than "
        "hers or his.",
        "a hand closer than the dealer's is paid its bet",
    ),
    BookRule(
        "tie",
        "The Play",
        "If the dealer is closer to a zodiac, or you are tied, you pay your bet to the dealer.",
        "a tie or a hand less close pays its bet to the dealer",
    ),
    BookRule(
        "dealer-bust",
        "Zodiac (the book is silent)",
        "",
        "A busted dealer pays every hand still standing",
        reading="docs/readings/zodiac.md, A busted dealer",
    ),
    BookRule(
        "settle-order",
        "Zodiac (the book is silent)",
        "",
        "Bets are settled one at a time from the dealer's left",
        reading="docs/readings/zodiac.md, Settling order",
    ),
    BookRule(
        "bank-limit",
        "Setting Up For Playing Zodiac",
        "The dealer doesn't have to pay bets that are in excess of the amount in the bank.",
        "The dealer pays out no more than the bank holds",
    ),
    BookRule(
        "bank-grows",
        "Setting Up For Playing Zodiac",
        "the chips won by the dealer must be added to the bank",
        "chips the dealer wins go into the bank",
    ),
    BookRule(
        "deal-stays",
        "The Play",
        "The dealer collects the cards and places them on the bottom of the deck. The deal "
        "does not pass to the next player in Zodiac.",
        "The played cards go to the bottom of the deck and the same dealer deals again",
    ),
    BookRule(
        "no-reshuffle",
        "The Play",
        "The same player continues to deal, without reshuffling",
        "the same dealer deals again, without shuffling",
    ),
    BookRule(
        "bank-used-up",
        "The Play",
        "If the bank is used up, the player who won the last of it becomes the next dealer.",
        "whoever won its last chip deals next",
        reading="docs/readings/zodiac.md, Settling order",
    ),
    BookRule(
        "limit-winner",
        "The Play",
        "and win, you become the dealer.",
        "a player who bet the limit and won takes the deal",
        reading="docs/readings/zodiac.md, Who deals next",
    ),
    BookRule(
        "limit-winners",
        "The Play",
        "If more than one player does this, the one closest on the dealer's left becomes "
        "the dealer.",
        "of several, the closest on the dealer's left",
    ),
    BookRule(
        "new-bank",
        "Setting Up For Playing Zodiac",
        "When the deal passes to another player the dealer keeps any chips that are in the "
        "bank, and the next dealer forms a new bank.",
        "The old dealer keeps what is left in the old bank and the new dealer sets up a new one",
    ),
    BookRule(
        "shuffle",
        "The Play",
        "The cards are shuffled whenever there is a new dealer, or when the deck has been "
        "gone through once",
        "The cards are shuffled for a new dealer, and when the face-up card at the bottom comes up",
        reading="docs/readings/zodiac.md, The marker",
    ),
    BookRule(
        "most-chips",
        "Setting Up For Playing Zodiac",
        "Whoever has the most chips at that time is the winner.",
        "the most chips win",
        reading="docs/readings/zodiac.md, The end of the game",
    ),
    BookRule(
        "variation-1",
        "Variations",
        "If two hands are tied, and they do not have the same number of cards, the hand "
        "having fewer cards wins.",
        "a tie goes to the hand with fewer cards",
    ),
    BookRule(
        "variation-2",
        "Variations",
        "the dealer pays the player twice the maximum bet",
        "a zodiac in the first three cards is paid twice the limit and deals next",
        reading="docs/readings/zodiac.md, Variation 2",
    ),
)


def _busted(played: Played) -> Example:
    """The hand of the player who busted, every card shown."""
    last = played.last
    seat = next(s for s in range(last.players) if last.busted[s])
    return Example(" ".join(str(card) for card in last.hand(seat)))


HANDOUT = Handout(
    "zodiac",
    need="One 4D deck, 2 to 8 players, and the same number of chips for each (the app: "
    "100 chips each and a betting limit of 5).",
    setup="The first dealer is chosen by chance: turn a card up, then deal round until "
    "someone gets a card sharing three values with it. The dealer sets chips aside as the "
    "bank (the app: all the dealer's chips), shows the top card of the deck and puts it "
    "face up at the bottom. Then everyone, the dealer too, gets two cards face up and then "
    "one face down. From the dealer's left, each player looks at the hidden card and bets "
    "1 chip up to the limit; the dealer does not bet. A player with no chips sits out.",
    turn="From the dealer's left, each player in turn, the dealer last, asks for one more "
    "card face up as often as they like, then stands. Four cards showing any one value "
    "bust the hand, and its bet is paid to the dealer at once.",
    scoring="A hand is as close to a zodiac as the number of the twelve values it shows; "
    "all twelve is a zodiac. Bets are settled one at a time from the dealer's left: a hand "
    "closer than the dealer's is paid its bet, and a tie or a hand less close pays its bet "
    "to the dealer. A busted dealer pays every hand still standing. The dealer pays out no "
    "more than the bank holds, and chips the dealer wins go into the bank, so they can pay "
    "the next bets.",
    end="The played cards go to the bottom of the deck and the same dealer deals again, "
    "without shuffling. The deal moves only when the bank runs out (whoever won its last "
    "chip deals next) or when a player who bet the limit and won takes the deal (of "
    "several, the closest on the dealer's left). The old dealer keeps what is left in the "
    "old bank and the new dealer sets up a new one. The cards are shuffled for a new "
    "dealer, and when the face-up card at the bottom comes up. Stop at the time agreed "
    "(the app: after 10 hands): the most chips win. Options give the book's variations: a "
    "tie goes to the hand with fewer cards; a zodiac in the first three cards is paid "
    "twice the limit and deals next.",
    replay=Replay(players=2, seed=40, moves=("bet 2", "hit", "hit", "hit", "stand")),
    scene=_busted,
    example_note="a player one value short of a zodiac asks for one more card. It brings "
    "the missing value, and with it a fourth of a value the hand already held three "
    "times.",
    rules=RULES,
)
