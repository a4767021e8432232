// Every function of ginrummy.h is called by the JavaScript API or listed in
// UNBOUND with its reason; the generated struct layouts have the sizes the
// library reports; index.d.ts declares every export.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gr, pkgDir } from './ref.mjs';

const rt = await import(pathToFileURL(join(pkgDir, 'runtime.mjs')).href);
const sources = readdirSync(pkgDir).filter((f) => f.endsWith('.mjs') && !f.startsWith('ginrummy_wasm') && f !== 'capi.mjs')
    .map((f) => readFileSync(join(pkgDir, f), 'utf8')).join('\n');

test('every C function is called or listed in UNBOUND with a reason', () => {
    const missing = [];
    for (const name of Object.keys(rt.FUNCTIONS)) {
        const called = new RegExp(`M\\._${name}\\(|cfunc\\('${name}'\\)`).test(sources) || (/_free$/.test(name) && sources.includes(`'${name}'`));
        if (!called && !rt.UNBOUND[name]) missing.push(name);
        if (called && rt.UNBOUND[name]) missing.push(`${name} (called and listed)`);
    }
    assert.deepEqual(missing, []);
    for (const name of Object.keys(rt.UNBOUND)) assert.ok(rt.FUNCTIONS[name], `UNBOUND lists ${name}, which ginrummy.h lacks`);
    assert.ok(Object.keys(rt.FUNCTIONS).length > 190);
});

test('the fast calls are the wasm exports themselves', () => {
    assert.equal(rt.cfunc('gr_deadwood'), rt.M.asm.gr_deadwood);
    assert.equal(typeof rt.M.asm.gr_deadwood, 'function');
});

test('struct layouts have the sizes the library reports (gr_struct_size)', () => {
    let known = 0;
    for (const [name, s] of Object.entries(rt.STRUCTS)) {
        const size = rt.withString(name, (p) => rt.M._gr_struct_size(p));
        assert.equal(s.size, size, name);   // -1: gr_struct_size does not know it
        known++;
    }
    assert.ok(known >= 27, `${known} structs compared`);
});

test('index.d.ts declares every export of index.mjs', () => {
    const dts = readFileSync(join(pkgDir, 'index.d.ts'), 'utf8');
    const missing = Object.keys(gr).filter((k) => !new RegExp(`export (declare )?(const|function|class|type|interface|let) ${k}\\b`).test(dts));
    assert.deepEqual(missing, []);
});

test('the package has its files, its name and the version of the library', () => {
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    assert.equal(pkg.name, 'ginrummy');
    assert.equal(pkg.version, gr.version);
    assert.equal(pkg.type, 'module');
    for (const f of ['index.mjs', 'index.d.ts', 'README.md', 'ginrummy_wasm.wasm', 'ginrummy_wasm.mjs'])
        assert.ok(readdirSync(pkgDir).includes(f), f);
    assert.match(readFileSync(join(pkgDir, 'README.md'), 'utf8'), /import .* from 'ginrummy'/);
});

test('the READMEs\' JavaScript examples run and print what they say', async () => {
    const { execFileSync } = await import('node:child_process');
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { fileURLToPath } = await import('node:url');
    const here = fileURLToPath(new URL('.', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'grjs-'));
    try {
        for (const readme of [join(here, '..', 'README.md'), join(here, '..', '..', 'README.md')]) {
            const text = readFileSync(readme, 'utf8');
            const blocks = [...text.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
            assert.ok(blocks.length >= 1, readme);
            for (const code of blocks) {
                const file = join(dir, 'example.mjs');
                writeFileSync(file, code.replace(/from 'ginrummy'/g, `from '${pathToFileURL(join(pkgDir, 'index.mjs')).href}'`));
                const out = execFileSync(process.execPath, [file], { encoding: 'utf8' });
                // a "// X" comment after a console.log is what it prints
                const lines = out.trimEnd().split('\n');
                const said = [...code.matchAll(/console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1].trim());
                const logs = [...code.matchAll(/console\.log\(.*\);(.*)$/gm)];
                logs.forEach((m, i) => {
                    const c = m[1].match(/\/\/ (.*)$/);
                    if (c) assert.equal(lines[i], c[1].trim(), readme);
                });
                assert.ok(said.length >= 1, `${readme}: an example says what it prints`);
            }
        }
    } finally { rmSync(dir, { recursive: true }); }
});
