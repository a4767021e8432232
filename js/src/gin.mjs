// gin.mjs: Gin Rummy: cards, melds, layoffs, rules, settlement, games,
// bots, advice, positions and move text, over the C functions.
import {
    M, C, heap, cfunc, createParsed, parseStruct, STRUCTS, STRUCT_OFF, Handle, Card, CardSet, check, checkReasoned, create, withMem,
    withString, withStruct, outStruct, outArray, outCards, outScalar, readStruct, writeStruct,
    readText, readCString, toCard, toMask, toSeed, toInt, enumName, enumValue, enumMap, snake, camel,
    charOffset, GinRummyError, cardFromId,
} from './runtime.mjs';

// ---------------------------------------------------------------- cards

export const version = readCString(M._gr_version());
export const versionNumber = M._gr_version_number();

/** One card from text ("7H", "10s", "T♥") */
export function parseCard(text) { return toCard(String(text)); }
/** A set of cards from text ("AS 2S,3S"); a GinRummyError (EPARSE, with
 * `offset`) names the bad token. */
export function parseCards(text) { return CardSet.parse(text); }
export function formatCards(cards) { return CardSet.of(cards).toString(); }
export function cardPoints(card) { return check('gr_card_points', M._gr_card_points(toCard(card).id)); }

/** 'set', 'run' or null. */
export function meldKind(cards) {
    const k = check('gr_meld_kind', M._gr_meld_kind(toMask(cards)));
    return k === C.GR_MELD_SET ? 'set' : k === C.GR_MELD_RUN ? 'run' : null;
}

// ---------------------------------------------------------------- melds

const cDeadwood = cfunc('gr_deadwood');
export function deadwood(hand) {
    // The hot path, a mask: one that fits in 64 bits crosses as it is (the
    // i64 argument would wrap a longer one), and the C function refuses
    // bits 52-63, so a negative mask too.  BigInt comparisons would cost
    // more than the call (V8 makes them calls; asIntN(64) is inlined).
    if (typeof hand === 'bigint' && BigInt.asIntN(64, hand) === hand) {
        const d = cDeadwood(hand);
        if (d >= 0) return d;
    }
    const d = cDeadwood(toMask(hand));   // toMask throws RangeError for a bad mask
    return d < 0 ? check('gr_deadwood', d) : d;
}

/** One least-deadwood arrangement: {melds, deadwood, deadwoodPoints}. */
export function arrange(hand) {
    const m = toMask(hand);
    return outStruct('gr_arrange', 'gr_arrangement', (p) => M._gr_arrange(m, p));
}

/** The discard leaving the least deadwood: {card, deadwood}; `except`
 * cards are never chosen (the card just taken, G11). */
export function bestDiscard(hand, except = null) {
    const h = toMask(hand);
    return withMem(8, (p) => {
        const d = except === null
            ? check('gr_best_discard', M._gr_best_discard(h, p))
            : check('gr_best_discard_except', M._gr_best_discard_except(h, toMask(except), p));
        return { card: cardFromId(heap().u8[p]), deadwood: d };
    });
}

/** Every arrangement of a hand of at most 16 cards with deadwood at most
 * `limit` (negative: any), in the library's order. */
export function arrangements(hand, limit = -1) {
    const h = toMask(hand);
    return outArray('gr_arrangements', 'gr_arrangement', 64, (p, cap) => M._gr_arrangements(h, toInt(limit, 'limit'), p, cap));
}

/** An arrangement from {melds, deadwood?}: melds as anything CardSet.of
 * takes; the deadwood is `hand` less the melds when not given. */
export function toArrangement(a, hand = null) {
    if (a === null || typeof a !== 'object') throw new TypeError('an arrangement is an object {melds, deadwood}');
    const melds = [...(a.melds || [])].map((m) => CardSet.of(m));
    let dw;
    if (a.deadwood !== undefined) dw = CardSet.of(a.deadwood);
    else if (hand !== null) dw = CardSet.of(hand).minus(melds.reduce((u, m) => u.union(m), CardSet.empty));
    else throw new TypeError('the arrangement needs its deadwood');
    return { melds, deadwood: dw, deadwoodPoints: a.deadwoodPoints ?? dw.points };
}

