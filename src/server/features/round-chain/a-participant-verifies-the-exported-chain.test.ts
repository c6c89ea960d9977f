import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportOf, playChainRound, seqOf } from '../../../../tests/setup/chain-round';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { verifyJournal } from '../../../../tests/setup/verify-journal-cli';
import { verifyChainExport } from '../../../shared/chain-check/verify-chain';
import { GENESIS_HASH } from '../../../shared/record/round-act';
import type { ChainExport } from '../../../shared/schemas/responses/record';
import { type CanonicalValue, canonicalJson } from '../../../shared/signing/canonical-json';
import { sha256Hex } from './round-acts';

// Decision 040: a participant exports the round's chain, verifies it (links, the signed
// bid's signature, their own commitments and receipts), changes one byte and sees it fail at that act; the
// same with `npm run verify-journal` on a file, by its exit code and its report.

// Each run starts tsx: seconds, more while other test files run alongside.
const SLOW = 60_000;

let t: TestApp;
let round: Awaited<ReturnType<typeof playChainRound>>;
let asOwner: ChainExport;
let asArne: ChainExport;
const dir = mkdtempSync(join(tmpdir(), 'budrunde-verify-journal-'));

beforeAll(async () => {
  t = await createTestApp();
  round = await playChainRound(t);
  asOwner = await exportOf(t, round.roundId, round.owner.cookie);
  asArne = await exportOf(t, round.roundId, round.a.cookie);
});
afterAll(() => t.close());

/** A copy of the export with one character of act `seq`'s JSON changed by `change`. */
function tampered(exported: ChainExport, change: (copy: ChainExport) => void): ChainExport {
  const copy = structuredClone(exported);
  change(copy);
  return copy;
}
const link = (exported: ChainExport, seq: number) => {
  const found = exported.acts[seq - 1];
  if (!found) throw new Error(`no act ${seq}`);
  return found;
};
/** The last digit of a number, changed: one byte of its JSON. */
const oneDigitOff = (n: unknown) => Number(String(n).replace(/.$/, (d) => (d === '1' ? '2' : '1')));
/** One hex character of a hash, changed. */
const oneCharOff = (hash: string, at = 10) =>
  hash.slice(0, at) + (hash[at] === 'a' ? 'b' : 'a') + hash.slice(at + 1);

/**
 * Every link hashed again, as a forger who rewrites the whole chain would: only signatures, receipts and the
 * server's key remain. The forger cannot sign, so the head keeps the server's old signature.
 */
function rehashed(exported: ChainExport): ChainExport {
  let prevHash = GENESIS_HASH;
  for (const l of exported.acts) {
    l.prevHash = prevHash;
    l.hash = sha256Hex(prevHash + canonicalJson(l.act as CanonicalValue));
    prevHash = l.hash;
  }
  const last = exported.acts.at(-1);
  exported.head = last && exported.head ? { ...exported.head, seq: last.seq, hash: last.hash } : null;
  return exported;
}

