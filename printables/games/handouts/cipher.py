"""The handout of Challenge Cipher (4D Playing Cards): its rules in brief, the book's rules
it carries, and a dealt hand played to its end as its worked example."""

from __future__ import annotations

from printables.games.handouts.base import BookRule, Example, Handout, Played, Replay

RULES = (
    BookRule(
        "partnerships",
        "Partnership Challenge Cipher",
        "Four-player partnership play is the same as regular play",
        "four play as two partnerships, partners sitting opposite",
        reading="docs/readings/cipher.md, Partnership",
    ),
    BookRule(
        "dealers",
        "General Rules for Card Games",
        "After a hand (the session of play following each new deal) is over, the player on the "
        "dealer's left becomes the next dealer.",
        "The first dealer is chosen by chance; after each hand the deal passes to the left",
    ),
    BookRule(
        "deal",
        "Playing Challenge Cipher",
        "Deal six cards to each player, three cards face up and three cards face down.",
        "Deal six cards each, one at a time: the first three lie face down",
        reading="docs/readings/cipher.md, Which cards are face up",
    ),
    BookRule(
        "look",
        "Playing Challenge Cipher",
        "Players may look at their own face down cards.",
        "you may look at yours",
    ),
    BookRule(
        "bidding-starts",
        "Playing Challenge Cipher",
        "Bidding to become the challenger starts with the player on the dealer's left who may "
        "either bid or pass.",
        "Bidding goes round from the dealer's left",
    ),
    BookRule(
        "what-a-bid-is",
        "Playing Challenge Cipher",
        "The number of a bid is the number of successful challenges the player must make in "
        "order to score",
        "bid how many successful challenges you will make",
    ),
    BookRule(
        "bids",
        "Playing Challenge Cipher",
        "The opening bid must be at least one. The next player must bid a higher number, or pass.",
        "at least 1 and more than the last bid",
    ),
    BookRule(
        "bid-limit-and-rebid",
        "Challenge Cipher (the book is silent)",
        "",
        "at most 20, or 40 for partners, as six cards hold only 20 sets of three; a player who "
        "passed may bid again when the turn comes round",
        reading="docs/readings/cipher.md, Bidding",
    ),
    BookRule(
        "bidding-ends",
        "Playing Challenge Cipher",
        "when a bid is followed by passes from every other player",
        "The bidding ends when a bid is followed by a pass from every other player",
    ),
    BookRule(
        "no-bid",
        "Playing Challenge Cipher",
        "If nobody makes a bid, the hand is over and the next dealer deals a new hand",
        "if nobody bids, the hand is over",
    ),
    BookRule(
        "challenge",
        "Playing Challenge Cipher",
        "The challenger then selects three cards from his or her six, places them together "
        "face up on the table and names the value-sharing pattern",
        "The high bidder is the challenger: show three of your six cards face up and say their "
        "pattern",
    ),
    BookRule(
        "pattern",
        "The Value-sharing Patterns",
        "Arrange the three numbers in descending order.",
        "count the values each two of its cards share and say the three numbers, highest first",
    ),
    BookRule(
        "pattern-shared-by-all",
        "The Value-sharing Patterns",
        "you must also note how many values all three cards share.",
        "say too how many values are on all three cards",
    ),
    BookRule(
        "ciphers",
        "The Value-sharing Patterns",
        "Only those sets with the same pattern are ciphers.",
        "Sets with the same pattern are ciphers of each other",
    ),
    BookRule(
        "must-match",
        "Playing Challenge Cipher",
        "The other players must find three of their own six cards that have the same pattern.",
        "must show three of their own six with the same pattern if they can",
        reading="docs/readings/cipher.md, Matching is forced; Answers in seat order",
    ),
    BookRule(
        "success",
        "Playing Challenge Cipher",
        "If no one has a match, then the challenger has one successful challenge.",
        "If nobody can, that is one successful challenge",
    ),
    BookRule(
        "new-set",
        "Playing Challenge Cipher",
        "You may use the same value-sharing pattern more than once, as long as the same "
        "three-card combination is not repeated",
        "challenge again with three cards not shown together before (the pattern may repeat)",
    ),
    BookRule(
        "go-on",
        "Playing Challenge Cipher",
        "The challenger must continue making challenges until the bid is met or the hand is lost.",
        "and go on until your bid is met or lost",
    ),
    BookRule(
        "lost",
        "Playing Challenge Cipher",
        "the challenger subtracts the amount of the bid from his or her score.",
        "A match before the bid is met loses the bid: the challenger scores minus the bid",
    ),
    BookRule(
        "stop",
        "Playing Challenge Cipher",
        "If you end the hand without being matched, you score the number of successful challenges.",
        "Once the bid is met you may stop and score one point for each successful challenge",
    ),
    BookRule(
        "zero",
        "Playing Challenge Cipher",
        "However, if a challenge fails, after the bid has been met, you score zero.",
        "or go on for more, but a match then scores zero",
    ),
    BookRule(
        "out-of-sets",
        "Challenge Cipher (the book is silent)",
        "",
        "A challenger with no new set of three left before the bid is met loses the bid",
        reading="docs/readings/cipher.md, A challenger out of sets",
    ),
    BookRule(
        "partner-match",
        "Partnership Challenge Cipher",
        "if your partner matches your challenge, it is not a failed challenge, but your partner "
        "then acts as the challenger.",
        "a partner's match is no failure: that partner becomes the challenger",
    ),
    BookRule(
        "together",
        "Partnership Challenge Cipher",
        "Your combined successful challenges count together.",
        "the partners' successes count together, and both score them",
    ),
    BookRule(
        "rounds",
        "Playing Challenge Cipher",
        "A round is the number of hands it takes for every player to deal.",
        "A round is one deal by every player. After four rounds the highest total wins",
    ),
)


