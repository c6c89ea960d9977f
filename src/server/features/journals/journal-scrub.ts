import { DELETED_BIDDER } from '../bids/bid-views';
import type { StoredEntry, StoredJournal } from './journal-builder';

// A deleted account in the stored journals (PRODUCT.md): their name and details become 'Slettet bruker',
// wherever a journal named them, as the bidder or as a co-bidder (decision 065).

/** Replaces a deleted user's details in a stored journal with 'Slettet bruker'. */
export function scrubJournal(journal: StoredJournal, userId: string): StoredJournal {
  return {
    ...journal,
    // The owner's copy names a counter-offer's recipient; a bidder's names no one but 'Du'.
    counterOffers: journal.counterOffers?.map((c) =>
      c.subjectId === userId && journal.isOwnerCopy ? { ...c, recipientLabel: DELETED_BIDDER } : c,
    ),
    entries: journal.entries.map((e) =>
      // Only entries that identify the person carry their details; pseudonymous ones have nothing to remove.
      e.subjectId !== userId || e.userId === null
        ? scrubCoBidder(e, userId)
        : {
            ...e,
            bidderName: e.isOwnBid && !journal.isOwnerCopy ? 'Du' : DELETED_BIDDER,
            bidderEmail: null,
            bidderPhone: null,
            bidderAddress: null,
            bankName: null,
            bankContactName: null,
            bankContactPhone: null,
          },
    ),
  };
}

/** A deleted co-bidder's name and contact go from the entries that named them. */
function scrubCoBidder(entry: StoredEntry, userId: string): StoredEntry {
  if (!entry.coBidders?.some((p) => p.subjectId === userId)) return entry;
  return {
    ...entry,
    coBidders: entry.coBidders.map((p) =>
      p.subjectId === userId ? { ...p, name: DELETED_BIDDER, email: null, phone: null } : p,
    ),
  };
}
