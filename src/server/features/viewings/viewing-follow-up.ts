import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { enqueueJobs } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { MAIL_JOB } from '../../mail/mail-jobs';
import { viewingFollowUpMail } from '../../mail/viewing-mails';
import { roundUrl } from '../bids/bid-notices';
import { findRoundListing, findSignups, findViewing, markFollowUpSent } from './viewings.repository';
import { VIEWING_ENDED_JOB } from './viewings.service';

/**
 * Queued with the viewing for its end (viewings.service.ts). It reads the list when it runs, so that who
 * signed up or off until the end counts, and sends each one mail. Once: the job may run again after a
 * crash, and the sent_notices key its transaction inserts makes the second run do nothing (decision 045).
 * A viewing removed, or a round deleted, sends nothing; so does a round that has ended meanwhile, as the
 * mail invites a bid.
 */
export function viewingJobHandlers(deps: AppDeps): Record<string, JobHandler> {
  return {
    [VIEWING_ENDED_JOB]: async (payload) => {
      const { roundId, viewingId } = payload as { roundId: string; viewingId: string };
      await deps.db.transaction(async (tx) => {
        const viewing = await findViewing(tx, roundId, viewingId);
        const round = await findRoundListing(tx, roundId);
        if (!viewing || !round) return;
        if (round.isClosed || round.deadline <= (await databaseNow(tx))) return;
        if (!(await markFollowUpSent(tx, viewingId, roundId))) return;
        const links = { round: roundUrl(deps, roundId), hasProspectus: round.hasProspectus };
        const people = await findSignups(tx, viewingId);
        await enqueueJobs(
          tx,
          people.map((person) => ({
            type: MAIL_JOB,
            payload: { mail: viewingFollowUpMail(person, round, viewing, links), roundId },
          })),
        );
      });
    },
  };
}