// ---------------------------------------------------------------- layoffs

/** The defender's best melds and layoffs on the knocker's arrangement:
 * {defender: arrangement, laidOff}. */
export function layOff(knocker, defender) {
    const d = toMask(defender);
    return withStruct('gr_arrangement', toArrangement(knocker), (k) =>
        outStruct('gr_lay_off', 'gr_layoff', (p) => M._gr_lay_off(k, d, p)));
}

/** Check a defense a person chose; throws a GinRummyError with the reason. */
export function checkLayoff(knocker, defender, defense) {
    const d = toMask(defender);
    withStruct('gr_arrangement', toArrangement(knocker), (k) =>
        withStruct('gr_layoff', toLayoff(defense, defender), (l) =>
            checkReasoned('gr_layoff_check_ex', (r) => M._gr_layoff_check_ex(k, d, l, r))));
    return true;
}

function toLayoff(x, defender = null) {
    const laidOff = CardSet.of(x.laidOff ?? 0n);
    const rest = defender === null ? null : CardSet.of(defender).minus(laidOff);
    return { defender: toArrangement(x.defender, rest), laidOff };
}

/** Check an arrangement of `hand` within `limit` (negative: none). */
export function checkArrangement(arrangement, hand, limit = -1) {
    const h = toMask(hand);
    withStruct('gr_arrangement', toArrangement(arrangement, hand), (a) =>
        checkReasoned('gr_arrangement_check', (r) => M._gr_arrangement_check(a, h, toInt(limit, 'limit'), r)));
    return true;
}

/** For a layoff UI: which defender cards (not in `laid`) fit each knocker meld. */
export function layoffTargets(knocker, defender, laid = 0n) {
    const d = toMask(defender), l = toMask(laid);
    return withStruct('gr_arrangement', toArrangement(knocker), (k) => withMem(8 * C.GR_MAX_MELDS, (p) => {
        const n = check('gr_layoff_targets', M._gr_layoff_targets(k, d, l, p));
        return Array.from({ length: n }, (_, i) => new CardSet(heap().u64[(p >> 3) + i]));
    }));
}

/** The defense a person chose: `laidOff` laid off, the rest arranged. */
export function buildLayoff(knocker, defender, laidOff) {
    const d = toMask(defender), l = toMask(laidOff);
    return withStruct('gr_arrangement', toArrangement(knocker), (k) =>
        outStruct('gr_layoff_build', 'gr_layoff', (p) => M._gr_layoff_build(k, d, l, p)));
}

// ---------------------------------------------------------------- advice

/** Take `card` into `hand` or draw blind from `unseen`? */
export function adviseTake(hand, card, unseen) {
    const h = toMask(hand), u = toMask(unseen);
    return outStruct('gr_advise_take', 'gr_take_advice', (p) => M._gr_advise_take(h, toCard(card).id, u, p));
}

/** The arrangement to knock with, leaving the fewest layoffs:
 * {arrangement, layoffs, targets}. */
export function adviseKnock(hand, { limit = 10, notHis = 0n } = {}) {
    const h = toMask(hand), n = toMask(notHis);
    return outStruct('gr_advise_knock', 'gr_knock_advice', (p) => M._gr_advise_knock(h, toInt(limit, 'limit'), n, p));
}

/** Check a view whole (a view a program built or changed); throws a
 * GinRummyError naming what is wrong. */
export function checkView(view) {
    withStruct('gr_view', view, (v) => checkReasoned('gr_view_check', (r) => M._gr_view_check(v, r)));
    return true;
}

