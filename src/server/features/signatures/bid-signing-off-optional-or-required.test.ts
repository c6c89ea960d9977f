import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../../tests/setup/accounts';
import { addPasskey, newAuthenticator } from '../../../../tests/setup/passkeys';
import { createRoundAs } from '../../../../tests/setup/rounds';
import { askSignatureOptions, bidBody, placeSignedBid, postBid } from '../../../../tests/setup/signing';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { parseEnv } from '../../env';

const apps: TestApp[] = [];
const appWith = async (BID_SIGNING?: string) => {
  const t = await createTestApp(BID_SIGNING ? { env: { BID_SIGNING } } : {});
  apps.push(t);
  const owner = await signUp(t, 'selger@example.no');
  const kari = await signUp(t, 'kari@example.no', { firstName: 'Kari' });
  const key = newAuthenticator();
  await addPasskey(t, kari, key);
  const ola = await signUp(t, 'ola@example.no', { firstName: 'Ola' });
  const round = await createRoundAs(t, owner);
  return { t, kari, key, ola, roundId: round.id };
};
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('BID_SIGNING', () => {
  it('is optional by default, and refuses a value it does not know', () => {
    const base = { APP_URL: 'http://localhost:5000', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/x' };
    expect(parseEnv(base).BID_SIGNING).toBe('optional');
    expect(() => parseEnv({ ...base, BID_SIGNING: 'maybe' })).toThrow(/BID_SIGNING/);
  });

  describe('optional', () => {
    let s: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      s = await appWith();
    });
    it('places a signed bid as signed, and refuses a bid without a signature from a user with a passkey', async () => {
      const signed = await placeSignedBid(s.t, s.kari, s.key, bidBody(s.roundId, 4_100_000));
      expect(signed.statusCode, signed.body).toBe(201);
      expect(signed.json().bid.isSigned).toBe(true);
      // Kari has a passkey, so she signs every bid (decision 039): an unsigned one changes nothing.
      const unsigned = await postBid(s.t, s.kari, bidBody(s.roundId, 4_200_000));
      expect(unsigned.statusCode).toBe(400);
      expect(unsigned.json().message).toBe('Budet må signeres med passnøkkel');
      const bids = await s.t.request({
        method: 'GET',
        url: `/api/bid-rounds/${s.roundId}/bids`,
        cookie: s.kari,
      });
      expect(bids.json().bids.map((b: { amount: number }) => b.amount)).toEqual([4_100_000]);
    });
    it('tells a user without a passkey that they have none (409), and takes their bid unsigned', async () => {
      const options = await askSignatureOptions(s.t, s.ola, bidBody(s.roundId, 4_300_000));
      expect(options.statusCode).toBe(409);
      expect(options.json().message).toBe(
        'Du har ingen passnøkkel. Legg til en under «Din profil» → «Passnøkler».',
      );
      const res = await postBid(s.t, s.ola, bidBody(s.roundId, 4_300_000));
      expect(res.statusCode).toBe(201);
      expect(res.json().bid.isSigned).toBe(false);
    });
  });

  describe('required', () => {
    let s: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      s = await appWith('required');
    });
    it('refuses a bid without a signature, from a user with or without a passkey', async () => {
      for (const cookie of [s.kari, s.ola]) {
        const res = await postBid(s.t, cookie, bidBody(s.roundId, 4_100_000));
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe('Budet må signeres med passnøkkel');
      }
      const list = await s.t.request({
        method: 'GET',
        url: `/api/bid-rounds/${s.roundId}/bids`,
        cookie: s.ola,
      });
      expect(list.json().bids).toEqual([]);
    });
    it('places a signed bid', async () => {
      const res = await placeSignedBid(s.t, s.kari, s.key, bidBody(s.roundId, 4_100_000));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().bid.isSigned).toBe(true);
    });
  });

  describe('off', () => {
    let s: Awaited<ReturnType<typeof appWith>>;
    beforeAll(async () => {
      s = await appWith('off');
    });
    it('hands out no options, and places a bid unsigned even when it carries a signature', async () => {
      const options = await askSignatureOptions(s.t, s.kari, bidBody(s.roundId, 4_100_000));
      expect(options.statusCode).toBe(409);
      expect(options.json().message).toBe('Signering med passnøkkel er slått av');
      const made = s.key.authenticate({ challenge: Buffer.from('egen').toString('base64url') });
      const signature = { challengeId: '00000000-0000-4000-8000-000000000000', response: made };
      const res = await postBid(s.t, s.kari, { ...bidBody(s.roundId, 4_100_000), signature });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().bid.isSigned).toBe(false);
    });
  });
});
