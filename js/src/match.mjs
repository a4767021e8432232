// match.mjs: Gin matches (2-4 players, Hollywood scoring, score keeping,
// save and load) and the reinforcement-learning environment.
import {
    M, C, heap, createParsed, STRUCTS, STRUCT_OFF, Handle, check, create, withMem, withString, withStruct, outStruct,
    outArray, outScalar, readStruct, readText, readCString, toSeed, toInt, toMask, cardFromId, charOffset, GinRummyError,
} from './runtime.mjs';
import { Game, Rules, withRules } from './gin.mjs';

/** A match of hands until the target.  `new Match(rules, {seed, players,
 * firstDealer})`: 2, 3 or 4 players (4 in partnerships at two tables);
 * firstDealer chooses the first dealer instead of the cut (2 players). */
export class Match extends Handle {
    constructor(rules = null, { seed = 0, players = 2, firstDealer = null } = {}, _ptr = 0) {
        super(_ptr || withRules(rules, (r) => create('gr_match_new', (pp) => (firstDealer !== null
            ? M._gr_match_new_dealer(pp, r, toSeed(seed), toInt(firstDealer, 'firstDealer'))
            : M._gr_match_new_players(pp, r, toSeed(seed), toInt(players, 'players'))))), 'gr_match_free');
    }
    /** A match from save() text. */
    static load(text) {
        return new Match(null, {}, createParsed('gr_match_load', text, (pp, s, ep) => M._gr_match_load_ex(pp, s, 0, ep)));
    }
    /** A copy of the rules the match plays by (a loaded match's too). */
    rules() { return new Rules(0, {}, create('gr_match_rules', (pp) => M._gr_match_rules(this.ptr, pp))); }
    get players() { return check('gr_match_players', M._gr_match_players(this.ptr)); }
    get dealer() { return check('gr_match_dealer', M._gr_match_dealer(this.ptr)); }
    get tables() { return check('gr_match_tables', M._gr_match_tables(this.ptr)); }
    get over() { return this.standing().over === 1; }
    get lastReason() {
        const r = check('gr_match_last_reason', M._gr_match_last_reason(this.ptr));
        return r ? readCString(M._gr_reason_name(r)) : null;
    }
    /** The deciding cut, one card per seat. */
    cuts() {
        return withMem(8, (p) => {
            const n = this.players === 2 ? (check('gr_match_cut', M._gr_match_cut(this.ptr, p)), 2)
                : check('gr_match_cuts', M._gr_match_cuts(this.ptr, p));
            return Array.from(heap().u8.subarray(p, p + n), (id) => cardFromId(id));
        });
    }
    #refused(func, st) { return check(func, st, st < 0 ? M._gr_match_last_reason(this.ptr) : 0); }
    /** Deal the next hand (table `table` with 4 players): a Game to free. */
    deal(table = null) {
        return new Game(table === null
            ? create('gr_match_deal', (pp) => M._gr_match_deal(this.ptr, pp))
            : create('gr_match_deal_table', (pp) => M._gr_match_deal_table(this.ptr, toInt(table, 'table'), pp)));
    }
    /** Record a hand's result (Game#result() or settle()). */
    record(result, table = null) {
        withStruct('gr_hand_result', result, (r) => (table === null
            ? this.#refused('gr_match_record', M._gr_match_record(this.ptr, r))
            : this.#refused('gr_match_record_table', M._gr_match_record_table(this.ptr, toInt(table, 'table'), r))));
        return this;
    }
    /** Table `table` of the next deal: {seats, dealer, dealerSeat, recorded}. */
    table(table = 0) { return outStruct('gr_match_table', 'gr_table', (p) => M._gr_match_table(this.ptr, toInt(table, 'table'), p)); }
    /** The two-player score (teams as players 0 and 1 with 4). */
    score() { return outStruct('gr_match_score', 'gr_score', (p) => M._gr_match_score(this.ptr, p)); }
    /** The standing per side of Hollywood game 0, 1 or 2, or of the whole match. */
    standing(game = 'all') {
        const g = game === 'all' ? C.GR_MATCH_ALL : toInt(game, 'game');
        return outStruct('gr_match_standing', 'gr_standing', (p) => M._gr_match_standing(this.ptr, g, p));
    }
    undo() { this.#refused('gr_match_undo', M._gr_match_undo(this.ptr)); return this; }
    /** The hands recorded: {outcome, knocker, winner, points}. */
    results() {
        return outArray('gr_match_results', 'gr_hand_result', 16, (p, n) => M._gr_match_results(this.ptr, p, n))
            .map(({ outcome, knocker, winner, points }) => ({ outcome, knocker, winner, points }));
    }
    save() { return readText('gr_match_save', (b, n) => M._gr_match_save(this.ptr, b, n), 1024); }
}

// ---------------------------------------------------------------- environment

export const ENV_NUM_ACTIONS = C.GR_ENV_NUM_ACTIONS;
export const ENV_OBS_SIZE = C.GR_ENV_OBS_SIZE;
export const openspiel = {
    cardToId: (card) => check('gr_env_card_to_openspiel', M._gr_env_card_to_openspiel(toInt(typeof card === 'object' ? card.id : card, 'card'))),
    cardFromId: (id) => cardFromId(check('gr_env_card_from_openspiel', M._gr_env_card_from_openspiel(toInt(id, 'id')))),
    meldCards: (id) => outScalar('gr_env_meld_cards', 'cards', (p) => M._gr_env_meld_cards(toInt(id, 'id'), p)),
    meldId: (cards) => check('gr_env_meld_id', M._gr_env_meld_id(toMask(cards))),
};

/** An independent seed for hand `index` of stream `stream` (an
 * environment, a worker) of a run seeded `seed`: a bigint. */
export function deriveSeed(seed, stream = 0, index = 0) {
    return outScalar('gr_seed_derive', 'u64', (p) => M._gr_seed_derive(toSeed(seed), toSeed(stream), toSeed(index), p));
}

/** One hand with OpenSpiel's gin_rummy action ids and 644-float observation. */
export class Env extends Handle {
    constructor(rules = 'openspiel', _ptr = 0) {
        super(_ptr || withRules(rules, (r) => create('gr_env_new', (pp) => M._gr_env_new(pp, r))), 'gr_env_free');
    }
    clone() { return new Env(null, create('gr_env_clone', (pp) => M._gr_env_clone(pp, this.ptr))); }
    reset(seed = 0) { check('gr_env_reset', M._gr_env_reset(this.ptr, toSeed(seed))); return this; }
    resetDeck(deck) {
        const cards = [...deck].map((c) => (typeof c === 'object' ? c.id : c));
        if (cards.length !== 52) throw new RangeError('a deck is 52 cards');
        withMem(52, (d) => { heap().u8.set(cards, d); check('gr_env_reset_deck', M._gr_env_reset_deck(this.ptr, d)); });
        return this;
    }
    /** The player to act, -1 once over. */
    get player() { return M._gr_env_player(this.ptr); }
    /** The legal-action mask (241 bytes). */
    legal() { return withMem(ENV_NUM_ACTIONS, (p) => { check('gr_env_legal', M._gr_env_legal(this.ptr, p)); return heap().u8.slice(p, p + ENV_NUM_ACTIONS); }); }
    step(action) { check('gr_env_step', M._gr_env_step(this.ptr, toInt(action, 'action'))); return this; }
    /** step(), then {obs, mask, player, terminated, truncated, rewards}. */
    stepObserve(action) {
        return withMem(ENV_OBS_SIZE * 4 + ENV_NUM_ACTIONS + 3 + 20, (p) => {
            const mp = p + ENV_OBS_SIZE * 4, op = (mp + ENV_NUM_ACTIONS + 3) & ~3;
            check('gr_env_step_observe', M._gr_env_step_observe(this.ptr, toInt(action, 'action'), p, mp, op));
            const o = heap().i32.slice(op >> 2, (op >> 2) + 5);
            return { obs: heap().f32.slice(p >> 2, (p >> 2) + ENV_OBS_SIZE), mask: heap().u8.slice(mp, mp + ENV_NUM_ACTIONS),
                player: o[0], terminated: !!o[1], truncated: !!o[2], rewards: [o[3], o[4]] };
        });
    }
    status() {
        return withMem(16, (p) => {
            check('gr_env_status', M._gr_env_status(this.ptr, p, p + 4, p + 8));
            const o = heap().i32.slice(p >> 2, (p >> 2) + 4);
            return { terminated: !!o[0], truncated: !!o[1], rewards: [o[2], o[3]] };
        });
    }
    observe(player) {
        return withMem(ENV_OBS_SIZE * 4, (p) => { check('gr_env_observe', M._gr_env_observe(this.ptr, toInt(player, 'player'), p)); return heap().f32.slice(p >> 2, (p >> 2) + ENV_OBS_SIZE); });
    }
}
