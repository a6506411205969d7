import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { METHOD_OF, PATH_OF, ROUTE_CATALOG, type RouteRequest, type RouteRow } from './test/route-catalog';
import { ADMIN_EMAIL, buildRouteWorld, type RouteWorld } from './test/route-world';
import { createTestApp, TEST_ORIGIN, testSettings } from './test/test-app';
import { createTestDatabase } from './test/test-database';
import { buildWebm } from './test/webm-fixture';
import { arbitraryFor, objectKeys } from './test/zod-arbitrary';

/**
 * Issue 11: every route of the catalog gets inputs generated from its own schemas, mutated
 * with hostile values (NUL and other control characters, lone surrogates, 1 MB strings,
 * negative, huge and fractional numbers, wrong types, deep JSON, invalid JSON and UTF-8,
 * multipart where JSON is expected and back, broken multipart, truncated media), as a
 * signed-in member and as a visitor. Every answer must be a 2xx-4xx, and the server must
 * still answer /api/health.
 *
 * Each route first gets the fixed inputs of the report (fixedPlans), then FUZZ_RUNS (default 20)
 * generated ones; FUZZ_SEED (default 11) makes a run reproducible:
 *   FUZZ_RUNS=300 FUZZ_SEED=123 npx vitest run src/server/route-fuzz.test.ts
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 11);

const database = await createTestDatabase();
const { app, auth } = createTestApp(database.db, { settings: { ADMIN_EMAILS: [ADMIN_EMAIL] } });

// --- Values that print short in a counterexample ------------------------------------------

/** A string of `length` characters, printed as its length. */
class Huge {
  constructor(readonly length: number, readonly char = 'x') {}
  toJSON() {
    return this.char.repeat(this.length);
  }
  [fc.toStringMethod]() {
    return `Huge(${this.length})`;
  }
}

/** A body sent as these exact bytes with this content type. */
class Raw {
  constructor(
    readonly label: string,
    readonly bytes: Uint8Array | string,
    readonly contentType: string | null,
  ) {}
  [fc.toStringMethod]() {
    return `Raw(${this.label})`;
  }
}

const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'caucus\u0000name',
    'bell\u0007',
    '\u001b[31mred',
    'line\r\nbreak',
    '\ud800',
    'lone \udfff low',
    '\u202eevil',
    '\ufeffbom',
    '\u0085next line',
    "'; drop table users; --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '',
    '   ',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(new Huge(1_000_000), new Huge(100_001, '\u0000'), new Huge(70_000, '🗳')),
);
const hostileNumber = fc.constantFrom(-1, 0, -0.5, 1.5, 99999999999, 1e308, -1e308, 2 ** 53 + 2, 2 ** 31, -(2 ** 31) - 1, 1e-300);
const numericText = fc.constantFrom('NaN', 'Infinity', '-Infinity', '-1', '0', '99999999999', '1e999', '0x1F', ' 3 ', '3.7', '1e3', '٣');
const wrongType = fc.constantFrom(null, true, false, [], {}, [['nested']], { a: { b: { c: {} } } }, [1, '2', null]);
const hostileValue = fc.oneof(hostileText, hostileNumber, numericText, wrongType);

const text = (s: string) => new TextEncoder().encode(s);
const BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';

function multipart(parts: { field: string; filename?: string; type?: string; bytes: Uint8Array | string }[], boundary = BOUNDARY): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(text(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.bytes === 'string' ? text(p.bytes) : p.bytes);
    chunks.push(text('\r\n'));
  }
  chunks.push(text(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

const rawBodies: Raw[] = [
  new Raw('invalid JSON', '{"a": ', 'application/json'),
  new Raw('invalid UTF-8 in JSON', Uint8Array.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d]), 'application/json'),
  new Raw('10k nested arrays', '['.repeat(10_000) + ']'.repeat(10_000), 'application/json'),
  new Raw('5k nested objects', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000), 'application/json'),
  new Raw('empty JSON', '', 'application/json'),
  new Raw('JSON with a BOM', '\ufeff{}', 'application/json'),
  new Raw('JSON with escaped NUL everywhere', '{"\\u0000":"\\u0000","message":"\\u0000","text":"a\\u0000"}', 'application/json'),
  new Raw('2 MB JSON array', `[${'1,'.repeat(1_000_000)}1]`, 'application/json'),
  new Raw('text/plain', 'hello', 'text/plain'),
  new Raw('no content type', '{"a":1}', null),
  new Raw('urlencoded', 'a=1&b=%00&c=%ff', 'application/x-www-form-urlencoded'),
  new Raw('multipart on a JSON route', multipart([{ field: 'text', bytes: 'hello' }]), MULTIPART),
  new Raw('multipart with another boundary', multipart([{ field: 'x', bytes: 'y' }], 'otherBoundary'), MULTIPART),
  new Raw('multipart without boundary', 'garbage', 'multipart/form-data'),
  new Raw('truncated multipart', multipart([{ field: 'photo', filename: 'a.png', type: 'image/png', bytes: new Uint8Array(64) }]).slice(0, 90), MULTIPART),
];

