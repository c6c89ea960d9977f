import { z } from 'zod';

/** GET /api/config: public settings the client shows, such as the contact page's details. */
export const publicConfigSchema = z.object({
  contact: z.object({ phone: z.string(), email: z.string(), postalAddress: z.string() }),
});
export type PublicConfig = z.input<typeof publicConfigSchema>;
