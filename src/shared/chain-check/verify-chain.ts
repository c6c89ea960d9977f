import { type ChainLink, GENESIS_HASH } from '../record/round-act';
import type { SignedHead } from '../record/signed-head';
import { type CanonicalValue, canonicalJson } from '../signing/canonical-json';
import { sha256Hex } from './bytes';
import { type ChainKeys, linkSignatureHolds, signedHeadProblem } from './chain-anchor';
import { challengeOf, checkChainSignature, type RelyingParty } from './chain-signature';
import { commitmentProblem } from './commitments';

// The check of a round's chain (decision 040), from its export alone: what
// `npm run verify-journal` runs offline, what the page /kontroller-budjournal runs in the browser (decision
// 062) and what the admin's journal/verify runs on the stored chain. No database: everything it needs is in
// the export, and a participant need trust nothing of ours but the hashes and signatures they can recompute.

/** One link as the export writes it; typed loosely, since a file from anywhere may hold anything. */
export interface ExportedLink {
  seq: number;
  prevHash: string;
  hash: string;
  /** The server's signature of this link (decision 057), checked only against a key the reader gives. */
  serverSignature?: unknown;
  act: Record<string, unknown>;
  secret?: {
    salt: string;
    userId?: string | null;
    terms?: unknown;
    statement?: string;
    signedAct?: string;
    signature?: unknown;
    message?: string;
    /** The digests of the round's journals (decision 058). */
    journals?: unknown;
  };
}

export interface ExportedChain {
  roundId?: string;
  reader?: { userId?: string };
  relyingParty: RelyingParty;
  /** The key the export says it is signed with (decision 057): a claim, until a key the reader gives holds it. */
  signingKey?: { kid?: unknown; jwksUrl?: unknown };
  head: (ChainLink & { signedHead?: Partial<SignedHead> }) | null;
  acts: ExportedLink[];
}

export interface ChainVerification {
  ok: boolean;
  length: number;
  head: ChainLink | null;
  /** The seq of the first act (or receipt) that does not hold. */
  brokenAt?: number;
  /** Why, in Norwegian, for the report. */
  reason?: string;
  /** Which check failed there. */
  failed?: ChainCheck;
  /**
   * How many of each were checked and held. `sealed`: signatures this reader sees only as present, sealed in
   * acts about others (decision 055), whose parts are not theirs to read.
   */
  checked: {
    links: number;
    signatures: number;
    sealed: number;
    commitments: number;
    receipts: number;
    /** Links whose server signature held for the key given (decision 057). */
    serverSignatures: number;
  };
  /** The seqs of the reader's own acts (their user id behind the commitment). */
  own: number[];
  /**
   * Whether a key or a receipt anchored the check (decision 057). Without one, a chain rewritten and hashed
   * anew cannot be told from the real one: the links only hang together.
   */
  anchored: boolean;
  /** When the server signed the head, if a key given held its signature. */
  headSignedAt?: string;
}

/** Which check failed: a link (numbering, prevHash, hash, the round), a signature, a commitment, the head or a receipt. */
export type ChainCheck =
  | 'links'
  | 'signatures'
  | 'commitments'
  | 'head'
  | 'receipts'
  | 'key'
  | 'server-signatures';

interface Broken {
  seq: number;
  reason: string;
  check: ChainCheck;
}

/** What the signed act (canonical JSON, decision 039) says must be what the chain's act says. */
function signedActProblem(act: Record<string, unknown>, signedAct: string): string | null {
  let signed: Record<string, unknown>;
  try {
    signed = JSON.parse(signedAct);
  } catch {
    return 'Det signerte budet kan ikke leses';
  }
  if ('amount' in signed && 'amount' in act && signed.amount !== act.amount)
    return `Beløpet i handlingen (${act.amount}) er ikke det som ble signert (${signed.amount})`;
  if (typeof signed.bidRoundId === 'string' && signed.bidRoundId !== act.roundId)
    return 'Signaturen gjelder en annen budrunde';
  if (
    typeof signed.bidDeadline === 'string' &&
    typeof act.bidDeadline === 'string' &&
    Date.parse(signed.bidDeadline) !== Date.parse(act.bidDeadline)
  )
    return 'Akseptfristen i handlingen er ikke den som ble signert';
  return null;
}

