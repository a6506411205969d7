import { isTrusted, parseAddress, trustedRanges } from '../../domain/network/forwarded-client';

/**
 * A list of addresses and CIDR ranges (METRICS_ALLOW, decision 042) and whether an address is in
 * it, by the same rule as TRUSTED_PROXIES (src/domain/network/forwarded-client.ts): IPv4
 * addresses written as IPv6 (`::ffff:127.0.0.1`, as a dual-stack socket gives them) count as the
 * IPv4 address, and `loopback` is 127.0.0.0/8 and ::1.
 */
export interface AddressAllowList {
  /** The entries as written (for start-up notes and errors; addresses are not secrets). */
  readonly entries: readonly string[];
  allows(address: string | null | undefined): boolean;
}

/** The list of checked entries (settings.ts refuses a bad one at start-up; this throws on one). */
export function addressAllowList(entries: readonly string[]): AddressAllowList {
  const ranges = trustedRanges(entries);
  return {
    entries,
    allows(raw) {
      const address = raw ? parseAddress(raw) : null;
      return address !== null && isTrusted(address, ranges);
    },
  };
}
