// Objects owning C memory: free(), Symbol.dispose, use after free, the
// FinalizationRegistry, and the struct layouts against the library's sizes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gr } from './ref.mjs';

test('free() releases at once; a freed object is a clear error; free twice is harmless', () => {
    const before = gr.stats.live;
    const rules = new gr.Rules();
    const game = gr.Game.deal(rules, { seed: 1 });
    const bot = new gr.Bot('random');
    assert.equal(gr.stats.live, before + 3);
    game.free(); bot.free(); rules.free();
    assert.equal(gr.stats.live, before);
    assert.ok(game.freed);
    assert.throws(() => game.phase, (e) => e instanceof ReferenceError && /Game used after free/.test(e.message));
    assert.throws(() => game.play('draw'), ReferenceError);
    assert.throws(() => bot.choose({}), ReferenceError);
    assert.throws(() => gr.Game.deal(rules), /Rules used after free/);
    game.free();
    assert.equal(gr.stats.live, before);
});

test('Symbol.dispose frees', () => {
    const before = gr.stats.live;
    const m = new gr.Match(null, { seed: 3 });
    m[Symbol.dispose]();
    assert.ok(m.freed);
    assert.equal(gr.stats.live, before);
    for (const obj of [new gr.RummyRules(), gr.RummyGame.deal(null, { seed: 1 }), new gr.RummyMatch(), new gr.RummyBot(), new gr.Env()]) {
        obj[Symbol.dispose]();
        assert.throws(() => obj.ptr, ReferenceError);
    }
    assert.equal(gr.stats.live, before);
});

test('forgotten objects are freed by the collector (FinalizationRegistry)', { skip: typeof globalThis.gc !== 'function' && 'needs node --expose-gc' }, async () => {
    const before = gr.stats.live;
    (() => { for (let i = 0; i < 500; i++) gr.Game.deal(null, { seed: i }); })();
    assert.equal(gr.stats.live, before + 500);
    for (let i = 0; i < 20 && gr.stats.live > before; i++) {
        globalThis.gc();
        await new Promise((r) => setTimeout(r, 10));
    }
    assert.equal(gr.stats.live, before);
});

test('a refused call changes nothing and memory does not grow over many refusals', () => {
    const game = gr.Game.deal(null, { seed: 2 });
    const saved = game.save();
    for (let i = 0; i < 2000; i++) assert.throws(() => game.play({ type: 'discard', card: 'AS' }), gr.GinRummyError);
    assert.equal(game.save(), saved);
    game.free();
});
