/* The Costly Tricks double-dummy search, compiled: the null-window test at a trick's start.
 *
 * This is the same search as printables/paradox/pure_search.py (read its module docstring
 * for why each step keeps the value exact): a fail-soft null-window
 * alpha-beta test over the four plays of a trick, with
 *   - a transposition table of bounds and the best lead, keyed on the cards still held
 *     and the leader (fixed size, so memory is bounded; a bucket of four entries keeps the
 *     positions with the most cards left);
 *   - the card-point bound (any k tricks hold at most the k highest cards of each hand);
 *   - equivalent cards searched once (runs: cards of one hand and color with no card of
 *     that color between them), where the side that takes the trick is settled;
 *   - the last hand of a trick trying one card of each run for each outcome, its best first;
 *   - leads ordered by the table's best lead, then a history of leads that refuted;
 *   - a second table, of bounds by shape (compiled only): positions whose cards still
 *     held have, color by color from the highest, the same owners (the same shape) play
 *     alike card for card, since which card takes a trick hangs on the colors and the
 *     order of ranks only. Only the points differ: by at most the sum, card for card, of
 *     the ranks' differences (d), so the other position's bounds, widened by d, bound
 *     this one. DDS keys its table on relative ranks, the points of bridge being tricks;
 *     here the points are the ranks, so a shape's bounds are a neighbour's, widened.
 * Values are differences (the leader's side's net less the other side's) and never
 * depend on the tables' sizes or the order of moves, only the speed does.
 *
 * Python API: Search(h0, h1, h2, h3) for one round's four hands (bit sets: bit
 * 11 * color + rank); .test(rem, leader, beta) -> int; .nodes (tricks searched).
 *
 * A search lets the interpreter's lock go while it runs, so a web server's other threads
 * answer meanwhile (a whole deal's test can take seconds); one Search object searches in
 * one thread at a time (a lock of its own), and the main thread takes the interpreter's
 * lock back every 65,536 tricks for a moment, to run signal handlers (Ctrl-C, a timer).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define INF (1 << 20)
#define BUCKET 4
#ifndef BITS_MOST
#define BITS_MOST 19 /* the most buckets of each table, as a power of 2 */
#endif
#define TRICK_COST 20

typedef uint64_t u64;

static u64 COLOR_MASK[4];
static u64 USED_MASK[16]; /* the cards of the colors whose bits are set */

static uint8_t BITS11[2048]; /* set bits of 11-bit numbers: no popcnt instruction assumed */
static inline int popcount(u64 x) {
    return BITS11[x & 0x7FF] + BITS11[x >> 11 & 0x7FF] + BITS11[x >> 22 & 0x7FF] +
           BITS11[x >> 33 & 0x7FF];
}
static inline int high_bit(u64 x) { return 63 - __builtin_clzll(x); }
static inline int low_bit(u64 x) { return __builtin_ctzll(x); }

typedef struct {
    u64 key; /* rem << 2 | leader; 0: empty */
    int16_t lo, hi;
    int8_t move;
    uint8_t size;
    uint8_t pad[2];
} Entry;

/* A position's bounds by its shape (the table of shapes, two entries a bucket of one
 * cache line): the shape, and the cards held of the position searched. */
typedef struct {
    u64 shape[2]; /* see shape_of(); never 0 in both */
    u64 rem;
    int16_t lo, hi;
    int8_t move;
    uint8_t size;
    uint8_t pad[2];
} Shaped;

#define SHAPED_FROM 3 /* the fewest cards a hand whose positions the table of shapes keeps:
                         smaller ones are searched faster than their shapes are made */

typedef struct {
    PyObject_HEAD
    u64 own[4];
    int8_t owner[44]; /* the seat holding each card */
    Entry *table;
    Shaped *shaped; /* as many buckets as the table */
    u64 mask; /* buckets - 1 */
    int32_t history[44];
    unsigned long long nodes;
    int stopped; /* a signal's handler raised (Ctrl-C, a timer), or the time is up:
                    unwind, keep nothing */
    PyThread_type_lock lock; /* held by the thread searching (see enter()) */
    unsigned long holder; /* that thread's ident; 0: none */
    PyThreadState *saved; /* its state while the interpreter's lock is let go */
    int on_main; /* whether it is the main thread, which runs signal handlers */
    double deadline; /* CLOCK_MONOTONIC seconds after which a search stops; 0: none */
} Search;

#define STOPPED_RAISED 1 /* a signal's handler raised: its exception is set */
#define STOPPED_LATE 2 /* the time limit ran out */

static unsigned long main_ident; /* the main thread's ident (threading.main_thread()) */

