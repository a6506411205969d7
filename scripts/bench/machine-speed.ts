import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';

/**
 * The CPU time of a fixed task (200,000 SHA-256 hashes, each of the last), in ms: how fast this
 * machine is right now. On a shared virtual machine it wanders from minute to minute (432–701 ms
 * within one hour on an idle machine, 2026-11-28), enough to move a write's CPU cost by a
 * quarter; the bench reports it beside each write so that two runs can be compared fairly.
 */
export function fixedTaskCpuMs(): number {
  const start = process.cpuUsage();
  let digest = Buffer.alloc(32);
  for (let i = 0; i < 200_000; i++) digest = createHash('sha256').update(digest).digest();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** How fast the machine is now, in the two measures the bench reports beside a run and each write. */
export interface MachineSpeed {
  /** fixedTaskCpuMs() */
  fixedTaskMs: number;
  /** wakeUpRoundTripUs(): NaN when it could not be measured */
  wakeUpUs: number;
}

export function machineSpeed(): MachineSpeed {
  return { fixedTaskMs: fixedTaskCpuMs(), wakeUpUs: wakeUpRoundTripUs() };
}

/**
 * How long one thread takes to wake another and hear back, in µs (the median of three runs of
 * 5,000 round trips through Atomics.wait and Atomics.notify, which sleep in the kernel as a
 * request's processes do on their sockets). A request wakes the app, PostgreSQL and the load
 * generator in turn, several times over. On a virtual machine whose idle CPUs halt without
 * polling, each wake-up of an idle CPU costs a trip through the hypervisor: 70–100 µs a round
 * trip on the nested virtual machine of 2026-11-29 against 8–10 µs with the guest's halt polling
 * on (decision 068), while the fixed task above took the same time on both. A quiet server pays
 * it on every request (a lone request took twice as long there); under the bench's ten
 * connections the CPUs seldom go idle and it mattered little. Reported beside the fixed task so
 * that a machine slow to wake can be told from the report.
 *
 * It runs in a plain `node` process of its own, bounded in time: inside the bench's process a
 * worker thread sometimes never answered after a write's load (twice in four runs), and a
 * measurement must not hang or fail the bench. NaN when it could not be measured.
 */
export function wakeUpRoundTripUs(rounds = 5_000): number {
  const run = spawnSync(process.execPath, ['-e', pingPong(rounds)], { encoding: 'utf8', timeout: 30_000 });
  const runs = run.status === 0 ? run.stdout.trim().split(/\s+/).map(Number) : [];
  return runs.length === 3 && runs.every(Number.isFinite) ? runs.sort((a, b) => a - b)[1]! : Number.NaN;
}

/** A script that prints three runs' µs per round trip between its main thread and a worker. */
function pingPong(rounds: number): string {
  const total = rounds + 100; // the first 100 round trips warm up and are not timed
  // The worker answers each odd number with the next even one; 0 is "not started".
  const worker = `const { workerData: turn } = require('node:worker_threads');
    for (let i = 0; i < ${total}; i++) {
      if (Atomics.wait(turn, 0, 2 * i, 10000) === 'timed-out') break;
      Atomics.store(turn, 0, 2 * i + 2);
      Atomics.notify(turn, 0);
    }`;
  return `const { Worker } = require('node:worker_threads');
    (async () => {
      const out = [];
      for (let run = 0; run < 3; run++) {
        const turn = new Int32Array(new SharedArrayBuffer(4));
        const w = new Worker(${JSON.stringify(worker)}, { eval: true, workerData: turn });
        await new Promise((resolve) => w.once('online', resolve));
        let started = 0n;
        for (let i = 0; i < ${total}; i++) {
          if (i === 100) started = process.hrtime.bigint();
          Atomics.store(turn, 0, 2 * i + 1);
          Atomics.notify(turn, 0);
          if (Atomics.wait(turn, 0, 2 * i + 1, 10000) === 'timed-out') process.exit(1);
        }
        out.push(Number(process.hrtime.bigint() - started) / 1000 / ${rounds});
        await w.terminate();
      }
      console.log(out.join(' '));
    })();`;
}
