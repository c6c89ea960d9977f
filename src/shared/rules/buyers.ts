// Who buys (decision 065): a person as a consumer or in business, a company through a signer with a role,
// or several people as one bidder group. The words and small rules the server and the client share.

/** `buyerCapacity`: avhendingslova treats a consumer's purchase and a business's differently. */
export const BUYER_CAPACITIES = ['forbruker', 'naeringsdrivende'] as const;
export type BuyerCapacity = (typeof BUYER_CAPACITIES)[number];
export const BUYER_CAPACITY_LABELS: Record<BuyerCapacity, string> = {
  forbruker: 'forbruker',
  naeringsdrivende: 'næringsdrivende',
};
/** 'Forbruker', 'Næringsdrivende': as a choice or a label on screen. */
export const capacityLabel = (capacity: BuyerCapacity) =>
  BUYER_CAPACITY_LABELS[capacity].charAt(0).toUpperCase() + BUYER_CAPACITY_LABELS[capacity].slice(1);

export const UNKNOWN_BUYER_CAPACITY = 'Oppgi om du byr som forbruker eller som næringsdrivende';

export const isBuyerCapacity = (value: unknown): value is BuyerCapacity =>
  BUYER_CAPACITIES.some((known) => known === value);

/** The roles a person may sign a company's bid in. */
export const SIGNER_ROLES = [
  'daglig leder',
  'styreleder',
  'styremedlem med signaturrett',
  'fullmektig',
] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
export const MISSING_SIGNER_ROLE = 'Velg hvilken rolle du byr i for selskapet';

export const INVALID_ORG_NUMBER = 'Ugyldig organisasjonsnummer';
export const MISSING_COMPANY_NAME = 'Oppgi selskapets navn';
export const COMPANY_IN_A_GROUP = 'Et bud for et selskap kan ikke gis sammen med medbudgivere';

// Brønnøysundregistrene's check digit: MOD11 with these weights over the first eight digits.
const ORG_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

/** The nine digits of an organisation number written with or without spaces, or null if it is not one. */
export function parseOrgNumber(value: string): string | null {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{9}$/.test(digits)) return null;
  const sum = ORG_WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = (11 - (sum % 11)) % 11;
  // A remainder that asks for 10 has no check digit: such numbers are never issued.
  return check !== 10 && check === Number(digits[8]) ? digits : null;
}

/** '123 456 785', as the register writes it. */
export const formatOrgNumber = (digits: string) =>
  `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)}`;

/** 'Ola Nordmann, som daglig leder for Nordmann Eiendom AS (org.nr. 123 456 785)': who signs for whom. */
export function companySigner(signer: string, role: SignerRole, company: string, orgNumber: string): string {
  return `${signer}, som ${role} for ${company} (org.nr. ${formatOrgNumber(orgNumber)})`;
}

/** A bidder group holds at most this many people besides the one who invites, open invitations included. */
export const MAX_CO_BIDDERS = 3;
export const ALREADY_IN_A_GROUP = 'Du byr allerede sammen med andre i denne budrunden';
export const HAS_OWN_BID = 'Personen har allerede et eget bud i denne budrunden';

/** 'Ola Nordmann og Kari Nordmann', 'Ola, Kari og Per': the names of a group, in the order they joined. */
export function namesTogether(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} og ${names.at(-1)}`;
}

/**
 * What an invited person signs to join a group: 'Jeg, Kari Nordmann, gir Ola Nordmann og meg selv gjensidig
 * fullmakt til å by på vegne av oss begge i budrunden for {title}, {address}.'
 */
export function coBidderStatement(
  invitee: string,
  others: string[],
  round: { title: string; address: string },
): string {
  const everyone = others.length === 1 ? 'oss begge' : 'oss alle';
  return `Jeg, ${invitee}, gir ${namesTogether([...others, 'meg selv'])} gjensidig fullmakt til å by på vegne av ${everyone} i budrunden for ${round.title}, ${round.address}.`;
}

/**
 * What a member signs to leave: 'Jeg, Kari Nordmann, trekker tilbake fullmakten til å by sammen med Ola
 * Nordmann i budrunden for {title}, {address}. Bud som ble gitt mens jeg var med, binder meg fortsatt.'
 */
export function leavingStatement(
  member: string,
  others: string[],
  round: { title: string; address: string },
): string {
  const withWhom = others.length ? ` sammen med ${namesTogether(others)}` : '';
  return `Jeg, ${member}, trekker tilbake fullmakten til å by${withWhom} i budrunden for ${round.title}, ${round.address}. Bud som ble gitt mens jeg var med, binder meg fortsatt.`;
}
