/** What GET /api/auth/user returns: the signed-in user's own data, never a password hash or token. */
export interface CurrentUser {
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
  createdAt: string;
}
