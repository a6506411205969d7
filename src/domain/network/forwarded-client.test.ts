import { describe, expect, it } from 'vitest';
import { forwardedClient, parseAddressRange, parseForwardedEntry, rateLimitSubject, trustedRanges, type ForwardedRequest } from './forwarded-client';

const LOOPBACK = trustedRanges(['loopback']);
const CHAIN = trustedRanges(['127.0.0.1', '10.0.0.0/8', 'fd00::/8']);

describe('forwardedClient', () => {
  const rows: Array<[name: string, request: ForwardedRequest, trusted: typeof LOOPBACK, address: string, proto: 'http' | 'https' | null]> = [
    // Nobody trusted: the socket's peer, whatever the headers say.
    ['empty list trusts nobody', { peer: '127.0.0.1', forwardedFor: '203.0.113.7', forwardedProto: 'https' }, [], '127.0.0.1', null],
    ['no headers, untrusted peer', { peer: '198.51.100.4' }, LOOPBACK, '198.51.100.4', null],
    ['forged header from an untrusted peer is ignored', { peer: '198.51.100.4', forwardedFor: '203.0.113.7', forwardedProto: 'https' }, LOOPBACK, '198.51.100.4', null],
    ['forged chain naming a proxy, from an untrusted peer', { peer: '198.51.100.4', forwardedFor: '203.0.113.7, 127.0.0.1' }, LOOPBACK, '198.51.100.4', null],
    // One proxy on this machine.
    ['one proxy: its single entry', { peer: '127.0.0.1', forwardedFor: '203.0.113.7', forwardedProto: 'https' }, LOOPBACK, '203.0.113.7', 'https'],
    ['trusted peer without a header is the client', { peer: '127.0.0.1' }, LOOPBACK, '127.0.0.1', null],
    ['trusted peer with an empty header is the client', { peer: '127.0.0.1', forwardedFor: '' }, LOOPBACK, '127.0.0.1', null],
    ['the rightmost untrusted entry, not the leftmost (forged by the client)', { peer: '127.0.0.1', forwardedFor: '1.1.1.1, 203.0.113.7' }, LOOPBACK, '203.0.113.7', null],
    ['a forged "trusted" entry left of the client changes nothing', { peer: '127.0.0.1', forwardedFor: '127.0.0.1, 203.0.113.7' }, LOOPBACK, '203.0.113.7', null],
    ['spaces around entries', { peer: '127.0.0.1', forwardedFor: '  203.0.113.7  ' }, LOOPBACK, '203.0.113.7', null],
    ['no spaces between entries', { peer: '127.0.0.1', forwardedFor: '1.1.1.1,203.0.113.7' }, LOOPBACK, '203.0.113.7', null],
    ['IPv4 with a port', { peer: '127.0.0.1', forwardedFor: '203.0.113.7:51234' }, LOOPBACK, '203.0.113.7', null],
    ['IPv6 client', { peer: '127.0.0.1', forwardedFor: '2001:DB8:0:0::7' }, LOOPBACK, '2001:db8::7', null],
    ['IPv6 in brackets with a port', { peer: '127.0.0.1', forwardedFor: '[2001:db8::7]:443' }, LOOPBACK, '2001:db8::7', null],
    ['IPv6 in brackets without a port', { peer: '127.0.0.1', forwardedFor: '[2001:db8::7]' }, LOOPBACK, '2001:db8::7', null],
    ['IPv4-mapped IPv6 peer is the IPv4 proxy', { peer: '::ffff:127.0.0.1', forwardedFor: '203.0.113.7' }, LOOPBACK, '203.0.113.7', null],
    ['IPv4-mapped client becomes IPv4', { peer: '127.0.0.1', forwardedFor: '::ffff:203.0.113.7' }, LOOPBACK, '203.0.113.7', null],
    ['IPv4-mapped untrusted peer becomes IPv4', { peer: '::ffff:198.51.100.4', forwardedFor: '203.0.113.7' }, LOOPBACK, '198.51.100.4', null],
    ['IPv6 loopback peer', { peer: '::1', forwardedFor: '203.0.113.7', forwardedProto: 'http' }, LOOPBACK, '203.0.113.7', 'http'],
    ['127.0.0.0/8 is loopback', { peer: '127.3.4.5', forwardedFor: '203.0.113.7' }, LOOPBACK, '203.0.113.7', null],
    // Several proxies.
    ['two trusted hops are skipped', { peer: '127.0.0.1', forwardedFor: '203.0.113.7, 10.1.2.3', forwardedProto: 'https, http' }, CHAIN, '203.0.113.7', 'http'],
    ['three hops, IPv6 proxy in the middle', { peer: '10.0.0.2', forwardedFor: '203.0.113.7, fd00::5, 10.9.9.9' }, CHAIN, '203.0.113.7', null],
    ['an untrusted hop in the middle is the client', { peer: '127.0.0.1', forwardedFor: '203.0.113.7, 198.51.100.4, 10.1.2.3' }, CHAIN, '198.51.100.4', null],
    ['every hop trusted: the leftmost', { peer: '127.0.0.1', forwardedFor: '10.0.0.9, 10.1.2.3' }, CHAIN, '10.0.0.9', null],
    ['several headers, in order', { peer: '127.0.0.1', forwardedFor: ['1.1.1.1', '203.0.113.7, 10.1.2.3'] }, CHAIN, '203.0.113.7', null],
    ['several headers: the last one is the nearest', { peer: '127.0.0.1', forwardedFor: ['203.0.113.7', '10.1.2.3'] }, CHAIN, '203.0.113.7', null],
    ['an address just outside a range is not trusted', { peer: '127.0.0.1', forwardedFor: '203.0.113.7, 11.0.0.1' }, CHAIN, '11.0.0.1', null],
    // Malformed entries stop the walk at the trusted hop that wrote them.
    ['"unknown" from the nearest proxy: the proxy', { peer: '127.0.0.1', forwardedFor: 'unknown' }, LOOPBACK, '127.0.0.1', null],
    ['garbage behind a trusted hop: that hop', { peer: '127.0.0.1', forwardedFor: '203.0.113.7, nonsense, 10.1.2.3' }, CHAIN, '10.1.2.3', null],
    ['an empty entry stops the walk', { peer: '127.0.0.1', forwardedFor: '203.0.113.7, , 10.1.2.3' }, CHAIN, '10.1.2.3', null],
    ['a trailing comma stops the walk at once', { peer: '127.0.0.1', forwardedFor: '203.0.113.7,' }, LOOPBACK, '127.0.0.1', null],
    ['an out-of-range octet is malformed', { peer: '127.0.0.1', forwardedFor: '10.0.0.300' }, LOOPBACK, '127.0.0.1', null],
    ['legacy IPv4 forms are malformed', { peer: '127.0.0.1', forwardedFor: '0x7f.1' }, LOOPBACK, '127.0.0.1', null],
    ['a CIDR is not a client address', { peer: '127.0.0.1', forwardedFor: '203.0.113.0/24' }, LOOPBACK, '127.0.0.1', null],
    ['an IPv4 address in brackets is malformed', { peer: '127.0.0.1', forwardedFor: '[203.0.113.7]' }, LOOPBACK, '127.0.0.1', null],
    ['a host name is malformed', { peer: '127.0.0.1', forwardedFor: 'evil.example' }, LOOPBACK, '127.0.0.1', null],
    // X-Forwarded-Proto.
    ['proto upper case', { peer: '127.0.0.1', forwardedFor: '203.0.113.7', forwardedProto: 'HTTPS' }, LOOPBACK, '203.0.113.7', 'https'],
    ['proto: the nearest proxy (last value) wins', { peer: '127.0.0.1', forwardedFor: '203.0.113.7', forwardedProto: 'http, https' }, LOOPBACK, '203.0.113.7', 'https'],
    ['proto: several headers, last wins', { peer: '127.0.0.1', forwardedProto: ['https', 'http'] }, LOOPBACK, '127.0.0.1', 'http'],
    ['proto: an unknown scheme is ignored', { peer: '127.0.0.1', forwardedProto: 'wss' }, LOOPBACK, '127.0.0.1', null],
    ['proto: from an untrusted peer is ignored', { peer: '203.0.113.7', forwardedProto: 'https' }, LOOPBACK, '203.0.113.7', null],
    // A peer the server could not name (app.request without a socket).
    ['an unknown peer is passed on as is', { peer: 'unknown', forwardedFor: '203.0.113.7' }, LOOPBACK, 'unknown', null],
  ];
  it.each(rows)('%s', (_name, request, trusted, address, proto) => {
    expect(forwardedClient(request, trusted)).toEqual({ address, proto });
  });
});