static double monotonic(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* The cards of a hand that may be played to a started trick. */
static inline u64 legal_of(u64 hand, int led, int trump, int used) {
    u64 f = hand & COLOR_MASK[led];
    if (f) return f;
    if (trump >= 0) {
        f = hand & COLOR_MASK[trump];
        if (f) return f;
    }
    f = hand & ~USED_MASK[used];
    return f ? f : hand;
}

/* The runs of `bits` among `present` (rank bits of one color), highest run first: each a
 * bit set of ranks with no rank of `present` between them. */
static int runs_of(unsigned bits, unsigned present, unsigned out[11]) {
    unsigned apart = present & ~bits; /* the ranks that separate runs */
    int n = 0;
    while (bits) {
        int top = high_bit(bits);
        unsigned below = apart & ((1u << top) - 1);
        unsigned run = below ? bits & ~((2u << high_bit(below)) - 1) : bits;
        out[n++] = run;
        bits &= ~run;
    }
    return n;
}

/* Which sides can still take the trick once `ply` cards are down (bit 0: the leader's
 * side, bit 1: the other), whatever the later hands play; `h` in the trick's order,
 * `best` the winning card's place so far, `top` its rank. */
static int sides(const u64 h[4], int ply, int led, int trump, int used, int best, int top) {
    if (ply == 3) {
        u64 hand = h[3];
        u64 follow = hand & COLOR_MASK[led];
        if (follow && trump >= 0) return 1 << (best & 1);
        if (!follow && trump >= 0) follow = hand & COLOR_MASK[trump];
        if (follow) {
            int k = (hand & COLOR_MASK[led]) ? led : trump;
            u64 bits = follow >> (11 * k);
            int found = high_bit(bits) > top ? 2 : 0;
            if (low_bit(bits) < top) found |= 1 << (best & 1);
            return found;
        }
        if (hand & ~USED_MASK[used]) return 2;
        return 1 << (best & 1);
    }
    int found = 0, powerless = 0;
    u64 legal = legal_of(h[ply], led, trump, used);
    for (int k = 0; k < 4; k++) {
        unsigned bits = (unsigned)(legal >> (11 * k) & 0x7FF);
        while (bits) {
            int r = high_bit(bits);
            bits &= ~(1u << r);
            if (k == trump || (k == led && trump < 0)) {
                if (r > top)
                    found |= sides(h, ply + 1, led, trump, used, ply, r);
                else if (powerless)
                    continue;
                else {
                    powerless = 1;
                    found |= sides(h, ply + 1, led, trump, used, best, top);
                }
            } else if (k != led && !(used >> k & 1)) {
                found |= sides(h, ply + 1, led, k, used | 1 << k, ply, r);
            } else if (!powerless) {
                powerless = 1;
                found |= sides(h, ply + 1, led, trump, used, best, top);
            }
            if (found == 3) return 3;
        }
    }
    return found;
}

/* The cards the hand at `ply` (0-2) need try, of its `legal` ones: of a run after which
 * the side that takes the trick is settled, only the highest (the hand's side takes it)
 * or the lowest (the other side does). `rem`: the cards held when the trick began. */
static int choices(const u64 h[4], int ply, u64 legal, u64 rem, int led, int trump, int used,
                   int best, int top, int8_t *out) {
    int n = 0;
    unsigned runs[11];
    for (int k = 0; k < 4; k++) {
        unsigned bits = (unsigned)(legal >> (11 * k) & 0x7FF);
        if (!bits) continue;
        unsigned present = (unsigned)(rem >> (11 * k) & 0x7FF);
        int count = runs_of(bits, present, runs);
        int base = 11 * k;
        if (count == popcount(bits)) {
            while (bits) {
                int r = high_bit(bits);
                bits &= ~(1u << r);
                out[n++] = (int8_t)(base + r);
            }
            continue;
        }
        for (int i = 0; i < count; i++) {
            unsigned run = runs[i];
            int r = high_bit(run);
            if (popcount(run) == 1) {
                out[n++] = (int8_t)(base + r);
                continue;
            }
            int s;
            if (ply == 0)
                s = sides(h, 1, k, -1, 1 << k, 0, r);
            else if (k == trump || (k == led && trump < 0))
                s = r > top ? sides(h, ply + 1, led, trump, used, ply, r)
                            : sides(h, ply + 1, led, trump, used, best, top);
            else if (k != led && !(used >> k & 1))
                s = sides(h, ply + 1, led, k, used | 1 << k, ply, r);
            else
                s = sides(h, ply + 1, led, trump, used, best, top);
            if (s == 3) {
                while (run) {
                    int q = high_bit(run);
                    run &= ~(1u << q);
                    out[n++] = (int8_t)(base + q);
                }
            } else if (s == 1 << (ply & 1)) {
                out[n++] = (int8_t)(base + r);
            } else {
                out[n++] = (int8_t)(base + low_bit(run));
            }
        }
    }
    return n;
}

typedef struct {
    int key;
    int8_t card;
    int8_t takes;
    int16_t t;
} Option;

/* The cards the last hand of a trick need try: of each run, the highest card that takes
 * the trick, and the highest (when the second hand's card takes it: the same side) or
 * lowest card that does not; each with whether it takes the trick and the trick's points
 * less 20, the best for that hand first. `rem`: the cards still held; `p3`: the trick's
 * points so far less 20. */
static int fourth(u64 legal, u64 rem, int led, int trump, int used, int best, int top, int p3,
                  Option *out) {
    int n = 0, partner_takes = best == 1;
    unsigned runs[11];
    for (int k = 0; k < 4; k++) {
        unsigned bits = (unsigned)(legal >> (11 * k) & 0x7FF);
        if (!bits) continue;
        int threshold;
        if (k == trump || (k == led && trump < 0))
            threshold = top;
        else if (k == led || (used >> k & 1))
            threshold = 10;
        else
            threshold = -1;
        int base = 11 * k;
        int count = runs_of(bits, (unsigned)(rem >> (11 * k) & 0x7FF), runs);
        for (int i = 0; i < count; i++) {
            unsigned run = runs[i];
            int hi = high_bit(run);
            if (hi > threshold) {
                int t = p3 + hi;
                out[n++] = (Option){t, (int8_t)(base + hi), 1, (int16_t)t};
            }
            if (low_bit(run) <= threshold) {
                int r = partner_takes ? high_bit(run & ((2u << threshold) - 1)) : low_bit(run);
                int t = p3 + r;
                out[n++] = (Option){partner_takes ? t : -t, (int8_t)(base + r), 0, (int16_t)t};
            }
        }
    }
    for (int i = 1; i < n; i++) { /* best for the last hand first */
        Option o = out[i];
        int j = i;
        while (j > 0 && (out[j - 1].key < o.key ||
                         (out[j - 1].key == o.key && out[j - 1].card < o.card))) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = o;
    }
    return n;
}

static inline Entry *probe(Search *s, u64 key) {
    u64 h = key * 0x9E3779B97F4A7C15ULL;
    Entry *bucket = s->table + ((h >> 20) & s->mask) * BUCKET;
    for (int i = 0; i < BUCKET; i++)
        if (bucket[i].key == key) return bucket + i;
    return NULL;
}

static inline void store(Search *s, u64 key, int lo, int hi, int move, int size) {
    u64 h = key * 0x9E3779B97F4A7C15ULL;
    Entry *bucket = s->table + ((h >> 20) & s->mask) * BUCKET;
    Entry *slot = NULL;
    for (int i = 0; i < BUCKET; i++) {
        if (bucket[i].key == key || bucket[i].key == 0) {
            slot = bucket + i;
            break;
        }
        if (!slot || bucket[i].size < slot->size) slot = bucket + i;
    }
    slot->key = key;
    slot->lo = (int16_t)lo;
    slot->hi = (int16_t)hi;
    slot->move = (int8_t)move;
    slot->size = (uint8_t)size;
}

/* The shape of the cards held `rem` with `leader` to lead: color by color, the seats
 * holding them from the highest (two bits each: 64 in shape[0], then from bit 16 of
 * shape[1]), how many each color (four bits each, bits 0-15 of shape[1]) and the leader
 * (bits 62-63). */
static inline void shape_of(const Search *s, u64 rem, int leader, u64 shape[2]) {
    u64 seats = 0, rest = (u64)leader << 62;
    int n = 0;
    for (int k = 0; k < 4; k++) {
        unsigned bits = (unsigned)(rem >> (11 * k) & 0x7FF);
        rest |= (u64)popcount(bits) << (4 * k);
        while (bits) {
            int r = high_bit(bits);
            bits &= ~(1u << r);
            u64 seat = (u64)s->owner[11 * k + r];
            if (n < 32)
                seats |= seat << (2 * n);
            else
                rest |= seat << (16 + 2 * (n - 32));
            n++;
        }
    }
    shape[0] = seats;
    shape[1] = rest;
}

/* How far apart the points of two holdings of one shape can be: card for card (the k-th
 * highest of a color in each), the sum of the ranks' differences. */
static inline int apart(u64 a, u64 b) {
    int d = 0;
    for (int k = 0; k < 4; k++) {
        unsigned x = (unsigned)(a >> (11 * k) & 0x7FF), y = (unsigned)(b >> (11 * k) & 0x7FF);
        while (x) {
            int r = high_bit(x), q = high_bit(y);
            d += abs(r - q);
            x &= ~(1u << r);
            y &= ~(1u << q);
        }
    }
    return d;
}

/* The card of `rem` in the place `card` has in `other` (a holding of the same shape). */
static inline int in_place_of(u64 other, u64 rem, int card) {
    int k = card / 11, r = card % 11;
    unsigned x = (unsigned)(other >> (11 * k) & 0x7FF), y = (unsigned)(rem >> (11 * k) & 0x7FF);
    for (int above = popcount(x >> (r + 1)); above > 0; above--) y &= ~(1u << high_bit(y));
    return 11 * k + high_bit(y);
}

static inline Shaped *shaped_bucket(Search *s, const u64 shape[2]) {
    u64 h = (shape[0] ^ shape[1] * 0xC2B2AE3D27D4EB4FULL) * 0x9E3779B97F4A7C15ULL;
    return s->shaped + ((h >> 20) & s->mask) * 2;
}

static inline Shaped *probe_shaped(Search *s, const u64 shape[2]) {
    Shaped *bucket = shaped_bucket(s, shape);
    for (int i = 0; i < 2; i++)
        if (bucket[i].size && bucket[i].shape[0] == shape[0] && bucket[i].shape[1] == shape[1])
            return bucket + i;
    return NULL;
}

/* Keeps a position's bounds under its shape, in place of the last position of that
 * shape (or of the position with fewer cards of the bucket's two). */
static inline void store_shaped(Search *s, const u64 shape[2], u64 rem, int lo, int hi,
                                int move, int size) {
    Shaped *bucket = shaped_bucket(s, shape), *slot = NULL;
    for (int i = 0; i < 2; i++) {
        if (!bucket[i].size || (bucket[i].shape[0] == shape[0] && bucket[i].shape[1] == shape[1])) {
            slot = bucket + i;
            break;
        }
        if (!slot || bucket[i].size < slot->size) slot = bucket + i;
    }
    *slot = (Shaped){{shape[0], shape[1]}, rem, (int16_t)lo, (int16_t)hi, (int8_t)move,
                     (uint8_t)size, {0, 0}};
}

/* The round's last trick, forced: the difference it makes for its leader's side. */
static int last_trick(const u64 h[4]) {
    int c[4];
    for (int i = 0; i < 4; i++) c[i] = high_bit(h[i]);
    int led = c[0] / 11, trump = -1, used = 1 << led, best = 0, top = c[0] % 11;
    int t = top - TRICK_COST;
    for (int k = 1; k < 4; k++) {
        int col = c[k] / 11, r = c[k] % 11;
        t += r;
        if (col == trump || (col == led && trump < 0)) {
            if (r > top) best = k, top = r;
        } else if (col != led && !(used >> col & 1)) {
            trump = col, used |= 1 << col, best = k, top = r;
        }
    }
    return best & 1 ? -t : t;
}

/* Upper bound of the difference's size: the card-point bound (and, with two cards a
 * hand, the larger of |points - 40| and the hands' spreads). */
static int bound(const u64 h[4], int size) {
    int sums[11] = {0};
    for (int j = 0; j < 4; j++) { /* the hand's ranks, highest first, over its colors */
        unsigned a = h[j] & 0x7FF, b = h[j] >> 11 & 0x7FF, c = h[j] >> 22 & 0x7FF,
                 d = h[j] >> 33 & 0x7FF;
        unsigned ranks = a | b | c | d;
        int i = 0;
        while (ranks && i < size) {
            int r = high_bit(ranks);
            ranks &= ~(1u << r);
            int count = (a >> r & 1) + (b >> r & 1) + (c >> r & 1) + (d >> r & 1);
            while (count-- && i < size) sums[i++] += r;
        }
    }
    int spread = 0;
    for (int i = 0; i < size; i++) spread += abs(sums[i] - TRICK_COST);
    if (size == 2) {
        int points = 0, spreads = 0;
        for (int j = 0; j < 4; j++) {
            int a = high_bit(h[j]), b = low_bit(h[j]);
            points += a % 11 + b % 11;
            spreads += abs(a % 11 - b % 11);
        }
        int other = abs(points - 2 * TRICK_COST);
        if (spreads > other) other = spreads;
        if (other < spread) spread = other;
    }
    return spread;
}

/* Cards in order of a history of cut-offs, most first (stable). */
static void by_history(int8_t *cards, int n, const int32_t *history) {
    for (int i = 1; i < n; i++) {
        int8_t c = cards[i];
        int j = i;
        while (j > 0 && history[cards[j - 1]] < history[c]) {
            cards[j] = cards[j - 1];
            j--;
        }
        cards[j] = c;
    }
}

static int test(Search *s, u64 rem, int leader, int beta) {
    const u64 *own = s->own;
    int s2 = (leader + 1) & 3, s3 = (leader + 2) & 3, s4 = (leader + 3) & 3;
    u64 h[4] = {rem & own[leader], rem & own[s2], rem & own[s3], rem & own[s4]};
    int size = popcount(h[0]);
    if (size == 1) return last_trick(h);
    if (s->stopped) return 0;
    if ((++s->nodes & 0xFFFF) == 0) { /* about every 15 ms */
        if (s->on_main) { /* signal handlers run in the main thread, with the lock */
            PyEval_RestoreThread(s->saved);
            int raised = PyErr_CheckSignals() < 0;
            s->saved = PyEval_SaveThread();
            if (raised) {
                s->stopped = STOPPED_RAISED;
                return 0;
            }
        }
        if (s->deadline > 0 && monotonic() > s->deadline) {
            s->stopped = STOPPED_LATE;
            return 0;
        }
    }
    u64 key = rem << 2 | (u64)leader;
    Entry *e = probe(s, key);
    int lo, hi, hint = -1;
    if (e) {
        lo = e->lo;
        if (lo >= beta) return lo;
        hi = e->hi;
        if (hi < beta) return hi;
        hint = e->move;
    } else {
        int spread = bound(h, size);
        if (spread < beta || -spread >= beta) {
            store(s, key, -spread, spread, -1, size);
            return spread < beta ? spread : -spread;
        }
        lo = -spread;
        hi = spread;
    }
    u64 shape[2];
    if (size >= SHAPED_FROM) { /* a position of the same shape: its bounds, widened */
        shape_of(s, rem, leader, shape);
        Shaped *g = probe_shaped(s, shape);
        if (g && (!e || g->rem != rem)) {
            int d = apart(rem, g->rem);
            if (g->lo - d > lo) lo = g->lo - d;
            if (g->hi + d < hi) hi = g->hi + d;
            if (lo >= beta || hi < beta) {
                store(s, key, lo, hi, hint, size);
                return lo >= beta ? lo : hi;
            }
            if (hint < 0 && g->move >= 0) hint = in_place_of(g->rem, rem, g->move);
        }
    }
    int8_t leads[11];
    int nleads = choices(h, 0, h[0], rem, 0, -1, 0, 0, 0, leads);
    /* Order: the table's best lead, then by history (stable). */
    int32_t *history = s->history;
    by_history(leads, nleads, history);
    if (hint >= 0) {
        for (int i = 0; i < nleads; i++) {
            if (leads[i] == hint) {
                memmove(leads + 1, leads, (size_t)i);
                leads[0] = (int8_t)hint;
                break;
            }
        }
    }
    int best1 = -INF, move = -1;
    for (int i1 = 0; i1 < nleads; i1++) {
        int c1 = leads[i1];
        int led = c1 / 11, r1 = c1 % 11;
        u64 follow = h[1] & COLOR_MASK[led];
        u64 m2 = follow ? follow : h[1];
        int8_t seconds[11];
        int n2 = (m2 & (m2 - 1)) ? choices(h, 1, m2, rem, led, -1, 1 << led, 0, r1, seconds)
                                 : (seconds[0] = (int8_t)high_bit(m2), 1);
        int best2 = INF;
        for (int i2 = 0; i2 < n2; i2++) {
            int c2 = seconds[i2];
            int r2 = c2 % 11, trump, used, bs2, top2;
            if (follow) {
                trump = -1;
                used = 1 << led;
                if (r2 > r1)
                    bs2 = 1, top2 = r2;
                else
                    bs2 = 0, top2 = r1;
            } else {
                trump = c2 / 11;
                used = 1 << led | 1 << trump;
                bs2 = 1;
                top2 = r2;
            }
            u64 m3 = legal_of(h[2], led, trump, used);
            int8_t thirds[11];
            int n3 = (m3 & (m3 - 1))
                         ? choices(h, 2, m3, rem, led, trump, used, bs2, top2, thirds)
                         : (thirds[0] = (int8_t)high_bit(m3), 1);
            u64 rem2 = rem & ~(1ULL << c1 | 1ULL << c2);
            int p2 = r1 + r2 - TRICK_COST;
            int best3 = -INF;
            for (int i3 = 0; i3 < n3; i3++) {
                int c3 = thirds[i3];
                int r3 = c3 % 11, k3 = c3 / 11;
                int trump3 = trump, used3 = used, bs3 = bs2, top3 = top2;
                if (k3 == trump) {
                    if (r3 > top2) bs3 = 2, top3 = r3;
                } else if (k3 == led) {
                    if (trump < 0 && r3 > top2) bs3 = 2, top3 = r3;
                } else if (!(used >> k3 & 1)) {
                    trump3 = k3, used3 = used | 1 << k3, bs3 = 2, top3 = r3;
                }
                u64 rem3 = rem2 & ~(1ULL << c3);
                int p3 = p2 + r3;
                u64 m4 = legal_of(h[3], led, trump3, used3);
                Option options[22];
                int n4 = fourth(m4, rem3, led, trump3, used3, bs3, top3, p3, options);
                int beaten = (leader + bs3) & 3;
                int best4 = INF;
                if (size > 3) { /* enhanced transposition cut-off: a child's stored bound */
                    for (int i4 = 0; i4 < n4; i4++) {
                        Option o = options[i4];
                        u64 rem4 = rem3 & ~(1ULL << o.card);
                        int w = o.takes ? s4 : beaten;
                        Entry *c = probe(s, rem4 << 2 | (u64)w);
                        if (!c) continue;
                        /* v for the leader's side: t + child (same side) or -t - child */
                        int v = ((w ^ leader) & 1) ? -o.t - c->lo : o.t + c->hi;
                        if (v < beta) {
                            best4 = v;
                            break;
                        }
                    }
                }
                if (best4 < beta) goto cut4;
                for (int i4 = 0; i4 < n4; i4++) {
                    Option o = options[i4];
                    u64 rem4 = rem3 & ~(1ULL << o.card);
                    int w = o.takes ? s4 : beaten;
                    int v;
                    if ((w ^ leader) & 1)
                        v = -o.t - test(s, rem4, w, 1 - beta - o.t);
                    else
                        v = o.t + test(s, rem4, w, beta - o.t);
                    if (v < best4) {
                        best4 = v;
                        if (v < beta) break;
                    }
                }
            cut4:
                if (best4 > best3) {
                    best3 = best4;
                    if (best3 >= beta) break;
                }
            }
            if (best3 < best2) {
                best2 = best3;
                if (best2 < beta) break;
            }
        }
        if (best2 > best1) {
            best1 = best2;
            move = c1;
            if (best1 >= beta) {
                history[c1] += size * size;
                break;
            }
        }
    }
    if (s->stopped) return 0;
    if (best1 >= beta)
        lo = best1;
    else
        hi = best1;
    store(s, key, lo, hi, move, size);
    if (size >= SHAPED_FROM) store_shaped(s, shape, rem, lo, hi, move, size);
    return best1;
}

/* A started trick's (or, with `skip`, an empty one's) fail-soft null-window test for the
 * side to move, which may not play `skip` (if >= 0); `trick` holds its `n` cards. Every
 * legal card is tried: these positions are few (a problem's or a line's). */
static int after(Search *s, u64 rem, int leader, const int *trick, int n, int card, int beta);

static int node(Search *s, u64 rem, int leader, const int *trick, int n, int beta, int skip) {
    if (n == 0 && skip < 0) return rem ? test(s, rem, leader, beta) : 0;
    int seat = (leader + n) & 3;
    u64 playable = rem & s->own[seat];
    int8_t cards[44];
    int count = 0;
    if (n) {
        int led = trick[0] / 11, trump = -1, used = 1 << led, best = 0, top = trick[0] % 11;
        int p = trick[0] % 11 - TRICK_COST;
        u64 start = rem | 1ULL << trick[0];
        for (int k = 1; k < n; k++) {
            int c = trick[k] / 11, r = trick[k] % 11;
            p += r;
            start |= 1ULL << trick[k];
            if (c == trump || (c == led && trump < 0)) {
                if (r > top) best = k, top = r;
            } else if (c != led && !(used >> c & 1)) {
                trump = c, used |= 1 << c, best = k, top = r;
            }
        }
        playable = legal_of(playable, led, trump, used);
        if (skip < 0) { /* the cards worth trying, as at a trick's start */
            u64 h[4];
            for (int i = 0; i < 4; i++) h[i] = rem & s->own[(leader + i) & 3];
            if (n < 3) {
                count = choices(h, n, playable, start, led, trump, used, best, top, cards);
            } else {
                Option options[22];
                count = fourth(playable, rem, led, trump, used, best, top, p, options);
                for (int i = 0; i < count; i++) cards[i] = options[i].card;
            }
        }
    }
    if (skip >= 0) playable &= ~(1ULL << skip);
    if (!count) { /* every card: the side may not play one it holds */
        for (int k = 0; k < 4; k++) {
            unsigned bits = (unsigned)(playable >> (11 * k) & 0x7FF);
            while (bits) {
                int r = high_bit(bits);
                bits &= ~(1u << r);
                cards[count++] = (int8_t)(11 * k + r);
            }
        }
    }
    int found = -INF;
    for (int i = 0; i < count; i++) {
        int v = after(s, rem, leader, trick, n, cards[i], beta);
        if (s->stopped) return 0;
        if (v > found) {
            found = v;
            if (v >= beta) return found;
        }
    }
    return found;
}

/* node()'s test for the side to move after it plays `card`. */
static int after(Search *s, u64 rem, int leader, const int *trick, int n, int card, int beta) {
    int seat = (leader + n) & 3;
    int played[4];
    for (int k = 0; k < n; k++) played[k] = trick[k];
    played[n] = card;
    rem &= ~(1ULL << card);
    if (n < 3) return -node(s, rem, leader, played, n + 1, 1 - beta, -1);
    int led = played[0] / 11, trump = -1, used = 1 << led, best = 0, top = played[0] % 11;
    int t = -TRICK_COST;
    for (int k = 0; k < 4; k++) {
        int c = played[k] / 11, r = played[k] % 11;
        t += r;
        if (!k) continue;
        if (c == trump || (c == led && trump < 0)) {
            if (r > top) best = k, top = r;
        } else if (c != led && !(used >> c & 1)) {
            trump = c, used |= 1 << c, best = k, top = r;
        }
    }
    int taker = (leader + best) & 3;
    if (((taker ^ seat) & 1) == 0) return t + (rem ? test(s, rem, taker, beta - t) : 0);
    return -t - (rem ? test(s, rem, taker, 1 - beta - t) : 0);
}

/* Python glue. */

/* Takes the search for this thread and lets the interpreter's lock go (waiting, without
 * it, while another thread searches with this object); 0, or -1 with an exception set:
 * a search asked again from its own thread (a signal handler's, say), a time limit
 * already spent, or a signal handler's error while the main thread waited. leave()
 * gives both back. */
static int enter(Search *self) {
    unsigned long me = PyThread_get_thread_ident();
    if (!self->lock || !self->table) {
        PyErr_SetString(PyExc_RuntimeError, "the search was not set up (Search(h0, h1, h2, h3))");
        return -1;
    }
    if (self->holder == me) {
        PyErr_SetString(PyExc_RuntimeError, "this search is already running in this thread");
        return -1;
    }
    if (self->deadline > 0 && monotonic() > self->deadline) {
        PyErr_SetString(PyExc_TimeoutError, "the solver's time limit ran out");
        return -1;
    }
    PyThreadState *state = PyEval_SaveThread();
    /* waiting for another thread's search, the main thread still runs signal handlers */
    while (PyThread_acquire_lock_timed(self->lock, 20000, 0) != PY_LOCK_ACQUIRED) {
        if (me != main_ident) continue;
        PyEval_RestoreThread(state);
        if (PyErr_CheckSignals() < 0) return -1;
        state = PyEval_SaveThread();
    }
    self->holder = me;
    self->saved = state;
    self->on_main = me == main_ident;
    self->stopped = 0;
    return 0;
}

/* Gives the search back and takes the interpreter's lock again: ``found`` as a Python
 * int, or NULL with the exception that stopped the search. */
static PyObject *leave(Search *self, int found) {
    PyThreadState *state = self->saved;
    int stopped = self->stopped;
    self->holder = 0;
    PyThread_release_lock(self->lock);
    PyEval_RestoreThread(state);
    if (stopped == STOPPED_LATE) {
        PyErr_SetString(PyExc_TimeoutError, "the solver's time limit ran out");
        return NULL;
    }
    if (stopped) return NULL; /* the handler's exception */
    return PyLong_FromLong(found);
}

/* The arguments every entry point shares: the cards held, the leader, the trick (a tuple
 * of card bits, checked against the hands), and a bound. */
static int read_position(Search *self, PyObject *rem_obj, PyObject *leader_obj,
                         PyObject *trick_obj, PyObject *beta_obj, u64 *rem, int *leader,
                         int trick[3], int *n, int *beta) {
    unsigned long long r = PyLong_AsUnsignedLongLong(rem_obj);
    long l = PyLong_AsLong(leader_obj);
    long b = PyLong_AsLong(beta_obj);
    if (PyErr_Occurred()) return -1;
    if (!PyTuple_Check(trick_obj) || PyTuple_GET_SIZE(trick_obj) > 3) {
        PyErr_SetString(PyExc_ValueError, "the trick is a tuple of at most 3 card bits");
        return -1;
    }
    if (l < 0 || l > 3 || r >> 44 || b < -INF || b > INF) {
        PyErr_SetString(PyExc_ValueError, "a position of the round and a bound");
        return -1;
    }
    *n = (int)PyTuple_GET_SIZE(trick_obj);
    int held[4];
    for (int i = 0; i < 4; i++) held[i] = popcount(r & self->own[i]);
    for (int k = 0; k < *n; k++) {
        long c = PyLong_AsLong(PyTuple_GET_ITEM(trick_obj, k));
        if (PyErr_Occurred()) return -1;
        if (c < 0 || c > 43 || (r >> c & 1)) {
            PyErr_SetString(PyExc_ValueError, "a trick's card is still held");
            return -1;
        }
        trick[k] = (int)c;
        held[(l + k) & 3]++;
    }
    for (int i = 1; i < 4; i++) {
        if (held[i] != held[0]) {
            PyErr_SetString(PyExc_ValueError, "every hand must hold as many cards");
            return -1;
        }
    }
    *rem = r;
    *leader = (int)l;
    *beta = (int)b;
    return 0;
}

static PyObject *Search_node(Search *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 && nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "node(rem, leader, trick, beta, skip=-1)");
        return NULL;
    }
    u64 rem;
    int leader, trick[3], n, beta;
    if (read_position(self, args[0], args[1], args[2], args[3], &rem, &leader, trick, &n,
                      &beta) < 0)
        return NULL;
    long skip = nargs == 5 ? PyLong_AsLong(args[4]) : -1;
    if (PyErr_Occurred()) return NULL;
    if (skip < -1 || skip > 43) {
        PyErr_SetString(PyExc_ValueError, "skip is a card's bit, or -1");
        return NULL;
    }
    if (enter(self) < 0) return NULL;
    int found = node(self, rem, leader, trick, n, beta, (int)skip);
    return leave(self, found);
}

