import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { JournalView } from '../../../shared/schemas/journal';

/** The address parameter a mail's 'Se budjournalen' link carries: the round whose journal to open. */
export const JOURNAL_PARAM = 'budjournal';

/**
 * Opens the journal a link names (`/?budjournal=<round id>`) once the journals are loaded, and tidies the
 * address bar, so that a mail's 'Se budjournalen' lands in that journal, not on the home page alone.
 */
export function useJournalFromAddress(
  journals: JournalView[] | undefined,
  open: (journalId: string) => void,
) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  useEffect(() => {
    const roundId = new URLSearchParams(search).get(JOURNAL_PARAM);
    if (!roundId || !journals) return;
    const journal = journals.find((j) => j.bidRound.id === roundId);
    if (journal) open(journal.id);
    navigate(location, { replace: true });
  }, [search, journals, location, navigate, open]);
}
