/**
 * Which push addresses the server may send to (issue 29, docs/security.md "Requests the server
 * makes"). A browser's push subscription names a push service on the internet (FCM, Mozilla's
 * autopush, Apple's, Windows'): an https address on port 443 under a DNS name. Anything else
 * would aim the server at an address of the subscriber's choosing: a loopback or private
 * service, the cloud's metadata address, the app itself. This rule reads the address alone;
 * the server checks the address the name resolves to again at every send (DNS can change).
 */

/** Why an endpoint is refused; null when it may be sent to. */
export type PushEndpointProblem =
  | 'not_a_url'
  | 'not_https'
  | 'credentials'
  | 'port'
  | 'ip_literal'
  | 'not_a_host_name'
  | 'local_name'
  | 'app_host';

/** Names that only mean something on this machine or its own network (RFC 6761, RFC 6762, RFC 8375, common practice). */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'localdomain', 'lan', 'intranet', 'home.arpa', 'arpa'];

const LABEL = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;
/** A last label that reads as a number: the URL standard takes such a host for an IPv4 address. */
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/;

/** The host name as compared: lower case, without the trailing dot of a fully qualified name. */
function hostKey(hostname: string): string {
  const lower = hostname.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}

/**
 * The problem with a push endpoint, or null when the server may send to it.
 * `appHosts` are the app's own host names (BASE_URL's): the app never pushes to itself.
 */
export function pushEndpointProblem(endpoint: string, appHosts: readonly string[] = []): PushEndpointProblem | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not_a_url';
  }
  if (url.protocol !== 'https:') return 'not_https';
  if (url.username !== '' || url.password !== '') return 'credentials';
  // The URL standard drops the default port: '' is 443.
  if (url.port !== '') return 'port';
  // The URL standard writes every IPv4 form (decimal 2130706433, hex 0x7f.1, octal 0177.0.0.1,
  // short 127.1, a trailing dot) as dotted decimal, and IPv6 in brackets.
  const hostname = url.hostname;
  if (hostname.startsWith('[') || /^[\d.]+$/.test(hostname)) return 'ip_literal';
  const host = hostKey(hostname);
  const labels = host.split('.');
  if (NUMERIC_LABEL.test(labels[labels.length - 1]!)) return 'ip_literal';
  // A single label ('postgres', 'db') is completed by the server's search domains: never a push service.
  if (labels.length < 2 || host.length > 253 || !labels.every((label) => LABEL.test(label))) return 'not_a_host_name';
  if (LOCAL_SUFFIXES.some((suffix) => host === suffix || host.endsWith(`.${suffix}`))) return 'local_name';
  for (const appHost of appHosts) {
    const own = hostKey(appHost);
    if (host === own || host.endsWith(`.${own}`)) return 'app_host';
  }
  return null;
}
