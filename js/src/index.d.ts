// TypeScript declarations of the ginrummy package (libginrummy built to
// WebAssembly).  Checked by compiling js/tests/example.mts with tsc --strict.

// ---------------------------------------------------------------- cards

/** A card: `id` is suit * 13 + rank (0..51); 52 is a joker (basic Rummy).
 * One object per card: compare with ===. */
export declare class Card {
    private constructor(id: number);
    readonly id: number;
    /** 0 ace .. 12 king; -1 for a joker */
    readonly rank: number;
    /** 0 clubs, 1 diamonds, 2 hearts, 3 spades; -1 for a joker */
    readonly suit: number;
    readonly joker: boolean;
    /** Gin points (G2); a joker 15 (Rummy, R7) */
    readonly points: number;
    readonly rankText: string;
    readonly suitText: string;
    /** this card's bit */
    readonly mask: bigint;
    toString(): string;
    toJSON(): string;
    /** A card from a Card, an id or text ("7H", "10s", "T♥"). */
    static of(x: CardLike): Card;
    static readonly JOKER: Card;
    /** The 52 cards in order. */
    static all(): Card[];
}
/** Anything that names a card: a Card, its id, or its text. */
export type CardLike = Card | number | string;

/** An immutable set of cards: a 64-bit mask as a bigint (bits 0..51). */
export declare class CardSet implements Iterable<Card> {
    constructor(mask?: bigint);
    readonly mask: bigint;
    readonly size: number;
    readonly points: number;
    static of(x: CardsLike): CardSet;
    static parse(text: string): CardSet;
    static readonly empty: CardSet;
    static readonly all: CardSet;
    has(card: CardLike): boolean;
    with(...cards: CardsLike[]): CardSet;
    without(...cards: CardsLike[]): CardSet;
    union(x: CardsLike): CardSet;
    intersect(x: CardsLike): CardSet;
    minus(x: CardsLike): CardSet;
    equals(x: CardsLike): boolean;
    isSubsetOf(x: CardsLike): boolean;
    [Symbol.iterator](): Iterator<Card>;
    toArray(): Card[];
    toString(): string;
    toJSON(): string;
}
/** Anything that names a set of cards: a CardSet, text ("AS 2S 3S"), a
 * mask, a card, or an iterable of them. */
export type CardsLike = CardSet | string | bigint | CardLike | Iterable<CardLike | CardSet>;

export declare const version: string;
export declare const versionNumber: number;
export declare function parseCard(text: string): Card;
export declare function parseCards(text: string): CardSet;
export declare function formatCards(cards: CardsLike): string;
export declare function cardPoints(card: CardLike): number;
export declare function meldKind(cards: CardsLike): 'set' | 'run' | null;

// ---------------------------------------------------------------- errors

export type StatusCode = 'EINVAL' | 'ESTATE' | 'EILLEGAL' | 'ENOMEM' | 'ESPACE' | 'EPARSE' | 'EUNKNOWN';

/** A refused call: the status, its code, and the reason ("just_taken")
 * with its text; parsers add where the bad token is. */
export declare class GinRummyError extends Error {
    readonly func: string;
    /** the negative GR_E* status */
    readonly status: number;
    readonly code: StatusCode;
    /** the reason's name, or null when the call gives none */
    readonly reason: string | null;
    readonly reasonText: string | null;
    readonly statusText: string;
    /** parsers: the string index of the bad token, its length, its line */
    readonly offset?: number;
    readonly length?: number;
    readonly line?: number;
}
export declare function strerror(status: number): string;
export interface ReasonInfo { name: string; text: string; status: number }
export declare function reasons(): ReasonInfo[];

/** Every integer constant of ginrummy.h (GR_*). */
export declare const constants: Readonly<Record<string, number>>;
/** C functions the API does not call, with the reason. */
export declare const UNBOUND: Readonly<Record<string, string>>;
/** How many objects owning C memory are alive. */
export declare const stats: { readonly live: number };

/** An object owning C memory: free() it (or `using`); a
 * FinalizationRegistry frees what is forgotten.  Using a freed object
 * throws a ReferenceError. */
export interface Owned {
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}

// ---------------------------------------------------------------- melds

