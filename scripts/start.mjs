// npm start: builds the web app when its sources are newer than the build, then runs the server.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
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

// The browser's app and the server's page renderer (decision 022), built together.
const builtFiles = ['dist/web/index.html', 'dist/ssr/server-render.js'];
const sourcesChanged =
  !builtFiles.every((f) => existsSync(f)) ||
  Math.max(newest('src/web'), newest('src/domain')) > Math.min(...builtFiles.map((f) => statSync(f).mtimeMs));
// Workers of the cluster (WORKERS, src/server/main.ts) run this file again: the primary built.
if (sourcesChanged && process.env.SKIP_WEB_BUILD !== '1' && cluster.isPrimary) {
  console.log('Building the web app…');
  // In its own process: Vite sets NODE_ENV=production for the build, which must not reach the
  // server (it would then ask for production settings on a newcomer's first start).
  const vite = path.resolve('node_modules/vite/bin/vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('The web app could not be built (see above).');
    process.exit(built.status ?? 1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import('../src/server/main.ts');
