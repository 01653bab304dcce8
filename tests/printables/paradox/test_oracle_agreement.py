"""The PARADOX engine agrees with an independent reading of the rules.

The oracle (``tests/support/paradox_oracle.py``) was written from the rules text only
(RULES-NOTES.md, PARADOX, and the rulebook), with its own representation (cards as
``(color letter, rank)`` tuples) and plain loops; it imports nothing from the project.
Here the engine is held to it on seeded positions:

* Costly Tricks' trick rules (:mod:`printables.paradox.tricks`): the legal cards at every
  step of random full rounds, the trump and the winner of every trick (and of every part
  of one), the points, and :class:`~printables.paradox.tricks.Position` played along.
* The solver (:mod:`printables.paradox.solver`): the value of 1,000 small positions and
  of every legal card in them equal an exhaustive minimax; its line earns the value.
* The games (:mod:`printables.games.paradox`): Costly Tricks, Buddy on your Left and The
  Third Man played to the end of whole games with random moves, the engine's legal moves,
  scores, chips and ends checked against the oracle at every step; Buddy's chips for
  every split of the points and The Third Man's score for every one of the 10,000 bids.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import paradox_oracle as oracle

from printables.cards.deck import Card
from printables.cards.decks import PARADOX
from printables.games.paradox import buddy_on_your_left as buddy
from printables.games.paradox import costly_tricks, third_man
from printables.paradox import solver, tricks

OCard = tuple[str, int]


def mine(card: Card) -> OCard:
    """An engine card as the oracle writes it."""
    name = str(card)
    return name[0], int(name[1:])


def theirs(card: OCard) -> Card:
    """An oracle card as the engine's deck names it."""
    return PARADOX.card(f"{card[0]}{card[1]}")


def mine_all(cards: Sequence[Card]) -> list[OCard]:
    return [mine(c) for c in cards]


def theirs_all(cards: Sequence[OCard]) -> list[Card]:
    return [theirs(c) for c in cards]


def full_pack() -> list[OCard]:
    return [(c, r) for c in oracle.COLORS for r in range(11)]


def random_hands(rng: random.Random, per_hand: int) -> list[list[OCard]]:
    pack = full_pack()
    rng.shuffle(pack)
    return oracle.ct_deal(pack[: 4 * per_hand])


# -- Costly Tricks: trick rules -------------------------------------------------------------


def test_the_books_worked_trick() -> None:
    trick = [("R", 5), ("B", 3), ("P", 10), ("B", 6)]
    assert oracle.ct_trick_colors(trick)[1] == "P"
    assert oracle.ct_winner(0, trick) == 2
    assert oracle.ct_points(trick) == 24
    engine_trick = theirs_all(trick)
    assert tricks.trump_of(engine_trick) == "P"
    assert tricks.winner(0, engine_trick) == 2
    assert tricks.points(engine_trick) == 24


ROUNDS = 300


def test_trick_rules_along_random_rounds() -> None:
    """Every step of 300 random full rounds (13,200 positions): the legal cards from
    ``legal_cards`` and from ``Position.legal``, the trump and the winner of the trick so
    far, the points, and the winner ``Position.play`` reports."""
    steps = 0
    for seed in range(ROUNDS):
        rng = random.Random(f"ct-round:{seed}")
        hands = random_hands(rng, 11)
        mine_round = oracle.CTRound(hands)
        position = tricks.Position.checked([theirs_all(h) for h in hands], mine_round.leader, ())
        while not mine_round.over:
            seat = mine_round.to_move
            assert seat is not None
            assert position.to_move == seat
            assert position.cards_left == sum(len(h) for h in mine_round.hands)
            expected = mine_round.legal()
            trick = theirs_all(mine_round.trick)
            hand = theirs_all(mine_round.hands[seat])
            got = set(mine_all(tricks.legal_cards(hand, trick)))
            assert got == expected, (hands, mine_round.leader, mine_round.trick, seat)
            assert set(mine_all(position.legal())) == expected
            # every card of the hand: legal exactly when the oracle says so
            for card in mine_round.hands[seat]:
                reason = tricks.why_not(hand, trick, theirs(card))
                assert (reason is None) == (card in expected), (mine_round.trick, card, reason)
            card = rng.choice(sorted(expected))
            leader = mine_round.leader
            won_by = mine_round.play(card)
            done = [*mine_round.trick] if won_by is None else None
            position, engine_won_by = position.play(theirs(card))
            assert engine_won_by == won_by
            if done is not None:  # a trick in progress: its trump and winner so far
                part = theirs_all(done)
                assert tricks.trump_of(part) == oracle.ct_trick_colors(done)[1]
                assert tricks.winner(leader, part) == oracle.ct_winner(leader, done)
            steps += 1
        assert position.over
        nets = mine_round.nets()
        assert nets[0] + nets[1] == 0
    assert steps == ROUNDS * 44