static PyObject *Search_after(Search *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "after(rem, leader, trick, card, beta)");
        return NULL;
    }
    u64 rem;
    int leader, trick[3], n, beta;
    if (read_position(self, args[0], args[1], args[2], args[4], &rem, &leader, trick, &n,
                      &beta) < 0)
        return NULL;
    long card = PyLong_AsLong(args[3]);
    if (PyErr_Occurred()) return NULL;
    if (card < 0 || card > 43 || !(rem >> card & 1) ||
        !(self->own[(leader + n) & 3] >> card & 1)) {
        PyErr_SetString(PyExc_ValueError, "the card is not held by the seat to move");
        return NULL;
    }
    if (enter(self) < 0) return NULL;
    int found = after(self, rem, leader, trick, n, (int)card, beta);
    return leave(self, found);
}

/* The tables of the last search let go, kept for the next one of their size: a search
 * of 8 cards a hand takes a few milliseconds, and tables fresh from the system cost as
 * much again (4 ms to fill 8 MiB whose pages the system zeroes one by one as they are
 * first touched, against half a millisecond for memory already in use). At most one
 * pair is kept (64 MiB at most, after a search of 11 cards a hand). They are taken and
 * given back only with the interpreter's lock held (a search lets it go only while it
 * searches its own tables), so searches in threads never share them. */
