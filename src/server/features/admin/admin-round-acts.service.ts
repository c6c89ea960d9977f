import type { JournalAct } from '../../../shared/schemas/journal';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import type { Viewer } from '../../http/viewer';
import { getRound } from '../bid-rounds/bid-rounds.service';
import { findBidsWithBidders } from '../bids/bids.service';
import { counterOffersOfRound } from '../counter-offers/counter-offer-records';
import { liveRoundActs } from '../journals/round-acts';

/**
 * Every act of a round so far, open or closed, as the owner's journal names them (decision 036): the
 * admin's round view shows the same record as the journals. 404 for an unknown round.
 */
export async function listRoundActs(deps: AppDeps, admin: Viewer, roundId: string): Promise<JournalAct[]> {
  const round = await getRound(deps.db, admin, roundId);
  const [bids, counterOffers, now] = await Promise.all([
    findBidsWithBidders(deps.db, roundId),
    counterOffersOfRound(deps.db, roundId),
    databaseNow(deps.db),
  ]);
  const live = {
    closedAt: round.isClosed && round.closedAt ? new Date(round.closedAt) : null,
    closeReason: round.closeReason,
    winningBidId: round.winningBidId,
  };
  return liveRoundActs(live, bids, counterOffers, admin.id, now);
}
