import { z } from 'zod';
import '../zod-locale';
import { emailSchema, notLikePseudonym, passwordSchema, profileFields } from './auth';

export const PASSWORDS_DIFFER = 'Passordene er ikke like';
export const PASSWORD_TOO_SHORT = 'Passord må være minst 6 tegn';
export const PASSWORD_REQUIRED = 'Passord er påkrevd';

/**
 * PATCH /api/admin/users/{id}: the profile's rules, and the e-mail, which must stay unique. Names and e-mail
 * are required; an optional field left out stays as it is, and null or '' clears it.
 */
export const adminUpdateUserSchema = z
  .object({
    firstName: profileFields.firstName,
    lastName: profileFields.lastName,
    phone: profileFields.phone.optional(),
    address: profileFields.address.optional(),
    bankName: profileFields.bankName.optional(),
    bankContactName: profileFields.bankContactName.optional(),
    bankContactPhone: profileFields.bankContactPhone.optional(),
    email: z
      .string({ error: 'E-post er påkrevd' })
      .trim()
      .min(1, { error: 'E-post er påkrevd', abort: true })
      .pipe(emailSchema),
  })
  .refine(notLikePseudonym.check, notLikePseudonym.issue);
export type AdminUpdateUserInput = z.input<typeof adminUpdateUserSchema>;

/**
 * POST /api/admin/users/{id}/change-password and /api/admin/approve-password-reset/{id}. SPEC §7 sends only
 * `newPassword`; the panel's form also sends its confirmation, which must then match.
 */
export const adminSetPasswordSchema = z
  .object({
    newPassword: z
      .string({ error: PASSWORD_REQUIRED })
      .min(1, { error: PASSWORD_REQUIRED, abort: true })
      .pipe(passwordSchema(PASSWORD_TOO_SHORT)),
    confirmPassword: z.string().max(200).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER,
  });
export type AdminSetPasswordInput = z.input<typeof adminSetPasswordSchema>;

// The views the panel reads are typed by their response schemas, imported as types only (no schema bundled).
export type {
  AdminActionView,
  AdminUserBidView,
  AdminUserView,
  PendingResetView,
  UnverifiedUserView,
} from './responses/admin';
