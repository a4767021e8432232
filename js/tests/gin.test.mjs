// Gin from JavaScript: melds, advice, layoffs, settlement, rules, games,
// positions, move text, save and load, bots; hand-worked cases name the
// rule ids they check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gr } from './ref.mjs';
const { CardSet, GinRummyError, Game, Rules, Bot } = gr;
const cs = (t) => CardSet.parse(t);

test('G5 deadwood and arrangement of the README hand', () => {
    const hand = 'AS 2S 3S 7H 7D 7C KD QD JD 9C';
    assert.equal(gr.deadwood(hand), 9);
    const a = gr.arrange(hand);
    assert.deepEqual(a.melds.map(String), ['7C 7D 7H', 'JD QD KD', 'AS 2S 3S']);
    assert.equal(String(a.deadwood), '9C');
    assert.equal(a.deadwoodPoints, 9);
    assert.throws(() => gr.deadwood(1n << 60n), RangeError);
});

test('deadwood refuses every mask outside 52 bits, those an i64 would wrap to a hand too', () => {
    const hand = CardSet.parse('AS 2S 3S 7H 7D 7C KD QD JD 9C').mask;
    for (const bad of [-1n, -hand, 1n << 52n, 1n << 63n, (1n << 64n) - 1n, (1n << 64n) + hand,
        hand - (1n << 64n), (5n << 64n) + hand, -(1n << 63n)])
        assert.throws(() => gr.deadwood(bad), RangeError, String(bad));
    assert.equal(gr.deadwood(hand), 9);
    assert.equal(gr.deadwood((1n << 52n) - 1n), 0);
    assert.equal(gr.deadwood(0n), 0);
    assert.equal(gr.deadwood(9), 10);   // a number is a card id: 10C
    assert.throws(() => gr.deadwood(52), RangeError);
});

test('G11 best discard, with the card just taken excluded', () => {
    assert.deepEqual(gr.bestDiscard('AS 2S 3S 7H 8D KC', 'KC'), { card: gr.parseCard('8D'), deadwood: 17 });
    assert.deepEqual(gr.bestDiscard('AS 2S 3S 7H 8D KC'), { card: gr.parseCard('KC'), deadwood: 15 });
    assert.throws(() => gr.bestDiscard('KC', 'KC'), (e) => e.code === 'EINVAL');
});

test('G4 arrangements lists each once; advice to take and to knock (G17)', () => {
    assert.deepEqual(gr.arrangements('AS 2S 3S 4S').map((a) => a.deadwoodPoints), [10, 1, 4, 0]);
    assert.deepEqual(gr.arrangements('AS 2S 3S 4S', 1).map((a) => a.deadwoodPoints), [1, 0]);
    assert.throws(() => gr.arrangements(CardSet.of([...Array(17).keys()])), GinRummyError);
    const t = gr.adviseTake('AS 2S 7H 8D 9C', '3S', 'KC QC');
    assert.deepEqual([t.takeDeadwood, String(t.takeDiscard), t.drawExpected, t.unseen, t.take], [15, '9C', 27, 2, 1]);
    const k = gr.adviseKnock('AS 2S 3S 4C 4D 4H 9C 9D 9H 2C', { limit: 10 });
    assert.equal(k.arrangement.deadwoodPoints, 8);
    assert.equal(k.layoffs, 2);
    assert.ok(k.targets.equals('4S 9S'));
    assert.throws(() => gr.adviseKnock('AS 3S 5S 7C 9D JH KC 2D 4D 6H'), (e) => e.code === 'EILLEGAL');
});

