import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { forwardedClient, trustedRanges, type ForwardedClient } from '../../domain/network/forwarded-client';

/**
 * The one place that decides who sent a request (decision 041): the socket's peer, or, when
 * that peer is one of TRUSTED_PROXIES, the client X-Forwarded-For names. Every per-address
 * limit, the request log line, the dev mailbox's loopback check and the choice of `Secure`
 * cookies read the answer through clientAddress() and requestIsHttps().
 */
export type RequestClient = ForwardedClient;

/** The socket's peer as @hono/node-server gives it; 'unknown' where there is no socket. */
function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() without a socket
  }
}

/** Sets `client` for the rest of the request; first in the app, before anything reads it. */
export function requestClient(trustedProxies: readonly string[] = []): MiddlewareHandler {
  const trusted = trustedRanges(trustedProxies);
  return async (c, next) => {
    c.set('client', resolve(c, trusted));
    await next();
  };
}

function resolve(c: Context, trusted: ReturnType<typeof trustedRanges>): RequestClient {
  return forwardedClient({ peer: socketAddress(c), forwardedFor: c.req.header('x-forwarded-for'), forwardedProto: c.req.header('x-forwarded-proto') }, trusted);
}

function clientOf(c: Context): RequestClient {
  // Without requestClient in front (a middleware tested alone), nobody is trusted: the socket's peer.
  return (c.get('client') as RequestClient | undefined) ?? resolve(c, []);
}

/** The real client's address: what per-address limits key on and log lines show. */
export function clientAddress(c: Context): string {
  return clientOf(c).address;
}

/**
 * Whether the browser reached us over https: the scheme a trusted proxy forwarded, otherwise
 * the connection's own. Decides the `Secure` attribute of the cookies the app sets itself
 * (better-auth's follow BASE_URL).
 */
export function requestIsHttps(c: Context): boolean {
  const proto = clientOf(c).proto;
  return proto ? proto === 'https' : new URL(c.req.url).protocol === 'https:';
}

/**
 * The headers that carry the client to a request the app makes to itself on the visitor's
 * behalf (`app.fetch` for a page drawn by the server or a form without JavaScript): the same
 * socket with the same headers resolves to the same client.
 */
export function forwardingHeaders(c: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['x-forwarded-for', 'x-forwarded-proto']) {
    const value = c.req.header(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/**
 * The header better-auth reads the client's address from (its `ipAddressHeaders`, for the
 * sessions it records): set here from clientAddress(), over anything the client sent, so a
 * forged X-Forwarded-For never lands in the database.
 */
export const CLIENT_ADDRESS_HEADER = 'x-caucus-client-address';

/** The request with the real client's address in CLIENT_ADDRESS_HEADER, for better-auth. */
export function withClientAddress(c: Context, request: Request): Request {
  const headers = new Headers(request.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(c));
  return new Request(request, { headers });
}
