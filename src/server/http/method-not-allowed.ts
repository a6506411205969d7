import type { MiddlewareHandler } from 'hono';

/** The methods a route of the app may answer (middleware is 'ALL'; HEAD is answered as GET). */
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const METHOD_NOT_ALLOWED_MESSAGE = 'This address does not take this method.';

interface RouteShape {
  pattern: RegExp;
  methods: Set<string>;
}

/** A Hono route path ('/api/caucuses/:id', '/api/x/:key{.+}') as an anchored pattern. */
export function routePattern(path: string): RegExp {
  let source = '';
  for (const segment of path.split('/').slice(1)) {
    const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?$/.exec(segment);
    source += `/${param ? `(?:${param[1] ?? '[^/]+'})` : segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}`;
  }
  return new RegExp(`^${source}$`);
}

/**
 * The paths of the routes under a prefix, by the segment that follows it ('caucuses' for
 * '/api/caucuses/:id'), so a request tries the few paths of its own segment and not every path
 * of the API (issue 33); a path whose first segment is a parameter is tried for every request.
 */
export interface RouteShapes {
  prefix: string;
  byFirstSegment: Map<string, RouteShape[]>;
  anyFirstSegment: RouteShape[];
}

const firstSegment = (path: string, prefix: string): string => (path.startsWith(prefix) ? path.slice(prefix.length).split('/', 1)[0]! : '');

/** Every path of `routes` under `prefix`, with the methods its handlers answer. */
export function routeShapes(routes: readonly { method: string; path: string }[], prefix: string): RouteShapes {
  const byPath = new Map<string, Set<string>>();
  for (const route of routes) {
    if (!(ROUTE_METHODS as readonly string[]).includes(route.method) || !route.path.startsWith(prefix) || route.path.includes('*')) continue;
    const methods = byPath.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    byPath.set(route.path, methods);
  }
  const shapes: RouteShapes = { prefix, byFirstSegment: new Map(), anyFirstSegment: [] };
  for (const [path, methods] of byPath) {
    const shape = { pattern: routePattern(path), methods };
    const segment = firstSegment(path, prefix);
    if (segment.startsWith(':')) shapes.anyFirstSegment.push(shape);
    else shapes.byFirstSegment.set(segment, [...(shapes.byFirstSegment.get(segment) ?? []), shape]);
  }
  return shapes;
}

/** The methods the paths matching `path` answer, as an Allow header lists them; null when no route has this path. */
export function allowedMethods(shapes: RouteShapes, path: string): string[] | null {
  const methods = new Set<string>();
  for (const candidates of [shapes.byFirstSegment.get(firstSegment(path, shapes.prefix)), shapes.anyFirstSegment]) {
    for (const shape of candidates ?? []) if (shape.pattern.test(path)) for (const method of shape.methods) methods.add(method);
  }
  if (methods.size === 0) return null;
  if (methods.has('GET')) methods.add('HEAD');
  return ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => methods.has(m));
}

/**
 * 405 with `Allow` (issue 29): a request to a path the API has, with a method none of its routes
 * take. It runs before the token, the CSRF check and the session, so the answer is the same for
 * everyone who asks; the route table is the app's own (`routes()`), read at the first request.
 */
export function methodNotAllowed(routes: () => readonly { method: string; path: string }[], prefix = '/api/'): MiddlewareHandler {
  let shapes: RouteShapes | null = null;
  return async (c, next) => {
    const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
    shapes ??= routeShapes(routes(), prefix);
    const allowed = allowedMethods(shapes, c.req.path);
    if (!allowed || allowed.includes(method)) return next();
    c.header('Allow', allowed.join(', '));
    return c.json({ error: { code: 'method_not_allowed', message: METHOD_NOT_ALLOWED_MESSAGE } }, 405);
  };
}
