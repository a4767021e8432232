// Basic Rummy from JavaScript: hands with jokers, melds, melding, going
// out, rules, games, matches and bots (rule ids R1-R8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gr } from './ref.mjs';
const { RummyHand, RummyMeld, RummyRules, RummyGame, RummyMatch, RummyBot, Card } = gr;

test('R1 hands: duplicates and jokers, add, remove, holds, fits', () => {
    let h = RummyHand.parse('7H 7H JK 2C');
    assert.equal(String(h), '2C 7H 7H JK');
    assert.equal(h.size, 4);
    h = h.add('3C');
    assert.equal(h.holds('7H'), 2);
    assert.equal(h.holds(Card.JOKER), 1);
    assert.throws(() => h.add('7H'), (e) => e.code === 'EINVAL');
    h = h.remove('7H');
    assert.equal(String(h), '2C 3C 7H JK');
    assert.throws(() => h.remove('KS'), (e) => e.code === 'EILLEGAL');
    assert.ok(h.fits(1, 1) && !h.fits(1, 0));
    assert.throws(() => h.fits(3, 0), RangeError);
    assert.deepEqual([...h].map(String), ['2C', '3C', '7H', 'JK']);
    assert.ok(RummyHand.fromCards(['2C', '3C', '7H', 'JK']).equals(h));
    assert.throws(() => RummyHand.parse('7H ZZ'), (e) => e.code === 'EPARSE' && e.offset === 3);
    assert.equal(h.points(), 2 + 3 + 7 + 15);
    assert.equal(RummyHand.parse('AS').points({ aceHigh: true }), 11);
});

test('R7 cards: points and text', () => {
    assert.equal(gr.rummyCardPoints('KS'), 10);
    assert.equal(gr.rummyCardPoints('JK'), 15);
    assert.equal(gr.rummyCardPoints('AS', { aceHigh: true }), 11);
    assert.equal(gr.formatRummyCard(Card.JOKER), 'JK');
    assert.equal(gr.parseRummyCard('*'), Card.JOKER);
});

test('R3 R5 melds with named jokers', () => {
    const m = RummyMeld.parse('5H JK=6H 7H');
    assert.equal(String(m), '5H JK=6H 7H');
    assert.equal(m.kind(), 'run');
    assert.ok(m.jokers.equals('6H'));
    assert.equal(RummyMeld.parse('QH KH AH').kind(), null);
    assert.equal(RummyMeld.parse('QH KH AH').kind({ aceHigh: true }), 'run');
    assert.throws(() => RummyMeld.parse('5H JK 7H'), (e) => e.code === 'EPARSE');
});

