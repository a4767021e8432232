// app.mjs: Gin Rummy against the expert bot, and a basic Rummy table with
// bots, on the npm package ginrummy alone.  Query parameters (for tests
// and for sharing a deal): seed=N (the match's seed), delay=MS (the bots'
// pause before a move, default 400), playouts=N (the expert's budget).
import * as gr from 'ginrummy';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const seed = BigInt(params.get('seed') ?? Math.floor(Math.random() * 2 ** 31));
const delay = Number(params.get('delay') ?? 400);
const playouts = params.get('playouts') ? Number(params.get('playouts')) : null;
const SUIT = { C: '♣', D: '♦', H: '♥', S: '♠' };

/** A card as a button (or a span): rank and suit symbol, red or black. */
function cardEl(card, { button = true, cls = '' } = {}) {
    const el = document.createElement(button ? 'button' : 'span');
    el.className = `card ${cls}`;
    if (card === null) { el.classList.add('back'); return el; }
    const text = String(card);
    el.dataset.card = text;
    if (card.joker) { el.textContent = '🃏'; el.classList.add('joker'); el.setAttribute('aria-label', 'joker'); return el; }
    el.textContent = card.rankText + SUIT[card.suitText];
    if (card.suit === 1 || card.suit === 2) el.classList.add('red');
    el.setAttribute('aria-label', text);
    return el;
}
const show = (cards) => [...cards].map((c) => (c.joker ? '🃏' : c.rankText + SUIT[c.suitText])).join(' ');
const meldText = (cs) => show(cs);

// ==================================================================== Gin

const HUMAN = 0, BOT = 1;
const rules = new gr.Rules('standard');
let match, game, expert, adviser;
let mode = 'play';          // play | knock | gin | arrange | layoff | over
let pending = null;          // the discard chosen for a knock, the arrangements offered
let laid = gr.CardSet.empty; // cards laid off by the human
let focusCard = 0;
let recorded = false;
let lastBot = '';             // what the expert did last, shown with the prompt

function newMatch() {
    match?.free(); expert?.free(); adviser?.free();
    match = new gr.Match(rules, { seed });
    expert = new gr.Bot('expert', { seed, rules, playouts });
    adviser = new gr.Bot('expert', { seed: seed + 1n, rules, playouts });
}

function deal() {
    game?.free();
    game = match.deal();
    const sc = match.score();
    expert.setScore(sc.total[BOT], sc.total[HUMAN]);
    mode = 'play'; pending = null; laid = gr.CardSet.empty; recorded = false; lastBot = '';
    $('result').textContent = ''; $('choices').textContent = ''; $('status').textContent = '';
    render();
    schedule();
}

const legal = () => (game.over ? [] : game.legalMoves());
const legalOf = (type, card = null) => legal().find((m) => m.type === type && (card === null || m.card === card));

/** Play a human move: the adviser is told what was played at that view. */
function humanPlay(move) {
    if (game.over || game.turn !== HUMAN) return;
    try {
        adviser.observe(game.view(HUMAN), move);
        game.play(move);
    } catch (e) {
        $('status').textContent = e instanceof gr.GinRummyError ? `Not allowed: ${e.reasonText ?? e.statusText}` : String(e);
        return;
    }
    mode = 'play';
    lastBot = '';
    afterMove();
}

function afterMove() {
    if (game.over) return endOfHand();
    render();
    schedule();
}

function schedule() {
    if (!game.over && game.turn === BOT) setTimeout(botMove, delay);
}

function botMove() {
    if (game.over || game.turn !== BOT) return;
    const view = game.view(BOT);
    const move = expert.choose(view);
    if (move.type === 'knock' || move.type === 'gin') {
        game.knock(move.card, expert.arrange(view, move.card));
        lastBot = `The expert ${move.type === 'gin' ? 'goes gin' : 'knocks'}, discarding ${move.card}.`;
    } else {
        const drawn = game.play(move);
        lastBot = describeBot(move, drawn);
    }
    afterMove();
}