/** The cards a player cannot see from his view. */
export function viewUnseen(view) {
    return withStruct('gr_view', view, (v) => outScalar('gr_view_unseen', 'cards', (p) => M._gr_view_unseen(v, p)));
}

/** adviseTake for the card the view offers. */
export function adviseTakeView(view) {
    return withStruct('gr_view', view, (v) => outStruct('gr_view_advise_take', 'gr_take_advice', (p) => M._gr_view_advise_take(v, p)));
}

// ---------------------------------------------------------------- rules

const presetId = (p) => (typeof p === 'number' ? p : withString(String(p), (s) => check(`preset "${p}"`, M._gr_preset_lookup(s))));
const optionId = (name) => (typeof name === 'number' ? name
    : withString(snake(String(name)), (s) => check(`option "${name}"`, M._gr_option_lookup(s))));

/** Every Gin option: {option, name, description, min, max}. */
export function describeOptions() {
    const out = [];
    for (let i = 0; i < C.GR_OPT_COUNT; i++)
        out.push(outStruct('gr_option_describe', 'gr_option_info', (p) => M._gr_option_describe(i, p)));
    return out;
}
export const presets = Object.keys(C).filter((k) => k.startsWith('GR_PRESET_') && k !== 'GR_PRESET_COUNT')
    .map((k) => k.slice(10).toLowerCase());

/** A Gin rule set: `new Rules('standard', {knockLimit: 10, hollywood: true})`;
 * options by name (camelCase or snake_case), booleans as 0/1, stockEnd
 * 'void' or 'turnover'. */
export class Rules extends Handle {
    constructor(preset = 'fournier', options = {}, _ptr = 0) {
        super(_ptr || create('gr_rules_new', (pp) => M._gr_rules_new(pp, presetId(preset))), 'gr_rules_free');
        for (const [k, v] of Object.entries(options || {})) this.set(k, v);
    }
    set(name, value) {
        if (typeof value === 'string' && snake(String(name)) === 'stock_end') value = enumValue('GR_STOCK_END_', value, 'stock end');
        check(`gr_rules_set ${name}`, M._gr_rules_set(this.ptr, optionId(name), toInt(value, name)));
        return this;
    }
    /** Set from text "name=value". */
    setText(text) {
        withString(text, (s) => check('gr_rules_set_text', M._gr_rules_set_text(this.ptr, s)));
        return this;
    }
    get(name) {
        return outScalar('gr_rules_get', 'i32', (p) => M._gr_rules_get(this.ptr, optionId(name), p));
    }
    /** Every option's value by camelCase name. */
    toObject() {
        const o = {};
        for (let i = 0; i < C.GR_OPT_COUNT; i++) {
            const info = outStruct('gr_option_describe', 'gr_option_info', (p) => M._gr_option_describe(i, p));
            o[camel(info.name)] = this.get(i);
        }
        return o;
    }
    toJSON() { return this.toObject(); }
    clone() { return new Rules(0, {}, create('gr_rules_clone', (pp) => M._gr_rules_clone(pp, this.ptr))); }
}

/** Run fn(rulesPtr) with a Rules, a preset name or {preset, ...options}. */
export function withRules(x, fn) {
    if (x instanceof Rules) return fn(x.ptr);
    let r;
    if (x === undefined || x === null) r = new Rules();
    else if (typeof x === 'string' || typeof x === 'number') r = new Rules(x);
    else { const { preset = 'fournier', ...opts } = x; r = new Rules(preset, opts); }
    try { return fn(r.ptr); } finally { r.free(); }
}

// ---------------------------------------------------------------- settle

/** Settle a hand laid down: the knocker's arrangement against the
 * defender's cards.  Options: knocker (seat 0 or 1), strict, upcard (the
 * first upcard, for Oklahoma), illegal (G29: a knock over the limit). */