test('G17 G20 layoffs: best, targets, built by hand, checked', () => {
    const knocker = { melds: ['4S 5S 6S', '9C 9D 9H'], deadwood: '2C' };
    assert.deepEqual(gr.layoffTargets(knocker, '3S 7S 8S 9S KD').map(String), ['3S 7S', '9S']);
    assert.deepEqual(gr.layoffTargets(knocker, '3S 7S 8S 9S', '7S').map(String), ['3S 8S', '9S']);
    const d = gr.buildLayoff(knocker, '3S 7S 8S 9S KD QD JD', '3S 7S');
    assert.equal(String(d.laidOff), '3S 7S');
    assert.equal(d.defender.deadwoodPoints, 17);
    assert.deepEqual(d.defender.melds.map(String), ['JD QD KD']);
    assert.ok(gr.checkLayoff(knocker, '3S 7S 8S 9S KD QD JD', d));
    assert.throws(() => gr.buildLayoff(knocker, '3S 7S 8S 9S KD QD JD', '8S'), (e) => e.code === 'EILLEGAL');
    const best = gr.layOff(knocker, '3S 7S 8S 9S KD QD JD');
    assert.ok(best.defender.deadwoodPoints <= 17);
    assert.ok(gr.checkArrangement({ melds: ['AS 2S 3S'], deadwood: 'KC' }, 'AS 2S 3S KC'));
    assert.throws(() => gr.checkArrangement({ melds: ['AS 2S 3S'], deadwood: 'KC' }, 'AS 2S 3S KC', 5), (e) => e.reason === 'over_limit');
    assert.throws(() => gr.checkArrangement({ melds: ['AS 2S 4S'] }, 'AS 2S 4S KC'), (e) => e.reason === 'not_a_meld');
});

test('settle: knocker in either seat, strict counts, Oklahoma upcard, an illegal knock (G29)', () => {
    const k = { melds: ['AS 2S 3S', '4C 4D 4H', '9C 9D 9H'], deadwood: '2C' };
    const r = gr.settle('standard', k, 'KC KD KH QS JS 10S 5H 6H 7H 8C', { knocker: 1 });
    assert.deepEqual([r.outcome, r.knocker, r.winner, r.points], ['knock', 1, 1, 6]);
    assert.equal(gr.settle('standard', k, 'KC KD KH').outcome, 'void');
    assert.throws(() => gr.settle('standard', k, 'KC KD KH', { strict: true }), (e) => e.reason === 'card_count' && e.code === 'EINVAL');
    assert.throws(() => gr.settle('standard', k, 'KC KD KH', { knocker: 2 }), (e) => e.code === 'EINVAL');
    const ok = gr.settle({ preset: 'standard', oklahoma: 1 }, k, 'KC KD KH QS JS 10S 5H 6H 7H 8C', { upcard: 'KS' });
    assert.deepEqual([ok.outcome, ok.multiplier], ['knock', 1]);
    // G33: an ace upcard makes the knock limit gin only
    assert.throws(() => gr.settle({ preset: 'standard', oklahoma: 1 }, k, 'KC KD KH QS JS 10S 5H 6H 7H 8C', { upcard: 'AH' }), (e) => e.reason === 'over_limit');
    const ill = gr.settle('standard', { melds: ['AS 2S 3S'], deadwood: 'KC KD KH 9C 9D 9H 2C' }, 'QC QD QH JS 10S 5H 6H 7H 8C 4C', { illegal: true });
    assert.ok(ill.winner === 1);
});

test('rules: presets, named options, text, clone, descriptions', () => {
    const r = new Rules('standard', { knockLimit: 5, hollywood: true, stockEnd: 'turnover' });
    assert.equal(r.get('knock_limit'), 5);
    assert.equal(r.get('knockLimit'), 5);
    assert.equal(r.get('hollywood'), 1);
    assert.equal(r.get('stock_end'), 1);
    r.setText('gin_bonus=30');
    assert.equal(r.toObject().ginBonus, 30);
    const c = r.clone();
    r.set('knockLimit', 7);
    assert.equal(c.get('knockLimit'), 5);
    assert.throws(() => r.set('knockLimit', 99), (e) => e.code === 'EINVAL');
    assert.throws(() => r.set('no_such_option', 1), (e) => e.code === 'EINVAL');
    assert.throws(() => new Rules('no_such_preset'), (e) => e.code === 'EINVAL');
    assert.deepEqual(gr.presets, ['fournier', 'novelty', 'standard', 'openspiel', 'eaai']);
    const opts = gr.describeOptions();
    assert.equal(opts[0].name, 'knock_limit');
    assert.ok(opts.every((o) => o.description.length > 10 && o.min <= o.max));
    r.free(); c.free();
});

