import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/setup/test-database';
import type { Database } from '../db/client';
import { ConfigError, parseEnv } from '../env';
import { KEPT_IN_DATABASE_WARNING, loadChainKey } from './chain-key';

// Decision 057: without CHAIN_SIGNING_KEY the server makes one key, once, in the database, so that every
// process signs with the same, and warns; with it, that key signs, and every key that ever signed stays
// listed. A CHAIN_SIGNING_KEY that is not an Ed25519 private key stops the start with a clear line.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const newKey = () => generateKeyPairSync('ed25519').privateKey;
const env = (key: string) =>
  parseEnv({
    DATA_DIR: '/tmp/budrunde-chain-key-env',
    SESSION_SECRET: 'x'.repeat(32),
    CHAIN_SIGNING_KEY: key,
  });

describe('the chain signing key', () => {
  it('is made once and kept: processes starting at once all sign with the same key, and each warns', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) } as never;
    const keys = await Promise.all([1, 2, 3].map(() => loadChainKey(database.db, undefined, log)));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    expect(keys[0]?.source).toBe('database');
    expect(warnings).toEqual([KEPT_IN_DATABASE_WARNING, KEPT_IN_DATABASE_WARNING, KEPT_IN_DATABASE_WARNING]);
    expect(KEPT_IN_DATABASE_WARNING).toContain('sett CHAIN_SIGNING_KEY i produksjon');
    const again = await loadChainKey(database.db, undefined);
    expect(again.kid).toBe(keys[0]?.kid);
  });

  it('CHAIN_SIGNING_KEY as PEM or base64 signs instead, and the earlier key stays listed after it', async () => {
    const generated = await loadChainKey(database.db, undefined);
    const pem = newKey().export({ format: 'pem', type: 'pkcs8' }).toString();
    const seed = (newKey().export({ format: 'der', type: 'pkcs8' }) as Buffer)
      .subarray(-32)
      .toString('base64');
    const fromPem = await loadChainKey(database.db, env(pem).CHAIN_SIGNING_KEY);
    const fromSeed = await loadChainKey(database.db, env(seed).CHAIN_SIGNING_KEY);
    expect(fromPem.source).toBe('environment');
    expect(new Set([generated.kid, fromPem.kid, fromSeed.kid]).size).toBe(3);
    const listed = (await fromSeed.publicKeys()).map((k) => k.kid);
    expect(listed[0]).toBe(fromSeed.kid);
    expect(listed).toEqual(expect.arrayContaining([generated.kid, fromPem.kid, fromSeed.kid]));
    expect(fromPem.fingerprint).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
  });

  it('refuses a CHAIN_SIGNING_KEY that is not an Ed25519 private key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    const publicOnly = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' });
    for (const wrong of [
      'hemmelig',
      rsa.toString(),
      publicOnly.toString(),
      Buffer.alloc(31).toString('base64'),
    ])
      expect(() => env(wrong)).toThrow(
        new ConfigError(
          'Invalid configuration: CHAIN_SIGNING_KEY must be an Ed25519 private key: PEM, or base64 of its 32-byte seed or PKCS #8 DER',
        ),
      );
  });
});
