// rummy.mjs: basic Rummy: hands with duplicates and jokers, melds,
// melding and going out (pure functions), rules, games, matches, bots.
import {
    M, C, heap, parseStruct, createParsed, STRUCTS, STRUCT_OFF, STRUCT_CLASSES, checkReasoned, outScalar, charOffset, Handle, Card, CardSet, check, create, withMem, withString,
    withStruct, outStruct, outArray, outCards, readStruct, writeStruct, readText, readCString,
    toCard, toMask, toSeed, toInt, enumName, enumValue, snake, camel, cardFromId, GinRummyError, parseError,
} from './runtime.mjs';

const flagsOf = ({ aceHigh = false } = {}) => (aceHigh ? C.GR_RUMMY_ACE_HIGH : 0);

const parseEx = parseStruct;

/** A Rummy hand: a multiset of faces (each once or twice, two decks) and
 * jokers.  An immutable value: add() and remove() return new hands. */
export class RummyHand {
    constructor(once = 0n, twice = 0n, jokers = 0) {
        this.once = CardSet.of(once);
        this.twice = CardSet.of(twice);
        this.jokers = jokers;
        Object.freeze(this);
        withStruct('gr_rummy_hand', this, (p) => check('gr_rummy_hand_check', M._gr_rummy_hand_check(p)));
    }
    static fromC(o) { return Object.freeze(Object.assign(Object.create(RummyHand.prototype), { once: o.once, twice: o.twice, jokers: o.jokers })); }
    static toC(x) { return typeof x === 'string' ? RummyHand.parse(x) : x; }
    /** "7H 7H JK 2C"; a GinRummyError has the offset of the token refused. */
    static parse(text) { return parseEx('gr_rummy_hand_parse', text, 'gr_rummy_hand', (s, p, e) => M._gr_rummy_hand_parse_ex(s, p, e)); }
    static of(x) { return x instanceof RummyHand ? x : typeof x === 'string' ? RummyHand.parse(x) : RummyHand.fromCards(x); }
    /** A hand from cards (Card, id 0..52 or text each). */
    static fromCards(cards) { let h = new RummyHand(); for (const c of cards) h = h.add(c); return h; }
    get size() { return withStruct('gr_rummy_hand', this, (p) => check('gr_rummy_hand_count', M._gr_rummy_hand_count(p))); }
    points(opts) { return withStruct('gr_rummy_hand', this, (p) => check('gr_rummy_hand_points', M._gr_rummy_hand_points(p, flagsOf(opts)))); }
    /** How many copies of the card (a face or the joker). */
    holds(card) { return withStruct('gr_rummy_hand', this, (p) => check('gr_rummy_hand_holds', M._gr_rummy_hand_holds(p, toCard(card, { joker: true }).id))); }
    add(card) { return changeHand(this, 'gr_rummy_hand_add', card, (p, c) => M._gr_rummy_hand_add(p, c)); }
    remove(card) { return changeHand(this, 'gr_rummy_hand_remove', card, (p, c) => M._gr_rummy_hand_remove(p, c)); }
    /** Can the hand come from `decks` decks with `jokersPerDeck` jokers each? */
    fits(decks, jokersPerDeck = 0) {
        if (![1, 2].includes(decks) || !Number.isInteger(jokersPerDeck) || jokersPerDeck < 0 || jokersPerDeck > 4)
            throw new RangeError('decks is 1 or 2, jokersPerDeck 0..4');
        return withStruct('gr_rummy_hand', this, (p) => M._gr_rummy_hand_fits(p, decks, jokersPerDeck) === 0);
    }
    /** The cards in order, a face held twice twice, then the jokers. */
    *[Symbol.iterator]() {
        for (const c of this.once) { yield c; if (this.twice.has(c)) yield c; }
        for (let i = 0; i < this.jokers; i++) yield Card.JOKER;
    }
    equals(x) { const o = RummyHand.of(x); return o.once.mask === this.once.mask && o.twice.mask === this.twice.mask && o.jokers === this.jokers; }
    toString() { return withStruct('gr_rummy_hand', this, (p) => readText('gr_rummy_hand_format', (b, n) => M._gr_rummy_hand_format(p, b, n))); }
    toJSON() { return this.toString(); }
}

function changeHand(hand, func, card, fn) {
    return withStruct('gr_rummy_hand', hand, (p) => { check(func, fn(p, toCard(card, { joker: true }).id)); return readStruct('gr_rummy_hand', p); });
}

