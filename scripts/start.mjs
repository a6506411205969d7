// npm start: builds the web app when its sources are newer than the build, then runs the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const newest = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return latest;
};

const builtIndex = 'dist/web/index.html';
const sourcesChanged =
  !existsSync(builtIndex) || Math.max(newest('src/web'), newest('src/domain')) > statSync(builtIndex).mtimeMs;
if (sourcesChanged && process.env.SKIP_WEB_BUILD !== '1') {
  console.log('Building the web app…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
