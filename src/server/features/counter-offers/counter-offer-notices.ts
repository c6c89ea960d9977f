import type { DbOrTx } from '../../db/client';
import { type LockedRound, lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { publishEvent } from '../../events/bus-event';
import { deletePendingJobsNaming, enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import {
  type CounterOfferFacts,
  type CounterOfferOutcome,
  counterOfferMail,
  counterOfferOutcomeMail,
  counterOfferOutcomeSms,
  counterOfferSms,
  counterOfferWithdrawnMail,
} from '../../mail/counter-offer-mails';
import { enqueueMail } from '../../mail/mail-jobs';
import { SMS_JOB, type SmsPayload } from '../../sms/sms-jobs';
import { findAccount } from '../accounts/accounts.service';
import { queueMessages, roundUrl } from '../bids/bid-notices';
import { recordCounterOfferEnd } from '../round-chain/round-acts';
import { recipientName } from './counter-offer-views';
import { answerCounterOffer, findCounterOffer } from './counter-offers.repository';

// Who hears of a counter-offer (decision 035): its recipient when it is made or withdrawn, the owner
// when it is accepted, declined or lapses. Queued in the act's own transaction, through the job outbox.

export const COUNTER_OFFER_LAPSED_JOB = 'counter-offer:lapsed';

type MessageRound = Pick<LockedRound, 'id' | 'title' | 'address' | 'ownerId' | 'smsNotificationsEnabled'>;

/** At its deadline an unanswered counter-offer lapses, and the owner is told. */
export async function scheduleCounterOfferLapse(tx: DbOrTx, id: string, deadline: Date): Promise<void> {
  await enqueueJob(tx, COUNTER_OFFER_LAPSED_JOB, { counterOfferId: id }, { runAt: deadline });
}

/** A round an administrator deletes (decision 042): its counter-offers' lapse jobs go with it. */
export function dropQueuedCounterOfferJobs(tx: DbOrTx, counterOfferIds: string[]): Promise<number> {
  return deletePendingJobsNaming(tx, 'counterOfferId', counterOfferIds);
}

/** The recipient's mail, and SMS while the round's SMS setting is on: a new counter-offer, or its withdrawal. */
export async function tellRecipient(
  tx: DbOrTx,
  deps: AppDeps,
  round: MessageRound,
  recipientIds: string[],
  offer: CounterOfferFacts,
  what: 'new' | 'withdrawn' = 'new',
): Promise<void> {
  // The bidder, and every member of a group the bid bound: any of them may answer (decision 065).
  for (const recipientId of recipientIds) await tellOne(tx, deps, round, recipientId, offer, what);
}

async function tellOne(
  tx: DbOrTx,
  deps: AppDeps,
  round: MessageRound,
  recipientId: string,
  offer: CounterOfferFacts,
  what: 'new' | 'withdrawn',
): Promise<void> {
  const person = await findAccount(tx, recipientId);
  if (!person) return;
  const url = roundUrl(deps, round.id);
  if (what === 'withdrawn') {
    await enqueueMail(tx, counterOfferWithdrawnMail(person, round, offer, url), { roundId: round.id });
    return;
  }
  await queueMessages(
    tx,
    round,
    [{ userId: person.id, email: person.email, firstName: person.firstName, phone: person.phone }],
    { mail: (to) => counterOfferMail(to, round, offer, url), sms: counterOfferSms(round, offer, url) },
  );
}

/** The owner's mail, and SMS while the round's SMS setting is on, of a decline or a lapse. */
export async function tellOwnerOfAnswer(
  tx: DbOrTx,
  deps: AppDeps,
  round: MessageRound,
  outcome: CounterOfferOutcome,
  offer: { amount: number; who: string },
): Promise<void> {
  const owner = round.ownerId ? await findAccount(tx, round.ownerId) : null;
  if (!owner) return;
  const url = roundUrl(deps, round.id);
  await queueMessages(
    tx,
    round,
    [{ userId: owner.id, email: owner.email, firstName: owner.firstName, phone: owner.phone }],
    {
      mail: (to) => counterOfferOutcomeMail(to, round, outcome, offer, url),
      sms: counterOfferOutcomeSms(round, outcome, offer, url),
    },
  );
}

/** The owner's SMS of an acceptance: the round's close sends the mail. */
export async function tellOwnerBySms(
  tx: DbOrTx,
  deps: AppDeps,
  round: MessageRound,
  outcome: CounterOfferOutcome,
  offer: { amount: number; who: string },
): Promise<void> {
  const owner = round.ownerId ? await findAccount(tx, round.ownerId) : null;
  if (!owner?.phone || !round.smsNotificationsEnabled) return;
  const text = counterOfferOutcomeSms(round, outcome, offer, roundUrl(deps, round.id));
  await enqueueJob(tx, SMS_JOB, { to: owner.phone, text, roundId: round.id } satisfies SmsPayload);
}

export function counterOfferJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [COUNTER_OFFER_LAPSED_JOB]: async (payload) => {
      const { counterOfferId } = payload as { counterOfferId: string };
      await deps.db.transaction(async (tx) => {
        const found = await findCounterOffer(tx, counterOfferId);
        if (found?.status !== 'open') return;
        // Under the round's lock, so a lapse and an acceptance at the last moment are ordered.
        const round = await lockRound(tx, found.bidRoundId);
        const offer = await findCounterOffer(tx, counterOfferId);
        if (!round || round.isClosed || !offer || offer.status !== 'open') return;
        if (offer.deadline > (await databaseNow(tx))) {
          // Ran early (the worker's clock is ahead of the database's): try again at the deadline.
          await scheduleCounterOfferLapse(tx, offer.id, offer.deadline);
          return;
        }
        if (!(await answerCounterOffer(tx, offer.id, { status: 'lapsed', at: offer.deadline }))) return;
        await recordCounterOfferEnd(tx, 'counter-offer-lapsed', offer, offer.deadline);
        await tellOwnerOfAnswer(tx, deps, round, 'lapsed', {
          amount: offer.amount,
          who: recipientName(offer),
        });
        await publishEvent(tx, { type: 'round', roundId: round.id, change: 'counter-offer' });
      });
    },
  };
}