/** The 12 bytes of issue 11: an EBML header cut short. */
const TRUNCATED_EBML = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81]);
const PNG_SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const VALID_WEBM = buildWebm({ durationMs: 1500 });

const mediaBytes: fc.Arbitrary<{ label: string; bytes: Uint8Array }> = fc.oneof(
  fc.constantFrom(
    { label: 'truncated EBML (12 bytes)', bytes: TRUNCATED_EBML },
    { label: 'PNG signature only', bytes: PNG_SIGNATURE },
    { label: 'PNG with a cut IHDR', bytes: Uint8Array.from([...PNG_SIGNATURE, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0]) },
    { label: 'JPEG start only', bytes: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00]) },
    { label: 'GIF header only', bytes: text('GIF89a') },
    { label: 'empty file', bytes: new Uint8Array(0) },
    { label: 'WebM with a video track', bytes: buildWebm({ durationMs: 1000, withVideo: true }) },
    { label: 'WebM without audio', bytes: buildWebm({ durationMs: 1000, withoutAudio: true }) },
    { label: 'WebM with a huge header duration', bytes: buildWebm({ durationMs: 1000, headerDurationMs: 1e300 }) },
    { label: 'matroska doctype', bytes: buildWebm({ durationMs: 1000, docType: 'matroska' }) },
  ),
  fc.integer({ min: 1, max: VALID_WEBM.length - 1 }).map((n) => ({ label: `WebM cut at ${n} bytes`, bytes: VALID_WEBM.subarray(0, n) })),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ label: `random bytes ${Buffer.from(bytes).toString('hex')}`, bytes })),
  fc.uint8Array({ minLength: 1, maxLength: 32 }).map((tail) => ({ label: `EBML magic + ${Buffer.from(tail).toString('hex')}`, bytes: Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, ...tail]) })),
);

function uploadBodies(field: string): fc.Arbitrary<Raw> {
  return fc.oneof(
    fc.tuple(mediaBytes, fc.constantFrom('image/png', 'audio/webm', 'application/octet-stream', '')).map(
      ([m, type]) => new Raw(`${field}: ${m.label} as ${type || 'no type'}`, multipart([{ field, filename: 'upload.bin', type: type || undefined, bytes: m.bytes }]), MULTIPART),
    ),
    fc.constantFrom(
      new Raw(`${field} as a text field`, multipart([{ field, bytes: 'not a file' }]), MULTIPART),
      new Raw('the file under another name', multipart([{ field: 'file', filename: 'a.webm', type: 'audio/webm', bytes: VALID_WEBM }]), MULTIPART),
      new Raw(`${field} twice`, multipart([{ field, filename: 'a', bytes: TRUNCATED_EBML }, { field, filename: 'b', bytes: PNG_SIGNATURE }]), MULTIPART),
    ),
  );
}

// --- One request plan per run ---------------------------------------------------------------

interface Plan {
  actor: 'member' | 'anonymous';
  path: string;
  query: string;
  body: { json: unknown } | Raw | null;
}

const PATH_SEGMENTS = fc.oneof(
  fc.constantFrom('%00', '%ff', '%', '..', '%2e%2e', '-1', '0', '99999999999', '1e999', 'null', '00000000-0000-0000-0000-000000000000', 'x'.repeat(5000), '%E2%80%AE', '%F0%9F%97%B3'),
  fc.uuid(),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
);

