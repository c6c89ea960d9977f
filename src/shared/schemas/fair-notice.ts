import { z } from 'zod';
import '../zod-locale';
import { BIDDER_ANSWERS } from './responses/fair-notice';

// The bodies of the routes that show every bidder was told in time (decision 066).

export const UNKNOWN_ANSWER = "Svar 'done' (Jeg byr ikke mer) eller 'considering' (Jeg vurderer å by)";

/** PUT /api/bid-rounds/{id}/my-answer */
export const myAnswerBodySchema = z.strictObject(
  { answer: z.enum(BIDDER_ANSWERS, { error: UNKNOWN_ANSWER }) },
  { error: UNKNOWN_ANSWER },
);

/** POST /api/sms/delivery-reports, from the SMS gateway. */
export const deliveryReportSchema = z.object(
  {
    messageId: z
      .union([z.string().trim().min(1).max(200), z.number().int()], { error: 'messageId mangler' })
      .transform(String),
    status: z.enum(['delivered', 'failed'], { error: "status må være 'delivered' eller 'failed'" }),
    at: z.iso
      .datetime({ offset: true, error: 'at må være et tidspunkt med tidssone' })
      .optional()
      .transform((v) => (v ? new Date(v) : null)),
  },
  { error: 'Leveringsrapporten må ha messageId, status og at' },
);
