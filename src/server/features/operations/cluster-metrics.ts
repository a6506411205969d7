import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import type { ProcessMetricsJson } from './process-metrics';

/**
 * /metrics across the processes of a cluster (WORKERS > 1, decision 042). A scrape reaches one
 * worker; that worker asks the primary, the primary asks every live worker (the asker too) for
 * its own figures (prom-client's JSON) and hands all of them back, and the asking worker sums
 * them with prom-client's AggregatorRegistry.aggregate (each metric by its aggregator: sum for
 * counts, max for the replica's lag, the default figures by theirs). The primary holds no figures
 * and needs no prom-client: it only relays, with a deadline, so a worker that hangs or is being
 * replaced costs a scrape its share, never the scrape.
 */

const ASK = 'caucus:metrics-ask';
const COLLECT = 'caucus:metrics-collect';
const PART = 'caucus:metrics-part';
const ANSWER = 'caucus:metrics-answer';

/** How long the primary waits for the workers' figures, and a worker for the primary's answer. */
export const CLUSTER_METRICS_TIMEOUT_MS = 2000;

interface Message {
  type?: string;
  id?: string;
  metrics?: ProcessMetricsJson;
  parts?: ProcessMetricsJson[];
}

/** The figures of several processes as one set, each metric summed (or else) by its aggregator. */
export async function aggregateProcessMetrics(parts: readonly ProcessMetricsJson[]): Promise<ProcessMetricsJson> {
  return (await AggregatorRegistry.aggregate(parts as ProcessMetricsJson[]).getMetricsAsJSON()) as ProcessMetricsJson;
}

/**
 * In a worker: answers the primary's requests for this process's figures, and returns the way to
 * ask for every process's figures (null outside a cluster worker: the process is the whole app).
 */
export function joinClusterMetrics(own: () => Promise<ProcessMetricsJson>): (() => Promise<ProcessMetricsJson[]>) | null {
  if (!cluster.isWorker || !process.send) return null;
  const pending = new Map<string, (parts: ProcessMetricsJson[]) => void>();
  process.on('message', (message: Message) => {
    if (message?.type === COLLECT && message.id) {
      own()
        .then((metrics) => process.send?.({ type: PART, id: message.id, metrics }))
        .catch(() => process.send?.({ type: PART, id: message.id, metrics: [] }));
    } else if (message?.type === ANSWER && message.id) {
      pending.get(message.id)?.(message.parts ?? []);
    }
  });
  return () =>
    new Promise<ProcessMetricsJson[]>((resolve) => {
      const id = randomUUID();
      // Without the primary's answer in time, this process's own figures (better than none).
      const timer = setTimeout(() => {
        pending.delete(id);
        own().then((m) => resolve([m]), () => resolve([]));
      }, CLUSTER_METRICS_TIMEOUT_MS + 500);
      pending.set(id, (parts) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(parts);
      });
      process.send!({ type: ASK, id });
    });
}

/** In the primary: relays a worker's request for every worker's figures. */
export function relayClusterMetrics(): void {
  cluster.on('message', (asker: Worker, message: Message) => {
    if (message?.type !== ASK || !message.id) return;
    const askId = message.id;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead() && w.isConnected());
    const collectId = randomUUID();
    const parts: ProcessMetricsJson[] = [];
    let waiting = workers.length;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      cluster.removeListener('message', onPart);
      if (!asker.isDead() && asker.isConnected()) asker.send({ type: ANSWER, id: askId, parts });
    };
    const onPart = (_worker: Worker, part: Message) => {
      if (part?.type !== PART || part.id !== collectId) return;
      parts.push(part.metrics ?? []);
      waiting -= 1;
      if (waiting === 0) finish();
    };
    const timer = setTimeout(finish, CLUSTER_METRICS_TIMEOUT_MS);
    cluster.on('message', onPart);
    if (waiting === 0) return finish();
    for (const worker of workers) worker.send({ type: COLLECT, id: collectId });
  });
}
