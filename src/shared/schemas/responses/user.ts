import { z } from 'zod';
import { BUYER_CAPACITIES } from '../../rules/buyers';
import { COUNTER_OFFER_STATUSES } from '../../rules/counter-offers';
import { userBidViewSchema } from './bid';
import { closeReasonSchema } from './bid-round';
import { timestamp } from './common';
import { journalViewSchema } from './journal';

/** What GET /api/auth/user returns: the signed-in user's own data, never a password hash or token. */
export const currentUserSchema = z
  .object({
    id: z.guid(),
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
    /** The identity verified through the eID provider (decision 064), or null. */
    identity: z
      .object({
        verified: z.literal(true),
        /** The verified given and family names, as the account's name. */
        name: z.string(),
        birthYear: z.number().int().nullable(),
        /** IDENTITY_PROVIDER_NAME when it was verified, e.g. 'BankID'. */
        provider: z.string(),
        verifiedAt: timestamp,
      })
      .nullable(),
    /** The mobile number is the one last confirmed with an SMS code. */
    phoneVerified: z.boolean(),
    /** 'Jeg byr som' (decision 065): the capacity a bid takes unless it names one. */
    buyerCapacity: z.enum(BUYER_CAPACITIES),
  })
  .meta({ id: 'InnloggetBruker' });
export type CurrentUser = z.input<typeof currentUserSchema>;

const nullableTimestamp = timestamp.nullable();

/**
 * GET /api/users/me/export: everything held about the user, as a JSON file (decision 014). The server sends
 * it as prepared text, so this documents the file and types what the export service builds; it filters
 * nothing at the door.
 */
export const personalDataExportSchema = z.object({
  about: z.string(),
  exportedAt: timestamp,
  profile: currentUserSchema.extend({
    /** The verified birth date (YYYY-MM-DD), when the identity is verified (decision 064). */
    birthDate: z.string().nullable(),
    emailVerificationSentAt: nullableTimestamp,
    passwordResetSentAt: nullableTimestamp,
    updatedAt: timestamp,
  }),
  sessions: z.array(
    z.object({ startedAt: nullableTimestamp, lastUsedAt: nullableTimestamp, expiresAt: timestamp }),
  ),
  bids: z.array(userBidViewSchema),
  ownRounds: z.array(
    z.object({
      id: z.guid(),
      createdAt: timestamp,
      deadline: timestamp,
      minimumBidDeadline: nullableTimestamp,
      isClosed: z.boolean(),
      closedAt: nullableTimestamp,
      closeReason: closeReasonSchema.nullable(),
      smsNotificationsEnabled: z.boolean(),
      property: z.object({
        title: z.string(),
        address: z.string(),
        description: z.string().nullable(),
        startingPrice: z.number().int(),
        size: z.number().nullable(),
        rooms: z.number().nullable(),
        buildYear: z.number().nullable(),
        floor: z.string().nullable(),
        imageUrl: z.string().nullable(),
      }),
    }),
  ),
  follows: z.array(
    z.object({
      bidRoundId: z.guid(),
      followedAt: timestamp,
      property: z.object({ title: z.string(), address: z.string() }),
    }),
  ),
  journals: z.array(journalViewSchema),
  /** The sellers' counter-offers (motbud) to the user, with what became of them. */
  counterOffersReceived: z.array(
    z.object({
      id: z.guid(),
      bidRoundId: z.guid(),
      amount: z.number().int(),
      deadline: timestamp,
      conditions: z.string().nullable(),
      status: z.enum(COUNTER_OFFER_STATUSES),
      createdAt: timestamp,
      answeredAt: nullableTimestamp,
      property: z.object({ title: z.string(), address: z.string() }),
    }),
  ),
  passwordResetRequests: z.array(
    z.object({
      id: z.guid(),
      reason: z.string().nullable(),
      requestedAt: timestamp,
      isApproved: z.boolean(),
      approvedAt: nullableTimestamp,
      isCompleted: z.boolean(),
      completedAt: nullableTimestamp,
    }),
  ),
  financingProofs: z.array(
    z.object({
      id: z.guid(),
      bidId: z.guid().nullable(),
      contentType: z.string(),
      byteSize: z.number().int(),
      createdAt: timestamp,
    }),
  ),
  administratorActions: z.array(z.object({ action: z.string(), summary: z.string(), createdAt: timestamp })),
  /** The viewings the user signed up for (decision 045), by round and time. */
  viewingSignups: z.array(z.object({ roundId: z.guid(), startsAt: timestamp, endsAt: timestamp })),
  /** The user's passkeys by name and time; never a key or a credential id. */
  passkeys: z.array(z.object({ name: z.string(), createdAt: timestamp, lastUsedAt: nullableTimestamp })),
  /**
   * What the owner's list of bidders was told of the user (decision 066): each new-bid notice sent and what
   * became of it, each visit to a round, each answer to 'byr du mer?'.
   */
  roundNotices: z.object({
    notices: z.array(
      z.object({
        bidRoundId: z.guid(),
        channel: z.enum(['email', 'sms']),
        sentAt: timestamp,
        delivery: z.enum(['delivered', 'failed', 'late']).nullable(),
        deliveryAt: nullableTimestamp,
      }),
    ),
    visits: z.array(z.object({ bidRoundId: z.guid(), seenAt: timestamp })),
    answers: z.array(
      z.object({ bidRoundId: z.guid(), answer: z.enum(['done', 'considering']), answeredAt: timestamp }),
    ),
  }),
});
export type PersonalDataExport = z.input<typeof personalDataExportSchema>;
