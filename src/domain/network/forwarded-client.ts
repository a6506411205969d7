import ipaddr from 'ipaddr.js';

/**
 * Who is really on the other end of a request when proxies stand in front of the app
 * (TRUSTED_PROXIES, decision 041). Behind Caddy every connection comes from 127.0.0.1; the
 * client's address is in X-Forwarded-For, which any client can also write. So the header is
 * read only when the socket's peer is a trusted proxy, and only from the right: each trusted
 * hop appended the address it saw, and the first address from the right that is not a trusted
 * proxy is the client. Whatever stands left of it was written by that client and proves nothing.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** One trusted network: an address and the length of its prefix (32 or 128 for one address). */
export type AddressRange = readonly [Address, number];

export interface ForwardedClient {
  /** The client's address in its canonical text (IPv4-mapped IPv6 as IPv4, IPv6 compressed). */
  address: string;
  /** The scheme the nearest trusted proxy says the request came in with; null: no trusted proxy said. */
  proto: 'http' | 'https' | null;
}

export interface ForwardedRequest {
  /** The address of the socket's peer, as the server gives it. */
  peer: string;
  /** Every X-Forwarded-For header of the request, in order (or their values joined by commas). */
  forwardedFor?: string | readonly string[] | null;
  /** Every X-Forwarded-Proto header of the request, in order. */
  forwardedProto?: string | readonly string[] | null;
}

/** The word for this machine's own addresses in TRUSTED_PROXIES. */
export const LOOPBACK_KEYWORD = 'loopback';

const DOTTED_QUAD = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const PREFIX = /^\d{1,3}$/;

/**
 * An IPv4 address in dotted-quad form or an IPv6 address; null for anything else (ipaddr.js
 * alone would also take '1.2.3', '0x7f.1' and octal '010.1.1.1', which no proxy writes).
 * IPv4-mapped IPv6 addresses (::ffff:1.2.3.4, a dual-stack socket's view of an IPv4 client)
 * become the IPv4 address, so one client has one address.
 */
export function parseAddress(text: string): Address | null {
  if (DOTTED_QUAD.test(text)) return ipaddr.IPv4.parse(text);
  if (!text.includes(':') || !ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/**
 * One entry of TRUSTED_PROXIES: an address ('10.0.0.2', '::1'), a CIDR range ('10.0.0.0/8',
 * 'fd00::/8') or `loopback` (127.0.0.0/8 and ::1). Null when it is none of those.
 */
export function parseAddressRange(entry: string): AddressRange[] | null {
  const text = entry.trim();
  if (text.toLowerCase() === LOOPBACK_KEYWORD) return [[ipaddr.IPv4.parse('127.0.0.0'), 8], [ipaddr.IPv6.parse('::1'), 128]];
  const slash = text.indexOf('/');
  const address = parseAddress(slash === -1 ? text : text.slice(0, slash));
  if (!address) return null;
  const bits = address.kind() === 'ipv4' ? 32 : 128;
  if (slash === -1) return [[address, bits]];
  const prefixText = text.slice(slash + 1);
  if (!PREFIX.test(prefixText)) return null;
  let prefix = Number(prefixText);
  // An IPv4-mapped range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
  if (address.kind() === 'ipv4' && text.slice(0, slash).includes(':')) prefix -= 96;
  if (prefix < 0 || prefix > bits) return null;
  return [[address, prefix]];
}

/** The entries of TRUSTED_PROXIES as ranges; throws on an entry that is not one (settings check first). */
export function trustedRanges(entries: readonly string[]): AddressRange[] {
  return entries.flatMap((entry) => {
    const ranges = parseAddressRange(entry);
    if (!ranges) throw new Error(`'${entry}' is not an IP address or CIDR range`);
    return ranges;
  });
}

export function isTrusted(address: Address, trusted: readonly AddressRange[]): boolean {
  return trusted.some(([network, prefix]) => network.kind() === address.kind() && address.match(network, prefix));
}

/**
 * One entry of X-Forwarded-For: an address, maybe with a port ('203.0.113.7:51234',
 * '[2001:db8::7]:443', '[2001:db8::7]') and spaces around it. Null for anything else
 * ('unknown', an obfuscated name, an empty entry).
 */
export function parseForwardedEntry(entry: string): Address | null {
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed) return bracketed[1]!.includes(':') ? parseAddress(bracketed[1]!) : null;
  const withPort = /^([\d.]+):\d{1,5}$/.exec(text);
  return parseAddress(withPort ? withPort[1]! : text);
}

const entriesOf = (values: string | readonly string[] | null | undefined): string[] =>
  values === null || values === undefined ? [] : (typeof values === 'string' ? [values] : values).join(',').split(',');

/** The canonical text of an address: what rate limits key on and log lines show. */
export const formatAddress = (address: Address): string => address.toString();

/**
 * Who a per-address limit counts (sign-in, sign-up, reset, passkey options…): an IPv4 address
 * itself, an IPv6 address by its /64 (one home or one server is given a whole /64, so counting
 * single IPv6 addresses would let one visitor try 2^64 times as often); text that is no address
 * (a test's client) as it is.
 */
export function rateLimitSubject(text: string): string {
  const address = parseAddress(text);
  if (!address) return text;
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${parts.join(':')}::/64`;
}

/**
 * The real client of a request and the scheme it used. The socket's peer is the client unless
 * it is a trusted proxy; then X-Forwarded-For is walked from the right past every trusted hop,
 * and the first address that is not one is the client. A malformed entry stops the walk: the
 * trusted hop that wrote it is the client (what lies beyond it cannot be read). X-Forwarded-Proto
 * counts only from a trusted peer, and only its last value: the one the nearest proxy set.
 */
export function forwardedClient(request: ForwardedRequest, trusted: readonly AddressRange[]): ForwardedClient {
  const peer = parseAddress(request.peer);
  if (!peer) return { address: request.peer, proto: null };
  if (!isTrusted(peer, trusted)) return { address: formatAddress(peer), proto: null };

  let client = peer;
  const hops = entriesOf(request.forwardedFor);
  if (!(hops.length === 1 && hops[0]!.trim() === '')) {
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = parseForwardedEntry(hops[i]!);
      if (!hop) break;
      client = hop;
      if (!isTrusted(hop, trusted)) break;
    }
  }
  const protos = entriesOf(request.forwardedProto);
  const proto = protos.length > 0 ? protos[protos.length - 1]!.trim().toLowerCase() : '';
  return { address: formatAddress(client), proto: proto === 'https' || proto === 'http' ? proto : null };
}
