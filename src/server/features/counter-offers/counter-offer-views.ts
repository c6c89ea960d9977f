import { effectiveCounterOfferStatus } from '../../../shared/rules/counter-offers';
import type { CounterOfferView } from '../../../shared/schemas/counter-offer';
import { DELETED_BIDDER, pseudonymsByBidder } from '../bids/bid-views';
import type { CounterOfferRow } from './counter-offers.repository';

export type { CounterOfferRow };

export interface CounterOfferReader {
  viewerId: string;
  /** The round's owner or an admin: sees to whom each went, and its conditions. */
  seesRecipients: boolean;
  /** The database's time, or when bidding ended: an open counter-offer past its deadline reads 'lapsed'. */
  now: Date;
}

/** The recipient's name as the owner reads it. */
export function recipientName(row: Pick<CounterOfferRow, 'recipient'>): string {
  const { recipient } = row;
  return recipient.deletedAt ? DELETED_BIDDER : `${recipient.firstName} ${recipient.lastName}`;
}

/**
 * A round's counter-offers as one reader may see them (decision 035). Built from an explicit field list,
 * like the bid views: a bidder learns of another's counter-offer only its pseudonym, amount, deadline and
 * status. `bidsInOrder` are the round's bids as received, which hand out the pseudonyms.
 */
export function toCounterOfferViews(
  rows: CounterOfferRow[],
  bidsInOrder: { userId: string }[],
  reader: CounterOfferReader,
): CounterOfferView[] {
  const names = pseudonymsByBidder(bidsInOrder);
  return rows.map((row) => {
    const isToMe = row.recipientId === reader.viewerId || row.bidCoBidderIds.includes(reader.viewerId);
    // A deleted recipient reads 'Slettet bruker' to everyone, as their bids do.
    const label =
      reader.seesRecipients || row.recipient.deletedAt
        ? recipientName(row)
        : isToMe
          ? 'Du'
          : names.get(row.recipientId);
    return {
      id: row.id,
      bidId: row.bidId,
      bidAmount: row.bidAmount,
      amount: row.amount,
      deadline: row.deadline.toISOString(),
      conditions: reader.seesRecipients || isToMe ? row.conditions : null,
      status: effectiveCounterOfferStatus(row.status, row.deadline, reader.now),
      createdAt: row.createdAt.toISOString(),
      answeredAt: (row.answeredAt ?? lapsedAt(row, reader.now))?.toISOString() ?? null,
      recipientLabel: label ?? DELETED_BIDDER,
      isToMe,
      acceptedBidId: row.acceptedBidId,
    };
  });
}

/** An open counter-offer that lapsed unanswered did so at its deadline. */
function lapsedAt(row: CounterOfferRow, now: Date): Date | null {
  return row.status === 'open' && row.deadline <= now ? row.deadline : null;
}
