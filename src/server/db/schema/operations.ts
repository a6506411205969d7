import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, tstz } from './columns';

/**
 * What the operator's tools did to keep the data safe (issue 30): each base backup, each check of
 * a backup (`npm run backup:verify`), each restore drill, by the app's own backups of the
 * embedded PostgreSQL or by pgBackRest. /metrics and /admin/system read the last of each kind.
 */
export const backupEvents = pgTable(
  'backup_events',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    tool: text('tool').notNull(),
    startedAt: tstz('started_at').notNull(),
    finishedAt: tstz('finished_at').notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    /** The backup's name as the tool knows it (a folder name, a pgBackRest label). */
    label: text('label'),
    /** Figures: bytes, WAL range, rows checked, seconds; never a secret. */
    detail: jsonb('detail').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [
    check('backup_events_kind', sql`${t.kind} in ('base-backup', 'verify', 'restore-drill')`),
    check('backup_events_tool', sql`${t.tool} in ('embedded', 'pgbackrest')`),
    index('backup_events_kind_finished_idx').on(t.kind, t.finishedAt.desc()),
  ],
);
