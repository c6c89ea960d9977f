import { z } from 'zod';

/** GET /api/auth/reset-password/status: whether a reset link can still set a password. Says nothing about whose link it is. */
export const resetTokenStatusSchema = z.object({ valid: z.boolean() });
export type ResetTokenStatus = z.input<typeof resetTokenStatusSchema>;

/** GET /api/auth/verify-email, when the link worked. */
export const emailVerifiedSchema = z.object({ verified: z.literal(true), message: z.string() });
export type EmailVerified = z.input<typeof emailVerifiedSchema>;
