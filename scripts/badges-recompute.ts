// npm run badges:recompute [-- --fix]
// Re-derives every user's badges from the ledgers, prints the differences (missing and
// unexpected, per badge, with counts and a few user ids) and, with --fix, awards the missing
// ones with their badge_earned activities. Never removes a badge. See
// docs/decisions/010-badge-engine.md.
import { parseArgs } from 'node:util';
import { systemClock } from '../src/server/clock';
import { openAppDatabase } from '../src/server/db/app-database';
import { formatRecomputeReport, recomputeBadges } from '../src/server/features/badges/badge-recompute.service';
import { loadSettings } from '../src/server/settings';

const { values } = parseArgs({ options: { fix: { type: 'boolean', default: false }, sample: { type: 'string', default: '5' } } });
const sample = Number(values.sample);
if (!Number.isInteger(sample) || sample < 1 || sample > 100) {
  console.error('Usage: npm run badges:recompute [-- --fix] [--sample N (1..100)]');
  process.exit(2);
}

const settings = loadSettings();
const database = await openAppDatabase({ settings, direct: true, whenAppRunning: 'attach', log: (m) => console.log(m) });
try {
  const report = await recomputeBadges({ db: database.db, clock: systemClock }, { fix: values.fix, sample });
  console.log(formatRecomputeReport(report));
} finally {
  await database.close();
}
