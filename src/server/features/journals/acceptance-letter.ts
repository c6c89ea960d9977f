import { slugOf } from '../../../shared/format/file-names';
import { PAGE_PATHS } from '../../../shared/pages';
import type { BuyerCapacity, SignerRole } from '../../../shared/rules/buyers';
import type { AppDeps } from '../../deps';
import { Forbidden, NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import type { MailAttachment } from '../../mail/mailer';
import { findAccount } from '../accounts/accounts.service';
import { conditionItemViews } from '../bids/bid-views';
import { findBidsWithBidders, findRoundForBidLists } from '../bids/bids.service';
import { signedChainHead } from '../round-chain/round-chain.service';
import { pdfAttachment } from './a4-document';
import { acceptanceLetterToPdf, type LetterFacts } from './acceptance-letter-pdf';

// The acceptance letter of a decided round (decision 066): made when asked for, from the round as it stands,
// so that a condition waived or run out since the acceptance shows as it is now.

export const NO_LETTER = 'Budrunden har ikke noe akseptert bud, og derfor ikke noe akseptbrev';
export const NOT_A_PARTY = 'Bare selgeren, kjøperen og administratorer kan hente akseptbrevet';
const ROUND_NOT_FOUND = 'Budrunden ble ikke funnet';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The letter's facts and who may read it, or null when the round has no accepted bid. */
async function letterOf(deps: AppDeps, roundId: string) {
  const round = await findRoundForBidLists(deps.db, roundId);
  if (!round) throw new NotFound(ROUND_NOT_FOUND);
  if (!round.winningBidId || !round.closedAt) return null;
  const rows = await findBidsWithBidders(deps.db, roundId);
  const bid = rows.find((r) => r.id === round.winningBidId);
  if (!bid) return null;
  const owner = round.ownerId ? await findAccount(deps.db, round.ownerId) : null;
  const now = new Date(deps.clock.now());
  const buyerIds = [...new Set([bid.userId, ...(bid.placedBy ? [bid.placedBy] : []), ...bid.coBidderIds])];
  const people = [bid.user, ...bid.coBidders].filter((p) => !p.deletedAt);
  const facts: LetterFacts = {
    property: { title: round.title, address: round.address },
    seller: owner
      ? { names: [fullName(owner)], email: owner.email, phone: owner.phone }
      : { names: [], email: null, phone: null },
    buyer: {
      names: people.map(fullName),
      email: bid.user.deletedAt ? null : bid.user.email,
      phone: bid.user.deletedAt ? null : bid.user.phone,
      capacity: bid.buyerCapacity as BuyerCapacity,
      company:
        bid.companyOrgNumber && bid.companyName && bid.companySignerRole
          ? {
              orgNumber: bid.companyOrgNumber,
              name: bid.companyName,
              signerRole: bid.companySignerRole as SignerRole,
            }
          : null,
    },
    amount: bid.amount,
    conditions: conditionItemViews(bid.conditionRows, now),
    bidDeadline: bid.bidDeadline?.toISOString() ?? null,
    bidPlacedAt: bid.createdAt.toISOString(),
    acceptedAt: round.closedAt.toISOString(),
    acceptedBy: round.closeReason === 'counter-offer' ? 'counter-offer' : 'winner',
    takeoverDate: bid.takeoverDate,
    financing:
      bid.financingEquity === null || bid.financingLoan === null
        ? null
        : { equity: bid.financingEquity, loan: bid.financingLoan, lender: bid.financingLender },
    chainHead: await signedChainHead(deps, roundId),
    chainKey: { kid: deps.chainKey.kid, fingerprint: deps.chainKey.fingerprint },
    checkUrl: `${deps.env.APP_URL}${PAGE_PATHS.checkJournal}`,
  };
  return { facts, readers: new Set([...buyerIds, ...(round.ownerId ? [round.ownerId] : [])]) };
}

/** 'akseptbrev-lys-3-roms-pa-grunerlokka.pdf', as the salgsoppgave is named (decision 044). */
const fileName = (facts: LetterFacts) => `akseptbrev-${slugOf(facts.property.title) || 'budrunde'}.pdf`;

/** The letter's PDF with who may read it, or null when the round has no accepted bid. */
async function letterPdf(deps: AppDeps, roundId: string, compress = true) {
  const letter = await letterOf(deps, roundId);
  if (!letter) return null;
  const pdf = await acceptanceLetterToPdf(letter.facts, new Date(deps.clock.now()), compress);
  return { filename: fileName(letter.facts), pdf, readers: letter.readers };
}

/**
 * GET /api/bid-rounds/{id}/acceptance-letter.pdf: for the seller, the buyer and their co-bidders, and admins;
 * 403 for anyone else, 404 for an unknown round or one without an accepted bid.
 */
export async function acceptanceLetterFor(
  deps: AppDeps,
  viewer: Pick<Viewer, 'id' | 'isAdmin'>,
  roundId: string,
  compress = true,
): Promise<{ filename: string; pdf: Buffer }> {
  const letter = await letterPdf(deps, roundId, compress);
  if (!letter) throw new NotFound(NO_LETTER);
  if (!viewer.isAdmin && !letter.readers.has(viewer.id)) throw new Forbidden(NOT_A_PARTY);
  return { filename: letter.filename, pdf: letter.pdf };
}

/** The letter as a mail's attachment, or null when the round has none. */
export async function acceptanceLetterAttachment(
  deps: AppDeps,
  roundId: string,
): Promise<MailAttachment | null> {
  const letter = await letterPdf(deps, roundId);
  return letter && pdfAttachment(letter.filename, letter.pdf);
}
