// The floor of any Node.js HTTP server on the bench's machine (issue 16): node:http with no
// framework, no logging, no middleware, the same number of processes as the app (node:cluster),
// answering each request after one `select 1` on a pg pool, as /api/health does. The bench
// measures it next to /api/health and the raw `select 1`: what no app written for Node can pass.
//   BARE_FLOOR_PORT, BARE_FLOOR_WORKERS, BARE_FLOOR_DB (a pg PoolConfig as JSON), BARE_FLOOR_POOL
import cluster from 'node:cluster';
import http from 'node:http';
import pg from 'pg';

const workers = Number(process.env.BARE_FLOOR_WORKERS ?? '1');
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
  process.on('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const pool = new pg.Pool({ ...JSON.parse(process.env.BARE_FLOOR_DB ?? '{}'), max: Number(process.env.BARE_FLOOR_POOL ?? '10') });
  pool.on('error', () => undefined);
  const body = JSON.stringify({ status: 'ok' });
  http
    .createServer((request, response) => {
      pool.query('select 1').then(
        () => {
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
          response.end(body);
        },
        () => {
          response.writeHead(503);
          response.end();
        },
      );
    })
    .listen(Number(process.env.BARE_FLOOR_PORT), '127.0.0.1');
  process.on('SIGTERM', () => process.exit(0));
}