export function settle(rules, knocker, defender, { knocker: seat = 0, strict = false, upcard = null, illegal = false } = {}) {
    const d = toMask(defender);
    return withRules(rules, (r) => withStruct('gr_arrangement', toArrangement(knocker), (k) => {
        if (illegal) return outStruct('gr_settle_illegal_knock', 'gr_hand_result', (p) => M._gr_settle_illegal_knock(r, k, d, p));
        const opts = { knocker: toInt(seat, 'knocker'), strict: strict ? 1 : 0, hasUpcard: upcard === null ? 0 : 1, upcard: upcard === null ? null : toCard(upcard) };
        return withStruct('gr_settle_options', opts, (o) => withMem(STRUCTS.gr_hand_result.size + 8, (p) => {
            const rp = p + STRUCTS.gr_hand_result.size;
            check('gr_settle', M._gr_settle_ex(r, o, k, d, p, rp), heap().i32[rp >> 2]);
            return readStruct('gr_hand_result', p);
        }));
    }));
}

// ---------------------------------------------------------------- moves

/** A move from {type, card}, or from text ("discard 7H") read against `game`. */
export function toMove(x, game = null) {
    if (typeof x === 'string') return parseMove(x, game);
    if (x === null || typeof x !== 'object') throw new TypeError('a move is {type, card} or text');
    return { type: x.type, card: x.card === undefined || x.card === null ? null : toCard(x.card) };
}

// A move as toMove gives it ({type, card: Card or null}) into the zeroed
// gr_move at p: what writeStruct does, without its generic walk (a move
// is written at every play).
const MOVE_OFF = STRUCT_OFF.gr_move;
const MOVE_TYPES = enumMap('GR_MOVE_').toValue;
function writeMove(mv, p) {
    const h = heap();
    h.i32[(p + MOVE_OFF.type) >> 2] = mv.type === undefined || mv.type === null ? 0
        : MOVE_TYPES.get(mv.type) ?? enumValue('GR_MOVE_', mv.type, 'move type');
    h.u8[p + MOVE_OFF.card] = mv.card === null ? 255 : mv.card.id;
}

/** Read move text ("take", "draw", "discard 7H", "knock 7H", "gin 7H", "big gin"). */
export function parseMove(text, game = null) {
    return parseStruct('gr_move_parse', text, 'gr_move', (s, p, ep) => M._gr_move_parse(s, game ? game.ptr : 0, p, ep));
}

export function formatMove(move) {
    return withStruct('gr_move', toMove(move), (m) => readText('gr_move_format', (b, n) => M._gr_move_format(m, b, n)));
}

// ---------------------------------------------------------------- positions

export function formatPosition(position) {
    return withStruct('gr_position', position, (p) => readText('gr_position_format', (b, n) => M._gr_position_format(p, b, n)));
}

export function parsePosition(text) {
    return parseStruct('gr_position_parse', text, 'gr_position', (s, p, ep) => M._gr_position_parse(s, p, ep));
}

/** Throws a GinRummyError naming what is wrong with the position. */
export function checkPosition(rules, position) {
    withRules(rules, (r) => withStruct('gr_position', normalPosition(position), (p) =>
        checkReasoned('gr_position_check', (rp) => M._gr_position_check(r, p, rp))));
    return true;
}

function normalPosition(pos) {
    const o = { stockFromSeed: 0, seed: 0n, taken: null, firstUpcard: null, pileClosed: 0, turnovers: 0, played: 0,
        known: [0n, 0n], pile: [], stock: [], ...pos };
    o.hand = [...pos.hand].map((h) => CardSet.of(h));
    o.known = [...o.known].map((h) => CardSet.of(h));
    for (const k of ['pile', 'stock']) o[k] = typeof o[k] === 'string' ? [...CardSet.parse(o[k])] : [...o[k]].map((c) => toCard(c));
    return o;
}

// ---------------------------------------------------------------- games

const cRedeal = cfunc('gr_game_redeal');
const cPlayout = cfunc('gr_game_playout');
const POLICIES = { random: C.GR_PLAYOUT_RANDOM, greedy: C.GR_PLAYOUT_GREEDY };

