"""Proofs in words that a Matrix set is impossible: a case analysis a pupil can follow.

Every solved grid gives each row a value its cards share and each column one, so a
proof goes through what the rows and the columns could share:

1. **The lists.** A row of C cards shares a value that at least C cards show; k rows
   sharing one value need k x C cards showing it; every card needs a row whose value it
   shows; and the cards must split among the rows. The row lists (one value a row,
   order aside) that pass are numbered; the column lists likewise.
2. **Bars.** A row and a column cross at a card showing both their values, so a column
   can share only values of no attribute the rows hold another value of, shown with each
   row value on enough cards. A few row values (up to three) can leave some card no
   column at all: every row list holding them is barred at once ("No row list holds gC
   (Rb~T would fit no column)"), and only the lists left are numbered.
3. **Crossings.** k rows sharing v and m columns sharing w cross in k x m places, each
   holding a card that shows v and w. So when fewer cards show both (none, often), no
   row list with k or more v goes with a column list with m or more w: one fact rules
   out many pairs of lists at once ("0: B b (1 x 1)").
4. **Crowds.** Each pair of lists left fails because some cards fit only at crossings
   with fewer places than cards: "GbzS Gg~T Rb~T fit only at G x C: 3 cards, 2 places".
   A crowd is told once for every pair it serves, with the most places it has in any.
   A crowd of most of the set is told the other way round when that is shorter: the
   crossings it does not fit hold more places than the cards left, the only ones that
   fit them, and every place holds a card ("only Bw~T Rb~T fit at R x b: 3 places, 2
   cards").

**Lists no list across goes with.** A long proof is tried again with the side with more
lists (the columns, say) cut down by the rows: "No row list goes with a column list
holding B~ or ww" (with each row list, a row value and one of those are two values of
one attribute or shown together on too few cards), so only the column lists left are
numbered; the row lists where a card fits no column are told first ("Cards fitting no
column: (1, 4) GbzS; (6) Rb~T") and take no other step. (A square's proof is cut so only
with a card pinned: unpinned, it would no longer hold turned over, and was never the
shorter.) Long listings write the first values that lists in a row share once, in
brackets: "[BG] (1) RS, (2-3) b w/z" is BGRS, BGbw and BGbz. A list is written as a
card is, its values one after another (with spaces when it would read as a card: G g z C).

**A pinned card.** A card's row and column meet only at it, so together they hold
rows + columns - 1 cards, each showing the row's value or the column's (the two may
share one value: then all of them show it). When only one pair of its values (a value
twice among them) is shown on that many cards (:class:`Pin`: "Gw~C's row and column
... only G and w are shown on that many"), every row list holds one and every column
list the other (in a square, the grid turned over if need be); and when just a row's
worth of cards show the row's value, those cards are its row, each other column
crossing it at one of them, so the column lists hold a value of each. A long proof is
tried again over the lists the pin allows, rows and columns no longer alike, and the
pinned proof kept when shorter.

**A split.** When a few pairs (two to four) are shown on that many, a proof still over a
third of a page is tried again case by case (:class:`Split`: "... only G and z or z
and T are shown on that many (...). Case by case:", then "Case 1: its row shares G, its
column z." and a proof pinned to that pair, and so on), and kept when shorter. The
checker counts again that no other pair of the card's values is shown on enough cards,
and checks each case as a proof of its own, its pair taken as given.

When one side has few lists (a 3x5 set's rows, say, against 200 column lists), the
proof instead takes that side's lists in turn (:class:`ListCase`): the values the other
side can share with it, and a card that fits none of them, or the other side's lists
over them, each with a crowd. :func:`impossibility_proof` keeps whichever is shorter.

**A page at most.** A proof in full that would run over a page (:data:`PAGE`, 4,500
characters) is told more briefly, in as few changes as bring it within the page: some
crowds' crossings are left to the reader (at worst nearly all), those that take the
most words first ("BwzS BwzT RgzT BgzT: 4 cards, at most 3 places"; a crowd told the
other way round is then told the usual way, the cards it left out at the places they
fit), and in a proof by pairs more crowds, up to six, are told last, their pairs
unnamed. Every set known fits so; one that would not even so is left as it is. The data
keeps every crowd's crossings and every pair's crowd, and the checker checks them.

A :class:`Proof` is data first (the bars, the lists, the facts, the crowds or the cases)
and words second, so that :func:`check_proof` re-checks every step by itself, without
the solver or the builder's helpers: it counts again that a pinned card fits nowhere
else (and that a split's cases leave its card nowhere else), checks each bar value by
value, checks every list across against the values no list across goes with and each
card said to fit nothing across, rebuilds the lists by brute force, counts every
crossing again, and confirms that the facts and crowds leave no pair of lists standing
(in each case of a split).
:func:`impossibility_proof` raises ValueError for a set that can be solved.

>>> from printables.cards import FOUR_D, read_cards
>>> book = read_cards("Gb=C GbzS Gg~T Rb~T Bg~S BwzT RgzS Rw~T BgzT", FOUR_D)
>>> proof = impossibility_proof(book, 3, 3)
>>> check_proof(book, 3, 3, proof)
>>> print(proof.brief_lines[-1])
Every other pair: Rb~T Rw~T fit only at T x ~/T: 2 cards, 1 place.
"""

from printables.matrix.proofs.checking import ProofError, check_proof, check_words
from printables.matrix.proofs.data import (
    KEY_MOST,
    PAGE,
    Bar,
    Crowd,
    ListCase,
    Option,
    Pin,
    Proof,
    Split,
    TooFew,
    TooMany,
)
from printables.matrix.proofs.finding import impossibility_proof, split_proof
from printables.matrix.proofs.words import RULES

__all__ = [
    "KEY_MOST",
    "PAGE",
    "RULES",
    "Bar",
    "Crowd",
    "ListCase",
    "Option",
    "Pin",
    "Proof",
    "ProofError",
    "Split",
    "TooFew",
    "TooMany",
    "check_proof",
    "check_words",
    "impossibility_proof",
    "split_proof",
]
