import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { asc, isNotNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import {
  type ChainPublicJwk,
  type SignedHead,
  signedHeadText,
  signedLinkText,
} from '../../shared/record/signed-head';
import { chainSigningKeys } from '../db/chain-key-schema';
import type { Db } from '../db/client';
import { parseEd25519PrivateKey } from './ed25519-key-text';

/** The key that signs every chain head the server hands out (decision 057). */
export interface ChainKey {
  kid: string;
  /** SHA-256 of the raw public key, hex in groups of four: what the PDF prints to compare by eye. */
  fingerprint: string;
  /** Where the private key lives: the environment (CHAIN_SIGNING_KEY) or this database. */
  source: 'environment' | 'database';
  /** The link as the chain's head at `at`. */
  signHead(link: { seq: number; hash: string }, at: Date): SignedHead;
  /** The link as link nr. seq of its chain, for an export: base64url. */
  signLink(link: { seq: number; hash: string }): string;
  /** Every key that ever signed here, the current first: the JWK Set served at the well-known address. */
  publicKeys(): Promise<ChainPublicJwk[]>;
}

/** Link signatures kept in memory, some 30 MB at most: the exports of a few storm rounds. */
const LINK_SIGNATURES_KEPT = 100_000;

export const KEPT_IN_DATABASE_WARNING =
  'CHAIN_SIGNING_KEY er ikke satt: kjedenøkkelen er laget av serveren og ligger i databasen. Den hindrer ' +
  'bare endringer gjort uten tilgang til den; sett CHAIN_SIGNING_KEY i produksjon.';

const publicX = (key: KeyObject): string => {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  if (typeof jwk.x !== 'string') throw new Error('not an Ed25519 key');
  return jwk.x;
};

/** RFC 7638: SHA-256 over the required members in lexical order, base64url. */
export const thumbprint = (x: string): string =>
  createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');

export const fingerprintOf = (x: string): string =>
  createHash('sha256')
    .update(Buffer.from(x, 'base64url'))
    .digest('hex')
    .replace(/(.{4})(?=.)/g, '$1 ');

const toJwk = (row: { kid: string; x: string }): ChainPublicJwk => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x: row.x,
  kid: row.kid,
  use: 'sig',
  alg: 'EdDSA',
});

/** The generated key, made once: processes starting at once race on the one-generated index, and all read the winner. */
async function generatedKey(db: Db): Promise<KeyObject> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const x = publicX(privateKey);
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  await db
    .insert(chainSigningKeys)
    .values({ kid: thumbprint(x), x, privateKey: pem })
    .onConflictDoNothing();
  const [row] = await db
    .select({ privateKey: chainSigningKeys.privateKey })
    .from(chainSigningKeys)
    .where(isNotNull(chainSigningKeys.privateKey));
  const kept = row?.privateKey && parseEd25519PrivateKey(row.privateKey);
  if (!kept) throw new Error('the generated chain signing key could not be read back');
  return kept;
}

/**
 * The signing key: CHAIN_SIGNING_KEY when set (its public half is recorded, so it stays listed after a
 * rotation), else the one this database keeps, made on first start, with a warning.
 */
export async function loadChainKey(db: Db, configured: string | undefined, log?: Logger): Promise<ChainKey> {
  const given = configured ? parseEd25519PrivateKey(configured) : null;
  if (configured && !given) throw new Error('CHAIN_SIGNING_KEY is not an Ed25519 private key');
  const privateKey = given ?? (await generatedKey(db));
  const key = chainKeyOf(db, privateKey, given ? 'environment' : 'database');
  if (given)
    await db
      .insert(chainSigningKeys)
      .values({ kid: key.kid, x: publicX(privateKey) })
      .onConflictDoNothing();
  else log?.warn(KEPT_IN_DATABASE_WARNING);
  return key;
}

/** The signer of a private key, touching the database only to list the keys. */
export function chainKeyOf(db: Db, privateKey: KeyObject, source: ChainKey['source']): ChainKey {
  const x = publicX(privateKey);
  const kid = thumbprint(x);
  const signText = (text: string) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64url');
  // By the link's hash, which fixes its seq too (the hash covers every act before it).
  const linkSignatures = new Map<string, string>();
  return {
    kid,
    fingerprint: fingerprintOf(x),
    source,
    signHead: (link, at) => {
      const head = { seq: link.seq, hash: link.hash, at: at.toISOString() };
      return { ...head, kid, signature: signText(signedHeadText(head)) };
    },
    signLink: (link) => {
      // Ed25519 is deterministic: a link signed once is the same signature every export after.
      const known = linkSignatures.get(link.hash);
      if (known) return known;
      const signature = signText(signedLinkText(link));
      if (linkSignatures.size >= LINK_SIGNATURES_KEPT) linkSignatures.clear();
      linkSignatures.set(link.hash, signature);
      return signature;
    },
    publicKeys: async () => {
      const rows = await db
        .select({ kid: chainSigningKeys.kid, x: chainSigningKeys.x })
        .from(chainSigningKeys)
        .orderBy(sql`${chainSigningKeys.kid} = ${kid} desc`, asc(chainSigningKeys.createdAt));
      return rows.map(toJwk);
    },
  };
}
