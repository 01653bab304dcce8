"""Rules handouts: every game of the source books told in the project's own words, for a
class to read before it plays (``printables handout GAME`` prints one, ``printables rules
GAME`` shows the same text).

A handout says what the table needs, how to set up, what a turn is, how points are
scored and how the game ends, then works an example: a position written in card notation
that the game's own engine scores (:meth:`~printables.games.base.Game.score_position`),
so the example's verdict and reasons are the rules' and never a sentence typed by hand.
The project's readings of unclear rules (``docs/readings/``) are the engine's, and the
handouts follow them.

>>> handout = HANDOUTS["matches"]
>>> handout.worked().summary
'Gb=S on Gg~S scores 2'
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from typing import Any

from printables.cards.deck import Card
from printables.games.base import Game, Scored
from printables.games.registry import GAMES

SECTIONS = ("You need", "Set up", "A turn", "Scoring", "The end")
"""The headings of every handout, in order."""


@dataclass(frozen=True)
class Handout:
    """One game's rules in five short sections and a worked example."""

    key: str
    need: str
    setup: str
    turn: str
    scoring: str
    end: str
    example: str
    """A position the game's ``score`` reads, with real cards."""
    example_note: str
    """What the example shows, said before the engine's verdict."""
    lost: str = ""
    """For a source that lost part of its text: what is missing and how play goes on."""
    shown: str = ""
    """The cards to draw when the example names none itself (bids written as numbers)."""
    layout: str = "flat"
    """How the example's cards lie: ``flat`` (a row of the cards named), ``rows`` (each
    group between '/' a row of a grid, '.' an empty place) or ``columns`` (each group a
    column, as Eighty-one writes its columns)."""

    @property
    def example_grid(self) -> tuple[tuple[Card | None, ...], ...]:
        """The example's cards as they lie on the table: rows of cards, None for an empty
        place (a flat example is one row of its cards)."""
        if self.layout == "flat":
            return (self.example_cards,)
        groups = [
            tuple(
                None if word in (".", "-") else self.game.deck.card(word) for word in part.split()
            )
            for part in self.example.split("/")
        ]
        if self.layout == "rows":
            return tuple(groups)
        depth = max(len(group) for group in groups)
        return tuple(
            tuple(group[k] if k < len(group) else None for group in groups) for k in range(depth)
        )

    @property
    def game(self) -> Game[Any, Any, Any]:
        return GAMES[self.key]

    @property
    def sections(self) -> tuple[tuple[str, str], ...]:
        """(heading, text) in order, a note on lost text last."""
        found = tuple(
            zip(SECTIONS, (self.need, self.setup, self.turn, self.scoring, self.end), strict=True)
        )
        return (*found, ("Lost from the source", self.lost)) if self.lost else found

    def worked(self) -> Scored:
        """The example, scored by the game's engine with the book's options."""
        return self.game.score_position(self.example, self.game.options())

    @property
    def example_cards(self) -> tuple[Card, ...]:
        """The cards the example names, in order, each once (to draw them)."""
        found: list[Card] = []
        for word in re.split(r"[\s;/|:,]+", self.shown or self.example):
            try:
                card = self.game.deck.card(word)
            except ValueError:
                continue
            if card not in found:
                found.append(card)
        return tuple(found)

    def text(self, width: int = 88) -> str:
        """The handout as plain text (``printables rules GAME``), wrapped to ``width``."""
        game = self.game
        low, high = game.players
        players = f"{low}" if low == high else f"{low}-{high}"
        lines = [f"{game.title} ({game.book}), {players} players",
                 textwrap.fill(game.summary, width, break_on_hyphens=False), ""]  # fmt: skip
        for heading, body in self.sections:
            lines += [textwrap.fill(f"{heading}: {body}", width, break_on_hyphens=False), ""]
        worked = self.worked()
        points = "" if worked.points is None else f"{worked.points} points: "
        note = textwrap.fill(f"Example: {self.example_note}", width, break_on_hyphens=False)
        lines += [note, f"  {self.example}",
                  f"  {points}{worked.summary}"]  # fmt: skip
        lines += [f"  {reason}" for reason in worked.reasons]
        return "\n".join(lines)


def _h(key: str, **parts: str) -> tuple[str, Handout]:
    return key, Handout(key, **parts)