describe('a participant verifies the exported chain', () => {
  it('the owner’s export holds: every link, the signed bid’s signature and every commitment', async () => {
    const result = await verifyChainExport(asOwner);
    expect(result).toMatchObject({
      ok: true,
      length: asOwner.acts.length,
      head: { seq: asOwner.head?.seq, hash: asOwner.head?.hash },
    });
    expect(result.brokenAt).toBeUndefined();
    expect(asOwner.acts.map((l) => l.act.kind).slice(0, 6)).toEqual([
      'opened',
      'bid',
      'bid',
      'rejection',
      'counter-offer',
      'counter-offer-accepted',
    ]);
    expect(result.checked).toEqual({
      links: asOwner.acts.length,
      signatures: 1,
      sealed: 0,
      commitments: asOwner.acts.filter((l) => l.secret).length,
      receipts: 0,
      serverSignatures: 0,
    });
    expect(result.checked.commitments).toBeGreaterThanOrEqual(5);
  });

  it('a bidder’s export holds, with their own acts found and their receipt in the chain', async () => {
    const result = await verifyChainExport(asArne, { receipts: [round.arnesReceipt] });
    expect(result).toMatchObject({
      ok: true,
      length: asArne.acts.length,
      head: { seq: asArne.head?.seq, hash: asArne.head?.hash },
    });
    const arnesBid = seqOf(asArne, 'bid', round.arnesBidId);
    expect(round.arnesReceipt.seq).toBe(arnesBid);
    expect(result.own).toEqual([arnesBid, seqOf(asArne, 'rejection')]);
    expect(result.checked).toMatchObject({ signatures: 1, commitments: 2, receipts: 1 });
    // Berit's acts are in Arne's copy, linked, but without their secrets: a commitment, not a name.
    const berits = link(asArne, seqOf(asArne, 'bid', round.bidBId));
    expect(berits.secret).toBeUndefined();
    expect(berits.act).toMatchObject({ party: 'Budgiver B', amount: 5_250_000 });
    expect(JSON.stringify(asArne)).not.toContain('Berit');
  });

  it('one changed digit of an amount breaks the chain at exactly that act', async () => {
    for (const seq of [seqOf(asOwner, 'bid', round.bidBId), seqOf(asOwner, 'counter-offer')]) {
      const copy = tampered(asOwner, (c) => {
        link(c, seq).act.amount = oneDigitOff(link(c, seq).act.amount);
      });
      expect(await verifyChainExport(copy)).toMatchObject({
        ok: false,
        brokenAt: seq,
        reason: 'Hashen stemmer ikke med handlingen',
        failed: 'links',
      });
    }
  });

  it('one changed character of a hash, a signature or a committed word breaks it there too', async () => {
    const signedSeq = seqOf(asArne, 'bid', round.arnesBidId);
    const cases: [number, (c: ChainExport) => void][] = [
      [3, (c) => Object.assign(link(c, 3), { hash: oneCharOff(link(c, 3).hash) })],
      [4, (c) => Object.assign(link(c, 4), { prevHash: oneCharOff(link(c, 4).prevHash) })],
      [
        signedSeq,
        (c) => {
          // The signature's bytes, one changed in the parts beside the act: they no longer hash to its seal.
          const signature = link(c, signedSeq).secret?.signature as { signature: string };
          signature.signature = oneCharOff(signature.signature, 20);
        },
      ],
      [signedSeq, (c) => Object.assign(link(c, signedSeq).secret ?? {}, { statement: 'Jeg byr 1 kr.' })],
      [
        seqOf(asArne, 'rejection'),
        (c) => Object.assign(link(c, 4).secret ?? {}, { message: 'Hyggelig bud!' }),
      ],
    ];
    for (const [seq, change] of cases)
      expect(await verifyChainExport(tampered(asArne, change))).toMatchObject({ ok: false, brokenAt: seq });
  });

  it('a chain rewritten and hashed anew still fails: at the signed bid, and at the receipt', async () => {
    const signedSeq = seqOf(asArne, 'bid', round.arnesBidId);
    const lower = rehashed(
      tampered(asArne, (c) => {
        link(c, signedSeq).act.amount = 4_000_000;
      }),
    );
    expect(await verifyChainExport(lower)).toMatchObject({
      ok: false,
      brokenAt: signedSeq,
      reason: 'Beløpet i handlingen (4000000) er ikke det som ble signert (4100000)',
      failed: 'signatures',
    });
    // Forged parts sealed anew with the act's salt (Arne's own act, so his to read): the seal then holds
    // and the passkey's signature does not.
    const forgedSignature = rehashed(
      tampered(asArne, (c) => {
        const forged = link(c, signedSeq);
        const parts = forged.secret?.signature as Record<string, string>;
        parts.signature = oneCharOff(String(parts.signature), 20);
        forged.act.signature = { sealed: sha256Hex(`${forged.secret?.salt}${canonicalJson(parts)}`) };
      }),
    );
    expect(await verifyChainExport(forgedSignature)).toMatchObject({ ok: false, brokenAt: signedSeq });
    // Berit's amount has no signature to hold it; Arne's receipt for his bid, after it, does.
    const beritsSeq = seqOf(asArne, 'bid', round.bidBId);
    const beritLower = rehashed(
      tampered(asArne, (c) => {
        link(c, beritsSeq).act.amount = 5_000_000;
      }),
    );
    expect(await verifyChainExport(beritLower)).toMatchObject({ ok: true });
    const receipt = { seq: 4, hash: link(asArne, 4).hash };
    expect(await verifyChainExport(beritLower, { receipts: [receipt] })).toMatchObject({
      ok: false,
      brokenAt: 4,
    });
  });

  it('a receipt that is not a link of the chain fails at its seq; a head that is not the last link fails', async () => {
    const forged = { seq: 3, hash: oneCharOff(link(asArne, 3).hash) };
    expect(await verifyChainExport(asArne, { receipts: [forged] })).toMatchObject({ ok: false, brokenAt: 3 });
    const beyond = { seq: 99, hash: link(asArne, 3).hash };
    expect(await verifyChainExport(asArne, { receipts: [beyond] })).toMatchObject({
      ok: false,
      brokenAt: 99,
    });
    const cut = tampered(asArne, (c) => {
      c.acts.pop();
    });
    expect(await verifyChainExport(cut)).toMatchObject({ ok: false, brokenAt: cut.acts.length });
  });

  it('npm run verify-journal: 0 and a report for a whole chain, 1 and the act for a broken one, 2 for no file', {
    timeout: SLOW,
  }, async () => {
    const whole = join(dir, 'budkjede.json');
    writeFileSync(whole, JSON.stringify(asArne, null, 2));
    const receipt = `${round.arnesReceipt.seq}:${round.arnesReceipt.hash}`;
    const ok = await verifyJournal(whole, '--receipt', receipt);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Kjeden er hel.');
    expect(ok.stdout).toContain(`Kjedens lengde: ${asArne.acts.length}`);
    expect(ok.stdout).toContain(`Kjedehode: nr. ${asArne.head?.seq}, ${asArne.head?.hash}`);
    expect(ok.stdout).toContain('Kvitteringer: 1 av 1 finnes i kjeden');
    expect(ok.stdout).toContain('Dine egne handlinger: 2');

    // One byte of the file: the last digit of Berit's amount in her bid's act.
    const seq = seqOf(asArne, 'bid', round.bidBId);
    const text = JSON.stringify(asArne);
    const at = text.indexOf('"amount":5250000');
    const broken = join(dir, 'brutt.json');
    writeFileSync(broken, `${text.slice(0, at)}"amount":5250001${text.slice(at + 16)}`);
    const bad = await verifyJournal(broken);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      `Kjeden er brutt ved handling nr. ${seq}: Hashen stemmer ikke med handlingen`,
    );

    const missing = await verifyJournal(join(dir, 'finnes-ikke.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Kan ikke lese');
    writeFileSync(join(dir, 'tull.json'), '{"acts": 1');
    expect((await verifyJournal(join(dir, 'tull.json'))).code).toBe(2);
    expect((await verifyJournal(whole, '--receipt', 'sju')).code).toBe(2);
  });
});
