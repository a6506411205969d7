import { describe, expect, it } from 'vitest';
import { UNDOCUMENTED_ALIASES } from '../../http/api-docs';
import { createApiContract } from '../../test/api-contract';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-database';

const database = await createTestDatabase();
const { app, request } = createTestApp(database.db);

/** Routes that are not the API: the dev mailbox (loopback only, never in production) and the pages. */
const NOT_API = [/^\/dev\//, /^\/test-provider(\/|$)/];

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
