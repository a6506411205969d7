import https from 'node:https';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, PublicHttpsAgent, RefusedAddressError, type Resolve } from './public-https-agent';

describe('public internet addresses (issue 29)', () => {
  it.each([
    ['8.8.8.8', true],
    ['142.250.74.106', true],
    ['2607:f8b0:4004:c07::5f', true],
    ['::ffff:8.8.8.8', true],
    ['127.0.0.1', false],
    ['127.255.255.254', false],
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['10.0.0.5', false],
    ['172.16.0.1', false],
    ['172.31.255.255', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['198.18.0.1', false],
    ['192.0.2.1', false],
    ['192.0.0.1', false],
    ['224.0.0.1', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fc00::1', false],
    ['fd00:ec2::254', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['64:ff9b::7f00:1', false],
    ['2002:7f00:1::', false],
    ['2001:db8::1', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('the agent for requests to addresses users give', () => {
  /** A TCP server on loopback that counts the connections it gets. */
  let server: Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const resolvesTo =
    (...addresses: string[]): Resolve =>
    () =>
      Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

  /** What a GET through the agent comes to: the error it fails with. */
  function get(host: string, agent: https.Agent): Promise<Error> {
    return new Promise((resolve) => {
      const req = https.request({ host, port, path: '/', agent, timeout: 5_000 }, (res) => {
        res.resume();
        resolve(new Error(`answered ${res.statusCode}`));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', resolve);
      req.end();
    });
  }

  it('refuses a name that resolves to loopback, private or link-local addresses, before connecting (DNS rebinding)', async () => {
    const before = connections;
    for (const addresses of [['127.0.0.1'], ['::1'], ['10.0.0.5'], ['169.254.169.254'], ['::ffff:127.0.0.1'], ['8.8.8.8', '127.0.0.1']]) {
      const error = await get('push.rebinding.test', new PublicHttpsAgent({ resolve: resolvesTo(...addresses) }));
      expect(error, addresses.join(', ')).toBeInstanceOf(RefusedAddressError);
    }
    expect(connections).toBe(before);
  });

  it('refuses an IP address given as the host, which no lookup sees', async () => {
    const before = connections;
    for (const host of ['127.0.0.1', '::1', '[::1]']) {
      expect(await get(host, new PublicHttpsAgent()), host).toBeInstanceOf(RefusedAddressError);
    }
    expect(connections).toBe(before);
  });

  it('connects where the addresses are allowed (the check above is what kept the connection from happening)', async () => {
    const before = connections;
    const error = await get('push.rebinding.test', new PublicHttpsAgent({ resolve: resolvesTo('127.0.0.1'), allowAddress: () => true }));
    expect(error).not.toBeInstanceOf(RefusedAddressError);
    expect(connections).toBe(before + 1);
  });

  it('passes on a name that does not resolve as not found', async () => {
    const error = await get('push.nowhere.test', new PublicHttpsAgent({ resolve: resolvesTo() }));
    expect((error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});