def test_complete_tricks_winner_trump_and_points() -> None:
    """Complete tricks played legally from random hands of every size, each led by every
    seat: trump, winner and points."""
    checked = 0
    for seed in range(3000):
        rng = random.Random(f"ct-trick:{seed}")
        per_hand = rng.randint(1, 11)
        hands = random_hands(rng, per_hand)
        leader = rng.randrange(4)
        trick: list[OCard] = []
        for step in range(4):
            seat = (leader + step) % 4
            trick.append(rng.choice(sorted(oracle.ct_legal(hands[seat], trick))))
        engine_trick = theirs_all(trick)
        assert tricks.trump_of(engine_trick) == oracle.ct_trick_colors(trick)[1], trick
        assert tricks.winner(leader, engine_trick) == oracle.ct_winner(leader, trick), trick
        assert tricks.points(engine_trick) == oracle.ct_points(trick)
        checked += 1
    assert checked == 3000


# -- Costly Tricks: the solver ----------------------------------------------------------------


def lopsided_hands(rng: random.Random, per_hand: int) -> list[list[OCard]]:
    """Hands drawn mostly from one or two colors each, so that tricks change trump often."""
    pack = full_pack()
    rng.shuffle(pack)
    hands: list[list[OCard]] = []
    for _ in range(4):
        liked = set(rng.sample(oracle.COLORS, rng.randint(1, 2)))
        ordered = sorted(pack, key=lambda c: c[0] not in liked)  # stable: still shuffled
        hand = ordered[:per_hand]
        hands.append(hand)
        pack = [c for c in pack if c not in hand]
    return hands


def small_position(
    seed: int, per_hand: int, lopsided: bool
) -> tuple[list[list[OCard]], int, list[OCard]]:
    """Hands of ``per_hand`` cards and a leader, then 0-3 random legal cards of a trick
    in progress."""
    rng = random.Random(f"ct-solve:{per_hand}:{seed}")
    hands = lopsided_hands(rng, per_hand) if lopsided else random_hands(rng, per_hand)
    leader = rng.randrange(4)
    trick: list[OCard] = []
    for step in range(rng.randrange(4)):
        seat = (leader + step) % 4
        card = rng.choice(sorted(oracle.ct_legal(hands[seat], trick)))
        hands[seat].remove(card)
        trick.append(card)
    return hands, leader, trick


def late_position(seed: int) -> tuple[list[list[OCard]], int, list[OCard]]:
    """The last three tricks of a random round (0-3 cards of a trick already down), as
    random play from a full deal leaves them."""
    rng = random.Random(f"ct-late:{seed}")
    game = oracle.CTRound(random_hands(rng, 11))
    left = 12 - rng.randrange(4)
    while sum(len(h) for h in game.hands) > left:
        game.play(rng.choice(sorted(game.legal())))
    return game.hands, game.leader, game.trick


