import { z } from 'zod';
import { passkeyRequestOptionsSchema } from './passkey';

/**
 * POST /api/signatures/options: the words to show the signer, and the request options whose challenge is
 * base64url(SHA-256(canonical JSON of the act ‖ nonce)); the challenge id goes back with the answer.
 */
export const signatureOptionsResponseSchema = z
  .object({
    challengeId: z.guid(),
    statement: z.string().describe('Det budgiveren signerer, med ord'),
    options: passkeyRequestOptionsSchema,
  })
  .meta({ id: 'SigneringsValg' });
export type SignatureOptions = z.input<typeof signatureOptionsResponseSchema>;