export interface Arrangement {
    melds: CardSet[];
    deadwood: CardSet;
    deadwoodPoints: number;
}
/** An arrangement as callers write it: the deadwood is the rest of the
 * hand when left out (where the hand is known). */
export interface ArrangementLike {
    melds: Iterable<CardsLike>;
    deadwood?: CardsLike;
    deadwoodPoints?: number;
}
export interface Layoff {
    defender: Arrangement;
    laidOff: CardSet;
}
export interface LayoffLike {
    defender: ArrangementLike;
    laidOff?: CardsLike;
}
export interface Discard { card: Card; deadwood: number }

export declare function deadwood(hand: CardsLike): number;
export declare function arrange(hand: CardsLike): Arrangement;
export declare function bestDiscard(hand: CardsLike, except?: CardsLike | null): Discard;
export declare function arrangements(hand: CardsLike, limit?: number): Arrangement[];
export declare function toArrangement(a: ArrangementLike, hand?: CardsLike | null): Arrangement;
export declare function layOff(knocker: ArrangementLike, defender: CardsLike): Layoff;
export declare function checkLayoff(knocker: ArrangementLike, defender: CardsLike, defense: LayoffLike): true;
export declare function checkArrangement(arrangement: ArrangementLike, hand: CardsLike, limit?: number): true;
export declare function layoffTargets(knocker: ArrangementLike, defender: CardsLike, laid?: CardsLike): CardSet[];
export declare function buildLayoff(knocker: ArrangementLike, defender: CardsLike, laidOff: CardsLike): Layoff;

// ---------------------------------------------------------------- advice

export interface TakeAdvice {
    takeDeadwood: number;
    takeDiscard: Card | null;
    drawExpected: number;
    drawBest: number;
    drawWorst: number;
    unseen: number;
    /** 1 when taking is better */
    take: number;
}
export interface KnockAdvice { arrangement: Arrangement; layoffs: number; targets: CardSet }
export declare function adviseTake(hand: CardsLike, card: CardLike, unseen: CardsLike): TakeAdvice;
export declare function adviseKnock(hand: CardsLike, options?: { limit?: number; notHis?: CardsLike }): KnockAdvice;
export declare function checkView(view: View): true;
export declare function viewUnseen(view: View): CardSet;
export declare function adviseTakeView(view: View): TakeAdvice;

// ---------------------------------------------------------------- rules

export type Preset = 'fournier' | 'novelty' | 'standard' | 'openspiel' | 'eaai';
export interface OptionInfo { option: number; name: string; description: string; min: number; max: number }
/** Gin options by name, camelCase or snake_case (knockLimit, gin_bonus, ...). */
export type RuleOptions = { [name: string]: number | boolean | string };
export declare const presets: Preset[];
export declare function describeOptions(): OptionInfo[];

export declare class Rules implements Owned {
    constructor(preset?: Preset | number, options?: RuleOptions);
    set(name: string | number, value: number | boolean | string): this;
    setText(text: string): this;
    get(name: string | number): number;
    toObject(): Record<string, number>;
    toJSON(): Record<string, number>;
    clone(): Rules;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}
/** Where rules are taken: a Rules, a preset name, or {preset, ...options};
 * null for the default (Fournier). */
export type RulesLike = Rules | Preset | number | ({ preset?: Preset } & RuleOptions) | null;

// ---------------------------------------------------------------- settle

export type Outcome = 'void' | 'knock' | 'undercut' | 'gin' | 'big_gin' | 'tie';
export interface HandResult {
    outcome: Outcome;
    knocker: number;
    winner: number;
    points: number;
    knockerArrangement: Arrangement;
    defense: Layoff;
    knockerDeadwood: number;
    defenderDeadwood: number;
    multiplier: number;
}
export interface SettleOptions {
    /** the knocker's seat, 0 or 1 */
    knocker?: number;
    /** a hand with the wrong number of cards is an error, not void */
    strict?: boolean;
    /** the hand's first upcard (Oklahoma, G33) */
    upcard?: CardLike | null;
    /** G29: settle a knock found over the limit */
    illegal?: boolean;
}
export declare function settle(rules: RulesLike, knocker: ArrangementLike, defender: CardsLike, options?: SettleOptions): HandResult;