def line_net(
    hands: list[list[OCard]], leader: int, trick: list[OCard], line: Sequence[OCard]
) -> int:
    """The net the side to move gets over the rest of the round when ``line`` is played
    (every card checked legal)."""
    side = (leader + len(trick)) % 2
    net = 0
    hands = [list(h) for h in hands]
    trick = list(trick)
    for card in line:
        seat = (leader + len(trick)) % 4
        assert card in oracle.ct_legal(hands[seat], trick), (card, hands[seat], trick)
        hands[seat].remove(card)
        trick.append(card)
        if len(trick) == 4:
            won_by = oracle.ct_winner(leader, trick)
            if won_by % 2 == side:
                net += oracle.ct_trick_net(trick)
            leader, trick = won_by, []
    assert not trick and not any(hands), "the line does not reach the end of the round"
    return net


BOOK_HANDS = [
    [("R", 10), ("R", 5), ("G", 4)],  # A
    [("G", 2), ("B", 8), ("B", 3)],  # B
    [("G", 3), ("P", 10), ("P", 1)],  # A's ghost
    [("B", 10), ("B", 7), ("B", 6)],  # B's ghost
]


def test_the_books_position_near_the_end_of_a_round() -> None:
    """The book's worked trick comes from a position of three cards a hand ("were the
    players' decisions the best possible?"): solver and minimax agree on it, card by
    card, at every step of the trick the book plays."""
    hands = [list(h) for h in BOOK_HANDS]
    trick: list[OCard] = []
    for card in [("R", 5), ("B", 3), ("P", 10), ("B", 6)]:
        position = tricks.Position.checked([theirs_all(h) for h in hands], 0, theirs_all(trick))
        expected = oracle.ct_card_values(hands, 0, trick)
        solution = solver.solve(position)
        assert {mine(c): v for c, v in solution.cards.items()} == expected, trick
        assert solution.net == max(expected.values()) == oracle.ct_value(hands, 0, trick)
        hands[(0 + len(trick)) % 4].remove(card)
        trick.append(card)


SOLVED = {1: (100, 2), 2: (300, 2), 3: (300, 2), 4: (90, 5), 5: (10, 0)}
"""Cards a hand: how many positions, and how often (1 in n, 0 never) the hands are
lopsided."""


def solver_positions() -> list[tuple[list[list[OCard]], int, list[OCard]]]:
    positions = [
        small_position(seed, per_hand, every > 0 and seed % every == 0)
        for per_hand, (count, every) in SOLVED.items()
        for seed in range(count)
    ]
    return positions + [late_position(seed) for seed in range(200)]


def test_solver_values_equal_the_minimax() -> None:
    """1,000 positions: 100, 300, 300, 90 and 10 with 1, 2, 3, 4 and 5 cards a hand
    (half of those up to 3 cards, and a fifth of those with 4, of one- or two-colored
    hands) and the last three tricks of 200 random rounds, most with a trick in
    progress. The solver's value and every legal card's value equal the exhaustive
    minimax, and its line of best play is legal and earns the value."""
    checked = 0
    for number, (hands, leader, trick) in enumerate(solver_positions()):
        position = tricks.Position.checked(
            [theirs_all(h) for h in hands], leader, theirs_all(trick)
        )
        expected_cards = oracle.ct_card_values(hands, leader, trick)
        expected = max(expected_cards.values())
        where = (hands, leader, trick)
        if number % 10 == 0:
            assert oracle.ct_value(hands, leader, trick) == expected
        assert solver.value(position) == expected, where
        solution = solver.solve(position)
        assert solution.net == expected, where
        got_cards = {mine(c): v for c, v in solution.cards.items()}
        assert got_cards == expected_cards, where
        assert line_net(hands, leader, trick, mine_all(solution.line)) == expected, where
        checked += 1
    assert checked == 1000


# -- Buddy on your Left -------------------------------------------------------------------------


