// bench.mjs: the WebAssembly build in Node beside the native library on the
// same machine, in one run (make bench-wasm, after make wasm):
//   deadwood   gr_deadwood of a random 10-card hand (the same 4096 hands);
//   playout    a whole random Gin hand: redeal and play it out
//              (Game#redeal + Game#playout, one call each), and the same
//              with the native library on its portable path (no POPCNT or
//              BMI2: the code the WebAssembly build runs);
//   hand       a whole random Gin hand move by move through the idiomatic
//              API (legalMoves, then play a random one);
// and the .wasm's size, raw and gzipped.  Medians of REPS runs of about
// SECONDS of CPU time each, native and WebAssembly interleaved.
// Each timed loop is one function made once: a loop made anew for each run
// (a new closure of the same code) is left to V8's unoptimized tiers once
// there are several, and the same loop took 17-19 ns a deadwood instead of
// 11 in about half of the processes (a function doing nothing: 8 ns
// instead of 1), a cost of the harness, not of the library.
//   node js/bench.mjs [SECONDS] [REPS]   (GINRUMMY_PKG, NATIVE_REF as the tests)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { gr, pkgDir, native, haveNative, randomHand } from './tests/ref.mjs';

const seconds = Number(process.argv[2] || 0.5);
const reps = Number(process.argv[3] || 5);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

// The process's CPU time in ms (native-ref times its own the same way), so
// the other work of a busy machine does not count on either side.
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
function timeIt(fn, unit) {
    let n = 0;
    const t0 = cpu();
    let t;
    do { n += fn(); } while ((t = cpu()) - t0 < seconds * 1000);
    return ((t - t0) * 1e6) / n / unit;   // ns per unit
}

const st = { s: 1n };
const hands = Array.from({ length: 4096 }, () => randomHand(st, 10));
const deadwoodLoop = () => { let s = 0; for (const h of hands) s += gr.deadwood(h); return hands.length; };
const deadwoodRun = () => timeIt(deadwoodLoop, 1);

const game = gr.Game.deal('standard', { seed: 1 });
let seq = 0;
const playoutLoop = () => {
    for (let i = 0; i < 200; i++, seq++) { game.redeal(seq, seq & 1); game.playout('random', seq); }
    return 200;
};
const playoutRun = () => timeIt(playoutLoop, 1);
let rnd = 7;
const handLoop = () => {
    for (let i = 0; i < 20; i++, seq++) {
        game.redeal(seq, seq & 1);
        while (!game.over) {
            const moves = game.legalMoves();
            rnd = (rnd * 1103515245 + 12345) >>> 0;
            game.play(moves[rnd % moves.length]);
        }
    }
    return 20;
};
const handRun = () => timeIt(handLoop, 1);

const portable = gr.constants.GR_PLAYOUT_RANDOM | gr.constants.GR_PLAYOUT_PORTABLE;
const playoutPortableLoop = () => {
    for (let i = 0; i < 200; i++, seq++) { game.redeal(seq, seq & 1); game.playout(portable, seq); }
    return 200;
};
const playoutPortableRun = () => timeIt(playoutPortableLoop, 1);
const rows = { deadwood: [[], []], playout: [[], []], playout_portable: [[], []], hand_moves: [[], []] };
for (let r = 0; r < reps; r++) {
    if (haveNative) {
        const out = Object.fromEntries(native('bench', seconds).map((l) => l.split(' ')).map(([k, v]) => [k.replace(/_ns$/, ''), Number(v)]));
        for (const k of Object.keys(rows)) rows[k][0].push(out[k]);
    }
    rows.deadwood[1].push(deadwoodRun());
    rows.playout[1].push(playoutRun());
    rows.playout_portable[1].push(playoutPortableRun());
    rows.hand_moves[1].push(handRun());
}
game.free();

console.log(`ginrummy ${gr.version}: WebAssembly in Node ${process.version} beside the native library, medians of ${reps} runs`);
console.log('what'.padEnd(44) + 'native'.padStart(12) + 'wasm'.padStart(12) + 'ratio'.padStart(8));
const names = {
    deadwood: 'deadwood of a random 10-card hand',
    playout: 'random Gin hand (redeal + playout)',
    playout_portable: '  the same, native without POPCNT/BMI2',
    hand_moves: 'random Gin hand, move by move (JS API)',
};
const fmt = (ns) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} us` : `${ns.toFixed(ns < 100 ? 1 : 0)} ns`);
for (const [k, [nat, wasm]] of Object.entries(rows)) {
    const w = median(wasm);
    const n = nat.length ? median(nat) : NaN;
    console.log(names[k].padEnd(44) + (nat.length ? fmt(n) : '-').padStart(12) + fmt(w).padStart(12)
        + (nat.length ? `${(w / n).toFixed(2)}x` : '-').padStart(8));
}
const wasmBytes = readFileSync(join(pkgDir, 'ginrummy_wasm.wasm'));
console.log(`ginrummy_wasm.wasm: ${(wasmBytes.length / 1024).toFixed(1)} KB, gzip -9 ${(gzipSync(wasmBytes, { level: 9 }).length / 1024).toFixed(1)} KB`);
