import { expect } from 'vitest';
import type { SignedHead } from '../../src/shared/record/signed-head';
import type { ChainExport } from '../../src/shared/schemas/responses/record';
import { counterOfferHelpers } from './counter-offers';
import { addPasskey, newAuthenticator } from './passkeys';
import { createRoundAs, placeBidOk } from './rounds';
import { bidBody, placeSignedBid } from './signing';
import type { TestApp } from './test-app';

/** The seller's words with the rejection of Arne's bid. */
export const CHAIN_REJECTION = 'Takk, men budet er for lavt';

// One set of helpers per app, so that a second round's people get addresses of their own.
const helpers = new WeakMap<TestApp, ReturnType<typeof counterOfferHelpers>>();
function helpersOf(t: TestApp) {
  const known = helpers.get(t) ?? counterOfferHelpers(t);
  helpers.set(t, known);
  return known;
}

/**
 * The chain tests' round (decision 040), played through HTTP: Selma owns it; Arne bids 4 100 000
 * signed with his passkey, with conditions, a financing plan and a takeover day; Berit bids 5 250 000
 * unsigned; Selma rejects Arne's bid with words, makes Berit a counter-offer of 5 400 000, and Berit
 * accepts it, which ends the round. Returns the people, the round and Arne's receipt (seq and hash).
 */
export async function playChainRound(t: TestApp) {
  const h = helpersOf(t);
  const owner = await h.person('Selma');
  const a = await h.person('Arne');
  const b = await h.person('Berit');
  const authenticator = newAuthenticator();
  await addPasskey(t, a.cookie, authenticator, 'Mobilen');
  const round = await createRoundAs(t, owner.cookie, { title: 'Kjedehuset', address: 'Kjedeveien 1, Oslo' });
  const signed = await placeSignedBid(
    t,
    a.cookie,
    authenticator,
    bidBody(round.id, 4_100_000, {
      conditions: 'Salg av egen bolig',
      financing: { equity: 1_100_000, loan: 3_000_000, lender: 'Nordbanken' },
      takeoverDate: '2027-03-01',
    }),
  );
  if (signed.statusCode !== 201) throw new Error(`signed bid refused: ${signed.statusCode} ${signed.body}`);
  const arnesBid = signed.json() as {
    bid: { id: string };
    seq: number;
    hash: string;
    signedHead: SignedHead;
  };
  const bidB = await placeBidOk(t, b.cookie, round.id, 5_250_000);
  const rejected = await h.reject(round.id, arnesBid.bid.id, owner.cookie, CHAIN_REJECTION);
  if (rejected.statusCode !== 200) throw new Error(`rejection refused: ${rejected.body}`);
  const offer = await h.createOk(round.id, owner.cookie, bidB.id, 5_400_000, {
    conditions: 'Uten forbehold',
  });
  const accepted = await h.answer(offer.id, 'accept', b.cookie);
  if (accepted.statusCode !== 200) throw new Error(`acceptance refused: ${accepted.body}`);
  return {
    owner,
    a,
    b,
    roundId: round.id,
    arnesBidId: arnesBid.bid.id,
    bidBId: bidB.id,
    offerId: offer.id,
    arnesReceipt: { seq: arnesBid.seq, hash: arnesBid.hash },
    /** The signed head the bid's answer gave (decision 057). */
    arnesSignedHead: arnesBid.signedHead,
  };
}

/** The round's chain as the reader with `cookie` downloads it. */
export async function exportOf(t: TestApp, roundId: string, cookie: string): Promise<ChainExport> {
  const res = await t.request({ method: 'GET', url: `/api/bid-rounds/${roundId}/journal/export`, cookie });
  if (res.statusCode !== 200) throw new Error(`export refused: ${res.statusCode} ${res.body}`);
  return res.json() as ChainExport;
}

/** The seq of the first act of `kind` (about `id`, a bid or counter-offer, when given). */
export function seqOf(exported: ChainExport, kind: string, id?: string): number {
  const link = exported.acts.find(
    (l) => l.act.kind === kind && (id === undefined || l.act.bidId === id || l.act.counterOfferId === id),
  );
  if (!link) throw new Error(`no ${kind} act in the chain`);
  return link.seq;
}

/**
 * A matcher for a head: the same link, whenever and however often the server signed it (decision 057).
 */
export function sameHead(head: { seq: number; hash: string } | null | undefined) {
  return head ? expect.objectContaining({ seq: head.seq, hash: head.hash }) : null;
}
