import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { pageTarget, type PageTarget } from '../../../domain/routing/page-targets';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { caucuses } from '../../db/schema/caucuses';
import { challenges } from '../../db/schema/challenges';
import { debates } from '../../db/schema/debates';
import { premiumBadges } from '../../db/schema/points';
import { loggableError } from '../../logger';
import { describePage as previewOf, type LinkPreviewDeps } from '../link-previews/link-previews.service';
import { describeUnsubscribe } from '../notifications/notification-settings.service';

export interface PageDeps extends LinkPreviewDeps {
  /** The app's secret (AUTH_SECRET): an unsubscribe link's token is signed with it. */
  secret: string;
}

/** What the server sends for a page of the web app, beside the app itself. */
export interface PageDescription {
  /** Its title and link-preview tags (decision 020). */
  head: string;
  /** 404 when the page shows "Page Not Found" or its own not-found (decision 038), else 200. */
  status: 200 | 404;
}

/** Whether a row with this id is in `table`: one lookup by its primary key. */
async function exists(db: Db, table: PgTable, column: AnyPgColumn, value: string): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(table).where(eq(column, value)).limit(1);
  return rows.length > 0;
}

/** Whether what `target` names is there: what the page's own query would find. */
async function found(deps: PageDeps, target: PageTarget): Promise<boolean> {
  switch (target.kind) {
    case 'page':
      return true;
    case 'missing':
      return false;
    case 'caucus':
      return exists(deps.db, caucuses, caucuses.id, target.id);
    // The public profile page shows any account it is given, a former member's too.
    case 'profile':
      return exists(deps.db, users, users.id, target.id);
    case 'debate':
      return exists(deps.db, debates, debates.id, target.id);
    case 'challenge':
      return exists(deps.db, challenges, challenges.id, target.id);
    case 'premium-badge':
      return exists(deps.db, premiumBadges, premiumBadges.id, target.id);
    case 'invitation':
      return exists(deps.db, caucuses, caucuses.invitationCode, target.code);
    case 'unsubscribe':
      return describeUnsubscribe(deps.secret, target.token) !== null;
  }
}

/**
 * The head and status of the page at `rawPath` (the request's path, still percent-encoded).
 * A page described by its own preview was found by that lookup; any other is looked up once
 * (one indexed query at most). A lookup that fails leaves the page a 200 (logged): the app
 * itself then says what it finds.
 */
export async function describePage(deps: PageDeps, rawPath: string): Promise<PageDescription> {
  const preview = await previewOf(deps, rawPath);
  if (preview.described) return { head: preview.head, status: 200 };
  const target = pageTarget(rawPath);
  try {
    return { head: preview.head, status: (await found(deps, target)) ? 200 : 404 };
  } catch (error) {
    deps.logger.warn({ err: loggableError(error), page: target.kind }, 'page status: lookup failed, the page is answered 200');
    return { head: preview.head, status: 200 };
  }
}
