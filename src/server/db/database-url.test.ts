import { describe, expect, it } from 'vitest';
import { chooseHost, DatabaseUrlError, hostAccepts, needsHostChoice, parseDatabaseUrl, type HostState, type TargetSessionAttrs } from './database-url';

describe('parseDatabaseUrl', () => {
  it.each([
    ['postgres://u@db/caucus', [['db', 5432]], 'any'],
    ['postgresql://u:p@db:6000/caucus', [['db', 6000]], 'any'],
    ['postgres://u@h1:5432,h2:5433/caucus?target_session_attrs=read-write', [['h1', 5432], ['h2', 5433]], 'read-write'],
    ['postgres://u@h1,h2/caucus', [['h1', 5432], ['h2', 5432]], 'any'],
    ['postgres://u@[::1]:5432,[fe80::1]/caucus', [['::1', 5432], ['fe80::1', 5432]], 'any'],
    ['postgres://u@127.0.0.1:1,127.0.0.2:65535/c?target_session_attrs=prefer-standby', [['127.0.0.1', 1], ['127.0.0.2', 65535]], 'prefer-standby'],
    ['postgres:///caucus?host=/run/a,/run/b&port=5433', [['/run/a', 5433], ['/run/b', 5433]], 'any'],
    ['postgres:///caucus?host=/run/a,/run/b&port=5433,5434&target_session_attrs=primary', [['/run/a', 5433], ['/run/b', 5434]], 'primary'],
    ['postgres:///caucus?host=/run/a', [['/run/a', 5432]], 'any'],
  ])('%s', (url, hosts, attrs) => {
    const parsed = parseDatabaseUrl(url);
    expect(parsed.hosts.map((h) => [h.host, h.port])).toEqual(hosts);
    expect(parsed.targetSessionAttrs).toBe(attrs);
  });

  it.each([
    ['postgres://u:secret@h1:5432,h2:5433/caucus?sslmode=require&target_session_attrs=read-write', 1, 'postgres://u:secret@h2:5433/caucus?sslmode=require'],
    ['postgres://u@[::1]:5432,h2/caucus', 0, 'postgres://u@[::1]:5432/caucus'],
    ['postgres://u@/caucus?host=/run/a,/run/b&port=5433&application_name=x', 1, 'postgres://u@/caucus?application_name=x&host=%2Frun%2Fb&port=5433'],
  ])('withHost(%s, #%i) is one host without target_session_attrs', (url, index, expected) => {
    const parsed = parseDatabaseUrl(url);
    expect(parsed.withHost(parsed.hosts[index]!)).toBe(expected);
  });

  it.each([
    ['http://db/caucus', 'must be postgres://'],
    ['postgres://u@h1:0/caucus', 'the port must be 1-65535'],
    ['postgres://u@h1:70000/caucus', 'the port must be 1-65535'],
    ['postgres://u@h1,,h2/caucus', "'' is not a host"],
    ['postgres://u@h1:x/caucus', "'h1:x' is not a host"],
    ['postgres://u@h1/caucus?target_session_attrs=writable', 'target_session_attrs must be one of'],
    ['postgres://u@h1/caucus?host=/run/a', 'either before the path or as ?host='],
    ['postgres:///caucus?host=/a,/b,/c&port=1,2', 'one port, or one per host'],
  ])('%s is refused: %s', (url, message) => {
    expect(() => parseDatabaseUrl(url)).toThrow(DatabaseUrlError);
    expect(() => parseDatabaseUrl(url)).toThrow(message);
  });

  it('never puts the password in its error', () => {
    expect(() => parseDatabaseUrl('postgres://u:hunter2@h1:99999/caucus')).toThrow(/^(?!.*hunter2)/);
  });

  it.each([
    ['postgres://u@db/caucus', false],
    ['postgres://u@db/caucus?target_session_attrs=any', false],
    ['postgres://u@db/caucus?target_session_attrs=read-write', true],
    ['postgres://u@h1,h2/caucus', true],
  ])('needsHostChoice(%s) = %s', (url, expected) => {
    expect(needsHostChoice(parseDatabaseUrl(url))).toBe(expected);
  });
});

const PRIMARY: HostState = { inRecovery: false, readOnly: false };
const STANDBY: HostState = { inRecovery: true, readOnly: true };
/** A primary with default_transaction_read_only on, or a standby just promoted that still says read-only. */
const READ_ONLY_PRIMARY: HostState = { inRecovery: false, readOnly: true };

describe('which host a session takes', () => {
  it.each<[TargetSessionAttrs, HostState, boolean]>([
    ['any', PRIMARY, true],
    ['any', STANDBY, true],
    ['read-write', PRIMARY, true],
    ['read-write', STANDBY, false],
    ['read-write', READ_ONLY_PRIMARY, false],
    ['read-only', PRIMARY, false],
    ['read-only', STANDBY, true],
    ['read-only', READ_ONLY_PRIMARY, true],
    ['primary', PRIMARY, true],
    ['primary', READ_ONLY_PRIMARY, true],
    ['primary', STANDBY, false],
    ['standby', STANDBY, true],
    ['standby', PRIMARY, false],
    ['prefer-standby', STANDBY, true],
    ['prefer-standby', PRIMARY, false],
  ])('%s on %o: %s', (attrs, state, expected) => {
    expect(hostAccepts(attrs, state)).toBe(expected);
  });

  it.each<[TargetSessionAttrs, Array<HostState | null>, number | null]>([
    ['read-write', [STANDBY, PRIMARY], 1],
    ['read-write', [PRIMARY, PRIMARY], 0],
    ['read-write', [null, PRIMARY], 1],
    ['read-write', [null, STANDBY], null],
    ['read-write', [READ_ONLY_PRIMARY, STANDBY], null],
    ['read-write', [], null],
    ['any', [null, STANDBY], 1],
    ['standby', [PRIMARY, STANDBY], 1],
    ['prefer-standby', [PRIMARY, STANDBY], 1],
    ['prefer-standby', [PRIMARY, null], 0],
    ['prefer-standby', [null, null], null],
  ])('chooseHost(%s, %o) = %s', (attrs, states, expected) => {
    expect(chooseHost(attrs, states)).toBe(expected);
  });
});
