import type { JournalAct, JournalView } from '../../src/shared/schemas/journal';
import type { CounterOfferHelpers } from './counter-offers';
import type { TestApp } from './test-app';

/** The seller's words with the rejection of Arne's bid: his and the owner's to read, nobody else's. */
export const REJECTION_WORDS = 'Takk, men budet er for lavt';
/** The conditions of the counter-offers: each for its recipient and the owner only. */
export const ARNES_TERMS = 'Hemmelig vilkår for Arne';
export const BERITS_TERMS = 'Vilkår for Berit';

async function ok(res: Promise<{ statusCode: number; body: string }>) {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`refused: ${r.statusCode} ${r.body}`);
}

/**
 * The record tests' round (decision 036), played through HTTP on the rejection tests' setting (Selma owns
 * it; Arne bid 4 100 000, Berit 5 250 000): a counter-offer to Arne the seller withdraws, one to Berit she
 * declines, Arne's bid rejected with words, and a last counter-offer to Berit she accepts, which decides
 * the round. Pass `close: false` to stop before that last counter-offer, with the round still open.
 */
export async function playRecordedRound(h: CounterOfferHelpers, { close = true } = {}) {
  const s = await h.setting();
  const { owner, b, roundId, bidA, bidB } = s;
  const toArne = await h.createOk(roundId, owner.cookie, bidA.id, 4_600_000, { conditions: ARNES_TERMS });
  await ok(h.withdraw(toArne.id, owner.cookie));
  const toBerit = await h.createOk(roundId, owner.cookie, bidB.id, 5_500_000, { conditions: BERITS_TERMS });
  await ok(h.answer(toBerit.id, 'decline', b.cookie));
  await ok(h.reject(roundId, bidA.id, owner.cookie, REJECTION_WORDS));
  if (!close) return s;
  const last = await h.createOk(roundId, owner.cookie, bidB.id, 5_400_000);
  await ok(h.answer(last.id, 'accept', b.cookie));
  return s;
}

/** A reader's journal of a round. */
export async function journalOf(t: TestApp, roundId: string, cookie: string): Promise<JournalView> {
  const res = await t.request({ method: 'GET', url: '/api/user/bid-journals', cookie });
  const journal = (res.json() as JournalView[]).find((j) => j.bidRound.id === roundId);
  if (!journal) throw new Error(`no journal: ${res.statusCode} ${res.body}`);
  return journal;
}

/** The acts as [kind, party, amount], the shape most expectations compare. */
export const summary = (acts: JournalAct[]) => acts.map((x) => [x.kind, x.party, x.amount]);

/** Times never run backwards. */
export const inTimeOrder = (acts: JournalAct[]) =>
  acts.every((x, i) => i === 0 || Date.parse(acts[i - 1]?.at ?? '') <= Date.parse(x.at));
