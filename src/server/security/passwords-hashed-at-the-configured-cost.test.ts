import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { login, register } from '../../../tests/setup/accounts';
import { PASSWORD } from '../../../tests/setup/person';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { users } from '../db/schema';
import { parseEnv } from '../env';
import { hashPassword, setPasswordHashCost, verifyPassword } from './passwords';

// Test suites register thousands of accounts, so they hash at a documented test cost (decision 049). The
// algorithm stays argon2id, production keeps OWASP's cost, and the test cost can never reach production.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
  setPasswordHashCost('production');
});

async function storedHashAfterRegistering(cost: 'production' | 'test') {
  t = await createTestApp({ env: { PASSWORD_HASH_COST: cost } });
  expect((await register(t, 'kari@example.no')).statusCode).toBe(201);
  const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'kari@example.no'));
  return row?.password ?? '';
}

describe('PASSWORD_HASH_COST', () => {
  it('is production by default: argon2id at 19 MiB, 2 iterations, 1 lane', async () => {
    expect(parseEnv({}).PASSWORD_HASH_COST).toBe('production');
    expect(await storedHashAfterRegistering('production')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('test: still argon2id, at 1 MiB and 1 iteration, and the account logs in', async () => {
    expect(await storedHashAfterRegistering('test')).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    const app = t as TestApp;
    await app.deps.db.update(users).set({ emailVerified: true }).where(eq(users.email, 'kari@example.no'));
    expect((await login(app, 'kari@example.no')).statusCode).toBe(200);
    expect((await login(app, 'kari@example.no', 'feil-passord')).statusCode).toBe(401);
  });

  it('a hash names its own cost, so hashes of either cost verify under either setting', async () => {
    setPasswordHashCost('production');
    const strong = await hashPassword(PASSWORD);
    setPasswordHashCost('test');
    const cheap = await hashPassword(PASSWORD);
    expect(await verifyPassword(strong, PASSWORD)).toBe(true);
    setPasswordHashCost('production');
    expect(await verifyPassword(cheap, PASSWORD)).toBe(true);
    expect(await verifyPassword(cheap, 'feil')).toBe(false);
  });

  it('test is refused in production, and an unknown cost is refused', () => {
    expect(() =>
      parseEnv({ NODE_ENV: 'production', MAIL_TRANSPORT: 'outbox', PASSWORD_HASH_COST: 'test' }),
    ).toThrow('PASSWORD_HASH_COST=test is for tests; refused when NODE_ENV is production');
    expect(() => parseEnv({ PASSWORD_HASH_COST: 'low' })).toThrow(
      'Invalid configuration: PASSWORD_HASH_COST must be production or test',
    );
  });
});
