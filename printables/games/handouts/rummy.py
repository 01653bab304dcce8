"""The handout of 4D 500 Rummy (4D Playing Cards): its rules in brief, the book's rules it
carries, and the cards of a player who called "Rummy!" at the end of a hand as its worked
example."""

from __future__ import annotations

from printables.games.fourd.rummy import CallRummy
from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay
from printables.games.handouts.general import LEFT_GOES_FIRST

RULES = (
    BookRule(
        "deal",
        "The Deal",
        "Deal seven cards to each player, ten cards if there are only two players.",
        "Deal 7 cards to each player (10 each with two players)",
    ),
    BookRule(
        "discard-pile",
        "The Deal",
        "Turn one card face up and place it beside the stock. This is the discard pile.",
        "turn its top card up to start the discard pile",
    ),
    LEFT_GOES_FIRST,
    BookRule(
        "take",
        "Picking Cards",
        "you may take the top card of the stock or the top card of the discard pile or any "
        "other card in the discard pile",
        "Draw the stock's top card, or the top discard, or any deeper discard",
    ),
    BookRule(
        "deep-discard",
        "Picking Cards",
        "you must play it immediately by melding it and you must also take all the cards on "
        "top of it.",
        "together with every card above it; a deeper card must be melded in this same turn",
        reading="docs/readings/rummy.md, A deeper discard",
    ),
    BookRule(
        "melds",
        "Melding",
        "three-card triple-flushes, double-flushes of four or more cards, and additions to "
        "double-flushes",
        "lay down a three-card triple-flush or a double-flush of four or more cards",
    ),
    BookRule(
        "optional",
        "Melding",
        "You do not have to make any melds just because you are able to.",
        "Meld if you wish",
    ),
    BookRule(
        "meld-in-turn",
        "Melding",
        "Melds may be made only during your turn, before discarding.",
        "only in your own turn, before the discard",
    ),
    BookRule(
        "add",
        "Melding",
        "You may also add to the double-flush of another player.",
        "add a card to any double-flush on the table, yours or another player's",
    ),
    BookRule(
        "add-doubles-only",
        "Melding",
        "additions to double-flushes",
        "if it shows both values the double-flush shares (a triple-flush takes no additions)",
        reading="docs/readings/rummy.md, Additions go on double-flushes only",
    ),
    BookRule(
        "added-in-front",
        "Melding",
        "place the card (or cards) in front of you, and announce which double-flush it goes with.",
        "a card added to another player's meld stays in front of you",
        reading="docs/readings/rummy.md, Who scores a double-flush that others added to",
    ),
    BookRule(
        "no-empty-hand",
        "Going Out",
        "You are not allowed to make a meld that leaves no cards in your hand.",
        "No meld may leave your hand empty",
    ),
    BookRule(
        "discard",
        "Discarding",
        "At the end of your turn, you must discard one card.",
        "Discard one card to end the turn",
    ),
    BookRule(
        "rummy",
        "Calling Rummy",
        'any player may call out "Rummy!" and play the card for themselves.',
        'any other player may call "Rummy!" and add it to that double-flush',
        reading="docs/readings/rummy.md, Calling Rummy",
    ),
    BookRule(
        "rummy-first",
        "Calling Rummy",
        "the one closest to the left of the player who discarded gets it",
        "the first caller from the discarder's left gets it",
    ),
    BookRule(
        "rummy-after",
        "Calling Rummy",
        "the player who normally would have had the next turn proceeds as usual",
        "play goes on from the discarder's left as usual",
    ),
    BookRule(
        "going-out",
        "Going Out",
        "The hand ends when a player discards and has no cards left",
        "when a player discards the last card",
    ),
    BookRule(
        "stock-out",
        "Going Out",
        "the hand ends after the last card of the stock is taken and the turn completed",
        "after the turn that takes the last card of the stock",
    ),
    BookRule(
        "triple-score",
        "Going Out (Melds are scored as follows)",
        "Three-card Triple-flush: 30",
        "a three-card triple-flush 30",
    ),
    BookRule(
        "double-score",
        "Going Out (Melds are scored as follows)",
        "Double-flush of four cards: 10",
        "a double-flush of 4, 5, 6, 7, 8 or 9 cards 10, 20, 30, 60, 120 or 240",
    ),
    BookRule(
        "added-score",
        "Going Out (Melds are scored as follows)",
        "Any card played on another player's double-flush: 5",
        "each card you put on another player's double-flush 5",
    ),
    BookRule(
        "in-hand",
        "Going Out",
        "Cards that remain in your hand count five points each against you",
        "Every card left in your hand costs 5",
    ),
    BookRule(
        "next-deal",
        "Going Out",
        "The player to the dealer's left deals the next hand.",
        "The deal passes to the left for each new hand",
    ),
    BookRule(
        "target",
        "Going Out",
        "When a player's score reaches 500 or more, that player wins.",
        "The first to reach 500 wins",
    ),
    BookRule(
        "target-tie",
        "Going Out",
        "If more than one player score 500 or more at the same time, the player with the "
        "highest score wins.",
        "if several reach it together, the highest wins (a tie for the highest plays another hand)",
        reading="docs/readings/rummy.md, The game",
    ),
)


