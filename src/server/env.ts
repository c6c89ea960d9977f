import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseEd25519PrivateKey } from './security/ed25519-key-text';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

// An empty value (as .env.example leaves some) counts as unset, so the default applies.
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

const milliseconds = (fallback: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(3_600_000).default(fallback));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(65535).default(5000)),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  ),
  APP_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  CHAIN_SIGNING_KEY: optionalText.pipe(
    z
      .string()
      .refine((text) => parseEd25519PrivateKey(text) !== null, {
        error: 'must be an Ed25519 private key: PEM, or base64 of its 32-byte seed or PKCS #8 DER',
      })
      .optional(),
  ),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Budrunde <ikke-svar@budrunde.local>'),
  ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'must be at least 6 characters').optional()),
  DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  CONTACT_PHONE: z.string().min(1).default('+47 22 00 00 00'),
  CONTACT_EMAIL: z.email('must be an e-mail address').default('kontakt@budrunde.no'),
  CONTACT_ADDRESS: z.string().min(1).default('Postboks 123 Sentrum, 0102 Oslo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText,
  // 'outbox' keeps mail in the database in production too, on purpose; see parseEnv.
  MAIL_TRANSPORT: z.preprocess(
    emptyAsUnset,
    z.enum(['smtp', 'outbox'], { error: 'must be smtp or outbox' }).optional(),
  ),
  // PostgreSQL only (DATABASE_URL): connections per process and how long anything may wait or hold on.
  DB_POOL_SIZE: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(200).default(10)),
  DB_LOCK_TIMEOUT_MS: milliseconds(5_000),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(15_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(30_000),
  // The general API limit: per signed-in user, and per client address for visitors; 0 turns one off (load
  // tests, or a proxy that limits instead). The sensitive limits (login, resets, uploads) stay on.
  RATE_LIMIT_USER_PER_MIN: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).default(300)),
  RATE_LIMIT_ADDRESS_PER_MIN: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).default(600)),
  // 'New bid' messages to one follower (or the owner) about one round: at most one e-mail and one SMS per
  // this many seconds; later bids in the window are folded into one message at its end. 0 folds nothing.
  NOTIFY_WINDOW_S: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(86_400).default(60)),
  // The winner dialog's warning of bidders who have not seen the latest bid lasts this long (decision 066).
  FAIR_NOTICE_MINUTES: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(1440).default(15)),
  // Failed logins an hour on one account from any address; then only its devices may try (decision 027).
  LOGIN_FAILURES_PER_ACCOUNT_HOUR: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(1).max(100_000).default(100),
  ),
  // Open live streams (GET /api/events) per signed-in user, and per client address for visitors (an IPv6
  // client by its /64), in each process; past it a new stream gets 429 'For mange åpne tilkoblinger'.
  EVENT_STREAMS_PER_USER: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(10_000).default(20)),
  EVENT_STREAMS_PER_ADDRESS: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(1).max(100_000).default(100),
  ),
  // GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, /metrics is off.
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  // Where the rate-limit counters of several processes meet: Redis if set, else PostgreSQL (DATABASE_URL).
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional()),
  SMS_PROVIDER: z.preprocess(
    emptyAsUnset,
    z.enum(['log', 'http'], { error: 'must be log or http' }).default('log'),
  ),
  SMS_HTTP_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  SMS_HTTP_TOKEN: optionalText,
  // Alphanumeric sender ids are limited to 11 characters by the SMS networks.
  SMS_SENDER: z.preprocess(
    emptyAsUnset,
    z.string().trim().min(1).max(11, 'must be at most 11 characters').default('Budrunde'),
  ),
  S3_ENDPOINT: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  S3_BUCKET: optionalText,
  S3_REGION: z.preprocess(emptyAsUnset, z.string().trim().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  // Signing bids with a passkey (decision 039): 'off', 'optional' (a user with a passkey signs; others bid
  // unsigned) or 'required' (a bid without a valid signature is refused).
  // 'test' hashes new passwords with argon2id at a tiny cost, for test suites that register thousands of
  // accounts (decision 049). Refused when NODE_ENV is production; each hash names its own cost, so either
  // kind of hash verifies under either setting.
  PASSWORD_HASH_COST: z.preprocess(
    emptyAsUnset,
    z.enum(['production', 'test'], { error: 'must be production or test' }).default('production'),
  ),
  // Identity through any OpenID Connect provider (decision 064): an eID broker such as Idura, Signicat or
  // BankID's own OIDC in production, the built-in Test-BankID in the demo.
  OIDC_ISSUER: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_SCOPE: z.preprocess(emptyAsUnset, z.string().trim().min(1).default('openid profile')),
  OIDC_ACR_VALUES: optionalText,
  OIDC_PERSON_CLAIM: z.preprocess(emptyAsUnset, z.string().trim().min(1).default('sub')),
  IDENTITY_PROVIDER_NAME: z.preprocess(emptyAsUnset, z.string().trim().min(1).max(40).default('BankID')),
  // The key of the person claim's HMAC; unset, one generated into the database at migration is used.
  IDENTITY_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  OIDC_TEST_PROVIDER: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  BID_IDENTITY: z.preprocess(
    emptyAsUnset,
    z
      .enum(['off', 'optional', 'required'], { error: 'must be off, optional or required' })
      .default('optional'),
  ),
  BID_SIGNING: z.preprocess(
    emptyAsUnset,
    z
      .enum(['off', 'optional', 'required'], { error: 'must be off, optional or required' })
      .default('optional'),
  ),
});

