import { z } from 'zod';
import '../zod-locale';
import { isCalendarDate, MAX_LENDER_LENGTH } from '../rules/bid-plan';
import { MAX_CONDITIONS_LENGTH, MAX_REJECTION_MESSAGE_LENGTH } from '../rules/bids';
import {
  BUYER_CAPACITIES,
  INVALID_ORG_NUMBER,
  MISSING_COMPANY_NAME,
  MISSING_SIGNER_ROLE,
  parseOrgNumber,
  SIGNER_ROLES,
  UNKNOWN_BUYER_CAPACITY,
} from '../rules/buyers';
import {
  CONDITION_KINDS,
  CONDITION_UNTIL_AFTER_DEADLINE,
  type ConditionInput,
  conditionsText,
  MAX_CONDITION_ITEMS,
  OTHER_NEEDS_TEXT,
  UNKNOWN_CONDITION_KIND,
} from '../rules/conditions';
import { MAX_AMOUNT } from './bid-round';
import { signatureProofSchema } from './passkey';

const MAX_ACCEPTANCE_MS = 366 * 24 * 60 * 60 * 1000;

/** Whole kroner from 0 up to MAX_AMOUNT, with the field's own Norwegian messages. */
const planKroner = (messages: { whole: string; negative: string; tooHigh: string }) =>
  z
    .number({ error: messages.whole })
    .int(messages.whole)
    .min(0, messages.negative)
    .max(MAX_AMOUNT, messages.tooHigh);

/**
 * The bidder's financing plan. Whether equity and loan cover the amount is checked by the service
 * (shared/rules/bid-plan financingProblem), as a field error on `financing`.
 */
export const financingPlanSchema = z.object(
  {
    equity: planKroner({
      whole: 'Egenkapital må være et helt antall kroner',
      negative: 'Egenkapital kan ikke være negativ',
      tooHigh: 'Egenkapital kan ikke være høyere enn 10 000 000 000 kr',
    }),
    loan: planKroner({
      whole: 'Lån må være et helt antall kroner',
      negative: 'Lån kan ikke være negativt',
      tooHigh: 'Lån kan ikke være høyere enn 10 000 000 000 kr',
    }),
    // Optional: a purchase paid with equity alone has no lender.
    lender: z
      .string({ error: 'Långiver må være tekst' })
      .trim()
      .max(MAX_LENDER_LENGTH, `Långiver kan ha høyst ${MAX_LENDER_LENGTH} tegn`)
      .nullish()
      .transform((v) => v || null),
  },
  { error: 'Finansieringsplanen må ha egenkapital, lån og långiver' },
);

/** 'Jeg byr som': a consumer or in business (decision 065). */
export const buyerCapacitySchema = z.enum(BUYER_CAPACITIES, { error: UNKNOWN_BUYER_CAPACITY });

/** 'By for et selskap' (decision 065): the company by its organisation number, and the signer's role. */
export const companySchema = z.object(
  {
    orgNumber: z.string({ error: INVALID_ORG_NUMBER }).transform((v, ctx) => {
      const digits = parseOrgNumber(v);
      if (digits === null) {
        ctx.addIssue({ code: 'custom', message: INVALID_ORG_NUMBER });
        return z.NEVER;
      }
      return digits;
    }),
    name: z
      .string({ error: MISSING_COMPANY_NAME })
      .trim()
      .min(1, MISSING_COMPANY_NAME)
      .max(200, 'Selskapets navn kan ha høyst 200 tegn'),
    signerRole: z.enum(SIGNER_ROLES, { error: MISSING_SIGNER_ROLE }),
  },
  { error: 'Oppgi selskapets organisasjonsnummer, navn og din rolle' },
);

/** One typed condition (decision 066): its kind, its words (required for 'Annet') and an optional deadline. */
const conditionItemSchema = z
  .object(
    {
      kind: z.enum(CONDITION_KINDS, { error: UNKNOWN_CONDITION_KIND }),
      text: z
        .string({ error: 'Forbeholdet må være tekst' })
        .trim()
        .max(MAX_CONDITIONS_LENGTH, `Forbehold kan ha høyst ${MAX_CONDITIONS_LENGTH} tegn`)
        .nullish()
        .transform((v) => v || null),
      until: z.iso
        .datetime({ offset: true, error: 'Fristen for forbeholdet må være et tidspunkt' })
        .nullish()
        .transform((v) => (v ? new Date(v) : null)),
    },
    { error: 'Hvert forbehold må ha en type' },
  )
  .refine((c) => c.kind !== 'Annet' || c.text !== null, { message: OTHER_NEEDS_TEXT, path: ['text'] });

/**
 * A bid's conditions: the free text of old, read as one 'Annet', or a list of typed ones (decision 066). The
 * list's items are judged one by one in withConditionText, so that each error names its item and field (a
 * union would give only one message for the whole field).
 */
