import { randomBytes } from 'node:crypto';
import { type AuthenticationResponseJSON, generateAuthenticationOptions } from '@simplewebauthn/server';
import type { FastifyBaseLogger } from 'fastify';
import type { SignatureProof } from '../../../shared/schemas/passkey';
import type { PasskeyRequestOptions } from '../../../shared/schemas/responses/passkey';
import type { SignatureOptions } from '../../../shared/schemas/responses/signature';
import type { ActKind, SignableAct } from '../../../shared/schemas/signature';
import type { AppDeps } from '../../deps';
import { Conflict, Forbidden, NotFound, ValidationError } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { checkAssertion } from '../passkeys/assertion';
import {
  findPasskeyOfCredential,
  passkeysOfUser,
  recordUse,
  userHasPasskey,
} from '../passkeys/passkey-lookup';
import { CHALLENGE_GONE } from '../passkeys/passkeys.service';
import { CHALLENGE_TTL_MS, challengeOf, relyingParty, splitTransports } from '../passkeys/relying-party';
import { actChallenge, type BidAct, toBase64url } from './bid-act';
import type { BidBuyer } from './bid-buyer';
import { type ActToSign, describeAct, SIGNER_OF, UNKNOWN_SUBJECT } from './signable-acts';
import {
  type BidSignatureRow,
  insertSignatureChallenge,
  takeSignatureChallenge,
} from './signatures.repository';

export const SIGNATURE_REQUIRED = 'Budet må signeres med passnøkkel';
/** Why an unsigned act is refused from a user who must sign it (decision 041), per act. */
export const SIGNATURE_REQUIRED_FOR: Record<ActKind, string> = {
  bid: SIGNATURE_REQUIRED,
  winner: 'Valget av vinner må signeres med passnøkkel',
  reject: 'Avslaget må signeres med passnøkkel',
  'counter-offer': 'Motbudet må signeres med passnøkkel',
  'accept-counter-offer': 'Aksepten av motbudet må signeres med passnøkkel',
  'co-bidder-accept': 'Fullmakten må signeres med passnøkkel',
  'co-bidder-leave': 'Tilbaketrekkingen av fullmakten må signeres med passnøkkel',
  'condition-waive': 'Frafallet av forbeholdet må signeres med passnøkkel',
};
export const SIGNING_OFF = 'Signering med passnøkkel er slått av';
export const NO_PASSKEY = 'Du har ingen passnøkkel. Legg til en under «Din profil» → «Passnøkler».';
export const OTHER_WORDS = 'Signaturen gjelder ikke dette budet. Bekreft budet på nytt.';
export const OTHER_ACT = 'Signaturen gjelder ikke denne handlingen. Bekreft på nytt.';
export const NOT_YOUR_PASSKEY = 'Signaturen er ikke laget med en av dine passnøkler.';
export const SIGNATURE_NOT_VERIFIED = 'Signaturen kunne ikke bekreftes. Prøv igjen.';

/**
 * POST /api/signatures/options (decisions 039, 041): the statement the signer reads and request options
 * whose challenge is base64url(SHA-256(canonical act ‖ nonce)), for the user's own passkeys, user
 * verification required; the challenge is kept for five minutes and one answer. 409 when signing is off or
 * the user has no passkey (the client then acts unsigned, or is told to add one), 404 for an unknown round,
 * bid or counter-offer, 403 for anyone but the party who signs the act.
 */
export async function signatureOptions(
  deps: AppDeps,
  viewer: Viewer,
  input: SignableAct,
): Promise<SignatureOptions> {
  if (deps.env.BID_SIGNING === 'off') throw new Conflict(SIGNING_OFF);
  const own = await passkeysOfUser(deps.db, viewer.id);
  if (own.length === 0) throw new Conflict(NO_PASSKEY);
  const act = await describeAct(deps.db, viewer.id, input);
  if (!act) throw new NotFound(UNKNOWN_SUBJECT[input.act]);
  if (act.signerId !== viewer.id) throw new Forbidden(SIGNER_OF[input.act]);
  const statement = await act.statement();
  if (statement === null) throw new NotFound(UNKNOWN_SUBJECT[input.act]);
  const nonce = randomBytes(32).toString('base64url');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.env).id,
    challenge: actChallenge(act.canonicalAct, nonce),
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

/** A signature that held: what was signed and the proof, for bid_signatures or act_signatures. */
export type VerifiedSignature = Omit<BidSignatureRow, 'bidId'> & {
  kind: ActKind;
  roundId: string;
  userId: string;
};

