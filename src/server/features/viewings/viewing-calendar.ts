import { createEvent } from 'ics';
import type { AppDeps } from '../../deps';
import { NotFound } from '../../errors';
import { roundUrl } from '../bids/bid-notices';
import { viewingFileName } from './viewing-signups-csv';
import { findRoundListing } from './viewings.repository';
import { viewingOfRound } from './viewings.service';

const utc = {
  startInputType: 'utc',
  startOutputType: 'utc',
  endInputType: 'utc',
  endOutputType: 'utc',
} as const;

/**
 * Every break that some reader splits a line on (Python's splitlines() splits on all of them): CRLF first,
 * so that it counts once. `ics` escapes only CRLF and LF; a bare CR it writes as it is (decision 053).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the separators U+001C–U+001E are line breaks to some.
const LINE_BREAK = /\r\n|[\n\v\f\r\u001c-\u001e\u0085\u2028\u2029]/g;
/** The rest of the control characters, which iCalendar text may not hold (RFC 5545 §3.3.11), tab aside. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point.
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/**
 * A field's text, for `ics`: every line break becomes '\n', which `ics` writes as the two characters '\n'
 * inside the property, so a title, an address or a note can never start a line of the file of its own.
 */
function calendarText(text: string): string {
  return text.replace(LINE_BREAK, '\n').replace(CONTROL, '');
}

/**
 * 'Legg i kalender' (decision 045): one viewing as an iCalendar file, made by the `ics` library, times in UTC
 * so every calendar shows them in its own zone. The UID is the viewing's id at this site's host: adding the
 * same viewing twice updates the one entry. Anyone may have it, visitors too: the cards show the same
 * times and address to everyone (decision 045). Every text goes through calendarText (decision 053).
 */
export async function viewingCalendar(deps: Pick<AppDeps, 'env' | 'db'>, roundId: string, viewingId: string) {
  const viewing = await viewingOfRound(deps.db, roundId, viewingId);
  const round = await findRoundListing(deps.db, roundId);
  if (!round) throw new NotFound('Fant ikke visningen');
  return calendarFile(deps, round, viewing);
}

/** The calendar file of a viewing already read (the sign-up's confirmation has both in hand). */
export function calendarFile(
  deps: Pick<AppDeps, 'env'>,
  round: { id: string; title: string; address: string },
  viewing: { id: string; startsAt: Date; endsAt: Date; note: string | null },
) {
  const roundId = round.id;
  const url = roundUrl(deps, roundId);
  const { error, value } = createEvent({
    ...utc,
    start: viewing.startsAt.getTime(),
    end: viewing.endsAt.getTime(),
    title: calendarText(`Visning: ${round.title}`),
    location: calendarText(round.address),
    url: calendarText(url),
    description: calendarText([viewing.note, `Budrunden: ${url}`].filter(Boolean).join('\n\n')),
    uid: `${viewing.id}@${new URL(deps.env.APP_URL).hostname}`,
    productId: 'budrunde/visning',
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('ics made no calendar');
  return { filename: viewingFileName('visning', viewing.startsAt, 'ics'), ics: value };
}
