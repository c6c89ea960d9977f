import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

const SECRET = 'a-session-secret-of-at-least-32-chars';
const PG_URL = 'postgres://budrunde@db.internal:5432/budrunde';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'budrunde-env-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const parse = (vars: Record<string, string> = {}) => parseEnv({ DATA_DIR: tempDir(), ...vars });

function configError(vars: Record<string, string>): string {
  try {
    parse(vars);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(vars)}`);
}

describe('parseEnv defaults', () => {
  it('runs with nothing configured', () => {
    const env = parse();
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 5000,
      HOST: '0.0.0.0',
      APP_URL: 'http://localhost:5000',
      DEMO_DATA: true,
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      isHttps: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('the default APP_URL follows PORT', () => {
    expect(parse({ PORT: '8080' }).APP_URL).toBe('http://localhost:8080');
  });

  it('demo data is off by default with a real database', () => {
    const env = parse({ DATABASE_URL: PG_URL, SESSION_SECRET: SECRET });
    expect(env).toMatchObject({ DATABASE_URL: PG_URL, DEMO_DATA: false, SESSION_SECRET: SECRET });
  });

  it.each([
    [{ DEMO_DATA: 'false' }, false],
    [{ DEMO_DATA: '0' }, false],
    [{ DEMO_DATA: '' }, true],
    [{ DEMO_DATA: 'true', DATABASE_URL: PG_URL, SESSION_SECRET: SECRET }, true],
    [{ DEMO_DATA: '1', DATABASE_URL: PG_URL, SESSION_SECRET: SECRET }, true],
  ])('DEMO_DATA %j gives %s', (vars, expected) => {
    expect(parse(vars).DEMO_DATA).toBe(expected);
  });

  it('empty optional values count as unset', () => {
    const env = parse({ DATABASE_URL: ' ', SMTP_URL: '', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });
});

describe('SESSION_SECRET without a database', () => {
  it('is generated into DATA_DIR/session-secret and stays the same on the next start', () => {
    const dir = tempDir();
    const first = parseEnv({ DATA_DIR: dir });
    const file = join(dir, 'session-secret');
    expect(first.DATA_DIR).toBe(dir);
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8')).toBe(first.SESSION_SECRET);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(parseEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first.SESSION_SECRET);
  });

  it('differs between installations', () => {
    expect(parse().SESSION_SECRET).not.toBe(parse().SESSION_SECRET);
  });

  it('creates DATA_DIR when it does not exist yet', () => {
    const dir = join(tempDir(), 'ny', 'data');
    const env = parseEnv({ DATA_DIR: dir });
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(env.SESSION_SECRET);
  });

  it('is not written to disk when it is configured', () => {
    const dir = tempDir();
    expect(parseEnv({ DATA_DIR: dir, SESSION_SECRET: SECRET }).SESSION_SECRET).toBe(SECRET);
    expect(existsSync(join(dir, 'session-secret'))).toBe(false);
  });
});

describe('APP_URL', () => {
  it.each([
    ['https://budrunde.no', 'https://budrunde.no', true],
    ['https://budrunde.no/', 'https://budrunde.no', true],
    ['https://budrunde.no///', 'https://budrunde.no', true],
    ['http://budrunde.local:8080/', 'http://budrunde.local:8080', false],
  ])('%s becomes %s (https: %s)', (appUrl, expected, isHttps) => {
    expect(parse({ APP_URL: appUrl })).toMatchObject({ APP_URL: expected, isHttps });
  });
});

describe('bad configuration', () => {
  it.each<[Record<string, string>, string, string | RegExp]>([
    [{ PORT: 'abc' }, 'PORT', /^Invalid configuration: PORT \S/],
    [{ PORT: '70000' }, 'PORT', /^Invalid configuration: PORT \S/],
    [{ PORT: '0' }, 'PORT', /^Invalid configuration: PORT \S/],
    [{ PORT: '80.5' }, 'PORT', /^Invalid configuration: PORT \S/],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL',
      'Invalid configuration: DATABASE_URL must be a postgres:// URL',
    ],
    [{ APP_URL: 'ftp://x' }, 'APP_URL', 'Invalid configuration: APP_URL must be an http(s) URL'],
    [{ APP_URL: 'budrunde.no' }, 'APP_URL', 'Invalid configuration: APP_URL must be an http(s) URL'],
    [
      { SMTP_URL: 'http://x' },
      'SMTP_URL',
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    ],
    [
      { ADMIN_EMAIL: 'admin@budrunde.no' },
      'ADMIN_PASSWORD',
      'Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    ],
    [
      { ADMIN_PASSWORD: 'hemmelig-passord' },
      'ADMIN_EMAIL',
      'Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    ],
    [
      { ADMIN_EMAIL: 'admin@budrunde.no', ADMIN_PASSWORD: '123' },
      'ADMIN_PASSWORD',
      'Invalid configuration: ADMIN_PASSWORD must be at least 6 characters',
    ],
    [
      { ADMIN_EMAIL: 'admin', ADMIN_PASSWORD: 'hemmelig-passord' },
      'ADMIN_EMAIL',
      'Invalid configuration: ADMIN_EMAIL must be an e-mail address',
    ],
    [
      { DATABASE_URL: PG_URL },
      'SESSION_SECRET',
      'Invalid configuration: SESSION_SECRET is required when DATABASE_URL is set',
    ],
    [
      { SESSION_SECRET: 'for-kort' },
      'SESSION_SECRET',
      'Invalid configuration: SESSION_SECRET must be at least 32 characters',
    ],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /^Invalid configuration: LOG_LEVEL \S/],
    [{ NODE_ENV: 'prod' }, 'NODE_ENV', /^Invalid configuration: NODE_ENV \S/],
    [{ TRUST_PROXY: 'kanskje' }, 'TRUST_PROXY', /^Invalid configuration: TRUST_PROXY \S/],
  ])('%j is refused, naming %s', (vars, name, expected) => {
    const message = configError(vars);
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });

  it('does not echo the secret it refuses', () => {
    expect(configError({ SESSION_SECRET: 'kort-hemmelighet' })).not.toContain('kort-hemmelighet');
  });
});
