import { z } from 'zod';
import '../zod-locale';

/** A viewing's note ('Ta med legitimasjon') may be this long. */
export const MAX_VIEWING_NOTE = 500;

const viewingTime = z.iso.datetime({ offset: true, error: 'Ugyldig tidspunkt' });

/**
 * POST /api/bid-rounds/{id}/viewings (decision 045). Times carry their offset, so that the server knows the
 * wall-clock time the seller meant; an empty note is stored as none. The rules that need the round and the
 * database's clock (same day in Oslo, not in the past, before the round's deadline) are the server's.
 */
export const createViewingSchema = z.object({
  startsAt: viewingTime,
  endsAt: viewingTime,
  note: z.string().trim().max(MAX_VIEWING_NOTE, `Merknaden kan ha høyst ${MAX_VIEWING_NOTE} tegn`).nullish(),
});

export type CreateViewingInput = z.infer<typeof createViewingSchema>;

export type {
  MyViewingSignups,
  ViewingCreated,
  ViewingSignup,
  ViewingSignupList,
  ViewingSignupStatus,
} from './responses/viewing';