function describeBot(move, drawn) {
    switch (move.type) {
    case 'pass': return 'The expert passes the upcard.';
    case 'take_upcard': case 'draw_discard': return `The expert takes ${drawn}.`;
    case 'draw_stock': return 'The expert draws from the stock.';
    case 'discard': return `The expert discards ${move.card}.`;
    default: return `The expert: ${gr.formatMove(move)}.`;
    }
}

function endOfHand() {
    const r = game.result();
    const canLayOff = r.knocker === BOT && (r.outcome === 'knock' || r.outcome === 'undercut' || r.outcome === 'tie'
        || rules.get('layoff_after_gin') === 1);
    if (canLayOff && mode !== 'over') {
        mode = 'layoff';
        laid = gr.CardSet.empty;
    } else finishHand();
    render();
}

function finishHand() {
    mode = 'over';
    if (!recorded) { match.record(game.result()); recorded = true; }
    render();
}

// ---------------------------------------------------------------- input

function clickCard(card) {
    if (game.over && mode !== 'layoff') return;
    if (mode === 'layoff') {
        const targets = layoffTargets();
        if (targets.has(card)) { laid = laid.with(card); render(); }
        return;
    }
    if (game.turn !== HUMAN) return;
    if (mode === 'knock' || mode === 'gin') {
        const m = legalOf(mode, card);
        if (!m) { $('status').textContent = `You cannot ${mode} discarding ${card}.`; return; }
        if (mode === 'gin') { humanPlay(m); return; }
        const rest = game.hand(HUMAN).without(card);
        const options = gr.arrangements(rest, game.knockLimit).map((a, i) => ({ a, i }))
            .sort((x, y) => x.a.deadwoodPoints - y.a.deadwoodPoints || x.i - y.i).map((x) => x.a);
        pending = { card, options };
        mode = 'arrange';
        render();
        return;
    }
    const m = legalOf('discard', card);
    if (m) humanPlay(m);
}

function chooseArrangement(i) {
    if (mode !== 'arrange' || !pending || !pending.options[i]) return;
    const { card, options } = pending;
    try {
        adviser.observe(game.view(HUMAN), { type: 'knock', card });
        game.knock(card, options[i]);
    } catch (e) {
        $('status').textContent = `Not allowed: ${e.reasonText ?? e.message}`;
        return;
    }
    pending = null;
    lastBot = `You knock, discarding ${card}.`;
    afterMove();
}

function layoffTargets() {
    const r = game.result();
    try {
        return gr.layoffTargets(r.knockerArrangement, game.hand(HUMAN), laid).reduce((u, s) => u.union(s), gr.CardSet.empty);
    } catch { return gr.CardSet.empty; }
}

function doneLayingOff() {
    if (mode !== 'layoff') return;
    game.defend(laid);
    finishHand();
}

function hint() {
    if (game.over || game.turn !== HUMAN) return;
    const view = game.view(HUMAN);
    const m = adviser.choose(view);
    let text = `Hint: ${gr.formatMove(m)}. ${adviser.explain()}`;
    if (view.phase === 'upcard' || view.phase === 'draw') {
        try {
            const t = gr.adviseTakeView(view);
            text += ` (taking leaves ${t.takeDeadwood}, a blind draw ${t.drawExpected.toFixed(1)} on average)`;
        } catch { /* no card offered */ }
    }
    $('status').textContent = text;
}

$('stock').onclick = () => { const m = legalOf('draw_stock'); if (m) humanPlay(m); };
$('pile').onclick = () => { const m = legalOf('take_upcard') || legalOf('draw_discard'); if (m) humanPlay(m); };
$('pass').onclick = () => { const m = legalOf('pass'); if (m) humanPlay(m); };
$('knock').onclick = () => { if (legalOf('knock')) { mode = mode === 'knock' ? 'play' : 'knock'; render(); } };
$('gin-btn').onclick = () => { if (legalOf('gin')) { mode = mode === 'gin' ? 'play' : 'gin'; render(); } };
$('big-gin').onclick = () => { const m = legalOf('big_gin'); if (m) humanPlay(m); };
$('hint').onclick = hint;
$('next').onclick = () => {
    if (mode !== 'over') return;
    if (match.over) newMatch();
    deal();
};