HANDOUTS: dict[str, Handout] = dict(
    [
        _h(
            "matrix",
            need="One 4D deck. One player, or each player with a set of their own.",
            setup="Deal yourself 9 cards face up (16 for 4x4, 25 for 5x5; 12, 15 or 20 for "
            "the rectangles 3x4, 3x5 and 4x5).",
            turn="Move the cards into rows and columns until every row and every column "
            "shares at least one value: a color, a shade, a pattern or a shape that all its "
            "cards show.",
            scoring="A grid where every line shares a value is solved. Some sets cannot be "
            "solved; saying so, and being able to show why, is also a win.",
            end="The hand ends when the grid is solved or the set is declared impossible. "
            "In MAT, a timed competition, the quickest right answer wins each set.",
            example="BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS",
            example_note="a solved 3x3 grid: the rows share a color, the columns a shade.",
            layout="rows",
        ),
        _h(
            "challenge-matrix",
            need="One 4D deck, 2 to 6 players, and a way to see who finishes first.",
            setup="Deal 12 cards to each player. Each keeps 3 aside and passes the other 9 "
            "face down: on the first hand to the player on the left, on the next to the "
            "second player on the left, and so on.",
            turn='At "Go" everyone races to arrange the 9 cards received into a solved '
            "3x3 grid, or decides the set is impossible, and announces it.",
            scoring="First to finish scores as many points as there are players, the next "
            "one less, the last 1. A grid that is not solved, or a solvable set called "
            "impossible, loses those points instead.",
            end="A round is one hand for each opponent; play the rounds agreed. The "
            "highest total wins.",
            example="40: BbzT Bg~T Bw=T / Gb~T Gg=T GwzT / RbzT RgzC RwzS; 65: impossible "
            "Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT",
            example_note="two players: a solved square at 40 seconds, and a set rightly "
            "called impossible at 65.",
        ),
        _h(
            "squares",
            need="One 4D deck for every three players (each takes one shade: all black, "
            "all gray or all white, 27 cards).",
            setup="One player, the picker, shuffles their set face down. The others spread "
            "their sets face up, to find each card quickly.",
            turn="The picker turns up one card; every player places the matching card of "
            "their own set (the same but for the shade) in their array, in a new or an "
            "existing row and column. At most four rows and four columns; a placed card "
            "never moves.",
            scoring="After 16 cards each 4x4 array scores one point for every triple-flush "
            "pair (two cards sharing three values) inside a row or a column.",
            end="Play four hands and add them up: the highest total wins (in Misere, the lowest).",
            example="Bb=S Bb=C Bb=T Bb~S / Gb=S Gb=C Gb=T Gb~S / Rb=S Rb=C Rb=T Rb~S / "
            "BbzS GbzS RbzS BbzT",
            example_note="a finished array of the black set: each triple-flush pair inside "
            "a row or a column counts.",
            layout="rows",
        ),
        _h(
            "zodiac",
            need="One 4D deck, 2 to 8 players, and the same number of chips for each.",
            setup="The dealer sets chips aside as the bank, shows the top card and puts it "
            "face up at the bottom of the deck. Everyone, the dealer too, gets two cards "
            "face up and one face down; then each player bets from 1 chip up to the limit.",
            turn="In turn, the dealer last, take another card face up or stand. A hand "
            "with four cards of any one value is bust: its bet goes to the dealer at once.",
            scoring="A hand is measured by how many of the twelve values it shows (all "
            "twelve is a zodiac). A player closer to a zodiac than the dealer is paid the "
            "bet from the bank; a tie goes to the dealer.",
            end="The same dealer deals again until the bank runs out or a player wins a "
            "bet of the limit; play for the time agreed, and the most chips win.",
            example="Gg~T Rb~T BgzC RwzC BbzT",
            example_note="a five-card hand: how close is it, and how near to bust?",
        ),
        _h(
            "matches",
            need="One 4D deck, 2 to 5 players, paper for the scores.",
            setup="Deal each player three cards face up and one face down (the hand card, "
            "seen only by its owner). Turn one card up to start the pile.",
            turn="Put a face-up card, or your hand card, on the pile, then draw. After "
            "playing the hand card the drawn card is your new hand card; after "
            "a face-up card, choose which of the hand card and the drawn card to turn face "
            "up.",
            scoring="Score one point for each value your card shares with the card it "
            "covers: 0 to 3.",
            end="The first player to reach 61 (or 121) points wins at once.",
            example="Gb=S on Gg~S",
            example_note="green, black, stripe, square played on green, gray, wavy, square.",
        ),
        _h(
            "4d-500-rummy",
            need="One 4D deck, 2 to 5 players, paper for the scores.",
            setup="Deal 7 cards each (10 with two players); turn one card up to start the "
            "discard pile.",
            turn="Draw from the stock, or pick up the last discard (or a deeper discard "
            "with every card above it, if you meld it at once); meld if you wish; "
            "then discard one card. Melds are three-card triple-flushes and double-flushes "
            "of four or more cards; you may add cards to any double-flush on the table.",
            scoring="A three-card triple-flush scores 30; a double-flush of 4 to 9 cards "
            "10, 20, 30, 60, 120 or 240; a card added to another player's meld 5. Each "
            "card still in your hand when the hand ends costs 5.",
            end="A hand ends when a player discards the last card, or when the stock runs "
            "out. The first to 500 wins.",
            example="melds: BwzC BbzS BgzT BwzS | Rg~S Rg~C Rg~T ; added: ; hand:",
            example_note="one player's cards at the end of a hand.",
        ),
        _h(
            "secret-card",
            need="One 4D deck and 2 to 8 players.",
            setup="Deal each player's secret card face down to another player, who holds "
            "it and gives its clues; nobody sees their own secret card.",
            turn="Turn up a clue card. Each holder says how many values the secret card "
            "they hold shares with it (0 to 4). From the second clue on, each player in "
            "turn may name their own secret card or pass.",
            scoring="Name your secret card rightly to score 1. In the competitive game, "
            "players announce first and then name; a wrong name scores nothing.",
            end="The first player to 5 points wins.",
            example="Rw=T vs Bw~T BwzT",
            example_note="the clues a secret Rw=T gives for two clue cards.",
        ),
        _h(
            "good-riddance",
            need="One 4D deck and 2 to 5 players.",
            setup="Deal 7 cards each; turn one card up to start the discard pile.",
            turn="Play a card on the pile that shares no value with its top card. If you "
            "cannot, draw one card, and play it if it may be played.",
            scoring="No points: the race is to get rid of your cards.",
            end="The first player out of cards wins. If the stock runs out, shuffle the "
            "pile (all but its top card) to make a new one.",
            example="GwzC on BbzS",
            example_note="may green, white, zigzag, circle go on blue, black, zigzag, square?",
        ),
        _h(
            "nada-nada-nada",
            need="One 4D deck, 2 to 5 players, paper for the scores.",
            setup="Deal 9 cards face down to each player; turn one card up in the middle.",
            turn="Draw from the stock, or pick any card in the middle (it stays face up in "
            "front of you); then discard one card face up to the middle, not the one "
            "just picked from it.",
            scoring="A nada is three cards that show all twelve values. Go out when your "
            "nine cards make three separate nadas: you score 3, everyone else 1 for each "
            "separate nada they hold.",
            end="The first to 10 points wins.",
            example="BbzS Gw=C Rg~T Rb=C BwzT Gg~S Bb~S RwzC Gg=T",
            example_note="a nine-card hand: does it go out?",
        ),
        _h(
            "eighty-one",
            need="One 4D deck; a solitaire.",
            setup="Lay out nine cards, face up, side by side: they start nine columns and "
            "never move.",
            turn="Deal nine more cards and place one on each column, so that all the cards "
            "of every column still share at least one value. Arrange the nine however you "
            "like before placing them.",
            scoring="Count the cards placed; all 81 is a win.",
            end="The game is lost when a batch of nine cannot be placed, and won when all "
            "81 cards are in the columns.",
            example="Bb=S Gw~S / Rg=T BwzT",
            example_note="two columns of two cards, each column checked whole.",
            layout="columns",
        ),
        _h(
            "dna",
            need="One 4D deck; a solitaire.",
            setup="Shuffle the deck: it is the stock. Leave room for four chains and a "
            "discard pile.",
            turn="Turn up a card and play it on a chain (an empty chain takes any card; "
            "else the card must share three values with the chain's top card) or on the "
            "discard pile. A card on top of the discard pile, or on top of a chain, may "
            "also move to a chain where it fits.",
            scoring="A lost game scores the cards in its longest chain.",
            end="Win when all 81 cards form one chain.",
            example="GbzS GbzC RbzC RgzC / Gw=C",
            example_note="two chains: every neighbour shares three values.",
            layout="rows",
        ),
        _h(
            "cross-purposes",
            need="One 4D deck and 2 players, sitting at right angles.",
            setup="Pick a card and set aside every card that shows any of its four values: "
            "16 cards remain. Shuffle them into a packet. Your columns are your opponent's "
            "rows.",
            turn="Phase 1: in turn, place the packet's next card anywhere in the 4x4 "
            "array. Phase 2: in turn, rearrange one of your own rows, moving at least two "
            "of its cards.",
            scoring="You want every one of your four columns to be a single-flush (all "
            "four cards share a value).",
            end="When the 16 cards are down, or after any rearrangement, the first player "
            "whose four columns are all single-flushes wins (both at once: a tie).",
            example="Bb=S Bg=S Bb~S Bg~S / Gb=S Gg=S Gb~S Gg~S / Bb=C Bg=C Bb~C Bg~C / "
            "Gb=C Gg=C Gb~C Gg~C",
            example_note="a full array, as player 1 sees it.",
            layout="rows",
        ),
        _h(
            "4d-poker",
            need="One 4D deck, 2 to 7 players, chips (about 100 each, a limit of 5).",
            setup="Everyone puts one chip in the pot. Five-card draw: deal five cards "
            "each, face down.",
            turn="Bet: open 1 chip up to the limit or drop out; then call, raise up to the "
            "limit, or drop out, until everyone left has put in the same. Exchange up to "
            "five cards; bet again; show.",
            scoring="Hands rank by their triple-flush pairs and single-flushes (the "
            "rulebook's table); the highest hand takes the pot, tied hands split it.",
            end="Play for the time agreed; the most chips win.",
            example="Rg=T Rg=C Rg=S Bg=S Gg=S",
            example_note="a five-card hand, ranked.",
        ),
        _h(
            "tiles",
            need="One 4D deck and 2 to 5 players, and a table to lay the cards on.",
            setup="Deal 7 cards each; one more card, face up, starts the layout.",
            turn="Place a card next to a card on the table, side by side or end to end "
            "(corners do not touch). It must share three values with every card it "
            "touches. If you cannot, draw one card and play it if it fits.",
            scoring="No points: the race is to play all your cards.",
            end="The first player out of cards wins; if nobody can play, the fewest cards win.",
            example="Bb=S Bb=T / . Bw=T",
            example_note="three cards on the table: does every touching pair share three?",
            layout="rows",
        ),
        _h(
            "challenge-cipher",
            need="One 4D deck and 2 to 4 players (four play as two partnerships).",
            setup="Deal six cards each: three face down (you may look) and three face up.",
            turn="Bid the number of challenges you will win, or pass. The high bidder shows "
            "three cards and names how they share values (their pattern). Every other "
            "player must show three cards with the same pattern if they can; a match ends "
            "the challenge.",
            scoring="Meet your bid to score it. If someone matches first, subtract the bid "
            "instead. Once the bid is met you may stop, or go on for more: a match then "
            "scores nothing.",
            end="Four rounds, each player dealing once a round; the highest total wins.",
            example="Rg=T Rg=C Bg=C / BwzS BwzC GwzC",
            example_note="are these two three-card sets ciphers of each other?",
        ),
        _h(
            "costly-tricks",
            need="One PARADOX deck and 2 players; each also plays an invisible partner, "
            "their ghost.",
            setup="Deal all 44 cards, one at a time, to four hands sitting A, B, A's ghost, "
            "B's ghost, all face up: nothing is hidden.",
            turn="The hand with the red 0 leads. Follow the color led; else play the trump "
            "in force; else make a new trump with a color not yet trump in the trick. The "
            "highest power wins the trick and leads the next.",
            scoring="Cards are worth their rank, but every trick costs its taker 20. Your "
            "net is your cards' points less your tricks' cost; the nets of both sides add "
            "up to 0.",
            end="The side with a net above 0 wins the round and a chip; 3 chips win the game.",
            example="A: R5 B3 P10 B6",
            example_note="one finished trick, led by A.",
        ),
        _h(
            "buddy-on-your-left",
            need="One PARADOX deck without the 0s, and 3 players, each with one color's "
            "cards 1 to 10.",
            setup="Lay every hand face up: everyone sees everything.",
            turn="In turn, play one card. The first card on an empty table leads; each "
            "later card must be higher or lower than it (equal only when you hold nothing "
            "higher). A higher card sweeps the table into its player's pile, and the "
            "player on their left leads next.",
            scoring="Cards 1 to 6 score their number, 7 to 10 nothing. Your round total is "
            "your own points plus those of the player on your left. The best total takes 3 "
            "chips, the next 1.",
            end="7 chips win the game.",
            example="R1 R2 R3 R4 G1 G2 P7 P8 P9 P10 / R5 R6 G3 G4 G5 P1 P2 R7 R8 / "
            "G6 P3 P4 P5 P6 R9 R10 G7 G8 G9 G10",
            example_note="a whole round: the cards each of the three players swept.",
        ),
        _h(
            "the-third-man",
            need="One PARADOX deck without the 10s, 4 players each with one color's cards "
            "0 to 9, and a board from -20 to +20 with a piece each.",
            setup="Every piece starts at 0. Choose the first lead player by lot.",
            turn="Each auction is for 10 points. The lead player bids a card face up; the "
            "others bid face down; all are shown. The highest bid earns 10 less the bid, "
            "the second loses the bid, the third gains double the bid, the lowest stays.",
            scoring="Move the pieces by the points. Bid cards are spent; the player ahead "
            "leads the next auction.",
            end="A series ends when a piece passes +20 or -20, or after the ninth auction: "
            "the player ahead wins a chip, and 3 chips win the game.",
            example="3 7 7 2",
            example_note="an auction with a tie for the highest bid: the players (red, "
            "green, purple, blue) bid 3, 7, 7 and 2.",
            shown="R3 G7 P7 B2",
        ),
        _h(
            "quad",
            need="A standard deck with its two jokers (used only to make a call) and 2 players.",
            setup="Six rounds use up the deck: deal four cards each (three in the last "
            "round). The round's chooser secretly calls reds or blacks by laying a joker "
            "on top, face down.",
            turn="Turn up a card as the first stack; the chooser plays first. A card whose "
            "suit has no stack starts one; any other card goes on its own suit's stack or "
            "cancels a stack of another suit (both go away for good).",
            scoring="When the hands are empty, count the table, ace 1 to king 13: reds "
            "against blacks. If the call was right the chooser collects the table, else "
            "the other player does.",
            end="After six rounds, the player with more cards collected wins.",
            example="reds: KH 5H / 9S 3S / QD",
            example_note="the chooser called reds; three stacks remain on the table.",
        ),
        _h(
            "four",
            need="28 cards of a standard deck (A, 2, 3, 4, J, Q, K of each suit) and 3 to 5 "
            "players.",
            setup="Deal four cards each; the rest is the draw pile, and its top card turned "
            "up starts the discard pile.",
            turn="Go out if you may: with at least one ace, two twos, three threes or four "
            "fours, and only with a kind higher than the last one shown. Else take a card "
            "(from the draw pile, the discard pile or a player who is out) and discard "
            "another.",
            scoring="No points: the last player to go out wins.",
            end="Four fours end the game at once; otherwise it ends with the turn that "
            "takes the last card of the draw pile.",
            example="2S 2H 2D KC after aces",
            example_note="may this hand go out after someone went out with aces?",
        ),
        _h(
            "lockdown",
            need="A standard deck of 52 cards and 2 to 8 players.",
            setup="Deal four cards each. The dealer moves first.",
            turn="There is no fixed order: draw a card, give a card to any player, take a "
            "card blind from any player, force a player to draw, or shuffle every hand "
            "together and deal them back. Whoever an action affects moves next (when it "
            "affects nobody in particular, you name who). A card you have just been given "
            "cannot go straight back: give it away from your second turn after getting it.",
            scoring="A player who gets a fourth card of one value is out: the four leave "
            "the game and the rest of that hand is shuffled into the deck. The player who "
            "caused it moves again.",
            end="The last player standing wins.",
            example="KS KH KD 7C",
            example_note="a hand one king from being out.",
            lost="The sections Clear, Locking and The Rule of 3 lost their text in the "
            "source; they are left out, and every card in a hand may move.",
        ),
    ]
)
"""Every game's handout, by game key."""
