import { describe, expect, it } from 'vitest';
import { renderGrowth, sequentialScans, type BenchRun } from './growth-table';

const measured = (p95: number) => ({ requests: 100, errors: 0, rps: 100, p50: p95 / 2, p95, p99: p95 * 1.5 });

function run(users: number, reads: Record<string, number>, plans: Record<string, string> = {}): BenchRun {
  return {
    measuredAt: '2026-11-26T05:00:00.123Z',
    users,
    counts: { caucuses: users / 10, privateMessages: 1000 },
    pgVersion: '18.4',
    workers: 2,
    connections: 10,
    durationS: 5,
    loadBefore: [0.5, 0.4, 0.3],
    results: [
      ...Object.entries(reads).map(([name, p95]) => ({ name, route: `GET /api/${name}`, write: false, app: measured(p95), raw: null, cost: null })),
      { name: 'join', route: 'POST /api/caucuses/:id/join', write: true, app: measured(40), raw: null, cost: null },
    ],
    plans: Object.entries(plans).map(([name, plan]) => ({ name, route: `GET /api/${name}`, plan })),
  };
}

describe('the growth table', () => {
  it('finds the sequential scans of a plan, leaving out the small catalogue tables', () => {
    expect(sequentialScans('Index Scan using users_pkey on users')).toEqual([]);
    expect(sequentialScans('Hash Join\n  ->  Seq Scan on caucuses\n  ->  Seq Scan on badges\n  ->  Parallel Seq Scan on users')).toEqual(['caucuses', 'users']);
  });

  it('gives each read its p95 at every size, smallest first, and judges the two largest against 1.3x', () => {
    const table = renderGrowth(
      [
        run(10_000_000, { profile: 2.6, search: 20 }, { profile: 'Index Scan using users_pkey on users', search: 'Seq Scan on caucuses' }),
        run(100_000, { profile: 1.9, search: 5 }),
        run(1_000_000, { profile: 2.0, search: 10 }),
      ],
      { search: 'on purpose' },
    );
    expect(table).toContain('| Read | p95 at 100k | p95 at 1M | p95 at 10M | 10M ÷ 1M | Within 1.3× | Plan at 10M |');
    expect(table).toContain('| profile (`GET /api/profile`) | 1.90 | 2.00 | 2.60 | 1.30× | yes | indexes |');
    expect(table).toContain('| search (`GET /api/search`) | 5.00 | 10.0 | 20.0 | 2.00× | **no** | **Seq Scan** on caucuses (on purpose) |');
    expect(table).toContain('1 of 2 reads within 1.3× of their 1M p95 at 10M.');
    expect(table).not.toContain('join'); // writes are not part of it
  });

  it('lets a later run at the same size measure a read again, replacing its figure and its plan', () => {
    const table = renderGrowth([
      run(1_000_000, { feed: 30 }),
      run(10_000_000, { feed: 110, photo: 3 }, { feed: 'Seq Scan on caucuses' }),
      run(10_000_000, { feed: 32 }, { feed: 'Index Scan using caucuses_pkey on caucuses' }),
    ]);
    expect(table).toContain('| feed (`GET /api/feed`) | 30.0 | 32.0 | 1.07× | yes | indexes |');
    expect(table).toContain('| photo (`GET /api/photo`) | – | 3.00 | – | **no** | no plan recorded |');
    expect(table).not.toContain('Seq Scan on caucuses');
  });

  it('says so when a read was not measured at the smaller size, and refuses a single run', () => {
    const table = renderGrowth([run(1_000_000, {}), run(10_000_000, { photo: 3 })]);
    expect(table).toContain('| photo (`GET /api/photo`) | – | 3.00 | – | **no** | no plan recorded |');
    expect(() => renderGrowth([run(1_000_000, {})])).toThrow(/two sizes/);
    expect(() => renderGrowth([run(1_000_000, {}), run(1_000_000, {})])).toThrow(/two sizes/);
  });
});
