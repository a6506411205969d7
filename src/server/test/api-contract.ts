import type { Hono } from 'hono';
import type { AppEnv } from '../http/session';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { apiDocument } from '../http/api-docs';

/**
 * Checks every answer the integration tests receive against /api/openapi.json (issue 17): its
 * status must be documented for its route, and a JSON body must match the documented schema.
 * A mismatch throws from the test's request, naming the route, the status and the difference.
 */
type Document = Awaited<ReturnType<typeof apiDocument>>;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  params: number;
}

export interface ApiContract {
  document: Document;
  /** Throws when the answer is not what the document says; returns the route it matched, if any. */
  check(method: string, path: string, res: Response): Promise<string | null>;
}

const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

export function createApiContract(document: Document): ApiContract {
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema(document as object, 'openapi.json');
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
    for (const method of Object.keys(item ?? {})) {
      operations.push({ method: method.toUpperCase(), template, pattern, params: (template.match(/\{/g) ?? []).length });
    }
  }
  // A literal segment wins over a parameter: /api/caucuses/search before /api/caucuses/{id}.
  operations.sort((a, b) => a.params - b.params);
  const validators = new Map<string, ValidateFunction>();

  return {
    document,
    async check(method, rawPath, res) {
      const path = rawPath.split('?')[0]!;
      const wanted = method === 'HEAD' ? 'GET' : method;
      const operation = operations.find((op) => op.method === wanted && op.pattern.test(path));
      if (!operation) return null;
      const item = (document.paths as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>>)[operation.template]!;
      const responses = item[operation.method.toLowerCase()]?.responses ?? {};
      const status = String(res.status);
      const where = `${method} ${path} (${operation.method} ${operation.template}) answered ${status}`;
      const documented = responses[status];
      if (!documented) throw new Error(`API contract: ${where}, a status its documentation does not list (${Object.keys(responses).join(', ')})`);
      const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
      // No body to check: a HEAD, an empty answer, a redirect (its body, if any, is not read).
      if (method === 'HEAD' || res.status === 204 || (res.status >= 300 && res.status < 400) || !type) return operation.template;
      const content = documented.content ?? {};
      if (!content[type]) throw new Error(`API contract: ${where} as ${type}, not documented (${Object.keys(content).join(', ') || 'no body'})`);
      if (type !== 'application/json') return operation.template;
      const key = `${operation.template} ${operation.method} ${status}`;
      let validateBody = validators.get(key);
      if (!validateBody) {
        const ref = `openapi.json#/paths/${pointer(operation.template)}/${operation.method.toLowerCase()}/responses/${status}/content/${pointer(type)}/schema`;
        validateBody = ajv.compile({ $ref: ref });
        validators.set(key, validateBody);
      }
      const text = await res.clone().text();
      const body: unknown = text ? JSON.parse(text) : null;
      if (!validateBody(body)) {
        const problems = (validateBody.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
        throw new Error(`API contract: ${where} with a body that does not match its schema: ${problems.join('; ')}\nbody: ${text.slice(0, 600)}`);
      }
      return operation.template;
    },
  };
}

const contracts = new Map<string, Promise<ApiContract>>();
const contractOfApp = new WeakMap<object, Promise<ApiContract>>();

/**
 * The contract of an app: the document generated from its routes, built once per set of
 * routes (test apps with the same routes share it) and looked up once per app.
 */
export function contractOf(app: Hono<AppEnv>, serverUrl: string): Promise<ApiContract> {
  let contract = contractOfApp.get(app);
  if (contract) return contract;
  const key = `${serverUrl} ${app.routes.map((r) => `${r.method} ${r.path}`).join('\n')}`;
  contract = contracts.get(key);
  if (!contract) {
    contract = apiDocument(app, serverUrl).then(createApiContract);
    contracts.set(key, contract);
  }
  contractOfApp.set(app, contract);
  return contract;
}
