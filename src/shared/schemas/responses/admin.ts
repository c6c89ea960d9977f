import { z } from 'zod';
import { bidPlanFields } from './bid';
import { timestamp } from './common';
import { currentUserSchema } from './user';

/** GET /api/admin/unverified-users */
export const unverifiedUserSchema = z.object({
  id: z.guid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: timestamp,
  emailVerificationSentAt: timestamp.nullable(),
});
export type UnverifiedUserView = z.input<typeof unverifiedUserSchema>;

/** GET /api/admin/all-users: every account that has not been deleted, with its bidding activity. */
export const adminUserSchema = currentUserSchema
  .extend({ updatedAt: timestamp, bidCount: z.number().int(), lastBidAt: timestamp.nullable() })
  .meta({ id: 'AdminBruker' });
export type AdminUserView = z.input<typeof adminUserSchema>;

/** GET /api/admin/pending-password-resets */
export const pendingResetSchema = z.object({
  id: z.guid(),
  reason: z.string().nullable(),
  requestedAt: timestamp,
  user: z.object({
    id: z.guid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    /** No administrator sets another's password, so the panel offers only 'Avvis' for those. */
    isAdmin: z.boolean(),
  }),
});
export type PendingResetView = z.input<typeof pendingResetSchema>;

/** GET /api/admin/users/{id}/bids: a user's bids, newest first. */
export const adminUserBidSchema = z.object({
  id: z.guid(),
  bidRoundId: z.guid(),
  amount: z.number().int(),
  conditions: z.string().nullable(),
  bidDeadline: timestamp.nullable(),
  ...bidPlanFields,
  createdAt: timestamp,
  /** The seller rejected the bid ('Avslått'), with their message if they wrote one. */
  isRejected: z.boolean(),
  /** Signed with a passkey (decision 039). */
  isSigned: z.boolean(),
  rejectionMessage: z.string().nullable(),
  propertyTitle: z.string(),
  propertyAddress: z.string(),
});
export type AdminUserBidView = z.input<typeof adminUserBidSchema>;

/** GET /api/admin/users/{id}/actions: what administrators did to this account, newest first. */
export const adminActionSchema = z.object({
  id: z.guid(),
  action: z.string(),
  summary: z.string(),
  createdAt: timestamp,
  admin: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
});
export type AdminActionView = z.input<typeof adminActionSchema>;
