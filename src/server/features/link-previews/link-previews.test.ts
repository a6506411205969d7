import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationCodeFrom } from '../../../domain/caucuses/caucus-schemas';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/auth';
import { CSP_NONCE_PLACEHOLDER, PAGE_HEAD_END, PAGE_HEAD_START } from '../../http/static-site';
import { createCaucusRow } from '../../test/caucus-factories';
import { createDebateRow } from '../../test/debate-factories';
import { createUser } from '../../test/factories';
import { createTestApp, TEST_ORIGIN } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';
import { genericPreview, pageHeadHtml, SITE_DESCRIPTION, SITE_NAME } from './link-preview-meta';
import { caucusCardVersion } from './share-card';
import { cardFontsWork, createShareImageCache, renderCaucusCard } from './share-images.service';

/**
 * Issue 12, "links that travel": every described page read as a link-preview crawler reads it
 * (a plain GET, a crawler's User-Agent, no cookie, no Origin), its tags parsed from the HTML.
 */

const TEMPLATE = readFileSync(path.resolve('src/web/index.html'), 'utf8');
let dist: string;
let database: Database;
let t: ReturnType<typeof createTestApp>;

beforeAll(async () => {
  // The real template, with what the build adds: the nonce on its tags.
  dist = mkdtempSync(path.join(tmpdir(), 'link-previews-'));
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE.replace('</head>', `<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head>`));
  database = await createTestDatabase();
  t = createTestApp(database.db, { webDist: dist });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const CRAWLER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const crawl = (url: string, app = t.app) => app.request(url, { headers: { 'user-agent': CRAWLER, accept: 'text/html' } });

const decodeEntities = (text: string) =>
  text.replace(/&(quot|#39|lt|gt|amp);/g, (_m, e: string) => ({ quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' })[e]!);

/** The page's title and its preview tags (description, og:*, twitter:*: name or property → content), as a crawler reads them; a tag twice is an error. */
function headOf(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decodeEntities(m[1]!));
  const meta: Record<string, string> = {};
  for (const [, attributes] of head.matchAll(/<meta\s([^>]*?)\/?>/g)) {
    const attrs = Object.fromEntries([...attributes!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((m) => [m[1]!, decodeEntities(m[2]!)]));
    const key = attrs.name ?? attrs.property;
    if (!key || attrs.content === undefined || !/^(description$|og:|twitter:)/.test(key)) continue;
    if (key in meta) throw new Error(`${key} twice in the page`);
    meta[key] = attrs.content;
  }
  return { titles, meta };
}

/** The page at `url`: a 404 where the app shows its "Page Not Found" or a page's not-found (decision 038). */
async function page(url: string, app = t.app, status: 200 | 404 = 200) {
  const res = await crawl(url, app);
  expect(res.status, url.slice(0, 60)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  return { res, html, ...headOf(html) };
}

const GENERIC = {
  description: SITE_DESCRIPTION,
  'og:site_name': SITE_NAME,
  'og:type': 'website',
  'og:title': SITE_NAME,
  'og:description': SITE_DESCRIPTION,
  'twitter:card': 'summary',
  'twitter:title': SITE_NAME,
  'twitter:description': SITE_DESCRIPTION,
};

/** A code no caucus of this database has. */
async function unusedCode(): Promise<string> {
  for (;;) {
    const code = invitationCodeFrom(randomBytes(6));
    const found = await database.db.execute(sql`select 1 from caucuses where invitation_code = ${code}`);
    if (found.rows.length === 0) return code;
  }
}

const HOSTILE_NAME = `"><script>alert('x')</script> Tom & Jerry's`;
const PASSWORD = 'sekrit-password-42';

describe('the template', () => {
  it('holds the page head between its markers, and its own tags are the generic preview (what the Vite dev server shows)', () => {
    const start = TEMPLATE.indexOf(PAGE_HEAD_START);
    const end = TEMPLATE.indexOf(PAGE_HEAD_END);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    expect(TEMPLATE.indexOf(PAGE_HEAD_START, start + 1)).toBe(-1);
    const block = TEMPLATE.slice(start + PAGE_HEAD_START.length, end);
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    expect(squash(block)).toBe(squash(pageHeadHtml(genericPreview(), TEST_ORIGIN)));
    expect(TEMPLATE.slice(0, start)).not.toMatch(/<title|name="description"|og:|twitter:/);
    expect(TEMPLATE.slice(end)).not.toMatch(/<title|name="description"|og:|twitter:/);
  });
});

describe('a caucus invitation: /join-caucus/{code} and /join/{code}', () => {
  it('names the caucus, its level and district, links the share image, and never shows the password', async () => {
    const caucus = await createCaucusRow(database.db, { name: HOSTILE_NAME, state: 'TX', district: 7, level: 2, isOpen: false, password: PASSWORD });
    const image = `${TEST_ORIGIN}/share/caucus/${caucus.id}.png?v=${caucusCardVersion(caucus)}`;
    const description = `You're invited to ${HOSTILE_NAME}, a level 2 caucus of Texas (TX-7). Join this caucus and help your district elect its Delegate, unanimously.`;
    const alt = `Invitation to ${HOSTILE_NAME}: Level 2 caucus · Texas · TX-7. Join this caucus.`;
    const expected = {
      description,
      'og:site_name': SITE_NAME,
      'og:type': 'website',
      'og:title': `Invitation to ${HOSTILE_NAME}`,
      'og:description': description,
      'og:url': `${TEST_ORIGIN}/join-caucus/${caucus.invitationCode}`,
      'og:image': image,
      'og:image:type': 'image/png',
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': alt,
      'twitter:card': 'summary_large_image',
      'twitter:title': `Invitation to ${HOSTILE_NAME}`,
      'twitter:description': description,
      'twitter:image': image,
      'twitter:image:alt': alt,
    };
    for (const url of [`/join-caucus/${caucus.invitationCode}`, `/join/${caucus.invitationCode.toLowerCase()}`, `/join/${caucus.invitationCode}/`]) {
      const { html, titles, meta } = await page(url);
      expect(titles, url).toEqual([`Invitation to ${HOSTILE_NAME} · ${SITE_NAME}`]);
      expect(meta, url).toMatchObject(expected);
      expect(html).not.toContain(PASSWORD);
      expect(html).not.toContain("<script>alert('x')");
      expect(html).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; Tom &amp; Jerry&#39;s');
    }
  });

  it('keeps the page’s nonce and its policy, and a name is never taken for the nonce placeholder', async () => {
    const caucus = await createCaucusRow(database.db, { name: `${CSP_NONCE_PLACEHOLDER} caucus` });
    const { res, html, titles } = await page(`/join-caucus/${caucus.invitationCode}`);
    expect(titles).toEqual([`Invitation to ${CSP_NONCE_PLACEHOLDER} caucus · ${SITE_NAME}`]);
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)![1]!;
    expect(nonce).not.toBe(CSP_NONCE_PLACEHOLDER);
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // Only the share image may be embedded by other sites.
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('gives an unknown or malformed code the generic page', async () => {
    for (const url of [`/join-caucus/${await unusedCode()}`, '/join-caucus/AB12', '/join/%00%00%00%00%00%00', '/join-caucus/%E0%A4%A']) {
      const { titles, meta } = await page(url, t.app, 404);
      expect(titles, url).toEqual([SITE_NAME]);
      expect(meta, url).toEqual(GENERIC);
    }
  });
});

describe('a caucus: /caucus/{id}', () => {
  it('shows what the invitation page shows a guest: name, level, district, the share image; never the password or the invitation code', async () => {
    const caucus = await createCaucusRow(database.db, { name: 'Maple & Oak "Neighbours"', state: 'AK', district: 1, level: 3, isOpen: false, password: PASSWORD });
    const description = 'Maple & Oak "Neighbours" is a level 3 caucus of Alaska (AK-AL). Its voters elect their Delegate, unanimously. Sign in to see it and take your seat.';
    const { html, titles, meta } = await page(`/caucus/${caucus.id}`);
    expect(titles).toEqual([`Maple & Oak "Neighbours" · ${SITE_NAME}`]);
    expect(meta).toMatchObject({
      description,
      'og:type': 'website',
      'og:title': 'Maple & Oak "Neighbours"',
      'og:description': description,
      'og:url': `${TEST_ORIGIN}/caucus/${caucus.id}`,
      'og:image': `${TEST_ORIGIN}/share/caucus/${caucus.id}.png?v=${caucusCardVersion(caucus)}`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Maple & Oak "Neighbours"',
    });
    expect(html).not.toContain(PASSWORD);
    expect(html).not.toContain(caucus.invitationCode);
  });

  it('gives an unknown or malformed id the generic page', async () => {
    for (const url of [`/caucus/${randomUUID()}`, '/caucus/123', `/caucus/${randomUUID()}%00`, '/caucus/x'.padEnd(5000, 'x')]) {
      const { meta } = await page(url, t.app, 404);
      expect(meta, url.slice(0, 60)).toEqual(GENERIC);
    }
  });
});

describe('the share image: /share/caucus/{id}.png', () => {
  it('is a 1200×630 PNG at the address the page names, cacheable, embeddable by other sites', async () => {
    const caucus = await createCaucusRow(database.db, { name: HOSTILE_NAME, isOpen: false, password: PASSWORD });
    const { meta } = await page(`/caucus/${caucus.id}`);
    const res = await crawl(meta['og:image']!.slice(TEST_ORIGIN.length));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('etag')).toBe(`"${caucusCardVersion(caucus)}"`);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const png = Buffer.from(await res.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(png.toString('latin1')).not.toContain(PASSWORD);
  });

  it('answers 304 to a crawler that already has it', async () => {
    const caucus = await createCaucusRow(database.db);
    const url = `/share/caucus/${caucus.id}.png`;
    const etag = (await crawl(url)).headers.get('etag')!;
    const res = await t.app.request(url, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
    expect((await t.app.request(url, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('takes the id in any letter case', async () => {
    const caucus = await createCaucusRow(database.db);
    expect((await crawl(`/share/caucus/${caucus.id.toUpperCase()}.png`)).status).toBe(200);
  });

  it('is a 404 for an unknown id and for anything that is no id', async () => {
    const caucus = await createCaucusRow(database.db);
    for (const url of [
      `/share/caucus/${randomUUID()}.png`,
      `/share/caucus/${caucus.id}`,
      `/share/caucus/${caucus.id}.jpg`,
      `/share/caucus/${caucus.id}.png%00`,
      '/share/caucus/abc.png',
      `/share/caucus/${'x'.repeat(5000)}.png`,
    ]) {
      const res = await crawl(url);
      expect(res.status, url.slice(0, 60)).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Image not found' } });
    }
  });

  it('draws the text with a real font: a name of wide letters comes out wider than one of narrow letters', async () => {
    /** The rightmost column with white (title) pixels in the title's band of the card. */
    const titleRight = async (name: string) => {
      const { data, info } = await sharp(await renderCaucusCard({ name, state: 'OH', district: 3, level: 1 }))
        .extract({ left: 0, top: 215, width: 1200, height: 90 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      let right = 0;
      for (let i = 0; i < data.length; i += info.channels) if (data[i]! > 200 && data[i + 1]! > 200 && data[i + 2]! > 200) right = Math.max(right, (i / info.channels) % info.width);
      return right - 80;
    };
    const narrow = await titleRight('iiiiiiiiii');
    const wide = await titleRight('MMMMMMMMMM');
    expect(narrow).toBeGreaterThan(100);
    // DejaVu Sans Bold: i is 0.34 em, M 1.0 em. Missing glyphs (no font) would all be the same box.
    expect(wide / narrow).toBeGreaterThan(2);
    // The start-up check says the same.
    expect(await cardFontsWork()).toBe(true);
  });
});

describe('the share image cache', () => {
  const png = (n: number) => Buffer.from([n]);

  it('renders a card once, also for requests at the same time', async () => {
    const cache = createShareImageCache(10);
    let renders = 0;
    const render = async () => png(++renders);
    const [a, b] = await Promise.all([cache.get('v1', render), cache.get('v1', render)]);
    expect(await cache.get('v1', render)).toEqual(png(1));
    expect([a, b]).toEqual([png(1), png(1)]);
    expect(renders).toBe(1);
  });

  it('keeps at most its size, dropping the least recently used', async () => {
    const cache = createShareImageCache(2);
    let renders = 0;
    const render = async () => png(++renders);
    await cache.get('a', render);
    await cache.get('b', render);
    await cache.get('a', render); // a is now the most recently used
    await cache.get('c', render); // b goes
    expect(cache.size).toBe(2);
    expect(renders).toBe(3);
    await cache.get('a', render);
    expect(renders).toBe(3);
    await cache.get('b', render);
    expect(renders).toBe(4);
  });

  it('does not keep a failed render', async () => {
    const cache = createShareImageCache(2);
    await expect(cache.get('v', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('v', async () => png(7))).toEqual(png(7));
  });
});

describe('a profile: /profile/{id}', () => {
  it('shows the name, tagline, level, home and points of a confirmed member, with the photo; never the email or bio', async () => {
    const photoId = randomUUID();
    const user = await createUser(database.db, {
      name: `Ada "Countess" O'Neil & Co`,
      tagline: 'Counting <every> vote',
      bio: 'my private bio text',
      state: 'OH',
      district: 3,
      banners: 2,
      brownies: 1,
      sparks: 0,
      image: `/api/photos/${photoId}`,
    });
    // Elected delegate of a finalized level 1 caucus: level 2.
    await createCaucusRow(database.db, { electionFinalized: true, votingStarted: true, votingFinalized: true, electedDelegateId: user.id });
    const description = 'Counting <every> vote — Level 2 member in Ohio (OH-3) · 2 Banners · 1 Brownie · 0 Sparks';
    const { html, titles, meta } = await page(`/profile/${user.id}`);
    expect(titles).toEqual([`Ada "Countess" O'Neil & Co Profile · ${SITE_NAME}`]);
    expect(meta).toEqual({
      description,
      'og:site_name': SITE_NAME,
      'og:type': 'profile',
      'og:title': `Ada "Countess" O'Neil & Co Profile`,
      'og:description': description,
      'og:url': `${TEST_ORIGIN}/profile/${user.id}`,
      'og:image': `${TEST_ORIGIN}/api/photos/${photoId}`,
      'og:image:type': 'image/webp',
      'og:image:width': '512',
      'og:image:height': '512',
      'og:image:alt': `Photo of Ada "Countess" O'Neil & Co`,
      'twitter:card': 'summary',
      'twitter:title': `Ada "Countess" O'Neil & Co Profile`,
      'twitter:description': description,
      'twitter:image': `${TEST_ORIGIN}/api/photos/${photoId}`,
      'twitter:image:alt': `Photo of Ada "Countess" O'Neil & Co`,
    });
    expect(html).not.toContain(user.email);
    expect(html).not.toContain('my private bio text');
    expect(html).not.toContain('<every>');
  });

  it('does not describe a hidden or an unconfirmed account, nor an unknown or malformed id', async () => {
    const hidden = await createUser(database.db, { name: 'Hidden Harriet' });
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, hidden.id));
    const unconfirmed = await createUser(database.db, { name: 'Unconfirmed Ulla', emailVerified: false, emailVerifiedAt: null });
    // The hidden and the unconfirmed are pages all the same ("Former member", a profile); the others show "Profile not found".
    for (const [url, status] of [
      [`/profile/${hidden.id}`, 200],
      [`/profile/${unconfirmed.id}`, 200],
      [`/profile/${randomUUID()}`, 404],
      ['/profile/me', 404],
      ['/profile/%00', 404],
    ] as const) {
      const { html, titles, meta } = await page(url, t.app, status);
      expect(titles, url).toEqual([SITE_NAME]);
      expect(meta, url).toEqual(GENERIC);
      expect(html).not.toMatch(/Hidden Harriet|Unconfirmed Ulla/);
    }
  });
});

describe('a debate: /debate/{id}', () => {
  it('shows its title and prompt', async () => {
    const creator = await createUser(database.db);
    const debate = await createDebateRow(database.db, creator.id, { title: 'Meet <weekly> & "often"?', prompt: 'Should the caucus\n\nmeet every week?' });
    const { titles, meta } = await page(`/debate/${debate.id}`);
    expect(titles).toEqual([`Debate: Meet <weekly> & "often"? · ${SITE_NAME}`]);
    expect(meta).toEqual({
      description: 'Should the caucus meet every week?',
      'og:site_name': SITE_NAME,
      'og:type': 'article',
      'og:title': 'Debate: Meet <weekly> & "often"?',
      'og:description': 'Should the caucus meet every week?',
      'og:url': `${TEST_ORIGIN}/debate/${debate.id}`,
      'twitter:card': 'summary',
      'twitter:title': 'Debate: Meet <weekly> & "often"?',
      'twitter:description': 'Should the caucus meet every week?',
    });
  });

  it('gives an unknown debate the generic page', async () => {
    expect((await page(`/debate/${randomUUID()}`, t.app, 404)).meta).toEqual(GENERIC);
  });
});

describe('a badge: /badge/{name}', () => {
  it.each(['/badge/life-of-the-party', '/badge/Life%20of%20the%20Party', '/badge/LIFE%20OF%20THE%20PARTY/'])('%s shows the badge of the catalogue', async (url) => {
    const description = 'Received 10 Brownies in one day. How to earn it: Receive 10 Brownies in one day.';
    const { titles, meta } = await page(url);
    expect(titles).toEqual([`Life of the Party · ${SITE_NAME}`]);
    expect(meta).toEqual({
      description,
      'og:site_name': SITE_NAME,
      'og:type': 'website',
      'og:title': 'Life of the Party',
      'og:description': description,
      'og:url': `${TEST_ORIGIN}/badge/life-of-the-party`,
      'twitter:card': 'summary',
      'twitter:title': 'Life of the Party',
      'twitter:description': description,
    });
  });

  it.each(['/badge/no-such-badge', '/badge/%E0%A4%A', '/badge/%00', `/badge/${'a'.repeat(300)}`])('%s is the generic page', async (url) => {
    expect((await page(url, t.app, 404)).meta).toEqual(GENERIC);
  });
});

describe('every other page', () => {
  it.each([
    ['/', 200],
    ['/index.html', 200],
    ['/the-movement', 200],
    ['/badges', 200],
    ['/profile', 200],
    ['/no/such/page', 404],
    [`/challenge/${randomUUID()}`, 404],
  ] as const)('%s has the generic title and preview', async (url, status) => {
    const { titles, meta } = await page(url, t.app, status);
    expect(titles).toEqual([SITE_NAME]);
    expect(meta).toEqual(GENERIC);
  });
});

describe('when the lookup fails', () => {
  it('sends the generic page (never a 500) and logs why', async () => {
    const broken = await createTestDatabase();
    await broken.db.execute(sql`drop table debates cascade`);
    const app = createTestApp(broken.db, { webDist: dist });
    const { meta } = await page(`/debate/${randomUUID()}`, app.app);
    expect(meta).toEqual(GENERIC);
    expect(app.logs).toContainEqual(expect.objectContaining({ level: 40, msg: 'link preview: lookup failed, generic preview sent', page: 'debate' }));
  });
});
