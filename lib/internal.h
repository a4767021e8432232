/*
 * internal.h: declarations shared by the library's modules; never installed.
 *
 * Functions here are not static but not public: they are named gr__name
 * and hidden by -fvisibility=hidden.  Data flows one way:
 * cards -> melds -> layoff -> rules/settle -> rng/game/view/save -> match.
 * Each section belongs to one module; keep it next to its peers.
 */
#ifndef GR_INTERNAL_H
#define GR_INTERNAL_H

#include "ginrummy.h"

#include <stdbool.h>

/* ---- cards.c ------------------------------------------------------------- */

/* the 13-bit rank mask m (bit 0 = ace) repeated in every suit */
#define GR_EVERY_SUIT(m) \
    ((gr_cards)(m) | (gr_cards)(m) << 13 | (gr_cards)(m) << 26 | (gr_cards)(m) << 39)

/* true if the set has no bit above 51 */
static inline bool gr__cards_valid(gr_cards cards)
{
    return (cards & ~GR_ALL_CARDS) == 0;
}

/* a function kept out of its caller, for a rare path whose registers
 * would slow down the common one */
#if defined(__GNUC__)
#  define GR__NOINLINE __attribute__((noinline))
#else
#  define GR__NOINLINE
#endif

/* Without -mpopcnt (the library is built for any x86-64) the builtin is a
 * call into libgcc; the bit-slicing version is a dozen inline instructions. */