// ---------------------------------------------------------------- moves, views

export type Phase = 'upcard' | 'draw' | 'discard' | 'over' | 'wall';
export type MoveType = 'take_upcard' | 'pass' | 'draw_stock' | 'draw_discard' | 'discard' | 'knock' | 'gin' | 'big_gin';
export interface Move { type: MoveType; card: Card | null }
export interface MoveLike { type: MoveType | number; card?: CardLike | null }
export declare function toMove(x: MoveLike | string, game?: Game | null): Move;
export declare function parseMove(text: string, game?: Game | null): Move;
export declare function formatMove(move: MoveLike | string): string;

/** What one player may know (G12). */
export interface View {
    player: number;
    phase: Phase;
    turn: number;
    dealer: number;
    hand: CardSet;
    opponentKnown: CardSet;
    opponentCount: number;
    stockSize: number;
    discards: (Card | null)[];
    knockLimit: number;
    legal: Move[];
}
export interface LegalMasks {
    types: MoveType[];
    top: Card | null;
    discard: CardSet;
    knock: CardSet;
    gin: CardSet;
}

// ---------------------------------------------------------------- positions

export interface Position {
    dealer: number;
    turn: number;
    phase: Phase;
    hand: CardSet[];
    pile: (Card | null)[];
    stock: (Card | null)[];
    stockFromSeed: number;
    seed: bigint;
    taken: Card | null;
    pileClosed: number;
    known: CardSet[];
    firstUpcard: Card | null;
    turnovers: number;
    played: number;
}
export interface PositionLike {
    dealer: number;
    turn: number;
    phase: Phase;
    hand: CardsLike[];
    pile?: string | Iterable<CardLike>;
    stock?: string | Iterable<CardLike>;
    stockFromSeed?: number | boolean;
    seed?: bigint | number;
    taken?: CardLike | null;
    pileClosed?: number | boolean;
    known?: CardsLike[];
    firstUpcard?: CardLike | null;
    turnovers?: number;
    played?: number;
}
export declare function formatPosition(position: PositionLike): string;
export declare function parsePosition(text: string): Position;
export declare function checkPosition(rules: RulesLike, position: PositionLike): true;

// ---------------------------------------------------------------- games

export type Seed = number | bigint;
export type Policy = 'random' | 'greedy';

/** One hand of Gin. */
export declare class Game implements Owned {
    private constructor(ptr: number);
    static deal(rules?: RulesLike, options?: { seed?: Seed; dealer?: number }): Game;
    static fromDeck(rules: RulesLike, deck: string | Iterable<CardLike>, dealer?: number): Game;
    static fromPosition(rules: RulesLike, position: PositionLike): Game;
    static load(text: string): Game;
    clone(): Game;
    readonly phase: Phase;
    readonly over: boolean;
    readonly turn: number;
    readonly dealer: number;
    readonly stockSize: number;
    readonly knockLimit: number;
    readonly upcard: Card | null;
    readonly lastReason: string | null;
    hand(player: number): CardSet;
    discards(): Card[];
    legalMoves(): Move[];
    history(player?: number | null): Move[];
    /** Play a move; returns the card it drew, or null. */
    play(move: MoveLike | string, options?: { as?: number | null }): Card | null;
    knock(discard: CardLike, arrangement?: ArrangementLike | null): void;
    defend(defense: LayoffLike | CardsLike): void;
    result(): HandResult;
    view(player: number): View;
    save(): string;
    position(): Position;
    bestDiscard(): Discard;
    legalMasks(): LegalMasks;
    step(move: MoveLike | string): LegalMasks;
    redeal(seed: Seed, dealer?: number): void;
    playout(policy?: Policy | number, seed?: Seed): HandResult;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}

// ---------------------------------------------------------------- bots

export type BotKind = 'random' | 'greedy' | 'expert';
export interface BotOptions { seed?: Seed; rules?: RulesLike; playouts?: number; features?: number }
export declare const expertFeatures: Readonly<Record<string, number>>;
export declare class Bot implements Owned {
    constructor(kind?: BotKind | number, options?: BotOptions);
    readonly kind: string;
    setRules(rules: RulesLike): this;
    setParam(param: 'playouts' | 'features' | number, value: number): this;
    setScore(mine: number, theirs: number): this;
    choose(view: View): Move;
    observe(view: View, move: MoveLike | string): this;
    arrange(view: View, discard: CardLike): Arrangement;
    explain(): string;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}

