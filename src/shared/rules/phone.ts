import { z } from 'zod';
import '../zod-locale';

export const COUNTRY_CODES = ['+47', '+46', '+45', '+49', '+44', '+1'] as const;
export const PHONE_INPUT_MAX_LENGTH = 15;

export const PHONE_REQUIRED = 'Telefonnummer er påkrevd';
export const PHONE_INVALID =
  'Telefonnummer må inkludere landkode. Norske nummer (+47) må ha nøyaktig 8 siffer etter landkoden (f.eks. +47 12345678)';
export const PHONE_FORM_HINT = 'Norske nummer (+47) må ha nøyaktig 8 siffer. Andre land: 7-15 siffer.';

const NORWAY_DIGITS = '47';
const NORWAY_TOTAL_DIGITS = NORWAY_DIGITS.length + 8;
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

/** '+47 12345678': the form keeps country code and number apart, the stored value is one string. */
export function combinePhone(countryCode: string, phoneNumber: string): string {
  return `${countryCode} ${phoneNumber.trim()}`;
}

/**
 * The digit counts include the country code ('+46 12345' has 7), as in E.164's 15-digit maximum;
 * only Norway, where every number has exactly 8 digits, is checked more strictly.
 */
export function isValidPhone(combined: string): boolean {
  if (!combined.startsWith('+')) return false;
  const digits = combined.slice(1).replace(/[ -]/g, '');
  if (!/^\d+$/.test(digits)) return false;
  if (digits.startsWith(NORWAY_DIGITS)) return digits.length === NORWAY_TOTAL_DIGITS;
  return digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS;
}

// A bare country code is what combinePhone yields for an untouched number field, so it counts as empty.
function isBlankPhone(value: string): boolean {
  return value === '' || (COUNTRY_CODES as readonly string[]).includes(value);
}

export const phoneSchema = z
  .string({ error: PHONE_REQUIRED })
  .trim()
  .refine((value) => !isBlankPhone(value), { error: PHONE_REQUIRED, abort: true })
  .refine(isValidPhone, { error: PHONE_INVALID });

export const optionalPhoneSchema = z
  .string({ error: PHONE_INVALID })
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || isBlankPhone(value)) return null;
    if (!isValidPhone(value)) {
      ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return value;
  });
