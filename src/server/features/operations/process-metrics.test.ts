import { describe, expect, it } from 'vitest';
import { createProcessMetrics } from './process-metrics';

const pool = { totalCount: 3, idleCount: 2, waitingCount: 0 };

describe('createProcessMetrics', () => {
  it('counts moves to another primary when DATABASE_URL lists several hosts, and only then', async () => {
    let moves = 0;
    const following = createProcessMetrics({ pool, liveStreams: () => 0, databaseHostChanges: () => moves });
    const valueOf = async (metrics: typeof following) =>
      (await metrics.json()).find((m) => m.name === 'caucus_database_host_changes_total')?.values[0]?.value ?? null;
    expect(await valueOf(following)).toBe(0);
    moves = 2;
    expect(await valueOf(following)).toBe(2);
    expect(await valueOf(createProcessMetrics({ pool, liveStreams: () => 0 }))).toBeNull();
  });
});