// ---------------------------------------------------------------- matches

export interface Score {
    over: number; winner: number; handsWon: number[]; handPoints: number[]; gameBonus: number[];
    boxBonus: number[]; shutoutBonus: number[]; total: number[]; margin: number; handsPlayed: number;
}
export interface Standing {
    nsides: number; over: number; winner: number; margin: number; handsPlayed: number;
    handsWon: number[]; handPoints: number[]; gameBonus: number[]; boxBonus: number[];
    shutoutBonus: number[]; total: number[];
}
export interface Table { seats: number[]; dealer: number; dealerSeat: number; recorded: number }
export interface RecordedHand { outcome: Outcome; knocker: number; winner: number; points: number }
export type HandResultLike = Partial<HandResult> & { outcome: Outcome | number };

export declare class Match implements Owned {
    constructor(rules?: RulesLike, options?: { seed?: Seed; players?: 2 | 3 | 4; firstDealer?: number | null });
    static load(text: string): Match;
    /** A copy of the rules the match plays by (a loaded match's too). */
    rules(): Rules;
    readonly players: number;
    readonly dealer: number;
    readonly tables: number;
    readonly over: boolean;
    readonly lastReason: string | null;
    cuts(): Card[];
    deal(table?: number | null): Game;
    record(result: HandResultLike, table?: number | null): this;
    table(table?: number): Table;
    score(): Score;
    standing(game?: 'all' | 0 | 1 | 2 | number): Standing;
    undo(): this;
    results(): RecordedHand[];
    save(): string;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}

// ---------------------------------------------------------------- environment

/** An independent seed for hand `index` of stream `stream` of a run seeded `seed`. */
export declare function deriveSeed(seed: Seed, stream?: Seed, index?: Seed): bigint;
export declare const ENV_NUM_ACTIONS: number;
export declare const ENV_OBS_SIZE: number;
export declare const openspiel: {
    cardToId(card: Card | number): number;
    cardFromId(id: number): Card | null;
    meldCards(id: number): CardSet;
    meldId(cards: CardsLike): number;
};
export interface EnvStep {
    obs: Float32Array; mask: Uint8Array; player: number;
    terminated: boolean; truncated: boolean; rewards: number[];
}
export declare class Env implements Owned {
    constructor(rules?: RulesLike);
    clone(): Env;
    reset(seed?: Seed): this;
    resetDeck(deck: Iterable<Card | number>): this;
    readonly player: number;
    legal(): Uint8Array;
    step(action: number): this;
    stepObserve(action: number): EnvStep;
    status(): { terminated: boolean; truncated: boolean; rewards: number[] };
    observe(player: number): Float32Array;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}

// ---------------------------------------------------------------- basic Rummy

export interface RummyOptions { aceHigh?: boolean }
/** A Rummy hand: faces once or twice (two decks) and jokers; immutable. */
export declare class RummyHand implements Iterable<Card> {
    constructor(once?: CardsLike, twice?: CardsLike, jokers?: number);
    readonly once: CardSet;
    readonly twice: CardSet;
    readonly jokers: number;
    static parse(text: string): RummyHand;
    static of(x: RummyHand | string | Iterable<CardLike>): RummyHand;
    static fromCards(cards: Iterable<CardLike>): RummyHand;
    readonly size: number;
    points(options?: RummyOptions): number;
    holds(card: CardLike): number;
    add(card: CardLike): RummyHand;
    remove(card: CardLike): RummyHand;
    fits(decks: 1 | 2, jokersPerDeck?: number): boolean;
    [Symbol.iterator](): Iterator<Card>;
    equals(x: RummyHand | string): boolean;
    toString(): string;
    toJSON(): string;
}
export type RummyHandLike = RummyHand | string | Iterable<CardLike>;
/** A table meld: the faces it stands for, those jokers stand for. */
export declare class RummyMeld {
    constructor(cards?: CardsLike, jokers?: CardsLike);
    readonly cards: CardSet;
    readonly jokers: CardSet;
    static parse(text: string): RummyMeld;
    static of(x: RummyMeld | string | { cards: CardsLike; jokers?: CardsLike }): RummyMeld;
    kind(options?: RummyOptions): 'set' | 'run' | null;
    /** throws a GinRummyError with the reason unless a legal meld */
    check(options?: RummyOptions): true;
    layoffFaces(options?: RummyOptions): CardSet;
    equals(x: RummyMeld | string): boolean;
    toString(): string;
    toJSON(): string;
}
export type RummyMeldLike = RummyMeld | string | { cards: CardsLike; jokers?: CardsLike };
export interface RummyArrangement { melds: RummyMeld[]; unmelded: RummyHand; unmeldedPoints: number }
export interface RummyPlanMove { kind: 'meld' | 'lay_off' | 'take_joker'; meld: number; cards: RummyMeld }
export interface RummyPlan { value: number; moves: RummyPlanMove[]; left: RummyHand }

