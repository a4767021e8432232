// web.test.mjs: examples/web in a real browser (Debian's chromium, driven
// headless by playwright-core from npm).  A whole hand of Gin against the
// expert is played by clicking, another with the keyboard only, and a
// Rummy hand at a table of bots, each beside the library playing the same
// seeds in Node: what the page shows must be the library's answer.
// Screenshots go to $SCREENSHOT_DIR (default: the current directory).
//
//   GINRUMMY_PKG=js/ginrummy GR_NODE_TOOLS=DIR node --test tests/browser/web.test.mjs
// DIR/node_modules holds playwright-core; CHROMIUM names the browser
// (default /usr/bin/chromium).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { mkdtempSync, cpSync, mkdirSync, symlinkSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from './serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(process.env.GINRUMMY_PKG || join(here, '..', '..', 'js', 'ginrummy'));
const tools = process.env.GR_NODE_TOOLS ? resolve(process.env.GR_NODE_TOOLS) : null;
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
const shots = resolve(process.env.SCREENSHOT_DIR || '.');
const gr = await import(pathToFileURL(join(pkg, 'index.mjs')).href);

let chromium = null;
let why = null;
try {
    const req = createRequire(join(tools || process.cwd(), 'package.json'));
    ({ chromium } = req('playwright-core'));
} catch { why = 'playwright-core not found (npm install playwright-core into $GR_NODE_TOOLS)'; }
if (!why && !existsSync(chromiumPath)) why = `no browser at ${chromiumPath} (apt-get install chromium)`;
const skip = why || false;