def _caller(played: Played) -> Example:
    """The cards of the player who called Rummy, as they lie when the hand is over."""
    k = next(k for k, move in enumerate(played.moves) if isinstance(move, CallRummy))
    seat, last = played.states[k].claimant, played.last
    melds = " | ".join(" ".join(map(str, m.cards)) for m in last.melds if m.owner == seat)
    added = " ".join(str(a.card) for a in last.added if a.seat == seat)
    hand = " ".join(map(str, last.hands[seat]))
    return Example(f"melds: {melds} ; added: {added} ; hand: {hand}")


HANDOUT = Handout(
    "4d-500-rummy",
    need="One 4D deck, 2 to 5 players, and paper for the scores.",
    setup="Deal 7 cards to each player (10 each with two players), one at a time from the "
    "dealer's left. The rest, face down, is the stock: turn its top card up to start the "
    "discard pile, and keep the discards spread so every card shows. The player on the "
    "dealer's left goes first, and turns pass clockwise.",
    turn="1. Draw the stock's top card, or the top discard, or any deeper discard "
    "together with every card above it; a deeper card must be melded in this same turn. "
    "2. Meld if you wish, only in your own turn, before the discard: lay down a "
    "three-card triple-flush or a double-flush of four or more cards, or add a card to any "
    "double-flush on the table, yours or another player's, if it shows both values the "
    "double-flush shares (a triple-flush takes no additions); a card added to another "
    "player's meld stays in front of you. No meld may leave your hand empty. 3. Discard "
    "one card to end the turn. Rummy (on in the app; an option turns it off): when a "
    'discard fits a double-flush on the table, any other player may call "Rummy!" and add '
    "it to that double-flush; the first caller from the discarder's left gets it, and "
    "play goes on from the discarder's left as usual.",
    scoring="Each player scores their own melds: a three-card triple-flush 30; a "
    "double-flush of 4, 5, 6, 7, 8 or 9 cards 10, 20, 30, 60, 120 or 240 (cards others "
    "put on it do not count for it); each card you put on another player's double-flush 5. "
    "Every card left in your hand costs 5.",
    end="A hand ends when a player discards the last card, or after the turn that takes "
    "the last card of the stock. The deal passes to the left for each new hand. The first "
    "to reach 500 wins; if several reach it together, the highest wins (a tie for the "
    "highest plays another hand).",
    replay=Replay(
        players=3,
        seed=66,
        moves=(
            "take the top card of the stock",
            "discard Rw=T",
            "take the top card of the stock",
            "discard Gb~T",
            "take Gb~T from the discard pile",
            "meld Bb~T Gb=T RbzT Gb~T",
            "discard Bb=S",
            "take Bb=S from the discard pile",
            "meld GbzS Gb~S Bb~S Bb=S",
            "discard Rb~T",
            "call Rummy and add the discard to meld 1",
            "take the top card of the stock",
            "meld GwzS RgzS GgzS RbzS",
            "discard RwzT",
            "take RwzT from the discard pile",
            "meld RwzS RwzC RwzT",
            "discard Rw~S",
        ),
    ),
    scene=_caller,
    example_note="a hand of three players, scored for the player who called Rummy on a "
    "discard that fitted another player's double-flush. Another player went out, so this "
    "player's own meld, the claimed card and the cards left in hand are added up.",
    rules=RULES,
)
