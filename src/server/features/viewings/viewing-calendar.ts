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
 * 'Legg i kalender' (issue 25): one viewing as an iCalendar file, made by the `ics` library, times in UTC so
 * every calendar shows them in its own zone. The UID is the viewing's id at this site's host: adding the
 * same viewing twice updates the one entry. Anyone may have it, visitors too: the cards show the same
 * times and address to everyone (decision 045).
 */
export async function viewingCalendar(deps: AppDeps, roundId: string, viewingId: string) {
  const viewing = await viewingOfRound(deps.db, roundId, viewingId);
  const round = await findRoundListing(deps.db, roundId);
  if (!round) throw new NotFound('Fant ikke visningen');
  const url = roundUrl(deps, roundId);
  const { error, value } = createEvent({
    ...utc,
    start: viewing.startsAt.getTime(),
    end: viewing.endsAt.getTime(),
    title: `Visning: ${round.title}`,
    location: round.address,
    url,
    description: [viewing.note, `Budrunden: ${url}`].filter(Boolean).join('\n\n'),
    uid: `${viewing.id}@${new URL(deps.env.APP_URL).hostname}`,
    productId: 'budrunde/visning',
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('ics made no calendar');
  return { filename: viewingFileName('visning', viewing.startsAt, 'ics'), ics: value };
}