function planArbitrary(row: RouteRow, base: RouteRequest): fc.Arbitrary<Plan> {
  const method = METHOD_OF(row.key);
  const template = PATH_OF(row.key).split('/');
  const paramIndexes = template.flatMap((s, i) => (s.startsWith(':') ? [i] : []));

  const path = paramIndexes.length
    ? fc.oneof(
        fc.constant(base.path),
        fc.tuple(fc.constantFrom(...paramIndexes), PATH_SEGMENTS).map(([i, segment]) => {
          const parts = base.path.split('/');
          parts[i] = segment;
          return parts.join('/');
        }),
      )
    : fc.constant(base.path);

  const queryKeys = [...new Set([...Object.keys(base.query ?? {}), ...objectKeys(row.schemas?.query)])];
  const generatedQuery = row.schemas?.query ? arbitraryFor(row.schemas.query) : fc.constant(base.query ?? {});
  const asQuery = (values: Record<string, unknown>) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(values)) if (v !== undefined) params.append(k, typeof v === 'string' ? v : v instanceof Huge ? v.toJSON() : JSON.stringify(v));
    return params.toString();
  };
  const query = queryKeys.length
    ? fc.oneof(
        fc.constant(asQuery(base.query ?? {})),
        generatedQuery.map((v) => asQuery((v ?? {}) as Record<string, unknown>)),
        fc.tuple(fc.constantFrom(...queryKeys), fc.oneof(hostileText, numericText, hostileNumber.map(String))).map(([k, v]) => asQuery({ ...base.query, [k]: v })),
        fc.constantFrom('%', 'q=%00', 'q=%ff%fe', 'q=1&q=2&q=3', 'district=99999999999&state=OH', 'page=-1', 'page=1e999', 'before=%00', 'metric=sparks&district=1.5&state=OH'),
      )
    : fc.constantFrom('', 'x=%00', '%');

  const jsonKeys = [...new Set([...Object.keys((base.json as object | undefined) ?? {}), ...objectKeys(row.schemas?.json)])];
  const validJson = row.schemas?.json ? fc.oneof(fc.constant(base.json), arbitraryFor(row.schemas.json)) : fc.constant(base.json ?? {});
  const asObject = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const jsonBodies: fc.Arbitrary<Plan['body']>[] = [
    validJson.map((json) => ({ json })),
    fc.constantFrom(...rawBodies),
    fc.oneof(hostileValue, wrongType).map((json) => ({ json })),
  ];
  if (jsonKeys.length) {
    jsonBodies.push(
      fc.tuple(validJson, fc.constantFrom(...jsonKeys), hostileValue).map(([v, k, h]) => ({ json: { ...asObject(v), [k]: h } })),
      fc.tuple(validJson, fc.subarray(jsonKeys, { minLength: 1 }), hostileText).map(([v, keys, h]) => ({ json: { ...asObject(v), ...Object.fromEntries(keys.map((k) => [k, h])) } })),
    );
  }
  const uploadField = base.file?.field ?? (row.upload === 'audio' ? 'audio' : 'photo');
  const body: fc.Arbitrary<Plan['body']> =
    method === 'GET'
      ? fc.constant(null)
      : row.upload
        ? fc.oneof({ arbitrary: uploadBodies(uploadField), weight: 3 }, { arbitrary: fc.oneof(...jsonBodies), weight: base.file ? 1 : 2 })
        : fc.oneof(...jsonBodies);

  return fc.record({ actor: fc.constantFrom('member' as const, 'anonymous' as const), path, query, body });
}

/**
 * The inputs of the report, tried on every route before the random ones (fast-check's
 * `examples`), so the default run covers them whatever the seed: a NUL in each JSON field and
 * query parameter, a NUL and a 5,000-character id in each path parameter, a huge district,
 * broken and deep JSON, and the 12-byte EBML file on the upload routes.
 */
