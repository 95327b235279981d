import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/http/env';
import { withCompression } from '../../server/node/compression';
import { serveFrontEnd } from '../../server/node/static';
import { precompress } from '../../scripts/build/precompress';
import { startTestServer, type TestServer } from './harness';

/** The front end as the Node server sends it: the build's compressed copies, and gzip on GET replies. */
let root: string;
let server: TestServer;
const script = `export const words = ${JSON.stringify('後勤管理系統 Back Office '.repeat(400))};\n`;

beforeAll(async () => {
  server = await startTestServer();
  root = mkdtempSync(path.join(tmpdir(), 'static-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), `<!doctype html><html lang="zh-HK"><body><div id="root"></div>${'<!-- -->'.repeat(200)}</body></html>`);
  writeFileSync(path.join(root, 'assets', 'app-1234.js'), script);
  writeFileSync(path.join(root, 'assets', 'tiny-1234.js'), 'export {};\n');
  writeFileSync(path.join(root, 'assets', 'font-1234.woff2'), Buffer.alloc(4096, 7));
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await server.close();
});

/** The real app with the front end, as server/main.ts serves it. */
function frontEnd() {
  serveFrontEnd(server.app, root);
  return withCompression(server.app);
}

/** A bare app with a long and a short reply, behind the same outer layer. */
function replies() {
  const app = new Hono<AppEnv>();
  app.get('/api/list', (c) => c.json({ items: Array.from({ length: 200 }, (_, id) => ({ id, name: `客戶 ${id}` })) }));
  app.post('/api/list', (c) => c.json({ items: Array.from({ length: 200 }, (_, id) => ({ id })) }));
  serveFrontEnd(app, root);
  return withCompression(app);
}

describe('the build’s compressed copies', () => {
  it('are written beside each text file worth compressing, and decompress to the same bytes', () => {
    expect(precompress(root)).toBe(2); // the script and index.html; not the tiny script nor the font
    const raw = readFileSync(path.join(root, 'assets', 'app-1234.js'));
    expect(brotliDecompressSync(readFileSync(path.join(root, 'assets', 'app-1234.js.br')))).toEqual(raw);
    expect(gunzipSync(readFileSync(path.join(root, 'assets', 'app-1234.js.gz')))).toEqual(raw);
    expect(() => readFileSync(path.join(root, 'assets', 'tiny-1234.js.br'))).toThrow();
    expect(() => readFileSync(path.join(root, 'assets', 'font-1234.woff2.br'))).toThrow();
  });

  it('are sent to a browser that accepts them, Brotli first, with the script’s own type and caching', async () => {
    const app = frontEnd();
    const br = await app.request('/assets/app-1234.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/^text\/javascript/);
    expect(br.headers.get('Vary')).toMatch(/Accept-Encoding/);
    expect(br.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gz = await app.request('/assets/app-1234.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/app-1234.js');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});

describe('gzip on the way out', () => {
  it('compresses a GET reply for a browser that accepts gzip', async () => {
    const app = replies();
    const reply = await app.request('/api/list', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(reply.headers.get('Content-Encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await reply.arrayBuffer())).toString()) as { items: { name: string }[] };
    expect(body.items[199]?.name).toBe('客戶 199');
    const page = await app.request('/clients', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(page.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await page.arrayBuffer())).toString()).toContain('<div id="root">');
  });

  it('leaves alone replies to writes, and browsers that do not ask', async () => {
    const app = replies();
    const post = await app.request('/api/list', { method: 'POST', headers: { 'Accept-Encoding': 'gzip' } });
    expect(post.headers.get('Content-Encoding')).toBeNull();
    expect(((await post.json()) as { items: unknown[] }).items).toHaveLength(200);
    const plain = await app.request('/api/list');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(((await plain.json()) as { items: unknown[] }).items).toHaveLength(200);
  });
});

describe('source maps', () => {
  it('are never sent, nor their compressed copies, however the path is spelled', async () => {
    const map = JSON.stringify({ version: 3, sources: ['../../server/secret.ts'], sourcesContent: ['const secret = 1;\n'.repeat(200)] });
    writeFileSync(path.join(root, 'assets', 'app-1234.js.map'), map);
    writeFileSync(path.join(root, 'assets', 'app-1234.js.map.gz'), gzipSync(map));
    writeFileSync(path.join(root, 'assets', 'app-1234.js.map.br'), brotliCompressSync(map));
    const app = replies();
    for (const asked of ['/assets/app-1234.js.map', '/assets/app-1234.js.map.gz', '/assets/app-1234.js.map.br', '/assets/app-1234.js%2Emap', '/assets/APP-1234.JS.MAP']) {
      for (const encoding of ['gzip, br', '']) {
        const reply = await app.request(asked, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
        expect(reply.status, asked).toBe(404);
        expect(Buffer.from(await reply.arrayBuffer()).toString('latin1'), asked).not.toContain('sourcesContent');
      }
    }
    // The script itself is still served.
    expect((await app.request('/assets/app-1234.js')).status).toBe(200);
  });

  it('are built hidden for the production front end (no link in the scripts) and not at all for the demo', async () => {
    const { default: config } = await import('../../vite.config');
    const build = (mode: string) => (typeof config === 'function' ? config({ mode, command: 'build', isSsrBuild: false }) : config).build;
    expect(build('production')?.sourcemap).toBe('hidden');
    expect(build('demo')?.sourcemap).toBe(false);
  });
});
