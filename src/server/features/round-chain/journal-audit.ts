import type { ExportedLink } from '../../../shared/chain-check/verify-chain';
import type { RowMismatch } from './row-audit';

// Whether the round's stored journals are those its chain last recorded (decision 058): at the close, or
// after an account's deletion rewrote them. A journal changed, removed or added by SQL since is found here.

/** Where the stored journals differ from the latest 'journals' act settled before the check began. */
export function firstJournalMismatch(
  links: ExportedLink[],
  stored: string[],
  settledUpTo: number,
): RowMismatch | null {
  const recorded = links.filter((l) => l.act.kind === 'journals').at(-1);
  // None recorded: a round closed before the chain recorded journals. One after the check began: the
  // journals may have been rewritten between the two reads.
  if (!recorded || recorded.seq > settledUpTo) return null;
  const digests = recorded.secret?.journals;
  const same =
    Array.isArray(digests) && digests.length === stored.length && digests.every((d, i) => d === stored[i]);
  return same
    ? null
    : { seq: recorded.seq, reason: 'De lagrede budjournalene er ikke de kjeden registrerte' };
}