test('G9 G10 G11 a game: phases, legal moves, play with the card drawn, refusals with reasons', () => {
    const g = Game.deal('standard', { seed: 7 });
    assert.equal(g.phase, 'upcard');
    assert.deepEqual(g.legalMoves().map((m) => m.type), ['take_upcard', 'pass']);
    assert.throws(() => g.bestDiscard(), (e) => e.code === 'ESTATE');
    const turn = g.turn;
    assert.throws(() => g.play('pass', { as: 1 - turn }), (e) => e.reason === 'not_your_turn');
    assert.equal(g.lastReason, 'not_your_turn');
    g.play('pass'); g.play('pass');
    const top = g.upcard;
    const drawn = g.play('draw');
    assert.ok(drawn && g.hand(g.turn).has(drawn));
    const best = g.bestDiscard();
    assert.equal(best.deadwood, gr.deadwood(g.hand(g.turn).without(best.card)));
    const saved = g.save();
    assert.throws(() => g.play({ type: 'discard', card: top }), (e) => e.code === 'EILLEGAL' && e.reason === 'not_in_hand');
    assert.equal(g.save(), saved);
    g.play({ type: 'discard', card: best.card });
    assert.equal(g.phase, 'draw');
    assert.equal(g.discards().at(-1), best.card);
    assert.equal(g.history().length, 4);
    assert.equal(g.history(1 - g.turn).length, 4);
    assert.equal(g.stockSize, 52 - 21 - 1);
    assert.equal(g.knockLimit, 10);
    assert.equal(g.dealer, 0);
    g.free();
});

test('move text round trips; parse errors have offsets', () => {
    for (const m of ['pass', 'draw', 'discard 7H', 'knock 7H', 'gin 7H', 'big gin'])
        assert.equal(gr.formatMove(gr.parseMove(m)), m);
    assert.throws(() => gr.parseMove('discard 7X'), (e) => e.code === 'EPARSE' && e.offset === 8);
    const g = Game.deal('standard', { seed: 7 });
    assert.equal(gr.parseMove('take', g).type, 'take_upcard');
    g.free();
});

test('save and load round trip; a damaged save names the place', () => {
    const g = Game.deal('standard', { seed: 9 });
    const bot = new Bot('greedy', { seed: 1 });
    for (let i = 0; i < 6; i++) g.play(bot.choose(g.view(g.turn)));
    const text = g.save();
    const h = Game.load(text);
    assert.equal(h.save(), text);
    assert.ok(h.hand(0).equals(g.hand(0)));
    const c = g.clone();
    assert.equal(c.save(), text);
    assert.throws(() => Game.load(text.replace('moves', 'mvoes')), (e) => e.code === 'EPARSE' && e.offset > 0 && e.line > 1);
    g.free(); h.free(); c.free(); bot.free();
});

test('positions: game to position to text and back, checked (G9 G11)', () => {
    const g = Game.deal('standard', { seed: 7 });
    g.play('pass'); g.play('pass'); g.play('draw');
    const p = g.position();
    assert.equal(p.phase, 'discard');
    assert.equal(p.hand[g.turn].size, 11);
    const text = gr.formatPosition(p);
    assert.match(text, /^dealer 0; turn /);
    assert.deepEqual(gr.parsePosition(text), p);
    assert.ok(gr.checkPosition('standard', p));
    const g2 = Game.fromPosition('standard', p);
    assert.ok(g2.hand(0).equals(g.hand(0)) && g2.hand(1).equals(g.hand(1)));
    assert.deepEqual(Game.load(g2.save()).position(), p);
    const bad = { ...p, hand: [p.hand[0], p.hand[0]] };
    assert.throws(() => gr.checkPosition('standard', bad), (e) => e.code === 'EINVAL' && e.reason !== null);
    assert.throws(() => Game.fromPosition('standard', bad), (e) => e.code === 'EINVAL' && e.reason !== null);
    assert.throws(() => gr.parsePosition('dealer 0; turn x'), (e) => e.code === 'EPARSE' && e.offset > 0);
    g.free(); g2.free();
});

