import type { FastifyBaseLogger } from 'fastify';
import { formatMoney } from '../../../shared/format/money';
import { liveBidsAt } from '../../../shared/rules/bids';
import type { CloseReason } from '../../../shared/schemas/bid-round';
import type { CloseRoundResult, SelectWinnerResult } from '../../../shared/schemas/journal';
import type { WinnerBody } from '../../../shared/schemas/signature';
import type { DbOrTx, Tx } from '../../db/client';
import { type LockedRound, lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { requireVerifiedIdentity } from '../../security/identity-requirement';
import { recordIfActingAsAdmin } from '../admin-actions/admin-actions.service';
import { findBidOfRound, findBidsWithBidders, lockBidderAccount } from '../bids/bids.service';
import { ALREADY_CLOSED, assertCanManage } from '../bids/round-access';
import { counterOffersOfRound, settleCounterOffersOnClose } from '../counter-offers/counter-offer-records';
import { doneAnswersOf, fairNoticeAtChoice } from '../fair-notice/fair-notice.service';
import { journalEntriesFor, writeRoundJournals } from '../journals/journals.service';
import { recordClosed, recordWinner, type SignedBy } from '../round-chain/round-acts';
import { recordJournalDigests, signedLink } from '../round-chain/round-chain.service';
import { chainSignatureOf, storeActSignature } from '../signatures/signature-records';
import { checkActSignature } from '../signatures/signatures.service';
import {
  deleteProperty,
  findExpiredOpenRoundIds,
  findOpenRoundIdsOwnedBy,
  updateRound,
} from './bid-rounds.repository';
import { findChangesWhileBidsStood } from './round-edits.repository';
import { queueRoundClosedNotifications } from './round-notifications';

/**
 * Ends a locked, open round: marks it closed exactly once, writes every participant's journal and queues
 * the messages, in the caller's transaction. `silent` is for a round an administrator deletes: its people
 * get the deletion's mail instead, and no screen is told of a close that is about to vanish.
 */
async function endRound(
  tx: Tx,
  deps: AppDeps,
  round: LockedRound,
  reason: CloseReason,
  by: string | null,
  winningBidId: string | null,
  /** The owner's signature of 'Velg som vinner', which the winner's act carries. */
  signed: SignedBy | null = null,
  /** `overrideFairNotice`: the owner confirmed past the guard of bidders who had not seen the latest bid. */
  { silent = false, overrideFairNotice = false }: { silent?: boolean; overrideFairNotice?: boolean } = {},
) {
  const closedAt = await databaseNow(tx);
  await updateRound(tx, round.id, {
    isClosed: true,
    closedAt,
    closedBy: by,
    closeReason: reason,
    winningBidId,
  });
  // An open counter-offer ends with the round: lapsed if its deadline had passed, else withdrawn.
  await settleCounterOffersOnClose(tx, round.id, closedAt);
  const bids = await findBidsWithBidders(tx, round.id, { lockBidders: true });
  // The seller's choice is an act of its own; an accepted counter-offer was recorded as its acceptance.
  const chosen = reason === 'winner' ? bids.find((b) => b.id === winningBidId) : undefined;
  // Whether bidders had not seen the latest bid when the seller chose, from the bids just read (decision 066).
  const fairNotice = chosen
    ? await fairNoticeAtChoice(tx, deps, round, bids, chosen.id, overrideFairNotice)
    : undefined;
  const chosenLink = chosen ? await recordWinner(tx, round.id, chosen, closedAt, signed, fairNotice) : null;
  const closedLink = await recordClosed(tx, round.id, reason, winningBidId, closedAt);
  const counterOffers = await counterOffersOfRound(tx, round.id);
  const journalRound = {
    closedAt,
    biddingEndedAt: liveBidsAt({ closedAt, deadline: round.deadline }, closedAt),
    closeReason: reason,
    winningBidId,
    startingPrice: round.price,
    property: { title: round.title, address: round.address, imageUrl: round.imageUrl },
    changes: await findChangesWhileBidsStood(tx, round.id),
    doneAnswers: await doneAnswersOf(tx, round.id),
  };
  await writeRoundJournals(tx, round.id, round.ownerId, journalRound, bids, counterOffers);
  // The chain commits to the journals as written, so that the admin's check finds one changed since
  // (decision 058); that act is the round's last link, which every participant is mailed.
  const finalLink = (await recordJournalDigests(tx, round.id, closedAt)) ?? closedLink;
  const ended = { bids, link: chosenLink ?? closedLink };
  if (silent) return ended;
  await publishEvent(tx, { type: 'round', roundId: round.id, change: winningBidId ? 'winner' : 'closed' });
  await queueRoundClosedNotifications(tx, deps, round, reason, winningBidId, bids, finalLink);
  return ended;
}

export async function closeRound(deps: AppDeps, viewer: Viewer, roundId: string): Promise<CloseRoundResult> {
  const link = await deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    assertCanManage(round, viewer);
    if (round.isClosed) throw new Conflict(ALREADY_CLOSED);
    // Past its deadline the round has ended by itself; the sweep just had not got to it yet.
    const expired = round.deadline <= (await databaseNow(tx));
    const { link } = await endRound(
      tx,
      deps,
      round,
      expired ? 'deadline' : 'closed',
      expired ? null : viewer.id,
      null,
    );
    await recordIfActingAsAdmin(
      tx,
      viewer,
      round.ownerId,
      'close-round',
      round.id,
      `Lukket budrunden «${round.title}»`,
    );
    return link;
  });
  return {
    message: 'Budrunde lukket',
    bids: await journalEntriesFor(deps.db, roundId, viewer.id),
    ...signedLink(deps, link),
  };
}

