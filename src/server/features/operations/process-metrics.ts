import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { routeTemplate, statusClass, UNMATCHED_ROUTE } from '../../../domain/operations/operations-rules';

/**
 * The figures one server process keeps about itself (issue 30, decision 042): its requests by
 * route template and status, their latency, its pool, its live streams, its replica's lag, and
 * prom-client's default figures (event-loop delay, memory, CPU). In a cluster each worker keeps
 * its own; /metrics sums them across the workers (cluster-metrics.ts). Figures that come from the
 * database are not here: they are the same for every process, read once per scrape.
 */
export type ProcessMetricsJson = MetricObjectWithValues<MetricValue<string>>[];

export interface ProcessMetricsSources {
  /** The process's pool of connections to the primary. */
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /** Live streams this process holds open now. */
  liveStreams: () => number;
  /** The read replica's lag in seconds, null when there is no replica or it is unknown. */
  replicaLagSeconds?: () => number | null;
  /** Times the process moved to another primary (several hosts in DATABASE_URL); absent otherwise. */
  databaseHostChanges?: () => number;
}

export interface ProcessMetrics {
  /** Counts and times every request (put first, before anything that may answer). */
  middleware: MiddlewareHandler;
  /** This process's figures, as prom-client's JSON (what a cluster worker sends its primary). */
  json(): Promise<ProcessMetricsJson>;
}

/** Latency buckets (seconds): from a cached read to a slow upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// prom-client's default figures (event-loop delay, heap, CPU, descriptors) are the process's,
// whatever the number of apps in it (tests make several): registered once, in a registry of their own.
let defaults: Registry | null = null;
function defaultRegistry(): Registry {
  if (!defaults) {
    defaults = new Registry();
    collectDefaultMetrics({ register: defaults, eventLoopMonitoringPrecision: 20 });
  }
  return defaults;
}

export function createProcessMetrics(sources: ProcessMetricsSources): ProcessMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'caucus_http_requests_total',
    help: 'HTTP requests answered, by method, route template (never the raw path) and status',
    labelNames: ['method', 'route', 'status', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'caucus_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until its headers; a live stream counts until it opened), by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'caucus_db_pool_connections',
    help: 'Connections of the pools to the primary database (every process)',
    registers: [registry],
    collect() {
      this.set(sources.pool.totalCount);
    },
  });
  new Gauge({
    name: 'caucus_db_pool_idle_connections',
    help: 'Idle connections of the pools to the primary database',
    registers: [registry],
    collect() {
      this.set(sources.pool.idleCount);
    },
  });
  new Gauge({
    name: 'caucus_db_pool_waiting_requests',
    help: 'Queries waiting for a free connection of a pool (a sustained value means the pools are too small)',
    registers: [registry],
    collect() {
      this.set(sources.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'caucus_live_streams',
    help: 'Live streams (chat, messages, notifications) open now, every process',
    registers: [registry],
    collect() {
      this.set(sources.liveStreams());
    },
  });
  if (sources.replicaLagSeconds) {
    const lag = sources.replicaLagSeconds;
    new Gauge({
      name: 'caucus_replica_lag_seconds',
      help: 'Seconds the read replica (DATABASE_REPLICA_URL) is behind the primary (the largest of the processes); absent without a replica',
      aggregator: 'max',
      registers: [registry],
      collect() {
        const seconds = lag();
        this.reset();
        if (seconds !== null && Number.isFinite(seconds)) this.set(seconds);
      },
    });
  }

  if (sources.databaseHostChanges) {
    const changes = sources.databaseHostChanges;
    new Counter({
      name: 'caucus_database_host_changes_total',
      help: 'Times a process moved its connections to another primary (a failover or switchover; DATABASE_URL with several hosts), summed over the processes',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(changes());
      },
    });
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const status = c.res.status;
      let route: string;
      try {
        // Every route matched for the path, and the one that answered (Hono's routeIndex is the
        // last handler it ran).
        const matched = matchedRoutes(c).map((r) => ({ method: r.method, path: r.path }));
        route = routeTemplate(c.req.method, matched, matched[c.req.routeIndex] ?? null, status);
      } catch {
        route = UNMATCHED_ROUTE;
      }
      // A method the app does not know would be a label of the visitor's choosing.
      const method = KNOWN_METHODS.has(c.req.method) ? c.req.method : 'OTHER';
      const cls = statusClass(status);
      requests.inc({ method, route, status: String(status), status_class: cls });
      duration.observe({ method, route, status_class: cls }, (performance.now() - started) / 1000);
    }
  };

  return {
    middleware,
    async json() {
      const [own, process] = await Promise.all([registry.getMetricsAsJSON(), defaultRegistry().getMetricsAsJSON()]);
      return [...own, ...process] as ProcessMetricsJson;
    },
  };
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One figure of a set of process figures (summed across processes already), or null when absent. */
export function figureOf(metrics: ProcessMetricsJson, name: string): number | null {
  const metric = metrics.find((m) => m.name === name);
  if (!metric || metric.values.length === 0) return null;
  return metric.values.reduce((sum, v) => sum + v.value, 0);
}