/** A meld on the table: the faces it stands for and which of them jokers stand for. */
export class RummyMeld {
    constructor(cards = 0n, jokers = 0n) {
        this.cards = CardSet.of(cards);
        this.jokers = CardSet.of(jokers);
        Object.freeze(this);
    }
    static fromC(o) { return new RummyMeld(o.cards, o.jokers); }
    static toC(x) { return typeof x === 'string' ? RummyMeld.parse(x) : x; }
    /** "5H JK=6H 7H". */
    static parse(text) { return parseEx('gr_rummy_meld_parse', text, 'gr_rummy_meld', (s, p, e) => M._gr_rummy_meld_parse_ex(s, p, e)); }
    static of(x) { return x instanceof RummyMeld ? x : typeof x === 'string' ? RummyMeld.parse(x) : new RummyMeld(x.cards, x.jokers ?? 0n); }
    /** 'set', 'run' or null. */
    kind(opts) {
        const k = withStruct('gr_rummy_meld', this, (p) => check('gr_rummy_meld_kind', M._gr_rummy_meld_kind(p, flagsOf(opts))));
        return k === C.GR_MELD_SET ? 'set' : k === C.GR_MELD_RUN ? 'run' : null;
    }
    /** Throws a GinRummyError with the reason (R3, R5) unless a legal meld. */
    check(opts) {
        withStruct('gr_rummy_meld', this, (p) => checkReasoned('gr_rummy_meld_check', (r) => M._gr_rummy_meld_check(p, flagsOf(opts), r)));
        return true;
    }
    /** The faces that can be laid off on this (legal) meld (R4). */
    layoffFaces(opts) {
        return withStruct('gr_rummy_meld', this, (p) => withMem(8 + 4, (o) => {
            check('gr_rummy_layoff_faces', M._gr_rummy_layoff_faces(p, flagsOf(opts), o), meldReason(p, opts));
            return new CardSet(heap().u64[o >> 3]);
        }));
    }
    equals(x) { const o = RummyMeld.of(x); return o.cards.mask === this.cards.mask && o.jokers.mask === this.jokers.mask; }
    toString() { return withStruct('gr_rummy_meld', this, (p) => readText('gr_rummy_meld_format', (b, n) => M._gr_rummy_meld_format(p, b, n))); }
    toJSON() { return this.toString(); }
}
function meldReason(p, opts) {
    return withMem(4, (r) => { M._gr_rummy_meld_check(p, flagsOf(opts), r); return heap().i32[r >> 2]; });
}

/** The melds `faces` and `jokers` more jokers can make, each new joker
 * naming a face (its `jokers`). */
export function rummyMeldCompletions(faces, jokers = 0, opts) {
    const f = toMask(faces);
    return outArray('gr_rummy_meld_completions', 'gr_rummy_meld', 17, (p, n) => M._gr_rummy_meld_completions(f, toInt(jokers, 'jokers'), flagsOf(opts), p, n));
}

STRUCT_CLASSES.gr_rummy_hand = RummyHand;
STRUCT_CLASSES.gr_rummy_meld = RummyMeld;

export function parseRummyCard(text) {
    return toCard(String(text), { joker: true });
}
export function formatRummyCard(card) {
    const c = toCard(card, { joker: true });
    return readText('gr_rummy_card_format', (b, n) => M._gr_rummy_card_format(c.id, b, n));
}
export function rummyCardPoints(card, opts) { return check('gr_rummy_card_points', M._gr_rummy_card_points(toCard(card, { joker: true }).id, flagsOf(opts))); }

// ---------------------------------------------------------------- melding

