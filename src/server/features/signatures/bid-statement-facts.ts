import { bidStatement } from '../../../shared/signing/bid-statement';
import type { DbOrTx } from '../../db/client';
import type { BidAct } from './bid-act';
import { type BidBuyer, coBidderNamesOf } from './bid-buyer';
import { findStatementFacts } from './signatures.repository';

/** A bid's statement (decision 039) from the round's property and the bidder's name; null for an unknown round. */
export async function bidStatementFor(db: DbOrTx, bid: BidAct, buyer: BidBuyer): Promise<string | null> {
  const facts = await findStatementFacts(db, bid.bidRoundId, buyer.placedBy);
  if (!facts) return null;
  return bidStatement({
    bidderName: facts.bidderName,
    amount: bid.amount,
    propertyTitle: facts.title,
    propertyAddress: facts.address,
    bidDeadline: bid.bidDeadline,
    conditions: bid.conditions ?? null,
    // The whole bid is in the words signed, as it is in the canonical act (decision 059).
    financing: bid.financing ?? null,
    takeoverDate: bid.takeoverDate ?? null,
    buyerCapacity: buyer.capacity,
    company: buyer.company,
    coBidderNames: coBidderNamesOf(buyer),
  });
}
