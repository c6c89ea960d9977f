import { liveBidsAt } from '../../../shared/rules/bids';
import { clockTime } from '../../../shared/rules/fair-notice';
import type { BidderState } from '../../../shared/schemas/responses/fair-notice';
import type { DbOrTx } from '../../db/client';
import { type BidWithBidder, highestLiveAmount, isRowLive, pseudonymsByBidder } from '../bids/bid-views';
import {
  findAnswersSince,
  findNoticesSince,
  findVisitsSince,
  type NoticeSent,
} from './fair-notice.repository';

// Each live bidder's state for the round's highest live bid (decision 066): told when and how, seen when,
// and their answer. A bidder group is one bidder: the earliest any member was told or looked, the newest
// answer any member gave.

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** 'SMS levert 14:02', 'SMS ikke levert', 'SMS' (no report yet, or none to come), for one person's SMS. */
function smsWords(sms: NoticeSent[]): string {
  const delivered = sms.find((n) => n.delivery === 'delivered' && n.deliveryAt);
  if (delivered?.deliveryAt) return `SMS levert ${clockTime(delivered.deliveryAt)}`;
  if (sms.some((n) => n.delivery === 'failed' || n.delivery === 'late')) return 'SMS ikke levert';
  return 'SMS';
}

export interface RoundForStates {
  closedAt: Date | null;
  deadline: Date;
}

/** The highest live bid at `now` among the rows, the earliest placed of equal amounts. */
export function highestLiveRow(rows: BidWithBidder[], now: Date): BidWithBidder | null {
  const top = highestLiveAmount(rows, now);
  return top === null ? null : (rows.find((r) => isRowLive(r, now) && r.amount === top) ?? null);
}

/** The people a party's live bids bind: the party itself, who placed them, and the co-bidders. */
function peopleOf(live: BidWithBidder[]): string[] {
  return [...new Set(live.flatMap((b) => [b.userId, ...(b.placedBy ? [b.placedBy] : []), ...b.coBidderIds]))];
}

export async function bidderStatesOf(
  db: DbOrTx,
  roundId: string,
  round: RoundForStates,
  rows: BidWithBidder[],
  clockNow: Date,
): Promise<{ highest: BidWithBidder | null; bidders: BidderState[] }> {
  const now = liveBidsAt(round, clockNow);
  const highest = highestLiveRow(rows, now);
  const names = pseudonymsByBidder(rows);
  const live = rows.filter((r) => isRowLive(r, now));
  // In the order of the pseudonyms, which follow each bidder's first bid.
  const liveParties = new Set(live.map((r) => r.userId));
  const parties = [...names.keys()].filter((p) => liveParties.has(p));
  const peopleByParty = new Map(parties.map((p) => [p, peopleOf(live.filter((r) => r.userId === p))]));
  const everyone = [...new Set([...peopleByParty.values()].flat())];
  const since = highest?.createdAt ?? clockNow;
  const [notices, visits, answers] = await Promise.all([
    findNoticesSince(db, roundId, everyone, since),
    findVisitsSince(db, roundId, everyone, since),
    findAnswersSince(db, roundId, everyone, since),
  ]);
  const bidders = parties.map((party): BidderState => {
    const people = new Set(peopleByParty.get(party));
    const latest = live.filter((r) => r.userId === party).at(-1);
    const name = latest ? [fullName(latest.user), ...latest.coBidders.map(fullName)].join(' og ') : '';
    const label = names.get(party) ?? '';
    if (party === highest?.userId)
      return {
        label,
        name,
        isLeading: true,
        notifiedAt: null,
        notifiedBy: null,
        notifiedChannels: [],
        seenAt: null,
        answer: null,
        answeredAt: null,
      };
    const own = notices.filter((n) => people.has(n.userId));
    const sms = own.filter((n) => n.channel === 'sms');
    const mail = own.filter((n) => n.channel === 'email');
    const channels = [
      ...(sms.length ? (['sms'] as const) : []),
      ...(mail.length ? (['email'] as const) : []),
    ];
    const seen = [...people].flatMap((p) => visits.get(p) ?? []).sort((a, b) => a.getTime() - b.getTime())[0];
    const answer = [...people]
      .flatMap((p) => answers.get(p) ?? [])
      .sort((a, b) => b.answeredAt.getTime() - a.answeredAt.getTime())[0];
    const words = [sms.length ? smsWords(sms) : null, mail.length ? 'e-post' : null].filter(Boolean);
    return {
      label,
      name,
      isLeading: false,
      notifiedAt: own[0]?.sentAt.toISOString() ?? null,
      notifiedBy: words.length ? words.join(' og ') : null,
      notifiedChannels: channels,
      seenAt: seen?.toISOString() ?? null,
      answer: answer?.answer ?? null,
      answeredAt: answer?.answeredAt.toISOString() ?? null,
    };
  });
  return { highest, bidders };
}
