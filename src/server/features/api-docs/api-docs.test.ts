import { describe, expect, it } from 'vitest';
import { UNDOCUMENTED_ALIASES } from '../../http/api-docs';
import { createApiContract } from '../../test/api-contract';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

const database = await createTestDatabase();
const { app, request } = createTestApp(database.db);

/** Routes that are not the API: the dev mailbox (loopback only, never in production), the pages, Prometheus' /metrics. */
const NOT_API = [/^\/dev\//, /^\/test-provider(\/|$)/, /^\/metrics$/];

/** "METHOD /path/{param}" of every route handler the app serves (middleware is method 'ALL'). */
function servedOperations(routes: readonly { method: string; path: string }[]): string[] {
  const keys = routes
    .filter((r) => r.method !== 'ALL' && !NOT_API.some((pattern) => pattern.test(r.path)))
    .filter((r) => r.path !== '/*' && r.path !== '*')
    .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')}`)
    .filter((key) => !UNDOCUMENTED_ALIASES.includes(key));
  return [...new Set(keys)].sort();
}

function documentedOperations(document: { paths?: Record<string, Record<string, unknown> | undefined> }): string[] {
  return Object.entries(document.paths ?? {})
    .flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('GET /api/openapi.json (issue 17)', () => {
  it('documents every route the app serves, with no route it does not serve', async () => {
    const res = await request('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const served = servedOperations(app.routes);
    const listed = documentedOperations(document);
    expect(served.filter((key) => !listed.includes(key)), 'routes the app serves that /api/openapi.json leaves out').toEqual([]);
    expect(listed.filter((key) => !served.includes(key)), 'operations the document lists that no route serves').toEqual([]);
  });

  it('notices a route that is served and not documented', () => {
    const served = servedOperations([...app.routes, { method: 'GET', path: '/api/brand-new/:id' }]);
    expect(served).toContain('GET /api/brand-new/{id}');
  });

  it('gives every operation a summary, a tag and the error shape for its refusals', async () => {
    const document = (await (await request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
    };
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        for (const [status, response] of Object.entries(operation.responses)) {
          if (Number(status) < 400) continue;
          // The error shape, or an answer that may also be one (a 409 asking to confirm; better-auth's refusals).
          const schema = response.content?.['application/json']?.schema as { $ref?: string; anyOf?: Array<{ $ref?: string }> } | undefined;
          const refs = [schema?.$ref, ...(schema?.anyOf ?? []).map((s) => s.$ref)];
          expect(refs.some((ref) => ref === '#/components/schemas/Error' || ref === '#/components/schemas/AuthRefusal'), `${method} ${path} ${status}`).toBe(true);
        }
      }
    }
  });
});

describe('the contract check of the integration tests', () => {
  it('refuses a status the route does not document, and a body that does not match', async () => {
    const document = (await (await request('/api/openapi.json')).json()) as Parameters<typeof createApiContract>[0];
    const contract = createApiContract(document);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    await expect(contract.check('GET', '/api/health', json({ status: 'ok' }))).resolves.toBe('/api/health');
    await expect(contract.check('GET', '/api/health', json({ status: 7 }))).rejects.toThrow(/does not match its schema/);
    await expect(contract.check('GET', '/api/health', json({ status: 'ok' }, 418))).rejects.toThrow(/does not list/);
    await expect(contract.check('GET', '/api/health', json({ error: { message: 'no code' } }, 404))).rejects.toThrow(/does not match/);
  });
});

describe('GET /api/docs', () => {
  it('is a page that loads its script and style from this app only', async () => {
    const res = await request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(2);
    for (const source of sources) expect(source.startsWith('/api/'), source).toBe(true);
    for (const source of sources.filter((s) => s.startsWith('/api/docs/'))) {
      const asset = await request(source);
      expect(asset.status, source).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, source).toBeGreaterThan(100);
    }
  });

  it('answers 404 for a file it does not serve', async () => {
    const res = await request('/api/docs/package.json');
    expect(res.status).toBe(404);
  });
});

describe('the rules the document states (issue 29)', () => {
  type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; allOf?: Schema[] };
  type Parameter = { in: string; name: string; required?: boolean; schema: Schema };
  type Operation = { parameters?: Parameter[]; security?: unknown[]; requestBody?: { content: Record<string, { schema: Schema }> } };
  const load = async () => (await (await request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> };
  const bodyOf = (op: Operation | undefined) => op?.requestBody?.content['application/json']?.schema;
  const patternsOf = (schema: Schema | undefined) => [schema?.pattern, ...(schema?.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => typeof p === 'string');

  it('publishes the text rule as a pattern, and emails as emails', async () => {
    const { paths } = await load();
    const name = bodyOf(paths['/api/auth/sign-up/email']?.post)?.properties?.name;
    const [pattern] = patternsOf(name);
    expect(pattern, 'sign-up name').toBeDefined();
    expect(new RegExp(pattern!).test('Ada Lovelace')).toBe(true);
    expect(new RegExp(pattern!).test('Ada\u0000')).toBe(false);
    const bio = bodyOf(paths['/api/me/bio']?.patch)?.properties?.bio;
    expect(patternsOf(bio).some((p) => new RegExp(p).test('line\nbreak') && !new RegExp(p).test('bell\u0007')), 'a multi-line field keeps line breaks').toBe(true);
    for (const path of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/request-password-reset', '/api/auth/send-verification-email']) {
      expect(bodyOf(paths[path]?.post)?.properties?.email?.format, path).toBe('email');
    }
    expect(bodyOf(paths['/api/caucuses/{id}/voter-invitations/email']?.post)?.properties?.email?.format).toBe('email');
  });

  it('states the preferences need a field, a district starts at 1, and the links their query', async () => {
    const { paths } = await load();
    expect(bodyOf(paths['/api/me/preferences']?.patch)?.minProperties).toBe(1);
    const district = paths['/api/movement/states/{state}/districts/{district}']?.get?.parameters?.find((p) => p.name === 'district');
    const pattern = new RegExp(district!.schema.pattern as string);
    expect(['1', '9', '52'].every((d) => pattern.test(d))).toBe(true);
    expect(['0', '00', '03', '100', '-1'].some((d) => pattern.test(d))).toBe(false);
    const query = (path: string) => (paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name);
    expect(query('/api/auth/verify-email')).toEqual(['token']);
    expect(query('/api/auth/reset-password/{token}')).toEqual(['callbackURL']);
    expect((paths['/api/caucuses/{id}/record']?.get?.parameters ?? []).map((p) => p.name)).toContain('download');
  });

  it('publishes no internal bound: no ±(2^53 − 1), no −52…104', async () => {
    const text = JSON.stringify(await load());
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(text).not.toMatch(/"minimum":-52\b/);
  });
});
