"""The handout of Lockdown: its rules in brief, the book's rules it carries, and a player
who takes his own fourth card as its worked example (out, with no extra turn)."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

READINGS = "docs/rules-notes.md, The standard-deck games, Lockdown"

RULES = (
    BookRule(
        "players",
        "the heading",
        "For 2-8 players (4-6 for ideal)",
        "Best with 4 to 6 players",
    ),
    BookRule(
        "deck",
        "Lockdown (the book is silent)",
        "",
        "A standard deck of 52 cards, no jokers",
        reading="RULES-NOTES.md, Standard-deck games, Lockdown (the jokers only in the "
        "Clear variation)",
    ),
    BookRule(
        "deal",
        "Starting the Game",
        "Deal 4 cards to each person playing.",
        "Deal four cards to each player",
    ),
    BookRule(
        "four-in-the-deal",
        "Lockdown (the book is silent)",
        "",
        "A player dealt four of a value is out at once",
        reading=f"{READINGS}: four of a kind in the deal",
    ),
    BookRule(
        "dealer-first",
        "Starting the Game",
        "The dealer goes first.",
        "The dealer moves first",
    ),
    BookRule(
        "no-order",
        "Gameplay",
        "there is no set pattern of turn order at all.",
        "Turns have no fixed order",
    ),
    BookRule(
        "affected-moves-next",
        "Gameplay",
        "the player who was just affected by an action is the next to go.",
        "the player you gave to, took from or made draw moves next",
    ),
    BookRule(
        "mover-names",
        "Gameplay",
        "When an action does not affect any player in particular, the active player chooses "
        "the next to go.",
        "after a draw or a shuffle you name who moves next",
        reading=f"{READINGS}: who names the next player",
    ),
    BookRule(
        "not-himself",
        "Gameplay",
        "A player may not choose himself.",
        "never yourself or a player who is out",
    ),
    BookRule(
        "draw",
        "Actions 1",
        "Draw a card face-down",
        "draw the top card of the deck, face down",
    ),
    BookRule(
        "give",
        "Actions 2",
        "Give a card to any player from your mobile hand",
        "give a card of your hand to another player",
    ),
    BookRule(
        "take",
        "Actions 3",
        "Take a card from any player's mobile hand",
        "take a card, unseen, from another player's hand",
        reading=f"{READINGS}: Take is blind",
    ),
    BookRule(
        "force",
        "Actions 4",
        "Force any player to draw one card, revealing the card to the table before putting "
        "it in his hand",
        "make another player draw a card, shown to everyone before he keeps it",
    ),
    BookRule(
        "shuffle",
        "Actions 5",
        "Take all the cards in the mobile hands and shuffle them, dealing out the same "
        "number of cards to each player afterwards",
        "gather every hand, shuffle, and deal each player back as many cards as he held",
    ),
    BookRule(
        "empty-deck",
        "Lockdown (the book is silent)",
        "",
        "When the deck is empty nobody draws",
        reading=f"{READINGS}: an empty deck",
    ),
    BookRule(
        "no-give-backs",
        "The No-Give-Backs Rule",
        "a player may not give away a card that he/she just got from the deck or another player.",
        "a card you got from the deck or from another player, however it came, may not be "
        "given away",
    ),
    BookRule(
        "second-turn",
        "The No-Give-Backs Rule",
        "On that player's second turn after getting the card, however, the player may give "
        "it away as normal.",
        "until your second turn after you got it",
        reading=f"{READINGS}: no give-backs, counted in turns",
    ),
    BookRule(
        "shuffle-frees",
        "The No-Give-Backs Rule",
        "If the player really wants to get rid of a card he/she just got, he/she may still "
        "choose to Shuffle.",
        "a card a shuffle deals back to the hand it came from stays as it was; a card it "
        "brings from another hand counts as just got",
        reading=f'{READINGS}: what a Shuffle makes "just got"',
    ),
    BookRule(
        "eliminated",
        "Losing",
        "A player is eliminated from the game when he/she receives a 4th card of the same value",
        "A player who gets a fourth card of one value is out",
    ),
    BookRule(
        "cards-of-the-eliminated",
        "Losing",
        "all the player's cards are gathered, minus the 4 offending cards, and reshuffled "
        "into the deck.",
        "those four leave the game, and the rest of his hand goes into the deck, which is shuffled",
    ),
    BookRule(
        "extra-turn",
        "Losing",
        "The player who causes the elimination immediately takes another turn.",
        "If you put out another player, by a give, a forced draw or a shuffle, you move "
        "again at once",
    ),
    BookRule(
        "self-elimination",
        "Gameplay; Losing (the book's general rule)",
        "",
        "If you put yourself out, you get no extra turn: the player you took from, or the "
        "one you named, moves next",
        reading=f"{READINGS}: who moves after a player puts himself out",
    ),
    BookRule(
        "winner",
        "Winning",
        "the winner is the only one who is not eliminated.",
        "The last player still in wins",
    ),
    BookRule(
        "all-out-draw",
        "Lockdown (the book is silent)",
        "",
        "If a shuffle puts out every player left, nobody wins",
        reading=f"{READINGS} (RULES-NOTES.md: a Shuffle that eliminates everyone left)",
    ),
)


def _own_fourth(played: Played) -> Example:
    """The hand of the player whose last move put him out, with the card that did it."""
    before, after, move = played.states[-2], played.last, played.moves[-1]
    mover = before.turn
    gained = [c for c in before.hands[move.source] if c not in after.hands[move.source]]
    return Example(" ".join(str(card) for card in (*before.hands[mover], *gained)))


HANDOUT = Handout(
    "lockdown",
    need="A standard deck of 52 cards, no jokers. Best with 4 to 6 players.",
    setup="Deal four cards to each player; dealt cards may be given at once. A player "
    "dealt four of a value is out at once. The dealer moves first.",
    turn="Turns have no fixed order. On your turn do one thing: draw the top card of the "
    "deck, face down; give a card of your hand to another player; take a card, unseen, from "
    "another player's hand; make another player draw a card, shown to everyone before he "
    "keeps it; or shuffle: gather every hand, shuffle, and deal each player back as many "
    "cards as he held. When the deck is empty nobody draws. Then the player you gave to, "
    "took from or made draw moves next; after a draw or a shuffle you name who moves "
    "next, never yourself or a player who is out. No give-backs: a card you got from the "
    "deck or from another player, however it came, may not be given away until your "
    "second turn after you got it. A shuffle is the way to be rid of such a card: a card "
    "a shuffle deals back to the hand it came from stays as it was; a card it brings "
    "from another hand counts as just got.",
    scoring="A player who gets a fourth card of one value is out: those four leave the "
    "game, and the rest of his hand goes into the deck, which is shuffled. If you put out "
    "another player, by a give, a forced draw or a shuffle, you move again at once. If you "
    "put yourself out, you get no extra turn: the player you took from, or the one you "
    "named, moves next (after a shuffle that also put out the player you named, the next "
    "player still in on your left).",
    end="The last player still in wins. If a shuffle puts out every player left, nobody wins.",
    replay=Replay(players=4, seed=185, moves=("draw, player 4 next", "take from player 2")),
    scene=_own_fourth,
    example_note="the dealer draws and names the next player, who holds three of a value "
    "and takes a card blind from another player: it is the fourth. He is out with no extra "
    "turn, and the player he took from moves next.",
    lost="The sections Clear, Locking and The Rule of 3 lost their text in the source; "
    "they are left out, and every card in a hand may move.",
    rules=RULES,
)