def _last_challenge(played: Played) -> Example:
    """The hand's last challenge and the set that matched it."""
    last = played.last
    shown, matched = (" ".join(str(card) for card in cards) for cards in (last.shown, last.matched))
    return Example(f"{shown} / {matched}")


HANDOUT = Handout(
    "challenge-cipher",
    need="One 4D deck and 2 to 4 players; four play as two partnerships, partners sitting "
    "opposite. Paper for the scores.",
    setup="The first dealer is chosen by chance; after each hand the deal passes to the left. "
    "Deal six cards each, one at a time: the first three lie face down (you may look at yours), "
    "the last three face up.",
    turn="Bidding goes round from the dealer's left: bid how many successful challenges you will "
    "make (at least 1 and more than the last bid; at most 20, or 40 for partners, as six cards "
    "hold only 20 sets of three; a player who passed may bid again when the turn comes round), "
    "or pass. The bidding ends when a bid is followed by a pass from every other player; if "
    "nobody bids, the hand is over. The high bidder is the challenger: show three of your six "
    "cards face up and say their pattern. For a set's pattern, count the values each two of its "
    'cards share and say the three numbers, highest first ("Two, two, one"); for 2-2-2, 2-1-1 '
    "and 1-1-1 say too how many values are on all three cards. Sets with the same pattern are "
    "ciphers of each other. Each other player, in turn from the challenger's left, must show "
    "three of their own six with the same pattern if they can. If nobody can, that is one "
    "successful challenge: challenge again with three cards not shown together before (the "
    "pattern may repeat), and go on until your bid is met or lost.",
    scoring="A match before the bid is met loses the bid: the challenger scores minus the bid. "
    "Once the bid is met you may stop and score one point for each successful challenge, or go "
    "on for more, but a match then scores zero. A challenger with no new set of three left "
    "before the bid is met loses the bid. Only the challenger's side scores. Partners: a "
    "partner's match is no failure: that partner becomes the challenger, and the partners' "
    "successes count together, and both score them.",
    end="A round is one deal by every player. After four rounds the highest total wins; tied "
    "players share the win.",
    replay=Replay(
        players=2,
        seed=2,
        moves=(
            "bid 1",
            "pass",
            "challenge with BgzC Bw~T Gw~T: Three, one, zero",
            "no match",
            "challenge with BgzC Bw=C Bw~T: Two, two, one",
            "match with Bb=T GgzT Rg=T",
        ),
    ),
    scene=_last_challenge,
    example_note="the challenger bid 1 and met it with a first challenge nobody could match, "
    "then went on. The second challenge (first below) was matched by the set after it, so "
    "instead of 1 the hand scores zero.",
    rules=RULES,
)