/** The least unmelded value of a hand (R3, R5, R7). */
export function rummyValue(hand, opts) {
    return withStruct('gr_rummy_hand', RummyHand.of(hand), (p) => check('gr_rummy_value', M._gr_rummy_value(p, flagsOf(opts))));
}
/** One best arrangement: {melds, unmelded, unmeldedPoints}. */
export function rummyArrange(hand, opts) {
    return withStruct('gr_rummy_hand', RummyHand.of(hand), (h) =>
        outStruct('gr_rummy_arrange', 'gr_rummy_arrangement', (p) => M._gr_rummy_arrange(h, flagsOf(opts), p)));
}
/** Check a caller's arrangement of the hand; throws when it is not one. */
export function checkRummyArrangement(hand, arrangement, opts) {
    const arr = { ...arrangement, melds: [...arrangement.melds].map((m) => RummyMeld.of(m)), unmelded: RummyHand.of(arrangement.unmelded) };
    if (arr.unmeldedPoints === undefined) arr.unmeldedPoints = arr.unmelded.points(opts);
    withStruct('gr_rummy_hand', RummyHand.of(hand), (h) => withStruct('gr_rummy_arrangement', arr, (a) =>
        check('gr_rummy_arrangement_check', M._gr_rummy_arrangement_check(h, flagsOf(opts), a))));
    return true;
}
function withTable(table, fn) {
    const melds = [...(table || [])].map((m) => RummyMeld.of(m));
    const size = STRUCTS.gr_rummy_meld.size;
    return withMem(size * melds.length, (p) => {
        melds.forEach((m, i) => writeStruct('gr_rummy_meld', m, p + i * size));
        return fn(melds.length ? p : 0, melds.length);
    });
}
/** The reason gr_rummy_go_out_check gives the arguments of a going-out
 * call (0 when they are fine): thrown with the call's status. */
function goOutReason(h, t, n, opts) {
    return withMem(4, (r) => { M._gr_rummy_go_out_check(h, t, n, flagsOf(opts), r); return heap().i32[r >> 2]; });
}
/** Going out with the table: the least value left and the plan of moves
 * {value, moves: [{kind, meld, cards}], left}. */
export function rummyGoOut(hand, table = [], opts) {
    return withStruct('gr_rummy_hand', RummyHand.of(hand), (h) => withTable(table, (t, n) =>
        outStruct('gr_rummy_go_out', 'gr_rummy_plan', (p) => M._gr_rummy_go_out(h, t, n, flagsOf(opts), p),
                  { reason: () => goOutReason(h, t, n, opts) })));
}
/** 'meld' (every card melded or laid off), 'discard' (all but one), or 'no'. */
export function rummyCanGoOut(hand, table = [], { noDiscard = null, ...opts } = {}) {
    const nd = noDiscard === null ? 255 : toCard(noDiscard, { joker: true }).id;
    const r = withStruct('gr_rummy_hand', RummyHand.of(hand), (h) => withTable(table, (t, n) =>
        check('gr_rummy_can_go_out', M._gr_rummy_can_go_out(h, t, n, flagsOf(opts), nd), goOutReason(h, t, n, opts))));
    return enumName('GR_RUMMY_OUT_', r);
}

/** rummyCanGoOut's answer with the way out: {answer, plan} (plan null
 * for 'no'; for 'discard' its `left` is the card to discard). */
export function rummyCanGoOutPlan(hand, table = [], { noDiscard = null, ...opts } = {}) {
    const nd = noDiscard === null ? 255 : toCard(noDiscard, { joker: true }).id;
    return withStruct('gr_rummy_hand', RummyHand.of(hand), (h) => withTable(table, (t, n) => withMem(STRUCTS.gr_rummy_plan.size, (p) => {
        const r = check('gr_rummy_can_go_out_plan', M._gr_rummy_can_go_out_plan(h, t, n, flagsOf(opts), nd, p), goOutReason(h, t, n, opts));
        return { answer: enumName('GR_RUMMY_OUT_', r), plan: r === C.GR_RUMMY_OUT_NO ? null : readStruct('gr_rummy_plan', p) };
    })));
}

// ---------------------------------------------------------------- rules

const optionId = (name) => (typeof name === 'number' ? name
    : withString(snake(String(name)), (s) => check(`Rummy option "${name}"`, M._gr_rummy_option_lookup(s))));

export function describeRummyOptions() {
    const out = [];
    for (let i = 0; i < C.GR_RUMMY_OPT_COUNT; i++)
        out.push(outStruct('gr_rummy_option_describe', 'gr_option_info', (p) => M._gr_rummy_option_describe(i, p)));
    return out;
}

/** Rummy rules: `new RummyRules('parlett', {players: 4, jokers: 1})`
 * (set the player count first: it is applied first). */
