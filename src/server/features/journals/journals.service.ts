import type { JournalEntry, JournalView } from '../../../shared/schemas/journal';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { Forbidden, NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import type { BidWithBidder } from '../bids/bid-views';
import type { CounterOfferRow } from '../counter-offers/counter-offer-records';
import {
  buildJournal,
  closeOf,
  type JournalRound,
  scrubJournal,
  toJournalActs,
  toJournalEntries,
} from './journal-builder';
import { journalToCsv } from './journal-csv';
import {
  countJournalsOfRound,
  findJournal,
  findJournalsMentioning,
  findJournalsOfUser,
  findOwnerCopy,
  insertJournals,
  updateJournalData,
} from './journals.repository';

/**
 * Writes one journal per participant (the owner and every bidder), in the transaction that closes the
 * round. Returns the readers' ids.
 */
export async function writeRoundJournals(
  tx: DbOrTx,
  roundId: string,
  ownerId: string | null,
  round: JournalRound,
  bids: BidWithBidder[],
  counterOffers: CounterOfferRow[] = [],
): Promise<string[]> {
  const bidders = [...new Set(bids.map((b) => b.userId))];
  const readers = ownerId ? [ownerId, ...bidders.filter((id) => id !== ownerId)] : bidders;
  await insertJournals(
    tx,
    readers.map((userId) => ({
      bidRoundId: roundId,
      userId,
      journalData: buildJournal(round, bids, userId, userId === ownerId, counterOffers),
    })),
  );
  return readers;
}

export async function listJournals(deps: AppDeps, viewer: Viewer): Promise<JournalView[]> {
  const rows = await findJournalsOfUser(deps.db, viewer.id);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    bidRound: {
      id: row.bidRoundId,
      closedAt: row.journalData.closedAt,
      closeReason: row.journalData.closeReason,
      acceptedAt: row.journalData.acceptedAt,
      startingPrice: row.journalData.startingPrice,
      property: row.journalData.property,
    },
    journalData: toJournalEntries(row.journalData),
    acts: toJournalActs(row.journalData),
    isOwnerCopy: row.journalData.isOwnerCopy,
  }));
}

/** The full journal as CSV, for the round's owner or an admin. */
export async function exportJournalCsv(deps: AppDeps, viewer: Viewer, roundId: string) {
  const own = await findJournal(deps.db, roundId, viewer.id);
  const journal = own?.journalData.isOwnerCopy
    ? own
    : viewer.isAdmin
      ? await findOwnerCopy(deps.db, roundId)
      : null;
  if (!journal) {
    if (own) throw new Forbidden('Bare selgeren og administratorer kan laste ned hele budjournalen');
    throw new NotFound('Fant ingen budjournal for denne budrunden');
  }
  const slug = journal.journalData.property.address
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    filename: `budjournal-${slug || roundId}.csv`,
    csv: journalToCsv(
      toJournalEntries(journal.journalData),
      journal.journalData.counterOffers ?? [],
      closeOf(journal.journalData),
    ),
  };
}

/** Account deletion: the user's details disappear from every journal; the bids themselves stay. */
export async function scrubUserFromJournals(tx: DbOrTx, userId: string): Promise<void> {
  for (const row of await findJournalsMentioning(tx, userId)) {
    await updateJournalData(tx, row.id, scrubJournal(row.journalData, userId));
  }
}

/**
 * The journal entries the one who closed a round is shown: their own journal, else the owner's copy (an
 * administrator who closed someone else's round has none of their own); none when neither exists.
 */
export async function journalEntriesFor(
  db: DbOrTx,
  roundId: string,
  userId: string,
): Promise<JournalEntry[]> {
  const journal = (await findJournal(db, roundId, userId)) ?? (await findOwnerCopy(db, roundId));
  return journal ? toJournalEntries(journal.journalData) : [];
}

/** How many journals a round has: the audit row of its deletion says so. */
export function countRoundJournals(db: DbOrTx, roundId: string): Promise<number> {
  return countJournalsOfRound(db, roundId);
}