def test_buddy_chips_and_totals_for_every_split_of_the_points() -> None:
    """Every way the 63 own points can fall (2,080 splits): totals and chips."""
    checked = 0
    for a in range(64):
        for b in range(64 - a):
            own = (a, b, 63 - a - b)
            totals = oracle.bol_round_scores(own)
            assert tuple(buddy.round_totals(own)) == totals
            assert tuple(buddy.chips_for(totals)) == oracle.bol_chips(totals), totals
            checked += 1
    assert checked == 2080


def bol_ranks(hand: Sequence[Card]) -> list[int]:
    return [mine(c)[1] for c in hand]


def swept_ranks(state: buddy.BuddyState) -> list[list[int]]:
    """The ranks each player of the engine's round has taken, in order."""
    return [sorted(bol_ranks(pile)) for pile in state.swept]


def oracle_swept(mine_round: oracle.BOLRound) -> list[list[int]]:
    """The ranks each player has swept in the oracle's round, in order."""
    piles: list[list[int]] = [[], [], []]
    for player, cards in mine_round.sweeps:
        piles[player].extend(cards)
    return [sorted(pile) for pile in piles]


def test_buddy_rounds_and_games_follow_the_oracle() -> None:
    """Whole games of random play (150 games, every round to its end): the legal moves at
    every step, the table, every sweep and each player's swept cards, the lead cards of
    power 0, the leftover cards, each player's own points, the round's chips, who plays
    first next, and when the game ends."""
    game = buddy.GAME
    counts = {"positions": 0, "rounds": 0, "sweeps": 0, "no power": 0, "leftover": 0}
    for seed in range(150):
        rng = random.Random(f"bol:{seed}")
        state = game.setup(3, seed)
        chips = [0, 0, 0]
        while True:
            # each player lays out one whole colored set 1-10
            colors = [{mine(c)[0] for c in hand} for hand in state.hands]
            assert all(len(c) == 1 for c in colors) and len(set.union(*colors)) == 3
            assert all(sorted(bol_ranks(h)) == list(range(1, 11)) for h in state.hands)
            first = game.to_move(state)
            assert first is not None
            assert tuple(state.chips) == tuple(chips)
            mine_round = oracle.BOLRound([bol_ranks(h) for h in state.hands], first)
            while mine_round.to_move is not None:
                player = mine_round.to_move
                assert game.to_move(state) == player
                moves = game.legal_moves(state)
                assert all(mine(m.card)[0] in colors[player] for m in moves)
                assert {mine(m.card)[1] for m in moves} == mine_round.legal(), (
                    seed,
                    mine_round.hands,
                    mine_round.table,
                )
                move = rng.choice(moves)
                leading = not mine_round.table
                swept = mine_round.play(mine(move.card)[1])
                state = game.apply(state, move)
                counts["positions"] += 1
                counts["sweeps"] += swept
                if leading and mine_round.lead_has_no_power and mine_round.to_move is not None:
                    counts["no power"] += 1
                if leading and mine_round.to_move is not None:
                    power = buddy.lead_power(state.table, state.hands)
                    assert (power == 0) == mine_round.lead_has_no_power, (seed, state.table)
                assert bol_ranks(state.table) == mine_round.table
                if mine_round.to_move is not None:
                    assert swept_ranks(state) == oracle_swept(mine_round), seed
                if mine_round.to_move is not None:
                    assert tuple(buddy.own_points(state)) == tuple(mine_round.own)
            counts["rounds"] += 1
            counts["leftover"] += bool(mine_round.leftover)
            assert game.to_move(state) is None
            assert sorted(bol_ranks(state.leftover)) == sorted(mine_round.leftover)
            piles = oracle_swept(mine_round)
            piles[mine_round.first] = sorted(piles[mine_round.first] + [*mine_round.leftover])
            assert swept_ranks(state) == piles, seed  # the leftover cards go to the first player
            assert tuple(buddy.own_points(state)) == tuple(mine_round.own)
            assert sum(mine_round.own) == 63
            totals = mine_round.round_scores()
            round_chips = oracle.bol_chips(totals)
            outcome = game.outcome(state)
            assert outcome is not None
            assert tuple(outcome.scores) == round_chips, (seed, mine_round.own)
            top = max(totals)
            assert set(outcome.winners) == {i for i in range(3) if totals[i] == top}
            chips = [chips[i] + round_chips[i] for i in range(3)]
            winner = oracle.bol_match_winner(chips)
            over = game.match_outcome(chips, counts["rounds"])
            if winner is not None:
                assert over is not None and tuple(over.winners) == (winner,), chips
                break
            assert over is None, chips
            state = game.next_hand(state)
            assert game.to_move(state) == oracle.bol_next_first(first, totals)
    assert counts["positions"] == 30 * counts["rounds"]
    assert counts["no power"] > 100 and counts["leftover"] > 10