/**
 * The one check of every signed act (decisions 039, 041), before the act takes its round's lock. Answers the
 * verified signature, for the act to store in its own transaction, or undefined for an act that goes
 * unsigned: signing off (a signature is ignored), someone other than the party who signs (an admin acting
 * for the owner, or one the act itself refuses with 403), or, with optional signing, a user without a
 * passkey. A user who must sign and did not gets 400 naming the act; every refusal is 400 with nothing
 * stored but the used challenge's removal (and a passkey's counter, once its signature held).
 */
export async function checkActSignature(
  deps: AppDeps,
  viewer: Viewer,
  input: ActToSign,
  proof: SignatureProof | undefined,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<VerifiedSignature | undefined> {
  const mode = deps.env.BID_SIGNING;
  if (mode === 'off') return undefined;
  // Optional signing is optional for users without a passkey only: one who has a passkey signs every
  // binding act (decision 039), whatever their client sends. An unsigned act of a user without one needs
  // nothing more read: that is most bids, so they are let through on one query.
  if (!proof && mode === 'optional' && !(await userHasPasskey(deps.db, viewer.id))) return undefined;
  const act = await describeAct(deps.db, viewer.id, input);
  const otherWords = input.act === 'bid' ? OTHER_WORDS : OTHER_ACT;
  // An unknown subject: unsigned, the act's own checks answer 404 or 409 as before.
  if (!act && !proof) return undefined;
  if (act && act.signerId !== viewer.id) return undefined;
  if (!proof) throw new ValidationError(SIGNATURE_REQUIRED_FOR[input.act]);
  const now = deps.clock.now();
  const response = proof.response as unknown as AuthenticationResponseJSON;
  const refuse = (reason: string, message: string): never => {
    log?.warn(
      {
        event: `${input.act === 'bid' ? 'bid' : 'act'}.signature.refused`,
        act: input.act,
        userId: viewer.id,
        reason,
      },
      'signature refused',
    );
    throw new ValidationError(message);
  };
  const stored = await takeSignatureChallenge(deps.db, proof.challengeId, viewer.id);
  if (!stored || stored.expiresAt.getTime() <= now.getTime()) return refuse('challenge gone', CHALLENGE_GONE);
  if (!act) return refuse('unknown subject', otherWords);
  const challenge = toBase64url(actChallenge(act.canonicalAct, stored.nonce));
  if (stored.act !== input.act || challenge !== stored.challenge) return refuse('another act', otherWords);
  if (challengeOf(response.response.clientDataJSON) !== challenge)
    return refuse('another challenge', otherWords);
  const passkey = await findPasskeyOfCredential(deps.db, response.id);
  if (!passkey || passkey.userId !== viewer.id) return refuse('not the signer’s passkey', NOT_YOUR_PASSKEY);
  const checked = await checkAssertion(deps.env, response, challenge, passkey);
  if (!checked.ok)
    return refuse(
      checked.why === 'not-verified' ? checked.detail : 'counter went back',
      SIGNATURE_NOT_VERIFIED,
    );
  if (!(await recordUse(deps.db, passkey.id, passkey.counter, checked.counter, now)))
    return refuse('counter changed meanwhile', SIGNATURE_NOT_VERIFIED);
  return {
    kind: input.act,
    roundId: act.roundId,
    userId: viewer.id,
    passkeyId: passkey.id,
    credentialId: passkey.credentialId,
    publicKey: toBase64url(passkey.publicKey),
    statement: stored.statement,
    canonicalAct: act.canonicalAct,
    nonce: stored.nonce,
    challenge,
    signature: response.response.signature,
    authenticatorData: response.response.authenticatorData,
    clientDataJson: response.response.clientDataJSON,
  };
}

/**
 * A bid's signature (decision 039), checked by checkActSignature, as the row place_bids writes
 * with the bid (and its act in the chain carries); undefined for an unsigned bid that BID_SIGNING allows.
 */
export async function checkBidSignature(
  deps: AppDeps,
  viewer: Viewer,
  bid: BidAct & { signature?: SignatureProof },
  buyer: BidBuyer,
  bidId: string,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<BidSignatureRow | undefined> {
  const { signature, ...act } = bid;
  const verified = await checkActSignature(deps, viewer, { act: 'bid', bid: act, buyer }, signature, log);
  if (!verified) return undefined;
  const { kind: _kind, roundId: _roundId, userId: _userId, ...row } = verified;
  return { bidId, ...row };
}
