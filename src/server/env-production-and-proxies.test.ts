import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, parseTrustProxy } from './env';

const base = { DATA_DIR: '/tmp/budrunde-env-test', SESSION_SECRET: 'x'.repeat(32) };

describe('mail in production', () => {
  it('refuses to start without SMTP_URL, naming the variable', () => {
    expect(() => parseEnv({ ...base, NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => parseEnv({ ...base, NODE_ENV: 'production' })).toThrow(/SMTP_URL is required/);
  });

  it('starts with SMTP_URL, or with MAIL_TRANSPORT=outbox chosen on purpose', () => {
    expect(parseEnv({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://mail:25' }).mailTransport).toBe(
      'smtp',
    );
    expect(parseEnv({ ...base, NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox' }).mailTransport).toBe(
      'outbox',
    );
  });

  it('keeps the outbox as the default outside production, as `npm start` on a fresh machine needs', () => {
    expect(parseEnv({ ...base }).mailTransport).toBe('outbox');
    expect(() => parseEnv({ ...base, MAIL_TRANSPORT: 'smtp' })).toThrow(/SMTP_URL is required/);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.1.0.0/16,::1', ['10.0.0.5', '10.1.0.0/16', '::1']],
  ])('%j → %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
  });

  it('refuses true, saying what to write instead', () => {
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=1/);
  });

  it.each(['kanskje', '10.0.0.300', '10.0.0.0/33', '10.0.0.0/8/1'])('refuses %j', (value) => {
    expect(() => parseTrustProxy(value)).toThrow(ConfigError);
  });
});

describe('database limits', () => {
  it('have deliberate defaults and can be set', () => {
    expect(parseEnv(base)).toMatchObject({
      DB_POOL_SIZE: 10,
      DB_LOCK_TIMEOUT_MS: 5000,
      DB_STATEMENT_TIMEOUT_MS: 15000,
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 30000,
    });
    expect(parseEnv({ ...base, DB_POOL_SIZE: '4', DB_LOCK_TIMEOUT_MS: '2000' })).toMatchObject({
      DB_POOL_SIZE: 4,
      DB_LOCK_TIMEOUT_MS: 2000,
    });
    expect(() => parseEnv({ ...base, DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
  });
});
