import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRendererFrom, RENDERER_FILE, withRenderedPage } from './page-render';
import { securityHeaders } from './security';
import { staticSite, type StaticSiteOptions } from './static-site';

const INDEX = `<!doctype html><html><head>
    <!-- Who is signed in: every page asks first. -->
    <link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous" />
    <title>App</title></head><body>
    <div id="root"></div>
    <script type="module" src="/assets/app.js"></script></body></html>`;

describe('withRenderedPage', () => {
  it('puts the page in the root element and its data beside it, and drops the session preload', () => {
    const html = withRenderedPage(INDEX, { html: '<h1>Hello</h1>', state: '{"queries":[]}' });
    expect(html).toContain('<div id="root"><h1>Hello</h1></div>');
    expect(html).toContain('<script type="application/json" id="server-state">{"queries":[]}</script>');
    expect(html).not.toContain('/api/session');
    expect(html).not.toContain('Who is signed in');
    expect(html).toContain('<title>App</title>');
  });

  it('keeps people\'s text from closing the data\'s script element', () => {
    const state = JSON.stringify({ name: '</script><script>alert(1)</script>\u2028' });
    const html = withRenderedPage(INDEX, { html: '', state });
    const script = /<script type="application\/json" id="server-state">([^]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toContain('<');
    expect(JSON.parse(script)).toEqual(JSON.parse(state));
  });

  it('leaves a page without an empty root element as it is', () => {
    expect(withRenderedPage('<main></main>', { html: '<p>x</p>', state: '{}' })).toBe('<main></main>');
  });
});

describe('pageRendererFrom', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-render-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const logger = pino({ level: 'silent' });

  it('is null while there is no build', async () => {
    expect(await pageRendererFrom(path.join(dir, 'none'), logger)()).toBeNull();
  });

  it('loads the build once, and again when a new build replaces it', async () => {
    const file = path.join(dir, RENDERER_FILE);
    writeFileSync(file, 'export const renderPage = async () => ({ html: "one", state: "{}" });');
    utimesSync(file, new Date(1_000_000), new Date(1_000_000));
    const renderer = pageRendererFrom(dir, logger);
    const first = await renderer();
    expect(await first!.renderPage({ url: '/', origin: 'http://x', language: 'en', theme: 'system', timeZone: 'UTC', fetchApi: fetch })).toEqual({ html: 'one', state: '{}' });
    expect(await renderer()).toBe(first);
    writeFileSync(file, 'export const renderPage = async () => ({ html: "two", state: "{}" });');
    utimesSync(file, new Date(2_000_000), new Date(2_000_000));
    expect((await (await renderer())!.renderPage({ url: '/', origin: 'http://x', language: 'en', theme: 'system', timeZone: 'UTC', fetchApi: fetch }))?.html).toBe('two');
  });

  it('is null when the build cannot be loaded or exports no renderer', async () => {
    const file = path.join(dir, RENDERER_FILE);
    writeFileSync(file, 'this is not javascript (');
    utimesSync(file, new Date(3_000_000), new Date(3_000_000));
    expect(await pageRendererFrom(dir, logger)()).toBeNull();
    writeFileSync(file, 'export const other = 1;');
    utimesSync(file, new Date(4_000_000), new Date(4_000_000));
    expect(await pageRendererFrom(dir, logger)()).toBeNull();
  });
});

describe('staticSite with a page renderer', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'static-site-render-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const site = (renderPage: StaticSiteOptions['renderPage']) => {
    const app = new Hono();
    app.use('*', securityHeaders());
    app.route('/', staticSite(dist, { renderPage }));
    return app;
  };

  it('sends the drawn page, and its CSP allows exactly the style attributes it carries', async () => {
    const app = site(async (c) => ({ html: `<p style="width:40%">${c.req.path}</p>`, state: '{}' }));
    const res = await app.request('/caucus/1');
    const html = await res.text();
    expect(html).toContain('<div id="root"><p style="width:40%">/caucus/1</p></div>');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("style-src-attr 'unsafe-hashes' 'sha256-");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('sends the empty page for the browser to draw when the renderer gives nothing', async () => {
    const app = site(async () => null);
    const html = await (await app.request('/debate/1')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('href="/api/session"');
    expect(html).not.toContain('server-state');
  });
});