export class RummyRules extends Handle {
    constructor(preset = 'parlett', options = {}, _ptr = 0) {
        super(_ptr || create('gr_rummy_rules_new', (pp) => M._gr_rummy_rules_new(pp, enumValue('GR_RUMMY_PRESET_', preset, 'Rummy preset'))), 'gr_rummy_rules_free');
        const entries = Object.entries(options || {});
        entries.sort(([a], [b]) => (a === 'players' ? -1 : b === 'players' ? 1 : 0));
        for (const [k, v] of entries) this.set(k, v);
    }
    set(name, value) { check(`gr_rummy_rules_set ${name}`, M._gr_rummy_rules_set(this.ptr, optionId(name), toInt(value, name))); return this; }
    get(name) { return withMem(4, (p) => { check('gr_rummy_rules_get', M._gr_rummy_rules_get(this.ptr, optionId(name), p)); return heap().i32[p >> 2]; }); }
    /** The deal these rules make: {decks, handSize, ncards}. */
    deal() {
        return withMem(12, (p) => {
            check('gr_rummy_rules_deal', M._gr_rummy_rules_deal(this.ptr, p, p + 4, p + 8));
            return { decks: heap().i32[p >> 2], handSize: heap().i32[(p >> 2) + 1], ncards: heap().i32[(p >> 2) + 2] };
        });
    }
    toObject() {
        const o = {};
        describeRummyOptions().forEach((info) => { o[camel(info.name)] = this.get(info.option); });
        return o;
    }
    toJSON() { return this.toObject(); }
    clone() { return new RummyRules(0, {}, create('gr_rummy_rules_clone', (pp) => M._gr_rummy_rules_clone(pp, this.ptr))); }
}
function withRummyRules(x, fn) {
    if (x instanceof RummyRules) return fn(x.ptr);
    let r;
    if (x === undefined || x === null) r = new RummyRules();
    else if (typeof x === 'string' || typeof x === 'number') r = new RummyRules(x);
    else { const { preset = 'parlett', ...opts } = x; r = new RummyRules(preset, opts); }
    try { return fn(r.ptr); } finally { r.free(); }
}

// ---------------------------------------------------------------- games

/** An action ({type, card, named, target, meld}) as the C struct wants it. */
function toAction(a) {
    if (typeof a === 'string') return parseRummyMove(a);
    if (a === null || typeof a !== 'object') throw new TypeError('a Rummy action is an object {type, ...} or move text');
    return {
        type: a.type,
        card: a.card === undefined || a.card === null ? null : toCard(a.card, { joker: true }),
        named: a.named === undefined || a.named === null ? null : toCard(a.named),
        target: a.target ?? -1,
        meld: a.meld === undefined || a.meld === null ? new RummyMeld() : RummyMeld.of(a.meld),
    };
}
/** An action as the text of a save ("MELD 3C 4C JK=5C", "DISCARD KS"). */
export function formatRummyAction(action) {
    return withStruct('gr_rummy_action', toAction(action), (p) => readText('gr_rummy_action_format', (b, n) => M._gr_rummy_action_format(p, b, n)));
}

/** A move as a person says it ("meld 6S JK 8S", "layoff KS 2", "discard
 * 9C"), judged against `where`: a RummyGame, a view, or null. */
export function formatRummyMove(action, where = null) {
    return withStruct('gr_rummy_action', toAction(action), (a) => {
        if (where instanceof RummyGame) return readText('gr_rummy_move_format', (b, n) => M._gr_rummy_move_format(a, where.ptr, b, n));
        if (where) return withStruct('gr_rummy_view', where, (v) => readText('gr_rummy_view_move_format', (b, n) => M._gr_rummy_view_move_format(a, v, b, n)));
        return readText('gr_rummy_move_format', (b, n) => M._gr_rummy_move_format(a, 0, b, n));
    });
}
/** Read a move as formatRummyMove writes it (abbreviations d t m l s x);
 * an ambiguous "JK" is refused with the reason 'ambiguous_joker'. */
export function parseRummyMove(text, where = null) {
    if (where instanceof RummyGame) return parseEx('gr_rummy_move_parse', text, 'gr_rummy_action', (s, p, e) => M._gr_rummy_move_parse(s, where.ptr, p, e));
    if (where) return withStruct('gr_rummy_view', where, (v) => parseEx('gr_rummy_view_move_parse', text, 'gr_rummy_action', (s, p, e) => M._gr_rummy_view_move_parse(s, v, p, e)));
    return parseEx('gr_rummy_move_parse', text, 'gr_rummy_action', (s, p, e) => M._gr_rummy_move_parse(s, 0, p, e));
}
/** The moves of a turn as one text ("take 9H, meld 7H 8H 9H, discard
 * 4C"), each judged against the table the moves before it leave: `where`
 * a RummyGame (before the turn is played) or a view (nothing after a draw
 * from the stock, whose card it does not show). */
