// runtime.mjs: the WebAssembly module and the glue every other file uses:
// memory, strings, structs read and written by their generated layouts
// (capi.mjs), cards and card sets, errors, and owned handles.
import createModule from './ginrummy_wasm.mjs';
import { FUNCTIONS, STRUCTS, CONSTANTS } from './capi.mjs';

export { FUNCTIONS, STRUCTS, CONSTANTS };
export const C = CONSTANTS;

// Node reads the .wasm beside this file; browsers fetch it from the same
// URL (emcc's own loader, built with -sENVIRONMENT=web).
let moduleArgs = {};
if (typeof process === 'object' && process.versions && process.versions.node) {
    const fs = await import('node:fs/promises');
    moduleArgs = { wasmBinary: await fs.readFile(new URL('./ginrummy_wasm.wasm', import.meta.url)) };
}
/** The emscripten module: M._gr_* are the C functions. */
export const M = await createModule(moduleArgs);

/** The C function `name` as the wasm export itself (emcc's JavaScript
 * wrapper, which looks the export up at each call until its first, is
 * skipped): for the calls a loop makes many times. */
export function cfunc(name) {
    const f = M.asm && M.asm[name];
    return typeof f === 'function' ? f : (...args) => M['_' + name](...args);
}

// Typed views of the wasm memory, made again when it grows.
let viewed = null;
const V = { u8: undefined };
/** The memory's views: u8, i32, u32, u64, f32, f64. */
export function heap() {
    // a grown memory detaches the old buffer, whose views then have length 0
    if (V.u8 === undefined || V.u8.length === 0) {
        viewed = M.HEAPU8.buffer;
        V.u8 = new Uint8Array(viewed); V.i32 = new Int32Array(viewed); V.u32 = new Uint32Array(viewed);
        V.u64 = new BigUint64Array(viewed); V.f32 = new Float32Array(viewed); V.f64 = new Float64Array(viewed);
    }
    return V;
}

// ---------------------------------------------------------------- errors

const STATUS_CODES = { [-1]: 'EINVAL', [-2]: 'ESTATE', [-3]: 'EILLEGAL', [-4]: 'ENOMEM', [-5]: 'ESPACE', [-6]: 'EPARSE' };

/** A call the library refused: `status` (negative GR_E* value), `code`
 * ("EILLEGAL"), `reason` (the reason's name, "just_taken", or null) and
 * `reasonText`; `offset` and `length` locate a parser's bad token. */
export class GinRummyError extends Error {
    constructor(func, status, reason = 0, where = null) {
        const statusText = readCString(M._gr_strerror(status));
        const reasonText = reason > 0 ? readCString(M._gr_reason_text(reason)) : null;
        super(`${func}: ${reasonText || statusText}` +
              (where && where.offset !== undefined ? ` (at offset ${where.offset})` : ''));
        this.name = 'GinRummyError';
        this.func = func;
        this.status = status;
        this.code = STATUS_CODES[status] || 'EUNKNOWN';
        this.reason = reason > 0 ? readCString(M._gr_reason_name(reason)) : null;
        this.reasonText = reasonText;
        this.statusText = statusText;
        if (where) Object.assign(this, where);
    }
}

/** Throw a GinRummyError for a negative status; return it otherwise. */
export function check(func, status, reason = 0, where = null) {
    if (status < 0) throw new GinRummyError(func, status, reason, where);
    return status;
}

/** A status of a reasoned call: `fn(reasonPtr)` returns a status and
 * writes the reason through the pointer. */
export function checkReasoned(func, fn) {
    return withMem(4, (p) => {
        heap().i32[p >> 2] = 0;
        const st = fn(p);
        return check(func, st, heap().i32[p >> 2]);
    });
}

// ---------------------------------------------------------------- memory

