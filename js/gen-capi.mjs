// gen-capi.mjs: read include/ginrummy.h and write capi.mjs, the C API as
// data for the JavaScript binding: every GR_API function with its C
// parameter and result types, every public struct with its fields laid out
// as wasm32 (clang's ILP32 ABI: int 4, pointer 4, size_t 4, uint64_t and
// double 8-aligned), and every integer constant (#define and enum).  The
// tests compare the struct sizes with gr_struct_size() of the built module.
// Also writes the list of exported symbols for emcc (-sEXPORTED_FUNCTIONS).
//
//   node gen-capi.mjs include/ginrummy.h OUT_capi.mjs OUT_exports.txt
import { readFileSync, writeFileSync } from 'node:fs';

const [header, outModule, outExports] = process.argv.slice(2);
const raw = readFileSync(header, 'utf8');
const text = raw.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/.*$/gm, '');

// ---- integer constants: #define NAME number, enum members ----------------
const constants = {};
const evalInt = (expr) => {
    let e = expr.trim().replace(/\(\s*gr_card\s*\)|\(\s*gr_cards\s*\)|\(\s*int\s*\)/g, '');
    e = e.replace(/\b(0x[0-9a-fA-F]+|\d+)(ull|ul|u|ll|l)?\b/gi, '$1');
    e = e.replace(/\b[A-Z_][A-Z0-9_]*\b/g, (n) => (n in constants ? String(constants[n]) : n));
    if (!/^[\s\d()+\-*|<>x0-9a-fA-F]*$/.test(e)) return undefined;
    try { return Function(`return (${e});`)(); } catch { return undefined; }
};
for (const m of text.matchAll(/^#define\s+(GR_[A-Z0-9_]+)\s+(.+)$/gm)) {
    const v = evalInt(m[2]);
    if (v !== undefined && Number.isSafeInteger(v)) constants[m[1]] = v;
}
const enums = {};
for (const m of text.matchAll(/enum\s*(\w*)\s*\{([^}]*)\}/g)) {
    let next = 0;
    const members = [];
    for (const item of m[2].split(',')) {
        const mm = item.trim().match(/^([A-Z_][A-Z0-9_]*)(?:\s*=\s*(.+))?$/s);
        if (!mm) continue;
        const v = mm[2] !== undefined ? evalInt(mm[2]) : next;
        constants[mm[1]] = v;
        members.push(mm[1]);
        next = v + 1;
    }
    if (m[1]) enums[m[1]] = members;
}
// a #define naming an enum member (GR_OPT_BOX_BONUS GR_OPT_HAND_BONUS)
for (const m of text.matchAll(/^#define\s+(GR_[A-Z0-9_]+)\s+(GR_[A-Z0-9_]+)\s*$/gm))
    if (m[2] in constants) constants[m[1]] = constants[m[2]];

// ---- structs ---------------------------------------------------------------
const scalar = {
    int: [4, 4, 'i32'], unsigned: [4, 4, 'u32'], int32_t: [4, 4, 'i32'],
    size_t: [4, 4, 'u32'], uint8_t: [1, 1, 'u8'], gr_card: [1, 1, 'card'],
    gr_cards: [8, 8, 'cards'], uint64_t: [8, 8, 'u64'], double: [8, 8, 'f64'],
    float: [4, 4, 'f32'], 'const char *': [4, 4, 'string'], 'void *': [4, 4, 'ptr'],
};
const structs = {};
const bodies = {};
for (const m of text.matchAll(/typedef\s+struct\s+(\w+)\s*\{([^}]*)\}\s*\1\s*;/g)) bodies[m[1]] = m[2];
function layout(name) {
    if (structs[name]) return structs[name];
    const fields = [];
    let off = 0, align = 1;
    for (let decl of bodies[name].split(';')) {
        decl = decl.replace(/\s+/g, ' ').trim();
        if (!decl) continue;
        if (/\(\s*\*/.test(decl)) { // a function pointer
            const fname = decl.match(/\(\s*\*\s*(\w+)\s*\)/)[1];
            off = Math.ceil(off / 4) * 4;
            fields.push({ name: fname, kind: 'ptr', offset: off, count: 0 });
            off += 4; align = Math.max(align, 4);
            continue;
        }
        const m = decl.match(/^((?:const\s+)?[A-Za-z_]\w*(?:\s*\*)?)\s*(.*)$/);
        let base = m[1].replace(/\s*\*$/, ' *').replace(/\s+/g, ' ').trim();
        for (let part of m[2].split(',')) {
            part = part.trim();
            let ptr = false;
            if (part.startsWith('*')) { ptr = true; part = part.slice(1).trim(); }
            const pm = part.match(/^(\w+)(?:\s*\[\s*([^\]]+)\s*\])?$/);
            const fname = pm[1];
            const count = pm[2] ? evalInt(pm[2]) : 0;
            let t = ptr ? (base === 'const char' ? 'const char *' : 'void *') : base;
            if (t.endsWith(' *') && t !== 'const char *') t = 'void *';
            let size, al, kind, type;
            if (scalar[t]) [size, al, kind] = scalar[t];
            else if (bodies[t]) { const s = layout(t); size = s.size; al = s.align; kind = 'struct'; type = t; }
            else throw new Error(`${name}.${fname}: unknown type ${t}`);
            off = Math.ceil(off / al) * al;
            const f = { name: fname, kind, offset: off, count };
            if (type) f.type = type;
            fields.push(f);
            off += size * (count || 1);
            align = Math.max(align, al);
        }
    }
    const size = Math.ceil(off / align) * align;
    return (structs[name] = { size, align, fields });
}
for (const name of Object.keys(bodies)) layout(name);

// ---- functions -------------------------------------------------------------
const functions = {};
const argKind = (t) => {
    t = t.replace(/\bconst\b/g, '').replace(/\bstruct\b/g, '').replace(/\s+/g, ' ').trim();
    if (t.includes('*') || t.includes('[')) return 'ptr';
    if (t === 'gr_cards' || t === 'uint64_t') return 'u64';
    if (t === 'double' || t === 'float') return t;
    if (bodies[t]) return 'byval';   // a struct by value: passed by address (wasm32 C ABI)
    return 'i32';
};
for (const m of text.matchAll(/GR_API\s+([^;(]*?)\b(gr_\w+)\s*\(([^)]*)\)\s*;/g)) {
    const ret = m[1].replace(/\s+/g, ' ').trim();
    const params = m[3].trim() === 'void' ? [] : m[3].split(',').map((p) => {
        p = p.replace(/\s+/g, ' ').trim();
        const arr = /\[[^\]]*\]$/.test(p);
        const pm = p.replace(/\[[^\]]*\]$/, '').match(/^(.*?)(\w+)$/);
        const ctype = (pm[1].trim() + (arr ? ' *' : '')).replace(/\s+\*/g, ' *');
        return { name: pm[2], ctype, kind: argKind(ctype), ...(argKind(ctype) === 'byval' ? { type: ctype.replace(/\bconst\b/, '').trim() } : {}) };
    });
    functions[m[2]] = { ret: ret === 'void' ? 'void' : ret === 'const char *' ? 'string' : argKind(ret), params };
}

const out = `// Generated by js/gen-capi.mjs from include/ginrummy.h: do not edit.
export const FUNCTIONS = ${JSON.stringify(functions)};
export const STRUCTS = ${JSON.stringify(structs)};
export const CONSTANTS = ${JSON.stringify(constants)};
export const ENUMS = ${JSON.stringify(enums)};
`;
writeFileSync(outModule, out);
writeFileSync(outExports, ['_malloc', '_free', ...Object.keys(functions).map((f) => '_' + f)].join(',') + '\n');
console.log(`gen-capi: ${Object.keys(functions).length} functions, ${Object.keys(structs).length} structs, ${Object.keys(constants).length} constants`);
