// Identity through an eID provider and confirmed mobile numbers (decision 064): the words and small rules
// that the server and the client share.

/** BID_IDENTITY: whether a binding act needs a verified identity. */
export type IdentityMode = 'off' | 'optional' | 'required';

/** '12.03.1985' from '1985-03-12'; null for anything else. */
export function formatBirthDate(birthDate: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]}` : null;
}

/** The year of a 'YYYY-MM-DD' birth date, or null. */
export function birthYearOf(birthDate: string | null | undefined): number | null {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(birthDate ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * How a signed statement names its signer: 'Ola Nordmann (født 12.03.1985)' once the identity is verified
 * with a birth date, else the name alone.
 */
export function signerNameOf(name: string, verifiedBirthDate: string | null | undefined): string {
  const born = formatBirthDate(verifiedBirthDate);
  return born ? `${name} (født ${born})` : name;
}

/** Two phone numbers are the same number whatever their spaces and hyphens. */
export function samePhone(a: string | null | undefined, b: string | null | undefined): boolean {
  const digits = (value: string | null | undefined) => (value ?? '').replace(/[\s-]/g, '');
  return digits(a) !== '' && digits(a) === digits(b);
}

/** 'Du må bekrefte identiteten din med BankID før du kan by', with the provider's name. */
export const identityNeededToBid = (provider: string) =>
  `Du må bekrefte identiteten din med ${provider} før du kan by`;
export const identityNeededForRound = (provider: string) =>
  `Du må bekrefte identiteten din med ${provider} før du kan opprette en budrunde`;
export const nameLocked = (provider: string) => `Navnet er bekreftet med ${provider} og kan ikke endres`;
export const identityVerifiedLabel = (provider: string) => `ID bekreftet med ${provider}`;
export const IDENTITY_NOT_VERIFIED = 'ID ikke bekreftet';
/** 'ID bekreftet med BankID' or 'ID ikke bekreftet'; null when unknown (journals written before identities). */
export function identityText(verified: boolean | null | undefined, provider: string): string | null {
  if (verified === null || verified === undefined) return null;
  return verified ? identityVerifiedLabel(provider) : IDENTITY_NOT_VERIFIED;
}
export const PHONE_VERIFIED_LABEL = 'Mobil bekreftet';
export const PHONE_NOT_VERIFIED_LABEL = 'Mobil ikke bekreftet';
export const IDENTITY_FAILED = 'Bekreftelsen mislyktes. Prøv igjen.';
export const IDENTITY_CONFIRMED = 'Identiteten din er bekreftet';
export const PERSON_TAKEN = 'Denne personen har allerede bekreftet en annen konto';
export const NO_ACCOUNT_FOR_IDENTITY = (provider: string) =>
  `Ingen konto er knyttet til denne ${provider}-en`;
export const WRONG_CODE = 'Feil kode';

/**
 * What the identity callback says on the page it returns to, as `?identitet=<outcome>`: the page reads the
 * outcome, never a message from the address.
 */
export const IDENTITY_OUTCOMES = [
  'bekreftet',
  'mislyktes',
  'annen-konto',
  'ingen-konto',
  'sperret',
  'e-post-ikke-bekreftet',
] as const;
export type IdentityOutcome = (typeof IDENTITY_OUTCOMES)[number];
export const IDENTITY_OUTCOME_PARAM = 'identitet';

/** The outcome an address's search (`?identitet=…`) carries, or null for none or an unknown word. */
export function identityOutcomeOf(search: string): IdentityOutcome | null {
  const said = new URLSearchParams(search).get(IDENTITY_OUTCOME_PARAM);
  return IDENTITY_OUTCOMES.find((known) => known === said) ?? null;
}