static Entry *spare_table;
static Shaped *spare_shaped;
static u64 spare_mask;

static void free_spare(void) {
    free(spare_table);
    free(spare_shaped);
    spare_table = NULL;
    spare_shaped = NULL;
}

/* The search's tables for 2^bits buckets each, empty; 0, or -1 without the memory. */
static int take_tables(Search *self, int bits) {
    u64 mask = ((u64)1 << bits) - 1;
    size_t bytes = (size_t)(mask + 1) * BUCKET * sizeof(Entry); /* buckets of one cache line */
    size_t shaped_bytes = (size_t)(mask + 1) * 2 * sizeof(Shaped);
    if (spare_table && spare_mask == mask) {
        self->table = spare_table;
        self->shaped = spare_shaped;
        spare_table = NULL;
        spare_shaped = NULL;
    } else {
        free_spare();
        self->table = aligned_alloc(64, bytes);
        self->shaped = aligned_alloc(64, shaped_bytes);
        if (!self->table || !self->shaped) {
            free(self->table);
            free(self->shaped);
            self->table = NULL;
            self->shaped = NULL;
            return -1;
        }
    }
    memset(self->table, 0, bytes);
    memset(self->shaped, 0, shaped_bytes);
    self->mask = mask;
    return 0;
}

/* Lets the search's tables go, kept as the spare pair. */
static void release(Search *self) {
    if (!self->table) return;
    free_spare();
    spare_table = self->table;
    spare_shaped = self->shaped;
    spare_mask = self->mask;
    self->table = NULL;
    self->shaped = NULL;
}