test('R4 R7 melding and going out with the table', () => {
    assert.equal(gr.rummyValue('7H 8H 9H KS'), 10);
    const a = gr.rummyArrange('4C 5C 6C 9D KS');
    assert.equal(a.unmeldedPoints, 19);
    assert.ok(gr.checkRummyArrangement('4C 5C 6C 9D KS', a));
    assert.throws(() => gr.checkRummyArrangement('4C 5C 6C', a), gr.GinRummyError);
    let plan = gr.rummyGoOut('4C 5C 6C 9D KS', ['7C 8C 9C']);
    assert.equal(plan.value, 19);
    assert.equal(String(plan.left), '9D KS');
    assert.equal(plan.moves.length, 1);
    plan = gr.rummyGoOut('10C 9D', [RummyMeld.parse('7C 8C 9C')]);
    assert.equal(plan.value, 9);
    assert.equal(plan.moves[0].kind, 'lay_off');
    assert.equal(plan.moves[0].meld, 0);
    assert.equal(gr.rummyCanGoOut('4C 5C 6C'), 'meld');
    assert.equal(gr.rummyCanGoOut('4C 5C 6C 9D'), 'discard');
    assert.equal(gr.rummyCanGoOut('4C 5C 6C 9D', [], { noDiscard: '9D' }), 'no');
    assert.equal(gr.rummyCanGoOut('4C 5C 6C 9D 9D'), 'no');
    let way = gr.rummyCanGoOutPlan('4C 5C 6C 9D', ['7C 8C 9C']);
    assert.equal(way.answer, 'discard');
    assert.equal(String(way.plan.left), '9D');
    way = gr.rummyCanGoOutPlan('10C 9D 9H 9S', ['7C 8C 9C']);
    assert.equal(way.answer, 'meld');
    assert.equal(way.plan.left.size, 0);
    assert.deepEqual(gr.rummyCanGoOutPlan('4C 5C 6C 9D 9D'), { answer: 'no', plan: null });
    // R3: a table meld that is not a meld is refused as play refuses it
    for (const f of [() => gr.rummyGoOut('8H', ['5H 6H 8H']), () => gr.rummyCanGoOut('8H', ['5H 6H 8H']),
                     () => gr.rummyCanGoOutPlan('8H', ['5H 6H 8H'])])
        assert.throws(f, (e) => e.code === 'EILLEGAL' && e.reason === 'rummy_not_a_meld');
    // R1: a third copy of a face in the hand and table together is refused
    for (const f of [() => gr.rummyGoOut('5C', ['5C 5D 5H', '3C 4C 5C']),
                     () => gr.rummyCanGoOut('5C', ['5C 5D 5H', '3C 4C 5C']),
                     () => gr.rummyCanGoOutPlan('5C', ['5C 5D 5H', '3C 4C 5C'])])
        assert.throws(f, (e) => e.code === 'EINVAL' && e.reason === 'rummy_cards');
    assert.equal(gr.rummyGoOut('5C', ['5C 5D 5H', '3C 4C JK=5C']).value, 0);   // a joker, no copy
});

test('R2 rules, a stacked deck, views, history, save and load', () => {
    const rr = new RummyRules();
    assert.deepEqual(rr.deal(), { decks: 1, handSize: 10, ncards: 52 });
    assert.equal(rr.toObject().players, 2);
    const c = rr.clone().set('players', 4);
    assert.equal(rr.get('players'), 2);
    assert.equal(c.get('players'), 4);
    assert.throws(() => rr.set('players', 9), (e) => e.code === 'EINVAL');
    assert.ok(gr.describeRummyOptions().some((o) => o.name === 'jokers'));
    const g = RummyGame.fromDeck(rr, [...Array(52).keys()], 0);
    assert.equal(String(g.hand(1)), 'AC 3C 5C 7C 9C JC KC 2D 4D 6D');
    assert.deepEqual(g.discards().map((x) => x.id), [20]);
    assert.deepEqual(g.stock().slice(0, 3).map((x) => x.id), [21, 22, 23]);
    assert.equal(g.turnovers, 0);
    const v = g.view(g.turn);
    assert.deepEqual(gr.rummyViewLegalMoves(v), g.legalMoves());
    assert.match(gr.formatRummyAction(g.legalMoves()[0]), /^STOCK/);
    assert.equal(gr.formatRummyAction({ type: 'meld', meld: '5H JK=6H 7H' }), 'MELD 5H JK=6H 7H');
    g.play(g.legalMoves()[0]);
    assert.equal(g.history().length, 1);
    assert.equal(g.phase, 'play');
    const saved = g.save();
    const g2 = RummyGame.load(saved);
    assert.equal(g2.save(), saved);
    assert.equal(g.clone().save(), saved);
    assert.throws(() => g.play({ type: 'discard', card: 'KS' }), (e) => e.code === 'EILLEGAL');
    assert.throws(() => RummyGame.fromDeck(rr, [...Array(51).keys()]), (e) => e.code === 'EINVAL');
    assert.throws(() => RummyGame.load(saved.replace('moves', 'mvoes')),
        (e) => e.code === 'EPARSE' && e.line === 5 && e.reason === 'syntax');
    assert.equal(RummyGame.load(saved + '\n  \n').save(), saved);   // blank lines after the end
    assert.throws(() => RummyGame.load(saved + 'end\n'), (e) => e.code === 'EPARSE' && e.line === 7);
    [rr, c, g, g2].forEach((o) => o.free());
});