/** One hand of Gin.  Make it with Game.deal, Game.fromDeck,
 * Game.fromPosition or Game.load; free() it when done. */
export class Game extends Handle {
    constructor(ptr) { super(ptr, 'gr_game_free'); }
    /** A seeded deal: the same seed gives the same deal as the C library. */
    static deal(rules = null, { seed = 0, dealer = 0 } = {}) {
        return new Game(withRules(rules, (r) => create('gr_game_new', (pp) => M._gr_game_new(pp, r, toSeed(seed), toInt(dealer, 'dealer')))));
    }
    /** A stacked deck: 52 cards (text or cards), dealt as the C library says. */
    static fromDeck(rules, deck, dealer = 0) {
        const cards = typeof deck === 'string' ? deck.trim().split(/[\s,]+/).map((t) => toCard(t)) : [...deck].map((c) => toCard(c));
        if (cards.length !== 52) throw new RangeError('a deck is 52 cards');
        return new Game(withRules(rules, (r) => withMem(52, (d) => {
            cards.forEach((c, i) => { heap().u8[d + i] = c.id; });
            return create('gr_game_new_from_deck', (pp) => M._gr_game_new_from_deck(pp, r, d, toInt(dealer, 'dealer')));
        })));
    }
    static fromPosition(rules, position) {
        return new Game(withRules(rules, (r) => withStruct('gr_position', normalPosition(position), (p) =>
            withMem(4, (rp) => create('gr_game_from_position', (pp) => {
                const st = M._gr_game_from_position(pp, r, p);
                if (st < 0) M._gr_position_check(r, p, rp);
                return st;
            }, () => heap().i32[rp >> 2])))));
    }
    /** A game from save() text; a GinRummyError has the offset of the fault. */
    static load(text) {
        return new Game(createParsed('gr_game_load', text, (pp, s, ep) => M._gr_game_load_ex(pp, s, 0, ep)));
    }
    clone() { return new Game(create('gr_game_clone', (pp) => M._gr_game_clone(pp, this.ptr))); }

