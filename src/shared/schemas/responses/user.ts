import { z } from 'zod';
import { timestamp } from './common';

/** What GET /api/auth/user returns: the signed-in user's own data, never a password hash or token. */
export const currentUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    bankName: z.string().nullable(),
    bankContactName: z.string().nullable(),
    bankContactPhone: z.string().nullable(),
    isAdmin: z.boolean(),
    isApproved: z.boolean(),
    emailVerified: z.boolean(),
    createdAt: timestamp,
  })
  .meta({ id: 'InnloggetBruker' });
export type CurrentUser = z.input<typeof currentUserSchema>;

// Records whose fields other features own (bids, journals) or that follow the table's columns.
const record = z.record(z.string(), z.unknown());

/**
 * GET /api/users/me/export: everything held about the user, as a JSON file (decision 014). The server sends
 * it as prepared text, so this documents the file; it does not filter it.
 */
export const personalDataExportSchema = z.object({
  about: z.string(),
  exportedAt: timestamp,
  profile: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
  sessions: z.array(
    z.object({ startedAt: timestamp.nullable(), lastUsedAt: timestamp.nullable(), expiresAt: timestamp }),
  ),
  bids: z.array(record).describe('Som GET /api/user/bids'),
  ownRounds: z.array(record),
  follows: z.array(
    z.object({
      bidRoundId: z.string(),
      followedAt: timestamp,
      property: z.object({ title: z.string(), address: z.string() }),
    }),
  ),
  journals: z.array(record).describe('Som GET /api/user/bid-journals'),
  passwordResetRequests: z.array(z.record(z.string(), z.union([z.string(), z.boolean(), z.null()]))),
  financingProofs: z.array(
    z.object({
      id: z.string(),
      bidId: z.string().nullable(),
      contentType: z.string(),
      byteSize: z.number(),
      createdAt: timestamp,
    }),
  ),
  administratorActions: z.array(z.object({ action: z.string(), summary: z.string(), createdAt: timestamp })),
});
