import type { MiddlewareHandler } from 'hono';
import { clientAddress } from './request-client';

/** True for an address of this machine: 127.0.0.0/8, ::1, and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * Serves only clients on this machine (the dev mailbox shows every confirmation and reset
 * link): anyone else gets a 404, as if the page did not exist. Behind a trusted proxy on this
 * machine the client is the one it forwards, not the proxy (decision 041).
 */
export const loopbackOnly: MiddlewareHandler = async (c, next) => {
  if (!isLoopbackAddress(clientAddress(c))) return c.text('Not found', 404);
  return next();
};
