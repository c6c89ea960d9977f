import { z } from 'zod';

/** GET /api/config: public settings the client shows, such as the contact page's details. */
export const publicConfigSchema = z.object({
  contact: z.object({ phone: z.string(), email: z.string(), postalAddress: z.string() }),
  /** BID_SIGNING (decision 039): whether a bid must, may or cannot be signed with a passkey. */
  bidSigning: z.enum(['off', 'optional', 'required']),
});
export type PublicConfig = z.input<typeof publicConfigSchema>;
