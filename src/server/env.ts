import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

// An empty value (as .env.example leaves some) counts as unset, so the default applies.
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

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
  TRUST_PROXY: bool(false),
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
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends Omit<RawEnv, 'DEMO_DATA' | 'SESSION_SECRET' | 'APP_URL'> {
  DATA_DIR: string;
  APP_URL: string;
  SESSION_SECRET: string;
  DEMO_DATA: boolean;
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
  const dataDir = resolve(raw.DATA_DIR);
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  const demo =
    raw.DEMO_DATA === undefined || raw.DEMO_DATA === ''
      ? !raw.DATABASE_URL
      : ['true', '1'].includes(raw.DEMO_DATA);
  return {
    ...raw,
    DATA_DIR: dataDir,
    APP_URL: appUrl,
    SESSION_SECRET: raw.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    DEMO_DATA: demo,
    isHttps: appUrl.startsWith('https://'),
  };
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

// With the embedded database everything lives in DATA_DIR, so the cookie secret does too: generated
// once, then stable across restarts so that sessions survive them.
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