static int Search_init(Search *self, PyObject *args, PyObject *kwds) {
    unsigned long long h[4];
    static char *kwlist[] = {"h0", "h1", "h2", "h3", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "KKKK", kwlist, &h[0], &h[1], &h[2], &h[3]))
        return -1;
    int most = 0;
    for (int i = 0; i < 4; i++) {
        if (h[i] >> 44) {
            PyErr_SetString(PyExc_ValueError, "a hand is a bit set of the 44 cards");
            return -1;
        }
        if (popcount(h[i]) > most) most = popcount(h[i]);
    }
    if (self->lock) { /* set up once: a search in another thread reads its hands */
        PyErr_SetString(PyExc_RuntimeError, "a Search is set up once; make another");
        return -1;
    }
    if (!(self->lock = PyThread_allocate_lock())) {
        PyErr_NoMemory();
        return -1;
    }
    /* Buckets by the cards a hand: about a table entry for each position a search of
     * that size meets, up to 2^BITS_MOST buckets (32 MiB a table). */
    int bits = most <= 5 ? 10 : 10 + 2 * (most - 5);
    if (bits > BITS_MOST) bits = BITS_MOST;
    for (int i = 0; i < 4; i++) self->own[i] = h[i];
    for (int c = 0; c < 44; c++) {
        self->owner[c] = 0;
        for (int i = 0; i < 4; i++)
            if (h[i] >> c & 1) self->owner[c] = (int8_t)i;
    }
    if (take_tables(self, bits) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    memset(self->history, 0, sizeof self->history);
    self->nodes = 0;
    self->deadline = 0;
    return 0;
}

