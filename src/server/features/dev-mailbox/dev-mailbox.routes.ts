import { desc, eq, ilike } from 'drizzle-orm';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/platform';

const page = (title: string, body: unknown) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Dev mailbox</title>
  </head>
  <body style="font-family:system-ui,sans-serif;max-width:900px;margin:0 auto;padding:16px;color:#0f172a">
    <header style="display:flex;gap:12px;align-items:baseline;flex-wrap:wrap">
      <h1 style="font-size:22px;margin:8px 0"><a href="/dev/mailbox" style="color:#1e3a8a">Dev mailbox</a></h1>
      <p style="margin:0;color:#475569">Mail the app would have sent. This page exists only outside production.</p>
    </header>
    <main>${body}</main>
  </body>
</html>`;

/** The outbox, readable in the browser when no SMTP server is configured (never in production). */
export function devMailboxRoutes(deps: { db: Db }) {
  const app = new Hono();

  app.get('/', async (c) => {
    const to = c.req.query('to')?.trim();
    const rows = await deps.db
      .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(to ? ilike(mailOutbox.toAddress, to) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(200);
    const list = rows.length
      ? html`<table style="width:100%;border-collapse:collapse">
          <thead><tr style="text-align:left"><th>To</th><th>Subject</th><th>Time</th></tr></thead>
          <tbody>
            ${rows.map(
              (r) => html`<tr style="border-top:1px solid #e2e8f0">
                <td style="padding:6px 4px">${r.to}</td>
                <td style="padding:6px 4px"><a href="/dev/mailbox/${r.id}">${r.subject}</a></td>
                <td style="padding:6px 4px"><time datetime="${r.createdAt.toISOString()}">${r.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></td>
              </tr>`,
            )}
          </tbody>
        </table>`
      : html`<p>No messages yet.</p>`;
    return c.html(page('Inbox', html`<form method="get" style="margin:12px 0"><label>Filter by recipient <input name="to" value="${to ?? ''}" /></label> <button>Filter</button></form>${list}`));
  });

  app.get('/messages.json', async (c) => {
    const to = z.string().min(1).safeParse(c.req.query('to'));
    const rows = await deps.db
      .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(to.success ? ilike(mailOutbox.toAddress, to.data) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    return c.json(rows);
  });

  app.get('/:id', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    const [row] = id.success ? await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id.data)) : [];
    if (!row) return c.html(page('Not found', html`<p>No such message.</p>`), 404);
    return c.html(
      page(
        row.subject,
        html`<article>
          <p><strong>To:</strong> ${row.toAddress}<br /><strong>Subject:</strong> ${row.subject}<br /><strong>Time:</strong> ${row.createdAt.toISOString()}</p>
          <div style="border:1px solid #e2e8f0;border-radius:8px;padding:16px">${raw(row.htmlBody)}</div>
        </article>`,
      ),
    );
  });

  return app;
}
