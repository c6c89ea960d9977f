/**
 * The signed-in user as every request sees it. It lives in http/ because access checks and the auth cache
 * hold it; the accounts feature reads it from the users table (accounts.repository.ts) and hands
 * `registerAccess` the function that does, so http/ never imports a feature (decision 031).
 */
export interface Viewer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  address: string | null;
  bankName: string | null;
  bankContactName: string | null;
  bankContactPhone: string | null;
  isAdmin: boolean;
  isApproved: boolean;
  emailVerified: boolean;
  createdAt: Date;
}

/** Reads the user behind a session; null when the account is gone. */
export type FindViewer = (userId: string) => Promise<Viewer | null>;