export declare function parseRummyCard(text: string): Card;
export declare function formatRummyCard(card: CardLike): string;
export declare function rummyCardPoints(card: CardLike, options?: RummyOptions): number;
export declare function rummyValue(hand: RummyHandLike, options?: RummyOptions): number;
export declare function rummyArrange(hand: RummyHandLike, options?: RummyOptions): RummyArrangement;
export declare function checkRummyArrangement(hand: RummyHandLike,
    arrangement: { melds: Iterable<RummyMeldLike>; unmelded: RummyHandLike; unmeldedPoints?: number }, options?: RummyOptions): true;
export declare function rummyGoOut(hand: RummyHandLike, table?: Iterable<RummyMeldLike>, options?: RummyOptions): RummyPlan;
export declare function rummyCanGoOut(hand: RummyHandLike, table?: Iterable<RummyMeldLike>,
    options?: RummyOptions & { noDiscard?: CardLike | null }): 'no' | 'meld' | 'discard';
export declare function rummyCanGoOutPlan(hand: RummyHandLike, table?: Iterable<RummyMeldLike>,
    options?: RummyOptions & { noDiscard?: CardLike | null }): { answer: 'no' | 'meld' | 'discard'; plan: RummyPlan | null };
export declare function describeRummyOptions(): OptionInfo[];

export declare class RummyRules implements Owned {
    constructor(preset?: 'parlett' | number, options?: Record<string, number | boolean>);
    set(name: string | number, value: number | boolean): this;
    get(name: string | number): number;
    deal(): { decks: number; handSize: number; ncards: number };
    toObject(): Record<string, number>;
    toJSON(): Record<string, number>;
    clone(): RummyRules;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}
export type RummyRulesLike = RummyRules | 'parlett' | number | ({ preset?: 'parlett' } & Record<string, number | boolean>) | null;

export type RummyPhase = 'draw' | 'play' | 'over';
export type RummyActionType = 'draw_stock' | 'draw_discard' | 'meld' | 'lay_off' | 'swap_joker' | 'discard';
export interface RummyAction { type: RummyActionType; card: Card | null; named: Card | null; target: number; meld: RummyMeld }
export interface RummyActionLike {
    type: RummyActionType | number; card?: CardLike | null; named?: CardLike | null; target?: number; meld?: RummyMeldLike | null;
}
export interface RummyResult {
    outcome: 'void' | 'out'; winner: number; nplayers: number; score: number[];
    leftPoints: number[]; cardsLeft: number[]; left: RummyHand[];
}
export interface RummyView {
    player: number; nplayers: number; dealer: number; turn: number; phase: RummyPhase; aceHigh: number;
    hand: RummyHand; taken: Card | null; counts: number[]; known: RummyHand[]; melds: RummyMeld[];
    owner: number[]; stockSize: number; turnovers: number; discards: (Card | null)[];
}
export interface RummyScore {
    over: number; winner: number; nplayers: number; dealer: number; handsPlayed: number;
    handsWon: number[]; total: number[];
}
export declare function formatRummyAction(action: RummyActionLike): string;
export declare function formatRummyMove(action: RummyActionLike | string, where?: RummyGame | RummyView | null): string;
export declare function parseRummyMove(text: string, where?: RummyGame | RummyView | null): RummyAction;
export declare function formatRummyTurn(actions: Iterable<RummyActionLike>, where: RummyGame | RummyView): string;
export declare function parseRummyTurn(text: string, where: RummyGame | RummyView): RummyAction[];
export declare function rummyMoveJokerFaces(text: string, view?: RummyView | null): CardSet;
export declare function rummyMeldCompletions(faces: CardsLike, jokers?: number, options?: RummyOptions): RummyMeld[];
export declare function rummyViewLegalMoves(view: RummyView): RummyAction[];

