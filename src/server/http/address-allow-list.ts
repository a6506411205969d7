import { BlockList, isIP } from 'node:net';

/**
 * A list of addresses and CIDR ranges (METRICS_ALLOW, decision 042) and whether an address is in
 * it. IPv4 addresses written as IPv6 (`::ffff:127.0.0.1`, as a dual-stack socket gives them) count
 * as the IPv4 address.
 */
export interface AddressAllowList {
  /** The entries as written (for start-up notes and errors; addresses are not secrets). */
  readonly entries: readonly string[];
  allows(address: string | null | undefined): boolean;
}

/** Why one entry of a list is not an address or a CIDR range, or null when it is one. */
export function addressEntryProblem(entry: string): string | null {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return `"${entry}" is not an IP address or CIDR range (such as 10.0.0.0/8 or ::1)`;
  if (prefix === undefined) return null;
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || bits > max) return `"${entry}": the prefix length must be 0 to ${max}`;
  return null;
}

/** The list's entries from its comma-separated text (blank entries skipped); throws on a bad entry. */
export function parseAddressList(text: string): string[] {
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = addressEntryProblem(entry);
    if (problem) throw new Error(problem);
  }
  return entries;
}

const unmapped = (address: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address) ? address.slice(7) : address);

export function addressAllowList(entries: readonly string[]): AddressAllowList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(unmapped(address), isIP(unmapped(address)) === 4 ? 'ipv4' : type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return {
    entries,
    allows(raw) {
      if (!raw) return false;
      const address = unmapped(raw);
      const family = isIP(address);
      if (family === 0) return false;
      return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