/**
 * Accepts one bid (PRODUCT.md): only while the round is open and before its deadline, only a bid of this
 * round, only while that bid's own acceptance deadline has not passed, and never a rejected one.
 */
export async function selectWinner(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  bidId: string,
  body: WinnerBody = {},
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SelectWinnerResult> {
  requireVerifiedIdentity(deps.env, viewer, 'act');
  // The owner's signature is checked before the round's lock, and stored with the choice (decision 041).
  const signed = await checkActSignature(
    deps,
    viewer,
    { act: 'winner', bidRoundId: roundId, bidId },
    body.signature,
    log,
  );
  return deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    assertCanManage(round, viewer);
    if (round.isClosed) throw new Conflict(ALREADY_CLOSED);
    const now = await databaseNow(tx);
    if (round.deadline <= now)
      throw new Conflict('Budfristen for budrunden har gått ut. Det kan ikke velges vinner.');
    const bid = await findBidOfRound(tx, roundId, bidId);
    if (!bid) throw new NotFound('Budet ble ikke funnet i denne budrunden');
    // A rejected bid binds no one (decision 034): the rejection and this choice both hold the round's lock.
    if (bid.rejectedAt) throw new Conflict('Budet er avslått og kan ikke velges som vinner.');
    if (bid.bidDeadline && bid.bidDeadline <= now) {
      throw new Conflict('Akseptfristen for dette budet har gått ut. Budet binder ikke lenger budgiveren.');
    }
    // Share-locked, so that the bidder's account cannot be deleted between this check and the commit.
    const account = await lockBidderAccount(tx, bid.userId);
    if (!account || account.deletedAt) {
      throw new Conflict('Budgiveren har slettet kontoen sin. Budet kan ikke velges som vinner.');
    }
    // Stored before the close writes the journals, so that they show the choice as signed (decision 059).
    await storeActSignature(tx, signed, bid.id);
    const { bids, link } = await endRound(
      tx,
      deps,
      round,
      'winner',
      viewer.id,
      bid.id,
      chainSignatureOf(signed),
      { overrideFairNotice: body.overrideFairNotice === true },
    );
    await recordIfActingAsAdmin(
      tx,
      viewer,
      round.ownerId,
      'select-winner',
      round.id,
      `Valgte vinnerbud på ${formatMoney(bid.amount)} i budrunden «${round.title}»`,
    );
    const bidder = bids.find((b) => b.id === bid.id)?.user;
    const bidderName = bidder ? `${bidder.firstName} ${bidder.lastName}` : '';
    return { message: 'Vinner valgt', winner: { bidderName, amount: bid.amount }, ...signedLink(deps, link) };
  });
}

