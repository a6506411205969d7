import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './security';
import { CSP_NONCE_PLACEHOLDER, PAGE_HEAD_END, PAGE_HEAD_START, staticSite, withoutStylesheetLink, withPageHead } from './static-site';

let dist: string;
let app: Hono;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'static-site-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>`,
  );
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  app = new Hono();
  app.use('*', securityHeaders());
  app.route('/', staticSite(dist));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const styleSrc = (res: Response) =>
  res.headers
    .get('content-security-policy')!
    .split('; ')
    .find((d) => d.startsWith('style-src '))!;

describe('staticSite', () => {
  it.each(['/', '/index.html', '/caucus/123', '/profile'])('answers %s with index.html carrying a fresh nonce that its CSP allows', async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
    const nonces = [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]!);
    expect(nonces).toHaveLength(2);
    expect(new Set(nonces).size).toBe(1);
    expect(styleSrc(res)).toBe(`style-src 'self' 'nonce-${nonces[0]}'`);
    expect(res.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('never gives two answers the same nonce', async () => {
    const [a, b] = await Promise.all([app.request('/'), app.request('/')]);
    expect(styleSrc(a!)).not.toBe(styleSrc(b!));
  });

  it('serves assets as files under the strict policy', async () => {
    const res = await app.request('/assets/app.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('console.log(1)');
    expect(styleSrc(res)).toBe("style-src 'self'");
  });
});

describe('the page head (decision 020)', () => {
  const page = `<head><meta charset="UTF-8">${PAGE_HEAD_START}<title>Generic</title>${PAGE_HEAD_END}<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head>`;

  it('puts the head between the markers, and leaves a page without them as it is', () => {
    expect(withPageHead(page, '<title>Own</title>')).toBe(
      `<head><meta charset="UTF-8">${PAGE_HEAD_START}\n    <title>Own</title>\n    ${PAGE_HEAD_END}<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head>`,
    );
    expect(withPageHead('<head><title>Generic</title></head>', '<title>Own</title>')).toBe('<head><title>Generic</title></head>');
    expect(withPageHead(`<head>${PAGE_HEAD_END}${PAGE_HEAD_START}</head>`, 'x')).toBe(`<head>${PAGE_HEAD_END}${PAGE_HEAD_START}</head>`);
  });

  it('asks for the head of each page by its raw path, and never turns text in it into the nonce', async () => {
    const headDist = mkdtempSync(path.join(tmpdir(), 'static-site-head-'));
    try {
      writeFileSync(path.join(headDist, 'index.html'), page);
      const asked: string[] = [];
      const site = new Hono();
      site.use('*', securityHeaders());
      const describePage = async (rawPath: string) => {
        asked.push(rawPath);
        return { head: `<title>${CSP_NONCE_PLACEHOLDER}</title>`, status: 200 as const };
      };
      site.route('/', staticSite(headDist, { describePage }));
      const res = await site.request('/badge/Life%20of%20the%20Party?x=1');
      const html = await res.text();
      expect(asked).toEqual(['/badge/Life%20of%20the%20Party']);
      expect(html).toContain(`<title>${CSP_NONCE_PLACEHOLDER}</title>`);
      expect(html).not.toContain('<title>Generic</title>');
      expect(html).not.toContain(`nonce="${CSP_NONCE_PLACEHOLDER}"`);
    } finally {
      rmSync(headDist, { recursive: true, force: true });
    }
  });
});

describe('the stylesheet inside the page (decision 056)', () => {
  const link = `<link rel="stylesheet" crossorigin href="/assets/index-abc.css" nonce="${CSP_NONCE_PLACEHOLDER}">`;
  const index = `<!doctype html><html><head><script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>\n    ${link}\n</head><body><div id="root"></div></body></html>`;
  let styled: string;
  beforeAll(() => {
    styled = mkdtempSync(path.join(tmpdir(), 'static-site-css-'));
    mkdirSync(path.join(styled, 'assets'));
    writeFileSync(path.join(styled, 'index.html'), index);
    writeFileSync(path.join(styled, 'assets', 'index-abc.css'), 'body{color:red}');
  });
  afterAll(() => rmSync(styled, { recursive: true, force: true }));

  it('sends the build\'s CSS in a <style> with the page\'s nonce, last in the head, instead of the <link>', async () => {
    const site = new Hono();
    site.use('*', securityHeaders());
    site.route('/', staticSite(styled));
    const res = await site.request('/caucus/123');
    const html = await res.text();
    expect(html).not.toContain('rel="stylesheet"');
    const nonce = /<script type="module" src="\/assets\/app.js" nonce="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`<style nonce="${nonce}">body{color:red}</style></head>`);
    expect(styleSrc(res)).toBe(`style-src 'self' 'nonce-${nonce}'`);
  });

  it('keeps the <link> when the file is missing, there are several, or the CSS could close the element', () => {
    expect(withoutStylesheetLink(index, path.join(styled, 'none'))).toEqual({ html: index, css: null });
    const two = index.replace(link, `${link}${link.replace('index-abc', 'other')}`);
    expect(withoutStylesheetLink(two, styled)).toEqual({ html: two, css: null });
    writeFileSync(path.join(styled, 'assets', 'index-abc.css'), 'a::after{content:"</style>"}');
    expect(withoutStylesheetLink(index, styled)).toEqual({ html: index, css: null });
    writeFileSync(path.join(styled, 'assets', 'index-abc.css'), 'body{color:red}');
  });
});
