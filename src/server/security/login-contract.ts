import type { CurrentUser } from '../../shared/schemas/user';

// What a login is given and gives back, by password (auth) or by passkey (passkeys), and the refusal both
// give an unverified address. Down here rather than in auth: auth imports passkeys (a reset removes every
// passkey), so passkeys cannot import auth back (decision 056).

export const VERIFY_FIRST = 'Du må verifisere e-postadressen din før du kan logge inn.';

/** The part of pino's logger a login needs; request.log in the route. */
export interface AuthLog {
  warn(fields: object, message: string): void;
}

export interface LoginRequest {
  ip: string;
  /** The device cookie's value, if the browser sent one. */
  deviceCookie: string | undefined;
  log: AuthLog;
}

export interface LoggedIn {
  user: CurrentUser;
  /** A fresh device cookie value for this browser and account. */
  deviceCookie: string;
}
