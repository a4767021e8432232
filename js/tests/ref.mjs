// ref.mjs: what the suites share: the package under test ($GINRUMMY_PKG,
// else the one make wasm built beside js/src), the native library's
// answers (js/tests/native-ref, $NATIVE_REF) and the same random hands.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = process.env.GINRUMMY_PKG || join(here, '..', 'ginrummy');
export const gr = await import(pathToFileURL(join(pkg, 'index.mjs')).href);
export const pkgDir = pkg;

const refPath = process.env.NATIVE_REF || join(here, 'native-ref');
export const haveNative = existsSync(refPath);
/** The native program's output lines for these arguments. */
export function native(...args) {
    return execFileSync(refPath, args.map(String), { encoding: 'utf8', maxBuffer: 1 << 26 }).trimEnd().split('\n');
}

const M64 = (1n << 64n) - 1n;
/** splitmix64, as native-ref.c has it */
export function splitmix(state) {
    state.s = (state.s + 0x9E3779B97F4A7C15n) & M64;
    let z = state.s;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & M64;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & M64;
    return z ^ (z >> 31n);
}
export function randomHand(state, n) {
    let h = 0n;
    while (n > 0) {
        const c = splitmix(state) % 52n;
        if (!((h >> c) & 1n)) { h |= 1n << c; n--; }
    }
    return h;
}
/** a save text on one line, as native-ref prints it */
export const oneLine = (text) => text.replace(/\n/g, '|').replace(/\|$/, '|');
