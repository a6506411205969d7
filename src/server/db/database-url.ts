/**
 * libpq's multi-host connection URLs (issue 31, decision 046), which node-postgres does not read:
 * `postgres://user@h1:5432,h2:5433/caucus?target_session_attrs=read-write`. Pure: parsing, and
 * which host a session may use given what the host says of itself.
 */

export const TARGET_SESSION_ATTRS = ['any', 'read-write', 'read-only', 'primary', 'standby', 'prefer-standby'] as const;
export type TargetSessionAttrs = (typeof TARGET_SESSION_ATTRS)[number];

export interface DatabaseHost {
  host: string;
  port: number;
}

export interface DatabaseUrl {
  hosts: DatabaseHost[];
  targetSessionAttrs: TargetSessionAttrs;
  /** The same URL with one host and without target_session_attrs: what node-postgres reads. */
  withHost(host: DatabaseHost): string;
}

export class DatabaseUrlError extends Error {}

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)([^/?#]*)((?:\/[^?#]*)?)((?:\?[^#]*)?)$/;
const DEFAULT_PORT = 5432;

/** One `host[:port]` of the list; an IPv6 address in brackets. */
function parseHost(text: string): DatabaseHost {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) throw new DatabaseUrlError(`'${text}' is not a host or host:port`);
  const port = match[2] === undefined ? DEFAULT_PORT : Number(match[2]);
  if (port < 1 || port > 65535) throw new DatabaseUrlError(`'${text}': the port must be 1-65535`);
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port };
}

/** `?host=a,b&port=p` or `port=p1,p2`: one port for all, or one per host. */
function socketHosts(hostParam: string, portParam: string | null): DatabaseHost[] {
  const names = hostParam.split(',').map((h) => h.trim());
  const ports = portParam === null || portParam === '' ? [] : portParam.split(',').map((p) => p.trim());
  if (names.some((h) => h === '')) throw new DatabaseUrlError('?host= has an empty host');
  if (ports.length > 1 && ports.length !== names.length) throw new DatabaseUrlError('?port= must give one port, or one per host');
  return names.map((host, i) => {
    const text = ports.length === 0 ? String(DEFAULT_PORT) : ports.length === 1 ? ports[0]! : ports[i]!;
    const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
    if (!(port >= 1 && port <= 65535)) throw new DatabaseUrlError(`'${text}': the port must be 1-65535`);
    return { host, port };
  });
}

function formatHost({ host, port }: DatabaseHost): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Reads a postgres:// URL with one host or several. Throws DatabaseUrlError naming what is wrong
 * (never echoing the password).
 */
export function parseDatabaseUrl(url: string): DatabaseUrl {
  const match = URL_SHAPE.exec(url.trim());
  if (!match) throw new DatabaseUrlError('must be postgres://[user[:password]@]host[:port][,host[:port]…]/database');
  const [, scheme, authority, path, query] = match as unknown as [string, string, string, string, string];
  const at = authority.lastIndexOf('@');
  const userInfo = at === -1 ? '' : authority.slice(0, at + 1);
  const hostList = authority.slice(at + 1);
  const params = new URLSearchParams(query.slice(1));
  // libpq also takes the hosts as parameters (`?host=/run/a,/run/b&port=5433`): Unix socket folders.
  const hostParam = params.get('host');
  let hosts: DatabaseHost[];
  if (hostParam !== null) {
    if (hostList !== '') throw new DatabaseUrlError('name the hosts either before the path or as ?host=, not both');
    hosts = socketHosts(hostParam, params.get('port'));
    params.delete('host');
    params.delete('port');
  } else {
    hosts = hostList === '' ? [] : hostList.split(',').map(parseHost);
  }
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (!(TARGET_SESSION_ATTRS as readonly string[]).includes(attrs)) {
    throw new DatabaseUrlError(`target_session_attrs must be one of ${TARGET_SESSION_ATTRS.join(', ')}`);
  }
  params.delete('target_session_attrs');
  const rest = params.toString();
  return {
    hosts,
    targetSessionAttrs: attrs as TargetSessionAttrs,
    withHost: (host) => {
      if (host.host.startsWith('/')) {
        const one = new URLSearchParams(rest);
        one.set('host', host.host);
        one.set('port', String(host.port));
        return `${scheme}${userInfo}${path}?${one.toString()}`;
      }
      return `${scheme}${userInfo}${formatHost(host)}${path}${rest ? `?${rest}` : ''}`;
    },
  };
}

/** Whether the app must choose among hosts itself (several hosts, or a session kind to check). */
export function needsHostChoice(url: DatabaseUrl): boolean {
  return url.hosts.length > 1 || url.targetSessionAttrs !== 'any';
}

/** What a host says of itself: `pg_is_in_recovery()` and `transaction_read_only`. */
export interface HostState {
  inRecovery: boolean;
  readOnly: boolean;
}

/**
 * Whether a session of this kind may use a host, as libpq decides (a standby being promoted is
 * still read-only for a moment: read-write waits for it). `prefer-standby` takes any host on its
 * second pass, when no standby answered.
 */
export function hostAccepts(attrs: TargetSessionAttrs, state: HostState, secondPass = false): boolean {
  switch (attrs) {
    case 'any':
      return true;
    case 'read-write':
      return !state.readOnly && !state.inRecovery;
    case 'read-only':
      return state.readOnly || state.inRecovery;
    case 'primary':
      return !state.inRecovery;
    case 'standby':
      return state.inRecovery;
    case 'prefer-standby':
      return secondPass || state.inRecovery;
  }
}

/**
 * The host to use: the first in the URL's order that answered and accepts this kind of session.
 * `states[i]` is null for a host that did not answer. Null when none will do.
 */
export function chooseHost(attrs: TargetSessionAttrs, states: ReadonlyArray<HostState | null>): number | null {
  for (const secondPass of attrs === 'prefer-standby' ? [false, true] : [false]) {
    const index = states.findIndex((state) => state !== null && hostAccepts(attrs, state, secondPass));
    if (index !== -1) return index;
  }
  return null;
}

export function sameHost(a: DatabaseHost | null, b: DatabaseHost | null): boolean {
  return a !== null && b !== null && a.host === b.host && a.port === b.port;
}

export function hostLabel(host: DatabaseHost): string {
  return formatHost(host);
}
