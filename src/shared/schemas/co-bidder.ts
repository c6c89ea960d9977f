import { z } from 'zod';
import '../zod-locale';

/** POST /api/bid-rounds/{id}/co-bidders: the address of the person invited to bid together (decision 065). */
export const inviteCoBidderSchema = z.strictObject({
  email: z
    .string({ error: 'E-postadressen må fylles ut' })
    .trim()
    .min(1, 'E-postadressen må fylles ut')
    .max(254, 'E-postadressen er for lang')
    .pipe(z.email('Ugyldig e-postadresse')),
});
export type InviteCoBidderInput = z.input<typeof inviteCoBidderSchema>;

export type {
  CoBidderInvitationAnswer,
  CoBidderList,
  CoBidderMember,
  InvitedCoBidder,
} from './responses/co-bidder';
