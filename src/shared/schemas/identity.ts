import { z } from 'zod';
import { timestamp } from './responses/common';

/** PUT /api/users/me/phone/verification: the 6-digit code from the SMS. */
export const phoneCodeSchema = z.object({
  code: z.string({ error: 'Skriv inn koden fra SMS-en' }).trim().min(1, 'Skriv inn koden fra SMS-en').max(20),
});
export type PhoneCodeInput = z.input<typeof phoneCodeSchema>;

/** POST /api/users/me/phone/verification: where the code went, and until when it holds. */
export const phoneCodeSentSchema = z.object({
  message: z.string(),
  expiresAt: timestamp,
});
