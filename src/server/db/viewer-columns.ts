import { users } from './schema';

/**
 * The columns of `users` that make a Viewer (http/viewer.ts). Down here, not in the accounts repository,
 * because the admin's user list reads the same fields with its own query, and no feature's repository reads
 * another's.
 */
export const viewerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  address: users.address,
  bankName: users.bankName,
  bankContactName: users.bankContactName,
  bankContactPhone: users.bankContactPhone,
  isAdmin: users.isAdmin,
  isApproved: users.isApproved,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  birthDate: users.birthDate,
  identityProvider: users.identityProvider,
  identityVerifiedAt: users.identityVerifiedAt,
  phoneVerifiedNumber: users.phoneVerifiedNumber,
  buyerCapacity: users.buyerCapacity,
};