/** Run fn with `size` zeroed bytes of wasm memory (8-aligned), freed after. */
// A scratch area taken as a stack (calls nest) serves the small blocks
// of a call; larger ones are malloc'd.  Addresses stay valid when the
// memory grows; the views (heap().u8, ...) are read again at each use.
const SCRATCH = 1 << 16;
const scratch = M._malloc(SCRATCH);
let scratchTop = 0;
export function withMem(size, fn) {
    size = (Math.max(size, 8) + 7) & ~7;
    if (scratchTop + size <= SCRATCH) {
        const saved = scratchTop;
        const p = scratch + saved;
        scratchTop += size;
        heap().u8.fill(0, p, p + size);
        try { return fn(p); } finally { scratchTop = saved; }
    }
    const p = M._malloc(size);
    if (!p) throw new GinRummyError('malloc', -4, C.GR_REASON_NO_MEMORY);
    heap().u8.fill(0, p, p + size);
    try { return fn(p); } finally { M._free(p); }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Run fn with a NUL-terminated copy of the string (a pointer, or 0 for null). */
export function withString(text, fn) {
    if (text === null || text === undefined) return fn(0);
    if (typeof text !== 'string') throw new TypeError(`expected a string, got ${typeof text}`);
    const bytes = encoder.encode(text);
    return withMem(bytes.length + 1, (p) => { heap().u8.set(bytes, p); return fn(p, bytes); });
}

export function readCString(p, max = Infinity) {
    if (!p) return '';
    const u8 = heap().u8;
    let end = p;
    while (u8[end] && end - p < max) end++;
    return decoder.decode(u8.subarray(p, end));
}

/** Call an snprintf-like writer `fn(buf, size)` and return the string. */
export function readText(func, fn, guess = 256) {
    let out = null;
    const n = check(func, withMem(guess, (p) => {
        const r = fn(p, guess);
        if (r >= 0 && r < guess) out = readCString(p);
        return r;
    }));
    if (out !== null) return out;
    return withMem(n + 1, (p) => { check(func, fn(p, n + 1)); return readCString(p); });
}

/** Byte offsets in the UTF-8 text to string indices (parse errors). */
export function charOffset(bytes, byteOffset) {
    return decoder.decode(bytes.subarray(0, byteOffset)).length;
}

// ---------------------------------------------------------------- cards

export const inspect = Symbol.for('nodejs.util.inspect.custom');
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['C', 'D', 'H', 'S'];

/** A card: `id` is suit * 13 + rank (0..51), 52 is a joker (basic Rummy).
 * There is one Card object per card, so cards compare with ===. */
export class Card {
    constructor(id) {
        this.id = id;
        this.joker = id === 52;
        this.rank = this.joker ? -1 : id % 13;   // 0 ace .. 12 king
        this.suit = this.joker ? -1 : Math.floor(id / 13);   // 0 clubs, 1 diamonds, 2 hearts, 3 spades
        Object.freeze(this);
    }
    /** Gin points (G2): ace 1, pips, J Q K 10; a joker 15 (Rummy, R7). */
    get points() { return this.joker ? 15 : Math.min(this.rank + 1, 10); }
    get rankText() { return this.joker ? 'JK' : RANKS[this.rank]; }
    get suitText() { return this.joker ? '' : SUITS[this.suit]; }
    toString() { return this.joker ? 'JK' : RANKS[this.rank] + SUITS[this.suit]; }
    [inspect]() { return `Card(${this})`; }
    toJSON() { return this.toString(); }
    get mask() { return 1n << BigInt(this.id); }
    /** A Card from a Card, an id 0..52, or text ("7H", "10s", "T♥", "JK"). */
    static of(x) { return toCard(x); }
    static get JOKER() { return CARDS[52]; }
    static all() { return CARDS.slice(0, 52); }
}
const CARDS = Array.from({ length: 53 }, (_, i) => new Card(i));

export function cardFromId(id) {
    return id === 255 ? null : CARDS[id];
}

/** A card from a Card, a number 0..52 or its text. */
export function toCard(x, { joker = false } = {}) {
    if (x instanceof Card) {
        if (x.joker && !joker) throw new RangeError('a joker is not a card here');
        return x;
    }
    if (typeof x === 'number') {
        if (!Number.isInteger(x) || x < 0 || x > (joker ? 52 : 51)) throw new RangeError(`bad card id ${x}`);
        return CARDS[x];
    }
    if (typeof x === 'string') {
        const f = joker ? 'gr_rummy_card_parse' : 'gr_card_parse_ex';
        return withString(x, (s, bytes) => withMem(56, (out) => {
            const st = joker ? M._gr_rummy_card_parse(s, out) : M._gr_card_parse_ex(s, out, out + 8);
            if (st < 0) throw parseFailure(f, st, out + 8, bytes, joker);
            return CARDS[heap().u8[out]];
        }));
    }
    throw new TypeError(`not a card: ${String(x)}`);
}

function parseFailure(func, st, errPtr, bytes, noErr = false) {
    return noErr ? new GinRummyError(func, st) : parseError(func, st, errPtr, bytes);
}

/** The GinRummyError of a parser that wrote a gr_parse_error at errPtr
 * about the UTF-8 `bytes`: the reason, and the place as string indices. */
export function parseError(func, st, errPtr, bytes) {
    const e = readStruct('gr_parse_error', errPtr);
    return new GinRummyError(func, st, heap().i32[(errPtr + STRUCT_OFF.gr_parse_error.reason) >> 2],
        { offset: charOffset(bytes, e.offset), length: e.length, line: e.line });
}

/** Make a handle from text: fn(outPtrPtr, text, errPtr) is a *_load_ex. */
export function createParsed(func, text, fn) {
    return withString(text, (s, bytes) => withMem(8 + STRUCTS.gr_parse_error.size, (pp) => {
        const st = fn(pp, s, pp + 8);
        if (st < 0) throw parseError(func, st, pp + 8, bytes);
        return heap().u32[pp >> 2];
    }));
}

/** Parse text into a struct: fn(text, outPtr, errPtr) is a *_parse_ex. */
export function parseStruct(func, text, type, fn) {
    return withString(text, (s, bytes) => withMem(STRUCTS[type].size + STRUCTS.gr_parse_error.size, (p) => {
        const ep = p + STRUCTS[type].size;
        const st = fn(s, p, ep);
        if (st < 0) throw parseError(func, st, ep, bytes);
        return readStruct(type, p);
    }));
}

const FULL = (1n << 52n) - 1n;
const TRUSTED = Symbol('a mask the library wrote');

/** An immutable set of cards (a 64-bit mask as a BigInt, bits 0..51),
 * iterated in card order.  Methods that combine sets take anything
 * `CardSet.of` takes. */
export class CardSet {
    constructor(mask = 0n, trusted = null) {
        if (trusted !== TRUSTED && (typeof mask !== 'bigint' || mask < 0n || mask > FULL))
            throw new RangeError(`bad card set mask ${mask}`);
        this.mask = mask;
        Object.freeze(this);
    }
    /** A set from a CardSet, text ("AS 2S 3S"), a mask, or cards. */
    static of(x) { return new CardSet(toMask(x)); }
    static parse(text) { return new CardSet(parseMask(text)); }
    static get empty() { return EMPTY; }
    static get all() { return ALL; }
    get size() { return M._gr_cards_count(this.mask); }
    get points() { return M._gr_cards_points(this.mask); }
    has(card) { return (this.mask >> BigInt(toCard(card).id)) & 1n ? true : false; }
    with(...cards) { return new CardSet(this.mask | toMask(cards)); }
    without(...cards) { return new CardSet(this.mask & ~toMask(cards)); }
    union(x) { return new CardSet(this.mask | toMask(x)); }
    intersect(x) { return new CardSet(this.mask & toMask(x)); }
    minus(x) { return new CardSet(this.mask & ~toMask(x)); }
    equals(x) { return this.mask === toMask(x); }
    isSubsetOf(x) { return (this.mask & ~toMask(x)) === 0n; }
    *[Symbol.iterator]() {
        let m = this.mask;
        for (let i = 0; m; i++, m >>= 1n) if (m & 1n) yield CARDS[i];
    }
    toArray() { return [...this]; }
    toString() { return readText('gr_cards_format', (b, n) => M._gr_cards_format(this.mask, b, n)); }
    [inspect]() { return `CardSet(${this})`; }
    toJSON() { return this.toString(); }
}
const EMPTY = new CardSet(0n);
const ALL = new CardSet(FULL);
/** The CardSet of the mask the library wrote at byte p (no check; no
 * bigint made for an empty set). */
export function readCards(h, p) {
    return (h.u32[p >> 2] | h.u32[(p >> 2) + 1]) === 0 ? EMPTY : new CardSet(h.u64[p >> 3], TRUSTED);
}

function parseMask(text) {
    return withString(text, (s, bytes) => withMem(56, (out) => {
        const st = M._gr_cards_parse_ex(s, out, out + 8);
        if (st < 0) throw parseFailure('gr_cards_parse', st, out + 8, bytes);
        return heap().u64[out >> 3];
    }));
}

/** The mask of a CardSet, text, bigint, Card, card id or iterable of cards. */
export function toMask(x) {
    if (typeof x === 'bigint') {   // first: the hot loops pass masks
        if (x < 0n || x > FULL) throw new RangeError(`bad card set mask ${x}`);
        return x;
    }
    if (x instanceof CardSet) return x.mask;
    if (typeof x === 'string') return parseMask(x);
    if (x instanceof Card || typeof x === 'number') return toCard(x).mask;
    if (x && typeof x[Symbol.iterator] === 'function') {
        let m = 0n;
        for (const c of x) m |= toMask(c);
        return m;
    }
    throw new TypeError(`not cards: ${String(x)}`);
}

// ---------------------------------------------------------------- structs

export const camel = (s) => s.replace(/_([a-z0-9])/g, (_, c) => c.toUpperCase());
export const snake = (s) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

// Integer fields that hold an enum are strings in JavaScript: the C name's
// suffix in lower case ("draw_stock", "knock", "just_taken").
const FIELD_ENUMS = {
    'gr_move.type': 'GR_MOVE_', 'gr_view.phase': 'GR_PHASE_', 'gr_position.phase': 'GR_PHASE_',
    'gr_hand_result.outcome': 'GR_OUTCOME_', 'gr_parse_error.reason': 'GR_REASON_',
    'gr_rummy_action.type': 'GR_RUMMY_ACT_', 'gr_rummy_move.kind': 'GR_RUMMY_MOVE_',
    'gr_rummy_view.phase': 'GR_RUMMY_PHASE_', 'gr_rummy_result.outcome': 'GR_RUMMY_OUTCOME_',
};
const enumMaps = new Map();
export function enumMap(prefix) {
    const known = enumMaps.get(prefix);
    if (known !== undefined) return known;
    const toName = new Map(), toValue = new Map();
    for (const [k, v] of Object.entries(C)) {
        if (!k.startsWith(prefix) || k.endsWith('_COUNT') || k.endsWith('_ALL')) continue;
        const name = k.slice(prefix.length).toLowerCase();
        if (!toName.has(v)) toName.set(v, name);
        toValue.set(name, v);
    }
    const maps = { toName, toValue };
    enumMaps.set(prefix, maps);
    return maps;
}
export function enumName(prefix, v) {
    const n = enumMap(prefix).toName.get(v);
    return n === undefined ? v : n;
}
/** enumName of one prefix, its names in an array by value (a struct
 * reader's enum field: no lookup of the prefix at each read). */
export function enumNamer(prefix) {
    const names = [];
    for (const [v, n] of enumMap(prefix).toName) if (Number.isInteger(v) && v >= 0 && v < 256) names[v] = n;
    return (v) => { const n = names[v]; return n === undefined ? enumName(prefix, v) : n; };
}
export function enumValue(prefix, name, what = prefix) {
    if (typeof name === 'number') return name;
    const { toValue } = enumMap(prefix);
    const exact = toValue.get(name);   // the common case: the name as the library gives it
    if (exact !== undefined) return exact;
    const v = toValue.get(String(name).toLowerCase().replace(/-/g, '_'));
    if (v === undefined) throw new RangeError(`unknown ${what}: ${name}`);
    return v;
}

// Arrays counted by another field: trimmed to it when read, the count
// written from the array's length (nX counts X unless listed here).
const COUNTED = {
    gr_rummy_view: { nmelds: ['melds', 'owner'], ndiscards: ['discards'], nplayers: ['counts', 'known'] },
    gr_rummy_result: { nplayers: ['score', 'left_points', 'cards_left', 'left'] },
    gr_rummy_score: { nplayers: ['hands_won', 'total'] },
    gr_rummy_masks: { nmelds: ['layoff', 'joker_layoff', 'swap'] },
    gr_standing: { nsides: ['hands_won', 'hand_points', 'game_bonus', 'box_bonus', 'shutout_bonus', 'total'] },
};
const KEEP_COUNT = new Set(['nplayers', 'nsides']);
function countsOf(type) {
    const s = STRUCTS[type];
    const m = { ...(COUNTED[type] || {}) };
    for (const f of s.fields)
        if (f.count && !Object.values(m).flat().includes(f.name) && s.fields.some((g) => g.name === 'n' + f.name))
            m['n' + f.name] = [f.name];
    return m;
}
const STRUCT_COUNTS = Object.fromEntries(Object.keys(STRUCTS).map((t) => [t, countsOf(t)]));
export const STRUCT_OFF = Object.fromEntries(Object.entries(STRUCTS).map(([t, s]) =>
    [t, Object.fromEntries(s.fields.map((f) => [f.name, f.offset]))]));

const SIZES = { i32: 4, u32: 4, u8: 1, card: 1, cards: 8, u64: 8, f64: 8, f32: 4, string: 4, ptr: 4 };
// Converters of whole structs (Rummy hands and melds are classes); set by rummy.mjs.
export const STRUCT_CLASSES = {};

function readScalar(kind, p, h = heap()) {
    switch (kind) {
    case 'i32': return h.i32[p >> 2];
    case 'u32': return h.u32[p >> 2];
    case 'u8': return h.u8[p];
    case 'card': return cardFromId(h.u8[p]);
    case 'cards': return readCards(h, p);
    case 'u64': return h.u64[p >> 3];
    case 'f64': return h.f64[p >> 3];
    case 'f32': return h.f32[p >> 2];
    case 'string': return readCString(h.u32[p >> 2]);
    default: return h.u32[p >> 2];
    }
}
function writeScalar(kind, p, v, what) {
    switch (kind) {
    case 'i32': case 'u32': case 'ptr':
        if (typeof v === 'boolean') v = v ? 1 : 0;
        if (!Number.isInteger(v)) throw new TypeError(`${what}: expected an integer, got ${v}`);
        if (kind === 'i32') heap().i32[p >> 2] = v; else heap().u32[p >> 2] = v;
        return;
    case 'u8':
        if (!Number.isInteger(v) || v < 0 || v > 255) throw new TypeError(`${what}: expected a byte, got ${v}`);
        heap().u8[p] = v; return;
    case 'card': heap().u8[p] = v === null || v === undefined ? 255 : toCard(v, { joker: true }).id; return;
    case 'cards': heap().u64[p >> 3] = toMask(v); return;
    case 'u64': heap().u64[p >> 3] = toSeed(v); return;
    case 'f64': heap().f64[p >> 3] = v; return;
    case 'f32': heap().f32[p >> 2] = v; return;
    default: throw new TypeError(`${what}: cannot be written`);
    }
}

// Each struct's fields, prepared once: the JavaScript key, how to read and
// write one element, the count field that trims an array, the enum names.
const plans = {};
function plan(type) {
    if (plans[type]) return plans[type];
    const s = STRUCTS[type];
    const counts = STRUCT_COUNTS[type];
    const fields = [];
    for (const f of s.fields) {
        if (f.name.startsWith('reserved') || f.name === 'ctx' || f.name.endsWith('_fn')) continue;
        let countOff = -1;
        for (const [cf, arrays] of Object.entries(counts)) if (arrays.includes(f.name)) countOff = STRUCT_OFF[type][cf];
        fields.push({
            name: f.name, key: camel(f.name), kind: f.kind, type: f.type, offset: f.offset, count: f.count, countOff,
            step: f.kind === 'struct' ? STRUCTS[f.type].size : SIZES[f.kind],
            en: FIELD_ENUMS[`${type}.${f.name}`],
            derived: !!counts[f.name] && !KEEP_COUNT.has(f.name),
            source: counts[f.name] ? camel(counts[f.name][0]) : null,
        });
    }
    return (plans[type] = fields);
}

/** A C struct at p as a plain object (camelCase fields, reserved space
 * left out, counted arrays trimmed, enum fields as names). */
export function readStruct(type, p) {
    const r = readers[type] || (readers[type] = compileReader(type));
    return r ? r(heap(), p) : readGeneric(type, p);
}

// A reader made once per struct: a function building the object with its
// fields written out, so every object of a type has one shape (much faster
// than setting computed keys).  Where a page's Content-Security-Policy
// forbids making functions, the generic reader below serves.
const readers = {};
const SCALAR_EXPR = {
    i32: (q) => `h.i32[(${q}) >> 2]`, u32: (q) => `h.u32[(${q}) >> 2]`, u8: (q) => `h.u8[${q}]`,
    card: (q) => `R.card(h.u8[${q}])`, cards: (q) => `R.cards(h, ${q})`,
    u64: (q) => `h.u64[(${q}) >> 3]`, f64: (q) => `h.f64[(${q}) >> 3]`, f32: (q) => `h.f32[(${q}) >> 2]`,
    string: (q) => `R.str(h.u32[(${q}) >> 2])`, ptr: (q) => `h.u32[(${q}) >> 2]`,
};
function compileReader(type) {
    const R = { card: cardFromId, cards: readCards, str: readCString, sub: (t) => (h, q) => readStruct(t, q), en: enumName, cls: STRUCT_CLASSES };
    const props = [];
    for (const f of plan(type)) {
        if (f.derived) continue;
        const elem = (q) => (f.kind === 'struct' ? `R.s_${f.type}(h, ${q})` : SCALAR_EXPR[f.kind](q));
        if (f.kind === 'struct') R[`s_${f.type}`] = R.sub(f.type);
        let e;
        if (f.count) {
            const n = f.countOff < 0 ? String(f.count) : `Math.max(0, Math.min(${f.count}, h.i32[(p + ${f.countOff}) >> 2]))`;
            e = `((n) => { const a = new Array(n); for (let i = 0, q = p + ${f.offset}; i < n; i++, q += ${f.step}) a[i] = ${elem('q')}; return a; })(${n})`;
        } else e = elem(`p + ${f.offset}`);
        if (f.en) {
            R[`en_${f.en}`] = enumNamer(f.en);
            e = `R.en_${f.en}(${e})`;
        }
        props.push(`${JSON.stringify(f.key)}: ${e}`);
    }
    const body = `const o = { ${props.join(', ')} }; const c = R.cls[${JSON.stringify(type)}]; return c ? c.fromC(o) : o;`;
    try {
        const make = new Function('R', `return function read_${type}(h, p) { ${body} };`);
        return make(R);
    } catch {
        return null;   // no code generation here
    }
}

function readGeneric(type, p) {
    const o = {};
    const h = heap();
    for (const f of plan(type)) {
        if (f.derived) continue;
        let v;
        if (f.count) {
            const n = f.countOff < 0 ? f.count : Math.max(0, Math.min(f.count, h.i32[(p + f.countOff) >> 2]));
            v = new Array(n);
            for (let i = 0, q = p + f.offset; i < n; i++, q += f.step)
                v[i] = f.kind === 'struct' ? readStruct(f.type, q) : readScalar(f.kind, q, h);
        } else v = f.kind === 'struct' ? readStruct(f.type, p + f.offset) : readScalar(f.kind, p + f.offset, h);
        if (f.en) v = enumName(f.en, v);
        o[f.key] = v;
    }
    const cls = STRUCT_CLASSES[type];
    return cls ? cls.fromC(o) : o;
}

/** Write a plain object (as readStruct gives) to the zeroed struct at p. */
export function writeStruct(type, obj, p) {
    const cls = STRUCT_CLASSES[type];
    if (cls) obj = cls.toC(obj);
    if (obj === null || typeof obj !== 'object') throw new TypeError(`${type}: expected an object`);
    for (const f of plan(type)) {
        let v = obj[f.key];
        if (v === undefined) v = obj[f.name];
        if (f.derived) v = (obj[f.source] || []).length;
        if (v === undefined) continue;
        if (f.en) v = enumValue(f.en, v, f.name);
        const what = `${type}.${f.name}`;
        if (f.count) {
            if (!Array.isArray(v) && !(v && typeof v[Symbol.iterator] === 'function' && f.kind !== 'cards'))
                throw new TypeError(`${what}: expected an array`);
            const arr = [...v];
            if (arr.length > f.count) throw new RangeError(`${what}: at most ${f.count} entries`);
            arr.forEach((x, i) => (f.kind === 'struct' ? writeStruct(f.type, x, p + f.offset + i * f.step)
                : writeScalar(f.kind, p + f.offset + i * f.step, x, what)));
        } else if (f.kind === 'struct') writeStruct(f.type, v, p + f.offset);
        else writeScalar(f.kind, p + f.offset, v, what);
    }
}

/** Run fn with a C copy of obj (type `type`), freed after. */
export function withStruct(type, obj, fn) {
    return withMem(STRUCTS[type].size, (p) => { if (obj !== null && obj !== undefined) writeStruct(type, obj, p); return fn(obj === null || obj === undefined ? 0 : p); });
}

/** Call fn(outPtr) for a zeroed out-struct, check its status and read it. */
export function outStruct(func, type, fn, { reason } = {}) {
    return withMem(STRUCTS[type].size, (p) => {
        const st = fn(p);
        check(func, st, reason ? reason() : 0);
        return readStruct(type, p);
    });
}

/** An array of `cap` structs filled by fn(ptr, cap) (which returns how many). */
export function outArray(func, type, cap, fn) {
    const size = STRUCTS[type].size;
    return withMem(size * cap, (p) => {
        let n = check(func, fn(p, cap));
        if (n > cap) return outArray(func, type, n, fn);
        const out = [];
        for (let i = 0; i < n; i++) out.push(readStruct(type, p + i * size));
        return out;
    });
}

/** An array of cards filled by fn(ptr, cap). */
export function outCards(func, cap, fn) {
    return withMem(cap, (p) => {
        const n = check(func, fn(p, cap));
        if (n > cap) return outCards(func, n, fn);
        return Array.from(heap().u8.subarray(p, p + n), (id) => cardFromId(id));
    });
}

/** Read a scalar output: fn(ptr) writes kind `kind` there. */
export function outScalar(func, kind, fn, reason) {
    return withMem(8, (p) => {
        check(func, fn(p), reason ? reason() : 0);
        return readScalar(kind, p);
    });
}

/** A seed: a non-negative integer number or bigint below 2^64. */
export function toSeed(v) {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
    if (typeof v === 'bigint' && v >= 0n && v < (1n << 64n)) return v;
    throw new RangeError(`a seed is an integer 0 .. 2^64-1, got ${v}`);
}

export function toInt(v, what) {
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (!Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31) throw new RangeError(`${what}: expected an integer, got ${v}`);
    return v;
}

// ---------------------------------------------------------------- handles

/** Handles alive (made and not yet freed, by free() or the collector). */
export const stats = { live: 0 };
const registry = new FinalizationRegistry(({ free, ptr }) => { stats.live--; free(ptr); });
export const disposeSymbol = Symbol.dispose || Symbol.for('Symbol.dispose');

/** A JavaScript object owning C memory.  free() releases it at once (also
 * [Symbol.dispose], for `using`); a FinalizationRegistry frees what was
 * forgotten.  Using a freed object throws a ReferenceError. */
export class Handle {
    #ptr;
    #token;
    constructor(ptr, freeName) {
        this.#ptr = ptr;
        this.#token = {};
        this._freeName = freeName;
        registry.register(this, { free: (q) => M['_' + freeName](q), ptr }, this.#token);
        stats.live++;
    }
    /** The C pointer; throws once freed. */
    get ptr() {
        if (!this.#ptr) throw new ReferenceError(`${this.constructor.name} used after free()`);
        return this.#ptr;
    }
    get freed() { return !this.#ptr; }
    free() {
        if (!this.#ptr) return;
        registry.unregister(this.#token);
        M['_' + this._freeName](this.#ptr);
        this.#ptr = 0;
        stats.live--;
    }
    [disposeSymbol]() { this.free(); }
}

/** Make a handle: fn(outPtrPtr) creates the C object. */
export function create(func, fn, reason) {
    return withMem(4, (pp) => {
        check(func, fn(pp), reason ? reason() : 0);
        return heap().u32[pp >> 2];
    });
}

/** C functions the JavaScript API does not call, and why (a test fails
 * when a function of ginrummy.h is neither called nor listed here). */
export const UNBOUND = {
    gr_rules_new_mm: 'custom allocators: the module\'s own malloc serves JavaScript',
    gr_game_load_mm: 'custom allocators', gr_bot_new_mm: 'custom allocators',
    gr_rummy_rules_new_mm: 'custom allocators', gr_rummy_game_load_mm: 'custom allocators',
    gr_rummy_bot_new_mm: 'custom allocators',
    gr_card_parse: 'parseCard calls gr_card_parse_ex (the same, with the place of a fault)',
    gr_cards_parse: 'parseCards calls gr_cards_parse_ex',
    gr_card_format: 'Card#toString writes the same text in JavaScript (a test compares them)',
    gr_game_load: 'Game.load calls gr_game_load_ex', gr_match_load: 'Match.load calls gr_match_load_ex',
    gr_game_play: 'Game#play calls gr_game_play_drawn (the same, and the card drawn)',
    gr_settle: 'settle calls gr_settle_ex', gr_settle_upcard: 'settle calls gr_settle_ex (its upcard option)',
    gr_layoff_check: 'checkLayoff calls gr_layoff_check_ex',
    gr_match_new: 'new Match calls gr_match_new_players (2 players: the same match)',
    gr_match_new_players_dealer: 'score keeping at a real table of 3 or 4: not bound yet (new Match takes a first dealer for 2 players)',
    gr_settle_illegal_knock_ex: 'not bound yet: settle(..., {illegal: true}) calls gr_settle_illegal_knock (knocker in seat 0, no upcard)',
    gr_struct_size: 'the tests compare the generated layouts with it',
    gr_rummy_hand_parse: 'RummyHand.parse calls gr_rummy_hand_parse_ex (the same, with the reason)',
    gr_rummy_meld_parse: 'RummyMeld.parse calls gr_rummy_meld_parse_ex',
    gr_rummy_match_load: 'RummyMatch.load calls gr_rummy_match_load_ex',
    gr_rummy_game_load: 'RummyGame.load calls gr_rummy_game_load_ex',
    gr_env_game: 'the environment\'s own game is internal (valid until its next reset)',
    gr_batch_new: 'batches fill numpy-style arrays for Python: step Env objects instead',
    gr_batch_free: 'batches: see gr_batch_new', gr_batch_env: 'batches: see gr_batch_new',
    gr_batch_reset: 'batches: see gr_batch_new', gr_batch_step: 'batches: see gr_batch_new',
    gr_batch_random_actions: 'batches: see gr_batch_new',
    gr_batch_reset_streams: 'batches: see gr_batch_new (deriveSeed gives the same seeds)',
    gr_batch_step_final: 'batches: see gr_batch_new', gr_batch_seek: 'batches: see gr_batch_new',
};
