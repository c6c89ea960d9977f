import { createHash, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { deliveryReportSchema } from '../../../shared/schemas/fair-notice';
import { findNoticeByMessageId, markDelivery } from '../../db/bidder-notices';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { NotFound, Unauthorized } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import { enqueueJob } from '../../jobs/queue';
import { SMS_DELIVERY_CHECK_JOB } from '../bids/new-bid-notice-sending';

// The SMS gateway's delivery reports (decision 066): a server-to-server call, with SMS_HTTP_TOKEN as its
// bearer token, about a message the gateway named when it took it.

export const WRONG_TOKEN = 'Leveringsrapporten ble avvist: feil eller manglende nøkkel';
export const UNKNOWN_MESSAGE = 'Leveringsrapporten gjelder en melding Budrunde ikke kjenner';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Compared as digests, in constant time, so that the answer's time tells nothing of the token. */
function tokenMatches(expected: string | undefined, authorization: string | undefined): boolean {
  if (!expected || !authorization?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(authorization.slice('Bearer '.length)), digest(expected));
}

/** Before the body is read: a call without the gateway's token gets 401 whatever it sends. */
export function requireGatewayToken(deps: Pick<AppDeps, 'env'>, authorization: string | undefined): void {
  if (!tokenMatches(deps.env.SMS_HTTP_TOKEN, authorization)) throw new Unauthorized(WRONG_TOKEN);
}

export async function receiveDeliveryReport(
  deps: AppDeps,
  report: z.output<typeof deliveryReportSchema>,
): Promise<{ message: string }> {
  const notice = await findNoticeByMessageId(deps.db, report.messageId);
  if (!notice) throw new NotFound(UNKNOWN_MESSAGE);
  const at = report.at ?? (await databaseNow(deps.db));
  await deps.db.transaction(async (tx) => {
    await markDelivery(tx, notice.id, report.status, at);
    await publishEvent(tx, { type: 'round', roundId: notice.bidRoundId, change: 'bidder-states' });
    // Not delivered: the notice goes by e-mail now, unless one went beside it (the check decides).
    if (report.status === 'failed')
      await enqueueJob(tx, SMS_DELIVERY_CHECK_JOB, {
        noticeId: notice.id,
        notice: { roundId: notice.bidRoundId, userId: notice.userId, bid: 0 },
      });
  });
  return { message: 'Leveringsrapporten er registrert' };
}
