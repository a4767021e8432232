// Matches (2-4 players, Hollywood, score keeping, save and load) and the
// OpenSpiel-numbered environment.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gr } from './ref.mjs';
const { Match, Bot } = gr;

test('G25 score keeping: first dealer, record, results, undo, save and load', () => {
    const m = new Match('standard', { seed: 3, firstDealer: 1 });
    assert.equal(m.dealer, 1);
    assert.throws(() => m.cuts(), (e) => e.code === 'ESTATE');
    const k = { melds: ['AS 2S 3S', '4C 4D 4H', '9C 9D 9H'], deadwood: '2C' };
    m.record(gr.settle('standard', k, 'KC KD KH QS JS 10S 5H 6H 7H 8C', { knocker: 1 }));
    assert.deepEqual(m.score().total, [0, 6]);
    assert.deepEqual(m.results(), [{ outcome: 'knock', knocker: 1, winner: 1, points: 6 }]);
    const text = m.save();
    assert.match(text, /first_dealer 1/);
    assert.match(text, /hand knock knocker 1 winner 1 points 6/);
    const m2 = Match.load(text);
    assert.equal(m2.save(), text);
    const loaded = m2.rules();
    const standard = new gr.Rules('standard');
    assert.deepEqual(loaded.toObject(), standard.toObject());
    [loaded, standard].forEach((x) => x.free());
    assert.deepEqual(m2.score(), m.score());
    m.undo();
    assert.deepEqual(m.score().total, [0, 0]);
    assert.deepEqual(m.results(), []);
    assert.equal(m.lastReason, null);
    assert.throws(() => m.undo(), (e) => e.code === 'ESTATE' && e.reason === 'nothing_to_undo');
    assert.equal(m.lastReason, 'nothing_to_undo');
    assert.throws(() => Match.load(text.replace('seed 3', 'sed 3')), (e) => e.code === 'EPARSE' && e.line === 3);
    assert.throws(() => Match.load(text.slice(0, -5)), (e) => e.code === 'EPARSE');
    const bad = 'ginrummy-match 1\nrules target=100\nseed 7\nfirst_dealer 1\ndeals 0\nhand knock knocker 0 winner 0 points 100\nhand void\nend\n';
    assert.throws(() => Match.load(bad), (e) => e.code === 'EILLEGAL' && e.line === 7 && bad.slice(e.offset).startsWith('hand void') && !!e.reason);
    m.free(); m2.free();
});

test('G6 G8 a 2-player match dealt and played to the end by bots', () => {
    const m = new Match({ preset: 'standard', target: 50 }, { seed: 5 });
    assert.equal(m.cuts().length, 2);
    const bot = new Bot('greedy', { seed: 5 });
    let hands = 0;
    while (!m.over) {
        const dealer = m.dealer;
        const g = m.deal();
        assert.equal(g.dealer, dealer);
        while (!g.over) g.play(bot.choose(g.view(g.turn)));
        m.record(g.result());
        g.free();
        hands++;
    }
    const sc = m.score();
    assert.equal(sc.handsPlayed, hands);
    assert.ok(sc.over === 1 && sc.total[sc.winner] >= 50);
    assert.throws(() => m.deal(), (e) => e.code === 'ESTATE');
    m.free(); bot.free();
});

test('G35 G40 three and four players, Hollywood standings per game', () => {
    for (const players of [3, 4]) {
        const m = new Match({ preset: 'standard', hollywood: true }, { seed: 2, players });
        assert.equal(m.players, players);
        assert.equal(m.tables, players === 4 ? 2 : 1);
        assert.equal(m.cuts().length, players === 4 ? 0 : players);   // G40: partners sit as they are
        const tab = m.table(0);
        assert.equal(tab.seats.length, 2);
        const bot = new Bot('random', { seed: 1 });
        for (let t = 0; t < m.tables; t++) {
            const g = m.deal(t);
            while (!g.over) g.play(bot.choose(g.view(g.turn)));
            m.record(g.result(), t);
            g.free();
        }
        const all = m.standing();
        assert.equal(all.nsides, players === 4 ? 2 : 3);
        assert.equal(all.total.length, all.nsides);
        for (const game of [0, 1, 2]) assert.equal(m.standing(game).nsides, all.nsides);
        assert.throws(() => m.standing(3), (e) => e.code === 'EINVAL');
        if (players === 4) assert.equal(m.table(0).recorded, 0);   // a new deal after both tables
        m.free(); bot.free();
    }
    assert.throws(() => new Match(null, { players: 5 }), (e) => e.code === 'EINVAL');
});

test('the environment: OpenSpiel ids, masks, steps, observations', () => {
    assert.equal(gr.openspiel.cardToId(gr.parseCard('AS')), 0);
    assert.equal(gr.openspiel.cardFromId(0), gr.parseCard('AS'));
    const meld = gr.openspiel.meldCards(0);
    assert.equal(gr.openspiel.meldId(meld), 0);
    const env = new gr.Env();
    env.reset(1);
    assert.deepEqual(env.status(), { terminated: false, truncated: false, rewards: [0, 0] });
    const legal = env.legal();
    assert.equal(legal.length, gr.ENV_NUM_ACTIONS);
    const illegal = legal.findIndex((x) => x === 0);
    assert.throws(() => env.step(illegal), (e) => e.code === 'EILLEGAL');
    const c = env.clone();
    const out = env.stepObserve(legal.findIndex((x) => x === 1));
    assert.equal(out.obs.length, gr.ENV_OBS_SIZE);
    assert.equal(out.mask.length, gr.ENV_NUM_ACTIONS);
    assert.equal(c.observe(0).length, gr.ENV_OBS_SIZE);
    let steps = 0;
    while (env.player >= 0 && steps++ < 2000) env.step(env.legal().findIndex((x) => x === 1));
    assert.ok(env.status().terminated || env.status().truncated);
    env.resetDeck(gr.CardSet.all.toArray());
    assert.ok(env.player >= 0);
    env.free(); c.free();
    const a = gr.deriveSeed(5, 0, 0), b = gr.deriveSeed(5, 0, 1);
    assert.equal(typeof a, 'bigint');
    assert.notEqual(a, b);
    assert.equal(gr.deriveSeed(5n, 0n, 0n), a);
    assert.notEqual(gr.deriveSeed(6, 0, 0), a);
    assert.ok(gr.deriveSeed(2n ** 64n - 1n, 3, 4) < 2n ** 64n);
});