/**
 * Whether the act's signature holds: 'sealed' when it is sealed (decision 055) and this reader does not hold
 * its parts; null when it holds; else why not. A sealed signature's parts must hash, with the act's salt, to
 * its seal; an older act carries its parts in the open.
 */
async function signatureProblem(link: ExportedLink, rp: RelyingParty): Promise<string | null | 'sealed'> {
  const inAct = link.act.signature as Record<string, unknown>;
  let signature: Record<string, unknown> = inAct;
  if (typeof inAct.sealed === 'string') {
    const parts = link.secret?.signature;
    if (!link.secret || parts === undefined) return 'sealed';
    let text: string;
    try {
      text = canonicalJson(parts as CanonicalValue);
    } catch {
      return 'Signaturens deler kan ikke skrives som kanonisk JSON';
    }
    if (inAct.sealed !== sha256Hex(link.secret.salt + text))
      return 'Signaturens deler stemmer ikke med forseglingen i handlingen';
    signature = parts as Record<string, unknown>;
  }
  const check = await checkChainSignature(signature, rp);
  if (!check.ok) return check.reason;
  const signedAct = link.secret?.signedAct;
  if (typeof signedAct !== 'string') return null;
  if (typeof signature.nonce !== 'string' || check.challenge !== challengeOf(signedAct, signature.nonce))
    return 'Signaturen gjelder ikke det signerte budet (utfordringen stemmer ikke)';
  return signedActProblem(link.act, signedAct);
}

/** The hash the link must have: SHA-256(prevHash ‖ canonical JSON of the act), or why it cannot be formed. */
function linkProblem(link: ExportedLink, index: number, prevHash: string, roundId?: string): string | null {
  if (link.seq !== index + 1)
    return `Handlingene er ikke nummerert uten hull: ventet nr. ${index + 1}, fant ${String(link.seq)}`;
  if (link.prevHash !== prevHash) return 'Lenken peker ikke på forrige handlings hash';
  if (typeof link.act !== 'object' || link.act === null) return 'Handlingen mangler';
  if (roundId !== undefined && link.act.roundId !== roundId) return 'Handlingen gjelder en annen budrunde';
  let text: string;
  try {
    text = canonicalJson(link.act as CanonicalValue);
  } catch {
    return 'Handlingen kan ikke skrives som kanonisk JSON (bare hele tall er lov)';
  }
  return link.hash === sha256Hex(prevHash + text) ? null : 'Hashen stemmer ikke med handlingen';
}

const LINK_NOT_SIGNED =
  'Lenken er ikke den Budrunde signerte: handlingen er endret, og hashene regnet ut på nytt';

function headProblem(exported: ExportedChain): Broken | null {
  const last = exported.acts.at(-1);
  const head = exported.head;
  if (!last) return head ? { seq: head.seq, reason: 'Kjedehodet finnes ikke i kjeden', check: 'head' } : null;
  if (!head || head.seq !== last.seq || head.hash !== last.hash)
    return { seq: last.seq, reason: 'Kjedehodet er ikke kjedens siste lenke', check: 'head' };
  return null;
}

/** The key the export's links are signed with, among those given, or why none is (decision 057). */
function signingKeyOf(exported: ExportedChain, keys: ChainKeys): Uint8Array | string {
  const kid = exported.signingKey?.kid;
  if (typeof kid !== 'string') return 'Eksporten er ikke signert av serveren (den mangler signingKey)';
  const key = keys.get(kid);
  if (key) return key;
  const from = typeof exported.signingKey?.jwksUrl === 'string' ? ` (${exported.signingKey.jwksUrl})` : '';
  return (
    `Nøkkelen passer ikke: eksporten er signert med nøkkel ${kid}${from}, du ga ${[...keys.keys()].join(', ')}. ` +
    'Eksporten er fra en annen server, eller nøkkelen er feil.'
  );
}

