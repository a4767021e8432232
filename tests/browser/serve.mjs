// serve.mjs: a static file server on 127.0.0.1 for the browser test (any
// static server serves examples/web; this one needs nothing installed).
//   node tests/browser/serve.mjs DIR [PORT]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { join, normalize, extname } from 'node:path';

const TYPES = {
    '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript', '.js': 'text/javascript',
    '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
};

/** Serve `dir` on 127.0.0.1:port (0: any free port); resolves to the server. */
export function serve(dir, port = 0) {
    const server = createServer(async (req, res) => {
        try {
            let path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
            if (path.endsWith('/')) path += 'index.html';
            const file = join(dir, path);
            if (!file.startsWith(dir)) throw new Error('outside');
            if ((await stat(file)).isDirectory()) throw new Error('directory');
            res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
            res.end(await readFile(file));
        } catch {
            res.writeHead(404).end('not found');
        }
    });
    return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
    const s = await serve(process.argv[2] || '.', Number(process.argv[3] || 8000));
    console.log(`serving ${process.argv[2] || '.'} on http://127.0.0.1:${s.address().port}/`);
}
