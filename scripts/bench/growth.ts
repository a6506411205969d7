// npm run bench:growth -- RUN.json RUN.json [RUN.json…] [--out docs/benchmarks.md]
// (a later run at the same size, e.g. with --only, replaces the reads it measured again)
//
// Puts the runs of `npm run bench -- --users N --json RUN.json` at several sizes into one table
// (scripts/bench/growth-table.ts) between the growth markers of the report file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { renderGrowth, type BenchRun } from './growth-table';

const MARK_START = '<!-- growth:start -->';
const MARK_END = '<!-- growth:end -->';

/** Reads whose plan scans a table on purpose. */
const NOTES: Record<string, string> = {
  movement: 'the count runs at most once per STATS_CACHE_SECONDS per process; requests read the cached figure',
  'debate page': 'the debate tables hold only the benched debate, a few pages: scanning them is the right plan at that size',
  'challenge view': 'challenge_members holds only the benched challenge, one page',
};

const { values, positionals } = parseArgs({ options: { out: { type: 'string', default: 'docs/benchmarks.md' } }, allowPositionals: true });
if (positionals.length < 2) {
  console.error('Usage: npm run bench:growth -- RUN.json RUN.json [RUN.json…] [--out FILE] (runs of npm run bench -- --json FILE at two sizes or more)');
  process.exit(2);
}
const runs = positionals.map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchRun);
const block = `${MARK_START}\n${renderGrowth(runs, NOTES)}\n${MARK_END}`;
const current = existsSync(values.out) ? readFileSync(values.out, 'utf8') : '# Benchmarks\n';
const start = current.indexOf(MARK_START);
const end = current.indexOf(MARK_END);
const text = start >= 0 && end > start ? current.slice(0, start) + block + current.slice(end + MARK_END.length) : `${current.trimEnd()}\n\n## Growth (issue 16)\n\n${block}\n`;
writeFileSync(values.out, text);
console.log(`The growth table of ${runs.length} runs is in ${values.out}.`);