# -- The Third Man ------------------------------------------------------------------------------


def test_third_man_scores_every_auction() -> None:
    """All 10,000 ways four players can bid: each piece's move, or the annulment."""
    annulled = 0
    for bids in itertools.product(range(10), repeat=4):
        expected = oracle.tm_changes(bids)
        got = third_man.auction_changes(bids)
        assert (None if got is None else tuple(got)) == expected, bids
        scored = third_man.score_auction(bids)
        assert scored.annulled == (expected is None), bids
        assert (None if scored.changes is None else tuple(scored.changes)) == expected, bids
        annulled += expected is None
    assert annulled == 10 + 4 * 10 * 9  # four equal bids, or three equal and one other


def test_third_man_series_and_games_follow_the_oracle() -> None:
    """Whole games of random bidding (200 games): who bids when, the bids each player may
    still make, every auction's score and annulment, the lead player of each auction, when
    a series ends and who wins it, the first lead of the next series, and the game's end."""
    game = third_man.GAME
    counts = {"bids": 0, "auctions": 0, "annulled": 0, "series": 0, "shared lead": 0}
    counts["clockwise"] = 0
    for seed in range(200):
        rng = random.Random(f"tm:{seed}")
        state = game.setup(4, seed)
        chips = [0, 0, 0, 0]
        lead = game.to_move(state)
        assert lead is not None
        while True:  # a series
            assert tuple(state.chips) == tuple(chips)  # the chips of the series before
            scores = [0, 0, 0, 0]
            left = [set(range(10)) for _ in range(4)]
            held = 0
            in_a_row = 0
            while True:  # an auction
                bids = [-1, -1, -1, -1]
                for step in range(4):
                    seat = (lead + step) % 4
                    assert game.to_move(state) == seat, (seed, scores, bids)
                    moves = game.legal_moves(state)
                    assert {mine(m.card)[1] for m in moves} == left[seat], (seed, seat)
                    move = rng.choice(moves)
                    bids[seat] = mine(move.card)[1]
                    state = game.apply(state, move)
                    counts["bids"] += 1
                changes = oracle.tm_changes(bids)
                if changes is None:
                    counts["annulled"] += 1
                    in_a_row += 1
                    if in_a_row < 10:
                        continue  # the cards go back; the same lead bids again
                    changes = (0, 0, 0, 0)  # the project's bound: the 10th annulment voids it
                in_a_row = 0
                last = state.completed[-1]
                assert tuple(last.bids) == tuple(bids) and last.lead == lead
                assert tuple(last.changes) == tuple(changes), (seed, bids)
                for i in range(4):
                    scores[i] += changes[i]
                    left[i].discard(bids[i])
                held += 1
                counts["auctions"] += 1
                assert tuple(state.positions) == tuple(scores)
                tied = [i for i in range(4) if scores[i] == max(scores)]
                if len(tied) > 1:
                    counts["shared lead"] += 1
                    if len({changes[i] for i in tied}) == 1:
                        counts["clockwise"] += 1  # settled by the seats alone
                ahead = oracle.tm_ahead(scores, changes, lead)
                if oracle.tm_series_over(scores, held):
                    break
                lead = ahead
            counts["series"] += 1
            assert game.to_move(state) is None
            outcome = game.outcome(state)
            assert outcome is not None
            assert tuple(outcome.winners) == (ahead,), (seed, scores, changes, lead)
            chips[ahead] += 1
            over = game.match_outcome(chips, counts["series"])
            if max(chips) >= 3:
                assert over is not None and tuple(over.winners) == (ahead,)
                break
            assert over is None
            state = game.next_hand(state)
            lead = oracle.tm_ahead([0, 0, 0, 0], changes, lead)
            assert game.to_move(state) == lead, (seed, changes)
    assert counts["annulled"] > 100 and counts["shared lead"] > 100
    assert counts["clockwise"] > 10, counts


