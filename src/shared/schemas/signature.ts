import { z } from 'zod';
import '../zod-locale';
import { bidActSchema } from './bid';

/**
 * POST /api/signatures/options: the act to be signed (decision 039), named by `act`. A bid is the body of
 * POST /api/bids without its signature; the other binding acts of issue 24 item 6 join this union.
 */
export const signatureOptionsSchema = z.discriminatedUnion(
  'act',
  [z.strictObject({ act: z.literal('bid'), bid: bidActSchema })],
  { error: 'Ukjent handling å signere' },
);
export type SignatureOptionsInput = z.input<typeof signatureOptionsSchema>;

export type { SignatureOptions } from './responses/signature';
