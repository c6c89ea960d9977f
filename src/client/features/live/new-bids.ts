import { useEffect, useState } from 'react';
import { formatMoney } from '../../../shared/format/money';

export interface NewBid {
  roundId: string;
  bidId: string;
  /** The new bid's amount when the event showed it, else the round's highest bid. */
  amount: number | null;
  /** The viewer's own bid: they already had 'Bud lagt inn', so it is not announced again. */
  own: boolean;
}

/** How long the highest bid stays highlighted after a new bid. */
export const FLASH_MS = 2000;

const listeners = new Set<(bid: NewBid) => void>();

/** Tells whatever shows the round that a bid just came in over the live stream. */
export function announceNewBid(bid: NewBid): void {
  for (const listener of listeners) listener(bid);
}

export function onNewBid(listener: (bid: NewBid) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function newBidMessage(amount: number): string {
  return `Nytt bud: ${formatMoney(amount)}`;
}

/**
 * The latest live bid on a round: the text for its aria-live region, and which bid to highlight, for
 * FLASH_MS. Bids placed before the page opened are neither announced nor highlighted.
 */
export function useNewBid(roundId: string): { announcement: string; flashBidId: string | null } {
  const [announcement, setAnnouncement] = useState('');
  const [flashBidId, setFlashBidId] = useState<string | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onNewBid((bid) => {
      if (bid.roundId !== roundId) return;
      if (!bid.own && bid.amount !== null) setAnnouncement(newBidMessage(bid.amount));
      setFlashBidId(bid.bidId);
      clearTimeout(timer);
      timer = setTimeout(() => setFlashBidId(null), FLASH_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [roundId]);
  return { announcement, flashBidId };
}
