// The people of the built-in Test-BankID (decision 064): the demo's people, with made-up birth dates and
// made-up national identity numbers, and one person with no account yet. Nothing here is a real person.

export interface TestPerson {
  /** The provider's subject (`sub`). */
  id: string;
  givenName: string | null;
  familyName: string | null;
  /** YYYY-MM-DD. */
  birthDate: string | null;
  /** A made-up national identity number, the `socialno` claim as BankID brokers name it. */
  socialNo: string;
  /** The `acr` of the login; the built-in provider's people all log in with BankID's. */
  acr?: string;
  /** Who it is in the demo, shown beside the name. */
  note: string;
}

export const BANKID_ACR = 'urn:grn:authn:no:bankid';

export const TEST_PEOPLE: TestPerson[] = [
  {
    id: 'test-ola-nordmann',
    givenName: 'Ola',
    familyName: 'Nordmann',
    birthDate: '1985-03-12',
    socialNo: '12038500000',
    note: 'ingen konto ennå',
  },
  {
    id: 'test-kari-nordmann',
    givenName: 'Kari',
    familyName: 'Nordmann',
    birthDate: '1979-06-02',
    socialNo: '02067900000',
    note: 'selger@budrunde.no i demoen',
  },
  {
    id: 'test-ola-hansen',
    givenName: 'Ola',
    familyName: 'Hansen',
    birthDate: '1990-09-21',
    socialNo: '21099000000',
    note: 'ola@budrunde.no i demoen',
  },
  {
    id: 'test-ingrid-berg',
    givenName: 'Ingrid',
    familyName: 'Berg',
    birthDate: '1988-11-04',
    socialNo: '04118800000',
    note: 'ingrid@budrunde.no i demoen',
  },
  {
    id: 'test-anne-admin',
    givenName: 'Anne',
    familyName: 'Admin',
    birthDate: '1975-01-15',
    socialNo: '15017500000',
    note: 'admin@budrunde.no i demoen',
  },
];

/** The claims the provider gives for a person, as a BankID broker gives them. */
export function claimsOf(person: TestPerson): Record<string, string> {
  const claims: Record<string, string> = { sub: person.id, socialno: person.socialNo };
  if (person.givenName) claims.given_name = person.givenName;
  if (person.familyName) claims.family_name = person.familyName;
  if (person.givenName && person.familyName) claims.name = `${person.givenName} ${person.familyName}`;
  if (person.birthDate) claims.birthdate = person.birthDate;
  return claims;
}
