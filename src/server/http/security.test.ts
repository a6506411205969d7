import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { allowStyles, contentSecurityPolicy, cspHash, newCspNonce, securityHeaders } from './security';

/** The policy's directives by name. */
const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  it('allows nothing inline by default', () => {
    const policy = contentSecurityPolicy();
    expect(policy).not.toContain('unsafe-inline');
    const d = directives(policy);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('style-src')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.has('style-src-attr')).toBe(false);
  });

  it('adds a response’s nonce or hashes to style-src, and style attribute hashes to style-src-attr', () => {
    const d = directives(contentSecurityPolicy({ elements: ["'nonce-abc123=='"], attributes: ["'unsafe-hashes'", cspHash('color:red')] }));
    expect(d.get('style-src')).toEqual(["'self'", "'nonce-abc123=='"]);
    expect(d.get('style-src-attr')).toEqual(["'unsafe-hashes'", cspHash('color:red')]);
    expect(d.get('script-src')).toEqual(["'self'"]);
  });

  it.each(["'unsafe-inline'", '*', 'https:', "'self'; script-src *", "'nonce-a b'"])('refuses %s as an extra style source', (source) => {
    expect(() => contentSecurityPolicy({ elements: [source] })).toThrow(/Not a nonce or hash/);
    expect(() => contentSecurityPolicy({ attributes: [source] })).toThrow(/Not a nonce or hash/);
  });

  it('hashes text as the browser does (sha256, base64)', () => {
    expect(cspHash('a{}')).toBe(`'sha256-${createHash('sha256').update('a{}').digest('base64')}'`);
  });

  it('makes a new 128-bit nonce each time', () => {
    const a = newCspNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newCspNonce()).not.toBe(a);
  });
});

describe('securityHeaders', () => {
  const app = new Hono();
  app.use('*', securityHeaders());
  app.get('/json', (c) => c.json({ ok: true }));
  app.get('/page', (c) => {
    allowStyles(c, { elements: ["'nonce-n1'"] });
    allowStyles(c, { elements: [cspHash('b{}')] });
    return c.html('<p>hi</p>');
  });
  app.get('/boom', (c) => {
    allowStyles(c, { elements: ["'unsafe-inline'"] });
    return c.text('no');
  });

  it('sends the strict policy and the other headers on every answer', async () => {
    const res = await app.request('/json');
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('adds what a handler allowed for its own answer only', async () => {
    const page = await app.request('/page');
    expect(directives(page.headers.get('content-security-policy')!).get('style-src')).toEqual(["'self'", "'nonce-n1'", cspHash('b{}')]);
    const json = await app.request('/json');
    expect(json.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });

  it('fails rather than send a policy with unsafe-inline', async () => {
    const res = await app.request('/boom');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy());
  });
});
