import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { samePhone, WRONG_CODE } from '../../../shared/rules/identity';
import type { CurrentUser } from '../../../shared/schemas/user';
import type { AppDeps } from '../../deps';
import { Conflict, NotFound, TooManyRequests, ValidationError } from '../../errors';
import { maskPhone } from '../../http/logging';
import type { Viewer } from '../../http/viewer';
import { enqueueSms } from '../../sms/sms-jobs';
import { findViewerById } from './accounts.repository';
import { markPhoneVerified, toCurrentUser } from './accounts.service';
import {
  countPhoneCodeTry,
  deletePhoneCode,
  findPhoneCode,
  MAX_CODE_TRIES,
  storePhoneCode,
} from './phone-codes.repository';

// Confirming a mobile number with a 6-digit SMS code (decision 064): valid 10 minutes, at most 5 tries per
// code and 5 codes an hour. Houses have been lost over notices sent to a mistyped number.

const CODE_TTL_MS = 10 * 60_000;
const CODES_PER_HOUR = 5;
const HOUR = 60 * 60_000;

export const NO_PHONE = 'Legg inn mobilnummeret ditt i profilen først';
export const PHONE_ALREADY_VERIFIED = 'Mobilnummeret er allerede bekreftet';
export const CODE_EXPIRED = 'Koden er utløpt. Be om en ny kode.';
export const TOO_MANY_TRIES = 'For mange forsøk med denne koden. Be om en ny kode.';
export const TOO_MANY_CODES = 'Du har bedt om for mange koder. Prøv igjen om en time.';

// Keyed by the user too, so the hash of one person's code says nothing about another's.
const hashCode = (secret: string, userId: string, code: string) =>
  createHmac('sha256', secret).update(`${userId}:${code}`).digest();

/** Sends a new code to the profile's number; the last one stops working. */
export async function sendPhoneCode(
  deps: AppDeps,
  viewer: Viewer,
): Promise<{ message: string; expiresAt: string }> {
  if (!viewer.phone) throw new ValidationError(NO_PHONE, [{ path: 'phone', message: NO_PHONE }]);
  if (samePhone(viewer.phone, viewer.phoneVerifiedNumber)) throw new Conflict(PHONE_ALREADY_VERIFIED);
  await deps.limiter.enforce(`phone-code:${viewer.id}`, CODES_PER_HOUR, HOUR, TOO_MANY_CODES);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(deps.clock.now().getTime() + CODE_TTL_MS);
  const phone = viewer.phone;
  await deps.db.transaction(async (tx) => {
    await storePhoneCode(tx, {
      userId: viewer.id,
      phone,
      codeHash: hashCode(deps.env.SESSION_SECRET, viewer.id, code).toString('hex'),
      expiresAt,
    });
    await enqueueSms(
      tx,
      phone,
      `Budrunde: Koden din er ${code}. Den gjelder i 10 minutter. Ikke gi den til noen.`,
    );
  });
  return {
    message: `Vi har sendt en kode på SMS til ${maskPhone(phone)}.`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** Checks a code; the right one confirms the number it was sent to, if that is still the profile's. */
export async function confirmPhoneCode(deps: AppDeps, viewer: Viewer, code: string): Promise<CurrentUser> {
  const now = deps.clock.now();
  const counted = await countPhoneCodeTry(deps.db, viewer.id, now);
  if (!counted) {
    const stored = await findPhoneCode(deps.db, viewer.id);
    if (stored && stored.expiresAt > now && stored.tries >= MAX_CODE_TRIES)
      throw new TooManyRequests(TOO_MANY_TRIES);
    throw new ValidationError(CODE_EXPIRED, [{ path: 'code', message: CODE_EXPIRED }]);
  }
  const given = hashCode(deps.env.SESSION_SECRET, viewer.id, code.trim());
  const expected = Buffer.from(counted.codeHash, 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw new ValidationError(WRONG_CODE, [{ path: 'code', message: WRONG_CODE }]);
  // A code for a number the profile no longer has confirms nothing.
  if (!samePhone(counted.phone, viewer.phone))
    throw new ValidationError(CODE_EXPIRED, [{ path: 'code', message: CODE_EXPIRED }]);
  await deps.db.transaction(async (tx) => {
    await markPhoneVerified(tx, viewer.id, counted.phone);
    await deletePhoneCode(tx, viewer.id);
  });
  const updated = await findViewerById(deps.db, viewer.id);
  if (!updated) throw new NotFound('Fant ikke brukeren');
  return toCurrentUser(updated);
}