static inline int gr__popcount(gr_cards cards)
{
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(cards);
#else
    cards -= (cards >> 1) & 0x5555555555555555ull;
    cards = (cards & 0x3333333333333333ull) + ((cards >> 2) & 0x3333333333333333ull);
    cards = (cards + (cards >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((cards * 0x0101010101010101ull) >> 56);
#endif
}

/* points of a valid set (no check) */
int gr__cards_points(gr_cards cards);

/* white space as the C locale's isspace(), without depending on the locale */
static inline bool gr__is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'
        || c == '\r';
}

/* Text written with snprintf semantics (gr_card_format, gr_game_save):
 * bytes past size are dropped, len counts them all, and the text stays
 * NUL-terminated.  buf may be NULL when size is 0. */
typedef struct gr_writer {
    char  *buf;
    size_t size;
    size_t len;     /* the length the whole text needs so far */
} gr_writer;

void gr__write_start(gr_writer *w, char *buf, size_t size);
void gr__write_str(gr_writer *w, const char *s);
/* a valid card as gr_card_format writes it ("AC", "10H") */
void gr__write_card(gr_writer *w, gr_card card);
/* a valid set as gr_cards_format writes it ("AC 2C 10D") */
void gr__write_cards(gr_writer *w, gr_cards cards);

/* ---- melds.c ------------------------------------------------------------- */

/* least deadwood of a valid hand (no argument checks) */
int gr__deadwood(gr_cards hand);
/* Least deadwood of a valid hand when the cards `runs` (disjoint from it,
 * a union of runs of 3+: the knocker's runs) may join its runs and never
 * its sets, and its cards `free` and `open` (4th cards of the knocker's
 * 3-sets) count nothing when dead; an `open` card may also be laid off
 * while it could be in a run of his own.  In *laid the cards laid off:
 * the hand's cards that join those runs, and the free and open ones left
 * dead or laid off.  Of the least-deadwood choices, the one laying off
 * most cards, then the numerically least mask.  In *sets the cards of
 * the sets of gr__arrange(hand & ~*laid).  -1 (and *laid, *sets
 * untouched) when the hand has too many set/run conflicts for the fast
 * path. */
int gr__deadwood_runs(gr_cards hand, gr_cards runs, gr_cards free,
                      gr_cards open, gr_cards *laid, gr_cards *sets);
/* gr__arrange(hand) when its sets are known to be `sets` */
int gr__arrange_sets(gr_cards hand, gr_cards sets, gr_arrangement *out);
/* least-deadwood arrangement of a valid hand (no checks); returns deadwood */
int gr__arrange(gr_cards hand, gr_arrangement *out);
/* GR_MELD_SET, GR_MELD_RUN or 0 for a valid set (no checks) */
int gr__meld_kind(gr_cards cards);
/* What the melds of an arrangement take in layoffs (G17): the cards of its
 * runs (chains extend them) and the missing 4th cards of its 3-card sets. */
typedef struct gr__targets {
    gr_cards runs, fourths;
} gr__targets;
/* Validate an arrangement given by a caller: real, disjoint melds, deadwood
 * disjoint from them, nmelds in range, entries past nmelds zero,
 * deadwood_points consistent.  Writes all its cards to *cards and, if t is
 * not NULL, its layoff targets to *t (one pass: gr_lay_off runs it on
 * every call).  GR_OK or GR_EINVAL. */
int gr__arrangement_check(const gr_arrangement *a, gr_cards *cards,
                          gr__targets *t);
/* Only the structure of an arrangement: not NULL, nmelds in range, no bit
 * above 51 anywhere.  Lets a caller tell a malformed argument (GR_EINVAL)
 * from a well-formed arrangement that breaks the rules. */
bool gr__arrangement_well_formed(const gr_arrangement *a);

/* ---- layoff.c ------------------------------------------------------------ */

/* gr_lay_off on an already validated knocker arrangement */
int gr__lay_off(const gr_arrangement *knocker, gr_cards defender, gr_layoff *out);
/* the defender's best own arrangement, no layoff (after gin without layoff) */
int gr__defend_without_layoff(gr_cards defender, gr_layoff *out);

/* ---- alloc.c ------------------------------------------------------------- */

/* NULL, or both functions present */
bool gr__allocator_valid(const gr_allocator *mm);
/* *mm, or the all-NULL allocator (malloc and free) for NULL */
gr_allocator gr__allocator_or_default(const gr_allocator *mm);
void *gr__malloc(const gr_allocator *mm, size_t size);
void  gr__free(const gr_allocator *mm, void *ptr);

/* ---- rules.c ------------------------------------------------------------- */

struct gr_rules {
    int opt[GR_OPT_COUNT];
    gr_allocator mm;       /* inherited by games and matches made from these rules */
};

/* true if `name` is `want` (lower case) but for the case of ASCII letters:
 * the lookups of option, preset and bot names */
bool gr__name_is(const char *name, const char *want);

/* ---- settle.c ------------------------------------------------------------ */

/* Settle with an explicit knock limit and score multiplier (the game passes
 * the Oklahoma values); `defense` NULL = optimal.  Arguments validated by
 * the caller (valid knocker arrangement, disjoint hands, defense checked
 * with gr_layoff_check).  The result is relative to the knocker: knocker 0,
 * winner 0 (knocker) or 1 (defender); the game maps them to its players.
 * Wrong card counts give a void result (G28, GR_OK).  GR_EILLEGAL, out
 * untouched, if the knocker's deadwood is over knock_limit (G29), or if
 * `defense` lays off after gin when the rules forbid it (G18). */
int gr__settle(const gr_rules *rules, int knock_limit, int multiplier,
               const gr_arrangement *knocker, gr_cards defender,
               const gr_layoff *defense, gr_hand_result *out);
/* The knock limit and score multiplier of a hand whose first upcard is
 * `upcard`: GR_OPT_KNOCK_LIMIT and 1, or under Oklahoma those of G33. */
void gr__oklahoma(const gr_rules *rules, gr_card upcard, int *knock_limit,
                  int *multiplier);

/* ---- rng.c --------------------------------------------------------------- */

/* xoshiro256** seeded through splitmix64: same sequence on every platform */
typedef struct gr_rng {
    uint64_t s[4];
} gr_rng;

void     gr__rng_seed(gr_rng *rng, uint64_t seed);
uint64_t gr__rng_next(gr_rng *rng);
/* uniform in [0, bound), bound > 0, without modulo bias */
uint64_t gr__rng_below(gr_rng *rng, uint64_t bound);
/* unbiased Fisher-Yates */
void     gr__shuffle(gr_rng *rng, gr_card *cards, int n);

/* ---- game.c (with view.c and save.c) ------------------------------------- */

/* moves kept inside the game before the history moves to the heap */
#define GR_HISTORY_INLINE 96

struct gr_game {
    gr_rules  rules;             /* a copy (the game owns it) */
    gr_card   deck[GR_NCARDS];   /* the deal, as gr_game_new_from_deck takes it */
    int       dealer;
    int       phase;             /* GR_PHASE_* */
    int       turn;              /* player to act */
    bool      stock_only;        /* both passed the upcard: draw from the stock */
    gr_card   taken;             /* card taken from the pile this turn (G11),
                                    or GR_NO_CARD */
    int       knock_limit;       /* G13, or set by the first upcard deck[20] */
    int       multiplier;        /* 1, or 2 for an Oklahoma upcard (G33) */
    int       turnovers;         /* G16 turnover mode */
    gr_cards  hand[2];
    gr_cards  known[2];          /* cards each player took from the pile and
                                    still holds (public, G12) */
    int       nstock;            /* stock[nstock - 1] is the top */
    gr_card   stock[GR_NCARDS];
    int       npile;             /* pile[npile - 1] is the top */
    gr_card   pile[GR_NCARDS];
    /* discard phase: what the 11 cards in hand allow (cached on the draw) */
    gr_cards  knock_ok;          /* discards leaving deadwood <= the limit */
    gr_cards  gin_ok;            /* discards leaving deadwood 0 */
    bool      big_gin_ok;
    /* the end of the hand */
    bool      custom_shown;      /* the knocker chose his arrangement */
    bool      custom_defense;    /* gr_game_defend() was used */
    gr_hand_result result;       /* valid in GR_PHASE_OVER */
    /* the moves played, oldest first */
    int       nhistory, caphistory;
    gr_move  *history;           /* history_inline or a heap block */
    gr_move   history_inline[GR_HISTORY_INLINE];
};

/* the legal moves of the player to act (game.c, for view.c): as
 * gr_game_legal_moves without argument checks */
int gr__game_legal(const gr_game *game, gr_move *out, size_t cap);
/* knock or gin (type GR_MOVE_KNOCK or GR_MOVE_GIN, recorded as given),
 * discarding `discard`, showing `shown` or the least-deadwood arrangement
 * (NULL); fully validated, the game unchanged on error (game.c, for save.c) */
int gr__game_knock(gr_game *game, int type, gr_card discard,
                   const gr_arrangement *shown);

#endif /* GR_INTERNAL_H */
