import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { createTestDatabase } from '../../test/test-database';
import { createTestApp } from '../../test/test-app';
import { cspHash, styleAttributeSources } from '../../http/security';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});

describe('/dev/mailbox', () => {
  it('lists each message and shows its body with working links', async () => {
    await enqueueMail(database.db, {
      to: 'reader@example.test',
      subject: 'Confirm your email',
      text: 'Go to http://localhost:3000/x',
      html: '<p><a href="http://localhost:3000/x">Confirm Email</a></p>',
    });
    const t = createTestApp(database.db);
    const list = await t.request('/dev/mailbox');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('reader@example.test');
    const id = html.match(/href="\/dev\/mailbox\/([0-9a-f-]{36})"/)![1]!;
    const message = await (await t.request(`/dev/mailbox/${id}`)).text();
    expect(message).toContain('<a href="http://localhost:3000/x">Confirm Email</a>');
    const json = (await (await t.request('/dev/mailbox/messages.json?to=reader@example.test')).json()) as { subject: string }[];
    expect(json.map((m) => m.subject)).toEqual(['Confirm your email']);
  });

  it('shows the extra headers of a message (List-Unsubscribe) in the page and the JSON', async () => {
    await enqueueMail(database.db, {
      to: 'headers@example.test',
      subject: 'Your caucus is full',
      text: 'Full.',
      html: '<p>Full.</p>',
      headers: { 'List-Unsubscribe': '<http://localhost:3000/unsubscribe/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const t = createTestApp(database.db);
    const json = (await (await t.request('/dev/mailbox/messages.json?to=headers@example.test')).json()) as { id: string; headers: Record<string, string> }[];
    expect(json[0]!.headers).toEqual({ 'List-Unsubscribe': '<http://localhost:3000/unsubscribe/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const page = await (await t.request(`/dev/mailbox/${json[0]!.id}`)).text();
    expect(page).toContain('<dt>List-Unsubscribe</dt><dd>&lt;http://localhost:3000/unsubscribe/abc&gt;</dd>');
    expect(page).toContain('<dt>List-Unsubscribe-Post</dt><dd>List-Unsubscribe=One-Click</dd>');
  });

  it('is served to this machine only: a client elsewhere on the network gets a 404', async () => {
    const t = createTestApp(database.db);
    for (const remoteAddress of ['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1']) {
      expect((await t.request('/dev/mailbox', { remoteAddress })).status, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1', '128.0.0.1']) {
      expect((await t.request('/dev/mailbox', { remoteAddress })).status, remoteAddress).toBe(404);
      expect((await t.request('/dev/mailbox/messages.json', { remoteAddress })).status, remoteAddress).toBe(404);
    }
  });

  it('shows a styled mail under a CSP that allows exactly its style attributes, nothing inline of its own', async () => {
    await enqueueMail(database.db, {
      to: 'styled@example.test',
      subject: 'Styled',
      text: 'Styled',
      html: '<div style="color:#0f172a"><p style=\'margin:0 0 16px\'>Hi</p><p style="font-family:&quot;A&quot;">x</p></div>',
    });
    const t = createTestApp(database.db);
    const [mail] = (await (await t.request('/dev/mailbox/messages.json?to=styled@example.test')).json()) as { id: string }[];
    const res = await t.request(`/dev/mailbox/${mail!.id}`);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).not.toContain('unsafe-inline');
    const attr = csp.split('; ').find((d) => d.startsWith('style-src-attr '));
    expect(attr).toBe(`style-src-attr 'unsafe-hashes' ${[cspHash('color:#0f172a'), cspHash('margin:0 0 16px'), cspHash('font-family:"A"')].join(' ')}`);
    const list = await t.request('/dev/mailbox');
    expect(await list.text()).not.toMatch(/\sstyle=/);
    expect(list.headers.get('content-security-policy')).not.toContain('style-src-attr');
  });

  it('finds no style attributes in a mail without any', () => {
    expect(styleAttributeSources('<p>plain</p>')).toEqual({});
  });

  it('does not exist in production mode', async () => {
    const t = createTestApp(database.db, { settings: { isProduction: true } });
    expect((await t.request('/dev/mailbox')).status).toBe(404);
    expect((await t.request('/dev/mailbox/messages.json')).status).toBe(404);
  });
});
