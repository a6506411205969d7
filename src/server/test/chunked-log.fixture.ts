// Run by logger.test.ts in a process of its own: `node --import tsx chunked-log.fixture.ts MODE`.
// It counts the writes the JSON logger makes to stdout (sonic-boom calls fs.writeSync, or fs.write
// when asynchronous) and says how many on stderr, so the test can tell lines written one by one
// from lines written in chunks.
import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createLogger } from '../logger';

let writes = 0;
for (const name of ['write', 'writeSync'] as const) {
  const original = fs[name] as (...args: unknown[]) => unknown;
  (fs as Record<string, unknown>)[name] = (...args: unknown[]) => {
    if (args[0] === 1) writes += 1;
    return original(...args);
  };
}

const mode = process.argv[2];
const logger = createLogger('info');

if (mode === 'turns') {
  // One request's line per turn of the event loop, as a busy server writes them.
  for (let i = 0; i < 1000; i += 1) {
    logger.info({ method: 'GET', path: '/api/health', status: 200, ms: 1, i }, 'request');
    await nextTurn();
  }
  process.stderr.write(`writes ${writes}\n`);
  process.exit(0);
} else if (mode === 'exit') {
  // Lines logged right before process.exit (a start refused for its settings does this).
  for (let i = 0; i < 50; i += 1) logger.info({ i }, 'before exit');
  process.exit(3);
} else {
  // A quiet server: one line, then nothing; the process stays until its parent ends it.
  logger.info('quiet line');
  setInterval(() => undefined, 60_000);
}
