import { desc, eq, ilike } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { html, raw } from 'hono/html';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/platform';
import { allowStyles, cspHash, styleAttributeSources, type StyleSources } from '../../http/security';
import { singleLineText } from '../../../domain/text/text-schema';

/** A recipient filter: one line of printable text (PostgreSQL refuses NUL). */
const recipientFilter = singleLineText().trim().min(1).max(254);

const STYLE = `
  body { font-family: system-ui, sans-serif; max-width: 900px; margin: 0 auto; padding: 16px; color: #0f172a; }
  header { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; }
  header h1 { font-size: 22px; margin: 8px 0; }
  header h1 a { color: #1e3a8a; }
  header p { margin: 0; color: #475569; }
  form { margin: 12px 0; }
  table { width: 100%; border-collapse: collapse; }
  thead tr { text-align: left; }
  tbody tr { border-top: 1px solid #e2e8f0; }
  td { padding: 6px 4px; }
  .mail { border: 1px solid #e2e8f0; border-radius: 8px; padding: 16px; margin: 12px 0; }
  .headers dt { font-weight: 600; }
  .headers dd { margin: 0 0 8px; font-family: ui-monospace, monospace; font-size: 13px; overflow-wrap: anywhere; }
  .text { white-space: pre-wrap; overflow-wrap: anywhere; }
`;
/** The CSP allows this one `<style>` by its hash: no 'unsafe-inline' (decision 016). */
const STYLE_SOURCE = cspHash(STYLE);

const page = (c: Context, title: string, body: unknown, extra: StyleSources = {}) => {
  allowStyles(c, { ...extra, elements: [STYLE_SOURCE, ...(extra.elements ?? [])] });
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Dev mailbox</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <header>
      <h1><a href="/dev/mailbox">Dev mailbox</a></h1>
      <p>Mail the app would have sent. This page exists only outside production.</p>
    </header>
    <main>${body}</main>
  </body>
</html>`;
};

/** The outbox, readable in the browser when no SMTP server is configured (never in production). */
export function devMailboxRoutes(deps: { db: Db }) {
  const app = new Hono();

  app.get('/', async (c) => {
    const filter = recipientFilter.safeParse(c.req.query('to'));
    const to = filter.success ? filter.data : undefined;
    const rows = await deps.db
      .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(to ? ilike(mailOutbox.toAddress, to) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(200);
    const list = rows.length
      ? html`<table>
          <thead><tr><th>To</th><th>Subject</th><th>Time</th></tr></thead>
          <tbody>
            ${rows.map(
              (r) => html`<tr>
                <td>${r.to}</td>
                <td><a href="/dev/mailbox/${r.id}">${r.subject}</a></td>
                <td><time datetime="${r.createdAt.toISOString()}">${r.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time></td>
              </tr>`,
            )}
          </tbody>
        </table>`
      : html`<p>No messages yet.</p>`;
    return c.html(page(c, 'Inbox', html`<form method="get"><label>Filter by recipient <input name="to" value="${to ?? ''}" /></label> <button>Filter</button></form>${list}`));
  });

  app.get('/messages.json', async (c) => {
    const to = recipientFilter.safeParse(c.req.query('to'));
    const rows = await deps.db
      .select({ id: mailOutbox.id, to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody, headers: mailOutbox.headers, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(to.success ? ilike(mailOutbox.toAddress, to.data) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(50);
    return c.json(rows);
  });

  app.get('/:id', async (c) => {
    const id = z.uuid().safeParse(c.req.param('id'));
    const [row] = id.success ? await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id.data)) : [];
    if (!row) return c.html(page(c, 'Not found', html`<p>No such message.</p>`), 404);
    return c.html(
      page(
        c,
        row.subject,
        html`<article>
          <p><strong>To:</strong> ${row.toAddress}<br /><strong>Subject:</strong> ${row.subject}<br /><strong>Time:</strong> ${row.createdAt.toISOString()}</p>
          ${Object.keys(row.headers).length
            ? html`<details open><summary>Headers</summary><dl class="headers">${Object.entries(row.headers).map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl></details>`
            : ''}
          <div class="mail">${raw(row.htmlBody)}</div>
          <details><summary>Plain text</summary><pre class="text">${row.textBody}</pre></details>
        </article>`,
        styleAttributeSources(row.htmlBody),
      ),
    );
  });

  return app;
}
