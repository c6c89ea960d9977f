import { PAGE_PATHS } from '../../../shared/pages';
import type { JournalEntry, JournalView } from '../../../shared/schemas/journal';
import type { DbOrTx } from '../../db/client';
import { databaseNow } from '../../db/time';
import type { AppDeps } from '../../deps';
import { Forbidden, NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import type { MailAttachment } from '../../mail/mailer';
import type { BidWithBidder } from '../bids/bid-views';
import type { CounterOfferRow } from '../counter-offers/counter-offer-records';
import { recordJournalDigests, signedChainHead } from '../round-chain/round-chain.service';
import { pdfAttachment } from './a4-document';
import { actSigned, recordActs } from './journal-acts';
import {
  buildJournal,
  closeOf,
  type JournalRound,
  type StoredJournal,
  toJournalActs,
  toJournalChanges,
  toJournalEntries,
  toRecordEntries,
} from './journal-builder';
import { journalToCsv } from './journal-csv';
import { actState, journalToPdf, type PdfOptions } from './journal-pdf';
import { scrubJournal } from './journal-scrub';
import {
  findJournal,
  findJournalsMentioning,
  findJournalsOfUser,
  findOwnerCopy,
  insertJournals,
  markJournalsOfRoundDeleted,
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
  // Every member of a group a bid bound is a participant, with a journal of their own (decision 065).
  const bidders = [...new Set(bids.flatMap((b) => [b.userId, ...b.coBidderIds]))];
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
  // Read, not stored with the journal: the chain may grow after the close (an anonymisation, a deletion).
  const heads = await Promise.all(rows.map((row) => signedChainHead(deps, row.bidRoundId)));
  return rows.map((row, i) => ({
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
    acts: toJournalActs(row.journalData, row.roundDeletedAt),
    changes: toJournalChanges(row.journalData),
    isOwnerCopy: row.journalData.isOwnerCopy,
    roundDeletedAt: row.roundDeletedAt?.toISOString() ?? null,
    chainHead: heads[i] ?? null,
  }));
}

/** 'budjournal-bogata-7-tromso.pdf': the address as ASCII words, or the round's id without one. */
function journalFileName(journal: StoredJournal, roundId: string, extension: 'csv' | 'pdf'): string {
  const slug = journal.property.address
    .toLowerCase()
    // 'ø' and 'æ' do not decompose as 'å' does (to 'a' and a ring).
    .replaceAll('æ', 'ae')
    .replaceAll('ø', 'o')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `budjournal-${slug || roundId}.${extension}`;
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
  return {
    filename: journalFileName(journal.journalData, roundId, 'csv'),
    csv: journalToCsv(
      toRecordEntries(journal.journalData),
      journal.journalData.counterOffers ?? [],
      // A deleted round's journal ends with a row saying so (decision 042).
      closeOf(journal.journalData, journal.roundDeletedAt),
      toJournalChanges(journal.journalData),
      deps.env.IDENTITY_PROVIDER_NAME,
    ),
  };
}

/**
 * The reader's own copy as a PDF (decision 038): a bidder's with the others pseudonymous, the owner's
 * complete. An administrator gets the owner's copy (their own if the round has none); anyone else without a
 * copy of this round, 404.
 */
export async function exportJournalPdf(
  deps: AppDeps,
  viewer: Pick<Viewer, 'id' | 'isAdmin'>,
  roundId: string,
  { madeAt = deps.clock.now(), compress = true }: Partial<PdfOptions> = {},
) {
  const own = await findJournal(deps.db, roundId, viewer.id);
  const journal =
    viewer.isAdmin && !own?.journalData.isOwnerCopy ? ((await findOwnerCopy(deps.db, roundId)) ?? own) : own;
  if (!journal) throw new NotFound('Fant ingen budjournal for denne budrunden');
  const data = journal.journalData;
  const entries = toRecordEntries(data);
  const pdf = await journalToPdf(
    {
      isOwnerCopy: data.isOwnerCopy,
      property: data.property,
      startingPrice: data.startingPrice,
      closedAt: data.closedAt,
      closeReason: data.closeReason,
      acceptedAt: data.acceptedAt,
      roundDeletedAt: journal.roundDeletedAt?.toISOString() ?? null,
      entries,
      acts: recordActs(entries, data.counterOffers ?? [], closeOf(data, journal.roundDeletedAt)).map(
        (recorded) => ({
          act: recorded.act,
          state: actState(recorded),
          signed: actSigned(recorded),
        }),
      ),
      changes: toJournalChanges(data),
      chainHead: await signedChainHead(deps, roundId),
      chainKey: { kid: deps.chainKey.kid, fingerprint: deps.chainKey.fingerprint },
      checkUrl: `${deps.env.APP_URL}${PAGE_PATHS.checkJournal}`,
      identityProvider: deps.env.IDENTITY_PROVIDER_NAME,
    },
    { madeAt, compress },
  );
  return { filename: journalFileName(data, roundId, 'pdf'), pdf };
}

/** One participant's own journal of the round as a mail's attachment, or null when they have none. */
export async function journalPdfAttachment(
  deps: AppDeps,
  roundId: string,
  userId: string,
): Promise<MailAttachment | null> {
  if (!(await findJournal(deps.db, roundId, userId))) return null;
  const { filename, pdf } = await exportJournalPdf(deps, { id: userId, isAdmin: false }, roundId);
  return pdfAttachment(filename, pdf);
}

export { acceptanceLetterAttachment } from './acceptance-letter';

/**
 * Account deletion: the user's details disappear from every journal; the bids themselves stay. Each round
 * whose journals changed records them anew in its chain (decision 058), rounds in id order.
 */
export async function scrubUserFromJournals(tx: DbOrTx, userId: string): Promise<void> {
  const rounds = new Set<string>();
  for (const row of await findJournalsMentioning(tx, userId)) {
    await updateJournalData(tx, row.id, scrubJournal(row.journalData, userId));
    rounds.add(row.bidRoundId);
  }
  if (rounds.size === 0) return;
  const at = await databaseNow(tx);
  for (const roundId of [...rounds].sort()) await recordJournalDigests(tx, roundId, at);
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

/**
 * An administrator deletes the round (decision 042): every journal of it stays, marked with the deletion's
 * time. Returns how many there are, for the audit row.
 */
export function markRoundJournalsDeleted(tx: DbOrTx, roundId: string, at: Date): Promise<number> {
  return markJournalsOfRoundDeleted(tx, roundId, at);
}