static void Search_dealloc(Search *self) {
    release(self);
    if (self->lock) PyThread_free_lock(self->lock);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Search_test(Search *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "test(rem, leader, beta)");
        return NULL;
    }
    unsigned long long rem = PyLong_AsUnsignedLongLong(args[0]);
    long leader = PyLong_AsLong(args[1]);
    long beta = PyLong_AsLong(args[2]);
    if (PyErr_Occurred()) return NULL;
    if (leader < 0 || leader > 3 || rem >> 44 || beta < -INF || beta > INF) {
        PyErr_SetString(PyExc_ValueError, "test: a position of the round and a bound");
        return NULL;
    }
    for (int i = 0; i < 4; i++) {
        if (popcount(rem & self->own[i]) != popcount(rem & self->own[0])) {
            PyErr_SetString(PyExc_ValueError, "test: every hand must hold as many cards");
            return NULL;
        }
    }
    if (!rem) return PyLong_FromLong(0);
    if (enter(self) < 0) return NULL;
    int found = test(self, rem, (int)leader, (int)beta);
    return leave(self, found);
}

static PyObject *Search_limit(Search *self, PyObject *arg) {
    double seconds = PyFloat_AsDouble(arg);
    if (seconds == -1.0 && PyErr_Occurred()) return NULL;
    if (!(seconds > 0)) {
        PyErr_SetString(PyExc_ValueError, "a time limit is a number of seconds above 0");
        return NULL;
    }
    self->deadline = monotonic() + seconds;
    Py_RETURN_NONE;
}

