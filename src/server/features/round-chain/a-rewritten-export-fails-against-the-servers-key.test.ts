import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOf, playChainRound, seqOf } from '../../../../tests/setup/chain-round';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyJournal } from '../../../../tests/setup/verify-journal-cli';
import { toBase64url } from '../../../shared/chain-check/bytes';
import { GENESIS_HASH } from '../../../shared/record/round-act';
import { type SignedHead, signedHeadText } from '../../../shared/record/signed-head';
import type { ChainExport } from '../../../shared/schemas/responses/record';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import { parseChainKeys } from './chain-anchor';
import { sha256Hex } from './round-acts';

// Decision 057: the server signs every head it hands out with a key the database cannot forge, serves its
// public half at the well-known address, and `npm run verify-journal --key` holds an export to it: a
// rewritten chain, hashed anew, fails at the first act that differs; another server's key, a key that cannot
// be read, a cut-off file each get their own answer. Without a key or receipt it says what it cannot rule out.

const SLOW = 90_000;

let t: TestApp;
let round: Awaited<ReturnType<typeof playChainRound>>;
let asArne: ChainExport;
let jwks: { keys: { kid: string; x: string; kty: string; crv: string }[] };
const dir = mkdtempSync(join(tmpdir(), 'budrunde-chain-key-'));
const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
};

beforeAll(async () => {
  t = await createTestApp();
  round = await playChainRound(t);
  asArne = await exportOf(t, round.roundId, round.a.cookie);
  jwks = (await t.request({ method: 'GET', url: '/.well-known/budrunde-chain-key.json' })).json();
});
afterAll(() => t.close());

/** The export with Berit's amount lowered and every link hashed anew, the head's old signature kept. */
function rewritten(): ChainExport {
  const copy = structuredClone(asArne);
  const berits = copy.acts[seqOf(copy, 'bid', round.bidBId) - 1];
  if (!berits) throw new Error('no bid of Berit');
  berits.act.amount = 5_000_000;
  let prevHash = GENESIS_HASH;
  for (const link of copy.acts) {
    link.prevHash = prevHash;
    link.hash = sha256Hex(prevHash + canonicalJson(link.act as CanonicalValue));
    prevHash = link.hash;
  }
  const last = copy.acts.at(-1);
  if (copy.head && last) copy.head = { ...copy.head, seq: last.seq, hash: last.hash };
  return copy;
}

const holdsFor = (head: SignedHead) => {
  const [raw] = parseChainKeys(JSON.stringify(jwks)).values();
  if (!raw) throw new Error('no key served');
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: toBase64url(raw) }, format: 'jwk' });
  return verify(null, Buffer.from(signedHeadText(head)), key, Buffer.from(head.signature, 'base64url'));
};