let dir, server, browser, base;
before(async () => {
    if (skip) return;
    // the page as a user serves it: examples/web with node_modules/ginrummy beside it
    dir = mkdtempSync(join(tmpdir(), 'grweb-'));
    cpSync(join(here, '..', '..', 'examples', 'web'), dir, { recursive: true });
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(pkg, join(dir, 'node_modules', 'ginrummy'));
    server = await serve(dir);
    base = `http://127.0.0.1:${server.address().port}/`;
    browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'] });
});
after(async () => {
    await browser?.close();
    server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(query) {
    const page = await browser.newPage({ viewport: { width: 1100, height: 820 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.setDefaultTimeout(30000);
    await page.goto(base + 'index.html?' + query);
    await page.waitForSelector('body[data-ready="1"]');
    return { page, errors };
}

/** The library in Node playing what the page plays: the same match, the
 * same expert, and a greedy bot choosing the person's moves. */
function replica(seed) {
    const rules = new gr.Rules('standard');
    const match = new gr.Match(rules, { seed });
    const expert = new gr.Bot('expert', { seed, rules, playouts: 200 });
    const person = new gr.Bot('greedy', { seed: 99 });
    const game = match.deal();
    expert.setScore(0, 0);
    return { rules, match, expert, person, game };
}

const idle = (page) => page.waitForFunction(() => {
    const g = document.getElementById('gin').dataset;
    return g.phase === 'over' || (g.turn === '0' && g.mode === 'play');
});

/** Play the person's hand in the page (clicks or keys) and in the replica. */
async function playGin(page, seed, act) {
    const r = replica(seed);
    const { game, expert, person } = r;
    let humanMoves = 0;
    while (!game.over) {
        if (game.turn === 1) {
            const view = game.view(1);
            const m = expert.choose(view);
            if (m.type === 'knock' || m.type === 'gin') game.knock(m.card, expert.arrange(view, m.card));
            else game.play(m);
            continue;
        }
        await idle(page);
        const shown = await page.$$eval('#hand button.card', (bs) => bs.map((b) => b.dataset.card).join(' '));
        assert.equal(shown, String(game.hand(0)), 'the page shows the library\'s hand');
        const m = person.choose(game.view(0));
        const hand = [...game.hand(0)];
        if (m.type === 'knock') {
            const rest = game.hand(0).without(m.card);
            const first = gr.arrangements(rest, game.knockLimit).map((a, i) => ({ a, i }))
                .sort((x, y) => x.a.deadwoodPoints - y.a.deadwoodPoints || x.i - y.i)[0].a;
            await act.knock(m.card, hand.indexOf(m.card));
            game.knock(m.card, first);
        } else {
            await act.move(m, hand.indexOf(m.card));
            game.play(m);
        }
        humanMoves++;
    }
    await page.waitForFunction(() => ['layoff', 'over'].includes(document.getElementById('gin').dataset.mode));
    let laid = gr.CardSet.empty;
    if (await page.$('#done-layoff')) {
        laid = await act.done(game);
        game.defend(laid);
    }
    await page.waitForSelector('#result[data-outcome]');
    const res = game.result();
    r.match.record(res);
    const shown = await page.$eval('#result', (e) => ({ ...e.dataset, text: e.textContent }));
    assert.equal(shown.outcome, res.outcome);
    assert.equal(Number(shown.winner), res.winner);
    assert.equal(Number(shown.points), res.points);
    const score = await page.$eval('#score', (e) => ({ ...e.dataset }));
    const sc = r.match.score();
    assert.deepEqual([Number(score.you), Number(score.expert)], [sc.total[0], sc.total[1]]);
    [r.game, r.match, r.expert, r.person, r.rules].forEach((x) => x.free());
    return { res, humanMoves, text: shown.text, laid };
}

test('a whole hand of Gin against the expert, played by clicking, is the library\'s hand', { skip }, async () => {
    const { page, errors } = await open('seed=103&delay=0&playouts=200');
    const clicks = {
        async move(m) {
            if (m.type === 'pass') await page.click('#pass');
            else if (m.type === 'draw_stock') await page.click('#stock');
            else if (m.type === 'take_upcard' || m.type === 'draw_discard') await page.click('#pile');
            else if (m.type === 'gin') { await page.click('#gin-btn'); await page.click(`#hand button[data-card="${m.card}"]`); }
            else if (m.type === 'big_gin') await page.click('#big-gin');
            else await page.click(`#hand button[data-card="${m.card}"]`);
        },
        async knock(card) {
            await page.click('#knock');
            await page.click(`#hand button[data-card="${card}"]`);
            await page.click('#choices button.arrangement[data-index="0"]');
        },
        async done(game) {   // lay off every card that fits, one click each
            const knocker = game.result().knockerArrangement;
            let laid = gr.CardSet.empty;
            for (;;) {
                const fits = gr.layoffTargets(knocker, game.hand(0), laid).reduce((u, t) => u.union(t), gr.CardSet.empty);
                if (!fits.size) break;
                const c = fits.toArray()[0];
                await page.click(`#hand button[data-card="${c}"]`);
                laid = laid.with(c);
            }
            await page.click('#done-layoff');
            return laid;
        },
    };
    // seed 103: the expert knocks and 4H can be laid off on its melds
    const { res, humanMoves, text, laid } = await playGin(page, 103n, clicks);
    assert.ok(humanMoves >= 2);
    assert.equal(res.knocker, 1);
    assert.equal(String(laid), '4H');
    assert.ok(res.defense.laidOff.equals(laid));
    assert.match(text, /after laying off 4♥/);
    await page.screenshot({ path: join(shots, 'web-gin.png'), fullPage: true });
    // the next hand is dealt: the page asks for the first move again
    await page.click('#next');
    await page.waitForFunction(() => document.getElementById('gin').dataset.mode === 'play');
    assert.deepEqual(errors, []);
    console.log(`gin by clicks: ${res.outcome}, ${res.points} points to player ${res.winner}, ${humanMoves} moves`);
    await page.close();
});

test('a whole hand of Gin played with the keyboard only', { skip }, async () => {
    const { page, errors } = await open('seed=12&delay=0&playouts=200');
    const focusCard = async (i) => {
        await page.keyboard.press('Home');
        for (let k = 0; k < i; k++) await page.keyboard.press('ArrowRight');
    };
    const keys = {
        async move(m, i) {
            if (m.type === 'pass') await page.keyboard.press('p');
            else if (m.type === 'draw_stock') await page.keyboard.press('d');
            else if (m.type === 'take_upcard' || m.type === 'draw_discard') await page.keyboard.press('t');
            else if (m.type === 'gin') { await focusCard(i); await page.keyboard.press('g'); }
            else if (m.type === 'big_gin') await page.keyboard.press('b');
            else { await focusCard(i); await page.keyboard.press('Enter'); }
        },
        async knock(card, i) {
            await focusCard(i);
            await page.keyboard.press('k');
            await page.waitForSelector('#choices button.arrangement');
            await page.keyboard.press('1');
        },
        async done() { await page.keyboard.press('Enter'); return gr.CardSet.empty; },
    };
    const { res, humanMoves } = await playGin(page, 12n, keys);
    assert.ok(humanMoves >= 2);
    await page.keyboard.press('n');
    await page.waitForFunction(() => document.getElementById('gin').dataset.mode === 'play');
    await page.screenshot({ path: join(shots, 'web-gin-keyboard.png'), fullPage: true });
    assert.deepEqual(errors, []);
    console.log(`gin by keys: ${res.outcome}, ${res.points} points to player ${res.winner}, ${humanMoves} moves`);
    await page.close();
});

test('a Rummy hand at a table of three with jokers, played by clicking, is the library\'s hand', { skip }, async () => {
    const { page, errors } = await open('seed=5&delay=0');
    await page.click('#tab-rummy');
    await page.waitForSelector('#rummy[data-phase]');
    const seed = 5n;
    const rules = new gr.RummyRules('parlett', { players: 3, jokers: 1, target: 100 });
    const match = new gr.RummyMatch(rules, { seed });
    const bots = [new gr.RummyBot('greedy', { seed: 77 }), new gr.RummyBot('greedy', { seed: seed + 1n }), new gr.RummyBot('greedy', { seed: seed + 2n })];
    const game = match.deal();
    let mine = 0;
    while (!game.over) {
        const seat = game.turn;
        const a = bots[seat].choose(game.view(seat));
        if (seat === 0) {
            await page.waitForFunction(() => {
                const r = document.getElementById('rummy').dataset;
                return r.turn === '0' && r.phase !== 'over' && document.querySelector('#r-moves button.legal');
            });
            const shown = await page.$$eval('#r-hand button.card', (bs) => bs.map((b) => b.dataset.card).join(' '));
            assert.equal(shown, String(game.hand(0)));
            const text = gr.formatRummyAction(a);
            const i = game.legalMoves().findIndex((x) => gr.formatRummyAction(x) === text);
            await page.click(`#r-moves button.legal[data-index="${i}"]`);
            mine++;
        }
        game.play(a);
    }
    await page.waitForSelector('#r-result[data-outcome]');
    const r = game.result();
    const shown = await page.$eval('#r-result', (e) => ({ ...e.dataset }));
    assert.equal(shown.outcome, r.outcome);
    assert.equal(Number(shown.winner), r.winner);
    assert.equal(shown.score, r.score.join(' '));
    match.record(r);
    assert.equal(await page.$eval('#r-score', (e) => e.dataset.totals), match.score().total.join(' '));
    await page.screenshot({ path: join(shots, 'web-rummy.png'), fullPage: true });
    assert.deepEqual(errors, []);
    console.log(`rummy: ${r.outcome}, seat ${r.winner} scores ${r.score.join('/')}, ${mine} moves by clicks`);
    [game, match, rules, ...bots].forEach((x) => x.free());
    await page.close();
});