export type RawEnv = z.infer<typeof envSchema>;

/** Fastify's trustProxy: off, a number of hops, or the addresses and CIDR ranges of the proxies. */
export type TrustProxy = false | number | string[];

export interface Env
  extends Omit<RawEnv, 'DEMO_DATA' | 'SESSION_SECRET' | 'APP_URL' | 'TRUST_PROXY' | 'OIDC_TEST_PROVIDER'> {
  DATA_DIR: string;
  TRUST_PROXY: TrustProxy;
  /** Where mail goes: SMTP when SMTP_URL is set, else the database outbox (development, or on purpose). */
  mailTransport: 'smtp' | 'outbox';
  APP_URL: string;
  SESSION_SECRET: string;
  DEMO_DATA: boolean;
  /** The built-in Test-BankID at /test-idp (decision 064): never in production. */
  OIDC_TEST_PROVIDER: boolean;
  isHttps: boolean;
}

export class ConfigError extends Error {}

/** Parses configuration. Throws ConfigError with one line that names the offending variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
  }
  const raw = parsed.data;
  if (raw.DATABASE_URL && !raw.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET is required when DATABASE_URL is set');
  }
  if (Boolean(raw.ADMIN_EMAIL) !== Boolean(raw.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }
  if (raw.SMS_PROVIDER === 'http' && !raw.SMS_HTTP_URL) {
    throw new ConfigError('Invalid configuration: SMS_HTTP_URL is required when SMS_PROVIDER is http');
  }
  checkS3(raw);
  if (raw.NODE_ENV === 'production' && raw.PASSWORD_HASH_COST === 'test') {
    throw new ConfigError(
      'Invalid configuration: PASSWORD_HASH_COST=test is for tests; refused when NODE_ENV is production',
    );
  }
  const mailTransport = raw.MAIL_TRANSPORT ?? (raw.SMTP_URL ? 'smtp' : 'outbox');
  if (mailTransport === 'smtp' && !raw.SMTP_URL) {
    throw new ConfigError('Invalid configuration: SMTP_URL is required when MAIL_TRANSPORT is smtp');
  }
  // The outbox keeps links that log people in; in production it is a choice, never a fallback.
  if (raw.NODE_ENV === 'production' && !raw.SMTP_URL && raw.MAIL_TRANSPORT !== 'outbox') {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL is required when NODE_ENV is production (or set MAIL_TRANSPORT=outbox to keep mail in the database on purpose)',
    );
  }
  const dataDir = resolve(raw.DATA_DIR);
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  const demo =
    raw.DEMO_DATA === undefined || raw.DEMO_DATA === ''
      ? !raw.DATABASE_URL
      : ['true', '1'].includes(raw.DEMO_DATA);
  const testProvider = checkIdentity(raw, demo);
  return {
    ...raw,
    OIDC_TEST_PROVIDER: testProvider,
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    SESSION_SECRET: raw.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    DEMO_DATA: demo,
    TRUST_PROXY: parseTrustProxy(raw.TRUST_PROXY),
    mailTransport,
    isHttps: appUrl.startsWith('https://'),
  };
}

/**
 * 'false' or unset: no proxy. A number: that many proxies in front (TRUST_PROXY=1 for one nginx). Otherwise a
 * comma-separated list of the proxies' addresses or CIDR ranges. 'true' would believe every X-Forwarded-For
 * hop, so a client could name its own address and step around every per-address limit: refused.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || ['false', '0', 'no'].includes(value)) return false;
  if (['true', 'yes'].includes(value)) {
    throw new ConfigError(
      'Invalid configuration: TRUST_PROXY=true would trust every X-Forwarded-For hop; write the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    );
  }
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const version = isIP(address ?? '');
    const bits = version === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (!version || !prefixOk || extra !== undefined) {
      throw new ConfigError(
        `Invalid configuration: TRUST_PROXY has "${entry}", which is not a number of hops, an IP address or a CIDR range`,
      );
    }
  }
  return entries;
}

const isTrue = (value: string | undefined) => value !== undefined && ['true', '1', 'yes'].includes(value);

/**
 * Identity (decision 064): a real provider needs its client; the built-in test provider runs by default
 * only for the demo without one, and never in production; BID_IDENTITY=required needs one of the two.
 * Returns whether the test provider runs.
 */
