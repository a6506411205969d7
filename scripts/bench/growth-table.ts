// The growth table of issue 16: every read's p95 at each size the bench ran at, the 10M/1M
// ratio against the goal (within 1.3x), and whether the plans at the largest size use indexes.
// Pure: runs in, markdown out (scripts/bench/growth.ts reads and writes the files).
import type { MachineSpeed } from './machine-speed';

export interface Measured {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** One `npm run bench -- --json FILE` run. */
export interface BenchRun {
  measuredAt: string;
  users: number;
  counts: Record<string, number>;
  pgVersion: string;
  workers: number;
  connections: number;
  durationS: number;
  loadBefore: number[];
  /** The machine's speed before the load (machine-speed.ts); runs before 2026-11-29 lack it. */
  speedBefore?: MachineSpeed;
  results: Array<{ name: string; route: string; write: boolean; app: Measured; raw: Measured | null; cost: unknown }>;
  plans: Array<{ name: string; route: string; plan: string }>;
}

/** The growth goal: a read at the largest size within this factor of its p95 one size below. */
export const GROWTH_FACTOR_GOAL = 1.3;

/** Tables small enough that a sequential scan is the right plan at any size of the movement. */
const SMALL_TABLES = new Set(['badges', 'app_processes']);

/** The tables a plan reads with a sequential scan (other than the small ones). */
export function sequentialScans(plan: string): string[] {
  const tables = new Set<string>();
  for (const match of plan.matchAll(/Seq Scan on (\w+)/g)) if (!SMALL_TABLES.has(match[1]!)) tables.add(match[1]!);
  return [...tables].sort();
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : fmt(n, n < 10 ? 2 : 1));
const size = (users: number) =>
  users >= 1_000_000 ? `${fmt(users / 1_000_000, users % 1_000_000 === 0 ? 0 : 1)}M` : users >= 1_000 ? `${fmt(users / 1_000)}k` : fmt(users);

/**
 * Runs at the same size, merged in the order given: a later run's measurement of a read (and its
 * plan) replaces an earlier one's, so one read can be measured again after a change without
 * running every read again. The merged run keeps the first run's description.
 */
export function mergeRuns(runs: readonly BenchRun[]): BenchRun[] {
  const bySize = new Map<number, BenchRun>();
  for (const run of runs) {
    const first = bySize.get(run.users);
    if (!first) {
      bySize.set(run.users, { ...run, results: [...run.results], plans: [...run.plans] });
      continue;
    }
    for (const result of run.results) {
      const at = first.results.findIndex((r) => r.name === result.name);
      if (at >= 0) first.results[at] = result;
      else first.results.push(result);
      first.plans = [...first.plans.filter((p) => p.name !== result.name), ...run.plans.filter((p) => p.name === result.name)];
    }
  }
  return [...bySize.values()];
}

/**
 * The table: one row per read measured in the largest run (in its order), a column per run
 * (smallest first), the ratio of the two largest, and the largest run's plans checked for
 * sequential scans. `notes` explain a read whose plan scans on purpose (a cached count).
 */
export function renderGrowth(runs: readonly BenchRun[], notes: Readonly<Record<string, string>> = {}): string {
  const sorted = mergeRuns(runs).sort((a, b) => a.users - b.users);
  if (sorted.length < 2) throw new Error('The growth table needs runs at two sizes or more.');
  const largest = sorted[sorted.length - 1]!;
  const below = sorted[sorted.length - 2]!;
  const p95 = (run: BenchRun, name: string) => run.results.find((r) => r.name === name && !r.write)?.app.p95;
  const lines: string[] = [];
  lines.push(`Read p95 (ms) by size of the movement, each size measured by \`npm run bench -- --users N --json FILE\` and put together by \`npm run bench:growth\`:`);
  lines.push('');
  for (const run of sorted) {
    const c = run.counts;
    lines.push(
      `- ${size(run.users)}: ${fmt(run.users)} users, ${fmt(c.caucuses ?? 0)} caucuses, ${fmt(c.caucusMembers ?? 0)} caucus members, ${fmt(c.activities ?? 0)} activities, ` +
        `${fmt(c.privateMessages ?? 0)} private messages (${fmt(c.conversations ?? 0)} conversation rows), ${fmt(c.sparks ?? 0)} Sparks ledger rows; ` +
        `measured ${run.measuredAt.replace(/\.\d+Z$/, 'Z')}, PostgreSQL ${run.pgVersion}, ${run.workers} app process${run.workers === 1 ? '' : 'es'}, ` +
        `${run.connections} connections, ${run.durationS} s per read, load average ${run.loadBefore.map((l) => l.toFixed(1)).join(' / ')} before`,
    );
  }
  lines.push('');
  lines.push(
    `| Read | ${sorted.map((r) => `p95 at ${size(r.users)}`).join(' | ')} | ${size(largest.users)} ÷ ${size(below.users)} | Within ${GROWTH_FACTOR_GOAL}× | Plan at ${size(largest.users)} |`,
  );
  lines.push(`| --- | ${sorted.map(() => '---:').join(' | ')} | ---: | :---: | --- |`);
  let within = 0;
  let reads = 0;
  for (const result of largest.results) {
    if (result.write) continue;
    reads += 1;
    const top = p95(largest, result.name);
    const previous = p95(below, result.name);
    const ratio = top !== undefined && previous !== undefined && previous > 0 ? top / previous : undefined;
    const ok = ratio !== undefined && ratio <= GROWTH_FACTOR_GOAL;
    if (ok) within += 1;
    const plans = largest.plans.filter((p) => p.name === result.name);
    const scans = [...new Set(plans.flatMap((p) => sequentialScans(p.plan)))];
    const plan = plans.length === 0 ? 'no plan recorded' : scans.length === 0 ? 'indexes' : `**Seq Scan** on ${scans.join(', ')}`;
    lines.push(
      `| ${result.name} (\`${result.route}\`) | ${sorted.map((r) => ms(p95(r, result.name))).join(' | ')} | ${ratio === undefined ? '–' : `${fmt(ratio, 2)}×`} | ${ok ? 'yes' : '**no**'} | ${plan}${notes[result.name] ? ` (${notes[result.name]})` : ''} |`,
    );
  }
  lines.push('');
  lines.push(`${within} of ${reads} reads within ${GROWTH_FACTOR_GOAL}× of their ${size(below.users)} p95 at ${size(largest.users)}.`);
  lines.push('');
  lines.push(...planDetails(`Query plans at ${size(largest.users)}`, largest.plans.map((p) => ({ heading: `${p.name} (\`${p.route}\`)`, plan: p.plan }))));
  return lines.join('\n');
}

/** A folded block of query plans, one under each heading (the bench's report and the growth table). */
export function planDetails(summary: string, plans: ReadonlyArray<{ heading: string; plan: string }>): string[] {
  const lines = [`<details><summary>${summary} (EXPLAIN ANALYZE, one sample each)</summary>`, ''];
  for (const { heading, plan } of plans) lines.push(heading, '', '```', plan, '```', '');
  lines.push('</details>');
  return lines;
}
