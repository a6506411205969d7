// PLACEHOLDER so that scripts/backup.ts compiles on the backup helper's branch: the pgbackrest
// helper writes the real file (issue 30); at merge the lead takes theirs and adjusts the one call
// in scripts/backup.ts if its arguments differ.
import type { Db } from '../db/client';
import type { Settings } from '../settings';
import type { BackupTool } from './backup-tool';

export function pgbackrestTool(_deps: { settings: Settings; db: Db; log: (message: string) => void }): BackupTool {
  throw new Error('pgBackRest support is not on this branch');
}
