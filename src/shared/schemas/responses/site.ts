import { z } from 'zod';

/** GET /api/config: public settings the client shows, such as the contact page's details. */
export const publicConfigSchema = z.object({
  contact: z.object({ phone: z.string(), email: z.string(), postalAddress: z.string() }),
  /** BID_SIGNING (decision 039): whether a bid must, may or cannot be signed with a passkey. */
  bidSigning: z.enum(['off', 'optional', 'required']),
  /**
   * Identity through the eID provider (decision 064): BID_IDENTITY, whether a provider is configured here,
   * and its name (IDENTITY_PROVIDER_NAME) for every text.
   */
  identity: z.object({
    mode: z.enum(['off', 'optional', 'required']),
    available: z.boolean(),
    providerName: z.string(),
  }),
});
export type PublicConfig = z.input<typeof publicConfigSchema>;