test('R7 a match of four with jokers played out by bots', () => {
    const m = new RummyMatch({ players: 4, jokers: 1, target: 60 }, { seed: 1 });
    const bots = [new RummyBot('greedy', { seed: 1 }), new RummyBot('random', { seed: 2 })];
    let hands = 0;
    while (!m.over && hands < 50) {
        const g = m.deal();
        assert.equal(g.players, 4);
        while (!g.over) g.play(bots[g.turn % 2].choose(g.view(g.turn)));
        const r = g.result();
        assert.equal(r.left.length, 4);
        m.record(r);
        g.free();
        hands++;
    }
    const s = m.score();
    assert.equal(s.handsPlayed, hands);
    assert.equal(s.total.length, 4);
    assert.ok(s.over === 1);
    assert.throws(() => m.deal(), (e) => e.code === 'ESTATE');
    m.free(); bots.forEach((b) => b.free());
});

test('Rummy playouts, redeal in place, masks and steps', () => {
    const g = RummyGame.deal({ players: 4, jokers: 1 }, { seed: 8 });
    const m = g.legalMasks();
    assert.deepEqual(m.types, ['draw_stock', 'draw_discard']);
    assert.ok(m.hand.equals(g.hand(g.turn)));
    assert.equal(m.layoff.length, 0);
    const next = g.step(g.legalMoves()[0]);
    assert.ok(next.types.includes('discard'));
    assert.ok(next.discard.size > 0);
    const r = g.playout('basic', 3);
    assert.ok(g.over && (r.outcome === 'out' || r.outcome === 'void'));
    g.redeal(9, 2);
    assert.equal(g.dealer, 2);
    assert.equal(g.phase, 'draw');
    const again = RummyGame.deal({ players: 4, jokers: 1 }, { seed: 9, dealer: 2 });
    assert.equal(String(g.hand(0)), String(again.hand(0)));
    assert.equal(g.playout('random', 1).nplayers, 4);
    assert.throws(() => g.playout('nope'), RangeError);
    g.free(); again.free();
});

test('R3 R5 meld checks with reasons, layoff faces, completions', () => {
    assert.ok(RummyMeld.parse('5H JK=6H 7H').check());
    assert.throws(() => RummyMeld.parse('5H 7H 9H').check(), (e) => e.code === 'EILLEGAL' && e.reason === 'rummy_not_a_meld');
    assert.throws(() => new RummyMeld('5H 6H 7H', '5H 6H 7H').check(), (e) => e.reason === 'no_natural');
    assert.ok(RummyMeld.parse('5H 6H 7H').layoffFaces().equals('4H 8H'));
    assert.ok(RummyMeld.parse('7C 7D 7H').layoffFaces().equals('7S'));
    assert.ok(RummyMeld.parse('QH KH AH').layoffFaces({ aceHigh: true }).equals('JH'));
    assert.throws(() => RummyMeld.parse('5H 7H 9H').layoffFaces(), (e) => e.reason === 'rummy_not_a_meld');
    const c = gr.rummyMeldCompletions('7C 7D', 1);
    assert.deepEqual(c.map(String), ['7C 7D JK=7H', '7C 7D JK=7S']);
    assert.equal(gr.rummyMeldCompletions('', 1).length, 0);
    assert.throws(() => RummyHand.parse('7H 7H 7H'), (e) => e.code === 'EINVAL' && e.reason === 'duplicate_card' && e.offset === 6);
});

