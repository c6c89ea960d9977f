import type { FastifyBaseLogger } from 'fastify';
import { guardOpen, unseenBidders } from '../../../shared/rules/fair-notice';
import type { BidderAnswer, BidderStates, MyAnswer } from '../../../shared/schemas/responses/fair-notice';
import type { DbOrTx } from '../../db/client';
import { lockRound } from '../../db/round-lock';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { publishEvent } from '../../events/bus-event';
import type { Viewer } from '../../http/viewer';
import { type BidWithBidder, isRowLive, pseudonymsByBidder } from '../bids/bid-views';
import {
  findBidsWithBidders,
  findRoundForBidLists,
  ROUND_ENDED,
  ROUND_NOT_FOUND,
} from '../bids/bids.service';
import { recordBidderDone } from '../round-chain/fairness-acts';
import { bidderStatesOf, highestLiveRow } from './bidder-states';
import {
  deleteNoticeDataOf,
  findDoneAnswers,
  findNoticeDataOf,
  insertAnswer,
  recordVisitNow,
} from './fair-notice.repository';

// Everyone told, and their answers (decision 066): the owner's list of bidders, a bidder's one-tap answer
// to 'byr du mer?', the visits that count as seen, and the guard before 'Velg som vinner'.

export const OWNER_ONLY = 'Bare selgeren og administratorer kan se hva budgiverne har fått med seg';
export const NOT_A_LIVE_BIDDER = 'Bare budgivere med et gjeldende bud i budrunden kan svare';
export const LEADING = 'Du har det høyeste budet. Det er de andre budgiverne som svarer på om de byr mer.';

const minutes = (deps: Pick<AppDeps, 'env'>) => deps.env.FAIR_NOTICE_MINUTES;

/** GET /api/owner/bid-rounds/{id}/bidders: for the owner and admins. */
export async function listBidderStates(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
): Promise<BidderStates> {
  const round = await findRoundForBidLists(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  if (round.ownerId !== viewer.id && !viewer.isAdmin) throw new Forbidden(OWNER_ONLY);
  const rows = await findBidsWithBidders(deps.db, roundId);
  const { highest, bidders } = await bidderStatesOf(
    deps.db,
    roundId,
    round,
    rows,
    await databaseNow(deps.db),
  );
  return {
    highestBidAt: highest?.createdAt.toISOString() ?? null,
    guardUntil: highest ? new Date(highest.createdAt.getTime() + minutes(deps) * 60_000).toISOString() : null,
    bidders,
  };
}

const binds = (row: BidWithBidder, userId: string) =>
  row.userId === userId || row.placedBy === userId || row.coBidderIds.includes(userId);

/**
 * PUT /api/bid-rounds/{id}/my-answer: a live bidder who does not lead says whether they bid more. Under the
 * round's lock, so that the answer is judged against the bids as they stand. 'done' is an act of the chain;
 * a new higher bid makes every answer given before it old (the question is new), without a write.
 */
export async function answerRound(
  deps: AppDeps,
  viewer: Viewer,
  roundId: string,
  answer: BidderAnswer,
): Promise<MyAnswer> {
  const answeredAt = await deps.db.transaction(async (tx) => {
    const round = await lockRound(tx, roundId);
    if (!round) throw new NotFound(ROUND_NOT_FOUND);
    const now = await databaseNow(tx);
    if (round.isClosed || round.deadline <= now) throw new Conflict(ROUND_ENDED);
    const rows = await findBidsWithBidders(tx, roundId);
    if (!rows.some((r) => isRowLive(r, now) && binds(r, viewer.id))) throw new Forbidden(NOT_A_LIVE_BIDDER);
    const highest = highestLiveRow(rows, now);
    if (!highest || binds(highest, viewer.id)) throw new Conflict(LEADING);
    await insertAnswer(tx, roundId, viewer.id, answer, now);
    if (answer === 'done') await recordBidderDone(tx, roundId, viewer.id, highest.id, now);
    await publishEvent(tx, { type: 'round', roundId, change: 'bidder-states' });
    return now;
  });
  return {
    message:
      answer === 'done'
        ? 'Svaret ditt er registrert: Du byr ikke mer.'
        : 'Svaret ditt er registrert: Du vurderer å by.',
    answer,
    answeredAt: answeredAt.toISOString(),
  };
}

/**
 * A signed-in person other than the owner opened the round (its page, or a notice's link to it): every bid
 * before now counts as seen by them. A failure costs the record, never the page.
 */
export async function recordVisit(
  deps: AppDeps,
  viewer: Viewer,
  round: { id: string; isOwner: boolean },
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  if (round.isOwner) return;
  try {
    if (await recordVisitNow(deps.db, round.id, viewer.id))
      await publishEvent(deps.db, { type: 'round', roundId: round.id, change: 'bidder-states' });
  } catch (err) {
    log?.warn({ err, roundId: round.id }, 'could not record a visit to a round');
  }
}

/** What the chain records of the guard when the owner chooses `bidId` (decision 066). */
export interface FairNoticeRecord {
  shown: boolean;
  overridden: boolean;
  unseen: string[];
}

/**
 * The guard as it stood when the owner chose, in the choice's transaction under the round's lock, from the
 * round's bids as the close read them: shown when
 * the latest bid is younger than FAIR_NOTICE_MINUTES and another live bidder has neither seen nor answered
 * it; overridden when the owner confirmed 'Jeg vil likevel velge vinner nå'.
 */
export async function fairNoticeAtChoice(
  tx: DbOrTx,
  deps: AppDeps,
  round: { id: string; deadline: Date },
  rows: BidWithBidder[],
  bidId: string,
  override: boolean,
): Promise<FairNoticeRecord> {
  const now = await databaseNow(tx);
  // Judged as bidding stood just before the choice closed the round.
  const open = { closedAt: null, deadline: round.deadline };
  const { highest, bidders } = await bidderStatesOf(tx, round.id, open, rows, now);
  const chosen = rows.find((r) => r.id === bidId);
  const chosenLabel = chosen ? (pseudonymsByBidder(rows).get(chosen.userId) ?? null) : null;
  const unseen = guardOpen(highest?.createdAt ?? null, now, minutes(deps))
    ? unseenBidders(bidders, chosenLabel)
    : [];
  return {
    shown: unseen.length > 0,
    overridden: unseen.length > 0 && override,
    unseen: unseen.map((b) => b.label),
  };
}

/** Every 'Byr ikke mer' of the round, for the journals written as it closes. */
export function doneAnswersOf(db: DbOrTx, roundId: string) {
  return findDoneAnswers(db, roundId);
}

/** The notices, visits and answers of one person, for their data export (decision 014). */
export function noticeDataForExport(db: DbOrTx, userId: string) {
  return findNoticeDataOf(db, userId);
}

/**
 * Account deletion's part (decision 066): the person's notices, visits and answers are forgotten, after the
 * journals are written, so that the chain's 'bidder-done' acts and the journals' 'Byr ikke mer' stay.
 */
export async function forgetNoticeDataOf(tx: DbOrTx, userId: string): Promise<void> {
  await deleteNoticeDataOf(tx, userId);
}