document.addEventListener('keydown', (e) => {
    if ($('gin').hidden || e.ctrlKey || e.metaKey || e.altKey) return;
    const cards = [...$('hand').querySelectorAll('button.card')];
    const k = e.key;
    if (k === 'ArrowRight' || k === 'ArrowLeft' || k === 'Home') {
        focusCard = k === 'Home' ? 0 : Math.max(0, Math.min(cards.length - 1, focusCard + (k === 'ArrowRight' ? 1 : -1)));
        cards[focusCard]?.focus();
        e.preventDefault();
    } else if (k === 'd') $('stock').click();
    else if (k === 't') $('pile').click();
    else if (k === 'p') $('pass').click();
    else if (k === 'h') $('hint').click();
    else if (k === 'n') $('next').click();
    else if (k === 'b') $('big-gin').click();
    else if ((k === 'k' || k === 'g') && cards[focusCard]) {
        const m = legalOf(k === 'k' ? 'knock' : 'gin', gr.parseCard(cards[focusCard].dataset.card));
        if (m) { mode = k === 'k' ? 'knock' : 'gin'; clickCard(m.card); }
    } else if (/^[1-9]$/.test(k) && mode === 'arrange') chooseArrangement(Number(k) - 1);
    else if (k === 'Escape' && (mode === 'knock' || mode === 'gin' || mode === 'arrange')) { mode = 'play'; pending = null; render(); }
});

// ---------------------------------------------------------------- drawing

function render() {
    const sc = match.score();
    $('score').innerHTML = `<b>You ${sc.total[HUMAN]}</b> · Expert ${sc.total[BOT]} <small>(to ${rules.get('target')}; hand ${sc.handsPlayed + (recorded ? 0 : 1)}; seed ${seed})</small>`;
    $('score').dataset.you = sc.total[HUMAN];
    $('score').dataset.expert = sc.total[BOT];
    const view = game.view(HUMAN);
    const over = game.over;

    // at the end both hands are shown as laid down: melds, deadwood, layoffs
    const laidDown = over ? layDown(game.result()) : null;
    const opp = $('opponent');
    opp.replaceChildren();
    if (laidDown) drawLaidDown(opp, laidDown[BOT]);
    else {
        const known = [...view.opponentKnown];
        for (let i = 0; i < view.opponentCount; i++) opp.append(cardEl(known[i] ?? null, { button: false }));
    }

    $('stock-size').textContent = view.stockSize;
    const top = view.discards.at(-1) ?? null;
    const pile = $('pile');
    pile.replaceChildren();
    pile.className = 'card';
    pile.removeAttribute('data-card');
    if (top) {
        const c = cardEl(top, { button: false });
        pile.className = c.className;
        pile.textContent = c.textContent;
        pile.dataset.card = String(top);
    } else pile.textContent = '—';

    const moves = legal();
    const myTurn = !over && game.turn === HUMAN;
    $('stock').disabled = !(myTurn && moves.some((m) => m.type === 'draw_stock'));
    pile.disabled = !(myTurn && moves.some((m) => m.type === 'take_upcard' || m.type === 'draw_discard'));
    $('pass').disabled = !(myTurn && moves.some((m) => m.type === 'pass'));
    $('knock').disabled = !(myTurn && moves.some((m) => m.type === 'knock'));
    $('gin-btn').disabled = !(myTurn && moves.some((m) => m.type === 'gin'));
    $('big-gin').disabled = !(myTurn && moves.some((m) => m.type === 'big_gin'));
    $('hint').disabled = !myTurn;
    $('next').disabled = mode !== 'over';
    $('knock').classList.toggle('armed', mode === 'knock');
    $('gin-btn').classList.toggle('armed', mode === 'gin');

    // the hand, melds of its best arrangement marked
    const hand = game.hand(HUMAN);
    const best = gr.arrange(hand);
    const inMeld = best.melds.reduce((u, m) => u.union(m), gr.CardSet.empty);
    const targets = mode === 'layoff' ? layoffTargets() : gr.CardSet.empty;
    const el = $('hand');
    el.replaceChildren();
    if (mode === 'over' && laidDown) drawLaidDown(el, laidDown[HUMAN]);
    else [...hand].forEach((c, i) => {
        const b = cardEl(c, { cls: inMeld.has(c) ? 'melded' : '' });
        if (laid.has(c)) b.classList.add('laid');
        if (targets.has(c)) b.classList.add('target');
        if (mode === 'play' && myTurn && view.phase === 'discard' && !moves.some((m) => m.type === 'discard' && m.card === c)) b.classList.add('muted');
        b.onclick = () => { focusCard = i; clickCard(c); };
        el.append(b);
    });
    if (document.activeElement === document.body || !document.activeElement?.isConnected) el.children[focusCard]?.focus();

    $('deadwood').textContent = hand.size === 11 && myTurn
        ? `Deadwood after your best discard: ${game.bestDiscard().deadwood}`
        : `Deadwood: ${best.deadwoodPoints}`;

    // choices: knock arrangements, layoffs
    const ch = $('choices');
    ch.replaceChildren();
    if (mode === 'knock' || mode === 'gin') ch.textContent = `Choose the card to discard as you ${mode}.`;
    if (mode === 'arrange') {
        const p = document.createElement('p');
        p.textContent = `Knock discarding ${pending.card}: show which melds?`;
        ch.append(p);
        pending.options.forEach((a, i) => {
            const b = document.createElement('button');
            b.className = 'arrangement';
            b.dataset.index = i;
            b.textContent = `${i + 1}. ${a.melds.map(meldText).join(' | ') || 'no melds'} — deadwood ${show(a.deadwood)} (${a.deadwoodPoints})`;
            b.onclick = () => chooseArrangement(i);
            ch.append(b);
        });
        ch.querySelector('button')?.focus();
    }
    if (mode === 'layoff') {
        const r = game.result();
        const p = document.createElement('p');
        p.textContent = `The expert shows ${r.knockerArrangement.melds.map(meldText).join(' | ')}. Click your cards to lay them off${laid.size ? ` (laid: ${show(laid)})` : ''}, then Done.`;
        ch.append(p);
        const done = document.createElement('button');
        done.id = 'done-layoff';
        done.textContent = 'Done';
        done.onclick = doneLayingOff;
        ch.append(done);
        if (!laid.size) done.focus();
    }
    if (mode === 'over') showResult();
    $('gin').dataset.phase = over ? 'over' : view.phase;
    $('gin').dataset.turn = game.turn;
    $('gin').dataset.mode = mode;
    if (!over) $('status').textContent = myTurn ? `${lastBot} ${prompt(view.phase)}`.trim() : 'The expert is thinking…';
    else if (lastBot) $('status').textContent = lastBot;
}