test('R4 R7 a turn as text: each turn round trips; "out" is the way out or refused with its reason', () => {
    const g = RummyGame.deal({ players: 3, jokers: 2 }, { seed: 21 });
    const bot = new RummyBot('greedy', { seed: 4 });
    assert.throws(() => gr.parseRummyTurn('out', g), (e) => e.code === 'EPARSE' && e.reason === 'draw_first');
    let turns = 0, refused = 0;
    while (!g.over && turns < 80) {
        const start = g.clone(), p = g.turn, h0 = g.history().length;
        while (!g.over && g.turn === p) {
            const v = g.view(p);
            if (g.phase === 'play') {
                try {
                    const way = gr.parseRummyTurn('o', v), c = g.clone();
                    for (const a of way) c.play(a);
                    assert.ok(c.over);
                    c.free();
                } catch (e) {
                    assert.equal(e.reason, 'cannot_go_out');
                    refused++;
                }
            }
            g.play(bot.choose(v));
        }
        const turn = g.history().slice(h0);
        const text = gr.formatRummyTurn(turn, start);
        assert.deepEqual(gr.parseRummyTurn(text, start), turn);
        start.free();
        turns++;
    }
    assert.ok(turns > 5 && refused > 5);
    assert.throws(() => gr.parseRummyTurn('out now', g), (e) => e.code === 'EPARSE' && e.reason === 'syntax' && e.offset === 4);
    [g, bot].forEach((x) => x.free());
});

test('R4 Rummy moves as people say them: every legal move round trips; refusals carry reasons', () => {
    const g = RummyGame.deal({ players: 3, jokers: 2 }, { seed: 21 });
    const bot = new RummyBot('greedy', { seed: 4 });
    let moves = 0;
    while (!g.over && moves < 400) {
        for (const a of g.legalMoves()) {
            const text = gr.formatRummyMove(a, g);
            assert.equal(gr.formatRummyMove(gr.parseRummyMove(text, g), g), text);
            assert.equal(gr.formatRummyMove(a, g.view(g.turn)), text);
        }
        g.play(bot.choose(g.view(g.turn)));
        moves++;
    }
    const h = RummyGame.fromDeck(null, [...Array(52).keys()], 0);
    assert.throws(() => h.play('discard KS'), (e) => e.code === 'ESTATE' && e.reason === 'draw_first');
    assert.equal(h.lastReason, 'draw_first');
    assert.throws(() => h.play('draw', { as: 0 }), (e) => e.reason === 'not_your_turn');
    h.play('draw', { as: 1 });
    assert.equal(h.lastReason, null);
    assert.throws(() => h.play('d'), (e) => e.reason === 'drawn_already');
    assert.throws(() => gr.parseRummyMove('meld 7C 7D JK'), (e) => e.code === 'EPARSE' && e.reason === 'ambiguous_joker');
    assert.ok(gr.rummyMoveJokerFaces('meld 7C 7D JK').equals('7H 7S'));
    assert.equal(gr.formatRummyMove(gr.parseRummyMove('meld 7C 7D JK=7S')), 'meld 7C 7D JK=7S');
    assert.throws(() => gr.parseRummyMove('fly 7C'), (e) => e.code === 'EPARSE' && e.offset === 0);
    [g, h, bot].forEach((x) => x.free());
});

test('R7 score keeping at a real table: first dealer, settle, record, undo, standings, save and load', () => {
    const rules = new RummyRules('parlett', { players: 3 });
    const m = new RummyMatch(rules, { seed: 4, firstDealer: 2 });
    assert.equal(m.dealer, 2);
    const r = gr.rummySettle(rules, 1, ['KS QS', '', '2C 3D']);
    assert.deepEqual([r.outcome, r.winner, r.score.join(' '), r.leftPoints.join(' ')], ['out', 1, '0 25 0', '20 0 5']);
    assert.throws(() => gr.rummySettle(rules, 1, ['KS', '2C', '']), (e) => e.code === 'EINVAL' && !!e.reason);
    m.record(r);
    m.record(gr.rummySettle(rules, -1, ['KS', '2C', '3C']));
    assert.deepEqual(m.score().total, [0, 25, 0]);
    assert.deepEqual(m.scoreAfter(0).total, [0, 0, 0]);
    assert.equal(m.results().length, 2);
    assert.equal(m.results()[0].winner, 1);
    const text = m.save();
    assert.match(text, /^rummy-match 1\n/);
    const m2 = RummyMatch.load(text);
    assert.equal(m2.save(), text);
    const loaded = m2.rules();
    assert.deepEqual(loaded.toObject(), rules.toObject());
    loaded.free();
    m.undo().undo();
    assert.deepEqual(m.score().total, [0, 0, 0]);
    assert.throws(() => m.undo(), (e) => e.code === 'ESTATE' && e.reason === 'nothing_to_undo');
    assert.equal(m.lastReason, 'nothing_to_undo');
    assert.throws(() => RummyMatch.load(text.replace('seed 4', 'sed 4')), (e) => e.code === 'EPARSE' && e.line === 3);
    [rules, m, m2].forEach((x) => x.free());
});