describe('parseAddressRange', () => {
  it.each([
    ['10.0.0.2', true],
    ['10.0.0.0/8', true],
    ['0.0.0.0/0', true],
    ['::1', true],
    ['fd00::/8', true],
    ['2001:db8::/128', true],
    ['::ffff:10.0.0.0/104', true],
    [' loopback ', true],
    ['LOOPBACK', true],
    ['10.0.0.300', false],
    ['10.0.0', false],
    ['10.0.0.0/33', false],
    ['10.0.0.0/-1', false],
    ['10.0.0.0/', false],
    ['10.0.0.0/8/8', false],
    ['fd00::/129', false],
    ['::ffff:10.0.0.0/95', false],
    ['proxy.example', false],
    ['', false],
  ])('%s → %s', (entry, ok) => {
    expect(parseAddressRange(entry) !== null).toBe(ok);
  });

  it('matches what it says', () => {
    const ranges = trustedRanges(['10.0.0.0/8', '::ffff:192.168.0.0/112']);
    const client = (peer: string) => forwardedClient({ peer, forwardedFor: '203.0.113.7' }, ranges).address;
    expect(client('10.255.255.255')).toBe('203.0.113.7');
    expect(client('192.168.4.5')).toBe('203.0.113.7');
    expect(client('192.169.0.1')).toBe('192.169.0.1');
  });

  it('trustedRanges refuses an entry that is not one', () => {
    expect(() => trustedRanges(['127.0.0.1', 'nope'])).toThrow("'nope' is not an IP address or CIDR range");
  });
});

describe('parseForwardedEntry', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:8080', '203.0.113.7'],
    ['[::1]:8080', '::1'],
    ['fe80::1', 'fe80::1'],
    ['203.0.113.7:', null],
    ['203.0.113.7:123456', null],
    ['[::1', null],
    ['"203.0.113.7"', null],
  ])('%s → %s', (entry, expected) => {
    expect(parseForwardedEntry(entry)?.toString() ?? null).toBe(expected);
  });
});

describe('rateLimitSubject', () => {
  const rows: Array<[name: string, address: string, subject: string]> = [
    ['an IPv4 address is itself', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address is its IPv4 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address is its /64', '2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['another address of the same /64 is the same subject', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['a neighbouring /64 is another subject', '2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['written short or in capitals, the same /64', '2001:DB8:0:0::7', '2001:db8:0:0::/64'],
    ['the IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['text that is no address is kept as it is', 'test-client', 'test-client'],
  ];
  it.each(rows)('%s', (_name, address, subject) => {
    expect(rateLimitSubject(address)).toBe(subject);
  });
});