function checkIdentity(raw: RawEnv, demo: boolean): boolean {
  if (raw.OIDC_ISSUER) {
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
      if (!raw[name])
        throw new ConfigError(`Invalid configuration: ${name} is required when OIDC_ISSUER is set`);
    }
  }
  const asked =
    raw.OIDC_TEST_PROVIDER === undefined || raw.OIDC_TEST_PROVIDER === '' ? null : raw.OIDC_TEST_PROVIDER;
  if (raw.NODE_ENV === 'production' && asked !== null && isTrue(asked)) {
    throw new ConfigError(
      'Invalid configuration: OIDC_TEST_PROVIDER is a test identity provider; refused when NODE_ENV is production',
    );
  }
  if (asked !== null && isTrue(asked) && raw.OIDC_ISSUER) {
    throw new ConfigError(
      'Invalid configuration: OIDC_TEST_PROVIDER cannot be used together with OIDC_ISSUER',
    );
  }
  const testProvider =
    asked !== null ? isTrue(asked) : demo && !raw.OIDC_ISSUER && raw.NODE_ENV !== 'production';
  if (raw.BID_IDENTITY === 'required' && !raw.OIDC_ISSUER && !testProvider) {
    throw new ConfigError(
      'Invalid configuration: BID_IDENTITY=required needs an identity provider: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    );
  }
  return testProvider;
}

function checkS3(raw: RawEnv): void {
  if (raw.S3_BUCKET) {
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!raw[name])
        throw new ConfigError(`Invalid configuration: ${name} is required when S3_BUCKET is set`);
    }
    return;
  }
  // Credentials without a bucket would silently keep images on the local disk.
  const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find(
    (name) => raw[name],
  );
  if (stray) throw new ConfigError(`Invalid configuration: S3_BUCKET is required when ${stray} is set`);
}

// In DATA_DIR with the embedded database: made once, then kept, so that sessions survive restarts.
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