test('G13 G15 G17 G18 knock with a chosen arrangement, then the defender lays off by hand', () => {
    const position = {
        dealer: 0, turn: 1, phase: 'discard',
        hand: ['5S 6H 7H 8H QC QD QH 9C 9D JS', 'AS 2S 3S 4S 5C 5D 5H 2C 3D AH KH'],
        pile: 'KS', stockFromSeed: 1, seed: 5n,
    };
    const g = Game.fromPosition('standard', position);
    assert.equal(g.turn, 1);
    assert.ok(g.legalMoves().some((m) => m.type === 'knock' && String(m.card) === 'KH'));
    assert.throws(() => g.knock('KH', { melds: ['AS 2S 3S'] }), (e) => e.code === 'EILLEGAL' && e.reason === 'over_limit');
    assert.equal(g.phase, 'discard');
    g.knock('KH', { melds: ['AS 2S 3S', '5C 5D 5H'] });        // deadwood 4S 2C 3D AH = 10
    let r = g.result();
    assert.deepEqual(r.knockerArrangement.melds.map(String), ['AS 2S 3S', '5C 5D 5H']);
    assert.equal(r.knockerDeadwood, 10);
    assert.equal(r.defenderDeadwood, 28);                 // 5S laid off on the 5s by default
    g.defend('');                                          // he lays off nothing
    r = g.result();
    assert.equal(r.defenderDeadwood, 33);
    assert.deepEqual([r.outcome, r.winner, r.points], ['knock', 1, 23]);
    g.defend('5S');
    r = g.result();
    assert.equal(String(r.defense.laidOff), '5S');
    assert.deepEqual([r.outcome, r.defenderDeadwood, r.points], ['knock', 28, 18]);
    assert.throws(() => g.defend('9C'), (e) => e.code === 'EILLEGAL' && e.reason === 'cannot_lay_off');
    assert.throws(() => g.play('draw'), (e) => e.reason === 'hand_over');
    g.free();
});

test('bots: random, greedy and the expert play legal moves; the expert explains and arranges', () => {
    const rules = new Rules('standard');
    const g = Game.deal(rules, { seed: 12 });
    const bots = [new Bot('expert', { seed: 1, rules, playouts: 100 }), new Bot('random', { seed: 2 })];
    bots[0].setScore(0, 0);
    let explained = '';
    {   // the expert's player moves without it once: it is told
        const v = g.view(g.turn);
        const own = g.turn === 0 ? v.legal.at(-1) : null;
        if (own) { bots[0].observe(v, own); g.play(own); }
    }
    while (!g.over) {
        const p = g.turn, v = g.view(p);
        assert.deepEqual(v.legal, g.legalMoves());
        const m = bots[p].choose(v);
        assert.ok(v.legal.some((l) => l.type === m.type && l.card === m.card));
        if (p === 0) {
            explained = bots[0].explain();
            if (m.type === 'knock' || m.type === 'gin') {
                const a = bots[0].arrange(v, m.card);
                g.knock(m.card, a);
                continue;
            }
        }
        g.play(m);
    }
    assert.ok(explained.length > 5);
    assert.ok(['knock', 'gin', 'undercut', 'void', 'big_gin', 'tie'].includes(g.result().outcome));
    assert.throws(() => new Bot('no_such_bot'), (e) => e.code === 'EINVAL');
    assert.throws(() => bots[0].setParam('playouts', -5), (e) => e.code === 'EINVAL');
    assert.ok(gr.expertFeatures.all === 127);
    g.free(); rules.free(); bots.forEach((b) => b.free());
});

test('views, unseen cards, take advice; fast masks, step, redeal, playouts', () => {
    const g = Game.deal('standard', { seed: 7 });
    const v = g.view(g.turn);
    assert.ok(gr.checkView(v));
    assert.throws(() => gr.checkView({ ...v, turn: 5 }), (e) => e.code === 'EINVAL' && e.reason === 'bad_value');
    assert.throws(() => new Bot('expert').choose({ ...v, hand: v.hand.with(v.discards[0]) }), (e) => e.code === 'EINVAL');
    assert.equal(gr.viewUnseen(v).size, 52 - 10 - 1);
    assert.equal(gr.adviseTakeView(v).unseen, 41);
    assert.throws(() => gr.adviseTakeView(g.view(1 - g.turn)), (e) => e.code === 'ESTATE');
    const masks = g.legalMasks();
    assert.deepEqual(masks.types, ['take_upcard', 'pass']);
    assert.equal(masks.top, g.upcard);
    const next = g.step('pass');
    assert.deepEqual(next.types, ['take_upcard', 'pass']);
    g.redeal(3, 1);
    assert.equal(g.phase, 'upcard');
    assert.equal(g.dealer, 1);
    const r = g.playout('greedy', 1);
    assert.ok(g.over && typeof r.points === 'number');
    assert.throws(() => g.playout('nope'), RangeError);
    g.free();
});
