// How fast this machine is now, in the two measures the bench prints (machine-speed.ts):
//   npx tsx scripts/bench/machine-speed-now.ts
// A fixed task's CPU time, and how long one thread takes to wake another and hear back. On a
// virtual machine whose idle CPUs halt without polling the second is 70–100 µs and every request
// pays it several times over (decision 068); about 10 µs or less is a machine fast under load.
import { fixedTaskCpuMs, wakeUpRoundTripUs } from './machine-speed';

const fixedTaskMs = fixedTaskCpuMs();
const wakeUpUs = wakeUpRoundTripUs();
console.log(`A fixed task: ${fixedTaskMs.toFixed(0)} ms of CPU. A wake-up round trip between two threads: ${wakeUpUs.toFixed(1)} µs.`);