/** Each player's hand as shown at the end: {melds, deadwood, laidOff}. */
function layDown(r) {
    const out = [];
    for (const p of [HUMAN, BOT]) {
        if (r.outcome !== 'void' && p === r.knocker) out[p] = { ...r.knockerArrangement, laidOff: gr.CardSet.empty };
        else if (r.outcome !== 'void') out[p] = { ...r.defense.defender, laidOff: r.defense.laidOff };
        else out[p] = { ...gr.arrange(game.hand(p)), laidOff: gr.CardSet.empty };
    }
    return out;
}
function drawLaidDown(el, a) {
    for (const m of a.melds) {
        const g = document.createElement('span');
        g.className = 'meld';
        [...m].forEach((c) => g.append(cardEl(c, { button: false })));
        el.append(g);
    }
    [...a.deadwood].forEach((c) => el.append(cardEl(c, { button: false, cls: 'dead' })));
    [...a.laidOff].forEach((c) => el.append(cardEl(c, { button: false, cls: 'laid' })));
}

function prompt(phase) {
    return { upcard: 'Take the upcard or pass.', draw: 'Draw from the stock or take the discard.',
        discard: 'Discard a card (or knock).', wall: 'Take the last discard to knock, or pass.' }[phase] ?? '';
}

function showResult() {
    const r = game.result();
    const who = r.winner === HUMAN ? 'You win' : r.winner === BOT ? 'The expert wins' : 'Nobody wins';
    const what = { void: 'The hand is void', knock: 'knock', undercut: 'undercut', gin: 'gin', big_gin: 'big gin', tie: 'a tie' }[r.outcome];
    const el = $('result');
    el.dataset.outcome = r.outcome;
    el.dataset.winner = r.winner;
    el.dataset.points = r.points;
    el.textContent = r.outcome === 'void' ? 'The hand is void: nobody scores.'
        : `${who} (${what}): ${r.points} points. Knocker's deadwood ${r.knockerDeadwood}, defender's ${r.defenderDeadwood}`
          + `${r.defense.laidOff.size ? ` after laying off ${show(r.defense.laidOff)}` : ''}.`
          + (match.over ? ` The match is over: ${match.score().winner === HUMAN ? 'you win it' : 'the expert wins it'}.` : ' Next hand: n.');
}

