import { describe, expect, it } from 'vitest';
import { DatabaseUnreachable, isDatabaseUnavailable } from './unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '55P03', message: 'canceling statement due to lock timeout' }],
    [{ code: '57014', message: 'canceling statement due to statement timeout' }],
    [new Error('Connection terminated unexpectedly')],
    [new Error('timeout exceeded when trying to connect')],
    [{ message: 'Failed query: select 1', cause: { code: 'ECONNREFUSED' } }],
    // A stopped server reached through its Unix socket: the pool's connect failed, whatever the code.
    [{ message: 'Failed query: select 1', cause: new DatabaseUnreachable({ code: 'ENOENT' }) }],
  ])('%j means: try again shortly', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }],
    [new Error('something else')],
    // ENOENT anywhere else (a missing file, say) is not the database.
    [{ code: 'ENOENT', message: "ENOENT: no such file or directory, open 'x'" }],
    [undefined],
  ])('%j does not', (error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