describe('the chain’s anchor: the server’s key', () => {
  it('serves its public key as a JWK Set, and every head it hands out is signed by it', async () => {
    const res = await t.request({ method: 'GET', url: '/.well-known/budrunde-chain-key.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(jwks.keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.stringMatching(/^[\w-]{43}$/),
        kid: asArne.signingKey.kid,
        use: 'sig',
        alg: 'EdDSA',
      },
    ]);
    // The bid's answer, the export's head and the journal's head.
    expect(round.arnesSignedHead).toMatchObject({ ...round.arnesReceipt, kid: asArne.signingKey.kid });
    expect(holdsFor(round.arnesSignedHead)).toBe(true);
    expect(asArne.head && holdsFor(asArne.head.signedHead)).toBe(true);
    const journals = await t.request({
      method: 'GET',
      url: '/api/user/bid-journals',
      cookie: round.a.cookie,
    });
    const [journal] = journals.json() as { chainHead: { signedHead: SignedHead } }[];
    expect(journal && holdsFor(journal.chainHead.signedHead)).toBe(true);
    // A head altered by one digit no longer holds.
    expect(holdsFor({ ...round.arnesSignedHead, seq: round.arnesSignedHead.seq + 1 })).toBe(false);
  });

  it('the receipt mail carries the signed link, and at the round’s end everyone gets its last link signed', async () => {
    await t.runJobs();
    const last = asArne.acts.at(-1);
    for (const who of [round.owner, round.a, round.b]) {
      const texts = (await t.mails(who.email)).map((m) => m.text).join('\n');
      expect(texts, who.email).toContain(`Budrundens kjede sluttet ved handling nr. ${last?.seq}.`);
      expect(texts).toMatch(
        new RegExp(`Signert av Budrunde \\S+ med nøkkel ${asArne.signingKey.kid}: [\\w-]{86}`),
      );
      // Where to check it, without a programmer (decision 062); the command stays named beside it.
      expect(texts).toContain(`Kontroller budjournalen selv på ${t.deps.env.APP_URL}/kontroller-budjournal`);
      expect(texts).toContain('npm run verify-journal -- <eksport> --receipt');
    }
    // Each bidder's 'Se budjournalen' opens this round's journal.
    for (const who of [round.a, round.b])
      expect((await t.mails(who.email)).map((m) => m.text).join('\n')).toContain(
        `Se budjournalen: http://localhost:5000/?budjournal=${round.roundId}`,
      );
    const receipt = (await t.mails(round.a.email)).find((m) => m.subject.startsWith('Kvittering for bud'));
    expect(receipt?.text).toContain(
      `Budjournalens kjede: handling nr. ${round.arnesReceipt.seq}, hash ${round.arnesReceipt.hash}`,
    );
    expect(receipt?.text).toContain(`med nøkkel ${asArne.signingKey.kid}`);
    expect(receipt?.text).toContain(`${t.deps.env.APP_URL}/kontroller-budjournal`);
  });

  it('verify-journal: without a key it says what it cannot rule out; with the key a rewrite fails where it begins', {
    timeout: SLOW,
  }, async () => {
    const whole = file('hel.json', asArne);
    const keyFile = file('nokkel.json', jwks);
    const forged = file('omskrevet.json', rewritten());
    const otherServer = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' });
    const [bare, keyed, forgedBare, forgedKeyed, forgedReceipt, stranger, garbage] = await Promise.all([
      verifyJournal(whole),
      verifyJournal(whole, '--key', keyFile),
      verifyJournal(forged),
      verifyJournal(forged, '--key', keyFile),
      // The last link, as every participant's mail at the round's end gave it.
      verifyJournal(forged, '--receipt', `${asArne.head?.seq}:${asArne.head?.hash}`),
      verifyJournal(whole, '--key', file('annen-server.json', { keys: [otherServer] })),
      verifyJournal(
        whole,
        '--key',
        file('tull.pem', '-----BEGIN PUBLIC KEY-----\ntull\n-----END PUBLIC KEY-----'),
      ),
    ]);
    const unanchored = 'Kjeden henger sammen, men uten nøkkel eller kvittering kan ikke omskriving utelukkes';
    expect(bare.code, bare.stderr).toBe(0);
    expect(bare.stdout).toContain(unanchored);
    expect(keyed.code, keyed.stderr).toBe(0);
    expect(keyed.stdout).toContain(
      `Serverens signaturer: ${asArne.acts.length} av ${asArne.acts.length} lenker`,
    );
    expect(keyed.stdout).toContain(`Kjedehodet er signert av Budrunde ${asArne.head?.signedHead.at}`);
    expect(keyed.stdout).toContain('Kjeden er hel.');
    // The rewrite hangs together: only an anchor tells it from the real chain.
    expect(forgedBare.code).toBe(0);
    expect(forgedBare.stdout).toContain(unanchored);
    expect(forgedKeyed.code).toBe(1);
    expect(forgedKeyed.stdout).toContain(
      `Kjeden er brutt ved handling nr. ${seqOf(asArne, 'bid', round.bidBId)}: Lenken er ikke den Budrunde signerte`,
    );
    expect(forgedReceipt.code).toBe(1);
    expect(forgedReceipt.stdout).toContain(`Kjeden er brutt ved handling nr. ${asArne.head?.seq}`);
    expect(stranger.code).toBe(1);
    expect(stranger.stdout).toContain(
      `Nøkkelen passer ikke: eksporten er signert med nøkkel ${asArne.signingKey.kid}`,
    );
    expect(garbage.code).toBe(2);
    expect(garbage.stderr).toContain('kan ikke brukes: PEM-teksten er ikke en offentlig nøkkel');
  });

  it('verify-journal fetches the key from the server’s address, and a cut-off or forged file never crashes it', {
    timeout: SLOW,
  }, async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const text = JSON.stringify(asArne);
    const shorter = structuredClone(asArne);
    shorter.acts.pop();
    const kept = shorter.acts.at(-1);
    if (shorter.head && kept) shorter.head = { ...shorter.head, seq: kept.seq, hash: kept.hash };
    const [fetched, cutText, cutChain, notAChain, badHead, unreachable] = await Promise.all([
      verifyJournal(file('hel.json', asArne), '--key', `${address}/.well-known/budrunde-chain-key.json`),
      verifyJournal(file('avkuttet.json', text.slice(0, text.length / 2))),
      verifyJournal(file('kortere.json', shorter), '--key', file('nokkel.json', jwks)),
      verifyJournal(file('ikke-kjede.json', { acts: [1, 2], relyingParty: 5 })),
      verifyJournal(
        file('rart-hode.json', { ...asArne, head: 'x', signingKey: 7 }),
        '--key',
        file('nokkel.json', jwks),
      ),
      verifyJournal(file('hel.json', asArne), '--key', 'http://127.0.0.1:1/nokkel.json'),
    ]);
    expect(fetched.code, fetched.stderr).toBe(0);
    expect(fetched.stdout).toContain('Kjeden er hel.');
    expect(cutText.code).toBe(2);
    expect(cutText.stderr).toContain('er ikke gyldig JSON');
    expect(cutChain.code).toBe(1);
    expect(cutChain.stdout).toContain(
      `Kjeden er brutt ved handling nr. ${kept?.seq}: Det signerte kjedehodet er ikke kjedens hode`,
    );
    expect(notAChain.code).toBe(2);
    expect(badHead.code).toBe(1);
    expect(badHead.stdout).toContain('Eksporten er ikke signert av serveren');
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain('Kan ikke hente nøkkelen fra http://127.0.0.1:1/nokkel.json');
    for (const run of [cutText, cutChain, notAChain, badHead, unreachable])
      expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