// ==================================================================== Rummy

let rr = null, rmatch = null, rgame = null, rbots = [], rselected = [], rrecorded = false;

function newRummy() {
    [rr, rmatch, rgame, ...rbots].forEach((x) => x?.free());
    const players = Number($('r-players').value);
    rr = new gr.RummyRules('parlett', { players, jokers: Number($('r-jokers').value), target: 100 });
    rmatch = new gr.RummyMatch(rr, { seed });
    rbots = Array.from({ length: players }, (_, i) => (i === 0 ? null : new gr.RummyBot($('r-bots').value, { seed: seed + BigInt(i) })));
    rgame = null;
    rdeal();
}

function rdeal() {
    rgame?.free();
    rgame = rmatch.deal();
    rselected = []; rrecorded = false;
    $('r-result').textContent = '';
    rrender();
    rschedule();
}

function rschedule() { if (!rgame.over && rgame.turn !== 0) setTimeout(rbotMove, delay); }
function rbotMove() {
    if (rgame.over || rgame.turn === 0) return;
    const seat = rgame.turn;
    const a = rbots[seat].choose(rgame.view(seat));
    rgame.play(a);
    $('r-status').textContent = `Seat ${seat}: ${gr.formatRummyMove(a)}`;
    rafter();
}
function rafter() {
    if (rgame.over && !rrecorded) { rmatch.record(rgame.result()); rrecorded = true; }
    rrender();
    rschedule();
}
function rplay(a) {
    try { rgame.play(a); } catch (e) { $('r-status').textContent = `Not allowed: ${e.reasonText ?? e.statusText ?? e.message}`; return; }
    rselected = [];
    $('r-status').textContent = `You: ${gr.formatRummyMove(a)}`;
    rafter();
}

