import { z } from 'zod';
import { viewingSchema } from './bid-round';
import { timestamp } from './common';

// The answers of the viewing routes (decision 045): ../viewing.ts re-exports their types.

/** POST /api/bid-rounds/{id}/viewings → 201. */
export const viewingCreatedSchema = z.object({ viewing: viewingSchema }).meta({ id: 'NyVisning' });

/** Signing up for a viewing, or cancelling: whether the caller is on its list now. */
export const viewingSignupStatusSchema = z.object({ signedUp: z.boolean() }).meta({ id: 'PaameldingStatus' });

/** The caller's own signups in one round: the viewings whose button says 'Meld av'. */
export const myViewingSignupsSchema = z
  .object({ viewingIds: z.array(z.guid()) })
  .meta({ id: 'MinePaameldinger' });

/** One person on a viewing's list, as the owner and administrators see it. */
export const viewingSignupSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    signedUpAt: timestamp,
  })
  .meta({ id: 'Paamelding' });

/** The viewing list (visningsliste), first signed up first. */
export const viewingSignupListSchema = z
  .object({ signups: z.array(viewingSignupSchema) })
  .meta({ id: 'Visningsliste' });

export type ViewingCreated = z.input<typeof viewingCreatedSchema>;
export type ViewingSignupStatus = z.input<typeof viewingSignupStatusSchema>;
export type MyViewingSignups = z.input<typeof myViewingSignupsSchema>;
export type ViewingSignup = z.input<typeof viewingSignupSchema>;
export type ViewingSignupList = z.input<typeof viewingSignupListSchema>;
