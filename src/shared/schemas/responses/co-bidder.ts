import { z } from 'zod';
import { timestamp } from './common';
import { chainLinkFields } from './record';

// The answers of the co-bidder routes (decision 065).

export const CO_BIDDER_STATES = ['invited', 'accepted', 'declined', 'left', 'lapsed'] as const;

/** POST /api/bid-rounds/{id}/co-bidders */
export const invitedCoBidderSchema = z
  .object({
    message: z.string(),
    invitation: z.object({ id: z.guid(), state: z.literal('invited') }),
  })
  .meta({ id: 'InvitertMedbudgiver' });

/** PUT /api/co-bidder-invitations/{id}/accept | decline */
export const coBidderInvitationAnswerSchema = z
  .object({
    message: z.string(),
    invitation: z.object({ id: z.guid(), state: z.enum(['accepted', 'declined']), bidRoundId: z.guid() }),
    ...chainLinkFields,
  })
  .meta({ id: 'SvarPaInvitasjon' });

/** One place in a group: a member, or an invitation and its answer. */
export const coBidderMemberSchema = z
  .object({
    id: z.guid(),
    /** The account's name, or the address invited while it has no account. */
    name: z.string(),
    email: z.string(),
    /** For the owner and admins only; null for every other reader. */
    phone: z.string().nullable(),
    state: z.enum(CO_BIDDER_STATES),
    /** When the place came to its state: invited, joined, declined, left or lapsed. */
    since: timestamp,
    isYou: z.boolean(),
    invitedBy: z.string().nullable(),
  })
  .meta({ id: 'Medbudgiver' });

/** GET /api/bid-rounds/{id}/co-bidders */
export const coBidderListSchema = z
  .object({
    /** The viewer's group (for the owner and admins: every group's places, in order). */
    members: z.array(coBidderMemberSchema),
    /** The owner's and admins' view, group by group; empty for a member. */
    groups: z.array(z.object({ id: z.guid(), members: z.array(coBidderMemberSchema) })),
    /** Open invitations to the viewer, each with who is in that group. */
    invitations: z.array(
      z.object({
        id: z.guid(),
        state: z.enum(CO_BIDDER_STATES),
        invitedBy: z.string(),
        members: z.array(z.string()),
        since: timestamp,
      }),
    ),
  })
  .meta({ id: 'Medbudgivere' });

export type InvitedCoBidder = z.input<typeof invitedCoBidderSchema>;
export type CoBidderInvitationAnswer = z.input<typeof coBidderInvitationAnswerSchema>;
export type CoBidderMember = z.input<typeof coBidderMemberSchema>;
export type CoBidderList = z.input<typeof coBidderListSchema>;