# -- Costly Tricks: the game ----------------------------------------------------------------------


def test_costly_tricks_games_follow_the_oracle() -> None:
    """Whole games of random play (60 games of each way to end one): the deal, the first
    leader, the hand to move and its legal cards at every step, every trick's winner, the
    sides' tricks, points and nets, each round's chip, the chips held, and the game's end."""
    game = costly_tricks.GAME
    counts = {"positions": 0, "rounds": 0, "draws": 0, "games": 0}
    for pass_chips in (False, True):
        options = game.options(pass_chips=pass_chips)
        for seed in range(60):
            rng = random.Random(f"ct-game:{pass_chips}:{seed}")
            state = game.setup(2, seed, options)
            held = [3, 3] if pass_chips else [0, 0]
            gained = [0, 0]
            while True:  # a round
                assert tuple(state.chips) == tuple(held)
                pack = mine_all(game.pack(seed, state.hand_number))
                hands = [mine_all(h) for h in state.position.hands]
                dealt = oracle.ct_deal(pack)
                assert [sorted(h) for h in hands] == [sorted(h) for h in dealt], seed
                mine_round = oracle.CTRound(hands)
                assert state.position.leader == mine_round.leader
                while not mine_round.over:
                    seat = mine_round.to_move
                    assert seat is not None
                    assert game.seat_to_move(state) == seat
                    assert game.to_move(state) == seat % 2
                    moves = game.legal_moves(state)
                    assert set(mine_all([m.card for m in moves])) == mine_round.legal()
                    move = rng.choice(moves)
                    won_by = mine_round.play(mine(move.card))
                    state = game.apply(state, move)
                    counts["positions"] += 1
                    if won_by is not None:
                        last = state.taken[-1]
                        assert last.winner == won_by and last.side == won_by % 2
                    assert tuple(state.tricks) == tuple(mine_round.tricks)
                    assert tuple(state.points) == tuple(mine_round.points)
                    assert tuple(state.nets) == mine_round.nets()
                counts["rounds"] += 1
                assert game.to_move(state) is None
                nets = mine_round.nets()
                assert nets[0] + nets[1] == 0 and sum(mine_round.points) == 220
                outcome = game.outcome(state)
                assert outcome is not None
                side = oracle.ct_round_winner(nets)
                assert tuple(outcome.winners) == (() if side is None else (side,)), nets
                if side is None:
                    counts["draws"] += 1
                else:
                    held[side] += 1
                    gained[side] += 1
                    if pass_chips:
                        held[1 - side] -= 1
                        gained[1 - side] -= 1
                winner = oracle.ct_match_winner(held, pass_chips)
                over = game.match_outcome(gained, counts["rounds"], options)
                if winner is not None:
                    assert over is not None and tuple(over.winners) == (winner,), held
                    counts["games"] += 1
                    break
                assert over is None, held
                state = game.next_hand(state)
    assert counts["games"] == 120
    assert counts["positions"] == 44 * counts["rounds"]
