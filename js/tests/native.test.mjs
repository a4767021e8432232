// The WebAssembly build gives the native library's answers on fixed seeds:
// deadwood and best discards of random hands, whole hands between the
// greedy bot and the expert (compared by their save texts), random
// playouts, Rummy hands between bots, Hollywood matches of 2-4 players.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gr, native, haveNative, randomHand, splitmix, oneLine } from './ref.mjs';

const skip = haveNative ? false : 'no native-ref program (make js/tests/native-ref)';

test('deadwood and best discard of 300 random hands equal the native library', { skip }, () => {
    const lines = native('deadwood', 11, 300);
    const st = { s: 11n };
    for (const line of lines) {
        const h = randomHand(st, 10);
        let extra;
        do extra = splitmix(st) % 52n; while ((h >> extra) & 1n);
        const best = gr.bestDiscard(h | (1n << extra));
        assert.equal(`${h} ${gr.deadwood(h)} ${best.card.id} ${best.deadwood}`, line);
    }
});

test('greedy against the expert: 4 whole hands equal the native library (save texts)', { skip }, () => {
    const lines = native('games', 21, 4);
    const rules = new gr.Rules('standard');
    lines.forEach((line, i) => {
        const game = gr.Game.deal(rules, { seed: 21 + i, dealer: i % 2 });
        const bots = [new gr.Bot('greedy', { seed: 21 + i }), new gr.Bot('expert', { seed: 21 + i, rules, playouts: 200 })];
        while (!game.over) game.play(bots[game.turn].choose(game.view(game.turn)));
        assert.equal(oneLine(game.save()), line);
        game.free(); bots.forEach((b) => b.free());
    });
    rules.free();
});

test('random playouts equal the native library', { skip }, () => {
    const lines = native('playouts', 5, 200);
    const game = gr.Game.deal('standard', { seed: 5 });
    lines.forEach((line, i) => {
        game.redeal(5 + i, i % 2);
        const r = game.playout('random', 35 + i);
        const code = { void: 0, knock: 1, undercut: 2, gin: 3, big_gin: 4, tie: 5 }[r.outcome];
        assert.equal(`${code} ${r.knocker} ${r.winner} ${r.points}`, line);
    });
    game.free();
});

test('Rummy hands of 4 players with jokers equal the native library', { skip }, () => {
    const lines = native('rummy', 3, 3);
    const rules = new gr.RummyRules('parlett', { players: 4, jokers: 1 });
    lines.forEach((line, i) => {
        const game = gr.RummyGame.deal(rules, { seed: 3 + i, dealer: i % 4 });
        const bot = new gr.RummyBot('greedy', { seed: 3 + i });
        while (!game.over) game.play(bot.choose(game.view(game.turn)));
        assert.equal(oneLine(game.save()), line);
        game.free(); bot.free();
    });
    rules.free();
});

for (const players of [2, 3, 4]) {
    test(`a ${players}-player Hollywood match of greedy bots equals the native library`, { skip }, () => {
        const [saved, totals] = native('match', 9, players);
        const rules = new gr.Rules('standard', { hollywood: true });
        const match = new gr.Match(rules, { seed: 9, players });
        const bot = new gr.Bot('greedy', { seed: 9 });
        let st;
        while (!(st = match.standing()).over) {
            for (let t = 0; t < match.tables; t++) {
                const game = match.deal(t);
                while (!game.over) game.play(bot.choose(game.view(game.turn)));
                match.record(game.result(), t);
                game.free();
            }
        }
        assert.equal(oneLine(match.save()), saved);
        assert.equal(`${st.winner} ${st.total[0]} ${st.total[1]}`, totals);
        match.free(); bot.free(); rules.free();
    });
}
