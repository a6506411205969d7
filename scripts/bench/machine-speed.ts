import { createHash } from 'node:crypto';

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
