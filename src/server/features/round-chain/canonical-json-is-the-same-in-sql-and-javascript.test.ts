import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';

// Decision 040: the chain's hashes are formed in SQL (canonical_json in migration 0014) and checked in
// JavaScript (verify-journal, shared/signing/canonical-json.ts). The two must write every act byte for byte
// alike, or an honest chain would fail its check. Both databases (PGlite here, PostgreSQL in api-pg).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function inSql(value: CanonicalValue): Promise<string> {
  const result = await t.deps.db.execute(sql`select canonical_json(${JSON.stringify(value)}::jsonb) as c`);
  return (result as unknown as { rows: { c: string }[] }).rows[0]?.c ?? '';
}

const AWKWARD: [string, CanonicalValue][] = [
  ['quotes and a backslash', 'Han sa "ja" \\ hun sa nei'],
  ['newline, tab, carriage return and a control character', 'linje 1\nlinje 2\tfane\r\u0001\u001f'],
  ['Norwegian letters', 'Æøå ÆØÅ Grünerløkka'],
  ['emoji and other planes', 'Hus 🏠 med 👨‍👩‍👧 og 𝄞'],
  ['DEL, line separator and a script tag', '\u007f \u2028 \u2029 </script>'],
  ['keys in UTF-16 order', { B: 1, _: 2, a: 3, aa: 4, A: 5, '': 6, 'a b': 7, ä: 8, Z: 9 }],
  [
    'nested arrays and objects',
    { z: [1, [2, [3, { y: null, x: [] }]], {}], a: { c: { e: 'f', d: [true] } } },
  ],
  ['null, booleans and whole numbers', [null, true, false, 0, -1, 10_000_000_000, Number.MAX_SAFE_INTEGER]],
  ['an empty string, object and array', { s: '', o: {}, a: [] }],
  [
    'an act as the chain holds it',
    {
      v: 1,
      kind: 'bid',
      at: '2026-11-26T00:32:10.123Z',
      amount: 5_250_000,
      party: 'Budgiver A',
      terms: 'ab'.repeat(32),
      statement: null,
      signature: { publicKey: 'pQECAyYgASFYIA', nonce: '-_x' },
    },
  ],
];

describe('canonical JSON in SQL and in JavaScript', () => {
  it.each(AWKWARD)('writes %s alike', async (_name, value) => {
    expect(await inSql(value)).toBe(canonicalJson(value));
  });

  it('both refuse a fraction', async () => {
    expect(() => canonicalJson(1.5)).toThrow();
    await expect(inSql(1.5)).rejects.toThrow();
  });
});