export function formatRummyTurn(actions, where) {
    const list = Array.from(actions, toAction), size = STRUCTS.gr_rummy_action.size;
    return withMem(size * Math.max(list.length, 1), (p) => {
        list.forEach((a, i) => writeStruct('gr_rummy_action', a, p + i * size));
        if (where instanceof RummyGame) return readText('gr_rummy_turn_format', (b, n) => M._gr_rummy_turn_format(p, list.length, where.ptr, b, n));
        return withStruct('gr_rummy_view', where, (v) => readText('gr_rummy_view_turn_format', (b, n) => M._gr_rummy_view_turn_format(p, list.length, v, b, n)));
    });
}
/** Read the moves of a turn of the player to act, one after another
 * ("draw, meld 7H 8H 9H, discard 4C"), and "out" (or "o"): the library's
 * way out of the hand, refused with the reason 'cannot_go_out' when there
 * is none.  `where` a RummyGame or a view; returns the actions. */
export function parseRummyTurn(text, where) {
    const size = STRUCTS.gr_rummy_action.size, cap = 256;
    const game = where instanceof RummyGame;
    const func = game ? 'gr_rummy_turn_parse' : 'gr_rummy_view_turn_parse';
    return withString(text, (s, bytes) => withMem(size * cap + STRUCTS.gr_parse_error.size, (p) => {
        const ep = p + size * cap;
        const st = game ? M._gr_rummy_turn_parse(s, where.ptr, p, cap, ep)
            : withStruct('gr_rummy_view', where, (v) => M._gr_rummy_view_turn_parse(s, v, p, cap, ep));
        if (st < 0) throw parseError(func, st, ep, bytes);
        const out = [];
        for (let i = 0; i < Math.min(st, cap); i++) out.push(readStruct('gr_rummy_action', p + i * size));
        return out;
    }));
}
/** The faces the "JK" of an ambiguous move text could stand for. */
export function rummyMoveJokerFaces(text, view = null) {
    return withString(text, (s) => withStruct('gr_rummy_view', view, (v) => outScalar('gr_rummy_move_joker_faces', 'cards', (o) => M._gr_rummy_move_joker_faces(s, v, o))));
}

