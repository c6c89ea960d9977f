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

  it('logs SMS and keeps images in DATA_DIR unless told otherwise', () => {
    const env = parse();
    expect(env).toMatchObject({ SMS_PROVIDER: 'log', SMS_SENDER: 'Budrunde', S3_REGION: 'us-east-1' });
    expect(env.SMS_HTTP_URL).toBeUndefined();
    expect(env.SMS_HTTP_TOKEN).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_ENDPOINT).toBeUndefined();
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

describe('SMS', () => {
  it('SMS_PROVIDER=http takes the gateway URL, an optional token and the sender', () => {
    const env = parse({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.no/v1/messages',
      SMS_HTTP_TOKEN: ' tok ',
      SMS_SENDER: 'Meglerhuset',
    });
    expect(env).toMatchObject({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.no/v1/messages',
      SMS_HTTP_TOKEN: 'tok',
      SMS_SENDER: 'Meglerhuset',
    });
  });

  it('empty values, as in .env.example, mean the defaults', () => {
    const env = parse({ SMS_PROVIDER: '', SMS_HTTP_URL: '', SMS_HTTP_TOKEN: '', SMS_SENDER: '' });
    expect(env).toMatchObject({ SMS_PROVIDER: 'log', SMS_SENDER: 'Budrunde' });
    expect(env.SMS_HTTP_TOKEN).toBeUndefined();
  });
});

describe('S3', () => {
  it('S3_BUCKET with both keys selects S3, with an optional endpoint and region', () => {
    const env = parse({
      S3_BUCKET: 'budrunde-bilder',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_REGION: 'eu-north-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(env).toMatchObject({
      S3_BUCKET: 'budrunde-bilder',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_REGION: 'eu-north-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
  });

  it('empty S3 values count as unset', () => {
    const env = parse({
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_REGION: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
    });
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe('us-east-1');
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
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER', 'Invalid configuration: SMS_PROVIDER must be log or http'],
    [
      { SMS_PROVIDER: 'http' },
      'SMS_HTTP_URL',
      'Invalid configuration: SMS_HTTP_URL is required when SMS_PROVIDER is http',
    ],
    [
      { SMS_PROVIDER: 'http', SMS_HTTP_URL: 'sms.example.no' },
      'SMS_HTTP_URL',
      'Invalid configuration: SMS_HTTP_URL must be an http(s) URL',
    ],
    [
      { SMS_SENDER: 'Budrunde Oslo' },
      'SMS_SENDER',
      'Invalid configuration: SMS_SENDER must be at most 11 characters',
    ],
    [
      { S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 's' },
      'S3_ACCESS_KEY_ID',
      'Invalid configuration: S3_ACCESS_KEY_ID is required when S3_BUCKET is set',
    ],
    [
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' },
      'S3_SECRET_ACCESS_KEY',
      'Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set',
    ],
    [
      { S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
      'S3_BUCKET',
      'Invalid configuration: S3_BUCKET is required when S3_ACCESS_KEY_ID is set',
    ],
    [
      { S3_ENDPOINT: 'http://minio:9000' },
      'S3_BUCKET',
      'Invalid configuration: S3_BUCKET is required when S3_ENDPOINT is set',
    ],
    [
      { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_ENDPOINT: 'minio:9000' },
      'S3_ENDPOINT',
      'Invalid configuration: S3_ENDPOINT must be an http(s) URL',
    ],
  ])('%j is refused, naming %s', (vars, name, expected) => {
    const message = configError(vars);
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
    if (typeof expected === 'string') expect(message).toBe(expected);
    else expect(message).toMatch(expected);
  });

  it('does not echo the secret it refuses', () => {
    expect(configError({ SESSION_SECRET: 'kort-hemmelighet' })).not.toContain('kort-hemmelighet');
    expect(configError({ S3_SECRET_ACCESS_KEY: 's3-hemmelighet' })).not.toContain('s3-hemmelighet');
    expect(configError({ SMS_PROVIDER: 'http', SMS_HTTP_TOKEN: 'sms-hemmelighet' })).not.toContain(
      'sms-hemmelighet',
    );
  });
});
