import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, compressResponses } from './compression';
import { staticSite } from './static-site';

describe('chooseEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', null],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['GZIP', 'gzip'],
  ])('%j -> %s', (header, expected) => expect(chooseEncoding(header)).toBe(expected));
});

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Caucus number ${i}`, district: i % 53 })) };

function appWith() {
  const app = new Hono();
  app.use('*', compressResponses);
  app.get('/big', (c) => c.json(big));
  app.get('/small', (c) => c.json({ ok: true }));
  app.get('/cookie', (c) => {
    c.header('set-cookie', 'a=1; HttpOnly');
    return c.json(big);
  });
  app.get('/image', (c) => c.body(new Uint8Array(4096), 200, { 'content-type': 'image/webp' }));
  app.get('/stream', (c) => streamSSE(c, async (s) => s.writeSSE({ data: 'x'.repeat(4096) })));
  return app;
}

describe('compressResponses', () => {
  const app = appWith();

  it('answers JSON with brotli when the browser takes it, and the bytes are the same JSON', async () => {
    const res = await app.request('/big', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    expect(bytes.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(brotliDecompressSync(bytes).toString('utf8'))).toEqual(big);
  });

  it('falls back to gzip, and to none', async () => {
    const gz = await app.request('/big', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8'))).toEqual(big);
    const plain = await app.request('/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(big);
  });

  it('keeps the cookies of the answer it compresses', async () => {
    const res = await app.request('/cookie', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.getSetCookie()).toEqual(['a=1; HttpOnly']);
  });

  it('leaves small answers, images and live streams as they are', async () => {
    for (const url of ['/small', '/image', '/stream']) {
      const res = await app.request(url, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers.get('content-encoding'), url).toBeNull();
    }
  });
});

describe('the web build, compressed once at build time', () => {
  let dist: string;
  const js = `export const text = ${JSON.stringify('the web app '.repeat(500))};`;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), js);
    writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(dist, 'assets', 'app.js.gz'), gzipSync(js));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sends the .br or .gz beside the file, with the file’s type and long caching', async () => {
    const app = new Hono();
    app.use('*', compressResponses);
    app.route('/', staticSite(dist));
    const br = await app.request('/assets/app.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(js);
    const gz = await app.request('/assets/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);
    const plain = await app.request('/assets/app.js');
    expect(await plain.text()).toBe(js);
  });
});