static PyObject *Search_get_nodes(Search *self, void *closure) {
    (void)closure;
    return PyLong_FromUnsignedLongLong(self->nodes);
}

static PyMethodDef Search_methods[] = {
    {"test", (PyCFunction)(void (*)(void))Search_test, METH_FASTCALL,
     "test(rem, leader, beta): the fail-soft null-window test at a trick's start."},
    {"limit", (PyCFunction)Search_limit, METH_O,
     "limit(seconds): every search from now stops with TimeoutError once they are spent."},
    {"node", (PyCFunction)(void (*)(void))Search_node, METH_FASTCALL,
     "node(rem, leader, trick, beta, skip=-1): the test of any position of the round."},
    {"after", (PyCFunction)(void (*)(void))Search_after, METH_FASTCALL,
     "after(rem, leader, trick, card, beta): node()'s test after the side to move plays card."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "Tricks searched so far.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "printables.paradox._core.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The searches of one Costly Tricks round: its hands and one table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_core",
    "The Costly Tricks double-dummy search, compiled (see printables.paradox.solver).", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    for (int c = 0; c < 4; c++) COLOR_MASK[c] = (u64)0x7FF << (11 * c);
    for (int x = 1; x < 2048; x++) BITS11[x] = (uint8_t)(BITS11[x >> 1] + (x & 1));
    for (int used = 0; used < 16; used++) {
        USED_MASK[used] = 0;
        for (int c = 0; c < 4; c++)
            if (used >> c & 1) USED_MASK[used] |= COLOR_MASK[c];
    }
    PyObject *threading = PyImport_ImportModule("threading");
    if (!threading) return NULL;
    PyObject *main_thread = PyObject_CallMethod(threading, "main_thread", NULL);
    Py_DECREF(threading);
    if (!main_thread) return NULL;
    PyObject *ident = PyObject_GetAttrString(main_thread, "ident");
    Py_DECREF(main_thread);
    if (!ident) return NULL;
    main_ident = PyLong_AsUnsignedLong(ident);
    Py_DECREF(ident);
    if (PyErr_Occurred()) return NULL;
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) {
        Py_DECREF(&SearchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