function rrender() {
    const sc = rmatch.score();
    $('r-score').textContent = sc.total.map((t, i) => `${i === 0 ? 'You' : `Seat ${i}`} ${t}`).join(' · ') + ` (to 100; seed ${seed})`;
    $('r-score').dataset.totals = sc.total.join(' ');
    const v = rgame.view(0);
    const others = $('r-others');
    others.replaceChildren();
    for (let s = 1; s < v.nplayers; s++) {
        const d = document.createElement('div');
        d.className = 'seat' + (v.turn === s && !rgame.over ? ' to-act' : '');
        d.textContent = `Seat ${s}: ${v.counts[s]} cards${v.known[s].size ? `, known ${show(v.known[s])}` : ''}`;
        others.append(d);
    }
    $('r-stock').textContent = v.stockSize;
    const top = v.discards.at(-1);
    const pile = $('r-pile');
    pile.className = 'card';
    pile.textContent = top ? show([top]) : '—';
    if (top && (top.suit === 1 || top.suit === 2)) pile.classList.add('red');
    const melds = $('r-melds');
    melds.replaceChildren();
    v.melds.forEach((m, i) => {
        const b = document.createElement('button');
        b.className = 'table-meld';
        b.dataset.index = i;
        b.textContent = `${String(m)} (seat ${v.owner[i]})`;
        b.onclick = () => {
            if (rselected.length !== 1) { $('r-status').textContent = 'Select one card to lay off, then the meld.'; return; }
            const card = rselected[0];
            const a = rgame.legalMoves().find((x) => (x.type === 'lay_off' || x.type === 'swap_joker') && x.target === i && x.card === card);
            if (a) rplay(a); else $('r-status').textContent = `${card} does not go on that meld.`;
        };
        melds.append(b);
    });
    const hand = $('r-hand');
    hand.replaceChildren();
    [...v.hand].forEach((c, i) => {
        const b = cardEl(c);
        b.dataset.index = i;
        if (rselected.includes(i)) b.classList.add('selected');
        b.onclick = () => {
            const at = rselected.indexOf(i);
            if (at >= 0) rselected.splice(at, 1); else rselected.push(i);
            rrender();
        };
        hand.append(b);
    });
    rselected = rselected.filter((i) => i < v.hand.size);
    const cards = [...v.hand];
    rselected = rselected.map((i) => i);
    const sel = rselected.map((i) => cards[i]);

    const moves = $('r-moves');
    moves.replaceChildren();
    const mine = !rgame.over && rgame.turn === 0;
    if (mine) {
        const legal = rgame.legalMoves();
        const bar = document.createElement('div');
        const add = (label, fn, enabled = true) => {
            const b = document.createElement('button'); b.textContent = label; b.disabled = !enabled; b.onclick = fn; bar.append(b);
        };
        add('Draw', () => rplay(legal.find((a) => a.type === 'draw_stock')), legal.some((a) => a.type === 'draw_stock'));
        add('Take the discard', () => rplay(legal.find((a) => a.type === 'draw_discard')), legal.some((a) => a.type === 'draw_discard'));
        const meldOf = legal.filter((a) => a.type === 'meld' && sameCards(a, sel));
        add('Meld the selected cards', () => rplay(meldOf[0]), meldOf.length > 0);
        const disc = sel.length === 1 ? legal.find((a) => a.type === 'discard' && a.card === sel[0]) : null;
        add('Discard the selected card', () => rplay(disc), !!disc);
        moves.append(bar);
        const list = document.createElement('details');
        list.open = true;
        const sum = document.createElement('summary');
        sum.textContent = `All legal moves (${legal.length})`;
        list.append(sum);
        legal.forEach((a, i) => {
            const b = document.createElement('button');
            b.className = 'legal';
            b.dataset.index = i;
            b.textContent = gr.formatRummyMove(a, rgame);
            b.onclick = () => rplay(a);
            list.append(b);
        });
        moves.append(list);
    }
    $('rummy').dataset.phase = rgame.phase;
    $('rummy').dataset.turn = rgame.turn;
    if (rgame.over) {
        const r = rgame.result();
        const el = $('r-result');
        el.dataset.outcome = r.outcome;
        el.dataset.winner = r.winner;
        el.dataset.score = r.score.join(' ');
        el.textContent = r.outcome === 'void' ? 'The hand is void.'
            : `${r.winner === 0 ? 'You go' : `Seat ${r.winner} goes`} out and scores ${r.score[r.winner]} (cards left: ${r.leftPoints.join(', ')}).`;
        const b = document.createElement('button');
        b.id = 'r-next';
        b.textContent = rmatch.over ? 'New match' : 'Next hand';
        b.onclick = () => (rmatch.over ? newRummy() : rdeal());
        el.append(' ', b);
    } else if (!mine) $('r-status').textContent ||= `Seat ${rgame.turn} is playing…`;
}

/** A meld action made of exactly the selected cards (faces and jokers). */
function sameCards(a, sel) {
    const naturals = a.meld.cards.minus(a.meld.jokers);
    const jokers = a.meld.jokers.size;
    const selFaces = sel.filter((c) => !c.joker);
    return selFaces.length === naturals.size && selFaces.every((c) => naturals.has(c))
        && sel.filter((c) => c.joker).length === jokers;
}

$('r-new').onclick = newRummy;

// ==================================================================== tabs

for (const [tab, sec] of [['tab-gin', 'gin'], ['tab-rummy', 'rummy']]) {
    $(tab).onclick = () => {
        for (const [t2, s2] of [['tab-gin', 'gin'], ['tab-rummy', 'rummy']]) {
            $(s2).hidden = s2 !== sec;
            $(t2).classList.toggle('active', s2 === sec);
        }
        if (sec === 'rummy' && !rgame) newRummy();
    };
}

newMatch();
deal();
$('loading').remove();
document.body.dataset.ready = '1';