    get phase() { return enumName('GR_PHASE_', check('gr_game_phase', M._gr_game_phase(this.ptr))); }
    get over() { return check('gr_game_phase', M._gr_game_phase(this.ptr)) === C.GR_PHASE_OVER; }
    get turn() { return check('gr_game_turn', M._gr_game_turn(this.ptr)); }
    get dealer() { return check('gr_game_dealer', M._gr_game_dealer(this.ptr)); }
    get stockSize() { return check('gr_game_stock_size', M._gr_game_stock_size(this.ptr)); }
    get knockLimit() { return check('gr_game_knock_limit', M._gr_game_knock_limit(this.ptr)); }
    /** The top of the discard pile, or null when it is empty. */
    get upcard() {
        return withMem(8, (p) => (M._gr_game_upcard(this.ptr, p) < 0 ? null : cardFromId(heap().u8[p])));
    }
    /** Why the last refused call was refused (reason name), or null. */
    get lastReason() {
        const r = check('gr_game_last_reason', M._gr_game_last_reason(this.ptr));
        return r ? readCString(M._gr_reason_name(r)) : null;
    }
    hand(player) { return outScalar('gr_game_hand', 'cards', (p) => M._gr_game_hand(this.ptr, toInt(player, 'player'), p)); }
    discards() { return outCards('gr_game_discards', 52, (p, n) => M._gr_game_discards(this.ptr, p, n)); }
    legalMoves() { return outArray('gr_game_legal_moves', 'gr_move', C.GR_MAX_MOVES, (p, n) => M._gr_game_legal_moves(this.ptr, p, n)); }
    /** The moves so far; with `player`, as he saw them (the opponent's stock draws hidden). */
    history(player = null) {
        return player === null
            ? outArray('gr_game_history', 'gr_move', 128, (p, n) => M._gr_game_history(this.ptr, p, n))
            : outArray('gr_game_history_view', 'gr_move', 128, (p, n) => M._gr_game_history_view(this.ptr, toInt(player, 'player'), p, n));
    }
    #refused(func, st) { return check(func, st, st < 0 ? M._gr_game_last_reason(this.ptr) : 0); }
    /** Play a move ({type, card} or text) for the player to act, or for
     * `as` (checked to be the player to act); returns the card it drew, or null. */
    play(move, { as = null } = {}) {
        const mv = toMove(move, this);
        return withMem(16, (m) => {   // the move at m, the card drawn at m + 8
            writeMove(mv, m);
            if (as !== null) { this.#refused('gr_game_play_as', M._gr_game_play_as(this.ptr, toInt(as, 'player'), m)); return null; }
            heap().u8[m + 8] = 255;
            this.#refused('gr_game_play', M._gr_game_play_drawn(this.ptr, m, m + 8));
            return cardFromId(heap().u8[m + 8]);
        });
    }
    /** Knock (or go gin) discarding `discard`, showing `arrangement`
     * ({melds}: the deadwood is the rest) or the least-deadwood one. */
    knock(discard, arrangement = null) {
        const c = toCard(discard);
        const hand = arrangement ? this.hand(this.turn).without(c) : null;
        withStruct('gr_arrangement', arrangement ? toArrangement(arrangement, hand) : null, (a) =>
            this.#refused('gr_game_knock', M._gr_game_knock(this.ptr, c.id, a)));
    }
    /** After a knock: the defender's own melds and layoffs ({laidOff,
     * defender: {melds}}), or just the cards laid off (the rest arranged). */
    defend(defense) {
        const res = this.result();
        const knocker = res.knockerArrangement;
        const defender = this.hand(1 - res.knocker);
        let d;
        if (defense instanceof CardSet || typeof defense === 'string' || Array.isArray(defense)) {
            const laidOff = CardSet.of(defense);   // the rest arranged at its best
            d = { laidOff, defender: arrange(defender.minus(laidOff)) };
        } else d = toLayoff(defense, defender);
        withStruct('gr_layoff', d, (l) => this.#refused('gr_game_defend', M._gr_game_defend(this.ptr, l)));
    }
    result() { return outStruct('gr_game_result', 'gr_hand_result', (p) => M._gr_game_result(this.ptr, p)); }
    view(player) { return outStruct('gr_game_view', 'gr_view', (p) => M._gr_game_view(this.ptr, toInt(player, 'player'), p)); }
    save() { return readText('gr_game_save', (b, n) => M._gr_game_save(this.ptr, b, n), 4096); }
    position() { return outStruct('gr_game_position', 'gr_position', (p) => M._gr_game_position(this.ptr, p)); }
    /** The best discard for the player to act (G11 applied): {card, deadwood}. */
    bestDiscard() {
        return withMem(8, (p) => {
            const d = check('gr_game_best_discard', M._gr_game_best_discard(this.ptr, p));
            return { card: cardFromId(heap().u8[p]), deadwood: d };
        });
    }
    /** The legal moves as card sets per move type. */
    legalMasks() {
        const o = outStruct('gr_game_legal_masks', 'gr_legal_masks', (p) => M._gr_game_legal_masks(this.ptr, p));
        return maskTypes(o);
    }
    /** Play a move and return the next legalMasks() (the fast path of search). */
    step(move) {
        return withStruct('gr_move', toMove(move, this), (m) => maskTypes(outStruct('gr_game_step', 'gr_legal_masks',
            (p) => M._gr_game_step(this.ptr, m, p), { reason: () => M._gr_game_last_reason(this.ptr) })));
    }
    /** Deal a new hand into this game, in place. */
    redeal(seed, dealer = 0) { check('gr_game_redeal', cRedeal(this.ptr, toSeed(seed), toInt(dealer, 'dealer'))); }
    /** Play the hand out under a built-in policy ('random' or 'greedy'); its result. */
    playout(policy = 'random', seed = 0) {
        const pol = typeof policy === 'number' ? policy : POLICIES[policy];
        if (pol === undefined) throw new RangeError(`unknown policy ${policy}`);
        return outStruct('gr_game_playout', 'gr_hand_result', (p) => cPlayout(this.ptr, pol, toSeed(seed), p));
    }
    toString() { return `Game(${this.phase}, turn ${this.turn})`; }
}

function maskTypes(o) {
    const types = [];
    for (let t = 1; t <= 8; t++) if (o.types & (1 << t)) types.push(enumName('GR_MOVE_', t));
    return { ...o, types };
}

// ---------------------------------------------------------------- bots

const botKind = (k) => (typeof k === 'number' ? k : withString(String(k), (s) => check(`bot "${k}"`, M._gr_bot_lookup(s))));

/** A computer player ('random', 'greedy' or 'expert') deciding from a view
 * only.  Options: seed, rules (the expert's), playouts, features. */
export class Bot extends Handle {
    constructor(kind = 'greedy', { seed = 0, rules = null, playouts = null, features = null } = {}) {
        super(create('gr_bot_new', (pp) => M._gr_bot_new(pp, botKind(kind), toSeed(seed))), 'gr_bot_free');
        this.kind = typeof kind === 'number' ? enumName('GR_BOT_', kind) : String(kind).toLowerCase();
        if (rules !== null) this.setRules(rules);
        if (playouts !== null) this.setParam('playouts', playouts);
        if (features !== null) this.setParam('features', features);
    }
    setRules(rules) { withRules(rules, (r) => check('gr_bot_set_rules', M._gr_bot_set_rules(this.ptr, r))); return this; }
    setParam(param, value) {
        check('gr_bot_set_param', M._gr_bot_set_param(this.ptr, enumValue('GR_BOT_PARAM_', param, 'bot parameter'), toInt(value, param)));
        return this;
    }
    /** The match score before this hand, the bot's player first. */
    setScore(mine, theirs) { check('gr_bot_set_score', M._gr_bot_set_score(this.ptr, toInt(mine, 'mine'), toInt(theirs, 'theirs'))); return this; }
    /** A legal move for the player whose view this is. */
    choose(view) {
        return withStruct('gr_view', view, (v) => outStruct('gr_bot_choose', 'gr_move', (p) => M._gr_bot_choose(this.ptr, v, p)));
    }
    /** Tell the bot a move its player made without it. */
    observe(view, move) {
        withStruct('gr_view', view, (v) => withStruct('gr_move', toMove(move), (m) => check('gr_bot_observe', M._gr_bot_observe(this.ptr, v, m))));
        return this;
    }
    /** The arrangement to show when knocking with `discard`. */
    arrange(view, discard) {
        return withStruct('gr_view', view, (v) => outStruct('gr_bot_arrange', 'gr_arrangement', (p) => M._gr_bot_arrange(this.ptr, v, toCard(discard).id, p)));
    }
    /** One line on the last choice. */
    explain() { return readText('gr_bot_explain', (b, n) => M._gr_bot_explain(this.ptr, b, n)); }
}
export const expertFeatures = Object.fromEntries(Object.keys(C).filter((k) => k.startsWith('GR_EXPERT_'))
    .map((k) => [k.slice(10).toLowerCase(), C[k]]));

/** Reasons: every name with its text and status. */
export function reasons() {
    const out = [];
    for (let r = 0; r < C.GR_REASON_COUNT; r++)
        out.push({ name: readCString(M._gr_reason_name(r)), text: readCString(M._gr_reason_text(r)), status: M._gr_reason_status(r) });
    return out;
}
export function strerror(status) { return readCString(M._gr_strerror(toInt(status, 'status'))); }
export { Card, CardSet, GinRummyError, writeStruct };
