import { useQuery } from '@tanstack/react-query';
import { CLOSE_REASON_TEXT } from '../../../../shared/rules/journal-acts';
import type { CloseReason } from '../../../../shared/schemas/bid-round';
import type { JournalView } from '../../../../shared/schemas/journal';
import { roundKeys, useLiveInterval } from '../../bid-rounds/api/round-queries';

/** GET /api/user/bid-journals: refetched on focus, always stale, live while signed in (SPEC §7). */
export function useJournals() {
  const refetchInterval = useLiveInterval();
  return useQuery<JournalView[]>({
    queryKey: roundKeys.journals,
    refetchOnWindowFocus: true,
    staleTime: 0,
    refetchInterval,
  });
}

export function closeReasonText(reason: CloseReason | null): string {
  return reason ? CLOSE_REASON_TEXT[reason] : 'Avsluttet';
}

/** The accepted bid when a winner was chosen, otherwise the highest. */
export function leadingEntry(journal: JournalView) {
  const entries = journal.journalData;
  return entries.find((e) => e.isWinner) ?? entries.find((e) => e.isHighestBid) ?? entries[0] ?? null;
}

/** The CSV export, owner and admin only; opened in a new tab. */
export function openJournalCsv(roundId: string): void {
  window.open(`/api/bid-rounds/${encodeURIComponent(roundId)}/journal/csv`, '_blank', 'noopener');
}

/** The reader's own copy as a PDF, for every reader (decision 038); opened in a new tab. */
export function openJournalPdf(roundId: string): void {
  window.open(`/api/bid-rounds/${encodeURIComponent(roundId)}/journal.pdf`, '_blank', 'noopener');
}

/** The round's hash chain as JSON, as this reader may see it, for /kontroller-budjournal or npm run verify-journal (decisions 040, 062). */
export const journalExportUrl = (roundId: string): string =>
  `/api/bid-rounds/${encodeURIComponent(roundId)}/journal/export`;