export declare class RummyGame implements Owned {
    private constructor(ptr: number);
    static deal(rules?: RummyRulesLike, options?: { seed?: Seed; dealer?: number }): RummyGame;
    static fromDeck(rules: RummyRulesLike, deck: string | Iterable<CardLike>, dealer?: number): RummyGame;
    static load(text: string): RummyGame;
    static fromPosition(text: string, rules?: RummyRulesLike): RummyGame;
    position(): string;
    clone(): RummyGame;
    readonly phase: RummyPhase;
    readonly over: boolean;
    readonly turn: number;
    readonly dealer: number;
    readonly players: number;
    readonly turnovers: number;
    legalMoves(): RummyAction[];
    play(action: RummyActionLike | string, options?: { as?: number | null }): this;
    readonly lastReason: string | null;
    hand(player: number): RummyHand;
    melds(): RummyMeld[];
    discards(): Card[];
    stock(): Card[];
    history(): RummyAction[];
    result(): RummyResult;
    view(player: number): RummyView;
    save(): string;
    legalMasks(): RummyMasks;
    step(action: RummyActionLike): RummyMasks;
    redeal(seed: Seed, dealer?: number): this;
    playout(policy?: 'random' | 'basic' | number, seed?: Seed): RummyResult;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}
/** A Rummy turn's legal moves as masks (per table meld: layoff, jokerLayoff, swap). */
export interface RummyMasks {
    types: RummyActionType[]; top: Card | null; taken: Card | null; discardJoker: number; hand: RummyHand;
    discard: CardSet; meld: CardSet; layoff: CardSet[]; jokerLayoff: CardSet[]; swap: CardSet[];
}
export declare class RummyMatch implements Owned {
    constructor(rules?: RummyRulesLike, options?: { seed?: Seed; firstDealer?: number | null });
    static load(text: string): RummyMatch;
    /** A copy of the rules the match plays by (a loaded match's too). */
    rules(): RummyRules;
    readonly dealer: number;
    readonly over: boolean;
    readonly lastReason: string | null;
    deal(): RummyGame;
    record(result: RummyResult | (Partial<RummyResult> & { outcome: 'void' | 'out' | number })): this;
    score(): RummyScore;
    scoreAfter(hands: number): RummyScore;
    undo(): this;
    results(): { outcome: 'void' | 'out'; winner: number; nplayers: number; score: number[]; leftPoints: number[] }[];
    save(): string;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}
/** A hand as a table reports it: the seat that went out (-1 void) and every seat's cards. */
export declare function rummySettle(rules: RummyRulesLike, winner: number, left: Iterable<RummyHandLike>): RummyResult;
export declare class RummyBot implements Owned {
    constructor(kind?: 'random' | 'greedy' | 'expert' | number,
        options?: { seed?: Seed; rules?: RummyRulesLike; playouts?: number; features?: number });
    setRules(rules: RummyRulesLike): this;
    setParam(param: 'playouts' | 'features' | number, value: number): this;
    /** The match score before this hand, by seat (gr_rummy_bot_set_score); null forgets it. */
    setScore(totals: readonly number[] | null, target?: number): this;
    choose(view: RummyView): RummyAction;
    advise(view: RummyView): RummyAdvice;
    free(): void;
    readonly freed: boolean;
    [Symbol.dispose](): void;
}
/** What a strong player would do now (gr_rummy_advice) and why (text). */
export interface RummyAdvice {
    phase: RummyPhase; actions: RummyAction[]; out: number; valueNow: number; leastValue: number;
    takeValue: number; valueKept: number; valueAfter: number; text: string;
}
