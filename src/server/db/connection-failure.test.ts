import { describe, expect, it } from 'vitest';
import { connectionFailureOf, failureMovesPrimary, NO_HOST_ERROR_NAME, type ConnectionFailure } from './connection-failure';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert …'), { cause });

describe('connectionFailureOf', () => {
  it.each<[string, unknown, ConnectionFailure | null]>([
    ['admin shutdown', withCode('57P01', 'terminating connection due to administrator command'), 'shutdown'],
    ['crash shutdown', withCode('57P02'), 'shutdown'],
    ['starting up', withCode('57P03', 'the database system is starting up'), 'shutdown'],
    ['a write on a standby', withCode('25006', 'cannot execute INSERT in a read-only transaction'), 'read-only'],
    ['connection failure', withCode('08006'), 'connection'],
    ['refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'), 'connection'],
    ['reset', withCode('ECONNRESET'), 'connection'],
    ['terminated', new Error('Connection terminated unexpectedly'), 'connection'],
    ['connect timeout', new Error('timeout expired'), 'connection'],
    ['closed client', new Error('Client has encountered a connection error and is not queryable'), 'connection'],
    ['query timeout', new Error('Query read timeout'), 'timeout'],
    ['no host', Object.assign(new Error('no host'), { name: NO_HOST_ERROR_NAME }), 'no-host'],
    ['wrapped by drizzle', wrapped(withCode('57P01')), 'shutdown'],
    ['twice wrapped', wrapped(wrapped(new Error('Connection terminated'))), 'connection'],
    // Refusals of what was asked are not failures of the connection.
    ['unique violation', withCode('23505', 'duplicate key value'), null],
    ['serialization failure', withCode('40001'), null],
    ['bad input', withCode('22P02'), null],
    ['a file missing', withCode('ENOENT'), null],
    ['a plain error', new Error('Something else'), null],
    ['not an error', 'Connection terminated', null],
    ['null', null, null],
  ])('%s → %s', (_name, error, expected) => {
    expect(connectionFailureOf(error)).toBe(expected);
  });

  it.each<[ConnectionFailure | null, boolean]>([
    ['connection', true],
    ['shutdown', true],
    ['read-only', true],
    ['timeout', false],
    ['no-host', false],
    [null, false],
  ])('failureMovesPrimary(%s) = %s', (kind, expected) => {
    expect(failureMovesPrimary(kind)).toBe(expected);
  });
});
