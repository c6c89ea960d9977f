import type { ChainExport } from '../../../shared/schemas/responses/record';
import type { AppDeps } from '../../deps';
import { Forbidden, NotFound } from '../../errors';
import type { Viewer } from '../../http/viewer';
import { relyingParty } from '../passkeys/relying-party';
import { chainKeyUrl } from './chain-key.routes';
import { findChain, findNames, findReaderRole, roundOrChainExists } from './round-chain.repository';
import { signedLink } from './round-chain.service';

/**
 * Maps every row, yielding to the event loop every few hundred: an export signs each link (decision 057), about
 * 40 µs each, and a round of 14 000 bids would otherwise hold the process for half a second.
 */
async function eachInTurn<T, R>(rows: T[], map: (row: T) => R): Promise<R[]> {
  const out: R[] = [];
  for (const [i, row] of rows.entries()) {
    if (i > 0 && i % 256 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    out.push(map(row));
  }
  return out;
}

const ROUND_NOT_FOUND = 'Budrunden ble ikke funnet';
const NOT_A_PARTICIPANT = 'Bare selgeren, budgiverne og administratorer kan hente kjeden for denne budrunden';

/**
 * The round's chain for one reader (decision 040): every act exactly as hashed, for every
 * participant, and the salts and committed words only where the reader may see them: the owner and admins
 * all of them, a bidder those of the acts about them. With the export a reader checks the links, the
 * signatures and their own commitments offline (npm run verify-journal). The head and every link carry the
 * server's signature (decision 057), so that a link rewritten in the file, its hashes recomputed, fails.
 */
export async function exportChain(deps: AppDeps, viewer: Viewer, roundId: string): Promise<ChainExport> {
  if (!(await roundOrChainExists(deps.db, roundId))) throw new NotFound(ROUND_NOT_FOUND);
  const role = viewer.isAdmin ? 'admin' : await findReaderRole(deps.db, roundId, viewer.id);
  if (!role) throw new Forbidden(NOT_A_PARTICIPANT);
  const seesAll = role === 'admin' || role === 'owner';
  const rows = await findChain(deps.db, roundId);
  const names = seesAll
    ? await findNames(deps.db, [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))])
    : new Map<string, string>();
  const { id, origin } = relyingParty(deps.env);
  const last = rows.at(-1);
  const key = deps.chainKey;
  return {
    format: 'budrunde-kjede/1',
    roundId,
    exportedAt: new Date(deps.clock.now()).toISOString(),
    reader: { userId: viewer.id, role },
    relyingParty: { id, origin },
    signingKey: { kid: key.kid, fingerprint: key.fingerprint, jwksUrl: chainKeyUrl(deps.env) },
    head: last ? signedLink(deps, last) : null,
    acts: await eachInTurn(rows, (row) => {
      const link = {
        seq: row.seq,
        prevHash: row.prevHash,
        hash: row.hash,
        serverSignature: key.signLink(row),
        act: JSON.parse(row.act),
      };
      const mayRead = row.secret !== null && (seesAll || (row.userId !== null && row.userId === viewer.id));
      if (!mayRead) return link;
      const secret = row.secret as { salt: string } & Record<string, unknown>;
      return {
        ...link,
        secret: {
          ...secret,
          userId: row.userId,
          name: row.userId ? (names.get(row.userId) ?? (row.userId === viewer.id ? 'Du' : null)) : null,
        },
      };
    }),
  };
}