function fixedPlans(row: RouteRow, base: RouteRequest): Plan[] {
  const method = METHOD_OF(row.key);
  const query = base.query ? new URLSearchParams(base.query).toString() : '';
  const plan = (over: Partial<Plan>): Plan => ({ actor: 'member', path: base.path, query, body: method === 'GET' ? null : base.file ? null : { json: base.json ?? {} }, ...over });
  const plans: Plan[] = [];
  const template = PATH_OF(row.key).split('/');
  template.forEach((segment, i) => {
    if (!segment.startsWith(':')) return;
    for (const bad of ['%00', 'x'.repeat(5000)]) {
      const parts = base.path.split('/');
      parts[i] = bad;
      plans.push(plan({ path: parts.join('/') }));
    }
  });
  for (const key of [...new Set([...Object.keys(base.query ?? {}), ...objectKeys(row.schemas?.query)])]) {
    plans.push(plan({ query: new URLSearchParams({ ...base.query, [key]: 'a\u0000b' }).toString() }));
    plans.push(plan({ query: new URLSearchParams({ ...base.query, [key]: '99999999999' }).toString() }));
  }
  if (method !== 'GET') {
    const json = (base.json && typeof base.json === 'object' ? base.json : {}) as Record<string, unknown>;
    for (const key of [...new Set([...Object.keys(json), ...objectKeys(row.schemas?.json)])]) {
      plans.push(plan({ body: { json: { ...json, [key]: 'a\u0000b' } } }), plan({ body: { json: { ...json, [key]: 99999999999 } } }));
    }
    plans.push(plan({ body: rawBodies[0]! }), plan({ body: rawBodies[2]! }), plan({ body: { json: null } }));
    if (row.upload) {
      const field = base.file?.field ?? (row.upload === 'audio' ? 'audio' : 'photo');
      plans.push(plan({ body: new Raw('truncated EBML (12 bytes)', multipart([{ field, filename: 'a.webm', type: 'audio/webm', bytes: TRUNCATED_EBML }]), MULTIPART) }));
    }
  }
  return plans;
}

async function send(plan: Plan, method: string, world: RouteWorld): Promise<Response> {
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (plan.actor === 'member') headers.set('cookie', world.cookies.member);
  let body: BodyInit | undefined;
  if (plan.body instanceof Raw) {
    if (plan.body.contentType) headers.set('content-type', plan.body.contentType);
    body = typeof plan.body.bytes === 'string' ? plan.body.bytes : Buffer.from(plan.body.bytes);
  } else if (plan.body) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(plan.body.json) ?? 'null';
  }
  return app.request(plan.path + (plan.query ? `?${plan.query}` : ''), { method, headers, body });
}

async function readAnswer(res: Response): Promise<string> {
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return '(event stream)';
  }
  return (await res.text()).slice(0, 300);
}

let sharedWorld: RouteWorld | undefined;
const started = performance.now();
let requests = 0;

afterAll(() => {
  console.info(
    `route fuzz: ${ROUTE_CATALOG.length} routes × (fixed inputs + ${RUNS} generated) = ${requests} requests in ${Math.round(performance.now() - started)} ms (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`,
  );
});

describe(`route fuzz (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  it.each(ROUTE_CATALOG.map((row, index) => [row.key, row, index] as const))('%s answers hostile input with a 4xx, never a 5xx', async (_key, row, index) => {
    const method = METHOD_OF(row.key);
    // Reads share one world; anything that may change state gets its own.
    const world = method === 'GET' ? (sharedWorld ??= await buildRouteWorld(database.db, auth, testSettings.AUTH_SECRET)) : await buildRouteWorld(database.db, auth, testSettings.AUTH_SECRET);
    const base = row.request(world, 'member');
    const examples = fixedPlans(row, base).map((p): [Plan] => [p]);
    await fc.assert(
      fc.asyncProperty(planArbitrary(row, base), async (plan) => {
        requests += 1;
        const res = await send(plan, method, world);
        const answer = await readAnswer(res);
        // A 503 the row expects: a live stream past its cap, readiness without a job queue (this app runs none).
        const streamUnavailable = res.status === 503 && (row.stream || row.okAlso?.includes(503));
        if (res.status >= 500 && !streamUnavailable) throw new Error(`${row.key}: ${res.status} for ${fc.stringify(plan)}\n${answer}`);
      }),
      // fast-check counts the examples within numRuns: the generated inputs come on top.
      { numRuns: RUNS + examples.length, seed: SEED + index, endOnFailure: true, examples },
    );
    const health = await app.request('/api/health');
    expect(health.status, 'the server still answers after the fuzz').toBe(200);
  }, 120_000);
});
