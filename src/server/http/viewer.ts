import type { CurrentUser } from '../../shared/schemas/user';

/**
 * The signed-in user as every request sees it: the fields GET /api/auth/user answers with, the creation
 * time still a Date. It lives in http/ because access checks and the auth cache hold it; the accounts
 * feature reads it from the users table (accounts.repository.ts) and hands `registerAccess` the function
 * that does, so http/ never imports a feature (decision 031).
 */
export type Viewer = Omit<CurrentUser, 'createdAt' | 'identity' | 'phoneVerified'> & {
  createdAt: Date;
  /** The verified identity's columns (decision 064); all null while unverified. */
  birthDate: string | null;
  identityProvider: string | null;
  identityVerifiedAt: Date | null;
  /** The number last confirmed with an SMS code. */
  phoneVerifiedNumber: string | null;
};

/** Reads the user behind a session; null when the account is gone. */
export type FindViewer = (userId: string) => Promise<Viewer | null>;