/** One hand of basic Rummy for 2-7 players. */
export class RummyGame extends Handle {
    constructor(ptr) { super(ptr, 'gr_rummy_game_free'); }
    static deal(rules = null, { seed = 0, dealer = 0 } = {}) {
        return new RummyGame(withRummyRules(rules, (r) => create('gr_rummy_game_new', (pp) => M._gr_rummy_game_new(pp, r, toSeed(seed), toInt(dealer, 'dealer')))));
    }
    static fromDeck(rules, deck, dealer = 0) {
        const cards = (typeof deck === 'string' ? deck.trim().split(/[\s,]+/) : [...deck]).map((c) => toCard(c, { joker: true }));
        return new RummyGame(withRummyRules(rules, (r) => withMem(cards.length, (d) => {
            cards.forEach((c, i) => { heap().u8[d + i] = c.id; });
            return create('gr_rummy_game_new_from_deck', (pp) => M._gr_rummy_game_new_from_deck(pp, r, d, cards.length, toInt(dealer, 'dealer')));
        })));
    }
    /** A hand from save() text, its moves replayed; a refusal carries the
     * place (offset, length, line) and the reason of the fault. */
    static load(text) {
        return new RummyGame(createParsed('gr_rummy_game_load', text, (pp, s, ep) => M._gr_rummy_game_load_ex(pp, s, 0, ep)));
    }
    /** A game set up from position text ("players 2; dealer 0; turn 1;
     * phase draw; hand0 ...; ..."), checked against the rules: text that
     * does not read throws with the offset of the bad word, a position the
     * rules refuse with its reason ("rummy_cards", "joker_face", ...). */
    static fromPosition(text, rules = null) {
        const size = STRUCTS.gr_rummy_position.size;
        return new RummyGame(withRummyRules(rules, (r) => withString(text, (s, bytes) => withMem(size + STRUCTS.gr_parse_error.size, (p) => {
            const st = M._gr_rummy_position_parse(s, p, p + size);
            if (st < 0) throw parseError('gr_rummy_position_parse', st, p + size, bytes);
            checkReasoned('gr_rummy_position_check', (w) => M._gr_rummy_position_check(r, p, w));
            return create('gr_rummy_game_from_position', (pp) => M._gr_rummy_game_from_position(pp, r, p));
        }))));
    }
    /** The position of the hand in play as one line of text:
     * RummyGame.fromPosition of it continues the same hand. */
    position() {
        return withMem(STRUCTS.gr_rummy_position.size, (p) => {
            check('gr_rummy_game_position', M._gr_rummy_game_position(this.ptr, p));
            return readText('gr_rummy_position_format', (b, n) => M._gr_rummy_position_format(p, b, n), 2048);
        });
    }
    clone() { return new RummyGame(create('gr_rummy_game_clone', (pp) => M._gr_rummy_game_clone(pp, this.ptr))); }
    get phase() { return enumName('GR_RUMMY_PHASE_', check('gr_rummy_game_phase', M._gr_rummy_game_phase(this.ptr))); }
    get over() { return this.phase === 'over'; }
    get turn() { return check('gr_rummy_game_turn', M._gr_rummy_game_turn(this.ptr)); }
    get dealer() { return check('gr_rummy_game_dealer', M._gr_rummy_game_dealer(this.ptr)); }
    get players() { return check('gr_rummy_game_players', M._gr_rummy_game_players(this.ptr)); }
    get turnovers() { return check('gr_rummy_game_turnovers', M._gr_rummy_game_turnovers(this.ptr)); }
    legalMoves() { return outArray('gr_rummy_game_legal_moves', 'gr_rummy_action', 64, (p, n) => M._gr_rummy_game_legal_moves(this.ptr, p, n)); }
    /** Play an action ({type, ...} or move text) for the seat to act, or
     * for `as` (checked to be the seat to act). */
    play(action, { as = null } = {}) {
        const a = typeof action === 'string' ? parseRummyMove(action, this) : toAction(action);
        withStruct('gr_rummy_action', a, (p) => {
            const st = as === null ? M._gr_rummy_game_play(this.ptr, p) : M._gr_rummy_game_play_as(this.ptr, toInt(as, 'player'), p);
            check(as === null ? 'gr_rummy_game_play' : 'gr_rummy_game_play_as', st, st < 0 ? M._gr_rummy_game_last_reason(this.ptr) : 0);
        });
        return this;
    }
    /** Why the last refused move was refused (reason name), or null. */
    get lastReason() {
        const r = check('gr_rummy_game_last_reason', M._gr_rummy_game_last_reason(this.ptr));
        return r ? readCString(M._gr_reason_name(r)) : null;
    }
    hand(player) { return outStruct('gr_rummy_game_hand', 'gr_rummy_hand', (p) => M._gr_rummy_game_hand(this.ptr, toInt(player, 'player'), p)); }
    melds() { return outArray('gr_rummy_game_melds', 'gr_rummy_meld', C.GR_RUMMY_MAX_MELDS, (p, n) => M._gr_rummy_game_melds(this.ptr, p, n)); }
    discards() { return outCards('gr_rummy_game_discards', C.GR_RUMMY_MAX_CARDS, (p, n) => M._gr_rummy_game_discards(this.ptr, p, n)); }
    stock() { return outCards('gr_rummy_game_stock', C.GR_RUMMY_MAX_CARDS, (p, n) => M._gr_rummy_game_stock(this.ptr, p, n)); }
    history() { return outArray('gr_rummy_game_history', 'gr_rummy_action', 256, (p, n) => M._gr_rummy_game_history(this.ptr, p, n)); }
    result() { return outStruct('gr_rummy_game_result', 'gr_rummy_result', (p) => M._gr_rummy_game_result(this.ptr, p)); }
    view(player) { return outStruct('gr_rummy_game_view', 'gr_rummy_view', (p) => M._gr_rummy_game_view(this.ptr, toInt(player, 'player'), p)); }
    save() { return readText('gr_rummy_game_save', (b, n) => M._gr_rummy_game_save(this.ptr, b, n), 4096); }
    /** The legal moves as card masks (the fast path of search): types,
     * discard, meld, and per table meld layoff, jokerLayoff, swap. */
    legalMasks() { return rummyMaskTypes(outStruct('gr_rummy_game_legal_masks', 'gr_rummy_masks', (p) => M._gr_rummy_game_legal_masks(this.ptr, p))); }
    /** Play an action and return the next legalMasks(). */
    step(action) {
        return withStruct('gr_rummy_action', toAction(action), (a) =>
            rummyMaskTypes(outStruct('gr_rummy_game_step', 'gr_rummy_masks', (p) => M._gr_rummy_game_step(this.ptr, a, p))));
    }
    /** Deal a new hand into this game, in place. */
    redeal(seed, dealer = 0) { check('gr_rummy_game_redeal', M._gr_rummy_game_redeal(this.ptr, toSeed(seed), toInt(dealer, 'dealer'))); return this; }
    /** Play the hand out, every seat under 'random' or 'basic'; its result. */
    playout(policy = 'random', seed = 0) {
        const pol = typeof policy === 'number' ? policy : enumValue('GR_RUMMY_PLAYOUT_', policy, 'Rummy policy');
        return outStruct('gr_rummy_game_playout', 'gr_rummy_result', (p) => M._gr_rummy_game_playout(this.ptr, pol, toSeed(seed), p));
    }
}