/**
 * The bidder accepted the seller's counter-offer (decision 035): `bidId` is the bid that acceptance placed.
 * Ends the locked round with it as the winner, exactly as 'Velg som vinner' does, in the caller's
 * transaction.
 */
export async function closeWithAcceptedCounterOffer(
  tx: Tx,
  deps: AppDeps,
  round: LockedRound,
  bidId: string,
  by: string,
): Promise<void> {
  await endRound(tx, deps, round, 'counter-offer', by, bidId);
}

/** Closes every open round whose deadline has passed. Safe to run anywhere, any number of times. */
export async function closeExpiredRounds(deps: AppDeps, log?: FastifyBaseLogger): Promise<number> {
  let closed = 0;
  for (const id of await findExpiredOpenRoundIds(deps.db)) {
    try {
      closed += await deps.db.transaction(async (tx) => {
        const round = await lockRound(tx, id);
        if (!round || round.isClosed || round.deadline > (await databaseNow(tx))) return 0;
        await endRound(tx, deps, round, 'deadline', null, null);
        return 1;
      });
    } catch (err) {
      // One round that cannot be closed must not hold up the others; it is tried again next sweep.
      log?.error({ err, roundId: id }, 'could not close an expired round');
    }
  }
  return closed;
}

/**
 * Account deletion closes the user's own open rounds first, with journals (PRODUCT.md), saying why: the
 * bidders must not read it as the seller's choice. First, so that the journals are written while the seller
 * still exists.
 */
export async function closeRoundsOwnedBy(tx: Tx, userId: string, deps: AppDeps): Promise<void> {
  for (const id of await findOpenRoundIdsOwnedBy(tx, userId)) {
    const round = await lockRound(tx, id);
    if (round && !round.isClosed) await endRound(tx, deps, round, 'owner-deleted', userId, null);
  }
}

/**
 * The round locked for a change to its listing by its owner or an administrator while it is open, with the
 * database's time: 404, 403 or 409 (ALREADY_CLOSED) otherwise. Every listing edit starts
 * here (decisions 043–046).
 */
export async function lockOpenRoundToManage(
  tx: DbOrTx,
  viewer: Viewer,
  roundId: string,
): Promise<{ round: LockedRound; now: Date }> {
  const round = await lockRound(tx, roundId);
  assertCanManage(round, viewer);
  const now = await databaseNow(tx);
  if (round.isClosed || round.deadline <= now) throw new Conflict(ALREADY_CLOSED);
  return { round, now };
}

/**
 * An administrator deletes a locked round that is still open (decision 042): it is ended first, as at any
 * close, so that the owner and every bidder keep a journal; the journal's close reads the deletion.
 */
export async function endRoundForDeletion(tx: Tx, deps: AppDeps, round: LockedRound, by: string) {
  if (!round.isClosed) await endRound(tx, deps, round, 'deleted', by, null, null, { silent: true });
}

/**
 * Deletes a round with its property; its bids, followers and counter-offers go with it (ON DELETE CASCADE).
 * Its journals do not: they are not tied to the round's row (decision 042).
 */
export function deleteRoundAndProperty(tx: DbOrTx, round: Pick<LockedRound, 'propertyId'>): Promise<void> {
  return deleteProperty(tx, round.propertyId);
}
