import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { actSignatures } from '../../src/server/db/act-signature-schema';
import { counterOfferHelpers } from './counter-offers';
import { addPasskey, newAuthenticator } from './passkeys';
import { inHours } from './rounds';
import { type SignatureOptionsAnswer, signatureFrom } from './signing';
import type { Overrides, SoftwareAuthenticator } from './software-authenticator';
import type { TestApp } from './test-app';

// Signing the binding acts besides a bid (decision 041) in the API tests: the options for
// an act, each act's call with or without its signature, and what act_signatures holds.

export type ActInput =
  | { act: 'winner'; bidRoundId: string; bidId: string }
  | { act: 'reject'; bidRoundId: string; bidId: string; rejection: { message?: string | null } }
  | { act: 'counter-offer'; bidRoundId: string; counterOffer: CounterOfferBody }
  | { act: 'accept-counter-offer'; counterOfferId: string };
export interface CounterOfferBody {
  bidId: string;
  amount: number;
  deadline: string;
  conditions?: string | null;
}
type Signature = ReturnType<typeof signatureFrom>;

export function actSigningHelpers(t: TestApp) {
  const base = counterOfferHelpers(t);

  const askOptions = (cookie: string, act: ActInput) =>
    t.request({ method: 'POST', url: '/api/signatures/options', cookie, payload: act });
  async function optionsFor(cookie: string, act: ActInput) {
    const res = await askOptions(cookie, act);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SignatureOptionsAnswer;
  }

  /** The act's own call, as the client makes it, with `signature` in its body when given. */
  function perform(cookie: string, act: ActInput, signature?: Signature) {
    const signed = signature ? { signature } : {};
    switch (act.act) {
      case 'winner':
        return t.request({
          method: 'PUT',
          url: `/api/bid-rounds/${act.bidRoundId}/select-winner/${act.bidId}`,
          cookie,
          ...(signature ? { payload: signed } : {}),
        });
      case 'reject':
        return t.request({
          method: 'PUT',
          url: `/api/bid-rounds/${act.bidRoundId}/bids/${act.bidId}/reject`,
          cookie,
          payload: { ...act.rejection, ...signed },
        });
      case 'counter-offer':
        return t.request({
          method: 'POST',
          url: `/api/bid-rounds/${act.bidRoundId}/counter-offers`,
          cookie,
          payload: { ...act.counterOffer, ...signed },
        });
      case 'accept-counter-offer':
        return t.request({
          method: 'PUT',
          url: `/api/counter-offers/${act.counterOfferId}/accept`,
          cookie,
          ...(signature ? { payload: signed } : {}),
        });
    }
  }

  /** Asks the options for `act`, signs them with `key`, and performs `posted` (the same act unless given). */
  async function performSigned(
    cookie: string,
    key: SoftwareAuthenticator,
    act: ActInput,
    posted: ActInput = act,
    overrides: Overrides = {},
  ) {
    const answer = await optionsFor(cookie, act);
    return perform(cookie, posted, signatureFrom(key, answer, overrides));
  }

  const storedFor = (subjectId: string) =>
    t.deps.db.select().from(actSignatures).where(eq(actSignatures.subjectId, subjectId));
  const allStored = () => t.deps.db.select().from(actSignatures);

  /** The rejection tests' round (Selma owns it; Arne bid 4 100 000, Berit 5 250 000); Selma has a passkey. */
  async function signingSetting() {
    const s = await base.setting();
    const ownerKey = newAuthenticator();
    await addPasskey(t, s.owner.cookie, ownerKey);
    return { ...s, ownerKey };
  }

  /** A counter-offer body of `amount` to the bidder of `bidId`, open for two hours. */
  const counterOfferBody = (bidId: string, amount: number, extra: Partial<CounterOfferBody> = {}) => ({
    bidId,
    amount,
    deadline: inHours(2),
    conditions: null,
    ...extra,
  });

  return {
    ...base,
    askOptions,
    optionsFor,
    perform,
    performSigned,
    storedFor,
    allStored,
    signingSetting,
    counterOfferBody,
  };
}
