// How fast this machine is now, in the two measures the bench prints (machine-speed.ts):
//   npx tsx scripts/bench/machine-speed-now.ts
// A fixed task's CPU time, and how long one thread takes to wake another and hear back. On a
// virtual machine whose idle CPUs halt without polling the second is 70–100 µs, and a quiet server
// pays it on every request (decision 068); 8–10 µs is a machine quick to wake.
import { machineSpeed } from './machine-speed';

const { fixedTaskMs, wakeUpUs } = machineSpeed();
console.log(`A fixed task: ${fixedTaskMs.toFixed(0)} ms of CPU. A wake-up round trip between two threads: ${Number.isNaN(wakeUpUs) ? 'could not be measured' : `${wakeUpUs.toFixed(1)} µs`}.`);
