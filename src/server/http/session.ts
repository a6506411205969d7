import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Auth } from '../features/auth/auth';
import { unauthorized } from './app-error';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export type AppEnv = { Variables: { user: SessionUser | null } };

/** Reads the session cookie (if any) into `c.var.user`. */
export function loadSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    // No session cookie, no session: skip the lookup for visitors (most public reads).
    if (!c.req.header('cookie')?.includes('session_token')) {
      c.set('user', null);
      return next();
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set('user', session ? { id: session.user.id, email: session.user.email, name: session.user.name } : null);
    await next();
  });
}

/** The signed-in user, or a 401. */
export function requireUser(c: { var: { user: SessionUser | null } }): SessionUser {
  if (!c.var.user) throw unauthorized();
  return c.var.user;
}
