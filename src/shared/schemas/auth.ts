import { z } from 'zod';
import { BUYER_CAPACITIES, UNKNOWN_BUYER_CAPACITY } from '../rules/buyers';
import '../zod-locale';
import {
  COUNTRY_CODES,
  combinePhone,
  isValidPhone,
  optionalPhoneSchema,
  PHONE_FORM_HINT,
  PHONE_REQUIRED,
} from '../rules/phone';

export const MIN_PASSWORD_LENGTH = 6;
// argon2 hashes any length, but an unbounded password is a cheap way to burn server CPU.
const MAX_PASSWORD_LENGTH = 200;

const PSEUDONYM = /^\s*budgiver\s+[a-zæøå]{1,3}\s*$/i;
export const NAME_LIKE_PSEUDONYM = 'Navnet kan ikke ligne på et anonymt budgivernavn';

/** A name such as 'Budgiver A' would pass for another bidder's pseudonym in the seller's lists. */
export function looksLikePseudonym(firstName: string, lastName: string): boolean {
  return PSEUDONYM.test(`${firstName} ${lastName}`);
}

export const emailSchema = z.string().trim().email('Ugyldig e-postadresse').max(254, 'Ugyldig e-postadresse');
export const passwordSchema = (message: string) =>
  z.string().min(MIN_PASSWORD_LENGTH, message).max(MAX_PASSWORD_LENGTH);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH, 'Passord må være minst 6 tegn').max(MAX_PASSWORD_LENGTH),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

const countryCode = z.enum(COUNTRY_CODES, { error: 'Landkode er påkrevd' });

/** The registration form and POST /api/auth/register. The server recombines phone and address itself. */
export const registerSchema = z
  .object({
    firstName: z.string().trim().min(1, 'Fornavn er påkrevd').max(100),
    lastName: z.string().trim().min(1, 'Etternavn er påkrevd').max(100),
    email: emailSchema,
    password: passwordSchema('Passord må være minst 6 tegn'),
    countryCode,
    phoneNumber: z.string().trim().min(1, PHONE_REQUIRED).max(15, 'Telefonnummeret er for langt'),
    streetAddress: z.string().trim().min(5, 'Gateadresse er påkrevd').max(200),
    postalCode: z.string().trim().min(4, 'Postnummer er påkrevd').max(10),
    city: z.string().trim().min(2, 'Sted er påkrevd').max(100),
    bankName: optionalText(100),
    bankContactName: optionalText(100),
    bankContactCountryCode: countryCode.default('+47'),
    bankContactPhoneNumber: optionalText(15),
    agreeToTerms: z.literal(true, { error: 'Du må godta vilkårene' }),
  })
  .superRefine((v, ctx) => {
    if (looksLikePseudonym(v.firstName, v.lastName)) {
      ctx.addIssue({ code: 'custom', path: ['lastName'], message: NAME_LIKE_PSEUDONYM });
    }
    if (!isValidPhone(combinePhone(v.countryCode, v.phoneNumber))) {
      ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: PHONE_FORM_HINT });
    }
    if (
      v.bankContactPhoneNumber &&
      !isValidPhone(combinePhone(v.bankContactCountryCode, v.bankContactPhoneNumber))
    ) {
      ctx.addIssue({ code: 'custom', path: ['bankContactPhoneNumber'], message: PHONE_FORM_HINT });
    }
  });
export type RegisterInput = z.input<typeof registerSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, 'Token er påkrevd').max(200),
    newPassword: passwordSchema('Passord må være minst 6 tegn'),
    confirmPassword: passwordSchema('Passord må være minst 6 tegn'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passordene stemmer ikke overens',
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * A password reset, by the mailed link or by an administrator, removes every passkey (decision 052). The
 * mails about it, the reset's answer and the reset page say so in these words.
 */
export const PASSKEYS_REMOVED = 'Alle passnøkler er fjernet. Legg til nye under Din profil.';

/** GET /api/auth/reset-password/status. A missing or malformed token is answered as not valid, not as 400. */
export const resetTokenStatusQuerySchema = z.object({ token: z.string().max(200).catch('') });

// Whether a reset link can still set a password: typed by its response schema, imported as a type only.
export type { ResetTokenStatus } from './responses/auth';

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Nåværende passord er påkrevd').max(MAX_PASSWORD_LENGTH),
    newPassword: passwordSchema('Nytt passord må være minst 6 tegn'),
    confirmPassword: passwordSchema('Bekreft passord må være minst 6 tegn'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passordene stemmer ikke overens',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The profile's fields, as the user edits them and as an administrator does (with the e-mail added). */
export const profileFields = {
  firstName: z.string().trim().min(1, 'Fornavn er påkrevd').max(100),
  lastName: z.string().trim().min(1, 'Etternavn er påkrevd').max(100),
  phone: optionalPhoneSchema,
  address: optionalText(300),
  bankName: optionalText(100),
  bankContactName: optionalText(100),
  bankContactPhone: optionalPhoneSchema,
};

/** Refuses a name such as 'Budgiver A' on any schema with the two name fields. */
export const notLikePseudonym = {
  check: (v: { firstName: string; lastName: string }) => !looksLikePseudonym(v.firstName, v.lastName),
  issue: { path: ['lastName'], message: NAME_LIKE_PSEUDONYM },
};

/** PATCH /api/users/me. Phones follow the phone rule when they are filled in. */
export const updateProfileSchema = z
  .object({
    ...profileFields,
    // 'Jeg byr som' (decision 065): left out, it stays as it is.
    buyerCapacity: z.enum(BUYER_CAPACITIES, { error: UNKNOWN_BUYER_CAPACITY }).optional(),
  })
  .refine(notLikePseudonym.check, notLikePseudonym.issue);
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const verifyEmailQuerySchema = z.object({
  token: z.string({ error: 'Ugyldig verifikasjonslenke' }).min(1, 'Ugyldig verifikasjonslenke').max(200),
});

/** '+47 12345678' and 'Storgata 1, 0155 Oslo', as stored on the user. */
export function composeRegistration(input: z.output<typeof registerSchema>) {
  return {
    phone: combinePhone(input.countryCode, input.phoneNumber),
    address: `${input.streetAddress}, ${input.postalCode} ${input.city}`,
    bankContactPhone: input.bankContactPhoneNumber
      ? combinePhone(input.bankContactCountryCode, input.bankContactPhoneNumber)
      : null,
  };
}
