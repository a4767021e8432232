/*
 * ginrummy.h: the public interface of libginrummy, a rules engine for
 * Gin Rummy.
 *
 * Everything a program needs is declared in this one header.  Rule ids
 * (G1, G2, ...) refer to the rules reference shipped as doc/rules.md.
 *
 * Conventions
 *   - Functions that can fail return an int: GR_OK (0) or a negative GR_E*
 *     code.  Counts and points are returned as non-negative ints.
 *   - Output parameters come first and are named out.  On failure nothing
 *     is written to them unless the function says otherwise.
 *   - Objects with state (gr_rules, gr_game, gr_match) are opaque handles
 *     made by gr_X_new() and released by gr_X_free(); freeing NULL is a
 *     harmless no-op.  Small values are plain integers: a card is a gr_card
 *     (0..51) and a set of cards is a gr_cards bit mask.
 *   - A refused move (GR_EILLEGAL, GR_ESTATE) leaves the handle exactly as
 *     it was.
 *   - ABI: every public struct the library writes or reads (gr_arrangement,
 *     gr_layoff, gr_allocator, gr_option_info, gr_hand_result, gr_move,
 *     gr_view, gr_score) ends with reserved space, a `reserved` array.
 *     The library writes it as zeros and refuses with GR_EINVAL an input
 *     struct whose reserved space is not all zero, so initialise input
 *     structs whole (`gr_hand_result r = {0};`, memset, or a struct the
 *     library filled).  Fields added in 0.x are carved out of the reserve:
 *     sizeof of these structs never changes within 0.x, the library never
 *     writes past it, and a program built against an older 0.x header keeps
 *     working.  GR_NCARDS and GR_MAX_MOVES, which size arrays in gr_view,
 *     are fixed for 0.x too.
 *
 * Threads
 *   The library has no mutable global state.  Different handles may be used
 *   from different threads at once; one handle must be used by one thread at
 *   a time.  The pure functions (cards, melds, layoff, settle) are safe to
 *   call from any thread.
 */
#ifndef GINRUMMY_H
#define GINRUMMY_H

#include <stddef.h>
#include <stdint.h>

#include <ginrummy/version.h>

