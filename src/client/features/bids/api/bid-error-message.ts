import { ApiError } from '../../../lib/api';

export const DEFAULT_BID_ERROR = 'Kunne ikke legge inn bud. Prøv igjen.';
export const INVALID_BID_DATA =
  'Ugyldig buddata. Sjekk at alle felt er fylt ut riktig og at akseptfristen er etter korteste akseptfrist.';
export const NO_PERMISSION = 'Du har ikke tillatelse til å legge inn bud på denne eiendommen.';
export const ROUND_NOT_FOUND = 'Budrunden ble ikke funnet. Den kan ha blitt lukket eller slettet.';

/** The text of the 'Feil ved budgivning' toast for a failed POST /api/bids (SPEC §8 "Bidding"). */
export function bidErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return DEFAULT_BID_ERROR;
  const status = error instanceof ApiError ? error.status : undefined;

  // A field-level answer from the server: the acceptance deadline's message is the one a bidder can act on.
  const errors = error instanceof ApiError ? error.errors : undefined;
  const deadlineEntry = errors?.find((entry) => String(entry?.path ?? '').includes('bidDeadline'));
  if (deadlineEntry && typeof deadlineEntry.message === 'string' && deadlineEntry.message) {
    return deadlineEntry.message;
  }

  const message = error.message.trim();
  const lower = message.toLowerCase();
  if (lower.includes('invalid bid data') || lower.includes('zod')) return INVALID_BID_DATA;
  if (/akseptfrist|deadline|startpris|minimum/.test(lower)) return message;
  if (lower.includes('unauthorized') || lower.includes('forbidden') || status === 401 || status === 403) {
    return NO_PERMISSION;
  }
  if (lower.includes('not found') || status === 404) return ROUND_NOT_FOUND;
  return message || DEFAULT_BID_ERROR;
}
