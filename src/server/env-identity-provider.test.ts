import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

const base = { DATA_DIR: '/tmp/budrunde-env-identity', SESSION_SECRET: 'x'.repeat(40) };
const production = { ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' };

describe('the identity provider in the configuration', () => {
  it('runs the Test-BankID for the demo without OIDC_ISSUER, and never in production', () => {
    expect(parseEnv(base).OIDC_TEST_PROVIDER).toBe(true);
    expect(parseEnv({ ...base, DEMO_DATA: 'false' }).OIDC_TEST_PROVIDER).toBe(false);
    expect(parseEnv({ ...production, DEMO_DATA: 'true' }).OIDC_TEST_PROVIDER).toBe(false);
    expect(() => parseEnv({ ...production, OIDC_TEST_PROVIDER: 'true' })).toThrow(/refused when NODE_ENV/);
  });

  it('needs the client of a configured issuer, and stops BID_IDENTITY=required without any provider', () => {
    expect(() => parseEnv({ ...base, OIDC_ISSUER: 'https://idp.example.no' })).toThrow(/OIDC_CLIENT_ID/);
    const real = parseEnv({
      ...base,
      OIDC_ISSUER: 'https://idp.example.no',
      OIDC_CLIENT_ID: 'budrunde',
      OIDC_CLIENT_SECRET: 'hemmelig',
    });
    expect(real.OIDC_TEST_PROVIDER).toBe(false);
    expect(real).toMatchObject({
      OIDC_SCOPE: 'openid profile',
      OIDC_PERSON_CLAIM: 'sub',
      BID_IDENTITY: 'optional',
    });
    expect(() => parseEnv({ ...production, BID_IDENTITY: 'required' })).toThrow(ConfigError);
    expect(() => parseEnv({ ...production, BID_IDENTITY: 'required' })).toThrow(/BID_IDENTITY=required/);
  });
});