const conditionsSchema = z
  .union(
    [
      z.string().trim().max(MAX_CONDITIONS_LENGTH, `Forbehold kan ha høyst ${MAX_CONDITIONS_LENGTH} tegn`),
      z
        .array(z.unknown())
        .max(MAX_CONDITION_ITEMS, `Høyst ${MAX_CONDITION_ITEMS} forbehold`)
        .describe(
          "[{ kind: 'Finansiering' | 'Salg av egen bolig' | 'Besiktigelse/tilstand' | 'Annet', text?, until? }]",
        ),
    ],
    { error: 'Forbehold må være tekst eller en liste med forbehold' },
  )
  .nullish()
  .transform((v): unknown[] =>
    typeof v === 'string' ? (v ? [{ kind: 'Annet', text: v, until: null }] : []) : (v ?? []),
  );

/** The bid's fields, with `conditions` still as its list; bidActSchema gives it as text besides. */
const bidActFields = z.object({
  bidRoundId: z.uuid('Ugyldig budrunde'),
  amount: z
    .number({ error: 'Beløp må være større enn 0' })
    .int('Beløpet må være et helt antall kroner')
    .min(1, 'Beløp må være større enn 0')
    .max(MAX_AMOUNT, 'Beløpet kan ikke være høyere enn 10 000 000 000 kr'),
  conditions: conditionsSchema,
  // An ISO time with its offset (or a Date): a bare '2031-01-01 12:00' would be read in the server's zone.
  bidDeadline: z
    .union([z.date(), z.iso.datetime({ offset: true, error: 'Akseptfrist må velges' })], {
      error: 'Akseptfrist må velges',
    })
    .transform((v, ctx) => {
      const date = v instanceof Date ? v : new Date(v);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'Akseptfrist må velges' });
        return z.NEVER;
      }
      if (date.getTime() > Date.now() + MAX_ACCEPTANCE_MS) {
        ctx.addIssue({ code: 'custom', message: 'Akseptfristen kan ikke være mer enn ett år frem i tid' });
        return z.NEVER;
      }
      return date;
    }),
  // An id from POST /api/financing-proofs: the bidder's own upload, not yet attached to any bid.
  financingProofId: z.uuid('Ugyldig finansieringsbevis').nullish(),
  financing: financingPlanSchema.nullish().transform((v) => v ?? null),
  // A calendar day in Norway. Absent or null is 'Etter avtale'; the service checks it is not in the past
  // on its own clock (shared/rules/bid-plan takeoverDateProblem).
  takeoverDate: z.iso
    .date({ error: 'Overtakelsesdato må være en gyldig dato (ÅÅÅÅ-MM-DD)' })
    .refine(isCalendarDate, 'Overtakelsesdato må være en gyldig dato (ÅÅÅÅ-MM-DD)')
    .nullish()
    .transform((v) => v ?? null),
  // Absent or null takes the profile's 'Jeg byr som'; a company always bids in business (decision 065).
  buyerCapacity: buyerCapacitySchema.nullish().transform((v) => v ?? null),
  company: companySchema.nullish().transform((v) => v ?? null),
});

/**
 * `conditions` as the readable text every answer has carried, and `conditionItems` as the list; a
 * condition's deadline may not be after the bid's own acceptance deadline.
 */
function withConditionText<T extends z.output<typeof bidActFields>>(
  bid: T,
  ctx: z.RefinementCtx,
): Omit<T, 'conditions'> & { conditions: string | null; conditionItems: ConditionInput[] } {
  const items: ConditionInput[] = [];
  bid.conditions.forEach((raw, i) => {
    const parsed = conditionItemSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['conditions', i, ...issue.path] });
      return;
    }
    const c = parsed.data;
    if (c.until && c.until > bid.bidDeadline)
      ctx.addIssue({
        code: 'custom',
        message: CONDITION_UNTIL_AFTER_DEADLINE,
        path: ['conditions', i, 'until'],
      });
    items.push(c);
  });
  return { ...bid, conditions: conditionsText(items), conditionItems: items };
}

/** A bid as an act (decision 039): what POST /api/bids places and what a signature covers. */
export const bidActSchema = bidActFields.transform(withConditionText);

/**
 * POST /api/bids. The server checks amount and deadline again against the round, under its lock. `signature`
 * is the passkey's answer to POST /api/signatures/options for this very act (decision 039).
 */
export const placeBidSchema = bidActFields
  .extend({ signature: signatureProofSchema.optional() })
  .transform(withConditionText);
export type PlaceBidInput = z.input<typeof placeBidSchema>;

/**
 * PUT /api/bid-rounds/{id}/bids/{bidId}/reject: the seller's message is optional; blank is none. Strict, so
 * that a misspelt field is refused rather than rejecting the bid without the message meant for it.
 */
export const rejectionActSchema = z.strictObject({
  message: z
    .string()
    .trim()
    .max(MAX_REJECTION_MESSAGE_LENGTH, `Meldingen kan ha høyst ${MAX_REJECTION_MESSAGE_LENGTH} tegn`)
    .nullish()
    .transform((v) => v || null),
});
/** The rejection's body: its words, and the owner's signature of them when signed (decision 041). */
export const rejectBidSchema = rejectionActSchema.extend({ signature: signatureProofSchema.optional() });
export type RejectBidInput = z.input<typeof rejectBidSchema>;

// The answers' shapes are the zod schemas the routes declare (responses/bid.ts); the client gets the types.
export type {
  BidderDetails,
  BidView,
  OwnerBidView,
  PlacedBid,
  RejectedBid,
  RoundBids,
  UserBidView,
} from './responses/bid';
