import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { matchRoute, readRoutePreloads, routePreloadLinks } from './route-preloads';
import { CSP_NONCE_PLACEHOLDER, staticSite } from './static-site';

const PATTERNS = ['/', '/auth', '/caucus/:id', '/challenge', '/challenge/:id', '/join-caucus/:invitationCode', '*'];

describe('matchRoute', () => {
  it.each([
    ['/', '/'],
    ['/auth', '/auth'],
    ['/auth/', '/auth'],
    ['/caucus/4b6f', '/caucus/:id'],
    ['/caucus/4b6f/extra', '*'],
    ['/caucus', '*'],
    ['/challenge', '/challenge'],
    ['/challenge/9', '/challenge/:id'],
    ['/join-caucus/AbC123', '/join-caucus/:invitationCode'],
    ['/no-such-page', '*'],
  ])('%s takes %s', (pathname, pattern) => {
    expect(matchRoute(PATTERNS, pathname)).toBe(pattern);
  });

  it('is null when nothing matches and there is no catch-all', () => {
    expect(matchRoute(['/auth'], '/elsewhere')).toBeNull();
  });
});

describe('routePreloadLinks', () => {
  const preloads = { '/caucus/:id': ['/assets/caucus-page-1a.js', '/assets/card-2b.js'], '*': ['/assets/not-found-3c.js'] };

  it('lists the chunks of the route, with the nonce', () => {
    expect(routePreloadLinks(preloads, '/caucus/7', 'N0nce')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/caucus-page-1a.js" nonce="N0nce"><link rel="modulepreload" crossorigin href="/assets/card-2b.js" nonce="N0nce">',
    );
    expect(routePreloadLinks(preloads, '/nowhere', 'N')).toContain('/assets/not-found-3c.js');
  });

  it('ignores anything that is not one of our script assets', () => {
    const odd = { '/': ['/assets/ok-1.js', '"><script>alert(1)</script>', 'https://elsewhere.example/x.js', '/assets/../secret.js'] };
    expect(routePreloadLinks(odd, '/', 'N')).toBe('<link rel="modulepreload" crossorigin href="/assets/ok-1.js" nonce="N">');
  });

  it('is empty without a list', () => {
    expect(routePreloadLinks({}, '/caucus/7', 'N')).toBe('');
  });
});

describe('index.html with the route preloads of the build', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'route-preloads-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body></body></html>`);
  writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify({ '/caucus/:id': ['/assets/caucus-page-1a.js'], '/': ['/assets/landing-9z.js'] }));
  const site = staticSite(dist);

  it('preloads the page of the path asked, with the answer’s nonce, in <head>', async () => {
    const html = await (await site.request('/caucus/123')).text();
    const nonce = html.match(/nonce="([^"]+)"/)![1]!;
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/caucus-page-1a.js" nonce="${nonce}"></head>`);
    expect(html).not.toContain('landing-9z');
    expect(await (await site.request('/')).text()).toContain('/assets/landing-9z.js');
  });

  it('reads a damaged list as none', () => {
    const other = mkdtempSync(path.join(tmpdir(), 'route-preloads-bad-'));
    writeFileSync(path.join(other, 'route-preloads.json'), '{not json');
    expect(readRoutePreloads(other)).toEqual({});
    rmSync(other, { recursive: true, force: true });
  });
});