#ifdef __cplusplus
extern "C" {
#endif

/* GR_API marks the exported functions.  On Windows the DLL exports them
 * when it is built (GR_BUILDING_LIBRARY) and its users import them; define
 * GR_STATIC to link the static library instead. */
#if defined(_WIN32) && defined(GR_BUILDING_LIBRARY)
#  define GR_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(GR_STATIC)
#  define GR_API __declspec(dllimport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define GR_API __attribute__((visibility("default")))
#else
#  define GR_API
#endif

/* ------------------------------------------------------------------------
 * Status codes and version
 * ------------------------------------------------------------------------ */

/* Status codes.  Append-only: values are never renumbered.  The enums of
 * this header are named types for documentation (gr_status, gr_suit, ...);
 * the functions take and return int, so the ABI does not depend on them. */
typedef enum gr_status {
    GR_OK       =  0,   /* success */
    GR_EINVAL   = -1,   /* bad argument: NULL, out of range, malformed */
    GR_ESTATE   = -2,   /* the call does not fit the current phase */
    GR_EILLEGAL = -3,   /* the move or arrangement is against the rules */
    GR_ENOMEM   = -4,   /* out of memory */
    GR_ESPACE   = -5,   /* an output buffer is too small; reserved: no
                           function returns it today (the text writers
                           return the length needed, as snprintf) */
    GR_EPARSE   = -6    /* unreadable text */
} gr_status;

/* A short English description of a status code; never NULL, also for
 * unknown codes.  The string is static: do not free it. */
GR_API const char *gr_strerror(int code);

/* The run-time library version, "MAJOR.MINOR.PATCH" (static string).
 * Compare with GR_VERSION_STRING from <ginrummy/version.h> to detect a
 * header/library mismatch. */
GR_API const char *gr_version(void);

/* The run-time version as GR_VERSION_NUMBER: MAJOR*10000 + MINOR*100 + PATCH. */
GR_API int gr_version_number(void);

/* ------------------------------------------------------------------------
 * Cards (G1, G2)
 * ------------------------------------------------------------------------ */

/* A card: suit * 13 + rank.  Rank 0 is the ace, 1 the two, ... 9 the ten,
 * 10 jack, 11 queen, 12 king.  Suit 0 clubs, 1 diamonds, 2 hearts,
 * 3 spades.  Valid cards are 0..51. */
typedef uint8_t gr_card;

/* A set of cards: bit c is set when card c is in the set.  Bits 52..63 must
 * be zero: every function taking a gr_cards returns GR_EINVAL otherwise. */
typedef uint64_t gr_cards;

typedef enum gr_suit {
    GR_CLUBS = 0, GR_DIAMONDS = 1, GR_HEARTS = 2, GR_SPADES = 3
} gr_suit;
typedef enum gr_rank {
    GR_ACE = 0, GR_TWO, GR_THREE, GR_FOUR, GR_FIVE, GR_SIX, GR_SEVEN,
    GR_EIGHT, GR_NINE, GR_TEN, GR_JACK, GR_QUEEN, GR_KING
} gr_rank;

#define GR_NCARDS        52
#define GR_NO_CARD       ((gr_card)0xFF)          /* "no card" marker */
#define GR_CARD(rank, suit) ((gr_card)((suit) * 13 + (rank)))
#define GR_CARD_RANK(card)  ((int)(card) % 13)
#define GR_CARD_SUIT(card)  ((int)(card) / 13)
#define GR_CARD_BIT(card)   ((gr_cards)1 << (card))
#define GR_ALL_CARDS        ((gr_cards)0xFFFFFFFFFFFFFull)   /* bits 0..51 */

/* Points of one card (G2): ace 1, two to ten their pip value, J Q K 10.
 * GR_EINVAL if card > 51. */
GR_API int gr_card_points(gr_card card);

/* Parse one card: rank A 2-9 10 T J Q K, then suit C D H S or one of the
 * symbols ♣ ♦ ♥ ♠ (and their white forms ♧ ♢ ♡ ♤), case-insensitive:
 * "AS", "as", "10h", "Th", "tS", "Q♦".  Leading and trailing white space is
 * allowed.  GR_EPARSE if the text is not exactly one card, GR_EINVAL for
 * NULL. */
GR_API int gr_card_parse(const char *text, gr_card *out);

/* Parse a set of cards separated by white space and/or commas: "AS 2S,3S".
 * An empty or blank text is the empty set.  GR_EPARSE on the first token
 * that is not a card, GR_EINVAL if a card appears twice or for NULL.
 * *out is written only on success. */
GR_API int gr_cards_parse(const char *text, gr_cards *out);

/* Write one card as text ("AC", "10H", "KS") with snprintf semantics: at
 * most size bytes including the terminating NUL are written, and the length
 * the full text needs (without the NUL) is returned.  buf may be NULL when
 * size is 0.  GR_EINVAL if card > 51 or buf is NULL with size > 0. */
GR_API int gr_card_format(gr_card card, char *buf, size_t size);

/* Write a set of cards as text, in card order (clubs A..K, then diamonds,
 * hearts, spades), separated by single spaces: "AC 2C 10D KS".  The empty
 * set is "".  snprintf semantics as gr_card_format.  GR_EINVAL for bits
 * above 51. */
GR_API int gr_cards_format(gr_cards cards, char *buf, size_t size);

/* The sum of the points (G2) of the cards; GR_EINVAL for bits above 51. */
GR_API int gr_cards_points(gr_cards cards);

/* The number of cards in the set; GR_EINVAL for bits above 51. */
GR_API int gr_cards_count(gr_cards cards);

/* ------------------------------------------------------------------------
 * Melds and deadwood (G4, G5): pure functions, no handle
 * ------------------------------------------------------------------------ */

typedef enum gr_meld_type { GR_MELD_SET = 1, GR_MELD_RUN = 2 } gr_meld_type;

/* GR_MELD_SET for 3 or 4 cards of one rank, GR_MELD_RUN for 3 or more
 * consecutive cards of one suit (ace low only: A-2-3 is a run, Q-K-A is
 * not), 0 for anything else.  GR_EINVAL for bits above 51. */
GR_API int gr_meld_kind(gr_cards cards);

#define GR_MAX_MELDS 17   /* 52 cards / 3 */

/* A hand arranged into melds and deadwood. */
typedef struct gr_arrangement {
    int      nmelds;                 /* number of melds, 0..GR_MAX_MELDS */
    gr_cards melds[GR_MAX_MELDS];    /* disjoint melds; entries past nmelds are 0 */
    gr_cards deadwood;               /* the cards in no meld */
    int      deadwood_points;        /* gr_cards_points(deadwood) */
    int      reserved[8];            /* zero (see Conventions: ABI) */
} gr_arrangement;

/* The least deadwood count of a hand (G5), exact for any set of 0..52
 * cards.  GR_EINVAL for bits above 51. */
GR_API int gr_deadwood(gr_cards hand);

/* One least-deadwood arrangement of the hand, written to *out; returns its
 * deadwood count.  Deterministic.  Among arrangements of equal deadwood
 * count it picks the one with the fewest deadwood cards, then the one whose
 * deadwood mask is numerically smallest.  The melded cards are then cut
 * into melds rank by rank from the ace up: each rank takes the first of
 * "no set", "the whole set", "the 3-set without the clubs (then diamonds,
 * hearts, spades) card" that still lets every other melded card be melded;
 * the runs are the maximal blocks of consecutive cards of one suit left
 * (a 6-card run is one meld, never 3 + 3; a 3x3 block is three runs).
 * Melds are listed by their lowest card; entries past nmelds are 0.
 * GR_EINVAL for NULL or bits above 51 (*out is then untouched). */
GR_API int gr_arrange(gr_cards hand, gr_arrangement *out);

/* The discard that leaves the least deadwood (every card is tried exactly,
 * for any hand size); writes it to *out and returns the deadwood left, i.e.
 * min over cards c of gr_deadwood(hand - c).  Ties go to the discard with
 * the most points, then the highest card number.  GR_EINVAL for an empty
 * hand, NULL or bits above 51 (*out is then untouched). */
GR_API int gr_best_discard(gr_cards hand, gr_card *out);

/* ------------------------------------------------------------------------
 * Layoff (G17, G19), usable without a game
 * ------------------------------------------------------------------------ */

/* The defender's side of a settlement. */
typedef struct gr_layoff {
    gr_arrangement defender;   /* the defender's own melds, and the deadwood
                                  left after his layoffs */
    gr_cards       laid_off;   /* defender cards laid off on the knocker's melds */
    int            reserved[8];   /* zero (see Conventions: ABI) */
} gr_layoff;

/* The defender's melds and layoffs onto the knocker's melds chosen together
 * to minimise the defender's deadwood count (G19); written to *out, and that
 * count is returned.  Layoffs: the 4th card of a 3-card set (never onto a
 * 4-card set), and cards extending a run at either end, chained to any
 * depth (G17); ace low only: nothing below an ace or above a king.  A card
 * that fits both a set and a run counts as on the run, so others may chain
 * from it.  The defender may break a meld of his own to lay off.  The
 * knocker never lays off on the defender's melds.  Any card counts work
 * (the hands need not have 10 cards).
 *
 * Deterministic.  Among layoffs leaving the same deadwood count, it lays
 * off the most cards (a kept meld that could be laid off is laid off), then
 * picks the numerically smallest laid_off mask; out->defender is then
 * gr_arrange() of the cards he keeps.
 *
 * The knocker's arrangement is validated: its melds must be pairwise
 * disjoint, disjoint from its deadwood, with deadwood_points equal to the
 * points of its deadwood, its reserved space zero, and the defender's cards
 * must not overlap the knocker's: GR_EINVAL otherwise (also for NULL and
 * bits above 51); a meld that is not a real meld is GR_EILLEGAL (G4;
 * GR_REASON_NOT_A_MELD, as gr_settle() and gr_game_knock() say).  *out is
 * then untouched. */
GR_API int gr_lay_off(const struct gr_arrangement *knocker, gr_cards defender,
                      gr_layoff *out);

/* Check a defense chosen by a caller (a person laying off by hand): the
 * defender's melds must be real, disjoint melds of his cards; laid_off must
 * be cards of his that can legally be laid off on the knocker's melds (the
 * 4th card of a 3-card set, or a card next in suit to a run or to another
 * laid-off card chained to that run); his deadwood must be the rest of his
 * cards, with deadwood_points matching.  The defense need not be optimal.
 *
 * GR_OK if legal.  GR_EILLEGAL if a laid-off card cannot be laid off, a
 * defender (or knocker) meld is not a real meld, or the pieces are not
 * exactly the defender's cards (GR_REASON_NOT_THE_HAND).  GR_EINVAL for a
 * malformed argument: NULL, bits above 51, an invalid knocker arrangement
 * (as gr_lay_off), defender cards overlapping the knocker's, nmelds out of
 * 0..GR_MAX_MELDS or melds past nmelds not 0, melds/deadwood/laid_off
 * overlapping, wrong deadwood_points.  gr_layoff_check_ex() also gives the
 * reason. */
GR_API int gr_layoff_check(const struct gr_arrangement *knocker, gr_cards defender,
                           const gr_layoff *defense);

/* ------------------------------------------------------------------------
 * Memory: an optional allocator per family of handles
 * ------------------------------------------------------------------------ */

/* Where the library gets memory, for programs with their own allocator and
 * for tests that make allocation fail.  Both functions are required; ctx
 * is passed to each.  free_fn is never called with NULL.  The library
 * keeps a copy of the struct (not of ctx). */
typedef struct gr_allocator {
    void *(*malloc_fn)(size_t size, void *ctx);   /* NULL when out of memory */
    void  (*free_fn)(void *ptr, void *ctx);
    void  *ctx;
    void  *reserved[4];   /* NULL: an allocator with any of these set is
                             refused with GR_EINVAL (see Conventions: ABI) */
} gr_allocator;

/* ------------------------------------------------------------------------
 * Rules (opaque handle)
 * ------------------------------------------------------------------------ */

typedef struct gr_rules gr_rules;

/* Presets: each reproduces one source of doc/rules-reference.md. */
typedef enum gr_preset {
    GR_PRESET_FOURNIER = 0,   /* Fournier (seeds 000/001): the default */
    GR_PRESET_NOVELTY  = 1,   /* Novelty (seed 002) */
    GR_PRESET_STANDARD = 2,   /* the common modern rules */
    GR_PRESET_OPENSPIEL = 3,  /* OpenSpiel's gin_rummy game, its defaults
                                 (doc/rules.md lists every setting) */
    GR_PRESET_EAAI = 4,       /* the EAAI Gin Rummy challenge (Neller's
                                 GinRummyGame and GinRummyUtil) */
    GR_PRESET_COUNT           /* number of presets */
} gr_preset;

/* Rule options.  Append-only. */
typedef enum gr_option {
    GR_OPT_KNOCK_LIMIT = 0,     /* 0..10: most deadwood a knock may leave;
                                   0 = straight gin (G13) */
    GR_OPT_GIN_BONUS,           /* 0..1000 (G22) */
    GR_OPT_UNDERCUT_BONUS,      /* 0..1000 (G24) */
    GR_OPT_BIG_GIN_BONUS,       /* 0..1000; 0 = no big gin (G32) */
    GR_OPT_LAYOFF_AFTER_GIN,    /* 0 or 1: defender may lay off after gin (G18) */
    GR_OPT_STOCK_END,           /* GR_STOCK_END_VOID or _TURNOVER (G16) */
    GR_OPT_TURNOVER_LIMIT,      /* 0..100: most turnovers of the discard pile;
                                   0 = unlimited (G16, turnover only) */
    GR_OPT_TARGET,              /* 1..100000: points that end the match (G25) */
    GR_OPT_GAME_BONUS,          /* 0..10000: to the winner of the match (G26) */
    GR_OPT_HAND_BONUS,          /* 0..1000: box bonus per hand won (G26, G31);
                                   named "box_bonus" (GR_OPT_BOX_BONUS), as
                                   the score's box_bonus field */
    GR_OPT_SHUTOUT_BONUS,       /* 0..10000: flat shutout bonus (G26) */
    GR_OPT_SHUTOUT_DOUBLE,      /* 0 or 1: a shutout doubles the winner's total
                                   instead of the flat bonus (G34) */
    GR_OPT_OKLAHOMA,            /* 0 or 1: knock limit = upcard value, ace =
                                   gin only, ace upcard doubles (G33) */
    GR_OPT_OKLAHOMA_SPADES,     /* 0 or 1: with Oklahoma, a spade upcard
                                   doubles too (G33) */
    GR_OPT_OKLAHOMA_ACE_KNOCK,  /* 0 or 1: with Oklahoma, an ace upcard
                                   allows a knock with 1 point (G33) */
    GR_OPT_UNDERCUT_TIE,        /* 0 or 1: a tie is an undercut (1, G21) or
                                   a drawn hand scoring 0 (0, G36) */
    GR_OPT_IMMEDIATE_BOXES,     /* 0 or 1: the box bonus is added to the hand
                                   points as each hand is won (G37) */
    GR_OPT_WALL,                /* 0 or 1: with GR_STOCK_END_VOID, the last
                                   discard may be taken only to knock or go
                                   gin at once (G38) */
    GR_OPT_DEALER_ALTERNATES,   /* 0 or 1: in a 2-player match the dealers
                                   alternate instead of the winner dealing
                                   (G8; EAAI); a void or drawn hand is dealt
                                   again by the same dealer */
    GR_OPT_HOLLYWOOD,           /* 0 or 1: a match scores three games at
                                   once (G35) */
    GR_OPT_TEAM_TARGET,         /* 1..100000: the target of a 4-player
                                   partnership match (G40), used there
                                   instead of GR_OPT_TARGET */
    GR_OPT_OKLAHOMA_ACE_DOUBLES, /* 0 or 1: with Oklahoma, an ace upcard
                                   doubles the hand's score (1, G33); 0 in
                                   the OPENSPIEL preset: OpenSpiel never
                                   doubles (added in 0.2) */
    GR_OPT_COUNT                /* number of options */
} gr_option;

/* The box bonus option's one name; GR_OPT_HAND_BONUS and the option name
 * "hand_bonus" (gr_option_lookup()) stay as aliases. */
#define GR_OPT_BOX_BONUS GR_OPT_HAND_BONUS

/* Values of GR_OPT_STOCK_END. */
typedef enum gr_stock_end {
    GR_STOCK_END_VOID = 0,      /* void when 2 cards are left in the stock */
    GR_STOCK_END_TURNOVER = 1   /* turn the discard pile over (002) */
} gr_stock_end;

/* Make a rule set from a preset.  GR_EINVAL for an unknown preset or NULL
 * out; GR_ENOMEM.  Free with gr_rules_free(). */
GR_API int gr_rules_new(gr_rules **out, int preset);

/* As gr_rules_new(), allocating through `mm` (NULL: malloc and free).  The
 * allocator is part of the rule set: its copies, and every game and match
 * made from it, allocate through it too.  GR_EINVAL if mm lacks a function
 * or a reserved pointer is not NULL. */
GR_API int gr_rules_new_mm(gr_rules **out, int preset, const gr_allocator *mm);

/* A copy of a rule set (same allocator), to be freed with gr_rules_free().
 * GR_EINVAL for NULL, GR_ENOMEM. */
GR_API int gr_rules_clone(gr_rules **out, const gr_rules *rules);

/* Set an option.  GR_EINVAL for an unknown option or a value out of its
 * range; the rules are then unchanged. */
GR_API int gr_rules_set(gr_rules *rules, int option, int value);

/* Set an option from text "NAME=VALUE": NAME as gr_option_lookup() takes
 * it, VALUE a decimal integer, no spaces ("hollywood=1", for a command
 * line's --rule).  GR_EPARSE if the text is not of that shape or names no
 * option, GR_EINVAL for NULL or a value out of the option's range; the
 * rules are then unchanged. */
GR_API int gr_rules_set_text(gr_rules *rules, const char *text);

/* Read an option into *out.  GR_EINVAL for an unknown option or NULL. */
GR_API int gr_rules_get(const gr_rules *rules, int option, int *out);

GR_API void gr_rules_free(gr_rules *rules);

/* Description of one option, for user interfaces and documentation. */
typedef struct gr_option_info {
    int         option;        /* the GR_OPT_* value */
    const char *name;          /* short name, e.g. "knock_limit" (static) */
    const char *description;   /* one English sentence (static) */
    int         min, max;      /* the accepted range, inclusive */
    int         reserved[8];   /* zero (see Conventions: ABI) */
} gr_option_info;

/* Describe option number `option` (0 .. GR_OPT_COUNT-1).  GR_EINVAL for an
 * unknown option or NULL. */
GR_API int gr_option_describe(int option, gr_option_info *out);

/* The option whose name is `name` (as in gr_option_info, case-insensitive),
 * or GR_EINVAL. */
GR_API int gr_option_lookup(const char *name);

/* The preset whose name is `name` ("fournier", "novelty", "standard",
 * "openspiel", "eaai", case-insensitive), or GR_EINVAL. */
GR_API int gr_preset_lookup(const char *name);

/* ------------------------------------------------------------------------
 * Settlement of a hand (G20-G24, G28, G29, G32, G33)
 * ------------------------------------------------------------------------ */

/* Outcomes of a hand. */
typedef enum gr_outcome {
    GR_OUTCOME_VOID = 0,      /* no score (G16, G28) */
    GR_OUTCOME_KNOCK = 1,     /* knocker won (G23) */
    GR_OUTCOME_UNDERCUT = 2,  /* defender won a knock (G21, G24) */
    GR_OUTCOME_GIN = 3,       /* G14, G22 */
    GR_OUTCOME_BIG_GIN = 4,   /* G32 */
    GR_OUTCOME_TIE = 5        /* a knock tied without undercut
                                 (GR_OPT_UNDERCUT_TIE 0, G36): won by
                                 nobody (winner -1), 0 points, not void */
} gr_outcome;

typedef struct gr_hand_result {
    int outcome;        /* GR_OUTCOME_* */
    int knocker;        /* 0 or 1; -1 when void */
    int winner;         /* 0 or 1; -1 when void or a tie (G36) */
    int points;         /* scored by the winner (0 when void) */
    gr_arrangement knocker_arrangement;  /* the hand the knocker showed */
    gr_layoff      defense;              /* the defender's melds and layoffs */
    /* fields added before the reserve: */
    int knocker_deadwood;   /* knocker's deadwood count */
    int defender_deadwood;  /* defender's deadwood count after layoffs */
    int multiplier;         /* 1, or 2 when an Oklahoma upcard doubled the
                               score (G33); 0 when void */
    int reserved[8];        /* zero (see Conventions: ABI) */
} gr_hand_result;

/* Settle a hand laid down on a table: the knocker (player 0) shows
 * `knocker`, the defender (player 1) holds `defender`.  The defender's
 * melds and layoffs are chosen as gr_lay_off() does, except after gin when
 * the rules forbid layoff (G18).  The outcome follows G20-G24: deadwood 0 is
 * gin, or big gin with 11 cards when the rules have a big gin bonus (G32).
 *
 * The knock limit is GR_OPT_KNOCK_LIMIT (use gr_settle_upcard() for
 * Oklahoma).  A hand with the wrong number of cards (the knocker 10, or 11
 * for big gin; the defender 10) is void (G28): GR_OK with outcome
 * GR_OUTCOME_VOID, knocker and winner -1, points and multiplier 0, and
 * the arrangements still filled in (the defender's without layoffs).
 * Otherwise every field is set, knocker 0 and winner 0 or 1.
 * GR_EILLEGAL if the knocker's deadwood is over the limit (G29) or one of
 * his melds is not a real meld (G4, the same status gr_game_knock() gives);
 * GR_EINVAL for a malformed arrangement (overlapping melds, wrong
 * deadwood_points, bad nmelds), overlapping hands, NULL.  *out is written
 * only on GR_OK.  gr_settle_ex() gives the reason, settles with the knocker
 * in seat 1, and has a strict mode where a wrong card count is an error. */
GR_API int gr_settle(const gr_rules *rules, const gr_arrangement *knocker,
                     gr_cards defender, gr_hand_result *out);

/* As gr_settle(), with the hand's first upcard, which under Oklahoma rules
 * sets the knock limit and may double the score (G33).  Without Oklahoma
 * the upcard is checked (0..51, not in either hand) but has no effect. */
GR_API int gr_settle_upcard(const gr_rules *rules, gr_card upcard,
                            const gr_arrangement *knocker, gr_cards defender,
                            gr_hand_result *out);

/* G29, score keeping: settle a knock found illegal (deadwood over the knock
 * limit) only after the defender laid off, which then stands as a valid
 * knock: as gr_settle(), but the knock limit is not enforced, so the hand
 * is settled normally with the knocker's real deadwood (a win if strictly
 * less than the defender's, else an undercut or, with GR_OPT_UNDERCUT_TIE
 * 0 and equal counts, a tie).  A legal knock gives what gr_settle() gives.
 * GR_EINVAL for a malformed arrangement, overlapping hands, NULL; *out is
 * written only on GR_OK. */
GR_API int gr_settle_illegal_knock(const gr_rules *rules,
                                   const gr_arrangement *knocker,
                                   gr_cards defender, gr_hand_result *out);

/* ------------------------------------------------------------------------
 * One hand (opaque handle)
 * ------------------------------------------------------------------------ */

typedef struct gr_game gr_game;

/* Phases of a hand.
 *
 * The flow (G9-G16):
 *   - UPCARD: the non-dealer may TAKE_UPCARD (then he discards; G11: not
 *     that card) or PASS; after his pass the dealer may TAKE_UPCARD or PASS.
 *     Whoever takes it discards and play goes on with the other player.  If
 *     both pass, the non-dealer must DRAW_STOCK (the pile is not offered
 *     again) and discard; normal play follows.
 *   - DRAW, then DISCARD: a normal turn (G10).  A turn ends with a discard,
 *     a knock, gin or big gin.
 *   - The end of the stock (G16).  GR_STOCK_END_VOID: the player whose draw
 *     leaves 2 cards in the stock finishes his turn and may knock or go gin;
 *     a plain discard then makes the hand void.  GR_STOCK_END_TURNOVER: when
 *     a turn ends with the stock empty, the discard pile is turned over
 *     without shuffling (its bottom card becomes the top of the stock) and
 *     the new stock's top card is turned up as the new pile; play goes on.
 *     GR_OPT_TURNOVER_LIMIT caps the turnovers (0 = unlimited): when the
 *     stock runs out with the cap used up, the hand is void.  With
 *     GR_OPT_WALL (void stock end only) the hand is not void at once: the
 *     opponent gets GR_PHASE_WALL (G38).
 *   - The length of a hand (a library rule; the sources set none, see
 *     doc/rules.md, G16): a hand never has more than GR_MAX_HAND_MOVES
 *     moves.  When a turn ends with a plain discard and another whole turn
 *     (a draw and a discard) would not fit, the hand is void, as at the
 *     end of the stock; a knock or gin on that last turn still counts.
 *     Without it a hand could last for ever (turnovers without a cap, or
 *     players drawing each other's discards), so every hand ends and a
 *     game never holds more than GR_MAX_HAND_MOVES moves of history.
 *   - OVER: after a knock, gin, big gin or a void hand. */
typedef enum gr_phase {
    GR_PHASE_UPCARD  = 1,   /* first turn: the upcard is offered (G9) */
    GR_PHASE_DRAW    = 2,   /* the player to act must draw (G10) */
    GR_PHASE_DISCARD = 3,   /* the player to act holds 11 cards: discard,
                               knock, gin or big gin */
    GR_PHASE_OVER    = 4,   /* the hand has ended (knock, gin or void) */
    GR_PHASE_WALL    = 5    /* G38 (GR_OPT_WALL): the plain discard that
                               left 2 cards in the stock is offered to the
                               player to act: DRAW_DISCARD (listed only if
                               he can then knock or go gin; the discard
                               phase that follows offers no plain discard)
                               or PASS (the hand is void) */
} gr_phase;

/* Move types. */
typedef enum gr_move_type {
    GR_MOVE_TAKE_UPCARD  = 1,   /* upcard phase: take the offered upcard */
    GR_MOVE_PASS         = 2,   /* upcard phase: refuse it */
    GR_MOVE_DRAW_STOCK   = 3,   /* draw the top card of the stock */
    GR_MOVE_DRAW_DISCARD = 4,   /* draw the top card of the discard pile */
    GR_MOVE_DISCARD      = 5,   /* discard `card` */
    GR_MOVE_KNOCK        = 6,   /* discard `card` and knock (G13) */
    GR_MOVE_GIN          = 7,   /* discard `card` and go gin (G14) */
    GR_MOVE_BIG_GIN      = 8    /* lay down all 11 cards melded (G32) */
} gr_move_type;

typedef struct gr_move {
    int     type;   /* GR_MOVE_* */
    gr_card card;   /* the card discarded; ignored for moves that name none
                       (in the history: the card drawn or taken; in legal
                       moves: the upcard for TAKE_UPCARD and DRAW_DISCARD;
                       GR_NO_CARD for PASS, DRAW_STOCK and BIG_GIN) */
    uint8_t reserved[3];   /* zero: the library writes zeros (no undefined
                              padding bytes), gr_game_play() refuses a move
                              with any of them set (GR_EINVAL) */
} gr_move;

/* The most moves that can be legal at once (11 discards, knocks and gins,
 * and big gin).  Fixed for 0.x (it sizes gr_view). */
#define GR_MAX_MOVES 34

/* The most moves a hand can have (see "The length of a hand" above): at
 * the 5000th move, or the 4999th when no whole turn fits, the hand is over.
 * A hand played to the end of the stock has about 60 moves; each turnover
 * of the pile adds at most about 64 more, so 5000 moves is some 75
 * turnovers or 2500 turns, far beyond any hand people play, while the
 * history stays below 40 KB and a save text (gr_game_save) below 64 KB:
 * a move takes at most 13 bytes of it ("; DISCARD 10H"), only a discard,
 * knock or gin that many, and each follows a draw of at most 11 ("; STOCK
 * 10H"), so the moves line holds at most 12 bytes a move on average
 * (60,001 for 5000 moves), and the rest (rules, deck or position, shown
 * and defense lines) is under 3 KB.  A 5000-move hand of plain draws and
 * discards saves to about 56 KB. */
#define GR_MAX_HAND_MOVES 5000

/* Deal a new hand with a seeded shuffle: the same seed gives the same deal
 * on every platform (xoshiro256** seeded through splitmix64, unbiased
 * Fisher-Yates from the top with Lemire's bounded draw; the deck starts in
 * card order 0..51 and is then dealt as gr_game_new_from_deck() describes).
 * dealer is 0 or 1.  The rules are copied: later changes to
 * `rules` do not affect the game.  GR_EINVAL, GR_ENOMEM. */
GR_API int gr_game_new(gr_game **out, const gr_rules *rules, uint64_t seed,
                       int dealer);

/* Deal a hand from a stacked deck, for tests and replays.  deck[0..19] are
 * dealt alternately starting with the non-dealer (G7), so the non-dealer
 * gets deck[0,2,..,18] and the dealer deck[1,3,..,19]; deck[20] is the
 * upcard; deck[21] is the top of the stock, deck[51] its bottom.
 * GR_EINVAL unless deck holds each card 0..51 exactly once. */
GR_API int gr_game_new_from_deck(gr_game **out, const gr_rules *rules,
                                 const gr_card deck[52], int dealer);

/* An independent copy of a game (for search and AI), made with the same
 * allocator.  GR_EINVAL, GR_ENOMEM. */
GR_API int gr_game_clone(gr_game **out, const gr_game *game);

GR_API void gr_game_free(gr_game *game);

/* GR_PHASE_*, or GR_EINVAL for NULL. */
GR_API int gr_game_phase(const gr_game *game);

/* The player to act, 0 or 1 (after the hand is over: the player who would
 * have acted).  GR_EINVAL for NULL. */
GR_API int gr_game_turn(const gr_game *game);

/* The dealer, 0 or 1.  GR_EINVAL for NULL. */
GR_API int gr_game_dealer(const gr_game *game);

/* Write every legal move for the player to act into out[0..cap-1] and
 * return how many are legal (which may be more than cap; out may be NULL
 * when cap is 0).  Exact: every listed move is accepted by gr_game_play(),
 * every other move is refused.  Order: by type, then by card.  Returns 0
 * once the hand is over. */
GR_API int gr_game_legal_moves(const gr_game *game, gr_move *out, size_t cap);

/* Play a move for the player to act.  GR_EINVAL for an unknown move type,
 * nonzero reserved bytes or (for DISCARD, KNOCK, GIN) a card above 51; then GR_ESTATE if the
 * move's type does not fit the phase; GR_EILLEGAL if it breaks a rule (a
 * card not in hand, discarding the card just taken from the discard pile
 * (G11), a knock whose discard leaves more deadwood than the limit even if
 * another discard would not (G29, G30), GIN with deadwood left, BIG_GIN
 * without all 11 cards melded or without a big gin bonus (G32), drawing
 * from the pile after both passed the upcard (G9)); GR_ENOMEM.  In each
 * case the game is unchanged.  KNOCK with a discard that leaves deadwood 0
 * is gin (both are listed as legal; the outcome is GR_OUTCOME_GIN).  Knock and gin show the least-deadwood
 * arrangement, and the defender's melds and layoffs are chosen to minimise
 * his deadwood; see gr_game_knock() and gr_game_defend() to choose them. */
GR_API int gr_game_play(gr_game *game, gr_move move);

/* Knock (or go gin) discarding `discard` and showing the arrangement
 * `shown` of the 10 cards left (G15); NULL shows the least-deadwood one.
 * `shown` must cover exactly those cards with real, disjoint melds and a
 * deadwood within the knock limit: GR_EILLEGAL for a meld that is not a
 * meld, cards other than those ten, or deadwood over the limit (also for a
 * card not in hand or the card just taken from the pile, G11); GR_EINVAL
 * for a malformed arrangement (overlapping melds, wrong deadwood_points),
 * the same statuses gr_settle() gives.  gr_game_last_reason() tells which.  A shown
 * deadwood of 0 is gin (recorded as GR_MOVE_GIN); a player who could go
 * gin may still show a knock.
 * GR_EINVAL for NULL game, discard > 51, nmelds out of range or bits above
 * 51; GR_ESTATE outside the discard phase.  The choice is kept by
 * gr_game_save(). */
GR_API int gr_game_knock(gr_game *game, gr_card discard,
                         const gr_arrangement *shown);

/* After a knock or gin, replace the defender's melds and layoffs (chosen
 * optimally by default) with the caller's, for a user interface where a
 * person lays off.  Validated as gr_layoff_check(), and after gin or big
 * gin without GR_OPT_LAYOFF_AFTER_GIN any laid-off card is GR_EILLEGAL
 * (G18); the result is settled again.  May be called again to change it.
 * GR_ESTATE unless the hand ended by a knock, gin or big gin, GR_EILLEGAL
 * or GR_EINVAL for a defense that is not legal (the game is then
 * unchanged).  The choice is kept by gr_game_save(). */
GR_API int gr_game_defend(gr_game *game, const gr_layoff *defense);

/* The cards player (0 or 1) holds.  GR_EINVAL for a bad player or NULL. */
GR_API int gr_game_hand(const gr_game *game, int player, gr_cards *out);

/* The discard pile, bottom first, into out[0..cap-1]; returns its size
 * (which may be more than cap). */
GR_API int gr_game_discards(const gr_game *game, gr_card *out, size_t cap);

/* The number of cards in the stock. */
GR_API int gr_game_stock_size(const gr_game *game);

/* The top card of the discard pile into *out; GR_ESTATE when the pile is
 * empty (after the first upcard was taken, or after big gin on it). */
GR_API int gr_game_upcard(const gr_game *game, gr_card *out);

/* The knock limit in force for this hand: GR_OPT_KNOCK_LIMIT, or under
 * Oklahoma the value of the first upcard (0 for an ace: gin only). */
GR_API int gr_game_knock_limit(const gr_game *game);

/* The moves played so far, oldest first, into out[0..cap-1]; returns how
 * many (which may be more than cap; never more than GR_MAX_HAND_MOVES).
 * Draws (TAKE_UPCARD too) record the card drawn, DISCARD, KNOCK and GIN
 * the card discarded, PASS and BIG_GIN GR_NO_CARD.  Every byte written is
 * defined (the reserved bytes of each move are zero). */
GR_API int gr_game_history(const gr_game *game, gr_move *out, size_t cap);

/* The result of a finished hand.  GR_ESTATE until the hand is over. */
GR_API int gr_game_result(const gr_game *game, gr_hand_result *out);

/* What one player may know (G12). */
typedef struct gr_view {
    int      player;          /* whose view this is */
    int      phase;           /* GR_PHASE_* */
    int      turn;            /* the player to act */
    int      dealer;
    gr_cards hand;            /* the player's own cards */
    gr_cards opponent_known;  /* cards the opponent is known to hold: taken
                                 from the discard pile and not discarded
                                 since; all his cards once he laid them down */
    int      opponent_count;  /* how many cards the opponent holds */
    int      stock_size;
    int      ndiscards;
    gr_card  discards[GR_NCARDS];  /* the discard pile, bottom first */
    int      knock_limit;     /* as gr_game_knock_limit() */
    int      nlegal;          /* the player's legal moves when it is his
                                 turn (else 0), as gr_game_legal_moves() */
    gr_move  legal[GR_MAX_MOVES];
    int      reserved[16];    /* zero (see Conventions: ABI); gr_bot_choose()
                                 refuses a view with any of them set */
} gr_view;

/* Fill *out with what `player` may know now.  Nothing else leaks: the
 * stock order and the opponent's other cards are not in it. */
GR_API int gr_game_view(const gr_game *game, int player, gr_view *out);

/* Write the game as a small text with snprintf semantics (at most size
 * bytes with the NUL; buf may be NULL when size is 0): returns the length
 * needed without the NUL.  GR_EINVAL for NULL.  The text, one line each:
 *   ginrummy 2
 *   rules knock_limit=10 gin_bonus=20 ...    (every option, by the names of
 *                                             gr_option_describe())
 *   dealer 0
 *   deck 7H KS ...                           (the 52 cards as dealt)
 *   position dealer 0; turn 1; ...            (instead of dealer and deck
 *                                             for a game made by
 *                                             gr_game_from_position(); the
 *                                             moves are those played since)
 *   moves 12 PASS; PASS; STOCK 4D; DISCARD KS; ...; KNOCK 5D
 *                                            (the number of moves first)
 *   shown meld AC 2C 3C; ...; deadwood 7H    (only after gr_game_knock()
 *                                             with an arrangement)
 *   defense meld ...; laid_off 9C; deadwood 2S  (only after gr_game_defend())
 *   end                                      (the last line, with its
 *                                             newline)
 * Move names: TAKE, PASS, STOCK, DRAW (from the pile), DISCARD, KNOCK, GIN,
 * BIG_GIN.  The move count and the end line make a text cut short
 * detectable: no proper prefix of a saved text loads. */
GR_API int gr_game_save(const gr_game *game, char *buf, size_t size);

/* Rebuild a game from gr_game_save() text by replaying every move through
 * the rules.  Options not named keep the Fournier preset's values; a draw
 * may leave out its card, but a card it names must be the one drawn.
 * GR_EPARSE for damaged text (bad syntax, unknown option or value out of
 * range, bad card, a deck that is not 52 distinct cards, a line twice, a
 * shown line whose last move is not a knock or gin, a move count that is
 * not the number of moves, no end line or anything but blank lines after
 * it, so a text cut short anywhere; a version other than 2: version 1
 * texts, which had no count and no end line, are refused),
 * GR_EILLEGAL for a move the rules refuse (or a draw naming another card,
 * or a shown arrangement or defense that is not legal), GR_EINVAL for
 * NULL, GR_ENOMEM.  *out is written only on success. */
GR_API int gr_game_load(gr_game **out, const char *text);

/* As gr_game_load(), allocating through `mm` (NULL: malloc and free). */
GR_API int gr_game_load_mm(gr_game **out, const char *text,
                           const gr_allocator *mm);

/* ------------------------------------------------------------------------
 * Fast playouts and the expert bot: what a search needs
 * ------------------------------------------------------------------------ */

/* The legal moves of the player to act as card masks per move type.  A
 * move of type t is legal when bit t of `types` is set (1u << GR_MOVE_*);
 * DISCARD, KNOCK and GIN are legal exactly for the cards of their mask;
 * TAKE_UPCARD and DRAW_DISCARD take `top`.  All zero (top aside) once the
 * hand is over.  Holds the same moves as gr_game_legal_moves(). */
typedef struct gr_legal_masks {
    unsigned types;       /* bit GR_MOVE_* set when that move type is legal */
    gr_card  top;         /* top of the discard pile, or GR_NO_CARD */
    gr_cards discard;     /* cards that may be discarded (G11 applied) */
    gr_cards knock;       /* discards that allow a knock (G13) */
    gr_cards gin;         /* discards that make gin (G14) */
    int      reserved[8]; /* written as zeros */
} gr_legal_masks;

/* Fill *out with the legal moves of the player to act (see gr_legal_masks).
 * GR_EINVAL for NULL. */
GR_API int gr_game_legal_masks(const gr_game *game, gr_legal_masks *out);

/* Play `move` as gr_game_play() does (the same checks, statuses and
 * reasons for gr_game_last_reason(); a refused move changes nothing but
 * the reason) and, when it is played and `next` is not NULL, write to
 * *next the legal masks of the decision that follows, as
 * gr_game_legal_masks() would (no move types once the hand is over; top
 * stays the pile's top).  A search loop then makes one library call per
 * move:
 *     gr_legal_masks m;
 *     gr_game_legal_masks(game, &m);
 *     while (m.types)
 *         if (gr_game_step(game, choose(&m), &m) != GR_OK)
 *             break;   (a refused move leaves m as it was)
 * *next is written only on GR_OK (it may be the masks the move was chosen
 * from).  GR_EINVAL for a NULL game and the errors of gr_game_play(). */
GR_API int gr_game_step(gr_game *game, gr_move move, gr_legal_masks *next);

/* Deal a new hand into an existing game, in place and without allocating:
 * the same deal as gr_game_new(out, rules, seed, dealer) with the game's
 * rules (a history block the game grew is kept for reuse).  Everything of
 * the previous hand is forgotten.  GR_EINVAL for NULL or a bad dealer. */
GR_API int gr_game_redeal(gr_game *game, uint64_t seed, int dealer);

/* Built-in fast policies for gr_game_playout(). */
enum {
    GR_PLAYOUT_RANDOM = 1,   /* uniform among the legal moves, except that
                                when a knock, gin or big gin is legal it is
                                uniform among those (the hand ends) */
    GR_PLAYOUT_GREEDY = 2,   /* the greedy bot's play (GR_BOT_GREEDY) from
                                the hand of the player to act, without its
                                tie-break on the opponent's cards */
    GR_PLAYOUT_PORTABLE = 0x100  /* flag: run the portable build even where
                                the CPU has a hardware popcount (for tests;
                                the same moves) */
};

/* The most moves one gr_game_playout() call plays: a hand still going after
 * them (two players drawing and discarding the same cards forever under
 * unlimited turnovers, G16) stops with GR_ESTATE. */
#define GR_PLAYOUT_MAX_MOVES 10000

/* Play the hand from its current state to the end, both players following
 * `policy` (optionally ORed with GR_PLAYOUT_PORTABLE), random choices from `seed` (deterministic: the same state, policy
 * and seed give the same moves on every platform).  The moves go through
 * the rules exactly as gr_game_play() and are recorded in the history, so
 * replaying gr_game_history() through gr_game_play() reaches the same
 * state.  On GR_OK the game is over and, if out is not NULL, *out is its
 * result (a game already over: just the result).  GR_EINVAL for NULL game
 * or an unknown policy; GR_ENOMEM if the history cannot grow, GR_ESTATE after
 * GR_PLAYOUT_MAX_MOVES moves without an end (the game then stops where it
 * is, every move so far played and recorded). */
GR_API int gr_game_playout(gr_game *game, int policy, uint64_t seed,
                           gr_hand_result *out);

/* ------------------------------------------------------------------------
 * A match (opaque handle): hands until a player reaches the target
 * ------------------------------------------------------------------------ */

typedef struct gr_match gr_match;

/* The most hands a match records, void ones included.  A match can go on
 * for ever (void hands, or hands that score 0 points when the bonuses are
 * 0), so it is cut short there: after GR_MAX_MATCH_HANDS hands
 * gr_match_deal() and gr_match_record() return GR_ESTATE and the score
 * stays as it is (over 0 if nobody reached the target).  A real match has
 * a few dozen hands.  With this cap and the option ranges no total can
 * overflow an int (see gr_score). */
#define GR_MAX_MATCH_HANDS 1000000

/* The most hands a Hollywood match (GR_OPT_HOLLYWOOD, G35) records: its
 * three games may each credit every hand, so a third of
 * GR_MAX_MATCH_HANDS.  With it and the option ranges each game's total
 * stays below 2 x (1000 x 333333 + 121000) and the sum of the three
 * below 2,000,730,000: no Hollywood value is clamped or wraps either.
 * Past it gr_match_deal() and gr_match_record() return GR_ESTATE
 * (GR_REASON_TOO_LONG) as past GR_MAX_MATCH_HANDS. */
#define GR_MAX_HOLLYWOOD_HANDS 333333

/* A match's score.  Every total is exactly the sum of its parts: with the
 * option ranges and GR_MAX_MATCH_HANDS every value is below 2,000,240,000,
 * so nothing is clamped or wraps. */
typedef struct gr_score {
    int over;              /* 1 once a player has reached the target (G25) */
    int winner;            /* 0 or 1 once over, else -1 */
    int hands_won[2];      /* undercuts count for the defender */
    int hand_points[2];    /* points scored in hands */
    int game_bonus[2];     /* G26; 0 until the match is over */
    int box_bonus[2];      /* per hand won (G26, G31); 0 until over */
    int shutout_bonus[2];  /* what the shutout adds: the flat bonus, or the
                              doubling (G26, G34); 0 until over */
    int total[2];          /* hand points plus bonuses */
    int margin;            /* winner's total minus the loser's, once over;
                              may be negative: the loser's box bonuses can
                              outweigh the winner's points (G26) */
    int hands_played;      /* hands recorded, void ones included */
    int reserved[8];       /* zero (see Conventions: ABI) */
} gr_score;

/* Start a match.  The first dealer is chosen by a seeded cut (G6): each
 * player cuts a card from a deck shuffled by the match's generator, the
 * higher rank deals, equal ranks cut again (suits never break a tie).  The
 * same seed gives the same cut and the same deals on every platform.  The
 * rules are copied: later changes to `rules` do not affect the match.
 * GR_EINVAL for NULL, GR_ENOMEM.  Free with gr_match_free(). */
GR_API int gr_match_new(gr_match **out, const gr_rules *rules, uint64_t seed);

/* The deciding cut of gr_match_new() (G6): out[0] is the card player 0 cut,
 * out[1] player 1's; their ranks differ and the higher one dealt the first
 * hand.  GR_EINVAL for NULL or a match of 3 or 4 players (see
 * gr_match_cuts()). */
GR_API int gr_match_cut(const gr_match *match, gr_card out[2]);

/* Deal the next hand with the right dealer (G6, G8), the match's rules and
 * a seed drawn from the match's generator, as gr_game_new() would.  The
 * match does not follow the game: play it, then pass gr_game_result() to
 * gr_match_record().  Each call deals a new hand.  The caller owns *out
 * (gr_game_free).  GR_ESTATE once the match is over or has recorded
 * GR_MAX_MATCH_HANDS hands (it would refuse the result), GR_EINVAL for
 * NULL, GR_ENOMEM (the match is then unchanged). */
GR_API int gr_match_deal(gr_match *match, gr_game **out);

/* Record a hand's result (from gr_game_result() or gr_settle(), or a hand
 * played on a real table): only outcome, knocker, winner and points are
 * used.  A void hand scores nothing and its knocker, winner and points are
 * ignored; it counts in hands_played.  A tie (GR_OUTCOME_TIE, G36) needs
 * a knocker 0 or 1, scores nothing and is won by nobody.  Otherwise knocker
 * and winner must be 0 or 1, equal for a knock, gin or big gin and
 * different for an undercut, and points 0..10000.  The winner of a hand
 * deals the next (with GR_OPT_DEALER_ALTERNATES the other player does);
 * after a void or tied hand the same dealer deals again (G8).  With
 * GR_OPT_IMMEDIATE_BOXES the box bonus is added to the hand points at once
 * (G37).  With 3 or 4 players or Hollywood scoring see the section
 * "Matches of three and four players" below.  The match is over after the hand
 * in which a player's hand points reach GR_OPT_TARGET (G25).
 * GR_EINVAL for NULL, an inconsistent result or nonzero reserved space
 * (the result's own; the arrangements in it are not read), GR_ESTATE once
 * the match is over or after GR_MAX_MATCH_HANDS hands: the match is then
 * unchanged. */
GR_API int gr_match_record(gr_match *match, const gr_hand_result *result);

/* The dealer of the next hand, 0 or 1 (once over: the winner of the last
 * hand); with 3 players the seat that deals and sits out, with 4 the
 * dealer seat of table 0.  GR_EINVAL for NULL. */
GR_API int gr_match_dealer(const gr_match *match);

/* The score so far (G25-G27).  Until the match is over the bonuses are 0,
 * total is the hand points, winner -1 and margin 0.  Once over: the game
 * bonus (GR_OPT_GAME_BONUS) goes to the winner; each player gets the box
 * bonus GR_OPT_BOX_BONUS times the hands he won (0 with
 * GR_OPT_IMMEDIATE_BOXES, G37: already in the hand points); if the loser
 * won no hand
 * (a shutout) the winner gets GR_OPT_SHUTOUT_BONUS, or with
 * GR_OPT_SHUTOUT_DOUBLE his total (hand points + game + box bonus) is
 * doubled and shutout_bonus is what the doubling adds (G34).  total is
 * hand points plus the three bonuses; margin is the winner's total minus
 * the loser's, negative when the loser's box bonuses outweigh.  The
 * reserved space is written as zeros.  GR_EINVAL for NULL. */
GR_API int gr_match_score(const gr_match *match, gr_score *out);

/* (gr_match_score() with 4 players gives the teams as players 0 and 1,
 * and for Hollywood the whole match as gr_match_standing(GR_MATCH_ALL);
 * with 3 players it is GR_EINVAL: use gr_match_standing().) */

/* Free a match; NULL is a no-op.  Games it dealt are the caller's and stay
 * valid. */
GR_API void gr_match_free(gr_match *match);

/* ------------------------------------------------------------------------
 * Matches of three and four players, and Hollywood scoring (G35, G40)
 *
 * A match made by gr_match_new_players() seats 2, 3 or 4 players (seats
 * 0..n-1).  Every hand is a 2-player gr_game; the match says for the next
 * deal which seats play at each table and who deals there, deals the
 * tables' games and takes each table's result (gr_game_result(),
 * gr_settle(), or a real table's), with the knocker and winner as the
 * game's players 0 and 1, which gr_table maps to seats.
 *
 *   - 2 players: one table, seats 0 and 1 as game players 0 and 1: the
 *     match of gr_match_new(), unchanged.
 *   - 3 players (G40): each cuts; the lowest card deals and sits out (ties
 *     cut again).  The table: game player 0 is the seat after the dealer
 *     (acting first, G9's non-dealer), game player 1 the other, dealing as
 *     G9's dealer.  After a hand the loser deals and sits out and the
 *     winner meets the one who sat out; after a void or tied (G36) hand
 *     the same dealer deals again to the same two.  Each player keeps his
 *     own score (sides 0, 1, 2 = seats).
 *   - 4 players (G40): teams 0 (seats 0 and 2) and 1 (seats 1 and 3), the
 *     sides of the score.  Each deal has two tables: in even deals (the
 *     first is deal 0) table 0 is seats 0 v 1 and table 1 seats 2 v 3, in
 *     odd deals 0 v 3 and 2 v 1; the dealer at both is the seat of team 0
 *     in even deals and of team 1 in odd ones.  Once both tables are
 *     recorded the deal is netted: each team's points from its two hands,
 *     the team with more scores the difference and wins the deal (equal:
 *     nobody); a void or tied hand counts 0.  The target is
 *     GR_OPT_TEAM_TARGET; hands won, boxes and shutouts count deals.
 *   - Hollywood (GR_OPT_HOLLYWOOD, any player count, G35): three games
 *     are scored at once.  A side's k-th hand (deal) won is credited with
 *     its points to the first min(k, 3) games not yet over; each game ends
 *     when a side's points in it reach the target and gets its own
 *     bonuses; the match is over when all three are.
 *
 * Bonuses once a game is over (G26, G34, G37, G40): the game bonus to the
 * winner; the box bonus to every side for each hand (deal) won (0 with
 * GR_OPT_IMMEDIATE_BOXES, which adds it to the hand points at once); the
 * flat shutout bonus to the winner once for each other side that won no
 * hand, or with GR_OPT_SHUTOUT_DOUBLE the winner's total doubled when no
 * other side won a hand.
 * ------------------------------------------------------------------------ */

/* Start a match of `players` (2, 3 or 4) players.  With 2 it is exactly
 * gr_match_new().  With 3 the dealer is chosen by a seeded cut (lowest
 * rank deals, a tie for the lowest cuts again); with 4 no cut is needed.
 * GR_EINVAL for NULL or another player count, GR_ENOMEM. */
GR_API int gr_match_new_players(gr_match **out, const gr_rules *rules,
                                uint64_t seed, int players);

/* The number of players, 2, 3 or 4; GR_EINVAL for NULL. */
GR_API int gr_match_players(const gr_match *match);

/* The deciding cut, one card per seat, into out[0..3] (G6, G40); returns
 * how many were cut: 2 or 3 (the seats' cards), 0 with 4 players.
 * GR_EINVAL for NULL. */
GR_API int gr_match_cuts(const gr_match *match, gr_card out[4]);

/* One table of the next deal. */
typedef struct gr_table {
    int seats[2];       /* the match seats playing as game players 0, 1 */
    int dealer;         /* the game player (0 or 1) dealing at this table:
                           pass it to gr_game_new() */
    int dealer_seat;    /* the seat that deals: seats[dealer], but with 3
                           players the seat sitting out */
    int recorded;       /* 1 once this table's result of the current deal
                           is recorded (4 players), else 0 */
    int reserved[8];    /* written as 0 */
} gr_table;

/* The number of tables of a deal: 2 with 4 players, else 1.  GR_EINVAL
 * for NULL. */
GR_API int gr_match_tables(const gr_match *match);

/* Table `table` (0 or 1) of the next deal into *out.  GR_EINVAL for NULL
 * or a table the deal does not have. */
GR_API int gr_match_table(const gr_match *match, int table, gr_table *out);

/* Deal table `table`'s hand with its dealer, the match's rules and a seed
 * drawn from the match's generator.  The caller owns *out.  GR_ESTATE
 * once the match is over or when the table's result of this deal is
 * already recorded, GR_EINVAL for NULL or a bad table, GR_ENOMEM (the
 * match is then unchanged).  gr_match_deal() is table 0. */
GR_API int gr_match_deal_table(gr_match *match, int table, gr_game **out);

/* Record table `table`'s result, as gr_match_record() (whose rules it
 * follows: the same checks; GR_OUTCOME_TIE, with knocker 0 or 1, scores
 * nothing and is won by nobody).  With 4 players the deal is netted when
 * its second table is recorded.  GR_ESTATE once the match is over or when
 * the table was already recorded in this deal; GR_EINVAL for NULL, a bad
 * table or an inconsistent result.  The match is unchanged on error.
 * gr_match_record() is table 0. */
GR_API int gr_match_record_table(gr_match *match, int table,
                                 const gr_hand_result *result);

/* Standing of a match, per side: a player (2 or 3 players) or a team
 * (4 players: side 0 = seats 0 and 2, side 1 = seats 1 and 3). */
typedef struct gr_standing {
    int nsides;           /* 2 or 3 */
    int over;             /* 1 once the game (or, for the whole match,
                             every game) is over */
    int winner;           /* the winning side once over, else -1 (for a
                             Hollywood match: the side with the highest
                             summed total, -1 if two share it) */
    int margin;           /* winner's total minus the best other total
                             (negative when boxes outweigh) */
    int hands_played;     /* hands recorded (deals with 4 players), void
                             ones included */
    int hands_won[4];     /* hands (deals) won and credited to this game;
                             for the whole match the hands actually won */
    int hand_points[4];   /* points scored in hands (boxes included with
                             GR_OPT_IMMEDIATE_BOXES) */
    int game_bonus[4];    /* bonuses: 0 until the game is over */
    int box_bonus[4];
    int shutout_bonus[4];
    int total[4];         /* hand points plus bonuses (a Hollywood sum of
                             the three games too: below 2,000,730,000 with
                             GR_MAX_HOLLYWOOD_HANDS, never clamped) */
    int reserved[8];      /* written as 0 */
} gr_standing;

#define GR_MATCH_ALL (-1)   /* gr_match_standing(): the whole match */

/* The standing of Hollywood game `game` (0, 1 or 2), or with GR_MATCH_ALL
 * of the whole match: for Hollywood the sum of the three games' points
 * and bonuses; otherwise the match's one game (also game 0).  Entries
 * past nsides are 0.  GR_EINVAL for NULL or another game. */
GR_API int gr_match_standing(const gr_match *match, int game,
                             gr_standing *out);

/* ------------------------------------------------------------------------
 * Bots (opaque handle): computer players that decide from a gr_view only
 * ------------------------------------------------------------------------ */

typedef struct gr_bot gr_bot;

/* Bot kinds. */
typedef enum gr_bot_kind {
    GR_BOT_RANDOM = 1,   /* a uniformly random legal move */
    GR_BOT_GREEDY = 2,   /* takes a card when it lowers its deadwood, keeps
                            the hand with least deadwood, knocks when it can */
    GR_BOT_EXPERT = 3    /* a strong player: samples the hidden cards
                            consistent with what it has seen and plays each
                            candidate move out (see gr_bot_set_param) */
} gr_bot_kind;

/* Make a bot of `kind`, seeded: the same seed and the same views give the
 * same moves.  GR_EINVAL for an unknown kind or NULL, GR_ENOMEM. */
GR_API int gr_bot_new(gr_bot **out, int kind, uint64_t seed);

/* As gr_bot_new(), allocating through `mm` (NULL: malloc and free). */
GR_API int gr_bot_new_mm(gr_bot **out, int kind, uint64_t seed,
                         const gr_allocator *mm);

/* Choose a move for the player whose view this is; it is one of
 * view->legal.  The bot sees nothing but the view (G12).  GR_EINVAL for
 * NULL or a malformed view: one gr_view_check() refuses (it says why);
 * GR_ESTATE when the view offers no legal move (nlegal 0: not this
 * player's turn, or the hand is over). */
GR_API int gr_bot_choose(gr_bot *bot, const gr_view *view, gr_move *out);

GR_API void gr_bot_free(gr_bot *bot);

/* The bot kind whose name is `name` ("random", "greedy", "expert",
 * case-insensitive), or GR_EINVAL. */
GR_API int gr_bot_lookup(const char *name);

/* ---- the expert bot's settings ----
 *
 * GR_BOT_EXPERT decides from the views it is given and from what it
 * remembers of the earlier views of the same hand (so give it every view of
 * its own turns, in order: it infers the opponent's hand from his pile
 * takes, passes and discards).  It never sees a gr_game (G12). */

/* The rules the expert plays by (a copy is kept; default: the Fournier
 * preset, as gr_rules_new).  Set them to the game's rules: the view does not
 * carry them.  GR_OK and ignored for the other kinds; GR_EINVAL for NULL. */
GR_API int gr_bot_set_rules(gr_bot *bot, const gr_rules *rules);

/* Parameters of gr_bot_set_param(). */
enum {
    GR_BOT_PARAM_PLAYOUTS = 1,   /* hands played out per decision at most
                                    (a budget: a candidate clearly behind
                                    stops early), 1..1000000, 0 = the
                                    default (1200: about 1.1 to 1.6 ms of
                                    CPU a decision on average, see
                                    gr_bot(3)) */
    GR_BOT_PARAM_FEATURES = 2    /* GR_EXPERT_* flags ORed (for ablation) */
};

/* What the expert uses (GR_BOT_PARAM_FEATURES); all by default. */
enum {
    GR_EXPERT_INFER   = 1,   /* weigh the opponent's hidden cards by what he
                                took, passed and discarded */
    GR_EXPERT_SEARCH  = 2,   /* play candidate draws and discards out on
                                sampled deals (else: the greedy choice) */
    GR_EXPERT_KNOCK   = 4,   /* knock only when the playouts say so (else: as
                                soon as legal) */
    GR_EXPERT_ARRANGE = 8,   /* gr_bot_arrange picks the arrangement least
                                laid off against (else: least deadwood) */
    GR_EXPERT_MATCH   = 16,  /* value a hand by the chance to win the match
                                it leaves, once gr_bot_set_score gave the
                                score (else: by its points) */
    GR_EXPERT_SKILL   = 32,  /* the opponent's sampled hand fits his
                                turns: of a few draws, not one that would
                                have knocked, from which his last discard
                                was not his worst card, that the card he
                                took did not help, that our discard he
                                left would help, or that holds more cards
                                melding with nothing and worth more than
                                a card he threw than his stock draws since;
                                of two that fit, the one of less deadwood */
    GR_EXPERT_MODEL   = 64,  /* in the playouts the opponent takes a face-up
                                card only to meld it (else: the greedy bot's
                                rule, whatever lowers his deadwood) */
    GR_EXPERT_ALL     = 127
};

/* Set a parameter of the expert bot.  GR_EINVAL for NULL, an unknown
 * parameter or a value out of range; for the other kinds the known
 * parameters with values in range are accepted and ignored. */
GR_API int gr_bot_set_param(gr_bot *bot, int param, int value);

/* Tell the bot the move its player made at `view` when the bot did not
 * choose it: a person the bot advises (a hint), or another program.  The
 * expert remembers what its player saw and did during the hand (the
 * opponent's takes, passes and discards answer our discards); give it
 * every view of the player's turns, in order, each with gr_bot_choose()
 * (its move played), or with gr_bot_observe() (the move made instead),
 * or both: a gr_bot_choose() for a hint, then gr_bot_observe() with the
 * move actually played at that view, which replaces the suggestion (the
 * last call at a view stands).
 * GR_OK (and nothing remembered) for the other kinds; GR_EINVAL for NULL,
 * a malformed view (as gr_bot_choose) or nonzero reserved bytes in
 * `played`; GR_ESTATE for a view with no legal move; GR_EILLEGAL when
 * `played` is not among view->legal (matched as gr_game_play matches). */
GR_API int gr_bot_observe(gr_bot *bot, const gr_view *view, gr_move played);

/* The match score before this hand, the bot's player first (0..1000000
 * each): from then on the expert values a hand by the chance to win the
 * match it leaves, from a table of that chance for every score that it
 * builds for its rules on its next decision (about 10 ms for a target of
 * 100, once; none for Hollywood, a target above 300 or a score at the
 * target: points).  GR_OK and ignored
 * for the other kinds; GR_EINVAL for NULL or out of range. */
GR_API int gr_bot_set_score(gr_bot *bot, int mine, int theirs);

/* The arrangement to show when knocking (or going gin) with `discard`
 * (G15): for the expert, among the legal arrangements of the 10 cards kept,
 * the one whose expected score over sampled opponent hands is best (the
 * fewest points laid off against it); for the other kinds gr_arrange().
 * Pass it to gr_game_knock().  GR_ESTATE unless the view is the bot's
 * player's discard phase, GR_EILLEGAL if knocking or gin with that discard
 * is not among view->legal, GR_EINVAL for NULL, discard > 51 or a malformed
 * view, GR_ENOMEM.  *out is written only on GR_OK. */
GR_API int gr_bot_arrange(gr_bot *bot, const gr_view *view, gr_card discard,
                          gr_arrangement *out);

/* One line explaining the bot's last gr_bot_choose() decision, e.g.
 * "discard 9H: nets +3.2 points on average over 80 sampled deals (next
 * best: discard KS, +1.1)" (the points the bot's player wins or, negative,
 * loses in the hand), or once the expert knows the match score "pass:
 * 54.0% to win the match over 500 sampled deals (next best: take the
 * upcard 7S, 53.9%)", with snprintf semantics (returns the length needed
 * without the NUL; buf may be NULL when size is 0).  GR_EINVAL for NULL
 * bot, or NULL buf with size > 0. */
GR_API int gr_bot_explain(const gr_bot *bot, char *buf, size_t size);

/* ========================================================================
 * Reasons, advice, positions, move text and score keeping
 * ======================================================================== */

/* ------------------------------------------------------------------------
 * Why a call was refused
 *
 * The status codes say what kind of failure it was; a reason says which
 * rule or which part of an argument.  Every refusal has exactly one reason
 * and every reason belongs to one status (gr_reason_status()), whichever
 * function found it: the same fault gives the same status and the same
 * reason from gr_settle(), gr_lay_off(), gr_layoff_check(),
 * gr_game_knock(), gr_game_defend() and the others.  For an arrangement a
 * caller passes, the faults are checked in this order and the first one
 * found is reported:
 *   GR_REASON_NULL_ARGUMENT, GR_REASON_MELD_SLOTS, GR_REASON_BAD_CARD
 *     (GR_EINVAL: the struct is malformed),
 *   GR_REASON_MELDS_OVERLAP (GR_EINVAL: a card in two places),
 *   GR_REASON_NOT_A_MELD (GR_EILLEGAL: G4, G5),
 *   GR_REASON_DEADWOOD_POINTS (GR_EINVAL: deadwood_points is not the
 *     points of the deadwood),
 *   then what the call checks against the hand: GR_REASON_NOT_THE_HAND
 *     (GR_EILLEGAL), GR_REASON_OVER_LIMIT (GR_EILLEGAL, G13, G29).
 * Parsers (gr_cards_parse_ex(), gr_move_parse(), gr_match_load(), ...)
 * return GR_EPARSE whatever the reason, except that a repeated card in
 * gr_cards_parse_ex() stays GR_EINVAL as in gr_cards_parse().
 * Append-only: values are never renumbered.
 * ------------------------------------------------------------------------ */
enum {
    GR_REASON_NONE = 0,           /* no refusal (GR_OK) */
    /* GR_EINVAL */
    GR_REASON_NULL_ARGUMENT = 1,  /* a required pointer is NULL */
    GR_REASON_BAD_CARD,           /* a card above 51 or a set with bits above 51 */
    GR_REASON_BAD_VALUE,          /* a number out of range: player, move type,
                                     option, preset, seat, phase, ... */
    GR_REASON_MELD_SLOTS,         /* nmelds out of 0..GR_MAX_MELDS, a meld
                                     entry past nmelds not 0, or one before
                                     it empty */
    GR_REASON_MELDS_OVERLAP,      /* a card in two melds, or in a meld and the
                                     deadwood or the laid-off cards */
    GR_REASON_DEADWOOD_POINTS,    /* deadwood_points is not the points of the
                                     deadwood */
    GR_REASON_HANDS_OVERLAP,      /* the two hands (or the upcard and a hand)
                                     share a card */
    GR_REASON_CARD_COUNT,         /* a hand with the wrong number of cards in a
                                     strict settlement (G28) */
    GR_REASON_CARDS_UNACCOUNTED,  /* a position whose hands, pile and stock are
                                     not the 52 cards, each once */
    GR_REASON_BAD_RESULT,         /* a hand result that is not consistent
                                     (gr_match_record, gr_rummy_match_record,
                                     a save's hand lines) */
    GR_REASON_RESERVED_NOT_ZERO,  /* reserved space in an input struct not 0 */
    /* GR_ESTATE */
    GR_REASON_NOT_YOUR_TURN,      /* the player named is not the one to act */
    GR_REASON_WRONG_PHASE,        /* the move does not fit the phase (G9, G10) */
    GR_REASON_HAND_OVER,          /* the hand has ended */
    GR_REASON_NOT_KNOCKED,        /* a defense when the hand did not end by a
                                     knock, gin or big gin */
    GR_REASON_MATCH_OVER,         /* the match is over (G25) */
    GR_REASON_NOTHING_TO_UNDO,    /* no hand recorded yet */
    /* GR_EILLEGAL */
    GR_REASON_NOT_IN_HAND,        /* the card is not in the player's hand */
    GR_REASON_JUST_TAKEN,         /* the card just taken from the pile may not
                                     be discarded this turn (G11) */
    GR_REASON_OVER_LIMIT,         /* the deadwood is over the knock limit
                                     (G13, G29, G30, G33) */
    GR_REASON_NOT_GIN,            /* gin with deadwood left (G14) */
    GR_REASON_NO_BIG_GIN,         /* big gin without all 11 cards melded, or
                                     without a big gin bonus (G32) */
    GR_REASON_PILE_CLOSED,        /* both passed the upcard: draw from the
                                     stock (G9) */
    GR_REASON_PILE_EMPTY,         /* no card on the discard pile */
    GR_REASON_NOT_A_MELD,         /* a meld that is not 3-4 of a rank or a run
                                     of 3+ in a suit (G4) */
    GR_REASON_NOT_THE_HAND,       /* the arrangement or defense is not exactly
                                     the cards of the hand */
    GR_REASON_CANNOT_LAY_OFF,     /* a laid-off card fits no knocker meld
                                     (G17) */
    GR_REASON_NO_LAYOFF_AFTER_GIN,/* laying off after gin is not allowed (G18) */
    GR_REASON_DRAW_MISMATCH,      /* a saved draw names another card than the
                                     one drawn */
    /* GR_EPARSE */
    GR_REASON_SYNTAX,             /* text that does not read: an unknown word,
                                     a bad card, a missing part */
    GR_REASON_DUPLICATE_CARD,     /* a card named twice */
    /* GR_ENOMEM */
    GR_REASON_NO_MEMORY,          /* an allocation failed */
    /* GR_ESTATE (added later: the enum is append-only) */
    GR_REASON_TOO_LONG,           /* the match has GR_MAX_MATCH_HANDS hands */
    GR_REASON_WALL,               /* G38: the last discard may be taken only
                                     to knock or go gin at once */
    /* basic Rummy (R1-R8; added later, each with its status) */
    GR_REASON_RUMMY_NOT_A_MELD,   /* GR_EILLEGAL: not 3-4 faces of a rank nor
                                     a run of 3+ in a suit (R3) */
    GR_REASON_NO_NATURAL,         /* GR_EILLEGAL: a meld of jokers only (R5) */
    GR_REASON_JOKER_FACE,         /* GR_EILLEGAL: a joker names a face that does
                                     not complete the meld, where another
                                     face would (R5) */
    GR_REASON_NO_SUCH_MELD,       /* GR_EILLEGAL: no table meld has that number */
    GR_REASON_DOES_NOT_FIT,       /* GR_EILLEGAL: the card fits neither end of
                                     the run nor a missing suit of the set (R4) */
    GR_REASON_NO_JOKER_THERE,     /* GR_EILLEGAL: no joker of that meld stands
                                     for this card (R5) */
    GR_REASON_TAKEN_FROM_PILE,    /* GR_EILLEGAL: the card taken from the pile
                                     (or one identical) discarded (R4) */
    GR_REASON_DEAD_END,           /* GR_EILLEGAL: only cards that may not be
                                     discarded would be left (R4 Decision) */
    GR_REASON_DRAW_FIRST,         /* GR_ESTATE: a meld, layoff, exchange or
                                     discard before the draw (R4) */
    GR_REASON_DRAWN_ALREADY,      /* GR_ESTATE: a second draw in a turn (R4) */
    GR_REASON_AMBIGUOUS_JOKER,    /* GR_EPARSE: a joker written "JK" could
                                     stand for more than one face: write
                                     "JK=7S" */
    GR_REASON_RUMMY_MATCH_OVER,   /* GR_ESTATE: a total reached the target (R7) */
    GR_REASON_RUMMY_CARDS,        /* GR_EINVAL: a position's cards are not the
                                     decks in use, each face once a deck; a
                                     settled hand's cards, or a going-out
                                     call's hand and table, more copies of a
                                     face or more jokers than the decks hold
                                     (R1) */
    GR_REASON_RUMMY_CARD_COUNT,   /* GR_EINVAL: a hand's size does not fit the
                                     position (R2, R4) */
    GR_REASON_WINNER_HOLDS_CARDS, /* GR_EINVAL: the player who went out is
                                     reported holding cards (R7) */
    GR_REASON_CANNOT_GO_OUT,      /* GR_EILLEGAL: "out" where the hand cannot
                                     be melded and laid off down to one card
                                     that may be discarded (R4, R7) */
    GR_REASON_UNSEEN_DRAW,        /* GR_EPARSE: a move after a draw from the
                                     stock, read against a view, which does
                                     not show the card drawn */
    GR_REASON_COUNT               /* number of reasons */
};

/* A short English text for a reason ("the card just taken from the pile
 * cannot be discarded this turn (G11)"); never NULL, "unknown reason" for
 * a value out of range.  Static: do not free. */
GR_API const char *gr_reason_text(int reason);

/* The reason's name as in this header without the prefix, in lower case
 * ("just_taken"); never NULL ("unknown" out of range).  Static. */
GR_API const char *gr_reason_name(int reason);

/* The status (GR_E*) a refusal with this reason returns; GR_OK for
 * GR_REASON_NONE, GR_EINVAL for a value out of range. */
GR_API int gr_reason_status(int reason);

/* Why the last refused call on this game was refused: gr_game_play(),
 * gr_game_play_as(), gr_game_play_drawn(), gr_game_knock(),
 * gr_game_defend().  A call that succeeds sets it to GR_REASON_NONE.  This
 * is the one thing a refused call changes in the game.  GR_EINVAL for
 * NULL (the reason of a call with a NULL game cannot be kept). */
GR_API int gr_game_last_reason(const gr_game *game);

/* As gr_game_play(), for `player`: GR_ESTATE with GR_REASON_NOT_YOUR_TURN
 * when he is not the player to act (a network or table program passes
 * whoever sent the move); GR_EINVAL for a player other than 0 or 1. */
GR_API int gr_game_play_as(gr_game *game, int player, gr_move move);

/* Check an arrangement a caller built (a person choosing his melds):
 * GR_OK when its melds are real and disjoint (G4), its deadwood_points
 * right, its cards exactly `hand` and its deadwood points at most `limit`
 * (a negative limit: no limit).  Otherwise the status of the first fault
 * in the order given above.  When reason is not NULL the reason is written
 * to *reason (GR_REASON_NONE on GR_OK). */
GR_API int gr_arrangement_check(const gr_arrangement *a, gr_cards hand,
                                int limit, int *reason);

/* gr_layoff_check() with the reason of a refusal in *reason (when reason
 * is not NULL; GR_REASON_NONE on GR_OK). */
GR_API int gr_layoff_check_ex(const gr_arrangement *knocker, gr_cards defender,
                              const gr_layoff *defense, int *reason);

/* Where a parser stopped: the byte offset and length of the bad token in
 * the text (length 0 when something is missing at offset, e.g. at the end)
 * and the reason.  Written by the *_ex parsers on failure only, and
 * zeroed on success.  The library never reads it. */
typedef struct gr_parse_error {
    size_t offset;     /* bytes from the start of the text */
    size_t length;     /* bytes of the bad token (0: something is missing) */
    int    reason;     /* GR_REASON_* */
    int    line;       /* 1-based line of offset */
    int    reserved[8];
} gr_parse_error;

/* gr_card_parse() and gr_cards_parse(), with the place of the first bad
 * token in *err (when err is not NULL). */
GR_API int gr_card_parse_ex(const char *text, gr_card *out, gr_parse_error *err);
GR_API int gr_cards_parse_ex(const char *text, gr_cards *out, gr_parse_error *err);

/* As gr_game_load_mm(), with the place of the first fault in *err (when
 * err is not NULL): the offset and length of the bad line key, word or
 * move, and the reason (GR_REASON_SYNTAX for damaged text,
 * GR_REASON_DRAW_MISMATCH, or the rule a replayed move broke, e.g.
 * GR_REASON_JUST_TAKEN).  Zeroed on success. */
GR_API int gr_game_load_ex(gr_game **out, const char *text, const gr_allocator *mm,
                           gr_parse_error *err);

/* ------------------------------------------------------------------------
 * Settlement, extended: either seat, strict card counts, reasons
 * ------------------------------------------------------------------------ */

typedef struct gr_settle_options {
    int     knocker;       /* the knocker's seat, 0 or 1: the result's knocker
                              and winner are seats, ready for
                              gr_match_record() */
    int     strict;        /* 1: a hand with the wrong number of cards is
                              GR_EINVAL (GR_REASON_CARD_COUNT) instead of a
                              void hand (G28) */
    int     has_upcard;    /* 1: upcard is the hand's first upcard (G33, as
                              gr_settle_upcard()) */
    gr_card upcard;
    int     reserved[8];   /* must be 0 */
} gr_settle_options;

/* gr_settle() with options (NULL: knocker in seat 0, void on a wrong card
 * count, no upcard: exactly gr_settle()) and the reason of a refusal in
 * *reason when reason is not NULL.  Refusals as gr_settle(), plus
 * GR_EINVAL for a seat other than 0 or 1 (GR_REASON_BAD_VALUE), reserved
 * space not zero, and in strict mode a wrong card count.  gr_settle() and
 * gr_game_knock() agree: a knocker meld that is not a meld is GR_EILLEGAL
 * (GR_REASON_NOT_A_MELD) from both. */
GR_API int gr_settle_ex(const gr_rules *rules, const gr_settle_options *options,
                        const gr_arrangement *knocker, gr_cards defender,
                        gr_hand_result *out, int *reason);

/* G29 with the options of gr_settle_ex(): an illegal knock that stands
 * (as gr_settle_illegal_knock(), the knock limit not enforced), with the
 * knocker in either seat and the hand's upcard, which under Oklahoma
 * (G33) still doubles the score (its knock limit is not enforced either).
 * Refusals and *reason as gr_settle_ex(). */
GR_API int gr_settle_illegal_knock_ex(const gr_rules *rules,
                                      const gr_settle_options *options,
                                      const gr_arrangement *knocker,
                                      gr_cards defender, gr_hand_result *out,
                                      int *reason);

/* ------------------------------------------------------------------------
 * Advice: discards, taking a card, knocking (pure functions; advice.c)
 * ------------------------------------------------------------------------ */

/* The discard that leaves the least deadwood among the cards of `hand`
 * not in `excluded` (pass the card just taken from the pile: G11); ties
 * as gr_best_discard().  Writes it to *out and returns the deadwood left.
 * GR_EINVAL for NULL, bits above 51, or no card left to discard. */
GR_API int gr_best_discard_except(gr_cards hand, gr_cards excluded, gr_card *out);

/* The best discard for the player to act in the discard phase, under G11
 * (the card he just took from the pile is never advised); returns the
 * deadwood left.  GR_ESTATE outside the discard phase, GR_EINVAL for NULL. */
GR_API int gr_game_best_discard(const gr_game *game, gr_card *out);

/* "Should I take this card": the least deadwood after taking `card` and
 * making the best allowed discard (not that card, G11), against drawing
 * blind: the mean, over the cards of `unseen` (the cards that may be in
 * the stock, from the player's view: see gr_view_unseen()), of the least
 * deadwood after drawing that card and making the best discard. */
typedef struct gr_take_advice {
    int     take_deadwood;  /* deadwood after taking and the best discard */
    gr_card take_discard;   /* that discard */
    double  draw_expected;  /* mean deadwood after a blind draw (0 when no
                               card is unseen) */
    int     draw_best;      /* the least and the most of those deadwoods */
    int     draw_worst;
    int     unseen;         /* how many cards were averaged */
    int     take;           /* 1 when take_deadwood < draw_expected (or no
                               card is unseen), else 0 */
    int     reserved[8];
} gr_take_advice;

/* Advice for taking `card` into `hand` (1..51 cards; `card` not in it;
 * `unseen` disjoint from both).  GR_EINVAL for NULL, bits above 51, or
 * overlapping arguments. */
GR_API int gr_advise_take(gr_cards hand, gr_card card, gr_cards unseen,
                          gr_take_advice *out);

/* Check a view a program built or received (over a network, from a
 * file) before anything reads it: GR_OK when it is one gr_game_view()
 * could have written as far as the rules do not enter (the view does not
 * carry them), else GR_EINVAL with the reason in *reason when not NULL
 * (GR_REASON_NONE on GR_OK).  Every function that takes a view
 * (gr_bot_choose, gr_bot_observe, gr_bot_arrange, gr_view_unseen,
 * gr_view_advise_take) makes this check first and refuses a view it
 * refuses with GR_EINVAL.  In this order:
 *   GR_REASON_NULL_ARGUMENT: view is NULL;
 *   GR_REASON_RESERVED_NOT_ZERO: the view's reserved space (or, below, a
 *     legal move's) not zero;
 *   GR_REASON_BAD_VALUE: player, turn or dealer other than 0 or 1, a phase
 *     that is no GR_PHASE_*, knock_limit out of 0..10, nlegal out of
 *     0..GR_MAX_MOVES, ndiscards or stock_size out of 0..52,
 *     opponent_count out of 0..11;
 *   GR_REASON_BAD_CARD: a card above 51 in hand, opponent_known or the pile;
 *   GR_REASON_CARDS_UNACCOUNTED: a card in two places (hand,
 *     opponent_known, the pile, twice on the pile);
 *   GR_REASON_CARD_COUNT: hands that do not fit the phase (10 cards each;
 *     11 for the player to act in the discard phase; once over 10 or 11
 *     each, not both 11), more cards known in the opponent's hand than
 *     opponent_count;
 *   GR_REASON_CARDS_UNACCOUNTED: the two hands, the pile and the stock do
 *     not add up to 52 cards;
 *   GR_REASON_CARD_COUNT: a pile or stock that does not fit the phase
 *     (the upcard phase has the one upcard on the pile, the draw phase a
 *     card in the stock, the wall a card on the pile and at most 2 in the
 *     stock);
 *   then the legal moves: GR_REASON_BAD_VALUE for any when it is not the
 *     view's player's turn or the hand is over, a type that does not fit
 *     the phase, or a move listed twice; GR_REASON_BAD_CARD for a discard,
 *     knock or gin card above 51, GR_REASON_NOT_IN_HAND for one not in
 *     the hand; GR_REASON_PILE_EMPTY for taking from an empty pile,
 *     GR_REASON_BAD_CARD when the card of TAKE_UPCARD or DRAW_DISCARD is
 *     neither the top of the pile nor GR_NO_CARD.
 * The status is GR_EINVAL whatever the reason (a malformed argument). */
GR_API int gr_view_check(const gr_view *view, int *reason);

/* The cards a player cannot see from his view: not in his hand, not on
 * the pile, not known to be in the opponent's hand.  They are the stock
 * and the opponent's unknown cards.  GR_EINVAL for NULL or a view
 * gr_view_check() refuses. */
GR_API int gr_view_unseen(const gr_view *view, gr_cards *out);

/* gr_advise_take() for the card the view offers (the upcard in the upcard
 * phase, the top of the pile in the draw phase) with the view's unseen
 * cards.  GR_EINVAL for NULL or a view gr_view_check() refuses; GR_ESTATE
 * when no card is offered to this player now. */
GR_API int gr_view_advise_take(const gr_view *view, gr_take_advice *out);

/* Every arrangement of `hand` (at most 16 cards) whose deadwood is at most
 * `limit` (negative: no limit), each once: melds are sets of 3 or 4 and
 * runs of 3 or more, two runs of one suit that touch are always one run
 * (so a 6-card run is listed whole, never as 3 + 3); a 3-set with the
 * 4th card in the deadwood is a different arrangement from the 4-set.
 * Melds are listed by their lowest card.  Written to out[0..cap-1] (out
 * may be NULL when cap is 0); returns how many there are (which may be
 * more than cap).  Order: deterministic (a depth-first search from the
 * lowest card, deadwood before melds).  GR_EINVAL for bits above 51, more
 * than 16 cards, or out NULL with cap > 0. */
GR_API int gr_arrangements(gr_cards hand, int limit, gr_arrangement *out,
                           size_t cap);

typedef struct gr_knock_advice {
    gr_arrangement arrangement;  /* the arrangement to show */
    int            layoffs;      /* how many cards could be laid off on it */
    gr_cards       targets;      /* those cards */
    int            reserved[8];
} gr_knock_advice;

/* Knock advice: among the arrangements of `hand` (the ten cards kept)
 * within `limit`, gin (deadwood 0, G14) if the hand has it, otherwise the
 * one that leaves the defender the fewest possible layoffs (G17), given
 * `not_his`: cards known to be out of his hand (the pile, cards seen
 * elsewhere).  A possible layoff is a card not in hand and not in not_his
 * that is the 4th card of a 3-set, or extends a run (chains count through
 * possible cards only).  Of several gin arrangements, and for ties, the
 * fewest layoffs, then the least deadwood, then the first in
 * gr_arrangements() order.  GR_EILLEGAL (over the limit)
 * when no arrangement is within it; GR_EINVAL as gr_arrangements(). */
GR_API int gr_advise_knock(gr_cards hand, int limit, gr_cards not_his,
                           gr_knock_advice *out);

/* ------------------------------------------------------------------------
 * Layoff helpers for a user interface (advice.c)
 * ------------------------------------------------------------------------ */

/* Which defender cards can go on which knocker meld now: out[i] is the set
 * of the defender's cards (not yet in `laid`) that can be laid off on
 * knocker->melds[i] given the cards `laid` already laid off (they extend
 * the runs they were laid on).  Entries past nmelds are 0.  Returns
 * nmelds.  GR_EILLEGAL (GR_REASON_CANNOT_LAY_OFF) if `laid` is not a legal
 * set of layoffs, GR_EINVAL for NULL, a bad knocker arrangement, laid not
 * within defender, overlapping hands. */
GR_API int gr_layoff_targets(const gr_arrangement *knocker, gr_cards defender,
                             gr_cards laid, gr_cards out[GR_MAX_MELDS]);

/* Build the defense a person chose: the cards `laid_off`, the defender's
 * own melds the least-deadwood arrangement of the rest, deadwood and its
 * points filled in (ready for gr_game_defend()).  Returns the defender's
 * deadwood.  Refused as gr_layoff_targets(). */
GR_API int gr_layoff_build(const gr_arrangement *knocker, gr_cards defender,
                           gr_cards laid_off, gr_layoff *out);

/* ------------------------------------------------------------------------
 * Positions: a game set up without replaying a hand (position.c)
 * ------------------------------------------------------------------------ */

typedef struct gr_position {
    int      dealer;          /* 0 or 1 */
    int      turn;            /* the player to act, 0 or 1 */
    int      phase;           /* GR_PHASE_UPCARD, _DRAW or _DISCARD */
    gr_cards hand[2];         /* 10 cards each; 11 for the player to act in
                                 the discard phase */
    int      npile;           /* the discard pile, bottom first */
    gr_card  pile[GR_NCARDS];
    int      nstock;          /* the stock, top first (stock[0] is drawn
                                 next); ignored with stock_from_seed */
    gr_card  stock[GR_NCARDS];
    int      stock_from_seed; /* 1: the stock is every card in no hand and
                                 not on the pile, shuffled by `seed` */
    uint64_t seed;
    gr_card  taken;           /* discard phase: the card the player to act
                                 took from the pile this turn (G11), else
                                 GR_NO_CARD */
    int      pile_closed;     /* draw phase: both passed the upcard, so the
                                 pile is not offered (G9) */
    gr_cards known[2];        /* cards each player is known to hold (taken
                                 from the pile; within his hand) */
    gr_card  first_upcard;    /* the hand's first upcard (Oklahoma, G33), or
                                 GR_NO_CARD: then the pile's bottom card */
    int      turnovers;       /* turnovers of the pile so far (G16) */
    int      played;          /* moves played in the hand before this
                                 position, 0..GR_MAX_HAND_MOVES - 2: they
                                 count toward the cap on a hand's length */
    int      reserved[8];     /* must be 0 */
} gr_position;

/* A game from a position, validated: the hands, pile and stock hold the 52
 * cards each once (GR_REASON_CARDS_UNACCOUNTED), card counts fit the phase
 * (10 and 10; 11 for the player to act in the discard phase; the upcard
 * phase has one card on the pile), a non-empty stock (in GR_STOCK_END_VOID
 * mode more than 2 cards before a draw), `taken` in the hand of the player
 * to act, known cards within the hands.  In the upcard phase, turn is the
 * non-dealer (nobody passed yet) or the dealer (the non-dealer passed).
 * The game's history starts empty.  GR_EINVAL for a position that is not
 * valid, GR_ENOMEM; *out is written only on success.  Saved and loaded as
 * any game (gr_game_save() writes a "position" line). */
GR_API int gr_game_from_position(gr_game **out, const gr_rules *rules,
                                 const gr_position *position);

/* Check a position as gr_game_from_position() does, without making a
 * game: GR_OK or GR_EINVAL, with the reason in *reason when not NULL
 * (GR_REASON_CARDS_UNACCOUNTED, GR_REASON_CARD_COUNT, GR_REASON_BAD_VALUE,
 * GR_REASON_BAD_CARD, GR_REASON_RESERVED_NOT_ZERO, GR_REASON_NULL_ARGUMENT). */
GR_API int gr_position_check(const gr_rules *rules, const gr_position *position,
                             int *reason);

/* The position of a game in play (the stock is listed, not a seed):
 * gr_game_from_position() of it continues the same hand.  GR_ESTATE once
 * the hand is over, GR_EINVAL for NULL. */
GR_API int gr_game_position(const gr_game *game, gr_position *out);

/* A position as one line of text ("dealer 0; turn 1; phase draw; hand0
 * ...; hand1 ...; pile ...; stock ...; ..."), snprintf semantics.
 * GR_EINVAL for NULL, reserved space not zero, a dealer or turn other than
 * 0 or 1, a phase, count or card out of range (it need not be a position
 * gr_position_check() accepts). */
GR_API int gr_position_format(const gr_position *position, char *buf, size_t size);

/* Read gr_position_format() text; GR_EPARSE with the place in *err (when
 * not NULL) for text that does not read.  The position is not validated
 * against the rules (gr_game_from_position() does that). */
GR_API int gr_position_parse(const char *text, gr_position *out, gr_parse_error *err);

/* ------------------------------------------------------------------------
 * Moves as text, the card drawn, each player's history (movetext.c)
 * ------------------------------------------------------------------------ */

/* A move as short text: "take", "pass", "draw", "discard 7H", "knock 7H",
 * "gin 7H", "big gin"; DRAW_DISCARD is "take" too.  A draw with a card
 * (as in the history) names it: "draw 4D", "take QS".  snprintf semantics;
 * GR_EINVAL for an unknown move type or a bad card. */
GR_API int gr_move_format(gr_move move, char *buf, size_t size);

/* Read a move written by gr_move_format() (words case-insensitive, white
 * space free).  "take" is TAKE_UPCARD, or DRAW_DISCARD when `game` (may be
 * NULL) is in the draw phase; "draw" is DRAW_STOCK; an optional card after
 * a draw is kept in move.card.  GR_EPARSE with the place of the bad word
 * in *err (when not NULL); GR_EINVAL for NULL text or out. */
GR_API int gr_move_parse(const char *text, const gr_game *game, gr_move *out,
                         gr_parse_error *err);

/* gr_game_play(), writing the card the move drew to *drawn (when not
 * NULL): the stock card for DRAW_STOCK, the pile card for TAKE_UPCARD and
 * DRAW_DISCARD, GR_NO_CARD for other moves.  *drawn is written only on
 * success. */
GR_API int gr_game_play_drawn(gr_game *game, gr_move move, gr_card *drawn);

/* The history as `player` saw it: as gr_game_history(), except that the
 * opponent's stock draws (DRAW_STOCK) show GR_NO_CARD.  GR_EINVAL for
 * NULL or a bad player. */
GR_API int gr_game_history_view(const gr_game *game, int player, gr_move *out,
                                size_t cap);

/* ------------------------------------------------------------------------
 * Score keeping (match.c)
 *
 * For a score keeper at a real table: settle with the knocker in either
 * seat (gr_settle_ex(), whose result goes straight to gr_match_record()),
 * choose the first dealer instead of the cut, undo the last recorded hand,
 * list the hands recorded, and save and load a match as text.
 * ------------------------------------------------------------------------ */

/* As gr_match_new(), with `first_dealer` (0 or 1) dealing the first hand
 * instead of a cut (gr_match_cut() then returns GR_ESTATE).  The seed
 * still gives the hands gr_match_deal() deals.  GR_EINVAL for NULL or a
 * bad dealer, GR_ENOMEM. */
GR_API int gr_match_new_dealer(gr_match **out, const gr_rules *rules,
                               uint64_t seed, int first_dealer);

/* As gr_match_new_players(), with seat `first_dealer` (0..players-1)
 * dealing the first hand instead of a cut (G6, G40; gr_match_cuts() then
 * returns 0): with 3 players he sits out the first hand, with 4 his team
 * deals at both tables in the even deals (the first is deal 0) and the
 * other team in the odd ones.  With 2 players it is gr_match_new_dealer().
 * GR_EINVAL for NULL, a player count other than 2..4 or a seat out of
 * range, GR_ENOMEM. */
GR_API int gr_match_new_players_dealer(gr_match **out, const gr_rules *rules,
                                       uint64_t seed, int players,
                                       int first_dealer);

/* Take back the last hand recorded by gr_match_record(): the score, the
 * dealer of the next hand and whether the match is over are as before
 * that hand (a match that hand ended is open again).  Hands already dealt
 * by gr_match_deal() are not taken back (the next deal is a new hand).
 * GR_ESTATE (GR_REASON_NOTHING_TO_UNDO) when no hand is recorded,
 * GR_EINVAL for NULL.  May be called again to undo more. */
GR_API int gr_match_undo(gr_match *match);

/* The hands recorded, oldest first, into out[0..cap-1] (outcome, knocker,
 * winner and points; the other fields 0; a void hand has knocker and
 * winner -1); returns how many (which may be more than cap).  GR_EINVAL
 * for NULL, or out NULL with cap > 0. */
GR_API int gr_match_results(const gr_match *match, gr_hand_result *out,
                            size_t cap);

/* Why the last refused gr_match_record() or gr_match_undo() was refused
 * (GR_REASON_MATCH_OVER, GR_REASON_TOO_LONG, GR_REASON_BAD_RESULT,
 * GR_REASON_RESERVED_NOT_ZERO, GR_REASON_NULL_ARGUMENT,
 * GR_REASON_NOTHING_TO_UNDO, GR_REASON_NO_MEMORY), GR_REASON_NONE after a
 * call that succeeded.  GR_EINVAL for NULL. */
GR_API int gr_match_last_reason(const gr_match *match);

/* Write the match as text with snprintf semantics (returns the length
 * needed without the NUL; buf may be NULL when size is 0):
 *   ginrummy-match 1
 *   rules knock_limit=10 gin_bonus=20 ...     (every option)
 *   seed 42
 *   first_dealer cut                          (or the seat chosen)
 *   deals 3                                   (hands dealt so far)
 *   hand knock knocker 0 winner 0 points 25   (one line per recorded hand:
 *   hand void                                  void, knock, undercut, gin,
 *   end                                        big_gin)
 * With 3 or 4 players a line "players N" follows the seed, and with 4
 * every hand line ends with " table T" (0 or 1); a tie (G36) is
 * "hand tie knocker K".
 * GR_EINVAL for NULL. */
GR_API int gr_match_save(const gr_match *match, char *buf, size_t size);

/* Rebuild a match from gr_match_save() text: the same rules, seed, first
 * dealer or cut, the same next deal, and every hand recorded again through
 * gr_match_record().  GR_EPARSE for damaged text (bad syntax, an unknown
 * option or a value out of range, a line twice or missing, anything after
 * "end"; a text cut short has no "end" line with its newline and is
 * refused, so no proper prefix of a saved text loads, not even the text
 * without its last newline), GR_EILLEGAL for a hand the match refuses
 * (inconsistent, or after the match is over), GR_EINVAL for NULL,
 * GR_ENOMEM.  *out is written only on success. */
GR_API int gr_match_load(gr_match **out, const char *text);

/* As gr_match_load(), allocating through `mm` (NULL: malloc and free), with
 * the place of the fault in *err (when not NULL): for a hand the match
 * refuses (GR_EILLEGAL), its whole "hand" line and the reason the match
 * gave (as gr_match_last_reason). */
GR_API int gr_match_load_ex(gr_match **out, const char *text,
                            const gr_allocator *mm, gr_parse_error *err);

/* A copy of the rules the match plays by (a loaded match's too: the rules
 * its save text names), for gr_settle_ex() and bots; later changes to the
 * copy do not reach the match.  Free it with gr_rules_free().  GR_EINVAL
 * for NULL arguments, GR_ENOMEM; *out is written only on success. */
GR_API int gr_match_rules(const gr_match *match, gr_rules **out);

/* ------------------------------------------------------------------------
 * Basic Rummy: cards and melding (R1, R3, R4, R5, R7): pure functions
 * ------------------------------------------------------------------------
 *
 * A Rummy card is a gr_card: 0..51 for the faces (as in Gin) and
 * GR_RUMMY_JOKER (52) for a joker.  With two decks a hand can hold two
 * identical faces, so a hand is a gr_rummy_hand (a multiset), not a
 * gr_cards.  Every function here is pure (no handle, no global state) and
 * safe to call from any thread.
 *
 * flags: 0 or GR_RUMMY_ACE_HIGH (R3: the ace may also follow the king,
 * Q-K-A, and then scores 11 (R7)); any other bit is GR_EINVAL.
 *
 * Jokers (R5).  A joker on the table stands for one named face, one the
 * meld lacks.  Decision: the face a joker names may also be held elsewhere
 * (a natural in another meld, with one deck as with two); only within one
 * meld is every face distinct.  A meld holds at least one natural card.
 */

/* A physical joker card, where a gr_card is expected (parse, add, moves). */
#define GR_RUMMY_JOKER      ((gr_card)52)
/* The most jokers a hand (and the functions here) handle: 2 decks x 4. */
#define GR_RUMMY_MAX_JOKERS 8
/* flags of the melding functions: the ace-high option of R3 */
#define GR_RUMMY_ACE_HIGH   1

/* A Rummy hand: a multiset of the 52 faces (each held 0, 1 or 2 times,
 * two decks) plus a number of jokers.  Invariant: (twice & ~once) == 0,
 * no bit above 51, 0 <= jokers <= GR_RUMMY_MAX_JOKERS (8).  A plain value:
 * copy it with =, compare it field by field.  Every function taking one
 * returns GR_EINVAL when the invariant does not hold. */
typedef struct gr_rummy_hand {
    gr_cards once;    /* faces held at least once */
    gr_cards twice;   /* faces held twice (a subset of once) */
    int      jokers;  /* jokers held */
} gr_rummy_hand;

/* A meld on the table (R5): a set or run never repeats a face, so it is
 * the faces it stands for plus which of them are jokers. */
typedef struct gr_rummy_meld {
    gr_cards cards;   /* every face it stands for, jokers' named cards included */
    gr_cards jokers;  /* the faces of `cards` that jokers stand for (subset) */
} gr_rummy_meld;

/* Points of one Rummy card (R7): joker 15, J Q K 10, ace 1 (11 with
 * GR_RUMMY_ACE_HIGH), other cards their pip value.  GR_EINVAL for a card
 * above 52 or bad flags. */
GR_API int gr_rummy_card_points(gr_card card, int flags);

/* Parse one Rummy card: a face as gr_card_parse() reads it, or a joker:
 * "JK" (any case), "*", or U+1F0CF (the Unicode joker).  White space
 * around it is allowed.  GR_EPARSE if the text is not exactly one card,
 * GR_EINVAL for NULL. */
GR_API int gr_rummy_card_parse(const char *text, gr_card *out);

/* Write one Rummy card ("7H", "JK") with snprintf semantics (see
 * gr_card_format).  GR_EINVAL for a card above 52, or buf NULL with
 * size > 0. */
GR_API int gr_rummy_card_format(gr_card card, char *buf, size_t size);

/* GR_OK if *hand satisfies the invariant above, else GR_EINVAL (also for
 * NULL). */
GR_API int gr_rummy_hand_check(const gr_rummy_hand *hand);

/* GR_OK if the hand can come from `decks` decks (1 or 2) with
 * `jokers_per_deck` jokers each (0..4, R1): no face twice with one deck,
 * at most decks * jokers_per_deck jokers.  GR_EINVAL otherwise, for a bad
 * hand, NULL, or decks / jokers_per_deck out of range. */
GR_API int gr_rummy_hand_fits(const gr_rummy_hand *hand, int decks,
                              int jokers_per_deck);

/* Parse a hand: Rummy cards (gr_rummy_card_parse) separated by white space
 * and/or commas, in any order: "7H 7H JK 2C".  Blank text is the empty
 * hand.  GR_EPARSE for a token that is not a card; GR_EINVAL for a third
 * copy of a face, a ninth joker (GR_RUMMY_MAX_JOKERS), or NULL text/out.
 * On GR_EPARSE or GR_EINVAL for a card, *bad (if bad is not NULL) is set
 * to the byte offset in text of the token refused.  *out is written only
 * on success.  Use gr_rummy_hand_fits() to check against the decks in use. */
GR_API int gr_rummy_hand_parse(const char *text, gr_rummy_hand *out,
                               size_t *bad);

/* Write a hand as text: faces in card order (clubs A..K, diamonds, hearts,
 * spades), a face held twice written twice, then the jokers as "JK", all
 * separated by single spaces: "2C 7H 7H JK".  The empty hand is "".
 * snprintf semantics (gr_card_format).  GR_EINVAL for a bad hand, NULL
 * hand, or buf NULL with size > 0. */
GR_API int gr_rummy_hand_format(const gr_rummy_hand *hand, char *buf,
                                size_t size);

/* The number of cards in the hand, jokers included.  GR_EINVAL for a bad
 * hand or NULL. */
GR_API int gr_rummy_hand_count(const gr_rummy_hand *hand);

/* The sum of the points (R7, gr_rummy_card_points) of the hand's cards.
 * GR_EINVAL for a bad hand, NULL or bad flags. */
GR_API int gr_rummy_hand_points(const gr_rummy_hand *hand, int flags);

/* How many copies of `card` (a face 0..51, or GR_RUMMY_JOKER) the hand
 * holds: 0..2 for a face, 0..8 for the joker.  GR_EINVAL for a bad hand,
 * NULL or a card above 52. */
GR_API int gr_rummy_hand_holds(const gr_rummy_hand *hand, gr_card card);

/* Add one card (a face or GR_RUMMY_JOKER) to the hand.  GR_EINVAL for a
 * third copy of a face, a ninth joker, a card above 52, a bad hand or
 * NULL; the hand is then unchanged. */
GR_API int gr_rummy_hand_add(gr_rummy_hand *hand, gr_card card);

/* Remove one copy of `card` from the hand.  GR_EILLEGAL if the hand does
 * not hold it (the hand is then unchanged); GR_EINVAL as gr_rummy_hand_add. */
GR_API int gr_rummy_hand_remove(gr_rummy_hand *hand, gr_card card);

/* What a table meld is (R3, R5): GR_MELD_SET for 3 or 4 faces of one rank
 * (distinct suits, as every face of a meld is distinct); GR_MELD_RUN for 3
 * or more consecutive faces of one suit, ace low (A-2-3 .. J-Q-K), or with
 * GR_RUMMY_ACE_HIGH also ending Q-K-A (never K-A-2, never the ace at both
 * ends); 0 if it is neither, or if every face is a joker (a meld needs a
 * natural card).  GR_EINVAL for NULL, bad flags, bits above 51, or jokers
 * not a subset of cards. */
GR_API int gr_rummy_meld_kind(const gr_rummy_meld *meld, int flags);

/* Parse a meld: its cards as in gr_rummy_hand_parse, each joker written
 * with the face it names after '=': "5H JK=6H 7H" (also "*=6H").  Every
 * face must be distinct.  The text is not checked to be a legal meld (use
 * gr_rummy_meld_kind).  GR_EPARSE for an unreadable token or a joker
 * without its face, GR_EINVAL for a face twice or NULL; *bad as in
 * gr_rummy_hand_parse.  *out is written only on success. */
GR_API int gr_rummy_meld_parse(const char *text, gr_rummy_meld *out,
                               size_t *bad);

/* Write a meld as text, faces in card order, a joker as "JK=6H":
 * "5H JK=6H 7H"; a run through the ace played high (R3) in its play order,
 * the ace last: "QH KH AH", "JH QH KH JK=AH" (gr_rummy_meld_parse reads
 * the faces in any order).  snprintf semantics.  GR_EINVAL for NULL, bits above 51
 * or jokers not a subset of cards, buf NULL with size > 0. */
GR_API int gr_rummy_meld_format(const gr_rummy_meld *meld, char *buf,
                                size_t size);

/* The most melds a hand of 104 faces and 8 jokers can make (112 / 3), and
 * the most table melds the functions below accept. */
#define GR_RUMMY_MAX_MELDS 37

/* A Rummy hand arranged into melds and unmelded cards. */
typedef struct gr_rummy_arrangement {
    int           nmelds;                        /* 0..GR_RUMMY_MAX_MELDS */
    gr_rummy_meld melds[GR_RUMMY_MAX_MELDS];     /* each a legal set or run;
                                                    entries past nmelds are 0 */
    gr_rummy_hand unmelded;                      /* the cards in no meld */
    int           unmelded_points;               /* R7 points of unmelded */
    int           reserved[8];                   /* written as 0 */
} gr_rummy_arrangement;

/* The least unmelded value of a hand (R3, R5, R7): the least sum of the
 * points of the cards left over when the hand is split into legal sets and
 * runs, jokers standing for any face a meld lacks.  Exact for every valid
 * hand (any number of faces, up to 8 jokers), never greedy.  Returns the
 * value (>= 0), or GR_EINVAL for a bad hand, NULL or bad flags, GR_ENOMEM
 * (most hands of 10 cards or fewer need no heap memory; large or dense
 * hands do).  With GR_RUMMY_ACE_HIGH one search covers every way of
 * playing the aces low or high, pruned by a bound; the slowest hands found
 * (all eight aces, 4 to 8 jokers) take 3 to 4.5 times what they take
 * without the option: 0.13 second at 40 cards, 0.2 to 0.3 at 52, 0.7 at
 * 70, where solving each way apart took 3 to 13 seconds
 * (gr_rummy_cards(3) gives the numbers per size). */
GR_API int gr_rummy_value(const gr_rummy_hand *hand, int flags);

/* One best arrangement of the hand, written to *out; returns its unmelded
 * value (= gr_rummy_value).  Each joker in a meld names its face.
 * Deterministic: the same hand and flags always give the same
 * arrangement; the tie-break among arrangements of equal value is
 * documented in gr_rummy_cards(3).  GR_EINVAL for a bad hand, NULL or bad
 * flags, GR_ENOMEM (*out is then untouched). */
GR_API int gr_rummy_arrange(const gr_rummy_hand *hand, int flags,
                            gr_rummy_arrangement *out);

/* Check an arrangement of `hand` made by a caller (it need not be best):
 * every meld legal (gr_rummy_meld_kind), the melds' natural faces plus
 * their jokers plus unmelded exactly the hand, unmelded_points right,
 * nmelds in range, entries past nmelds and reserved zero.  GR_OK if so,
 * GR_EILLEGAL for an illegal meld, GR_EINVAL for anything else malformed. */
GR_API int gr_rummy_arrangement_check(const gr_rummy_hand *hand, int flags,
                                      const gr_rummy_arrangement *arr);

/* Kinds of move in a going-out plan (R4, R5). */
enum {
    GR_RUMMY_MOVE_MELD = 1,        /* lay a new meld down from the hand */
    GR_RUMMY_MOVE_LAY_OFF = 2,     /* lay one card off onto a table meld */
    GR_RUMMY_MOVE_TAKE_JOKER = 3   /* put a natural card in place of a table
                                      joker naming it; the joker goes to the
                                      hand */
};

/* One move.  meld is the index of the table meld it acts on: the caller's
 * table melds are 0..ntable-1, and the melds the plan lays down are
 * numbered ntable, ntable+1, ... in the order they are laid.
 *   MELD:       cards = the new meld (jokers named), meld = its new index.
 *   LAY_OFF:    cards.cards = the one face laid off; cards.jokers = that
 *               face if a joker laid off names it, else 0.
 *   TAKE_JOKER: cards.cards = the natural face put in, cards.jokers = 0. */
typedef struct gr_rummy_move {
    int           kind;          /* GR_RUMMY_MOVE_* */
    int           meld;          /* the meld acted on */
    gr_rummy_meld cards;         /* see above */
    int           reserved[4];   /* written as 0 */
} gr_rummy_move;

/* The most moves a plan holds (every move uses a card of the hand or a
 * joker taken from the table). */
#define GR_RUMMY_MAX_MOVES 120

/* A plan of moves for step (2) of a turn (R4): from the hand and the table,
 * in this order, leaving `left` in the hand. */
typedef struct gr_rummy_plan {
    int           value;                         /* R7 points of left */
    int           nmoves;                        /* 0..GR_RUMMY_MAX_MOVES */
    gr_rummy_move moves[GR_RUMMY_MAX_MOVES];     /* entries past nmoves are 0 */
    gr_rummy_hand left;                          /* the cards left in hand */
    int           reserved[8];                   /* written as 0 */
} gr_rummy_plan;

/* Going out with the table (R4, R5, R7): the least value left in the hand
 * after melding from it AND laying off onto the table's melds (runs at
 * either end, chained; sets a suit they lack; a joker laid off names its
 * face; a natural card may take a table joker (R5), which then plays from
 * the hand), written with its plan of moves to *out; returns that value.
 * table[0..ntable-1] are the melds on the table, each a legal meld
 * (gr_rummy_meld_kind > 0 under flags); table may be NULL when ntable is
 * 0.  Exact: every choice of jokers to take and of cards to lay off is
 * searched (layoffs onto runs' ends and 3-card sets are valued inside a
 * melding search of the cards left), and the cards left are melded by
 * gr_rummy_arrange.
 * The plan lists the joker takes first, then the layoffs meld by meld
 * (each run outward from its old ends), then the new melds.  Deterministic
 * (tie-break in gr_rummy_cards(3)).  Refused as gr_rummy_go_out_check()
 * says (GR_EINVAL for a malformed argument, GR_EILLEGAL for a table meld
 * that is not a meld, as gr_rummy_game_play() refuses that meld), or
 * GR_EINVAL for NULL out; GR_ENOMEM.  *out is written only on success. */
GR_API int gr_rummy_go_out(const gr_rummy_hand *hand,
                           const gr_rummy_meld *table, int ntable, int flags,
                           gr_rummy_plan *out);

/* Check the arguments of gr_rummy_go_out() and gr_rummy_can_go_out():
 * GR_OK, or the status of the first fault with its reason in *reason
 * (when not NULL; GR_REASON_NONE on GR_OK), in this order:
 * GR_REASON_NULL_ARGUMENT (hand NULL, or table NULL with ntable > 0),
 * GR_REASON_BAD_VALUE (bad flags, ntable outside 0..GR_RUMMY_MAX_MELDS),
 * GR_REASON_BAD_CARD (a malformed hand or table meld), a table meld's
 * reason as gr_rummy_meld_check() gives it (GR_EILLEGAL:
 * GR_REASON_NO_NATURAL, GR_REASON_JOKER_FACE, GR_REASON_RUMMY_NOT_A_MELD),
 * GR_REASON_RUMMY_CARDS (the hand and the table's natural cards together
 * holding a face more than twice, or more than GR_RUMMY_MAX_JOKERS jokers
 * in the hand and on the table: no game of one or two decks (R1) holds
 * them; a joker naming a face, JK=5C, is a joker, not a copy of 5C). */
GR_API int gr_rummy_go_out_check(const gr_rummy_hand *hand,
                                 const gr_rummy_meld *table, int ntable,
                                 int flags, int *reason);

/* Results of gr_rummy_can_go_out. */
enum {
    GR_RUMMY_OUT_NO = 0,        /* the hand cannot be emptied this turn */
    GR_RUMMY_OUT_MELD = 1,      /* every card can be melded or laid off */
    GR_RUMMY_OUT_DISCARD = 2    /* all but one card can, and that card may
                                   be discarded */
};

/* Can the player go out this turn (R4, R7), with the hand he holds after
 * his draw?  GR_RUMMY_OUT_MELD if every card can be melded or laid off
 * (gr_rummy_go_out value 0), else GR_RUMMY_OUT_DISCARD if some card other
 * than `no_discard` (a face or GR_RUMMY_JOKER that may not be discarded,
 * e.g. the card just taken from the discard pile; GR_NO_CARD for none) can
 * be kept back and everything else melded or laid off, else
 * GR_RUMMY_OUT_NO.  The card kept back may also be a joker taken from the
 * table (R5): table "3C JK=3D 3H 3S", hand "3D", no_discard 3D goes out
 * by putting 3D in the joker's place and discarding the joker.  Refused as
 * gr_rummy_go_out (out aside), or GR_EINVAL for no_discard neither a card
 * 0..52 nor GR_NO_CARD; GR_ENOMEM. */
GR_API int gr_rummy_can_go_out(const gr_rummy_hand *hand,
                               const gr_rummy_meld *table, int ntable,
                               int flags, gr_card no_discard);

/* gr_rummy_can_go_out's answer with the way out: for GR_RUMMY_OUT_MELD or
 * GR_RUMMY_OUT_DISCARD, a plan (as gr_rummy_go_out's: joker takes first,
 * then layoffs meld by meld, then new melds) after which `left` is empty
 * (MELD) or the one card to discard (DISCARD; value its points), written
 * to *out; for GR_RUMMY_OUT_NO *out is untouched.  The card kept back may
 * be a joker taken from the table (R5) when the hand holds none.
 * gr_rummy_go_out's plan leaves the least value, which need not be a way
 * out (a card that may not be discarded can be worth less than a joker).
 * GR_EINVAL as gr_rummy_can_go_out or for NULL out; GR_ENOMEM. */
GR_API int gr_rummy_can_go_out_plan(const gr_rummy_hand *hand,
                                    const gr_rummy_meld *table, int ntable,
                                    int flags, gr_card no_discard,
                                    gr_rummy_plan *out);

/* ------------------------------------------------------------------------
 * Basic Rummy: rules, game, match, bots (R1-R8)
 *
 * A table of 2-7 players (R2), one or two decks with 0-4 jokers each (R1).
 * Seats are numbered 0..players-1; turns go in seat order.  A physical card
 * is a gr_card 0..51 or GR_RUMMY_JOKER.  The objects mirror the Gin ones:
 * gr_rummy_rules (options), gr_rummy_game (one hand), gr_rummy_view (what
 * one seat may know), gr_rummy_match (hands until the target),
 * gr_rummy_bot.  Public structs end with reserved space: the library
 * writes it as zeros and refuses (GR_EINVAL) input whose reserved space is
 * not zero.  Handles follow the threading rule of the whole library.
 *
 * Rules the library settles where doc/rules-reference.md leaves room:
 *   - Dead ends (R4 Decision): the card taken from the pile, and any card
 *     identical to it (second deck, or another joker), may not be
 *     discarded that turn.  A step-2 move that would leave only such cards
 *     is refused, and so is taking the pile's card when only such cards
 *     would then be held; so every turn can end.
 *   - Known cards (R8): a card taken from the pile, or a joker taken from
 *     the table, is known until it leaves the hand; when a face (or joker)
 *     leaves a hand holding a known copy, the known copy is the one that
 *     goes, so what is known never depends on hidden cards.
 *   - A turnover (R6) always finds a pile of 2 or more cards (a turn ends
 *     with a discard).
 *   - A hand nobody can ever finish (R6, R7) is void at its next turnover:
 *     when no card off the table (hands, stock, pile) lays off on a table
 *     meld or takes a table joker, and no player can hold a new meld (2
 *     cards at most after his draw, or no meld among the cards off the
 *     table).  A hand shrinks only by melds and layoffs, so such a hand
 *     could only run to the length limit below and be void there.
 *   - The length of a hand (a library rule, as GR_MAX_HAND_MOVES for Gin):
 *     a hand never has more than GR_RUMMY_MAX_HAND_MOVES actions.  A turn
 *     has at most 24 (a draw, at most 22 melds, layoffs and joker
 *     exchanges, a discard); when a turn ends with a discard and another
 *     whole turn would not fit, the hand is void, as at the end of the
 *     stock.  Without it, with GR_RUMMY_OPT_TURNOVER_LIMIT 0 (PARLETT), a
 *     hand nobody can finish would go on for ever.
 * ------------------------------------------------------------------------ */

#define GR_RUMMY_MAX_PLAYERS 7
/* The most actions a hand can have (see "The length of a hand" above):
 * some 400 turns of 7 players, far beyond a hand people play. */
#define GR_RUMMY_MAX_HAND_MOVES 10000
/* the most cards of a table: two decks and 4 jokers each */
#define GR_RUMMY_MAX_CARDS   112

typedef struct gr_rummy_rules gr_rummy_rules;

/* Presets. */
enum {
    GR_RUMMY_PRESET_PARLETT = 0   /* seed 003, with the Decisions of doc/rules-reference.md */
};

/* Rummy rule options.  Append-only.  PARLETT values in brackets. */
enum {
    GR_RUMMY_OPT_PLAYERS = 0,     /* 2..7 [2] (R2) */
    GR_RUMMY_OPT_DECKS,           /* 0 = as R2's table for the player count,
                                     1 or 2 where R2 gives the choice [0] */
    GR_RUMMY_OPT_HAND_SIZE,       /* 0 = as R2's table, 7 or 10 where R2
                                     gives the choice [0] */
    GR_RUMMY_OPT_JOKERS,          /* jokers per deck, 0..4 [0] (R1) */
    GR_RUMMY_OPT_ACE_HIGH,        /* 0 or 1: Q-K-A is a run too, the ace
                                     counts 11 [0] (R3, R7) */
    GR_RUMMY_OPT_TURNOVER_LIMIT,  /* 0..1000, 0 = unlimited [0] (R6) */
    GR_RUMMY_OPT_TARGET,          /* 0..100000, 0 = one hand only [100] (R7) */
    GR_RUMMY_OPT_COUNT
};

/* Make a rule set from a preset (GR_RUMMY_PRESET_PARLETT).  GR_EINVAL for
 * an unknown preset or NULL out, GR_ENOMEM.  Free with
 * gr_rummy_rules_free(). */
GR_API int gr_rummy_rules_new(gr_rummy_rules **out, int preset);

/* As gr_rummy_rules_new(), allocating through `mm` (NULL: malloc/free);
 * games and matches made from the rules allocate through it too. */
GR_API int gr_rummy_rules_new_mm(gr_rummy_rules **out, int preset,
                                 const gr_allocator *mm);

/* A copy (same allocator).  GR_EINVAL, GR_ENOMEM. */
GR_API int gr_rummy_rules_clone(gr_rummy_rules **out, const gr_rummy_rules *rules);

/* Free a rule set; NULL is a no-op. */
GR_API void gr_rummy_rules_free(gr_rummy_rules *rules);

/* Set an option.  GR_EINVAL for an unknown option, a value out of its
 * range, or a deal R2 does not allow with the other options (decks 2 with
 * 2-3 players or 1 with 6-7, hand size 7 with 2 or 6-7 players, 10 with
 * 4-5 players on one deck, 7 on two decks): set the player count first.
 * The rules are then unchanged. */
GR_API int gr_rummy_rules_set(gr_rummy_rules *rules, int option, int value);

/* Read an option as set (0 for "as R2's table") into *out.  GR_EINVAL. */
GR_API int gr_rummy_rules_get(const gr_rummy_rules *rules, int option, int *out);

/* The deal these rules make (R2): decks, cards per hand and the number of
 * cards in the whole deck (52 per deck plus the jokers).  Any of the
 * outputs may be NULL.  GR_EINVAL for NULL rules. */
GR_API int gr_rummy_rules_deal(const gr_rummy_rules *rules, int *decks,
                               int *hand_size, int *ncards);

/* Describe Rummy option `option` (name such as "players", description,
 * range), as gr_option_describe().  GR_EINVAL. */
GR_API int gr_rummy_option_describe(int option, gr_option_info *out);

/* The Rummy option named `name` (case-insensitive), or GR_EINVAL. */
GR_API int gr_rummy_option_lookup(const char *name);

/* ---- one hand ---------------------------------------------------------- */

typedef struct gr_rummy_game gr_rummy_game;

/* Phases of a Rummy hand. */
enum {
    GR_RUMMY_PHASE_DRAW = 1,   /* the player to act draws (R4 step 1) */
    GR_RUMMY_PHASE_PLAY = 2,   /* melds, layoffs, joker exchanges, then a
                                  discard ends the turn (R4 steps 2, 3) */
    GR_RUMMY_PHASE_OVER = 3    /* a player went out, or the hand is void */
};

/* The actions of a turn, one gr_rummy_action each (a move of the game;
 * gr_rummy_move is a step of a going-out plan, above). */
enum {
    GR_RUMMY_ACT_DRAW_STOCK   = 1,  /* draw the top of the stock */
    GR_RUMMY_ACT_DRAW_DISCARD = 2,  /* take the top of the discard pile */
    GR_RUMMY_ACT_MELD         = 3,  /* lay down `meld` from the hand: its
                                        natural cards and one joker for each
                                        face of meld.jokers */
    GR_RUMMY_ACT_LAY_OFF      = 4,  /* lay `card` (a face, or GR_RUMMY_JOKER
                                        standing for `named`) on table meld
                                        number `target`: at the run's end or
                                        as the set's missing suit */
    GR_RUMMY_ACT_SWAP_JOKER   = 5,  /* put natural `card` into table meld
                                        `target` in place of the joker that
                                        stands for it; the joker goes to the
                                        hand (R5) */
    GR_RUMMY_ACT_DISCARD      = 6   /* discard `card` (a face or a joker) */
};

/* One action.  Fields a type does not use are GR_NO_CARD (cards), -1 (target)
 * and zero (meld) in what the library writes, and are ignored on input. */
typedef struct gr_rummy_action {
    int           type;    /* GR_RUMMY_ACT_* */
    gr_card       card;    /* LAY_OFF, SWAP_JOKER, DISCARD: the card from
                              the hand; draws: in the history the card
                              drawn; in the legal moves the pile's top for
                              DRAW_DISCARD and GR_NO_CARD for DRAW_STOCK
                              (the stock is hidden); ignored when played */
    gr_card       named;   /* LAY_OFF of a joker: the face it stands for */
    int           target;  /* LAY_OFF, SWAP_JOKER: the table meld, 0.. */
    gr_rummy_meld meld;    /* MELD: the meld laid down */
    int           reserved[4];
} gr_rummy_action;

/* Deal a hand with a seeded shuffle (the PRNG and shuffle of gr_game_new:
 * the same seed gives the same deal everywhere).  The deck starts as the
 * faces 0..51 of the first deck, then those of the second deck, then the
 * jokers, is shuffled, and is dealt as gr_rummy_game_new_from_deck()
 * says.  dealer is a seat 0..players-1.  The rules are copied.
 * GR_EINVAL, GR_ENOMEM. */
GR_API int gr_rummy_game_new(gr_rummy_game **out, const gr_rummy_rules *rules,
                             uint64_t seed, int dealer);

/* Deal a hand from a stacked deck (R2): deck[0..n-1] must hold exactly the
 * cards of the rules' deck (each face once per deck, jokers per deck times
 * decks; n as gr_rummy_rules_deal's ncards).  The cards are dealt one at a
 * time, starting with the seat after the dealer, round in seat order, until
 * every hand is full; the next card starts the discard pile; the rest is
 * the stock, its first card the top.  The seat after the dealer plays
 * first.  GR_EINVAL for a deck that is not the rules' deck, a bad dealer,
 * NULL; GR_ENOMEM. */
GR_API int gr_rummy_game_new_from_deck(gr_rummy_game **out,
                                       const gr_rummy_rules *rules,
                                       const gr_card *deck, size_t n,
                                       int dealer);

/* An independent copy (same allocator).  GR_EINVAL, GR_ENOMEM. */
GR_API int gr_rummy_game_clone(gr_rummy_game **out, const gr_rummy_game *game);

/* Free a hand; NULL is a no-op. */
GR_API void gr_rummy_game_free(gr_rummy_game *game);

/* GR_RUMMY_PHASE_*, the seat to act, the dealer, the number of players;
 * GR_EINVAL for NULL. */
GR_API int gr_rummy_game_phase(const gr_rummy_game *game);
GR_API int gr_rummy_game_turn(const gr_rummy_game *game);
GR_API int gr_rummy_game_dealer(const gr_rummy_game *game);
GR_API int gr_rummy_game_players(const gr_rummy_game *game);

/* Every legal move of the player to act into out[0..cap-1]; returns how
 * many are legal (possibly more than cap: call with cap 0 to learn the
 * count; out may be NULL when cap is 0).  Exact: every listed move is
 * accepted by gr_rummy_game_play(), every other one refused.  Order: draws
 * (stock, pile); melds (by kind: sets then runs, each joker naming listed
 * as its own move); layoffs (by target meld, then card, a joker once per
 * face it may stand for); joker exchanges; discards (faces by number, then
 * the joker).  Returns 0 once the hand is over.  GR_EINVAL for NULL. */
GR_API int gr_rummy_game_legal_moves(const gr_rummy_game *game,
                                     gr_rummy_action *out, size_t cap);

/* Play one move for the player to act (R4-R7).  GR_EINVAL for a malformed
 * move (unknown type, card out of range, reserved not zero); GR_ESTATE for
 * a move of the wrong step (a draw after drawing, a meld before drawing)
 * or once the hand is over; GR_EILLEGAL for a move the rules refuse (cards
 * not held, not a meld, a layoff that does not fit, discarding the card
 * taken from the pile or a card identical to it, a step-2 move that leaves
 * only that card (R4 Decision)); GR_ENOMEM.  The game is then unchanged. */
GR_API int gr_rummy_game_play(gr_rummy_game *game, const gr_rummy_action *move);

/* The cards a seat holds.  GR_EINVAL for a bad seat or NULL. */
GR_API int gr_rummy_game_hand(const gr_rummy_game *game, int player,
                              gr_rummy_hand *out);

/* The table melds, oldest first (the index is a move's target), into
 * out[0..cap-1]; returns how many.  GR_EINVAL. */
GR_API int gr_rummy_game_melds(const gr_rummy_game *game, gr_rummy_meld *out,
                               size_t cap);

/* The discard pile, bottom first, into out[0..cap-1]; returns its size. */
GR_API int gr_rummy_game_discards(const gr_rummy_game *game, gr_card *out,
                                  size_t cap);

/* The stock, top first, into out[0..cap-1]; returns its size (a referee's
 * call: players see only the size). */
GR_API int gr_rummy_game_stock(const gr_rummy_game *game, gr_card *out,
                               size_t cap);

/* Turnovers of the discard pile so far (R6).  GR_EINVAL for NULL. */
GR_API int gr_rummy_game_turnovers(const gr_rummy_game *game);

/* The moves played, oldest first, into out[0..cap-1]; returns how many
 * (never more than GR_RUMMY_MAX_HAND_MOVES).  Draws record the card
 * drawn. */
GR_API int gr_rummy_game_history(const gr_rummy_game *game, gr_rummy_action *out,
                                 size_t cap);

/* Outcomes of a Rummy hand. */
enum {
    GR_RUMMY_OUTCOME_VOID = 0,   /* the stock ran out (R6), or the hand
                                    reached GR_RUMMY_MAX_HAND_MOVES: nobody
                                    scores */
    GR_RUMMY_OUTCOME_OUT  = 1    /* a player went out (R7) */
};

typedef struct gr_rummy_result {
    int outcome;                           /* GR_RUMMY_OUTCOME_* */
    int winner;                            /* the seat that went out; -1 void */
    int nplayers;
    int score[GR_RUMMY_MAX_PLAYERS];       /* what the hand adds to each
                                              total: the winner the sum of
                                              the others' left_points (R7),
                                              everybody else 0 */
    int left_points[GR_RUMMY_MAX_PLAYERS]; /* value of each seat's cards left */
    int cards_left[GR_RUMMY_MAX_PLAYERS];  /* number of cards left */
    gr_rummy_hand left[GR_RUMMY_MAX_PLAYERS]; /* the cards left */
    int reserved[8];
} gr_rummy_result;

/* The result of a finished hand into *out.  GR_ESTATE until the hand is
 * over, GR_EINVAL for NULL. */
GR_API int gr_rummy_game_result(const gr_rummy_game *game, gr_rummy_result *out);

/* What one seat may know (R8).  Nothing else: not the stock's order, not
 * the other hands' unknown cards. */
typedef struct gr_rummy_view {
    int           player;       /* whose view */
    int           nplayers;
    int           dealer;
    int           turn;         /* the seat to act */
    int           phase;        /* GR_RUMMY_PHASE_* */
    int           ace_high;     /* GR_RUMMY_OPT_ACE_HIGH */
    gr_rummy_hand hand;         /* his own cards */
    gr_card       taken;        /* the card the player to act took from the
                                   pile this turn (he may not discard it nor
                                   one identical), or GR_NO_CARD */
    int           counts[GR_RUMMY_MAX_PLAYERS];     /* cards held, per seat */
    gr_rummy_hand known[GR_RUMMY_MAX_PLAYERS];      /* per seat: cards taken
                                   from the pile or by a joker exchange and
                                   still held (a face or joker played counts
                                   as a known one first) */
    int           nmelds;
    gr_rummy_meld melds[GR_RUMMY_MAX_MELDS];        /* the table, oldest first */
    int           owner[GR_RUMMY_MAX_MELDS];        /* who laid each meld down */
    int           stock_size;
    int           turnovers;
    int           ndiscards;
    gr_card       discards[GR_RUMMY_MAX_CARDS];     /* the pile, bottom first */
    int           reserved[16];
} gr_rummy_view;

/* Fill *out with what `player` may know now.  GR_EINVAL for a bad seat or
 * NULL. */
GR_API int gr_rummy_game_view(const gr_rummy_game *game, int player,
                              gr_rummy_view *out);

/* The legal moves of the view's player, computed from the view alone
 * (exactly gr_rummy_game_legal_moves() when it is his turn, else 0).
 * GR_EINVAL for NULL or a malformed view: seats (player, turn, dealer,
 * the table's owners) outside 0..nplayers-1, nplayers outside
 * 2..GR_RUMMY_MAX_PLAYERS, an unknown phase, ace_high not 0 or 1, the hand
 * or a seat's known cards no valid hand (gr_rummy_hand_check), taken not
 * a card, a negative count or one above GR_RUMMY_MAX_CARDS (counts, stock,
 * pile, turnovers below 0), a table meld that is no legal set or run,
 * a pile card above the joker, more jokers (GR_RUMMY_MAX_JOKERS) or a
 * face more often (twice: two decks, R1) in sight (the hand, the table's
 * natural cards and the pile together) than the decks can hold, reserved
 * space not zero.  Every function taking a view (bots, move text)
 * refuses the same views. */
GR_API int gr_rummy_view_legal_moves(const gr_rummy_view *view,
                                     gr_rummy_action *out, size_t cap);

/* Write the hand as text, snprintf semantics; returns the length needed.
 *   rummy 1
 *   rules players=4 decks=0 hand_size=0 jokers=1 ace_high=0 ...
 *   dealer 2
 *   deck 7H KS JK ...                (the cards as dealt; JK a joker)
 *   moves STOCK 4D; MELD 3C 4C 5C; MELD 7D 7H JK=7S; LAYOFF 0 JK=6C;
 *         SWAP 1 7S; DISCARD KS; DRAW KS; ...   (one line, "moves" alone
 *         when none; a meld as gr_rummy_meld_format writes it)
 *   end
 * GR_EINVAL for NULL. */
GR_API int gr_rummy_game_save(const gr_rummy_game *game, char *buf, size_t size);

/* Rebuild a hand from gr_rummy_game_save() text by replaying its moves
 * through the rules.  Draws may leave out their card; a card named must be
 * the one drawn.  Lines may end in \n or \r\n; blank lines (white space
 * only) may follow the end line, as in gr_game_load().  GR_EPARSE for
 * damaged text (bad syntax, a missing or repeated line, an unknown option,
 * a wrong deck, no end line with its newline, so a text cut short
 * anywhere, anything but blank lines after it), GR_EILLEGAL for a move the
 * rules refuse (or a draw naming another card), GR_EINVAL for NULL,
 * GR_ENOMEM.  *out is written only on success. */
GR_API int gr_rummy_game_load(gr_rummy_game **out, const char *text);
/* As gr_rummy_game_load(), allocating through `mm` (NULL: malloc and
 * free). */
GR_API int gr_rummy_game_load_mm(gr_rummy_game **out, const char *text,
                                 const gr_allocator *mm);
/* As gr_rummy_game_load_mm(), with the place of the first fault in *err
 * (when err is not NULL): the offset, length and 1-based line of the bad
 * line or move (length 0 where something is missing: at the end of a text
 * cut short), and the reason: GR_REASON_SYNTAX for damaged text,
 * GR_REASON_DRAW_MISMATCH for a draw naming another card than the one
 * drawn, or the rule a replayed move broke (as gr_rummy_game_last_reason
 * gives it, e.g. GR_REASON_TAKEN_FROM_PILE); GR_REASON_NULL_ARGUMENT
 * or GR_REASON_BAD_VALUE (an allocator missing a function) with no place
 * for GR_EINVAL.  Zeroed on success. */
GR_API int gr_rummy_game_load_ex(gr_rummy_game **out, const char *text,
                                 const gr_allocator *mm, gr_parse_error *err);

/* Write one action as the text of a save's moves line ("MELD 3C 4C JK=5C",
 * "LAYOFF 2 JK=8C", "SWAP 0 5C", "DISCARD KS", "STOCK 4D"),
 * snprintf semantics.  GR_EINVAL for a malformed move. */
GR_API int gr_rummy_action_format(const gr_rummy_action *action, char *buf,
                                  size_t size);

/* ---- a match ----------------------------------------------------------- */

typedef struct gr_rummy_match gr_rummy_match;

typedef struct gr_rummy_score {
    int over;                               /* 1 once a total reached the
                                               target (or after the one hand
                                               of target 0) */
    int winner;                             /* the seat that reached it; -1 */
    int nplayers;
    int dealer;                             /* dealer of the next hand */
    int hands_played;                       /* void hands included */
    int hands_won[GR_RUMMY_MAX_PLAYERS];
    int total[GR_RUMMY_MAX_PLAYERS];        /* the sum of the hand scores */
    int reserved[8];
} gr_rummy_score;

/* Start a match.  The first dealer by a seeded cut (R2: every seat cuts a
 * card from one shuffled deck, the highest rank deals, the tied highest
 * cut again).  GR_EINVAL, GR_ENOMEM. */
GR_API int gr_rummy_match_new(gr_rummy_match **out, const gr_rummy_rules *rules,
                              uint64_t seed);

/* Free a match; NULL is a no-op.  Hands it dealt are the caller's. */
GR_API void gr_rummy_match_free(gr_rummy_match *match);

/* The dealer of the next hand.  GR_EINVAL. */
GR_API int gr_rummy_match_dealer(const gr_rummy_match *match);

/* Deal the next hand (the right dealer, a seed from the match's
 * generator); the caller owns *out.  GR_ESTATE once over or after
 * GR_MAX_MATCH_HANDS hands (void ones included). */
GR_API int gr_rummy_match_deal(gr_rummy_match *match, gr_rummy_game **out);

/* Record a hand: from gr_rummy_game_result(), or filled in by hand for a
 * hand played on a real table (outcome, winner and left_points are used:
 * the winner scores the sum of the others' left_points; the rest is
 * ignored but reserved must be zero).  A void hand scores nothing (its
 * winner and left_points are ignored, as gr_match_record() ignores a void
 * Gin hand's) and the same dealer deals again; otherwise the deal passes
 * to the next seat.
 * GR_EINVAL for an inconsistent result (nplayers not the match's, winner
 * not a seat, left_points out of 0..10000 or not 0 for the winner),
 * GR_ESTATE once over or after GR_MAX_MATCH_HANDS hands, GR_ENOMEM (the
 * match keeps the list of hands, for gr_rummy_match_undo()); the match is
 * then unchanged, but for the reason gr_rummy_match_last_reason() gives. */
GR_API int gr_rummy_match_record(gr_rummy_match *match,
                                 const gr_rummy_result *result);

/* The score so far.  GR_EINVAL. */
GR_API int gr_rummy_match_score(const gr_rummy_match *match, gr_rummy_score *out);

/* ---- bots ---------------------------------------------------------------- */

typedef struct gr_rummy_bot gr_rummy_bot;

/* A Rummy bot of kind GR_BOT_RANDOM (a uniform legal move),
 * GR_BOT_GREEDY (takes the pile card when it melds, lays down and lays off
 * natural cards, takes jokers, completes its pairs and near runs with its
 * jokers rather than keep them, goes out when it can, discards its highest
 * card that helps nobody) or GR_BOT_EXPERT (a strong player: it samples
 * the cards it cannot see consistently with what each seat took, passed
 * and threw, and plays whole-turn plans out on the samples; see
 * gr_rummy_bot_set_param and gr_bot(3)).  Seeded: the same seed and views
 * give the same moves.  GR_EINVAL, GR_ENOMEM. */
GR_API int gr_rummy_bot_new(gr_rummy_bot **out, int kind, uint64_t seed);
GR_API int gr_rummy_bot_new_mm(gr_rummy_bot **out, int kind, uint64_t seed,
                               const gr_allocator *mm);

/* Choose a move from the view alone; it is one of
 * gr_rummy_view_legal_moves(view).  GR_ESTATE when the view has no legal
 * move, GR_EINVAL for NULL or a malformed view, GR_ENOMEM. */
GR_API int gr_rummy_bot_choose(gr_rummy_bot *bot, const gr_rummy_view *view,
                               gr_rummy_action *out);

/* Free a bot; NULL is a no-op. */
GR_API void gr_rummy_bot_free(gr_rummy_bot *bot);

/* The Rummy expert (GR_BOT_EXPERT) decides from the views it is given and
 * from what it remembers of the earlier views of the same hand (who took
 * or passed its discards, what each seat threw), so give it every view of
 * its seat's decisions, in order.  It never sees a gr_rummy_game.
 *
 * What it uses (GR_BOT_PARAM_FEATURES of gr_rummy_bot_set_param); all by
 * default. */
enum {
    GR_RUMMY_EXPERT_INFER  = 1,  /* weigh each seat's unseen cards by what he
                                    passed (a card that would have melded
                                    with them) and threw, and by what a
                                    hand keeps after its turn (no meld, no
                                    card to lay off, no loose card worth
                                    more than his discard) */
    GR_RUMMY_EXPERT_SEARCH = 2,  /* play candidate plans out on sampled deals
                                    (else: lay down all it can and discard
                                    its costliest card outside pairs and near
                                    runs) */
    GR_RUMMY_EXPERT_HOLD   = 4,  /* also weigh laying down natural cards only
                                    (keeping jokers) and holding every meld
                                    back (else: lay down all it can) */
    GR_RUMMY_EXPERT_DRAW   = 8,  /* choose stock or pile by playouts (else: the
                                    pile's card when it is a joker or melds or
                                    lays off at once) */
    GR_RUMMY_EXPERT_SAFE   = 16, /* keep back the discards the next player
                                    could lay off or meld with the cards he
                                    took; prefer those next to what he
                                    threw or passed */
    GR_RUMMY_EXPERT_MATCH  = 32, /* value a hand by the chance to win the match
                                    it leaves, once gr_rummy_bot_set_score
                                    gave the score (else: by its points) */
    GR_RUMMY_EXPERT_ALL    = 63
};

/* Set a parameter of a Rummy expert: GR_BOT_PARAM_PLAYOUTS, hands played
 * out a decision, shared among its candidates (1..1000000, 0 = the
 * default, 2000: about 2 ms a decision on average with 2 players, see
 * gr_rummy_bot(3); at most 2048 sampled deals a decision), or
 * GR_BOT_PARAM_FEATURES (GR_RUMMY_EXPERT_* ORed).  For the other kinds
 * values in range are accepted and ignored.  GR_EINVAL for NULL, an
 * unknown parameter or a value out of range. */
GR_API int gr_rummy_bot_set_param(gr_rummy_bot *bot, int param, int value);

/* The rules the Rummy expert plays by (copied; the turnover limit matters
 * to its playouts).  Without them it reads the decks and jokers from the
 * cards the view accounts for and plays with unlimited turnovers.  GR_OK
 * and ignored for the other kinds; GR_EINVAL for NULL. */
GR_API int gr_rummy_bot_set_rules(gr_rummy_bot *bot, const gr_rummy_rules *rules);

/* ---- fast hands for search --------------------------------------------- */

/* The legal moves of the player to act in a fixed-size form, as
 * gr_legal_masks is for Gin.  A move of type t is legal only when bit t of
 * `types` is set (1u << GR_RUMMY_ACT_*), and then exactly:
 *   DRAW_STOCK:   the stock's top;  DRAW_DISCARD: `top`.
 *   DISCARD:      a face of `discard`, or a joker when discard_joker is 1.
 *   LAY_OFF:      a face of layoff[t] on table meld t, or a joker standing
 *                 for a face of joker_layoff[t] on meld t.
 *   SWAP_JOKER:   a face of swap[t] into table meld t.
 *   MELD:         a legal meld (gr_rummy_meld_kind > 0) whose natural faces
 *                 are held (within hand.once) and whose jokers number at most
 *                 hand.jokers, unless what it leaves is only cards identical
 *                 to `taken` (R4 Decision); `meld` is the union of the
 *                 natural faces of every such meld.
 * The same moves as gr_rummy_game_legal_moves(), which tests check.
 * Entries of the per-meld arrays past nmelds are not written. */
typedef struct gr_rummy_masks {
    unsigned      types;          /* bit GR_RUMMY_ACT_* set when legal */
    gr_card       top;            /* the pile's top, or GR_NO_CARD */
    gr_card       taken;          /* taken from the pile this turn, or
                                     GR_NO_CARD */
    int           discard_joker;  /* 1 if a joker may be discarded */
    gr_rummy_hand hand;           /* the player to act's cards */
    gr_cards      discard;        /* faces that may be discarded */
    gr_cards      meld;           /* faces in some legal MELD (see above) */
    int           nmelds;         /* table melds: entries of the arrays */
    gr_cards      layoff[GR_RUMMY_MAX_MELDS];       /* held faces that lay
                                                       off on meld t */
    gr_cards      joker_layoff[GR_RUMMY_MAX_MELDS]; /* faces a held joker may
                                                       stand for on meld t */
    gr_cards      swap[GR_RUMMY_MAX_MELDS];         /* held faces that take
                                                       meld t's joker */
    int           reserved[8];    /* written as zeros */
} gr_rummy_masks;

/* Fill *out with the legal moves of the player to act (no move types once
 * the hand is over).  GR_EINVAL for NULL. */
GR_API int gr_rummy_game_legal_masks(const gr_rummy_game *game,
                                     gr_rummy_masks *out);

/* Play `move` as gr_rummy_game_play() does (the same checks and statuses;
 * a refused move changes nothing) and, when it is played and `next` is not
 * NULL, write the legal masks of the decision that follows to *next (only
 * on GR_OK; it may be the masks the move was chosen from).  One library
 * call per move:
 *     gr_rummy_masks m;
 *     gr_rummy_game_legal_masks(game, &m);
 *     while (m.types)
 *         if (gr_rummy_game_step(game, choose(&m), &m) != GR_OK)
 *             break;
 * GR_EINVAL for NULL and the errors of gr_rummy_game_play(). */
GR_API int gr_rummy_game_step(gr_rummy_game *game, const gr_rummy_action *move,
                              gr_rummy_masks *next);

/* Deal a new hand into an existing game, in place and without allocating:
 * the same deal as gr_rummy_game_new(out, rules, seed, dealer) with the
 * game's rules (the history block it grew is kept for reuse).  Everything
 * of the previous hand is forgotten.  GR_EINVAL for NULL or a bad dealer
 * (the game is then unchanged). */
GR_API int gr_rummy_game_redeal(gr_rummy_game *game, uint64_t seed, int dealer);

/* Built-in policies of gr_rummy_game_playout(). */
enum {
    GR_RUMMY_PLAYOUT_RANDOM = 1,  /* draws from the pile or the stock by a
                                     coin; then a move that empties the hand
                                     whenever there is one, else uniform
                                     among the discards, the layoffs (each
                                     face a joker may stand for counted),
                                     the joker exchanges and one meld per
                                     face of `meld` (the meld it makes: its
                                     rank's held suits, else its longest
                                     natural run, else the fewest jokers) */
    GR_RUMMY_PLAYOUT_BASIC  = 2   /* a plain strategy (gr_playout(3)): takes
                                     the pile's card when it is a joker or
                                     melds or lays off at once, exchanges
                                     table jokers, lays down every natural
                                     meld (longest run first) and lays off
                                     what fits, completes a pair or a near
                                     run with a joker, goes out when it can,
                                     discards its costliest card outside
                                     pairs and near runs; a state of the
                                     hand that comes back at a later
                                     turnover would come back for ever, so
                                     the rest of such a hand is played
                                     as RANDOM plays */
};

/* Play the hand from its current state (any step of a turn) to its end,
 * every seat following `policy`, random choices from `seed`
 * (deterministic on every platform).  The moves go through the rules as
 * gr_rummy_game_play() and are recorded in the history, so replaying
 * gr_rummy_game_history() reaches the same state.  The hand always ends
 * (by R7, by R6 or its dead-hand Decision, or by the hand-length rule
 * above).  On GR_OK, *out (if not NULL) is its result (a hand already
 * over: just the result).
 * GR_EINVAL for NULL game or an unknown policy, GR_ENOMEM when the history
 * cannot grow (the game then stops where it is, every move so far played
 * and recorded). */
GR_API int gr_rummy_game_playout(gr_rummy_game *game, int policy, uint64_t seed,
                                 gr_rummy_result *out);

/* ------------------------------------------------------------------------
 * Basic Rummy for people and apps: reasons, moves as text (rummy/reason.c,
 * rummy/movetext.c)
 *
 * Every refused Rummy move has one reason (GR_REASON_*, gr_reason_text),
 * kept by the game; the status is always gr_reason_status() of it.  The
 * same bad meld gets the same reason from gr_rummy_meld_check(),
 * gr_rummy_game_play() and the position checks: GR_REASON_BAD_CARD for
 * malformed masks, GR_REASON_NO_NATURAL, GR_REASON_JOKER_FACE (a joker
 * names a face that does not complete the meld where another face would),
 * GR_REASON_RUMMY_NOT_A_MELD.  A refused move is checked in this order:
 * its form (GR_REASON_RESERVED_NOT_ZERO, GR_REASON_BAD_VALUE for the type,
 * GR_REASON_BAD_CARD), the hand (GR_REASON_HAND_OVER), the step of the
 * turn (GR_REASON_DRAWN_ALREADY, GR_REASON_DRAW_FIRST), then the rule:
 * draws GR_REASON_PILE_EMPTY (no card there), GR_REASON_DEAD_END; melds
 * the meld's reason, then GR_REASON_NOT_IN_HAND; layoffs and exchanges
 * GR_REASON_NO_SUCH_MELD, GR_REASON_NOT_IN_HAND, GR_REASON_DOES_NOT_FIT
 * (GR_REASON_JOKER_FACE for a joker naming a face that does not fit where
 * another would) or GR_REASON_NO_JOKER_THERE; discards
 * GR_REASON_NOT_IN_HAND, GR_REASON_TAKEN_FROM_PILE; and last a step-2
 * move that would leave only cards that may not be discarded,
 * GR_REASON_DEAD_END.
 * ------------------------------------------------------------------------ */

/* Why the last gr_rummy_game_play() (or gr_rummy_game_play_as()) on this
 * game was refused; GR_REASON_NONE after one that succeeded.  The one
 * thing a refused move changes in the game.  GR_EINVAL for NULL. */
GR_API int gr_rummy_game_last_reason(const gr_rummy_game *game);

/* As gr_rummy_game_play(), for `player`: GR_ESTATE with
 * GR_REASON_NOT_YOUR_TURN when another seat is to act (a table program
 * passes whoever sent the move), GR_EINVAL (GR_REASON_BAD_VALUE) for a
 * seat out of range. */
GR_API int gr_rummy_game_play_as(gr_rummy_game *game, int player,
                                 const gr_rummy_action *move);

/* Check a meld a player lays down or a meld of a table: GR_OK if it is a
 * legal set or run (R3, R5), else the status of its reason (above), the
 * reason in *reason when not NULL (GR_REASON_NONE on GR_OK).  GR_EINVAL
 * for NULL (GR_REASON_NULL_ARGUMENT) or bad flags (GR_REASON_BAD_VALUE). */
GR_API int gr_rummy_meld_check(const gr_rummy_meld *meld, int flags, int *reason);

/* The faces that can be laid off on a legal table meld (R4): a set's
 * missing suits, the faces next to a run's ends (the ace after the king
 * with GR_RUMMY_ACE_HIGH), into *out.  Refused as gr_rummy_meld_check()
 * for a meld that is not legal; GR_EINVAL for NULL out. */
GR_API int gr_rummy_layoff_faces(const gr_rummy_meld *meld, int flags,
                                 gr_cards *out);

/* The melds `faces` (natural cards and jokers already named, not empty)
 * and `jokers` more jokers can make, each new joker naming a face: into
 * out[0..cap-1], out[i].cards the whole meld and out[i].jokers the faces
 * the new jokers name; returns how many (at most 17; may be more than
 * cap; out may be NULL when cap is 0).  Sets first, then runs, each in
 * increasing order of the new faces' mask.  0 for empty faces.  GR_EINVAL
 * for bits above 51, jokers outside 0..GR_RUMMY_MAX_JOKERS, bad flags. */
GR_API int gr_rummy_meld_completions(gr_cards faces, int jokers, int flags,
                                     gr_rummy_meld *out, size_t cap);

/* A move as a person says it, in rummy-play's words:
 *   "draw", "take"                 (with the card drawn when the action
 *                                   carries one: "draw 4D", "take QS")
 *   "meld 6S JK 8S"                a meld, faces in card order; a joker
 *                                   whose face is forced is "JK", else
 *                                   every joker is named: "meld 7C 7D JK=7S"
 *   "layoff KS 2", "layoff JK 2"   a layoff on table meld 2 (numbered from
 *                                   1 as the table is shown: target + 1);
 *                                   "layoff JK=9C 2" when more than one
 *                                   face would fit
 *   "swap 7S 3"                    put 7S in meld 3 in place of its joker
 *   "discard 9C", "discard JK"
 * Forced faces are judged against `game` (the table and the ace-high
 * option) before the move is played; with game NULL every joker is
 * named.  snprintf semantics (returns the length needed).  GR_EINVAL for
 * a malformed move (as gr_rummy_game_play), a target outside
 * 0..GR_RUMMY_MAX_MELDS - 1, or buf NULL with size > 0. */
GR_API int gr_rummy_move_format(const gr_rummy_action *move,
                                const gr_rummy_game *game, char *buf,
                                size_t size);

/* Read a move as gr_rummy_move_format() writes it.  Words case-insensitive,
 * separated by white space or commas; the abbreviations d, t, m, l, s, x
 * for draw, take, meld, layoff, swap, discard; "layoff 2 KS" and "swap 3
 * 7S" (number first) too.  A joker written "JK" takes its face from the
 * library when only one face completes the meld (or fits the table meld);
 * when several would, it is refused with GR_REASON_AMBIGUOUS_JOKER and the
 * person names it ("JK=7S"); gr_rummy_move_joker_faces() lists the faces.
 * The move is not checked against the rules (gr_rummy_game_play() does
 * that), but a meld number must exist on the table.  With game NULL: no
 * table (meld numbers 1..GR_RUMMY_MAX_MELDS; a layoff's joker must be
 * named) and the ace low.  GR_EPARSE with the place of the bad word and
 * the reason in *err (when not NULL): GR_REASON_SYNTAX, _DUPLICATE_CARD,
 * _NO_SUCH_MELD, _AMBIGUOUS_JOKER, _DOES_NOT_FIT (a joker no face of that
 * meld fits), _NO_NATURAL, _JOKER_FACE or _RUMMY_NOT_A_MELD (jokers "JK"
 * no face completes); GR_EINVAL for NULL text or out.  *out is written
 * only on success; gr_rummy_move_parse(gr_rummy_move_format(m)) == m for
 * every legal move. */
GR_API int gr_rummy_move_parse(const char *text, const gr_rummy_game *game,
                               gr_rummy_action *out, gr_parse_error *err);

/* The same two against what a seat sees (its table and ace-high option):
 * for a program that holds a view only.  GR_EINVAL for NULL view or a
 * malformed one (as gr_rummy_view_legal_moves refuses; the parser's
 * reason GR_REASON_BAD_VALUE). */
GR_API int gr_rummy_view_move_format(const gr_rummy_action *move,
                                     const gr_rummy_view *view, char *buf,
                                     size_t size);
GR_API int gr_rummy_view_move_parse(const char *text, const gr_rummy_view *view,
                                    gr_rummy_action *out, gr_parse_error *err);

/* For a move text refused with GR_REASON_AMBIGUOUS_JOKER: every face its
 * "JK" could stand for (the union over the possible melds, or the faces
 * that fit the table meld) into *faces; 0 when the text is not refused so.
 * view may be NULL (no table, ace low).  GR_EINVAL for NULL text or
 * faces, or a malformed view (as gr_rummy_view_legal_moves refuses). */
GR_API int gr_rummy_move_joker_faces(const char *text, const gr_rummy_view *view,
                                     gr_cards *faces);

/* The moves of a turn as text, for people and logs: each move as
 * gr_rummy_move_format() writes it, against the table as the moves before
 * it leave it, joined by ", " ("take 9H, meld 7H 8H 9H, layoff KS 2,
 * discard 4C").  actions[0..n-1] are moves of the player to act (the
 * view's player), each legal where it stands (a draw only first; nothing
 * after the discard or after the move that empties the hand); the view
 * version cannot show moves after a draw from the stock (the card drawn
 * is hidden from it).  A meld laid down earlier in the turn has its
 * number (the table's melds, then the new ones).  The text never says
 * "out": it spells the moves, so that gr_rummy_turn_parse() gives them
 * back (parse(format(a)) == a for every legal turn).  snprintf semantics;
 * GR_EINVAL (buf, when size > 0, the empty string) for NULL, n outside
 * 1..256, buf NULL with size > 0, a malformed view, or an action that is
 * malformed or not legal where it stands. */
GR_API int gr_rummy_turn_format(const gr_rummy_action *actions, size_t n,
                                const gr_rummy_game *game, char *buf,
                                size_t size);
GR_API int gr_rummy_view_turn_format(const gr_rummy_action *actions, size_t n,
                                     const gr_rummy_view *view, char *buf,
                                     size_t size);

/* Read the moves of a turn of the player to act (the view's player): moves
 * as gr_rummy_move_parse() reads them, one after another, each starting
 * with its command word (commas optional: "meld 7H 8H 9H, discard 4C"),
 * and "out" (or "o"): the way out of the hand as it stands after the
 * moves before it.
 *   "out" is the plan gr_rummy_can_go_out_plan() finds with the card
 *   taken from the pile this turn as the one that may not be discarded
 *   (the advice's plan, gr_rummy_advise()): the joker exchanges first,
 *   then the layoffs meld by meld, then the new melds, then the discard
 *   of the one card left, if any.  Of several ways out, the one chosen
 *   is deterministic: laying everything down when that goes out, else
 *   keeping back the first card in card order (faces 0..51, then the
 *   joker) that goes out and may be discarded, else a joker taken from
 *   the table; the moves as gr_rummy_go_out() orders them.  Nothing may
 *   follow "out".
 * Each move is read against the table as the moves before it leave it
 * (the melds laid down this turn take the next numbers; a joker's forced
 * face is judged on that table) and must be legal where it stands, as
 * gr_rummy_game_play() would take it (the card a draw names is ignored,
 * as there).  A game knows the card a draw from the stock gives, so
 * moves may follow "draw"; a view does not, so nothing may.
 * Writes the actions, in order, to out[0..cap-1] and returns how many
 * the text holds (possibly more than cap: call with cap 0 to learn the
 * count; out may be NULL when cap is 0).  GR_EPARSE with the place of the
 * move (or word) at fault and the reason in *err (when not NULL; zeroed
 * on success): the move parser's reasons (GR_REASON_SYNTAX: an unknown
 * command word, a word after "out", an empty text, more than 256
 * actions), the reason gr_rummy_game_play() would give for a move it
 * refuses (GR_REASON_NOT_IN_HAND, _DRAW_FIRST, _DRAWN_ALREADY,
 * _HAND_OVER, _NOT_YOUR_TURN (a move after the discard, or a view of
 * another seat), ...), GR_REASON_DRAW_FIRST for "out" before the draw,
 * GR_REASON_CANNOT_GO_OUT for "out" with no way out, and
 * GR_REASON_UNSEEN_DRAW for a move after a draw from the stock (view
 * only); GR_EINVAL for NULL text, game or view, out NULL with cap > 0, a
 * malformed view (reason GR_REASON_BAD_VALUE); GR_ENOMEM.  out is written
 * only on success. */
GR_API int gr_rummy_turn_parse(const char *text, const gr_rummy_game *game,
                               gr_rummy_action *out, size_t cap,
                               gr_parse_error *err);
GR_API int gr_rummy_view_turn_parse(const char *text, const gr_rummy_view *view,
                                    gr_rummy_action *out, size_t cap,
                                    gr_parse_error *err);

/* gr_rummy_hand_parse() and gr_rummy_meld_parse() with the place of the
 * bad token and the reason in *err (when not NULL; zeroed on success):
 * GR_EPARSE (GR_REASON_SYNTAX), or GR_EINVAL (GR_REASON_DUPLICATE_CARD)
 * for a third copy of a face, a ninth joker or a face twice in a meld, as
 * the plain parsers return; GR_EINVAL (GR_REASON_NULL_ARGUMENT) for NULL. */
GR_API int gr_rummy_hand_parse_ex(const char *text, gr_rummy_hand *out,
                                  gr_parse_error *err);
GR_API int gr_rummy_meld_parse_ex(const char *text, gr_rummy_meld *out,
                                  gr_parse_error *err);

/* ------------------------------------------------------------------------
 * Basic Rummy positions: a hand set up as a table has it (rummy/position.c,
 * rummy/position_text.c)
 *
 * A person sets up a table (each hand, the melds with their jokers' faces,
 * the pile, the stock or a seed for it, whose turn and which step) to
 * play it on, share it or ask for advice.  gr_rummy_game_position() of a
 * game and gr_rummy_game_from_position() of that give the same hand.
 * ------------------------------------------------------------------------ */

typedef struct gr_rummy_position {
    int           nplayers;   /* the rules' GR_RUMMY_OPT_PLAYERS */
    int           dealer;     /* 0..nplayers-1 */
    int           turn;       /* the seat to act */
    int           phase;      /* GR_RUMMY_PHASE_DRAW or GR_RUMMY_PHASE_PLAY */
    gr_rummy_hand hand[GR_RUMMY_MAX_PLAYERS];   /* entries past nplayers 0 */
    gr_rummy_hand known[GR_RUMMY_MAX_PLAYERS];  /* cards each seat took from
                                   the pile or by a joker exchange and still
                                   holds (R8; within his hand) */
    int           nmelds;     /* the table, oldest first (shown from 1) */
    gr_rummy_meld melds[GR_RUMMY_MAX_MELDS];    /* jokers named; past nmelds 0 */
    int           owner[GR_RUMMY_MAX_MELDS];    /* who laid each meld down */
    int           npile;      /* the discard pile, bottom first */
    gr_card       pile[GR_RUMMY_MAX_CARDS];
    int           nstock;     /* the stock, top first (stock[0] is drawn
                                 next); ignored with stock_from_seed */
    gr_card       stock[GR_RUMMY_MAX_CARDS];
    int           stock_from_seed;  /* 1: the stock is every card of the
                                 decks not elsewhere, shuffled by `seed` */
    uint64_t      seed;
    gr_card       taken;      /* PLAY: the card the player to act took from
                                 the pile this turn (R4; held, or melded or
                                 laid off since), else GR_NO_CARD */
    int           turnovers;  /* turnovers of the pile so far (R6) */
    int           played;     /* actions of the hand before this position,
                                 0..GR_RUMMY_MAX_HAND_MOVES - 1: they count
                                 toward the length of a hand */
    int           reserved[8];  /* must be 0 */
} gr_rummy_position;

/* Check a position against the rules: GR_OK, or the status of the first
 * fault with its reason in *reason (when not NULL; GR_REASON_NONE on
 * GR_OK), in this order:
 *   GR_REASON_NULL_ARGUMENT; GR_REASON_RESERVED_NOT_ZERO;
 *   GR_REASON_BAD_VALUE: nplayers not the rules', a dealer or turn out of
 *     range, a phase other than DRAW and PLAY, nmelds, npile or nstock out
 *     of range, an entry past nplayers or nmelds not 0, an owner out of
 *     range, stock_from_seed not 0 or 1, turnovers negative or over the
 *     rules' limit, played out of range;
 *   GR_REASON_BAD_CARD: a malformed hand, known hand or meld, a pile or
 *     stock card above GR_RUMMY_JOKER, a bad `taken`;
 *   a table meld's reason as gr_rummy_meld_check() gives it (GR_EILLEGAL:
 *     GR_REASON_NO_NATURAL, GR_REASON_JOKER_FACE,
 *     GR_REASON_RUMMY_NOT_A_MELD: R3, R5);
 *   GR_REASON_RUMMY_CARDS: the hands, the natural cards of the melds, their
 *     jokers, the pile and the stock are not the rules' decks (each face
 *     once a deck, the jokers the decks hold; R1), or hold more than the
 *     decks when the stock comes from the seed;
 *   GR_REASON_RUMMY_CARD_COUNT: an empty hand (that player went out), a
 *     hand over the rules' hand size (one more for the player to act after
 *     his draw: R2, R4);
 *   GR_REASON_BAD_VALUE: known cards not within the hand; `taken` outside
 *     the PLAY phase or not held by the player to act; no card on the pile
 *     or in the stock at the draw (a turn ends with a discard, and the
 *     pile is turned over when the stock is empty: R4, R6);
 *   GR_REASON_DEAD_END: the player to act holds only cards identical to
 *     `taken` (R4 Decision). */
GR_API int gr_rummy_position_check(const gr_rummy_rules *rules,
                                   const gr_rummy_position *position,
                                   int *reason);

/* A game from a position gr_rummy_position_check() accepts (its status
 * otherwise), allocated through the rules' allocator; the history starts
 * empty.  Saved as any game: gr_rummy_game_save() writes the position
 * ("position ..." in place of the dealer and deck lines) and
 * gr_rummy_game_load() reads it back.  GR_EINVAL for NULL out, GR_ENOMEM;
 * *out is written only on success. */
GR_API int gr_rummy_game_from_position(gr_rummy_game **out,
                                       const gr_rummy_rules *rules,
                                       const gr_rummy_position *position);

/* The position of a game in play (the stock listed, not a seed):
 * gr_rummy_game_from_position() of it continues the same hand (the same
 * moves, views and results).  GR_ESTATE once the hand is over, GR_EINVAL
 * for NULL. */
GR_API int gr_rummy_game_position(const gr_rummy_game *game,
                                  gr_rummy_position *out);

/* A position as one line of text, fields separated by "; ":
 *   players 3; dealer 0; turn 1; phase draw; hand0 2C 2C 7H JK;
 *   hand1 ...; hand2 ...; known1 QS; meld 3C 4C 5C by 0;
 *   meld 7D 7H JK=7S by 2; pile 9D KS; stock 4C ... (or seed 42);
 *   taken -; turnovers 0; played 12
 * hands as gr_rummy_hand_format(), melds as gr_rummy_meld_format() (one
 * "meld" field each, in table order; omitted when none), known hands only
 * when not empty.  snprintf semantics (returns the length needed).
 * GR_EINVAL for NULL, reserved space not zero, a count, seat, phase or
 * card out of range (the position need not be one the rules accept). */
GR_API int gr_rummy_position_format(const gr_rummy_position *position,
                                    char *buf, size_t size);

/* Read gr_rummy_position_format() text (fields in any order; players,
 * dealer, turn, phase and every hand0..hand<players-1> required; a stock
 * or a seed, not both).  GR_EPARSE with the place of the bad word and the
 * reason in *err (when not NULL): GR_REASON_SYNTAX (an unknown or
 * repeated field, a bad card or number, a missing field: offset at the
 * end), GR_REASON_DUPLICATE_CARD (a third copy of a face in a hand, a
 * ninth joker, a face twice in a meld); GR_EINVAL for NULL text or out.
 * The position is not checked against rules, nor its melds
 * (gr_rummy_position_check() does that).
 * *out is written only on success. */
GR_API int gr_rummy_position_parse(const char *text, gr_rummy_position *out,
                                   gr_parse_error *err);

/* ------------------------------------------------------------------------
 * Basic Rummy advice: what a strong player would do now (rummy/advice.c)
 * ------------------------------------------------------------------------ */

/* The most actions of one turn (a draw, at most 22 melds, layoffs and
 * joker exchanges, a discard). */
#define GR_RUMMY_MAX_TURN_ACTIONS 24

/* Advice for the player to act, from his view only.  Exact: value_now,
 * least_value, take_value and out (the going-out search of
 * gr_rummy_go_out(), checked against a brute force by the tests); a way
 * out, when there is one, is always the advice (going out wins the hand,
 * R7).  Otherwise the actions are the bot's choice: a heuristic. */
typedef struct gr_rummy_advice {
    int             phase;      /* the view's: GR_RUMMY_PHASE_DRAW or _PLAY */
    int             nactions;   /* 1..GR_RUMMY_MAX_TURN_ACTIONS */
    gr_rummy_action actions[GR_RUMMY_MAX_TURN_ACTIONS];
                                /* DRAW: the draw (take the pile's card or
                                   draw from the stock); PLAY: the rest of
                                   the turn, in order: melds, layoffs and
                                   joker exchanges, then the discard (none
                                   when the last of them empties the hand) */
    int             out;        /* PLAY: GR_RUMMY_OUT_* of the hand now (the
                                   actions then go out: table jokers taken
                                   back where that helps, R5); DRAW: the same
                                   after taking the pile's card (the card
                                   taken may not be discarded, R4) */
    int             value_now;  /* R7 points of the hand now */
    int             least_value;/* the least points the hand can be laid
                                   down to now (melds, layoffs, exchanges:
                                   gr_rummy_go_out) */
    int             take_value; /* DRAW: the same with the pile's card
                                   taken; -1 with no pile or in PLAY */
    int             value_kept; /* PLAY: points in hand after the advised
                                   lay-downs, before the discard (more
                                   than least_value when the advice holds
                                   cards back); -1 in DRAW */
    int             value_after;/* PLAY: points in hand at the end of the
                                   advised turn (0 when it goes out); -1 in
                                   DRAW */
    int             reserved[8];  /* written as 0 */
} gr_rummy_advice;

/* Advise the view's player (it must be his turn, in the draw or the play
 * step) with `bot` choosing where the rules leave a choice: pass a
 * GR_BOT_EXPERT bot for a strong player's advice (any kind works; set its
 * rules with gr_rummy_bot_set_rules() when known).  The bot is asked for
 * each action of the turn with the view that action leaves (within a turn
 * after the draw no hidden card enters), so it remembers them as moves of
 * its seat: keep one bot per advised seat, or a fresh one per hint.
 * GR_EINVAL for NULL or a malformed view, GR_ESTATE when it is not the
 * view's player's turn or the hand is over; the bot's errors; GR_ENOMEM.
 * *out is written only on success. */
GR_API int gr_rummy_advise(gr_rummy_bot *bot, const gr_rummy_view *view,
                           gr_rummy_advice *out);

/* The advice as one line for a person, its moves in rummy-play's words
 * (table melds numbered from 1), and what the draw does with the pile's
 * card (the points the hand lays down to with it and without), snprintf
 * semantics:
 *   "take 9H: with it you can go out this turn"
 *   "take 7C: with it your cards lay down to 12 points instead of 19"
 *   "take 2H: it melds with nothing yet (your cards lay down to 46 points
 *    with it, 44 without)"
 *   "draw: taking 7C would lay your cards down to 12 points instead of 19"
 *   "draw: 8S would meld with nothing (your cards lay down to 65 points,
 *    73 with it)"
 *   "meld 7H 8H 9H, discard KS: 12 points left instead of 46"
 *   "go out: swap 3D 1, discard JK"
 * GR_EINVAL for NULL, buf NULL with size > 0, reserved space not zero,
 * advice that does not fit the view (another phase, an action the rules
 * refuse where it stands), a malformed view. */
GR_API int gr_rummy_advice_explain(const gr_rummy_advice *advice,
                                   const gr_rummy_view *view, char *buf,
                                   size_t size);

/* ------------------------------------------------------------------------
 * Basic Rummy score keeping for a real table (rummy/match.c,
 * rummy/match_save.c)
 *
 * A table that plays with real cards keeps its score with a
 * gr_rummy_match: the first dealer chosen by the table, each hand settled
 * from what the players report (gr_rummy_settle) and recorded, the last
 * hand taken back at any time, the standings after any hand, and the
 * whole match saved and loaded as text.
 * ------------------------------------------------------------------------ */

/* As gr_rummy_match_new(), with `first_dealer` (0..players-1) dealing the
 * first hand instead of the cut.  The seed still gives the hands
 * gr_rummy_match_deal() deals.  GR_EINVAL for NULL, bad rules or a bad
 * dealer, GR_ENOMEM. */
GR_API int gr_rummy_match_new_dealer(gr_rummy_match **out,
                                     const gr_rummy_rules *rules,
                                     uint64_t seed, int first_dealer);

/* A hand as the table reports it (R7): `winner` the seat that went out
 * (with or without a final discard: the score is the same), or -1 for a
 * void hand; left[0..nleft-1] the cards each seat holds (the winner's
 * empty), nleft the number of players.  Writes a result ready for
 * gr_rummy_match_record(): left_points at the rules' values (joker 15,
 * ace 1 or 11 with the ace-high option), cards_left, left, and the
 * winner's score the sum of the others' points.  A void hand's cards are
 * checked and counted the same way, but nobody scores: score is all 0,
 * and the match records a void hand without points.  GR_EINVAL
 * (GR_REASON_NULL_ARGUMENT, GR_REASON_BAD_VALUE for a seat or nleft,
 * GR_REASON_BAD_CARD for a malformed hand, GR_REASON_RUMMY_CARDS for more
 * copies of a face or more jokers than the decks hold,
 * GR_REASON_WINNER_HOLDS_CARDS); the reason in *reason when not NULL.  *out
 * is written only on success. */
GR_API int gr_rummy_settle(const gr_rummy_rules *rules, int winner,
                           const gr_rummy_hand *left, size_t nleft,
                           gr_rummy_result *out, int *reason);

/* Take back the last recorded hand: the totals, hands won, the next dealer
 * and whether the match is over are as before it (a match it ended is open
 * again).  Hands already dealt are not taken back (the next deal is a new
 * hand).  GR_ESTATE (GR_REASON_NOTHING_TO_UNDO) when no hand is recorded,
 * GR_EINVAL for NULL.  May be called again to undo more. */
GR_API int gr_rummy_match_undo(gr_rummy_match *match);

/* The hands recorded, oldest first, into out[0..cap-1] (outcome, winner,
 * nplayers, score and left_points; cards_left and left 0); returns how
 * many (which may be more than cap).  GR_EINVAL for NULL match, or out
 * NULL with cap > 0. */
GR_API int gr_rummy_match_results(const gr_rummy_match *match,
                                  gr_rummy_result *out, size_t cap);

/* The standings after the first `hands` recorded hands (0: before any):
 * the score gr_rummy_match_score() gave then.  GR_EINVAL for NULL or hands
 * outside 0..the number recorded. */
GR_API int gr_rummy_match_score_after(const gr_rummy_match *match, int hands,
                                      gr_rummy_score *out);

/* Why the last refused gr_rummy_match_record() or gr_rummy_match_undo()
 * was refused (GR_REASON_NULL_ARGUMENT, GR_REASON_RESERVED_NOT_ZERO,
 * GR_REASON_BAD_RESULT, GR_REASON_RUMMY_MATCH_OVER, GR_REASON_TOO_LONG,
 * GR_REASON_NOTHING_TO_UNDO, GR_REASON_NO_MEMORY); GR_REASON_NONE after
 * one that succeeded.  GR_EINVAL for NULL. */
GR_API int gr_rummy_match_last_reason(const gr_rummy_match *match);

/* Write the match as text with snprintf semantics (returns the length
 * needed without the NUL; buf may be NULL when size is 0):
 *   rummy-match 1
 *   rules players=3 decks=0 hand_size=0 jokers=1 ...   (every option)
 *   seed 42
 *   first_dealer cut                  (or the seat the table chose)
 *   deals 4                           (hands dealt by gr_rummy_match_deal)
 *   hand out 2 left 12 30 0           (the winner, then each seat's points)
 *   hand void
 *   end
 * GR_EINVAL for NULL. */
GR_API int gr_rummy_match_save(const gr_rummy_match *match, char *buf,
                               size_t size);

/* Rebuild a match from gr_rummy_match_save() text: the same rules, seed,
 * first dealer, the same next deal, every hand recorded again; blank lines
 * may follow "end" (as in gr_match_load()).  GR_EPARSE for damaged text
 * (bad syntax, an unknown option, a value out of range, a line missing or
 * repeated, anything but blank lines after "end"; a text cut short has no
 * "end" line and is refused, so no proper prefix of a saved text loads),
 * GR_EILLEGAL for a hand the match refuses (a winner with points left, a
 * hand after the match is over), GR_EINVAL for NULL, GR_ENOMEM.  *out is
 * written only on success. */
GR_API int gr_rummy_match_load(gr_rummy_match **out, const char *text);

/* As gr_rummy_match_load(), allocating through `mm` (NULL: malloc and
 * free), with the place of a fault in *err (when not NULL): the line and
 * the reason (GR_REASON_SYNTAX, or for GR_EILLEGAL the reason the match
 * gave, as gr_rummy_match_last_reason). */
GR_API int gr_rummy_match_load_ex(gr_rummy_match **out, const char *text,
                                  const gr_allocator *mm, gr_parse_error *err);

/* A copy of the rules the match plays by (a loaded match's too: the rules
 * its save text names), for gr_rummy_settle() and bots; later changes to
 * the copy do not reach the match.  Free it with gr_rummy_rules_free().
 * GR_EINVAL for NULL arguments, GR_ENOMEM; *out is written only on
 * success. */
GR_API int gr_rummy_match_rules(const gr_rummy_match *match,
                                gr_rummy_rules **out);

/* ------------------------------------------------------------------------
 * Reinforcement-learning environment: one hand with OpenSpiel's
 * gin_rummy action ids and observation tensor, and batches of hands
 * ------------------------------------------------------------------------ */

/* OpenSpiel's gin_rummy numbering.  Actions: 0..51 a card in OpenSpiel's
 * order (suits spades, clubs, diamonds, hearts; see
 * gr_env_card_to_openspiel), 52 draw the upcard, 53 draw from the stock,
 * 54 pass, 55 knock, 56..240 lay meld 0..184 (gr_env_meld_cards).  The
 * observation of a player is 644 floats:
 *   [0,2) observing player, [2,106) the hands (2 x 52, only his own row),
 *   [106,108) player to act, [108,118) knock limit (thermometer),
 *   [118,170) upcard, [170,222) discard pile without the upcard,
 *   [222,274) stock size (thermometer), [274,459) melds laid by player 0,
 *   [459,644) melds laid by player 1. */
#define GR_ENV_NUM_ACTIONS 241
#define GR_ENV_OBS_SIZE    644

typedef struct gr_env gr_env;
typedef struct gr_batch gr_batch;

/* OpenSpiel's id (0..51) of a card, and the card of an OpenSpiel id;
 * GR_EINVAL when out of range. */
GR_API int gr_env_card_to_openspiel(gr_card card);
GR_API int gr_env_card_from_openspiel(int id);

/* The cards of OpenSpiel meld id 0..184 (65 sets by rank, then runs of 3,
 * 4 and 5 cards by OpenSpiel suit and lowest rank), and the id of a set of
 * cards that is one of them.  GR_EINVAL otherwise or for NULL. */
GR_API int gr_env_meld_cards(int id, gr_cards *out);
GR_API int gr_env_meld_id(gr_cards meld);

/* Make an environment playing hands under `rules` (copied; use
 * GR_PRESET_OPENSPIEL for OpenSpiel's rules).  It has no hand until
 * gr_env_reset().  Player 0 is the non-dealer and acts first, as in
 * OpenSpiel.  Up to the knock the engine's legal moves are the actions
 * (TAKE_UPCARD and DRAW_DISCARD are 52, DRAW_STOCK 53, PASS 54, DISCARD a
 * card, KNOCK and GIN 55 then the card; at the wall, G38, DRAW_DISCARD is
 * 55); then OpenSpiel's lay-down: the knocker's melds (meld actions) and
 * 54, the defender's layoffs (cards; skipped after gin without
 * GR_OPT_LAYOFF_AFTER_GIN) and 54, his melds and 54, handed to
 * gr_game_knock() and gr_game_defend().  Big gin has no action.
 * GR_EINVAL, GR_ENOMEM.  Free with gr_env_free() (NULL is a no-op). */
GR_API int gr_env_new(gr_env **out, const gr_rules *rules);
GR_API void gr_env_free(gr_env *env);

/* An independent copy of an environment, hand and all (for search and for
 * trying actions).  GR_EINVAL, GR_ENOMEM. */
GR_API int gr_env_clone(gr_env **out, const gr_env *env);

/* Deal a new hand as gr_game_new(rules, seed, 1) does, or from a stacked
 * deck as gr_game_new_from_deck(.., 1).  GR_EINVAL, GR_ENOMEM (the
 * environment is then unchanged).  gr_env_reset() of an environment dealt
 * before deals again in place: it allocates nothing and cannot fail (the
 * game gr_env_game() gave stays the same object, with the new hand). */
GR_API int gr_env_reset(gr_env *env, uint64_t seed);
GR_API int gr_env_reset_deck(gr_env *env, const gr_card deck[52]);

/* The player to act (0 or 1), -1 once the hand is over or before the first
 * reset.  GR_EINVAL for NULL. */
GR_API int gr_env_player(const gr_env *env);

/* The legal-action mask: out[a] = 1 when action a is legal now, else 0
 * (GR_ENV_NUM_ACTIONS bytes); returns how many are legal (0 once over). */
GR_API int gr_env_legal(const gr_env *env, uint8_t *out);

/* Play action `a` for the player to act.  GR_EINVAL for an action out of
 * 0..240, GR_ESTATE once the hand is over, GR_EILLEGAL for an action not
 * in the mask, GR_ENOMEM when the game's history cannot grow (it is
 * reserved before anything changes); the environment is then unchanged
 * (OpenSpiel's count of upcard draws too). */
GR_API int gr_env_step(gr_env *env, int a);

/* gr_env_step(), then (on GR_OK) the observation of the player to act next
 * into obs (of the last to act once the hand is over), the mask into mask
 * and into out: that player (-1 once over), terminated, truncated and the
 * two rewards as gr_env_status() gives them: one call per step for
 * bindings.  obs, mask and out may be NULL. */
GR_API int gr_env_step_observe(gr_env *env, int a, float *obs, uint8_t *mask,
                               int out[5]);

/* Whether the hand ended (terminated: knock, gin, tie or void; truncated:
 * OpenSpiel's limit of 50 upcard draws, scoring 0) and the hand points
 * each player got (winner +points, loser -points, 0 each otherwise).
 * Any output pointer may be NULL.  GR_EINVAL for NULL env. */
GR_API int gr_env_status(const gr_env *env, int *terminated, int *truncated,
                         int rewards[2]);

/* Write the 644-float observation of `player` (0 or 1) to out.  Built from
 * what gr_game_view() gives that player (his own cards and public cards)
 * and the melds laid: nothing hidden leaks.  GR_EINVAL for NULL, a bad
 * player or before the first reset. */
GR_API int gr_env_observe(const gr_env *env, int player, float *out);

/* The game the environment plays (owned by it; valid until the next reset
 * or free; do not play moves in it).  NULL for NULL or before the first
 * reset. */
GR_API const gr_game *gr_env_game(const gr_env *env);

/* N environments stepped together.  gr_batch_new: n in 1..2^24;
 * GR_EINVAL, GR_ENOMEM.  gr_batch_env: environment i (owned by
 * the batch; do not free) or NULL. */
GR_API int gr_batch_new(gr_batch **out, const gr_rules *rules, size_t n);
GR_API void gr_batch_free(gr_batch *batch);
GR_API gr_env *gr_batch_env(gr_batch *batch, size_t i);

/* Deal every environment (environment i with seed + i; later hands take
 * the following seeds in order) and write, for each, the observation of
 * the player to act (obs: n x 644 floats), the mask (n x 241 bytes) and
 * that player (n int32).  Any output may be NULL.  GR_EINVAL, GR_ENOMEM.
 * All or nothing: on GR_ENOMEM (only possible before every environment
 * was dealt once: later deals are in place) no environment was dealt and
 * no output written. */
GR_API int gr_batch_reset(gr_batch *batch, uint64_t seed, float *obs,
                          uint8_t *mask, int32_t *player);

/* Play actions[i] in environment i, for every i.  rewards (n x 2 floats)
 * and done (n bytes: 0 going on, 1 terminated, 2 truncated) describe the
 * step; an environment whose hand ended is dealt the next hand at once and
 * obs, mask and player describe the new hand.  All actions are checked
 * first: GR_EINVAL (out of range), GR_EILLEGAL (not legal) or GR_ESTATE
 * (an environment not reset) and nothing is played.  Then every game is
 * given room for the move its action adds: GR_ENOMEM if one cannot be,
 * and again no environment moved and no output was written.  After those
 * checks the steps and the new deals (in place) cannot fail.  Outputs may
 * be NULL. */
GR_API int gr_batch_step(gr_batch *batch, const int32_t *actions, float *obs,
                         uint8_t *mask, int32_t *player, float *rewards,
                         uint8_t *done);

/* Uniformly random legal actions for every environment from a splitmix64
 * state (advanced), for benchmarks and tests.  GR_EINVAL; GR_ESTATE when
 * an environment has no legal action (not reset), *state and out then
 * untouched. */
GR_API int gr_batch_random_actions(gr_batch *batch, uint64_t *state,
                                   int32_t *out);

/* Independent seeds (added in 0.2): *out = a 64-bit hash of (seed, stream,
 * index), for dealing hand `index` of environment or worker `stream` of a
 * run seeded `seed`.  For a fixed stream and index, distinct seeds always
 * give distinct values (the hash is a bijection of the seed), and values
 * for different (stream, index) pairs are unrelated, so neither
 * consecutive seeds nor consecutive streams share hands (with plain
 * seed + i, seed 5's second hand is seed 6's first).  GR_EINVAL for NULL
 * out. */
GR_API int gr_seed_derive(uint64_t seed, uint64_t stream, uint64_t index,
                          uint64_t *out);

/* As gr_batch_reset(), but environment i deals its k-th hand (k = 0 at
 * this reset, then 1, 2, .. at each reset gr_batch_step() makes) with
 * the seed gr_seed_derive(seed, i, k): no two environments of a batch,
 * nor two batches of different seeds, share a hand.  The batch keeps
 * dealing that way until gr_batch_reset() is called again (which goes
 * back to seed + i and the following seeds in order).  GR_EINVAL,
 * GR_ENOMEM. */
GR_API int gr_batch_reset_streams(gr_batch *batch, uint64_t seed, float *obs,
                                  uint8_t *mask, int32_t *player);

/* As gr_batch_step(), and for each environment whose hand ended in this
 * step, the observation of the end of that hand (of the player who acted
 * last, before the new deal) into final_obs + i * GR_ENV_OBS_SIZE; the rows
 * of the other environments are left as they were.  For vector APIs that
 * keep the final observation at an automatic reset.  final_obs may be NULL
 * (then exactly gr_batch_step()).  Added in 0.2. */
GR_API int gr_batch_step_final(gr_batch *batch, const int32_t *actions, float *obs,
                               uint8_t *mask, int32_t *player, float *rewards,
                               uint8_t *done, float *final_obs);

/* After gr_batch_reset_streams(): deal environment i's hand k of its
 * stream now (gr_seed_derive(seed, i, k)), its later hands k + 1, ..: to
 * rebuild a batch from its seed, each environment's hand number and the
 * actions of its current hand (replayed with gr_env_step on
 * gr_batch_env()).  GR_EINVAL for NULL or i out of range, GR_ESTATE when
 * the batch was not reset by gr_batch_reset_streams(), GR_ENOMEM (the
 * environment then unchanged).  Added in 0.2. */
GR_API int gr_batch_seek(gr_batch *batch, size_t i, uint64_t k);

/* The sizes of the public structs as this library was built, for bindings
 * that mirror them (ctypes): sizeof the struct named ("gr_arrangement",
 * "gr_layoff", "gr_hand_result", "gr_view", "gr_score", "gr_move",
 * "gr_option_info", "gr_allocator", "gr_table", "gr_standing", and the
 * Rummy structs "gr_rummy_hand", "gr_rummy_meld", "gr_rummy_arrangement",
 * "gr_rummy_action", "gr_rummy_result", "gr_rummy_view",
 * "gr_rummy_score", "gr_parse_error",
 * "gr_settle_options", "gr_take_advice", "gr_knock_advice", "gr_position",
 * "gr_legal_masks", "gr_rummy_move", "gr_rummy_plan", "gr_rummy_masks",
 * "gr_rummy_position", "gr_rummy_advice"): every public struct; or
 * GR_EINVAL for an unknown
 * name. */
GR_API int gr_struct_size(const char *name);

/* The match score before this hand, for the Rummy expert (added in
 * 0.2): totals[p] is seat p's total (0..1000000) of a match of nplayers
 * seats (2..7) played to `target` points (1..100000; 0: one hand only,
 * R7).  From its next decision on, with GR_RUMMY_EXPERT_MATCH, the expert
 * values a hand by the chance to win the match it leaves (reaching the
 * target at all matters more than a hand's size when a seat is close to
 * it) rather than by its points, from a table it builds once per score
 * (about 1 ms with 2 seats and a target of 100, 3 ms with 4) out of the
 * points its own playouts of each hand's first turn scored.  The points
 * stay on the first decision of a match, when a hand won scores more
 * than 3/4 of the target on average (7 players at a target of 100, often
 * 6; a one-hand match: winning the hand is then nearly the whole
 * chance), for a far target (races of more than about 90 hands), a view
 * of another number of seats, or a total at the target.  Call it before
 * each hand (the totals change only between hands; the same score again
 * keeps the table); totals NULL with nplayers 0 forgets the score.  GR_OK
 * and ignored for the other kinds; GR_EINVAL for NULL bot, totals NULL
 * with nplayers not 0, nplayers, a total or target out of range (the bot
 * then unchanged).  See gr_rummy_bot(3). */
GR_API int gr_rummy_bot_set_score(gr_rummy_bot *bot, const int *totals, int nplayers,
                                  int target);

#ifdef __cplusplus
}
#endif

#endif /* GINRUMMY_H */
