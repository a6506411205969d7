import { promises as dns, type LookupAddress } from 'node:dns';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The connections the server opens to an address a user gave (a push subscription's endpoint):
 * only to public internet addresses (issue 29, decision 036). The check runs on the address the
 * connection is actually made to, after the name is resolved, so a name that resolves to a
 * private address (or starts to, between the subscription and the send: DNS rebinding) is
 * refused before any packet leaves.
 */

/** Resolves a host name to every address it has (the system resolver by default). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * A public unicast address: not loopback, private (RFC 1918), link-local (the cloud's metadata
 * address 169.254.169.254), unique-local (fc00::/7), multicast, broadcast, unspecified, CGNAT
 * (100.64.0.0/10), documentation, benchmarking or reserved; IPv4-mapped IPv6 and NAT64/6to4/Teredo
 * forms, which carry an IPv4 address inside, are judged by it or refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A connection refused because its address is not a public one. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`Refused to connect to ${hostname}: ${address} is not a public internet address`);
    this.name = 'RefusedAddressError';
  }
}

export interface PublicAddressOptions {
  /** How names are resolved; tests give a fixed answer. */
  resolve?: Resolve;
  /** Which addresses may be connected to; isPublicAddress unless a test says otherwise. */
  allowAddress?: (address: string) => boolean;
}

/**
 * A `lookup` for net/tls connections that resolves the name and refuses it when any of its
 * addresses is not allowed: a name must not mix a public address with a private one, since the
 * connection may try each in turn.
 */
export function publicOnlyLookup({ resolve = systemResolve, allowAddress = isPublicAddress }: PublicAddressOptions = {}): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname }), '', 4);
          return;
        }
        const refused = wanted.find((a) => !allowAddress(a.address));
        if (refused) {
          callback(new RefusedAddressError(hostname, refused.address), '', 4);
          return;
        }
        if (options.all) (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/**
 * An https.Agent whose connections go to allowed addresses only: names through
 * publicOnlyLookup, and an IP address given as the host (which no lookup sees) checked itself.
 */
export class PublicHttpsAgent extends https.Agent {
  private readonly allowAddress: (address: string) => boolean;

  constructor({ resolve, allowAddress = isPublicAddress, ...options }: PublicAddressOptions & https.AgentOptions = {}) {
    super({ ...options, lookup: publicOnlyLookup({ resolve, allowAddress }) });
    this.allowAddress = allowAddress;
  }

  override createConnection(options: Parameters<https.Agent['createConnection']>[0], callback?: Parameters<https.Agent['createConnection']>[1]) {
    const host = String((options as { host?: string }).host ?? '').replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) && !this.allowAddress(host)) {
      const error = new RefusedAddressError(host, host);
      if (callback) {
        callback(error, undefined as never);
        return undefined as never;
      }
      throw error;
    }
    return super.createConnection(options, callback);
  }
}