test('the Rummy expert plays a hand from its views, with its rules and budget', () => {
    const rules = new RummyRules('parlett', { players: 2 });
    const g = RummyGame.deal(rules, { seed: 3 });
    const bots = [new RummyBot('expert', { seed: 1, rules, playouts: 50 }), new RummyBot('greedy', { seed: 2 })];
    let n = 0;
    while (!g.over && n++ < 2000) {
        const v = g.view(g.turn);
        const a = bots[g.turn].choose(v);
        assert.ok(gr.rummyViewLegalMoves(v).some((x) => gr.formatRummyAction(x) === gr.formatRummyAction(a)));
        g.play(a);
    }
    assert.ok(g.over);
    assert.throws(() => bots[0].setParam('playouts', -1), (e) => e.code === 'EINVAL');
    // R7: the match score before a hand, by seat; refused out of range
    assert.equal(bots[0].setScore([30, 92], 100), bots[0]);
    assert.throws(() => bots[0].setScore([0, -1], 100), (e) => e.code === 'EINVAL');
    assert.throws(() => bots[0].setScore([0, 0, 0, 0, 0, 0, 0, 0]), (e) => e.code === 'EINVAL');
    bots[0].setScore(null);
    [rules, g, ...bots].forEach((x) => x.free());
});

test('R1 R8 positions as text both ways, faults with the place or the reason', () => {
    const rules = { players: 3, jokers: 1 };
    const g = RummyGame.deal(rules, { seed: 5, dealer: 1 });
    for (let i = 0; i < 7; i++) g.play(g.legalMoves().at(-1));
    const text = g.position();
    const h = RummyGame.fromPosition(text, rules);
    assert.equal(h.position(), text);
    assert.deepEqual(h.legalMoves().map(String), g.legalMoves().map(String));
    assert.ok(h.save().includes('\nposition players 3;'));
    const typo = text.replace('phase', 'fase');
    assert.throws(() => RummyGame.fromPosition(typo, rules),
        (e) => e.code === 'EPARSE' && e.offset === typo.indexOf('fase'));
    // R3: a meld that is not one
    assert.throws(() => RummyGame.fromPosition(text + '; meld 5H 6H 8H by 0', rules),
        (e) => e.code === 'EILLEGAL' && e.reason === 'rummy_not_a_meld');
    h.free(); g.free();
});

test('R4 R7 advice: take the card that lets you go out, then go out', () => {
    const rules = { jokers: 1 };
    const g = RummyGame.fromPosition('players 2; dealer 0; turn 1; phase draw; hand0 2C 5D 9D KS QS 8C 7D; '
        + 'hand1 7H 8H 4C; meld 4S 4D 4H by 0; pile 2S 9H; seed 4', rules);
    const bot = new RummyBot('expert', { seed: 1, rules, playouts: 20 });
    let a = bot.advise(g.view(1));
    assert.equal(a.text, 'take 9H: with it you can go out this turn');
    assert.equal(a.takeValue, 0);
    assert.equal(a.leastValue, 15);
    g.play(a.actions[0]);
    a = bot.advise(g.view(1));
    assert.equal(a.text, 'go out: layoff 4C 1, meld 7H 8H 9H');
    for (const act of a.actions) g.play(act);
    assert.equal(g.over, true);
    bot.free(); g.free();
});