function rummyMaskTypes(o) {
    const types = [];
    for (let t = 1; t <= 6; t++) if (o.types & (1 << t)) types.push(enumName('GR_RUMMY_ACT_', t));
    return { ...o, types };
}

/** The legal moves of a view's player, from the view alone. */
export function rummyViewLegalMoves(view) {
    return withStruct('gr_rummy_view', view, (v) => outArray('gr_rummy_view_legal_moves', 'gr_rummy_action', 64, (p, n) => M._gr_rummy_view_legal_moves(v, p, n)));
}

/** Rummy hands until a player reaches the target.  `firstDealer` chooses
 * the first dealer instead of the cut (a table keeping its score). */
export class RummyMatch extends Handle {
    constructor(rules = null, { seed = 0, firstDealer = null } = {}, _ptr = 0) {
        super(_ptr || withRummyRules(rules, (r) => create('gr_rummy_match_new', (pp) => (firstDealer === null
            ? M._gr_rummy_match_new(pp, r, toSeed(seed))
            : M._gr_rummy_match_new_dealer(pp, r, toSeed(seed), toInt(firstDealer, 'firstDealer'))))), 'gr_rummy_match_free');
    }
    /** A match from save() text; a GinRummyError has the line and the reason. */
    static load(text) {
        return new RummyMatch(null, {}, createParsed('gr_rummy_match_load', text, (pp, s, ep) => M._gr_rummy_match_load_ex(pp, s, 0, ep)));
    }
    /** A copy of the rules the match plays by (a loaded match's too). */
    rules() { return new RummyRules(0, {}, create('gr_rummy_match_rules', (pp) => M._gr_rummy_match_rules(this.ptr, pp))); }
    get dealer() { return check('gr_rummy_match_dealer', M._gr_rummy_match_dealer(this.ptr)); }
    get over() { return this.score().over === 1; }
    get lastReason() {
        const r = check('gr_rummy_match_last_reason', M._gr_rummy_match_last_reason(this.ptr));
        return r ? readCString(M._gr_reason_name(r)) : null;
    }
    #refused(func, st) { return check(func, st, st < 0 ? M._gr_rummy_match_last_reason(this.ptr) : 0); }
    deal() { return new RummyGame(create('gr_rummy_match_deal', (pp) => M._gr_rummy_match_deal(this.ptr, pp))); }
    /** Record a hand: RummyGame#result() or rummySettle(). */
    record(result) { withStruct('gr_rummy_result', result, (p) => this.#refused('gr_rummy_match_record', M._gr_rummy_match_record(this.ptr, p))); return this; }
    score() { return outStruct('gr_rummy_match_score', 'gr_rummy_score', (p) => M._gr_rummy_match_score(this.ptr, p)); }
    /** The score after the first `hands` recorded hands. */
    scoreAfter(hands) { return outStruct('gr_rummy_match_score_after', 'gr_rummy_score', (p) => M._gr_rummy_match_score_after(this.ptr, toInt(hands, 'hands'), p)); }
    /** Take back the last recorded hand. */
    undo() { this.#refused('gr_rummy_match_undo', M._gr_rummy_match_undo(this.ptr)); return this; }
    /** The hands recorded: {outcome, winner, nplayers, score, leftPoints}. */
    results() {
        return outArray('gr_rummy_match_results', 'gr_rummy_result', 16, (p, n) => M._gr_rummy_match_results(this.ptr, p, n))
            .map(({ outcome, winner, nplayers, score, leftPoints }) => ({ outcome, winner, nplayers, score, leftPoints }));
    }
    save() { return readText('gr_rummy_match_save', (b, n) => M._gr_rummy_match_save(this.ptr, b, n), 1024); }
}

/** A hand as a table reports it (R7): the seat that went out (-1: void)
 * and what every seat holds; a result for RummyMatch#record. */
export function rummySettle(rules, winner, left) {
    const hands = [...left].map((h) => RummyHand.of(h));
    const size = STRUCTS.gr_rummy_hand.size;
    return withRummyRules(rules, (r) => withMem(size * Math.max(hands.length, 1), (hp) => {
        hands.forEach((h, i) => writeStruct('gr_rummy_hand', h, hp + i * size));
        return withMem(STRUCTS.gr_rummy_result.size + 8, (p) => {
            const rp = p + STRUCTS.gr_rummy_result.size;
            const st = M._gr_rummy_settle(r, toInt(winner, 'winner'), hp, hands.length, p, rp);
            check('gr_rummy_settle', st, heap().i32[rp >> 2]);
            return readStruct('gr_rummy_result', p);
        });
    }));
}

/** A Rummy bot, 'random', 'greedy' or 'expert', deciding from a view
 * only (give the expert every view of its seat's decisions, in order).
 * Options: seed, rules (the expert's), playouts, features. */
export class RummyBot extends Handle {
    constructor(kind = 'greedy', { seed = 0, rules = null, playouts = null, features = null } = {}) {
        const k = typeof kind === 'number' ? kind : withString(String(kind), (s) => check(`bot "${kind}"`, M._gr_bot_lookup(s)));
        super(create('gr_rummy_bot_new', (pp) => M._gr_rummy_bot_new(pp, k, toSeed(seed))), 'gr_rummy_bot_free');
        if (rules !== null) this.setRules(rules);
        if (playouts !== null) this.setParam('playouts', playouts);
        if (features !== null) this.setParam('features', features);
    }
    setRules(rules) { withRummyRules(rules, (r) => check('gr_rummy_bot_set_rules', M._gr_rummy_bot_set_rules(this.ptr, r))); return this; }
    setParam(param, value) {
        check('gr_rummy_bot_set_param', M._gr_rummy_bot_set_param(this.ptr, enumValue('GR_BOT_PARAM_', param, 'bot parameter'), toInt(value, param)));
        return this;
    }
    /** The match score before this hand (gr_rummy_bot_set_score): every
     * seat's total in seat order, of a match to `target` points (0: one
     * hand); the expert then values a hand by the chance to win the match
     * it leaves.  null forgets the score. */
    setScore(totals, target = 100) {
        const t = toInt(target, 'target');
        if (totals === null) {
            check('gr_rummy_bot_set_score', M._gr_rummy_bot_set_score(this.ptr, 0, 0, t));
            return this;
        }
        const v = Array.from(totals, (x) => toInt(x, 'total'));
        withMem(4 * v.length, (p) => {
            heap().i32.set(v, p >> 2);
            check('gr_rummy_bot_set_score', M._gr_rummy_bot_set_score(this.ptr, p, v.length, t));
        });
        return this;
    }
    choose(view) {
        return withStruct('gr_rummy_view', view, (v) => outStruct('gr_rummy_bot_choose', 'gr_rummy_action', (p) => M._gr_rummy_bot_choose(this.ptr, v, p)));
    }
    /** Advice for the view's player (gr_rummy_advise; make this bot an
     * expert for a strong player's advice): {phase, actions, out,
     * valueNow, leastValue, takeValue, valueKept, valueAfter} and `text`,
     * the one-line explanation. */
    advise(view) {
        return withStruct('gr_rummy_view', view, (v) => withMem(STRUCTS.gr_rummy_advice.size, (p) => {
            check('gr_rummy_advise', M._gr_rummy_advise(this.ptr, v, p));
            const a = readStruct('gr_rummy_advice', p);
            a.text = readText('gr_rummy_advice_explain', (b, n) => M._gr_rummy_advice_explain(p, v, b, n), 512);
            return a;
        }));
    }
}
