import { randomBytes } from 'node:crypto';
import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import type { SignatureProof } from '../../../shared/schemas/passkey';
import type { PasskeyRequestOptions } from '../../../shared/schemas/responses/passkey';
import type { SignatureOptions } from '../../../shared/schemas/responses/signature';
import { bidStatement } from '../../../shared/signing/bid-statement';
import type { AppDeps } from '../../deps';
import { Conflict, NotFound, ValidationError } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { checkAssertion } from '../passkeys/assertion';
import { findPasskeyOfCredential, passkeysOfUser, recordUse } from '../passkeys/passkey-lookup';
import { CHALLENGE_GONE } from '../passkeys/passkeys.service';
import { CHALLENGE_TTL_MS, challengeOf, relyingParty, splitTransports } from '../passkeys/relying-party';
import { actChallenge, type BidAct, canonicalBidAct, toBase64url } from './bid-act';
import {
  type BidSignatureRow,
  findStatementFacts,
  insertSignatureChallenge,
  takeSignatureChallenge,
} from './signatures.repository';

export const SIGNATURE_REQUIRED = 'Budet må signeres med passnøkkel';
export const SIGNING_OFF = 'Signering med passnøkkel er slått av';
export const NO_PASSKEY = 'Du har ingen passnøkkel. Legg til en under «Din profil» → «Passnøkler».';
export const OTHER_WORDS = 'Signaturen gjelder ikke dette budet. Bekreft budet på nytt.';
export const NOT_YOUR_PASSKEY = 'Signaturen er ikke laget med en av dine passnøkler.';
export const SIGNATURE_NOT_VERIFIED = 'Signaturen kunne ikke bekreftes. Prøv igjen.';
const ROUND_NOT_FOUND = 'Budrunden ble ikke funnet. Den kan ha blitt lukket eller slettet.';

/**
 * POST /api/signatures/options (decision 039): the statement the signer reads and request options whose
 * challenge is base64url(SHA-256(canonical act ‖ nonce)), for the user's own passkeys, user verification
 * required; the challenge is kept for five minutes and one answer. 409 when signing is off or the user has
 * no passkey (the client then bids unsigned, or is told to add one), 404 for an unknown round.
 */
export async function signatureOptions(
  deps: AppDeps,
  viewer: Viewer,
  input: { act: 'bid'; bid: BidAct },
): Promise<SignatureOptions> {
  if (deps.env.BID_SIGNING === 'off') throw new Conflict(SIGNING_OFF);
  const own = await passkeysOfUser(deps.db, viewer.id);
  if (own.length === 0) throw new Conflict(NO_PASSKEY);
  const facts = await findStatementFacts(deps.db, input.bid.bidRoundId, viewer.id);
  if (!facts) throw new NotFound(ROUND_NOT_FOUND);
  const statement = bidStatement({
    bidderName: facts.bidderName,
    amount: input.bid.amount,
    propertyTitle: facts.title,
    propertyAddress: facts.address,
    bidDeadline: input.bid.bidDeadline,
    conditions: input.bid.conditions ?? null,
  });
  const nonce = randomBytes(32).toString('base64url');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.env).id,
    challenge: actChallenge(canonicalBidAct(input.bid), nonce),
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: splitTransports(p.transports) })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  const now = deps.clock.now();
  const challengeId = await insertSignatureChallenge(
    deps.db,
    {
      userId: viewer.id,
      act: input.act,
      challenge: options.challenge,
      nonce,
      statement,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    },
    now,
  );
  return { challengeId, statement, options: options as PasskeyRequestOptions };
}

/**
 * Checks a bid's signature before the bid is placed (decision 039) and answers the insert of its row, which
 * place_bid's statement writes with the bid; undefined for an unsigned bid that BID_SIGNING allows (from a
 * user without a passkey, unless signing is required). With
 * signing off a signature is ignored. Every refusal is 400 with nothing stored but the used challenge's
 * removal (and a passkey's counter, once its signature held).
 */
export async function checkBidSignature(
  deps: AppDeps,
  viewer: Viewer,
  bid: BidAct & { signature?: SignatureProof },
  bidId: string,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<BidSignatureRow | undefined> {
  const mode = deps.env.BID_SIGNING;
  if (mode === 'off') return undefined;
  if (!bid.signature) {
    // Optional signing is optional for users without a passkey only: one who has a passkey signs every bid
    // (issue 24, item 7), whatever their client sends.
    if (mode === 'required' || (await passkeysOfUser(deps.db, viewer.id)).length > 0)
      throw new ValidationError(SIGNATURE_REQUIRED);
    return undefined;
  }
  const now = deps.clock.now();
  const response = bid.signature.response as unknown as AuthenticationResponseJSON;
  const refuse = (reason: string, message: string): never => {
    log?.warn({ event: 'bid.signature.refused', userId: viewer.id, reason }, 'bid signature refused');
    throw new ValidationError(message);
  };
  const stored = await takeSignatureChallenge(deps.db, bid.signature.challengeId, viewer.id);
  if (!stored || stored.expiresAt.getTime() <= now.getTime()) return refuse('challenge gone', CHALLENGE_GONE);
  const canonicalAct = canonicalBidAct(bid);
  const challenge = toBase64url(actChallenge(canonicalAct, stored.nonce));
  if (stored.act !== 'bid' || challenge !== stored.challenge) return refuse('another act', OTHER_WORDS);
  if (challengeOf(response.response.clientDataJSON) !== challenge)
    return refuse('another challenge', OTHER_WORDS);
  const passkey = await findPasskeyOfCredential(deps.db, response.id);
  if (!passkey || passkey.userId !== viewer.id) return refuse('not the bidder’s passkey', NOT_YOUR_PASSKEY);
  const checked = await checkAssertion(deps.env, response, challenge, passkey);
  if (!checked.ok)
    return refuse(
      checked.why === 'not-verified' ? checked.detail : 'counter went back',
      SIGNATURE_NOT_VERIFIED,
    );
  const { counter } = checked;
  if (!(await recordUse(deps.db, passkey.id, passkey.counter, counter, now)))
    return refuse('counter changed meanwhile', SIGNATURE_NOT_VERIFIED);
  return {
    bidId,
    passkeyId: passkey.id,
    credentialId: passkey.credentialId,
    publicKey: toBase64url(passkey.publicKey),
    statement: stored.statement,
    canonicalAct,
    nonce: stored.nonce,
    challenge,
    signature: response.response.signature,
    authenticatorData: response.response.authenticatorData,
    clientDataJson: response.response.clientDataJSON,
  };
}
