"""The handout of Four: its rules in brief, the book's rules it carries, and the last turn
of a game of five as its worked example (the last card of the draw pile taken, and the
hand still goes out after the exchange)."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.standard.four import KIND_NAMES

RULES = (
    BookRule(
        "deck",
        "the deck",
        "A stripped deck, including Aces, twos, threes, fours, and all face cards (28 cards "
        "total).",
        "28 cards of a standard deck: its aces, twos, threes, fours, jacks, queens and kings",
    ),
    BookRule(
        "players",
        "the players",
        "works reasonably well with 3 or 5",
        "3 to 5 players, 4 being best",
    ),
    BookRule(
        "dealer",
        "the deal",
        "After the first game, the previous winner is the next dealer.",
        "Any player deals the first game; the winner of a game deals the next",
        reading="docs/rules-notes.md, The standard-deck games, Four: the next game",
    ),
    BookRule(
        "deal",
        "the deal",
        "Deal a hand of four cards face-down to each player.",
        "Deal four cards to each player, face down",
    ),
    BookRule(
        "piles",
        "the deal",
        "Turn the top card on the draw pile face up to make the discard pile.",
        "the rest is the draw pile, and its top card turned up starts the discard pile",
    ),
    BookRule(
        "order",
        "a turn",
        "Play starts from the dealer's left, and goes around in order (dealer last), "
        "skipping any players who have gone out.",
        "Play begins on the dealer's left and goes round the table, the dealer last, "
        "skipping players who are out",
    ),
    BookRule(
        "out-first",
        "a turn, step 1",
        "If your hand is acceptable, you may go out.",
        "If your hand may go out, you may lay it down face up now; you need not",
    ),
    BookRule(
        "take",
        "a turn, step 2",
        "take one card from either the top of the draw pile",
        "take one card: the top card of the draw pile, the top card of the discard pile",
    ),
    BookRule(
        "top-discard-only",
        "a turn, step 2",
        "the top face-up card on the discard pile",
        "never a card under the top one",
        reading="docs/rules-notes.md, The standard-deck games, Four: a turn",
    ),
    BookRule(
        "take-shown",
        "a turn, step 2",
        "or any card placed face up by a player who previously went out.",
        "or any card shown by a player who went out",
    ),
    BookRule(
        "discard",
        "a turn, step 2",
        "(the card just taken is not allowed)",
        "discard any card of your hand but the one you just took",
    ),
    BookRule(
        "no-pass",
        "a turn, step 2",
        "You must take and discard cards; passing is not allowed.",
        "Every player who stays in must take and discard; nobody passes",
    ),
    BookRule(
        "out-again",
        "a turn, step 3",
        "After exchanging cards, you may again go out, if your hand is acceptable.",
        "After the exchange you may go out if your hand now may",
    ),
    BookRule(
        "kinds",
        "the goal",
        "either one Ace (more is okay), two twos, three threes, or all fours.",
        "A hand may go out when it shows at least one ace, two twos, three threes or all "
        "four fours",
    ),
    BookRule(
        "higher-kind",
        "the goal",
        "once a player goes out, only higher hands are acceptable after that.",
        "Once a hand has gone out, only a higher kind may go out",
    ),
    BookRule(
        "two-kinds",
        "Four (the book is silent)",
        "",
        "a hand showing two kinds counts as the higher",
        reading="docs/rules-notes.md, The standard-deck games, Four: a hand's kind",
    ),
    BookRule(
        "sits-out",
        "the goal",
        "he or she sits out the rest of the game.",
        "A player who goes out plays no more",
    ),
    BookRule(
        "last-out-wins",
        "the goal",
        "The last player to go out (and therefore having the highest hand) is the winner.",
        "the last player to go out wins",
    ),
    BookRule(
        "fours-end",
        "the end",
        "Play ends immediately if anyone goes out with fours.",
        "Going out with fours ends the game at once",
    ),
    BookRule(
        "last-draw",
        "the end",
        "If you take the last card of the draw pile, you may still finish your turn",
        "the turn that takes the last card of the draw pile ends the game, but that player "
        "still discards and may then go out",
    ),
    BookRule(
        "nobody-out",
        "Four (the book is silent)",
        "",
        "If nobody has gone out, nobody wins",
        reading="docs/rules-notes.md, The standard-deck games, Four: the end",
    ),
    BookRule(
        "betting-bet",
        "betting (optional)",
        "all remaining players (who haven't gone out) must add another bet to their pot, "
        "or forfeit the game.",
        "every player still in adds 1 to his pot or forfeits",
    ),
    BookRule(
        "betting-pots",
        "betting (optional)",
        "they keep their pots, but win nothing. The winner takes everyone else's pots.",
        "players who went out keep their pots and the winner takes the others",
    ),
)


def _last_out(played: Played) -> Example:
    """The hand that went out last, and the kind shown before it."""
    outs = played.last.outs
    seat = outs[-1][0]
    before = f" after {KIND_NAMES[outs[-2][1]]}" if len(outs) > 1 else ""
    return Example(" ".join(str(card) for card in played.last.shown[seat]) + before)


MOVES = (
    "draw", "discard AS", "draw", "discard AC", "take AC", "discard KS", "end turn",
    "draw", "discard JD", "take JD", "discard AH", "draw", "discard JS", "end turn",
    "draw", "discard KC", "draw", "discard JH", "go out", "take 2D", "discard 2H",
    "draw", "discard JD", "go out",
)  # fmt: skip
"""The replay's moves, as the engine writes them."""


HANDOUT = Handout(
    "four",
    need="28 cards of a standard deck: its aces, twos, threes, fours, jacks, queens and "
    "kings. 3 to 5 players, 4 being best.",
    setup="Any player deals the first game; the winner of a game deals the next. Deal "
    "four cards to each player, face down; the rest is the draw pile, and its top card "
    "turned up starts the discard pile. Play begins on the dealer's left and goes round "
    "the table, the dealer last, skipping players who are out.",
    turn="If your hand may go out, you may lay it down face up now; you need not. Every "
    "player who stays in must take and discard; nobody passes. So take one card: the top "
    "card of the draw pile, the top card of the discard pile (never a card under the top "
    "one), or any card shown by a player who went out. Then discard any card of your hand "
    "but the one you just took, face up on the discard pile. After the exchange you may "
    "go out if your hand now may.",
    scoring="A hand may go out when it shows at least one ace, two twos, three threes or "
    "all four fours (a hand showing two kinds counts as the higher). Once a hand has gone "
    "out, only a higher kind may go out: after twos, only threes or fours. A player who "
    "goes out plays no more. There are no points: the last player to go out wins. "
    "Betting, if the table likes: everyone puts 1 in a pot of his own; when a player goes "
    "out with aces, twos or threes and the game goes on, every player still in adds 1 to "
    "his pot or forfeits (and is out, not safe). At the end the players who went out keep "
    "their pots and the winner takes the others.",
    end="Going out with fours ends the game at once. Otherwise the turn that takes the "
    "last card of the draw pile ends the game, but that player still discards and may "
    "then go out. The game also ends when every player is out. If nobody has gone out, "
    "nobody wins (and every pot goes back).",
    replay=Replay(players=5, seed=206, moves=MOVES),
    scene=_last_out,
    example_note="the last turn of a game of five. The dealer takes the last card of the "
    "draw pile, discards, and still goes out; going out last, he wins.",
    rules=RULES,
)
