import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { formatMoney } from '../../../shared/format/money';
import type { RejectedBid, rejectBidSchema } from '../../../shared/schemas/bid';
import type { Tx } from '../../db/client';
import { type LockedRound, lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { bidRejectedMail, bidRejectedSms } from '../../mail/round-mails';
import { requireVerifiedIdentity } from '../../security/identity-requirement';
import { findAccount } from '../accounts/accounts.service';
import { recordIfActingAsAdmin } from '../admin-actions/admin-actions.service';
import { recordRejection } from '../round-chain/round-acts';
import { signedLink } from '../round-chain/round-chain.service';
import { chainSignatureOf, storeActSignature } from '../signatures/signature-records';
import { checkActSignature } from '../signatures/signatures.service';
import { queueDropAndWarn } from './bid-lapse';
import { queueMessages, roundUrl } from './bid-notices';
import { findHighestLiveBid } from './bid-notices.repository';
import { findBidById, lockBidder, markBidRejected } from './bids.repository';
import { ALREADY_CLOSED, assertCanManage } from './round-access';

// The seller's written answers to a bid (forskrift om eiendomsmegling § 6-3). Decision 034.

export const BID_NOT_FOUND = 'Budet ble ikke funnet';
export const BID_OF_ANOTHER_ROUND = 'Budet hører til en annen budrunde';
export const ALREADY_REJECTED = 'Budet er allerede avslått';
export const ROUND_PAST_DEADLINE = 'Budfristen for budrunden har gått ut. Budet kan ikke avslås.';
export const BID_LAPSED = 'Akseptfristen for dette budet har gått ut. Budet binder ikke lenger budgiveren.';
export const BIDDER_DELETED = 'Budgiveren har slettet kontoen sin. Budet binder ikke lenger.';

/**
 * The bid a seller's written answer (avslag, motbud) is given to, judged under the round's lock, which the
 * caller holds: 404 when there is no such bid, 409 when it is of another round, the round has ended, or the
 * bid no longer binds (rejected, lapsed, or its bidder deleted their account). The bidder's row is
 * share-locked: an account deletion under way finishes first, and is then seen here.
 */
export async function findAnswerableBid(tx: Tx, round: LockedRound, bidId: string, pastDeadline: string) {
  const bid = await findBidById(tx, bidId);
  if (!bid) throw new NotFound(BID_NOT_FOUND);
  if (bid.bidRoundId !== round.id) throw new Conflict(BID_OF_ANOTHER_ROUND);
  if (round.isClosed) throw new Conflict(ALREADY_CLOSED);
  const now = await databaseNow(tx);
  if (round.deadline <= now) throw new Conflict(pastDeadline);
  if (bid.rejectedAt) throw new Conflict(ALREADY_REJECTED);
  if (bid.bidDeadline && bid.bidDeadline <= now) throw new Conflict(BID_LAPSED);
  const account = await lockBidder(tx, bid.userId);
  if (!account || account.deletedAt) throw new Conflict(BIDDER_DELETED);
  return { bid, now };
}

/**
 * The owner (or an admin) rejects a live bid (avslag). Under the round's row lock, like 'Velg som vinner',
 * so that of a rejection and a winner choice (or two rejections) of one bid exactly one wins and the other
 * gets 409. The bid, the bidder's mail and SMS, the headline drop for the followers, the audit row and the
 * event commit together, or none of them does.
 */
export async function rejectBid(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  bidId: string,
  input: z.output<typeof rejectBidSchema>,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<RejectedBid> {
  requireVerifiedIdentity(deps.env, viewer, 'act');
  // The owner's signature is checked before the round's lock, and stored with the rejection (decision 041).
  const { signature, ...rejection } = input;
  const signed = await checkActSignature(
    deps,
    viewer,
    { act: 'reject', bidRoundId: roundId, bidId, rejection },
    signature,
    log,
  );
  const link = await deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    assertCanManage(round, viewer);
    const { bid, now } = await findAnswerableBid(tx, round, bidId, ROUND_PAST_DEADLINE);

    const before = await findHighestLiveBid(tx, round.id, now);
    await markBidRejected(tx, {
      roundId: round.id,
      bidId: bid.id,
      message: input.message,
      by: viewer.id,
      at: now,
    });
    await storeActSignature(tx, signed, bid.id);
    const link = await recordRejection(tx, bid, input.message ?? null, now, chainSignatureOf(signed));
    await publishEvent(tx, { type: 'round', roundId: round.id, change: 'bid-rejected' });

    // The bidder, and every member of a group the bid bound (decision 065).
    const people = await Promise.all([bid.userId, ...bid.coBidderIds].map((id) => findAccount(tx, id)));
    const url = roundUrl(deps, round.id);
    const rejection = { amount: bid.amount, message: input.message };
    const to = people.flatMap((p) =>
      p ? [{ userId: p.id, email: p.email, firstName: p.firstName, phone: p.phone }] : [],
    );
    if (to.length)
      await queueMessages(tx, round, to, {
        mail: (person) => bidRejectedMail(person, round, rejection, url),
        sms: bidRejectedSms(round, rejection, url),
      });
    // The headline went down: the followers hear the new figure, as after a lapse (decision 028). The one
    // who rejected knows, and the bidder has their own message.
    if (before?.id === bid.id)
      await queueDropAndWarn(tx, deps, round.id, 'rejected', {
        skipOwner: viewer.id === round.ownerId,
        skipUserIds: [bid.userId],
      });
    await recordIfActingAsAdmin(
      tx,
      viewer,
      round.ownerId,
      'reject-bid',
      round.id,
      `Avslo bud på ${formatMoney(bid.amount)} i budrunden «${round.title}»`,
    );
    return link;
  });
  return { message: 'Budet er avslått', ...signedLink(deps, link) };
}
