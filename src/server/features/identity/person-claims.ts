import { IdentityFailure } from './oidc-client';

// What the product takes from a provider's claims (decision 064): the person claim (OIDC_PERSON_CLAIM), the
// names and the birth date. A provider that gives no name or no person claim is refused.

export interface ClaimedPerson {
  /** The clear person claim: only ever hashed, never stored or logged. */
  personClaim: string;
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD, or null when the provider gave none (or none in that form). */
  birthDate: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function personFromClaims(claims: Record<string, unknown>, personClaimName: string): ClaimedPerson {
  const raw = claims[personClaimName];
  const personClaim = typeof raw === 'number' ? String(raw) : text(raw);
  if (!personClaim) throw new IdentityFailure(`the ID token has no ${personClaimName} claim`);
  let givenName = text(claims.given_name);
  let familyName = text(claims.family_name);
  if (!givenName || !familyName) {
    // Only `name`: the last word is the family name, as Norwegian names are written.
    const words = text(claims.name).split(/\s+/).filter(Boolean);
    if (words.length >= 2) {
      givenName = words.slice(0, -1).join(' ');
      familyName = words.at(-1) ?? '';
    }
  }
  if (!givenName || !familyName) throw new IdentityFailure('the ID token names no given and family name');
  const birthdate = text(claims.birthdate);
  return {
    personClaim,
    givenName: givenName.slice(0, 100),
    familyName: familyName.slice(0, 100),
    birthDate: /^\d{4}-\d{2}-\d{2}$/.test(birthdate) ? birthdate : null,
  };
}
