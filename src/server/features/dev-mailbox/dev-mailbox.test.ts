import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { enqueueMail } from '../../mail/outbox';
import { createTestDatabase } from '../../test/test-database';
import { createTestApp } from '../../test/test-app';

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

  it('does not exist in production mode', async () => {
    const t = createTestApp(database.db, { settings: { isProduction: true } });
    expect((await t.request('/dev/mailbox')).status).toBe(404);
    expect((await t.request('/dev/mailbox/messages.json')).status).toBe(404);
  });
});