/** With a key: the head's signature, and that it signs this head. */
function signedHeadBroken(exported: ExportedChain, keys: ChainKeys): Broken | null {
  const head = exported.head;
  if (!head) return null;
  const why = signedHeadProblem(head.signedHead, keys);
  if (why) return { seq: head.seq, reason: why, check: 'head' };
  if (head.signedHead?.seq !== head.seq || head.signedHead.hash !== head.hash)
    return { seq: head.seq, reason: 'Det signerte kjedehodet er ikke kjedens hode', check: 'head' };
  return null;
}

/**
 * Checks the chain in seq order: numbering without gaps, each link's prevHash and hash, with a key the
 * server's signature of each link, every signature, and every commitment the reader holds the secret of;
 * then the head (and its signature), and that each receipt given is a link of the chain. The first act that
 * fails is `brokenAt`; a key that is not the export's fails the check without one.
 */
export async function verifyChainExport(
  exported: ExportedChain,
  opts: { receipts?: ChainLink[]; keys?: ChainKeys } = {},
): Promise<ChainVerification> {
  const checked = { links: 0, signatures: 0, sealed: 0, commitments: 0, receipts: 0, serverSignatures: 0 };
  const readerId = exported.reader?.userId;
  const own: number[] = [];
  const signingKey = opts.keys ? signingKeyOf(exported, opts.keys) : null;
  const key = typeof signingKey === 'string' ? null : signingKey;
  let broken: Broken | null = null;
  let prevHash = GENESIS_HASH;
  for (const [index, link] of exported.acts.entries()) {
    const seq = index + 1;
    const problem = linkProblem(link, index, prevHash, exported.roundId);
    if (problem) {
      broken = { seq, reason: problem, check: 'links' };
      break;
    }
    checked.links += 1;
    if (key) {
      if (!linkSignatureHolds(link, link.serverSignature, key)) {
        broken = { seq, reason: LINK_NOT_SIGNED, check: 'server-signatures' };
        break;
      }
      checked.serverSignatures += 1;
    }
    if (link.act.signature) {
      const why = await signatureProblem(link, exported.relyingParty);
      if (why === 'sealed') checked.sealed += 1;
      else if (why) {
        broken = { seq, reason: why, check: 'signatures' };
        break;
      } else checked.signatures += 1;
    }
    if (link.secret) {
      const why = commitmentProblem(link);
      if (why) {
        broken = { seq, reason: why, check: 'commitments' };
        break;
      }
      checked.commitments += 1;
      if (readerId && link.secret.userId === readerId) own.push(seq);
    }
    prevHash = link.hash;
  }
  broken ??= headProblem(exported);
  if (key) broken ??= opts.keys ? signedHeadBroken(exported, opts.keys) : null;
  for (const receipt of opts.receipts ?? []) {
    const link = exported.acts[receipt.seq - 1];
    if (link?.seq === receipt.seq && link.hash === receipt.hash) {
      checked.receipts += 1;
      continue;
    }
    const reason = link
      ? `Kvitteringen for handling nr. ${receipt.seq} har en annen hash enn kjeden`
      : `Kvitteringen for handling nr. ${receipt.seq} finnes ikke i kjeden`;
    if (!broken || receipt.seq < broken.seq) broken = { seq: receipt.seq, reason, check: 'receipts' };
  }
  const last = exported.acts.at(-1);
  const result: ChainVerification = {
    ok: broken === null && typeof signingKey !== 'string',
    length: exported.acts.length,
    head: last ? { seq: last.seq, hash: last.hash } : null,
    checked,
    own,
    anchored: key !== null || checked.receipts > 0,
    ...(key && !broken && exported.head?.signedHead?.at ? { headSignedAt: exported.head.signedHead.at } : {}),
  };
  // A key that is not the export's says so first: the file's other faults are then beside the point.
  if (typeof signingKey === 'string') return { ...result, reason: signingKey, failed: 'key' };
  return broken ? { ...result, brokenAt: broken.seq, reason: broken.reason, failed: broken.check } : result;
}
