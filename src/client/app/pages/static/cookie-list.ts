/**
 * Every cookie the product sets, as /cookies and /personvern describe them. One list for both pages, so
 * they cannot tell different stories; tests/e2e/cookie-pages-list-the-cookies-set.test.ts logs in and out
 * through the real server and compares the cookies it actually sets (names, HttpOnly, lifetime, what
 * happens at logout) with what the pages say. Change a cookie on the server, and that test asks for this
 * list to follow.
 */
export interface CookieDescription {
  /** The name over plain HTTP (local use); over HTTPS the name carries the __Host- prefix. */
  name: string;
  httpsName: string;
  purpose: string;
  /** Ends with the longest lifetime in whole days: the cookie's own expiry. */
  lifetime: string;
  /** Whether logging out deletes it. */
  deletedAtLogout: boolean;
  atLogout: string;
}

export const COOKIES: readonly CookieDescription[] = [
  {
    name: 'budrunde.sid',
    httpsName: '__Host-budrunde.sid',
    purpose:
      'Holder deg innlogget. Den inneholder bare en tilfeldig økt-ID; opplysningene om økten og kontoen din ligger på serveren.',
    lifetime: 'Til du logger ut, etter 7 dager uten aktivitet, eller senest 30 dager etter innlogging.',
    deletedAtLogout: true,
    atLogout: 'Slettes. Økten avsluttes også på serveren.',
  },
  {
    name: 'budrunde.device',
    httpsName: '__Host-budrunde.device',
    purpose:
      'Husker at denne nettleseren har logget inn på kontoen din før. Mislykkede innlogginger herfra telles for seg, så du fortsatt kan logge inn herfra selv om noen prøver å gjette passordet ditt fra andre steder. Den inneholder kontoens interne ID, en tilfeldig ID for nettleseren og tidspunktet for innloggingen, signert av oss – ikke navn, e-post eller passord.',
    lifetime: 'Fornyes hver gang du logger inn, og varer 180 dager fra siste innlogging.',
    deletedAtLogout: false,
    atLogout:
      'Blir liggende, fordi den skal kjenne igjen nettleseren neste gang du logger inn. Den holder deg ikke innlogget. Sletter du den, regnes nettleseren som ny.',
  },
];
